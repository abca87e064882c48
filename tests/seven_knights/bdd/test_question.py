"""Binds features/seven-knights/question.feature."""

from pytest_bdd import scenarios

scenarios("seven-knights/question.feature")
