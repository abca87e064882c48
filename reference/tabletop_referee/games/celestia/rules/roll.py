"""The captain's roll [roll.*]: as many event dice as the next city in play shows."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from functools import lru_cache
from math import factorial

from ....errors import IllegalAction
from ..model import DIE, FACES, Roll, Setup, State, sort_faces
from . import passengers
from .work import Table, Work, full, next_city


def check_roll_dice_count(_: None, setup: Setup) -> Iterator[IllegalAction]:
    """[roll.dice-count] (a setup check) The option ``city_dice`` gives one count per city."""
    if len(setup.options.city_dice) != len(setup.treasures.cities):
        yield IllegalAction("roll.dice-count", "city_dice must give one count per city")


def start(w: Work) -> None:
    w.phase = "roll"


def dice(s: Table) -> int:
    """Dice for the coming leg: those of the next city in play [roll.dice-count, roll.skipped-city]."""
    nxt = next_city(s, s.city)
    assert nxt is not None  # a leg is flown only towards a city in play
    return s.setup.treasures.cities[nxt].dice


def apply_roll(w: Work, a: Roll) -> None:
    w.roll = list(a.faces)
    w.emit("roll", "roll.faces", player=w.captain, faces=tuple(a.faces))
    passengers.begin(w)


@lru_cache(maxsize=None)
def outcomes_for(n: int) -> tuple[tuple[Roll, Fraction], ...]:
    """Every multiset of ``n`` faces with its exact probability [roll.faces]."""
    p = {f: Fraction(DIE.count(f), len(DIE)) for f in FACES}
    out = []

    def rec(i: int, left: int, chosen: list[str]) -> None:
        if i == len(FACES) - 1:
            faces = chosen + [FACES[i]] * left
            counts = [faces.count(f) for f in FACES]
            prob = Fraction(factorial(n))
            for f, k in zip(FACES, counts):
                prob *= p[f] ** k / factorial(k)
            out.append((Roll(sort_faces(faces)), prob))
            return
        for k in range(left, -1, -1):
            rec(i + 1, left - k, chosen + [FACES[i]] * k)

    rec(0, n, [])
    return tuple(out)


def outcomes(s: State) -> tuple[tuple[Roll, Fraction], ...]:
    return outcomes_for(dice(full(s)))
