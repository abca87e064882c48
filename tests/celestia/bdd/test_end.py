"""Binds features/celestia/end.feature."""

from pytest_bdd import scenarios

scenarios("celestia/end.feature")
