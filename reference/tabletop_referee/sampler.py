"""Random play outside the engines: the seeded sampler that an engine itself never has.

An engine only ever sees resolved chance outcomes; this module draws them through the game's
:meth:`~tabletop_referee.games.roles.Rules.sample_chance` from a ``random.Random`` it is
given, together with uniformly random legal decisions. At a simultaneous choice one of the
players still to choose is picked at random, then one of their legal actions.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, cast

from .games.interface import CHANCE, Actor, Transition
from .games.roles import GameKit


def choose(game: GameKit, rng: random.Random, state: Any) -> Any:
    """Returns a random next action: a sampled outcome at chance nodes, else a uniform legal one."""
    return choose_with_actor(game, rng, state)[1]


def choose_with_actor(game: GameKit, rng: random.Random, state: Any) -> tuple[Actor, Any]:
    """:func:`choose`, with who acts: ``(actor, action)``, the actor being :data:`CHANCE` at a
    chance node and, at a simultaneous choice, the player picked (same draws as :func:`choose`)."""
    actors = game.actors(state)
    if actors == (CHANCE,):
        return CHANCE, game.rules.sample_chance(state, rng)
    if len(actors) > 1:
        # a simultaneous node lists players only (the interface's actor model)
        player = cast(int, rng.choice(actors))
        return player, rng.choice(game.legal_actions(state, player))
    return actors[0], rng.choice(game.legal_actions(state))


def playout(game: GameKit, setup: Any, rng: random.Random) -> Iterator[tuple[Any, Any, Transition]]:
    """Plays one random game, yielding (state before, action, transition) for every step."""
    state = game.initial_state(setup)
    while not game.is_over(state):
        action = choose(game, rng, state)
        t = game.apply(state, action)
        yield state, action, t
        state = t.state
