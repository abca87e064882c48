"""Run the conformance vectors from pytest, in process: for Python implementations.

In your test suite::

    from tabletop_referee.pytest_plugin import conformance_tests
    from my_mlem.adapter import handle      # handle(request: dict) -> dict, docs/protocol.md

    test_mlem_conformance = conformance_tests("mlem", handle)

Every vector becomes one test whose id is the vector id, so ``-k mlem-0042``, ``-x``,
``--junitxml`` and pytest-xdist work as usual; each test carries ``clause`` marks
(``-m "clause('travel.roll')"`` is not a pytest expression, but the marks reach reports and
hooks). A vector the implementation skips is reported skipped; xfail lists come from an
expectations file (docs/conformance.md) passed as ``expect=``.

This module is also registered as a pytest plugin (entry point ``tabletop_referee``) only to
declare the ``clause`` and ``vector_id`` markers.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from .conformance.expectations import Expectations
from .conformance.expectations import load as load_expectations
from .conformance.inprocess import InProcessAdapter
from .conformance.runner import Runner
from .conformance.vectors import default_vector_dir, load_vectors

PASSING = ("passed", "xfail")


def pytest_configure(config) -> None:
    config.addinivalue_line("markers", "clause(id): the spec clause a test exercises")
    config.addinivalue_line("markers", "vector_id(id): the stable id of a conformance vector")


def conformance_tests(
    game: str,
    handle: Callable[[dict[str, Any]], dict[str, Any]],
    *,
    vectors: list[str | Path] | None = None,
    expect: str | Path | None = None,
) -> Callable[..., None]:
    """Returns a test function parametrized over the game's vectors (ids = vector ids)."""
    loaded = load_vectors(vectors or [default_vector_dir(game)], game)
    expectations = load_expectations(Path(expect)) if expect else Expectations([])
    adapter = InProcessAdapter(handle)
    runner = Runner(adapter, game, expectations=expectations)
    params = [
        pytest.param(v, id=v.id, marks=[pytest.mark.vector_id(v.id), *(pytest.mark.clause(c) for c in v.clauses)])
        for v in loaded
    ]

    @pytest.mark.parametrize("vector", params)
    def test_vector(vector) -> None:
        result, _ = runner._one(vector)
        if result.status == "skipped":
            pytest.skip(result.message or "skipped")
        if result.status == "xfail":
            pytest.xfail(result.message or "expected failure")
        where = ""
        if result.diff:
            d = result.diff
            where = f"\n  at {d.get('pointer') or '/'}: {d.get('message', '')}"
        assert result.status == "passed", (
            f"{vector.id} [{', '.join(vector.clauses)}] {vector.description}: "
            f"{result.status}: {result.message}{where}"
        )

    test_vector.__doc__ = f"Conformance vectors of {game} ({len(loaded)})."
    return test_vector
