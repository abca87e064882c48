"""Binds features/seven-knights/command.feature."""

from pytest_bdd import scenarios

scenarios("seven-knights/command.feature")
