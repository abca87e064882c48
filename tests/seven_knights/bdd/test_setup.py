"""Binds features/seven-knights/setup.feature."""

from pytest_bdd import scenarios

scenarios("seven-knights/setup.feature")
