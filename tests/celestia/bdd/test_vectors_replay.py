"""The committed Celestia vectors (vectors/celestia/) replay against the reference engine.

Each vector is played as an implementation would play it, from JSON only: the state (or the
setup) is read with ``GAME.state_from_json``, every step's action with ``action_from_json``,
and every state returned is written out and read back before the next step. Then each
expectation (values, legal actions as a set, event patterns, rejections, checkpoints) must hold.
A vector that no longer replays has drifted from the features: re-export them (the command is
in docs/vectors.md; for Celestia set REFEREE_EXPORT_VECTORS=vectors/celestia and run
tests/celestia/bdd). Skipped while an export is running, since the files are being rewritten.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tabletop_referee.errors import IllegalAction
from tabletop_referee.games.celestia import GAME
from tabletop_referee.schemas import validation_errors
from tabletop_referee.spec import load_spec
from tabletop_referee.vectors import pointer_get
from tests.vector_export import ENV, result_document

REPO = Path(__file__).resolve().parents[3]
GENERATED = ("perft", "readings-perft", "standard", "readings-standard")
"""Vector files not exported from the features: perft (spec/<game>/perft.yaml) and the vectors
generated from whole games (datavectors.py; tests/test_standard_vectors.py checks those)."""
FILES = sorted(f for f in (REPO / "vectors" / "celestia").glob("*.json") if f.stem not in GENERATED)
FEATURE_FILES = [f for f in FILES if not f.stem.startswith("readings-")]
"""The files exported from the features (readings-<area>.json: their siblings under other readings)."""
VECTORS = [v for f in FILES for v in json.loads(f.read_text(encoding="utf-8"))["vectors"]
           if v["kind"] == "play"]

pytestmark = pytest.mark.skipif(bool(os.environ.get(ENV)), reason="vectors are being exported")


def _matches(pattern: dict, event: dict) -> bool:
    return all(k in event and event[k] == v for k, v in pattern.items())


def _check(expect: dict, state_doc: dict, events: list[dict], where: str) -> None:
    pointers = [v["pointer"] for v in expect.get("values", [])]
    result = result_document("celestia", GAME.state_from_json(state_doc), pointers)
    for v in expect.get("values", []):
        assert pointer_get(result, v["pointer"]) == v["value"], f"{where}: {v['pointer']}"
    if "legal_actions" in expect:
        canon = sorted(json.dumps(a, sort_keys=True) for a in result["legal_actions"])
        want = sorted(json.dumps(a, sort_keys=True) for a in expect["legal_actions"]["actions"])
        assert canon == want, f"{where}: legal actions differ"
    for p in expect.get("events", []):
        assert any(_matches(p, e) for e in events), f"{where}: no event matches {p}"
    for p in expect.get("events_absent", []):
        assert not any(_matches(p, e) for e in events), f"{where}: an event matches {p}"


def test_there_are_vectors_for_every_feature():
    features = sorted(p.stem for p in (REPO / "features" / "celestia").glob("*.feature"))
    assert [f.stem for f in FEATURE_FILES] == features
    assert any(p["pointer"].startswith("/observations/") and "/hands/" in p["pointer"]
               for v in VECTORS for p in v["expect"].get("values", []))


def test_vectors_are_traceable():
    clauses = set(load_spec("celestia").clause_ids)
    ids = [v["id"] for v in VECTORS]
    assert len(ids) == len(set(ids))
    for v in VECTORS:
        assert v["clauses"] and set(v["clauses"]) <= clauses, v["id"]
        source, _, line = v["source"].rpartition(":")
        text = (REPO / source).read_text(encoding="utf-8").splitlines()
        own = v.get("reading_of", v["id"])  # a sibling: the scenario of the vector it tests under other readings
        assert f"@id:{own}" in "\n".join(text[max(0, int(line) - 4): int(line)]), v["id"]


@pytest.mark.parametrize("vector", VECTORS, ids=[v["id"] for v in VECTORS])
def test_vector_replays(vector):
    expect = vector["expect"]
    rejected = expect.get("rejected")
    if "setup" in vector:
        assert validation_errors("celestia", "setup", vector["setup"]) == []
        try:
            state = GAME.initial_state(GAME.setup_from_json(vector["setup"]))
        except IllegalAction as exc:
            assert rejected == {"step": -1, "clause": exc.clause}
            return
        assert GAME.state_to_json(state) == vector["state"], "new_game gives another state"
    else:
        assert validation_errors("celestia", "state", vector["state"]) == []
        state = GAME.state_from_json(vector["state"])
    assert GAME.state_to_json(state) == vector["state"], "the state does not round-trip"
    checkpoints = {c["after"]: c["expect"] for c in vector.get("checkpoints", [])}
    events: list[dict] = []
    for i, step in enumerate(vector["steps"]):
        if i in checkpoints:
            _check(checkpoints.pop(i), GAME.state_to_json(state), events, f"checkpoint after {i}")
        assert validation_errors("celestia", "action", step["action"]) == []
        try:
            t = GAME.apply(state, GAME.action_from_json(step["action"]))
        except IllegalAction as exc:
            assert rejected == {"step": i, "clause": exc.clause}, f"step {i} rejected: {exc}"
            return
        events += [GAME.event_to_json(e) for e in t.events]
        state = GAME.state_from_json(GAME.state_to_json(t.state))
    assert rejected is None, f"step {rejected['step']} was accepted"
    n = len(vector["steps"])
    if n in checkpoints:
        _check(checkpoints.pop(n), GAME.state_to_json(state), events, f"checkpoint after {n}")
    assert not checkpoints, f"checkpoints never reached: {sorted(checkpoints)}"
    _check(expect, GAME.state_to_json(state), events, "final")
