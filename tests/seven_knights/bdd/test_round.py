"""Binds features/seven-knights/round.feature."""

from pytest_bdd import scenarios

scenarios("seven-knights/round.feature")
