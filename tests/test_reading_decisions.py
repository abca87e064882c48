"""One decision each for two questions the runner and the readings module both ask (issue 29's
review leftovers): "which values of an option does the adapter follow" (readings.followed) and
"which event kinds are newer than the adapter's vocabulary level" (readings.newer_kinds)."""

from __future__ import annotations

import copy
import json

import pytest

from tabletop_referee.adapter import Adapter
from tabletop_referee.conformance import readings as R
from tabletop_referee.conformance.inprocess import InProcessAdapter
from tabletop_referee.conformance.runner import Runner, unmet_requirement
from tabletop_referee.conformance.vectors import default_vector_dir, load_vectors
from tabletop_referee.games import GAMES, load


def _hello(game_id: str) -> dict:
    adapter = InProcessAdapter(Adapter([game_id]).handle)
    return json.loads(json.dumps(adapter.start()))


def _format_2_vector(game_id: str):
    """A vector of the suite that holds only under some values of a reading option."""
    for v in load_vectors([default_vector_dir(game_id)], game_id):
        for name, values in v.requires.get("options", {}).items():
            if isinstance(values, list) and len(values) < len(load(game_id).options.option_spec(name).values):
                return v, name, values
    raise AssertionError(f"{game_id}: no vector holds under some readings only")


def test_the_runners_option_check_asks_what_the_adapter_follows(monkeypatch) -> None:
    """The runner's format-2 check follows readings.followed: when that says the adapter
    follows only another value, the vector is not run (before, the runner decided alone from
    the raw announcement and ran it)."""
    vector, name, holds_under = _format_2_vector("seven-knights")
    hello = _hello("seven-knights")
    assert unmet_requirement(vector, hello, "seven-knights") is None  # the reference follows every reading
    others = [v for v in load("seven-knights").options.option_spec(name).values if v not in holds_under]
    real = R.followed
    monkeypatch.setattr(R, "followed", lambda game, h, gid: {**real(game, h, gid), name: others})
    why = unmet_requirement(vector, hello, "seven-knights")
    assert why is not None and f"holds only under {name}=" in why and "does not follow" in why, why


@pytest.mark.parametrize("game_id", GAMES)
def test_the_values_followed_agree_with_the_announcement(game_id) -> None:
    """followed_values, for every option: all values for "any", the announced list, the
    default when nothing is announced."""
    game = load(game_id)
    hello = _hello(game_id)
    offered = hello["implementation"]["games"][game_id].setdefault("options", {})
    for spec in game.info.options:
        if spec.kind != "choice":
            continue
        offered[spec.name] = "any"
        assert R.followed_values(hello, game_id, spec.name) == list(spec.values)
        offered[spec.name] = [spec.values[-1]]
        assert R.followed_values(hello, game_id, spec.name) == [spec.values[-1]]
        del offered[spec.name]
        assert R.followed_values(hello, game_id, spec.name) == [spec.default]


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("level", [1, 2, 3])
def test_the_runner_and_for_vocabulary_leave_out_the_same_kinds(game_id, level) -> None:
    """The runner's comparison and the vector adaptation leave out one and the same set of kinds."""
    adapter = InProcessAdapter(Adapter([game_id]).handle)
    adapter.start()
    hello = copy.deepcopy(adapter.hello)
    hello["implementation"]["games"][game_id]["vocabulary"] = level
    adapter.hello = hello
    from_runner = Runner(adapter, game_id)._newer_kinds()
    kinds = sorted(load(game_id).event_kinds())
    doc = {"id": "x", "kind": "play", "requires": {}, "steps": [],
           "expect": {"events": [{"type": t} for t in kinds], "values": [{"pointer": "/actor", "value": 0}]}}
    adapted, why = R.for_vocabulary(doc, game_id, level)
    assert why is None and adapted is not None
    left_out = set(kinds) - {e["type"] for e in adapted["expect"].get("events", [])}
    assert from_runner == left_out == R.newer_kinds(game_id, level)
    assert bool(left_out) == (game_id == "mlem" and level < 2)  # MLEM's level-2 kinds, nothing else yet
