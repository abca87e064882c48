"""Random games with a reference engine: what ``referee simulate`` plays and summarises.

GameKit ``i`` of a run is seeded from the one ``random.Random(seed)`` in order, so a run is
reproducible; the engine never draws a random number (chance goes through
:mod:`tabletop_referee.sampler`).
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .games.roles import GameKit
from .sampler import playout


@dataclass
class Summary:
    """What a run of random games measured."""

    games: int = 0
    actions: int = 0
    metrics: Counter[str] = field(default_factory=Counter)
    end_reasons: Counter[str] = field(default_factory=Counter)
    totals: list[int] = field(default_factory=list)
    seconds: float = 0.0


def simulate(game: GameKit, *, games: int, seed: int, players: int | None, options: Mapping[str, Any],
             flags: Mapping[str, str],
             each: Callable[[int, Any, list[Any], Any], None] | None = None) -> tuple[Summary, Any]:
    """Plays ``games`` random games; returns the summary and the setup template used.

    ``each(index, setup, actions, final_state)`` is called after every game (to write its log).

    Raises:
        UsageError / RefereeError: a setup the arguments cannot make (before any game is played).
    """
    template = game.setups.setup_from_args(players=players, start_player=None, options=options, flags=flags,
                                    rng=random.Random(seed))
    low, high = game.info.players
    rng = random.Random(seed)
    summary = Summary()
    started = time.perf_counter()
    for index in range(games):
        count = players or rng.randint(low, high)
        setup = game.setups.with_seating(template, count, rng.randrange(count))
        state = None
        played = []
        for _before, action, t in playout(game, setup, rng):
            summary.actions += 1
            state = t.state
            played.append(action)
        if state is None:
            state = game.initial_state(setup)
        summary.games += 1
        summary.metrics.update(game.scoring.metrics(state))
        summary.end_reasons[game.scoring.ended_reason(state) or ""] += 1
        summary.totals += list(game.scoring.totals(state))
        if each is not None:
            each(index, setup, played, state)
    summary.seconds = time.perf_counter() - started
    return summary, template
