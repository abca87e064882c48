"""A memo for pytest-bdd's step lookup (installed by tests/conftest.py).

For every step of every scenario, pytest-bdd (``pytest_bdd.scenario.find_fixturedefs_for_step``)
goes through *every* fixture name registered in the session and asks pytest which of its
definitions the test can see, then matches the step text against each step definition: about a
hundred ``getfixturedefs`` calls per step, most of the time the feature scenarios take (and of
``referee vectors export``, which runs them).

The answer depends only on the step (its type and text), on which step definitions the test
can see, and on the registry of step definitions. Step definitions are registered while
conftests and test modules are collected, before any test runs; a test can see the ones of its
parents (its module, packages, conftests, plugins). So the answer is the same for every test
of one parent (its module), and is kept per (parent, step type, step text) on the session's
fixture manager. Anything registered later only invalidates the memo: the count of fixture
names is part of the key, so a new name (a ``target_fixture`` a step adds, say) makes the
lookup run again in full rather than miss a definition.

``REFEREE_CHECK_STEP_LOOKUP=1`` runs both the memo and pytest-bdd's own lookup on every step
and fails on any difference (tests/test_bdd_steps.py runs feature modules that way).
"""

from __future__ import annotations

import importlib
import os
from typing import Any

import pytest

_ATTR = "_referee_step_lookup"
CHECK_ENV = "REFEREE_CHECK_STEP_LOOKUP"


def install() -> None:
    """Puts the memo in front of pytest-bdd's lookup (once per process; no-op without pytest-bdd)."""
    try:  # the module, not pytest_bdd.scenario (the decorator) that the package exports under that name
        scenario = importlib.import_module("pytest_bdd.scenario")
    except ImportError:  # pragma: no cover - the test extras are installed wherever the suite runs
        return
    if getattr(scenario.find_fixturedefs_for_step, "_referee_memo", False):
        return
    original = scenario.find_fixturedefs_for_step
    check = bool(os.environ.get(CHECK_ENV))

    def find_fixturedefs_for_step(step: Any, fixturemanager: Any, node: Any):
        # an item's own registrations are never step definitions (pytest-bdd registers only
        # target_fixture values there), so items of one parent see the same step definitions
        owner = node.parent if isinstance(node, pytest.Item) and node.parent is not None else node
        names = (len(getattr(fixturemanager, "_arg2node2fixturedefs", ())),
                 len(getattr(fixturemanager, "_arg2nodeid2fixturedefs", ())),
                 len(getattr(fixturemanager, "_arg2fixturedefs", ())))
        memo = fixturemanager.__dict__.setdefault(_ATTR, {})
        key = (owner.nodeid, step.type, step.name, names)
        found = memo.get(key)
        if found is None or check:
            full = list(original(step, fixturemanager, node))
            if found is not None and found != full:
                raise AssertionError(f"step lookup memo differs for {step.type} {step.name!r} in "
                                     f"{node.nodeid}: {found} != {full}")
            found = memo[key] = full
        return iter(found)

    find_fixturedefs_for_step._referee_memo = True  # type: ignore[attr-defined]
    scenario.find_fixturedefs_for_step = find_fixturedefs_for_step
