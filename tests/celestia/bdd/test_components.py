"""Binds features/celestia/components.feature."""

from pytest_bdd import scenarios

scenarios("celestia/components.feature")
