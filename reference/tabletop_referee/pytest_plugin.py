"""Run the conformance vectors from pytest, in process: for Python implementations.

In your test suite::

    from tabletop_referee.pytest_plugin import conformance_tests
    from my_mlem.adapter import handle      # handle(request: dict) -> dict, docs/protocol.md

    test_mlem_conformance = conformance_tests("mlem", handle)

Every vector becomes one test. Its id starts with the vector id, then the clauses it exercises
and a slug of its description (``mlem-0010-crash.parachute-a-parachutist-lands-on-the-moon``),
so all of these select as you would expect::

    pytest -k mlem-0010                          # one vector
    pytest -k parachute                          # every vector whose clause or description says so
    pytest -m "clause(id='crash.parachute')"     # every vector of one clause (pytest >= 8.3)
    pytest -m "vector_id(id='mlem-0010')"

``-x``, ``--junitxml`` and pytest-xdist work as usual. A failing vector is reported in rules
terms (vector id, clauses, description, the first differing JSON Pointer with the expected and
the actual value), without a traceback into this module. A vector the implementation skips is
reported skipped; xfail lists come from an expectations file (docs/conformance.md) passed as
``expect=``.

This module is also registered as a pytest plugin (entry point ``tabletop_referee``): it
declares the ``clause`` and ``vector_id`` markers, and gives the positional form of those marks
(``pytest.mark.clause("travel.roll")``, which the feature scenarios get from their
``@clause:`` tags) the keyword ``id`` too, so ``-m "clause(id='travel.roll')"`` selects them
alike.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from .conformance.expectations import Expectations
from .conformance.expectations import load as load_expectations
from .conformance.inprocess import InProcessAdapter
from .conformance.runner import Result, Runner
from .conformance.vectors import Vector, default_vector_dir, load_vectors

MARKERS = {
    "clause": "clause(id): the spec clause a test exercises, e.g. clause(id='crash.parachute')",
    "vector_id": "vector_id(id): the stable id of a test vector, e.g. vector_id(id='mlem-0042')",
}
"""The markers this plugin declares (pyproject.toml declares the same lines for this project)."""

SLUG_LENGTH = 48
"""The longest description slug in a test id (cut at a word boundary)."""


# -- the plugin hooks -------------------------------------------------------------------------


def pytest_configure(config: pytest.Config) -> None:
    declared = {line.split(":", 1)[0].split("(", 1)[0].strip() for line in config.getini("markers")}
    for name, line in MARKERS.items():
        if name not in declared:
            config.addinivalue_line("markers", line)


def pytest_itemcollected(item: pytest.Item) -> None:
    """Gives ``clause("x")`` / ``vector_id("x")`` marks the keyword form ``id="x"`` as well.

    Keyword matching in ``-m`` (pytest >= 8.3) sees keyword arguments only; the positional
    argument stays, so code reading ``mark.args[0]`` keeps working.
    """
    for node in item.listchain():
        for i, mark in enumerate(node.own_markers):
            if mark.name in MARKERS and "id" not in mark.kwargs and len(mark.args) == 1:
                node.own_markers[i] = getattr(pytest.mark, mark.name)(*mark.args, **mark.kwargs, id=mark.args[0]).mark


def mark_ids(item: pytest.Item, name: str = "clause") -> list[str]:
    """The ids of an item's ``clause`` (or ``vector_id``) marks, in either form, nearest first."""
    ids: list[str] = []
    for mark in item.iter_markers(name):
        value = mark.kwargs.get("id", mark.args[0] if mark.args else None)
        if isinstance(value, str) and value not in ids:
            ids.append(value)
    return ids


# -- conformance tests ------------------------------------------------------------------------


def slug(text: str, limit: int = SLUG_LENGTH) -> str:
    """Lower-case words joined by ``-``, at most ``limit`` characters, cut between words.

    >>> slug("A parachutist lands on the moon of the crash space and scores it")
    'a-parachutist-lands-on-the-moon-of-the-crash'
    >>> slug("The last crash's parachute landings are made before the game ends", 24)
    'the-last-crashs'
    """
    words = re.sub(r"[^a-z0-9]+", "-", re.sub(r"['\u2019]", "", text.lower())).strip("-")
    if len(words) <= limit:
        return words
    cut = words[: limit + 1]
    return cut[: cut.rfind("-")] if "-" in cut else words[:limit]


def vector_test_id(vector: Vector) -> str:
    """``<vector id>-<clause>[+<clause>...]-<description slug>``, e.g.
    ``mlem-0010-crash.parachute-a-parachutist-lands-on-the-moon-of-the-crash``."""
    parts = [vector.id, "+".join(vector.clauses), slug(vector.description)]
    return "-".join(p for p in parts if p)


def failure_report(vector: Vector, result: Result) -> str:
    """What a failing vector says in pytest: the vector, its clauses, and where it went wrong."""
    clauses = ", ".join(vector.clauses) or "no clause"
    lines = [f"{vector.id} [{clauses}] {vector.description}", f"{result.status}: {result.message}"]
    diff = result.diff
    if diff:
        where = diff.get("pointer") or "/"
        checkpoint = diff.get("checkpoint")
        lines.append(f"first difference at {where}" + (f" (after {checkpoint} steps)" if checkpoint is not None else ""))
        if "expected" in diff:
            lines.append(f"  expected: {_shown(diff['expected'])}")
        if "actual" in diff:
            lines.append(f"  actual:   {_shown(diff['actual'])}")
        if "expected" not in diff and "actual" not in diff and diff.get("message"):
            lines.append(f"  {diff['message']}")
    if result.stderr_tail:
        lines.append("stderr (last lines):")
        lines += [f"  {line}" for line in result.stderr_tail.strip().splitlines()[-10:]]
    lines.append(f"source: {vector.doc.get('source', vector.file)}")
    return "\n".join(lines)


def _shown(value: Any, limit: int = 300) -> str:
    text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def conformance_tests(
    game: str,
    handle: Callable[[dict[str, Any]], dict[str, Any]],
    *,
    vectors: list[str | Path] | None = None,
    expect: str | Path | None = None,
) -> Callable[..., None]:
    """Returns a test function parametrized over the game's vectors (see the module docs)."""
    loaded = load_vectors(vectors or [default_vector_dir(game)], game)
    expectations = load_expectations(Path(expect)) if expect else Expectations([])
    adapter = InProcessAdapter(handle)
    runner = Runner(adapter, game, expectations=expectations)
    params = [
        pytest.param(
            v,
            id=vector_test_id(v),
            marks=[pytest.mark.vector_id(id=v.id), *(pytest.mark.clause(id=c) for c in v.clauses)],
        )
        for v in loaded
    ]

    @pytest.mark.parametrize("vector", params)
    def test_vector(vector: Vector) -> None:
        result = runner.run([vector]).results[0]
        if result.status == "skipped":
            pytest.skip(result.message or "skipped")
        if result.status == "xfail":
            pytest.xfail(result.message or "expected failure")
        if result.status != "passed":
            pytest.fail(failure_report(vector, result), pytrace=False)

    test_vector.__doc__ = f"Conformance vectors of {game} ({len(loaded)})."
    return test_vector
