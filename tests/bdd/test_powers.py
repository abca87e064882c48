"""Binds features/mlem/powers.feature."""

from pytest_bdd import scenarios

scenarios("mlem/powers.feature")
