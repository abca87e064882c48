"""The roll [travel.roll] [components.dice]: chance throws the available dice; a roll with no
fitting die crashes the rocket unless a power or an ability saves it."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from fractions import Fraction
from functools import lru_cache
from math import factorial

from ....errors import IllegalAction
from ..model import DIE, FACE_INDEX, FACES, Roll, State
from .check import rule
from .crash import crash
from .ufo import ufo_rescue
from .work import Work


@lru_cache(maxsize=None)
def roll_outcomes(dice: int) -> tuple[tuple[Roll, Fraction], ...]:
    weights = {f: Fraction(DIE.count(f), len(DIE)) for f in FACES}
    out = []
    for combo in itertools.combinations_with_replacement(FACES, dice):
        p = Fraction(factorial(dice))
        for f in FACES:
            k = combo.count(f)
            p *= weights[f] ** k / factorial(k)
        out.append((Roll(combo), p))
    return tuple(out)


@rule("travel.roll")
def check_travel_roll(state: State, a: Roll) -> Iterator[IllegalAction]:
    """A roll shows one face per available die."""
    dice = state.rocket.dice
    if len(a.faces) != dice:
        yield IllegalAction("travel.roll", f"the roll has {len(a.faces)} faces but {dice} dice are available")


@rule("components.dice")
def check_components_dice(state: State, a: Roll) -> Iterator[IllegalAction]:
    """Every face rolled is a face of the die."""
    for f in a.faces:
        if f not in FACE_INDEX:
            yield IllegalAction("components.dice", f"{f!r} is not a die face")
            return


CHECKS = (check_travel_roll, check_components_dice)


def roll(w: Work, a: Roll) -> None:
    # [travel.roll]
    faces = tuple(sorted(a.faces, key=FACE_INDEX.__getitem__))
    w.emit("rolled", "travel.roll", faces=faces)
    allowed = w.board.spaces[w.space].faces
    if any(f in allowed for f in faces):
        w.roll, w.phase = faces, "move"
        return
    rescue = (  # the option is looked at last, only when it can matter (impact sharing)
        "1" in allowed
        and any(s.astronaut == "die-one" and not s.flipped for s in w.seats)
        and w.options.die_one_rescue
    )
    if rescue:  # [power.die-one]: the extra 1 keeps the rocket flying
        w.roll, w.phase = faces, "move"
        return
    if w.ufo is not None and ufo_rescue(w):  # [ufo.reroll] [ufo.extra-face]
        w.roll, w.phase = faces, "move"
        return
    crash(w)
