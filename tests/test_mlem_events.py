"""The table of MLEM event kinds (``games/mlem/events.py``): it agrees with
docs/mlem/interchange.md, the event schema and the engine's source, and every kind has its own
sentence. (That the events of the vectors and of random games fit their kinds is checked for
every game by tests/test_event_kinds.py.)"""

from __future__ import annotations


from tabletop_referee.games.mlem import load_board, notation
from tabletop_referee.games.mlem.events import EVENT_KINDS
from tabletop_referee.games.mlem.model import event

from .test_event_clauses import schema_types, source_pairs, table



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


def test_every_kind_has_its_own_sentence():
    board = load_board("standard")
    for kind in EVENT_KINDS.values():
        data = {f: 1 for f in (*kind.fields, *kind.optional)}
        data.update(faces=("2",), die_one=(), dice={"2": 1}, site="comet", reason="crash", token="E01", ability="reroll",
                    astronaut="satellite", goal="four-moons", effect="points", value=3,
                    players=(0, 1), scores=({"total": 3},), winners=(0,), rank=1)
        text = notation.describe_event(event(kind.type, kind.clauses[0], **data), board)
        assert not text.startswith(kind.type + " {"), kind.type  # not the fallback for unknown types
