"""Takeoff [takeoff.*]: players board one astronaut each, in turn; then the rocket is placed
[takeoff.rocket-start] [power.satellite]."""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from ....errors import IllegalAction
from ..model import Action, Embark, Seat, State
from .check import rule
from .order import sorted_actions
from .work import Work, replace_at


@lru_cache(maxsize=4096)
def embark_actions(player: int, reserve: tuple[str, ...]) -> tuple[Action, ...]:
    return sorted_actions(Embark(player, a) for a in reserve)


@rule("takeoff.boarding-order")
def check_takeoff_boarding_order(state: State, a: Embark) -> Iterator[IllegalAction]:
    """The astronaut boarding is one of the player's own, still on their board."""
    reserve = state.reserves[a.player]
    if a.astronaut not in reserve:
        yield IllegalAction(
            "takeoff.boarding-order",
            f"player {a.player} has no {a.astronaut!r} astronaut on their board"
            f" (they have: {', '.join(reserve) or 'none'})",
        )


CHECKS = (check_takeoff_boarding_order,)


def embark(w: Work, a: Embark) -> None:
    # [takeoff.boarding-order]
    reserve = w.reserves[a.player]
    i = reserve.index(a.astronaut)
    w.reserves = replace_at(w.reserves, a.player, reserve[:i] + reserve[i + 1 :])
    # [power.die-one] with die_one=once-per-game: a spent Die-1 boards face down
    spent = a.astronaut == "die-one" and a.player in w.die_one_spent
    w.seats.append(Seat(a.player, a.astronaut, spent))
    w.emit("boarded", "takeoff.boarding-order", player=a.player, astronaut=a.astronaut,
           seat=len(w.seats) - 1)
    if len(w.seats) < w.players:
        return
    # [power.satellite] / [takeoff.rocket-start]
    if any(s.astronaut == "satellite" for s in w.seats):
        w.space = w.board.satellite_space
        w.emit("rocket-placed", "power.satellite", space=w.space)
    else:
        w.space = w.board.start_space
        w.emit("rocket-placed", "takeoff.rocket-start", space=w.space)
    w.phase = "roll"
