"""The shortcuts in the games' probes give what the plain way gives (issue 27): the near-legal
actions drive the refusal vectors and the rule-check tests, so a shortcut must not change one
document nor one number drawn from the rng."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tabletop_referee.games import load
from tabletop_referee.games.interface import CHANCE
from tabletop_referee.sampler import choose


def _plain_seven_knights_near_legal(game: Any, state: Any, rng: random.Random) -> list[dict[str, Any]]:
    """Seven Knights' near_legal_actions as written before the shortcut: every action's
    document made, then shuffled."""
    players = game.player_count(state)
    docs = ([game.action_to_json(a) for a in game.legal_actions(state)] if game.actors(state) != (CHANCE,)
            else [game.action_to_json(a) for a, _p in game.chance_outcomes(state)][:3])
    rng.shuffle(docs)
    out: list[dict[str, Any]] = []
    for doc in docs[:6]:
        if "player" in doc:
            out.append({**doc, "player": (doc["player"] + 1) % players})
        if doc["type"] == "ask":
            out.append({**doc, "answerer": doc["player"]})
        if doc["type"] == "recommend":
            out.append({**doc, "target": doc["player"]})
        if isinstance(doc.get("tile"), str):
            out.append({**doc, "tile": f"p{doc['player']}"})
        if isinstance(doc.get("order"), list) and len(doc["order"]) > 1:
            out.append({**doc, "order": [doc["order"][0], *doc["order"][:-1]]})
    return out


@pytest.mark.parametrize("seed", range(3))
def test_seven_knights_near_legal_actions_shuffle_only_what_they_write(seed: int) -> None:
    game = load("seven-knights")
    rng = random.Random(seed)
    state = game.initial_state(game.random_setup(rng, vary=True))
    steps = 0
    while not game.is_over(state) and steps < 150:
        fast, plain = random.Random(), random.Random()
        fast.setstate(rng.getstate())
        plain.setstate(rng.getstate())
        assert game.probes.near_legal_actions(state, fast) == _plain_seven_knights_near_legal(game, state, plain)
        assert fast.getstate() == plain.getstate()
        state = game.apply(state, choose(game, rng, state)).state
        steps += 1
    assert steps > 10
