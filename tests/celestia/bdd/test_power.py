"""Binds features/celestia/power.feature."""

from pytest_bdd import scenarios

scenarios("celestia/power.feature")
