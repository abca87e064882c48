"""Binds features/mlem/travel.feature."""

from pytest_bdd import scenarios

scenarios("mlem/travel.feature")
