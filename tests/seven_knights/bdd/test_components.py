"""Binds features/seven-knights/components.feature."""

from pytest_bdd import scenarios

scenarios("seven-knights/components.feature")
