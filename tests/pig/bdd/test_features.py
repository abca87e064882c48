"""Binds every feature of features/pig/."""

from pytest_bdd import scenarios

scenarios("pig")
