"""Binds features/seven-knights/bewitch.feature."""

from pytest_bdd import scenarios

scenarios("seven-knights/bewitch.feature")
