"""The table of MLEM event kinds (``games/mlem/events.py``) checked against the engine: every
event of the vectors and of random games has a listed type, cites a listed clause and carries
exactly the listed fields; the table agrees with docs/mlem/interchange.md and the schema."""

from __future__ import annotations

import json
import random
from pathlib import Path

from tabletop_referee.games import load
from tabletop_referee.games.mlem import load_board, notation
from tabletop_referee.games.mlem.events import EVENT_KINDS
from tabletop_referee.games.mlem.model import event

from .test_event_clauses import schema_types, source_pairs, table

REPO = Path(__file__).resolve().parents[1]
GAME = load("mlem")


def _table_pairs() -> set[tuple[str, str]]:
    return {(k.type, c) for k in EVENT_KINDS.values() for c in k.clauses}


def test_the_table_matches_the_docs_and_the_schema():
    assert _table_pairs() == table()
    assert set(EVENT_KINDS) == schema_types()
    assert len(EVENT_KINDS) >= 35


def test_every_emit_of_the_engine_source_is_in_the_table():
    found = source_pairs()
    assert len(found) >= 30  # the scan really finds the emit() calls
    assert {(t, c) for t, c in found if not c.startswith("goal.")} <= _table_pairs()


def test_every_event_of_the_vectors_fits_its_kind():
    seen = 0
    for f in (REPO / "vectors" / "mlem").glob("*.json"):
        for v in json.loads(f.read_text(encoding="utf-8"))["vectors"]:
            if v["kind"] != "play":
                continue
            for c in [v["expect"], *(x["expect"] for x in v.get("checkpoints", []))]:
                for e in [*c.get("events", []), *c.get("event_list", [])]:
                    if "type" not in e:
                        continue
                    kind = EVENT_KINDS[e["type"]]
                    assert "clause" not in e or e["clause"] in kind.clauses, e
                    # a vector may pin only some fields: none beyond the kind's
                    assert set(e) - {"type", "clause"} <= {*kind.fields, *kind.optional}, e
                    seen += 1
    assert seen > 200  # the scan really reads the vectors' events


def test_every_event_of_random_games_fits_its_kind_exactly():
    types = set()
    for i in range(120):
        rng = random.Random(i)
        state = GAME.initial_state(GAME.random_setup(rng, vary=True, board=rng.choice(["standard", "short"])))
        while GAME.actors(state):
            actors = GAME.actors(state)
            action = GAME.sample_chance(state, rng) if actors == ("chance",) else rng.choice(GAME.legal_actions(state))
            t = GAME.apply(state, action)
            for e in t.events:
                kind = EVENT_KINDS[e.type]
                assert e.clause in kind.clauses, e
                keys = [k for k, _ in e.data]
                assert len(set(keys)) == len(keys), e
                assert set(kind.fields) <= set(keys) <= {*kind.fields, *kind.optional}, e
                types.add(e.type)
            state = t.state
    assert len(types) > 25  # random games reach most kinds (the rest: vectors and docs)


def test_every_kind_has_its_own_sentence():
    board = load_board("standard")
    for kind in EVENT_KINDS.values():
        data = {f: 1 for f in (*kind.fields, *kind.optional)}
        data.update(faces=("2",), die_one=(), dice={"2": 1}, site="comet", reason="crash", token="E01", ability="reroll",
                    astronaut="satellite", goal="four-moons", effect="points", value=3,
                    players=(0, 1), scores=({"total": 3},), winners=(0,), rank=1)
        text = notation.describe_event(event(kind.type, kind.clauses[0], **data), board)
        assert not text.startswith(kind.type + " {"), kind.type  # not the fallback for unknown types
