"""Binds features/celestia/turn.feature."""

from pytest_bdd import scenarios

scenarios("celestia/turn.feature")
