"""The vectors generated from whole games for every game (issue 25 item 3; docs/vectors.md,
"Vectors on the standard board"): Celestia's and Seven Knights' ``standard.json``.

MLEM's own are checked in tests/test_vectors.py. Here, for the other games: the file is in step
with the generator, its vectors check everything their steps do (exact event lists, whole
states), its chance vectors pin the exact odds, its refusals come from the game's cases, and an
implementation with a spurious event or wrong odds fails them.
"""

from __future__ import annotations

import copy
import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from tabletop_referee.adapter import Adapter
from tabletop_referee.conformance.inprocess import InProcessAdapter
from tabletop_referee.conformance.runner import Runner
from tabletop_referee.conformance.vectors import load_vectors
from tabletop_referee.games import load
from tabletop_referee.spec import load_spec

REPO = Path(__file__).resolve().parent.parent
GAMES = ["celestia", "seven-knights"]


def standard(game_id: str) -> list[dict[str, Any]]:
    return json.loads((REPO / "vectors" / game_id / "standard.json").read_text(encoding="utf-8"))["vectors"]


@pytest.mark.parametrize("game_id", GAMES)
def test_standard_vectors_are_in_step_with_the_generator(game_id: str) -> None:
    from tabletop_referee.datavectors import DATA_SOURCE, generate
    from tabletop_referee.vectors import dump, vector_file

    fresh = dump(vector_file(game_id, DATA_SOURCE, generate(game_id)))
    assert fresh == (REPO / "vectors" / game_id / "standard.json").read_text(encoding="utf-8"), (
        f"vectors/{game_id}/standard.json drifted: run `referee vectors export --game {game_id}`")
    assert "standard.json" in (REPO / "vectors" / game_id / "MANIFEST.txt").read_text(encoding="utf-8").split()


@pytest.mark.parametrize("game_id", GAMES)
def test_standard_vectors_check_everything_their_steps_do(game_id: str) -> None:
    game = load(game_id)
    vectors = standard(game_id)
    clauses = set(load_spec(game_id).clause_ids)
    kinds = {"event": 0, "rejected": 0, "chance": 0, "refusal": 0, "invalid": 0}
    for v in vectors:
        assert set(v["clauses"]) <= clauses, (v["id"], v["clauses"])
        assert not game.options.non_default_options(v), v["id"]  # the defaults apply
        if "setup" in v and "refusal" not in v["id"]:
            assert "options" not in v["setup"], v["id"]
        expect = v["expect"]
        if "invalid_input" in expect:
            kinds["invalid"] += 1
            continue
        if "rejected" in expect:
            kinds["refusal" if expect["rejected"]["step"] == -1 else "rejected"] += 1
            continue
        if "chance" in expect:
            kinds["chance"] += 1
            odds = [Fraction(p) for p in expect["chance"]["probabilities"]]
            assert sum(odds) == 1 and all(p > 0 for p in odds), v["id"]
            assert len(odds) == len(expect["chance"]["outcomes"]) == len(
                {json.dumps(o, sort_keys=True) for o in expect["chance"]["outcomes"]}), v["id"]
            assert "chance-probabilities" in v["requires"]["capabilities"]
            assert "chance" in game.probes.vector_profiles(v), v["id"]
            assert v["clauses"] == [game.probes.chance_clause]
            continue
        kinds["event"] += 1
        pointers = {x["pointer"] for x in expect["values"]}
        assert {"/actor", "/scores", "/outcome", "/state/phase"} <= pointers, v["id"]
        assert "event_list" in expect and "legal_actions" in expect, v["id"]
        state_fields = {p.split("/")[2] for p in pointers if p.startswith("/state/")}
        assert set(v.get("state") or {}) <= state_fields, v["id"]  # every field of the state, checked
    assert all(n > 0 for n in kinds.values()), kinds
    assert kinds["event"] >= 15 and kinds["chance"] >= 2, kinds
    events = {e["type"] for v in vectors for e in v["expect"].get("event_list", [])}
    assert len(events) >= 8, events


def _run(game_id: str, handle) -> dict[str, str]:
    vectors = [v for v in load_vectors([REPO / "vectors" / game_id / "standard.json"], game_id)]
    adapter = InProcessAdapter(handle)
    adapter.start()
    return {r.vector.id: r.status for r in Runner(adapter, game_id).run(vectors).results}


@pytest.mark.parametrize("game_id", GAMES)
def test_the_reference_passes_them_and_a_spurious_event_or_wrong_odds_fail(game_id: str) -> None:
    reference = Adapter([game_id]).handle
    statuses = _run(game_id, reference)
    assert statuses and set(statuses.values()) == {"passed"}, {k: s for k, s in statuses.items() if s != "passed"}

    def spurious(req: dict[str, Any]) -> dict[str, Any]:
        """apply adds a copy of its last event (e.g. a second captain change) to every answer."""
        resp = reference(req)
        if req.get("cmd") == "apply" and resp.get("events"):
            resp = copy.deepcopy(resp)
            resp["events"].append(resp["events"][-1])
        return resp

    caught = [i for i, s in _run(game_id, spurious).items() if s == "failed"]
    exact = [v["id"] for v in standard(game_id) if v["expect"].get("event_list")]
    assert exact and set(exact) <= set(caught), sorted(set(exact) - set(caught))[:5]

    def wrong_odds(req: dict[str, Any]) -> dict[str, Any]:
        """at a chance node of several outcomes, the first outcome is half as likely as it is."""
        resp = reference(req)
        p = resp.get("probabilities") if req.get("cmd") == "legal_actions" else None
        if p and len(p) > 1:
            resp = copy.deepcopy(resp)
            q = Fraction(resp["probabilities"][0]) / 2
            resp["probabilities"][0] = f"{q.numerator}/{q.denominator}"
        return resp

    statuses = _run(game_id, wrong_odds)
    several = [v["id"] for v in standard(game_id) if len(v["expect"].get("chance", {}).get("outcomes", [])) > 1]
    assert several and all(statuses[i] == "failed" for i in several), [(i, statuses[i]) for i in several]
