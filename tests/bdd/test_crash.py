"""Binds features/mlem/crash.feature."""

from pytest_bdd import scenarios

scenarios("mlem/crash.feature")
