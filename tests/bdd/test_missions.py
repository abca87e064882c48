"""Binds features/mlem/missions.feature."""

from pytest_bdd import scenarios

scenarios("mlem/missions.feature")
