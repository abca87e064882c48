"""The shortcuts in the games' probes give what the plain way gives (issue 27): the near-legal
actions drive the refusal vectors and the rule-check tests, so a shortcut must not change one
document nor one number drawn from the rng."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tabletop_referee.games import load
from tabletop_referee.games.interface import CHANCE
from tabletop_referee.games.seven_knights.conformance_data import near_documents
from tabletop_referee.sampler import choose


def _plain_seven_knights_near_legal(game: Any, state: Any, rng: random.Random) -> list[dict[str, Any]]:
    """Seven Knights' near_legal_actions as written before the shortcut: every action's
    document made, then shuffled (the variants of each, :func:`near_documents`, are shared)."""
    players = game.player_count(state)
    docs = ([game.action_to_json(a) for a in game.legal_actions(state)] if game.actors(state) != (CHANCE,)
            else [game.action_to_json(a) for a, _p in game.chance_outcomes(state)][:3])
    rng.shuffle(docs)
    return near_documents(docs[:6], players)


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
