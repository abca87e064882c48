"""Binds features/seven-knights/settlement.feature."""

from pytest_bdd import scenarios

scenarios("seven-knights/settlement.feature")
