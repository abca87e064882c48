"""Every event Seven Knights emits is one of the documented kinds (games/seven_knights/events.py):
its type is listed, its clause is one the kind may cite, and its fields are the kind's, in order.
Checked on the events the vectors expect (which may give only some fields) and on seeded random games with every option value."""

from __future__ import annotations

import ast
import inspect
import random

import pytest

from tabletop_referee.games import load
from tabletop_referee.games.seven_knights import model
from tabletop_referee.games.seven_knights.events import EVENT_KINDS
from tabletop_referee.paths import data_root
from tabletop_referee.sampler import playout
from tabletop_referee.spec import load_spec
from tabletop_referee.vectors import load_vector_files

GAME = load("seven-knights")


def _vector_events(node):
    if isinstance(node, dict):
        if isinstance(node.get("events"), list):
            yield from node["events"]
        for value in node.values():
            yield from _vector_events(value)
    elif isinstance(node, list):
        for value in node:
            yield from _vector_events(value)


def test_the_table_names_clauses_of_the_spec():
    known = set(load_spec("seven-knights").clause_ids)
    for kind in EVENT_KINDS.values():
        assert kind.clauses and set(kind.clauses) <= known, kind.type
        assert kind.fields and kind.meaning, kind.type


def test_vector_events_are_documented_kinds():
    seen = 0
    for _, doc in load_vector_files(data_root() / "vectors" / "seven-knights"):
        for e in _vector_events(doc):
            kind = EVENT_KINDS.get(e["type"])
            assert kind is not None, e
            assert e.get("clause", kind.clauses[0]) in kind.clauses, e
            assert set(e) - {"type", "clause"} <= set(kind.fields), e
            seen += 1
    assert seen > 10


@pytest.mark.parametrize("seed", range(12))
def test_random_game_events_are_documented_kinds(seed):
    rng = random.Random(seed)
    for _, _, t in playout(GAME, GAME.random_setup(rng, vary=True), rng):
        for e in t.events:
            kind = EVENT_KINDS.get(e.type)
            assert kind is not None, e
            assert e.clause in kind.clauses, e
            assert tuple(name for name, _ in e.data) == kind.fields, e
            doc = GAME.event_to_json(e)
            assert [k for k in doc if k not in ("type", "clause")] == list(kind.fields)


def test_every_field_of_the_model_has_a_docstring():
    """The central types (games/seven_knights/model.py) document each field right below it."""
    tree = ast.parse(inspect.getsource(model))
    classes = [n for n in tree.body if isinstance(n, ast.ClassDef)]
    assert len(classes) > 8
    for cls in classes:
        assert ast.get_docstring(cls), cls.name
        for i, node in enumerate(cls.body):
            if isinstance(node, ast.AnnAssign):
                after = cls.body[i + 1] if i + 1 < len(cls.body) else None
                assert isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant) \
                    and isinstance(after.value.value, str), f"{cls.name}.{node.target.id}"
