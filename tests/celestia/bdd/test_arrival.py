"""Binds features/celestia/arrival.feature."""

from pytest_bdd import scenarios

scenarios("celestia/arrival.feature")
