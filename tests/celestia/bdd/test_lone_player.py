"""Binds features/celestia/lone-player.feature."""

from pytest_bdd import scenarios

scenarios("celestia/lone-player.feature")
