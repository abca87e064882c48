"""Binds features/seven-knights/observation.feature."""

from pytest_bdd import scenarios

scenarios("seven-knights/observation.feature")
