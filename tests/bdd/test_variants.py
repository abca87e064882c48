"""Binds features/mlem/variants.feature."""

from pytest_bdd import scenarios

scenarios("mlem/variants.feature")
