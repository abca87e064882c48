"""Binds features/mlem/takeoff.feature."""

from pytest_bdd import scenarios

scenarios("mlem/takeoff.feature")
