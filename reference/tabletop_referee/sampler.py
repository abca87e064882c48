"""Random play outside the engine: the seeded sampler that the engine itself never has.

The engine only ever sees resolved chance outcomes (``Roll`` actions); this module draws them
from a ``random.Random`` it is given, together with uniformly random legal decisions.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from .games import mlem
from .games.mlem.model import DIE


def roll(rng: random.Random, dice: int) -> mlem.Roll:
    """Returns a roll of ``dice`` fair MLEM dice [components.dice]."""
    return mlem.Roll(tuple(rng.choices(DIE, k=dice)))


def choose(rng: random.Random, state: mlem.State):
    """Returns a random next action: a sampled roll at chance nodes, else a uniform legal one."""
    if state.phase == "roll":
        return roll(rng, state.rocket.dice)
    return rng.choice(mlem.legal_actions(state))


def playout(setup: mlem.Setup, rng: random.Random) -> Iterator[tuple[mlem.State, object, mlem.Transition]]:
    """Plays one random game, yielding (state before, action, transition) for every step."""
    state = mlem.initial_state(setup)
    while state.phase != "game-over":
        action = choose(rng, state)
        t = mlem.apply(state, action)
        yield state, action, t
        state = t.state
