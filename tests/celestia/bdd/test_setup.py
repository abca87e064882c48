"""Binds features/celestia/setup.feature."""

from pytest_bdd import scenarios

scenarios("celestia/setup.feature")
