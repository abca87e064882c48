"""Binds features/mlem/setup.feature."""

from pytest_bdd import scenarios

scenarios("mlem/setup.feature")
