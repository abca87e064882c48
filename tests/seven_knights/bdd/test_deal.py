"""Binds features/seven-knights/deal.feature."""

from pytest_bdd import scenarios

scenarios("seven-knights/deal.feature")
