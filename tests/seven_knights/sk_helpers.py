"""Shared helpers of the Seven Knights Bewitched engine tests: building positions and playing
seeded random games through the public ``GAME`` object."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from tabletop_referee.games import load
from tabletop_referee.games.seven_knights.model import (
    OPTION_VALUES, WITCH, Arrange, Skip, in_play,
)

GAME = load("seven-knights")


def position(**doc: Any):
    """A state from a position document (position.py format)."""
    return GAME.positions.position_to_state(doc)


def act(state, text: str, player: int | None = None):
    """Applies one short action; returns the transition."""
    return GAME.apply(state, GAME.notation.parse_action(text, state, player))


def play(state, *texts: str):
    for text in texts:
        state = act(state, text).state
    return state


def random_action(state, rng: random.Random):
    """A random next action; the captain skips the last question half the time and lays the
    correct line half the time (so that every ending is reached often)."""
    actors = GAME.actors(state)
    if actors == ("chance",):
        return GAME.rules.sample_chance(state, rng)
    player = rng.choice(actors)
    legal = GAME.legal_actions(state, player)
    if state.phase == "captain-ask" and rng.random() < 0.5 and legal[-1] == Skip(player):
        return legal[-1]
    if state.phase == "arrange" and rng.random() < 0.5:
        knights = sorted((state.values[t], t) for t in in_play(state.setup)
                         if state.values[t] != WITCH)
        line = Arrange(player, tuple(t for _, t in knights))
        if line in legal:
            return line
    return rng.choice(legal)


def random_game(seed: int, *, players: int | None = None, options: dict | None = None,
                vary: bool = True) -> Iterator[tuple[Any, Any, Any]]:
    """Yields (state, action, transition) for every step of one seeded random game."""
    rng = random.Random(seed)
    setup = GAME.random_setup(rng, players=players, options=options, vary=vary)
    state = GAME.initial_state(setup)
    while not GAME.is_over(state):
        action = random_action(state, rng)
        t = GAME.apply(state, action)
        yield state, action, t
        state = t.state


def final_state(seed: int, **kw):
    last = None
    for _, _, t in random_game(seed, **kw):
        last = t.state
    return last


def every_option_value() -> list[dict]:
    """One option dict per (option, value) pair, the other options default."""
    return [{name: v} for name, values in OPTION_VALUES.items() for v in values]
