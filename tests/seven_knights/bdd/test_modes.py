"""Binds features/seven-knights/modes.feature."""

from pytest_bdd import scenarios

scenarios("seven-knights/modes.feature")
