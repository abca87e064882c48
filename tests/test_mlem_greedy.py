"""MLEM's greedy impact policy (docs/impact.md) against its definition.

The policy is fast because it does not play every choice out: a move is weighed by
``engine.move_target`` instead of applying it, landings by ``engine.totals`` instead of score
sheets, and look-ahead uses ``apply_legal``. Each shortcut is checked here against the slow,
literal reading along seeded games with random variants and options, so the committed impact
reports (spec/mlem/impact.json) cannot drift from what docs/impact.md says.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from tabletop_referee.games import load
from tabletop_referee.games.interface import CHANCE
from tabletop_referee.games.mlem import engine
from tabletop_referee.games.mlem.game import GREEDY_LAND_GAIN, GREEDY_RISKY_DICE

GAME = load("mlem")


def _states(seeds: range, max_steps: int = 400) -> Iterator[Any]:
    """States along seeded games with random variants and options, half the decisions greedy
    and half uniform (so the play wanders off the greedy path)."""
    for seed in seeds:
        rng = random.Random(seed)
        state = GAME.initial_state(GAME.random_setup(rng, vary=True))
        for _ in range(max_steps):
            if GAME.is_over(state):
                break
            yield state
            if GAME.actors(state) == (CHANCE,):
                action = GAME.rules.sample_chance(state, rng)
            elif rng.random() < 0.5:
                action = GAME.impact.greedy_action(state, rng)
            else:
                action = rng.choice(GAME.legal_actions(state))
            state = GAME.apply(state, action).state


def literal_greedy(state: Any, rng: random.Random) -> Any:
    """The policy as docs/impact.md words it, each choice played out with the checked apply
    and scored with full score sheets."""
    actions = engine.legal_actions(state)
    if state.phase == "move":
        best, best_to = None, -1
        for action in actions:
            if action.type != "move":
                continue
            t = engine.apply(state, action)
            to = next(e["to"] for e in t.events if e.type == "moved")
            if to > best_to:
                best, best_to = action, to
        return best if best is not None else actions[0]
    if state.phase in ("landing", "parachute"):
        who = engine.current_actor(state)
        now = engine.scores(state)[who].total
        best, gain = None, 0
        for action in actions:
            if action.type == "land":
                after = engine.scores(engine.apply(state, action).state)[who].total - now
                if after > gain:
                    best, gain = action, after
        if best is not None and (state.phase == "parachute" or gain >= GREEDY_LAND_GAIN
                                 or state.rocket.dice <= GREEDY_RISKY_DICE):
            return best
        return next(a for a in actions if a.type == "stay")
    return rng.choice(actions)


def test_the_greedy_policy_chooses_what_its_definition_chooses():
    phases: dict[str, int] = {}
    for i, state in enumerate(_states(range(40))):
        if GAME.actors(state) == (CHANCE,):
            continue
        fast = GAME.impact.greedy_action(state, random.Random(i))
        assert fast == literal_greedy(state, random.Random(i)), (state.phase, GAME.notation.action_text(fast))
        phases[state.phase] = phases.get(state.phase, 0) + 1
    assert phases.get("move", 0) > 200 and phases.get("landing", 0) > 200, phases


def test_move_target_is_where_the_move_goes():
    moves = 0
    for state in _states(range(40)):
        if state.phase != "move":
            continue
        for action in engine.legal_actions(state):
            if action.type == "move":
                moved = next(e for e in engine.apply(state, action).events if e.type == "moved")
                assert engine.move_target(state, action) == moved["to"], GAME.notation.action_text(action)
                moves += 1
    assert moves > 500, moves


def test_totals_add_up_the_score_sheets():
    seen = 0
    for state in _states(range(25)):
        assert engine.totals(state) == tuple(s.total for s in engine.scores(state))
        seen += 1
    assert seen > 1000, seen
