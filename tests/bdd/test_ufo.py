"""Binds features/mlem/ufo.feature."""

from pytest_bdd import scenarios

scenarios("mlem/ufo.feature")
