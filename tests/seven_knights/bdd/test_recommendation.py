"""Binds features/seven-knights/recommendation.feature."""

from pytest_bdd import scenarios

scenarios("seven-knights/recommendation.feature")
