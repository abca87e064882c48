"""Treasure draws [treasure.*]: the top card of a city's face-down pile, as a chance action."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from ..model import State, Treasure
from . import end
from .work import Work, resume


def owe(w: Work, player: int, city: int, after: str) -> None:
    """Queues one treasure draw for ``player`` from ``city``; play resumes at ``after``."""
    w.to_treasure.append((player, city))
    w.after_treasure = after


def settle(w: Work) -> None:
    """Moves to the next owed treasure draw, or resumes play when none is left."""
    while w.to_treasure:
        player, city = w.to_treasure[0]
        if not w.piles[city]:
            w.to_treasure.pop(0)
            w.emit("no-treasure", "treasure.city-empty", player=player,
                   city=w.cities[city].id)
            continue
        w.phase = "treasure"
        return
    after, w.after_treasure = w.after_treasure, ""
    resume(w, after or "journey-end")


def draw(w: Work, a: Treasure) -> None:
    player, city = w.to_treasure.pop(0)
    w.take_treasure(player, city, a.card)
    points = (w.cities[city].minimum if w.options.landing_points == "city-number"
              else w.setup.treasures.value(a.card))
    w.emit("treasure", "treasure.draw", player=player, city=w.cities[city].id, card=a.card,
           points=points)
    if not w.piles[city]:
        w.emit("city-empty", "treasure.city-empty", city=w.cities[city].id)
    if end.note_gain(w, player):
        return
    settle(w)


def outcomes(s: State) -> tuple[tuple[Treasure, Fraction], ...]:
    return _outcomes(s.piles[s.to_treasure[0][1]])


@lru_cache(maxsize=4096)
def _outcomes(pile: tuple[str, ...]) -> tuple[tuple[Treasure, Fraction], ...]:
    n = len(pile)
    counts: dict[str, int] = {}
    for c in pile:
        counts[c] = counts.get(c, 0) + 1
    return tuple((Treasure(c), Fraction(k, n)) for c, k in counts.items())
