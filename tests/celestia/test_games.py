"""Seeded random full games through ``GAME``: every rule option value is played at least once.

Each game checks, at every step: the action and every event are schema-valid and read back
equal (JSON round trip), the notation round-trips, the state is schema-valid, reads back equal
and has no ``state_problems``; every few steps, every player's observation is schema-valid.
"""

from __future__ import annotations

import random
import zlib

import pytest

from tabletop_referee.games.celestia import GAME
from tabletop_referee.games.celestia.interchange import event_from_json
from tabletop_referee.games.celestia.model import CHANCE, OPTION_VALUES
from tabletop_referee.schemas import validation_errors

from .helpers import random_game

CASES = [(name, value) for name, values in OPTION_VALUES.items() for value in values]
CASES.append(("city_dice", [1, 1, 2, 2, 3, 3, 4, 4, 4]))


def _check_step(s, a, t, i: int) -> None:
    ad = GAME.action_to_json(a)
    assert validation_errors("celestia", "action", ad) == []
    assert GAME.action_from_json(ad) == a
    assert GAME.notation.parse_action(GAME.notation.action_text(a), s) == a
    for e in t.events:
        ed = GAME.event_to_json(e)
        assert validation_errors("celestia", "event", ed) == [], ed
        assert event_from_json(ed) == e
    state = t.state
    sd = GAME.state_to_json(state)
    assert validation_errors("celestia", "state", sd) == []
    assert GAME.state_from_json(sd) == state
    assert GAME.rules.state_problems(state) == []
    if i % 7 == 0:
        for p in range(state.players):
            od = GAME.interchange.observation_to_json(state, p)
            assert validation_errors("celestia", "observation", od) == []


@pytest.mark.parametrize("name, value", CASES, ids=[f"{n}={v}" for n, v in CASES])
def test_full_game_under_each_option_value(name, value):
    seed = zlib.crc32(f"{name}={value}".encode()) % 10_000
    rng = random.Random(seed)
    setup = GAME.random_setup(rng, players=2 + seed % 5, options={name: value}, vary=False)
    assert getattr(setup.options, name) == (tuple(value) if isinstance(value, list) else value)
    s = GAME.initial_state(setup)
    assert GAME.rules.state_problems(s) == []
    i = 0
    while not GAME.is_over(s):
        if GAME.actors(s) == (CHANCE,):
            outcomes = GAME.chance_outcomes(s)
            assert sum(p for _, p in outcomes) == 1
            assert all(p > 0 for _, p in outcomes)
            a = GAME.rules.sample_chance(s, rng)
        else:
            legal = GAME.legal_actions(s)
            assert legal and len(set(legal)) == len(legal)
            a = rng.choice(legal)
        t = GAME.apply(s, a)
        _check_step(s, a, t, i)
        s = t.state
        i += 1
    result = GAME.result_to_json(s)
    assert result["outcome"]["winners"] == list(GAME.scoring.winners(s))
    best = max(GAME.scoring.totals(s))
    if s.setup.options.end_winner == "highest":
        assert all(GAME.scoring.totals(s)[w] == best for w in GAME.scoring.winners(s))
    assert s.ended in ("target", "no-treasure")
    if s.ended == "target":
        assert best >= 50


@pytest.mark.parametrize("seed", range(6))
def test_varied_games_are_deterministic(seed):
    s1, steps1 = random_game(seed, keep=True)
    s2, steps2 = random_game(seed, keep=True)
    assert s1 == s2
    ev1 = [GAME.event_to_json(e) for _, _, t in steps1 for e in t.events]
    ev2 = [GAME.event_to_json(e) for _, _, t in steps2 for e in t.events]
    assert ev1 == ev2 and ev1[-1]["type"] == "game-over"


def test_replaying_the_actions_from_the_setup_json():
    final, steps = random_game(11, keep=True)
    setup = GAME.setup_from_json(GAME.setup_to_json(final.setup))
    s = GAME.initial_state(setup)
    for _, a, _ in steps:
        s = GAME.apply(s, GAME.action_from_json(GAME.action_to_json(a))).state
    assert s == final


def test_legal_actions_are_exactly_the_accepted_ones():
    """At sampled decision nodes, every listed action applies, and the other candidate
    actions of the node's player are refused with a clause."""
    from tabletop_referee.errors import IllegalAction
    from tabletop_referee.games.celestia import Crash, Leave, Meet, Pass, Play, Stay
    from tabletop_referee.games.celestia.model import POWERS

    _, steps = random_game(5, keep=True)
    for s, _, _ in steps[::5]:
        actors = GAME.actors(s)
        if actors == (CHANCE,):
            continue
        p = actors[0]
        legal = set(GAME.legal_actions(s))
        candidates = {Stay(p), Leave(p), Pass(p), Crash(p), Meet(p, ())}
        candidates |= {Play(p, c) for c in POWERS}
        for a in candidates - legal:
            with pytest.raises(IllegalAction) as info:
                GAME.apply(s, a)
            assert info.value.clause
        for a in legal:
            GAME.apply(s, a)
