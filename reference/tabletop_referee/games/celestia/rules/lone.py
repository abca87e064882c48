"""The lone player [lone-player.*, captain.lone]: alone aboard, the captain may land before
rolling (under ``captain_leaving: lone-before-roll``)."""

from __future__ import annotations

from collections.abc import Iterator

from ....errors import IllegalAction
from ..model import Go, Land
from . import roll, treasure
from .work import Table, Work


def may_land(s: Table) -> bool:
    return s.setup.options.captain_leaving == "lone-before-roll" and bool(s.piles[s.city])


def check_lone_player_land_or_roll(s: Table, a: Land) -> Iterator[IllegalAction]:
    """[lone-player.land-or-roll] The lone captain may land only under the option
    ``captain_leaving`` ``lone-before-roll`` and while the city has treasure."""
    if not may_land(s):
        yield IllegalAction("lone-player.land-or-roll",
                            "the captain may not leave the aircraft here")


def land(w: Work, a: Land) -> None:
    w.aboard.remove(a.player)
    w.emit("land", "lone-player.land-or-roll", player=a.player, city=w.cities[w.city].id)
    treasure.owe(w, a.player, w.city, "land")
    treasure.settle(w)


def go(w: Work, a: Go) -> None:
    w.emit("go", "lone-player.land-or-roll", player=a.player)
    roll.start(w)
