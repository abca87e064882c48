"""Seeded random full games through ``GAME``, with every option value played: determinism,
exact JSON round trips, schema-valid documents, ``state_problems`` empty on every reachable
state, notation round trips, descriptions, and the no-leak property of observations."""

from __future__ import annotations

from dataclasses import replace

import pytest
from sk_helpers import GAME, every_option_value, random_game

from tabletop_referee.games.seven_knights.model import HIDDEN, in_play
from tabletop_referee.schemas import validation_errors

GAME_ID = "seven-knights"
CASES = [(i, opts) for i, opts in enumerate(every_option_value())] + [
    (100 + i, None) for i in range(8)]  # None: every option sampled


def _valid(name, doc):
    errors = validation_errors(GAME_ID, name, doc)
    assert not errors, (name, errors, doc)


@pytest.mark.parametrize(("seed", "options"), CASES,
                         ids=[f"{s}-{o}" for s, o in CASES])
def test_random_game_holds_together(seed, options):
    vary = options is None
    steps = list(random_game(seed, options=options, vary=vary))
    first = steps[0][0]
    if options:
        for name, value in options.items():
            assert getattr(first.options, name) == value
    setup_doc = GAME.setup_to_json(first.setup)
    _valid("setup", setup_doc)
    assert GAME.setup_from_json(setup_doc) == first.setup
    n = first.players
    for state, action, t in steps:
        doc = GAME.state_to_json(state)
        _valid("state", doc)
        assert GAME.state_from_json(doc) == state
        assert GAME.rules.state_problems(state) == []
        for p in range(n):
            obs = GAME.interchange.observation_to_json(state, p)
            _valid("observation", obs)
        adoc = GAME.action_to_json(action)
        _valid("action", adoc)
        assert GAME.action_from_json(adoc) == action
        text = GAME.notation.action_text(action)
        assert GAME.notation.parse_action(text, state, getattr(action, "player", None)) == action
        for e in t.events:
            edoc = GAME.event_to_json(e)
            _valid("event", edoc)
            assert e.clause
            for observer in (None, 0):
                assert isinstance(GAME.narration.describe_event(e, state, observer), str)
    last = steps[-1][2].state
    assert GAME.is_over(last) and GAME.rules.state_problems(last) == []
    assert GAME.state_from_json(GAME.state_to_json(last)) == last
    assert GAME.narration.describe_state(last) and GAME.narration.describe_state(last, 0)


@pytest.mark.parametrize("seed", range(4))
def test_games_are_deterministic(seed):
    a = [(GAME.action_to_json(x), [GAME.event_to_json(e) for e in t.events])
         for _, x, t in random_game(seed)]
    b = [(GAME.action_to_json(x), [GAME.event_to_json(e) for e in t.events])
         for _, x, t in random_game(seed)]
    assert a == b


# -- the no-leak property -------------------------------------------------------------------


def _swap(state, a, b):
    v = list(state.values)
    v[a], v[b] = v[b], v[a]
    return replace(state, values=tuple(v))


@pytest.mark.parametrize("seed", range(12))
def test_observations_leak_nothing(seed):
    checked_tiles = checked_recs = 0
    for state, _, _ in random_game(seed):
        if not state.values:
            continue
        n = state.players
        for p in range(n):
            obs = GAME.interchange.observation_to_json(state, p)
            hidden = [t for t in in_play(state.setup) if GAME.observe(state, p).values[t] is None]
            if len(hidden) >= 2:
                # another player's hidden tile (or a centre tile) changes: p sees no difference
                other = _swap(state, hidden[0], hidden[1])
                assert GAME.interchange.observation_to_json(other, p) == obs
                checked_tiles += 1
            if hidden and state.values[p] != state.values[hidden[0]]:
                # p's own tile changes: p sees it
                mine = _swap(state, p, hidden[0])
                assert GAME.interchange.observation_to_json(mine, p) != obs
        if state.phase == "recommend" and not state.revealed_recommendations:
            chosen = [q for q, r in enumerate(state.recommendations) if r is not None]
            for q in chosen:
                changed = list(state.recommendations)
                changed[q] = (changed[q] + 1) % n
                other = replace(state, recommendations=tuple(changed))
                for p in range(n):
                    before = GAME.interchange.observation_to_json(state, p)
                    after = GAME.interchange.observation_to_json(other, p)
                    if p == q:
                        assert after != before
                    else:
                        assert after == before
                        assert before["recommendations"][q] == "hidden"
                        assert GAME.observe(state, p).recommendations[q] == HIDDEN
                    checked_recs += 1
    assert checked_tiles > 0


def test_pending_recommendations_are_checked_somewhere():
    found = False
    for seed in range(6):
        for state, action, t in random_game(seed):
            if state.phase == "recommend" and any(r is not None for r in state.recommendations):
                found = True
                q = next(q for q, r in enumerate(state.recommendations) if r is not None)
                others = [p for p in range(state.players) if p != q]
                assert all(GAME.observe(state, p).recommendations[q] == HIDDEN for p in others)
                break
        if found:
            break
    assert found


def test_events_described_for_an_observer_hide_values():
    for state, action, t in random_game(5, options={}, vary=False):
        for e in t.events:
            if e.type == "inspected":
                other = next(p for p in range(state.players) if p != e["player"])
                assert "sees" not in GAME.narration.describe_event(e, state, other)
                assert "sees" in GAME.narration.describe_event(e, state, e["player"])
            if e.type == "recommended":
                other = next(p for p in range(state.players) if p != e["player"])
                assert f"recommends player {e['target']}" not in GAME.narration.describe_event(e, state, other)
