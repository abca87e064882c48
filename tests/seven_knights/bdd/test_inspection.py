"""Binds features/seven-knights/inspection.feature."""

from pytest_bdd import scenarios

scenarios("seven-knights/inspection.feature")
