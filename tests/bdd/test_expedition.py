"""Binds features/mlem/expedition.feature."""

from pytest_bdd import scenarios

scenarios("mlem/expedition.feature")
