"""Binds features/celestia/crash.feature."""

from pytest_bdd import scenarios

scenarios("celestia/crash.feature")
