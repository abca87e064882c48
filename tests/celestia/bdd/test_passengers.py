"""Binds features/celestia/passengers.feature."""

from pytest_bdd import scenarios

scenarios("celestia/passengers.feature")
