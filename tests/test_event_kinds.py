"""Every event a game emits is one of its documented kinds (``Game.event_kinds``, each game's
``events.py``): its type is listed, its clause is one the kind may cite, and its fields are the
kind's, in order (optional ones only when they apply). Checked for every game on the events its
vectors expect (which may pin only some fields) and on seeded random games with varied options.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from tabletop_referee.games import GAMES, load
from tabletop_referee.games.interface import event
from tabletop_referee.paths import data_root
from tabletop_referee.sampler import playout
from tabletop_referee.spec import load_spec
from tabletop_referee.vectors import load_vector_files

GAME_IDS = sorted(GAMES)


def vector_events(node: Any) -> Iterator[dict[str, Any]]:
    """Every event document a vector file expects (``events`` and ``event_list`` lists)."""
    if isinstance(node, dict):
        for key in ("events", "event_list"):
            if isinstance(node.get(key), list):
                yield from (e for e in node[key] if isinstance(e, dict) and "type" in e)
        for value in node.values():
            yield from vector_events(value)
    elif isinstance(node, list):
        for value in node:
            yield from vector_events(value)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_has_a_table_naming_clauses_of_its_spec(game_id):
    """Sized by the game's own spec, not by the big games: at least one kind, and every kind
    cites clauses of ``spec/<game>/clauses.yaml`` (docs/adding-a-game.md, "The contract")."""
    kinds = load(game_id).event_kinds()
    assert kinds, f"{game_id}: event_kinds() is empty: list every event type the engine emits (events.py)"
    known = set(load_spec(game_id).clause_ids)
    for type_, kind in kinds.items():
        assert kind.type == type_, f"{game_id}: event_kinds()[{type_!r}] has type {kind.type!r}: key it by its type"
        unknown = sorted(set(kind.clauses) - known)
        assert kind.clauses and not unknown, (
            f"{game_id}: event kind {type_!r} must cite clauses of spec/{game_id}/clauses.yaml "
            f"(cites {list(kind.clauses)}, unknown {unknown})")
        assert kind.meaning, f"{game_id}: event kind {type_!r} needs a meaning (one sentence)"
        assert not set(kind.optional) & set(kind.fields), (
            f"{game_id}: event kind {type_!r} lists {sorted(set(kind.optional) & set(kind.fields))} "
            "as both a field and an optional field")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_event_of_the_vectors_fits_its_kind(game_id):
    kinds = load(game_id).event_kinds()
    seen = checking = 0
    for _, doc in load_vector_files(data_root() / "vectors" / game_id):
        for vector in doc.get("vectors", []):
            checking += any(True for _ in vector_events(vector))
        for e in vector_events(doc):
            kind = kinds.get(e["type"])
            assert kind is not None, f"{game_id}: a vector expects an event of type {e['type']!r}, not in event_kinds(): {e}"
            assert e.get("clause", kind.clauses[0]) in kind.clauses, (
                f"{game_id}: a vector's {e['type']} event cites {e.get('clause')!r}, not one of the kind's {kind.clauses}")
            assert set(e) - {"type", "clause"} <= {*kind.fields, *kind.optional}, (  # a vector may pin some
                f"{game_id}: a vector's {e['type']} event has fields the kind lacks: {e}")
            seen += 1
    # the scan really reads the vectors' events: at least one per vector that checks events, and
    # a game whose engine emits events has vectors that check some (its features' event steps)
    assert checking > 0, f"{game_id}: no vector checks an event: add a feature step on events (an event cites ...)"
    assert seen >= checking, (seen, checking)


def misfit(kind: Any, e: Any) -> str | None:
    """Why an emitted event does not fit its kind exactly (``None`` when it does)."""
    if kind is None:
        return "its type is not in the table"
    if e.clause not in kind.clauses:
        return f"clause {e.clause} is not one of {kind.clauses}"
    names = [name for name, _ in e.data]
    if not set(kind.fields) <= set(names) <= {*kind.fields, *kind.optional}:
        return f"fields {names} are not {kind.fields} (optional {kind.optional})"
    if [f for f in names if f in kind.fields] != list(kind.fields):
        return f"fields {names} are not in the order {kind.fields}"
    return None


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("seed", range(6))
def test_every_event_of_random_games_fits_its_kind_exactly(game_id, seed):
    game = load(game_id)
    kinds = game.event_kinds()
    rng = random.Random(seed)
    for _, _, t in playout(game, game.random_setup(rng, vary=True), rng):
        for e in t.events:
            assert misfit(kinds.get(e.type), e) is None, (misfit(kinds.get(e.type), e), e)
            doc = game.event_to_json(e)
            assert [k for k in doc if k not in ("type", "clause")] == [name for name, _ in e.data], e


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_misfit_event_is_caught(game_id):
    """The check above can fail: a kind's event with a field too many, a field missing, or
    another clause."""
    kind = next(k for k in load(game_id).event_kinds().values() if k.fields)
    good = event(kind.type, kind.clauses[0], **{f: 0 for f in kind.fields})
    assert misfit(kind, good) is None
    assert misfit(kind, event(kind.type, kind.clauses[0], **{f: 0 for f in kind.fields}, extra=1))
    assert misfit(kind, event(kind.type, kind.clauses[0], **{f: 0 for f in kind.fields[1:]}))
    assert misfit(kind, event(kind.type, "no.such-clause", **{f: 0 for f in kind.fields}))
    assert misfit(None, good)
