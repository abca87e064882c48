"""Binds features/celestia/journey.feature."""

from pytest_bdd import scenarios

scenarios("celestia/journey.feature")
