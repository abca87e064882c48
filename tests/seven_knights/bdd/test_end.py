"""Binds features/seven-knights/end.feature."""

from pytest_bdd import scenarios

scenarios("seven-knights/end.feature")
