"""Binds features/seven-knights/captain.feature."""

from pytest_bdd import scenarios

scenarios("seven-knights/captain.feature")
