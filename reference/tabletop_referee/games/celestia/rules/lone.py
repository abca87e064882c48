"""The lone player [lone-player.*, captain.lone]: alone aboard, the captain may land before
rolling (under ``captain_leaving: lone-before-roll``)."""

from __future__ import annotations

from ....errors import IllegalAction
from ..model import Go, Land
from . import roll, treasure
from .work import Work


def may_land(s) -> bool:
    return s.setup.options.captain_leaving == "lone-before-roll" and bool(s.piles[s.city])


def land(w: Work, a: Land) -> None:
    if not may_land(w):
        raise IllegalAction("lone-player.land-or-roll",
                            "the captain may not leave the aircraft here")
    w.aboard.remove(a.player)
    w.emit("land", "lone-player.land-or-roll", player=a.player, city=w.cities[w.city].id)
    treasure.owe(w, a.player, w.city, "land")
    treasure.settle(w)


def go(w: Work, a: Go) -> None:
    w.emit("go", "lone-player.land-or-roll", player=a.player)
    roll.start(w)
