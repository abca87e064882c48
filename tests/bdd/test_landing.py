"""Binds features/mlem/landing.feature."""

from pytest_bdd import scenarios

scenarios("mlem/landing.feature")
