"""Exploration [inspection.*] and bewitching on sight [bewitch.on-sight]."""

from __future__ import annotations

from ....errors import IllegalAction
from ..model import CENTRE, WITCH, Inspect, State, in_play, tile_ref, value_ref
from .modes import play_mode
from .turn import inspection_laps
from .work import Work


def lap(s: State) -> int:
    return len(s.inspections) // s.setup.players


def targets(s: State, player: int) -> tuple[int, ...]:
    """The tiles ``player`` may inspect now, ascending."""
    n = s.setup.players
    if play_mode(s.setup) == "darkness":
        if lap(s) == 0:
            return tuple(t for t in range(n) if t != player)
        return tuple(t for t in in_play(s.setup) if t >= CENTRE)
    return tuple(t for t in in_play(s.setup) if t != player)


def check(s: State, a: Inspect) -> None:
    n = s.setup.players
    if a.tile not in in_play(s.setup):
        raise IllegalAction("inspection.target-exists",
                            f"there is no tile {tile_ref(a.tile)} in play")
    if a.tile == a.player:
        raise IllegalAction("inspection.not-own", "you may not inspect your own tile")
    if play_mode(s.setup) == "darkness":
        if lap(s) == 0 and a.tile >= n:
            raise IllegalAction("inspection.darkness-first-lap",
                                "in the first lap you inspect a tile in front of another player")
        if lap(s) == 1 and a.tile < n:
            raise IllegalAction("inspection.darkness-second-lap",
                                "in the second lap you inspect a face-down centre tile")


def apply(w: Work, s: State, a: Inspect) -> None:
    check(s, a)
    n = s.setup.players
    w.inspections.append((a.player, a.tile))
    value = s.values[a.tile]
    w.emit("inspected", "inspection.public", player=a.player, tile=tile_ref(a.tile),
           value=value_ref(value))
    if value == WITCH:
        w.emit("bewitched", "bewitch.on-sight", player=a.player)
    if len(w.inspections) == inspection_laps(s) * s.setup.players:
        w.phase = "ask"
