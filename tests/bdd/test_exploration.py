"""Binds features/mlem/exploration.feature."""

from pytest_bdd import scenarios

scenarios("mlem/exploration.feature")
