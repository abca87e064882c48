"""Binds features/celestia/observation.feature."""

from pytest_bdd import scenarios

scenarios("celestia/observation.feature")
