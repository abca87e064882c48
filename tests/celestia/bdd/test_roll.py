"""Binds features/celestia/roll.feature."""

from pytest_bdd import scenarios

scenarios("celestia/roll.feature")
