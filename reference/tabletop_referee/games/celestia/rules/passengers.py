"""Passengers' decisions [passengers.*]: one by one from the captain's left, stay or leave."""

from __future__ import annotations

from collections.abc import Iterator

from ....errors import IllegalAction
from ..model import Action, Leave, Stay
from . import power, treasure
from .work import Table, Work, resumes


def begin(w: Work) -> None:
    """After the roll, the first passenger clockwise from the captain's left decides
    [passengers.decision-order]; a lone captain has no decisions [lone-player.legs]."""
    w.cursor = w.captain
    advance(w)


@resumes("decide")
def advance(w: Work) -> None:
    """The next passenger after ``cursor`` decides; back at the captain, the power window opens.
    Once the city's pile is empty the remaining passengers stay aboard without deciding
    [passengers.emptied-city]."""
    if not w.piles[w.city]:
        w.cursor = None
        power.open_window(w)
        return
    assert w.cursor is not None  # the decisions start at the captain (begin sets the cursor)
    p = w.left_of(w.cursor)
    while p != w.captain:
        if p in w.aboard:
            w.cursor = p
            w.phase = "decide"
            return
        p = w.left_of(p)
    power.open_window(w)


def may_leave(s: Table) -> bool:
    """Whether the passenger to decide may leave: not once the city's pile is empty
    [passengers.emptied-city] (such a passenger is not even asked)."""
    return bool(s.piles[s.city])


def stay(w: Work, a: Stay) -> None:
    w.emit("stay", "passengers.stay", player=a.player)
    advance(w)


def check_passengers_captain_stays(s: Table, a: Action) -> Iterator[IllegalAction]:
    """[passengers.captain-stays] The captain takes no part in the passengers' decisions."""
    if isinstance(a, Leave) and a.player == s.captain and a.player != s.cursor:
        yield IllegalAction("passengers.captain-stays",
                            "the captain takes no part in the passengers' decisions and "
                            "cannot leave the aircraft during them")


def check_passengers_emptied_city(s: Table, a: Leave) -> Iterator[IllegalAction]:
    """[passengers.emptied-city] Nobody leaves at a city whose treasure has run out."""
    if not may_leave(s):
        yield IllegalAction(
            "passengers.emptied-city",
            f"the treasure of {s.setup.treasures.cities[s.city].id} has run out: nobody else may leave there",
        )


def leave(w: Work, a: Leave) -> None:
    w.aboard.remove(a.player)
    w.emit("leave", "passengers.leave", player=a.player, city=w.cities[w.city].id)
    treasure.owe(w, a.player, w.city, "decide")
    treasure.settle(w)
