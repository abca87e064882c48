"""Shared helpers of the Celestia engine tests: positions, short actions, random play."""

from __future__ import annotations

import random
from typing import Any

from tabletop_referee.games.celestia import GAME
from tabletop_referee.games.celestia.model import CHANCE


def pos(**doc: Any):
    """A state from a position document (players default 4)."""
    doc.setdefault("players", 4)
    return GAME.positions.position_to_state(doc)


def drain(city: int, keep: list[str], player: int = 0, options: dict | None = None) -> list:
    """``won`` pairs giving ``player`` every treasure card of ``city`` except ``keep`` (so a
    position can show a nearly empty pile while cards stay conserved)."""
    setup = GAME.make_setup(4, options or {})
    cards = list(next(c for c in setup.treasures.cities if c.id == city).treasures)
    for k in keep:
        cards.remove(k)
    return [[city, c] for c in cards]


def act(state, *texts: str):
    """Applies short actions in turn; returns (state, events of all of them)."""
    events = []
    for text in texts:
        t = GAME.apply(state, GAME.notation.parse_action(text, state))
        events += t.events
        state = t.state
    return state, events


def types(events) -> list[str]:
    return [e.type for e in events]


def texts(state) -> list[str]:
    return [GAME.notation.action_text(a) for a in GAME.legal_actions(state)]


def random_game(seed: int, *, players: int | None = None, options: dict | None = None,
                vary: bool = True, keep: bool = False):
    """Plays one seeded random game through GAME; returns the final state (and, with ``keep``,
    every (state, action, transition) step)."""
    rng = random.Random(seed)
    setup = GAME.random_setup(rng, players=players, options=options, vary=vary)
    s = GAME.initial_state(setup)
    steps = []
    while not GAME.is_over(s):
        if GAME.actors(s) == (CHANCE,):
            a = GAME.rules.sample_chance(s, rng)
        else:
            a = rng.choice(GAME.legal_actions(s))
        t = GAME.apply(s, a)
        if keep:
            steps.append((s, a, t))
        s = t.state
    return (s, steps) if keep else s
