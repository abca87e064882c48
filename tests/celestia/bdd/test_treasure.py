"""Binds features/celestia/treasure.feature."""

from pytest_bdd import scenarios

scenarios("celestia/treasure.feature")
