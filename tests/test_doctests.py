"""The examples in the package's docstrings run as written."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import tabletop_referee

MODULES = sorted(
    m.name for m in pkgutil.walk_packages(tabletop_referee.__path__, "tabletop_referee.")
    if not m.name.endswith(("pytest_plugin", ".cli"))
)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"
