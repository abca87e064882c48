"""Binds features/celestia/captain.feature."""

from pytest_bdd import scenarios

scenarios("celestia/captain.feature")
