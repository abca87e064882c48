"""Binds features/seven-knights/turn.feature."""

from pytest_bdd import scenarios

scenarios("seven-knights/turn.feature")
