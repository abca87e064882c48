"""Binds features/mlem/observation.feature."""

from pytest_bdd import scenarios

scenarios("mlem/observation.feature")
