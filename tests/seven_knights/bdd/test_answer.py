"""Binds features/seven-knights/answer.feature."""

from pytest_bdd import scenarios

scenarios("seven-knights/answer.feature")
