"""The table of docs/mlem/interchange.md that lists every event type with every clause it may
cite, checked against the engine: its source, every vector and random games."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

from tabletop_referee.games import load

REPO = Path(__file__).resolve().parents[1]
MLEM = REPO / "reference" / "tabletop_referee" / "games" / "mlem"
ENGINE_FILES = [MLEM / "engine.py", *sorted((MLEM / "rules").glob("*.py"))]  # the facade and its rule modules
ROW = re.compile(r"^\| `([a-z-]+)` \| (.+) \|$")


def table() -> set[tuple[str, str]]:
    text = (REPO / "docs" / "mlem" / "interchange.md").read_text(encoding="utf-8")
    section = text.split("### Every event type and the clauses it may cite", 1)[1].split("\n## ", 1)[0]
    pairs = set()
    for line in section.splitlines():
        m = ROW.match(line)
        if m:
            pairs |= {(m.group(1), c) for c in re.findall(r"`([a-z0-9.-]+)`", m.group(2))}
    return pairs


def schema_types() -> set[str]:
    schema = json.loads((REPO / "schemas" / "mlem" / "event.schema.json").read_text(encoding="utf-8"))
    types: set[str] = set()

    def walk(node):
        if isinstance(node, dict):
            t = node.get("properties", {}).get("type")
            if isinstance(t, dict):
                types.update([t["const"]] if "const" in t else t.get("enum", []))
            for x in node.values():
                walk(x)
        elif isinstance(node, list):
            for x in node:
                walk(x)

    walk(schema)
    return types


def source_pairs() -> set[tuple[str, str]]:
    return set(re.findall(r'emit\(\s*"([a-z-]+)",\s*"([a-z0-9.-]+)"', "\n".join(f.read_text(encoding="utf-8") for f in ENGINE_FILES)))


def vector_pairs() -> set[tuple[str, str]]:
    pairs = set()
    for f in (REPO / "vectors" / "mlem").glob("*.json"):
        for v in json.loads(f.read_text(encoding="utf-8"))["vectors"]:
            if v["kind"] != "play":
                continue
            for c in [v["expect"], *(x["expect"] for x in v.get("checkpoints", []))]:
                pairs |= {(e["type"], e["clause"]) for e in [*c.get("events", []), *c.get("event_list", [])]
                          if "type" in e and "clause" in e}
    return pairs


def game_pairs(games: int = 250) -> set[tuple[str, str]]:
    g = load("mlem")
    pairs = set()
    for i in range(games):
        rng = random.Random(i)
        state = g.initial_state(g.random_setup(rng, vary=True, board=rng.choice(["standard", "short"])))
        for _ in range(3000):
            actors = g.actors(state)
            if not actors:
                break
            action = g.rules.sample_chance(state, rng) if actors == ("chance",) else rng.choice(g.legal_actions(state, actors[0]))
            t = g.apply(state, action)
            pairs |= {(d["type"], d["clause"]) for d in map(g.event_to_json, t.events)}
            state = t.state
    return pairs


def test_the_table_has_one_row_per_event_type_of_the_schema():
    assert {t for t, _c in table()} == schema_types()


def test_every_clause_the_engine_cites_in_an_event_is_in_the_table():
    rows = table()
    assert sorted(source_pairs() - rows) == [], "literal emit(...) calls missing from the table"
    assert sorted(vector_pairs() - rows) == [], "events in vectors missing from the table"
    seen = game_pairs()
    assert sorted(seen - rows) == [], "events of random games missing from the table"
    # and no row is fiction: each pair is in the source, a vector or a game
    assert sorted(rows - source_pairs() - vector_pairs() - seen) == []
