"""Binds features/celestia/equipment.feature."""

from pytest_bdd import scenarios

scenarios("celestia/equipment.feature")
