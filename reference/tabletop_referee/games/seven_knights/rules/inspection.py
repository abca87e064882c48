"""Exploration [inspection.*] and bewitching on sight [bewitch.on-sight]."""

from __future__ import annotations

from collections.abc import Iterator

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


def check_inspection_target_exists(s: State, a: Inspect) -> Iterator[IllegalAction]:
    """[inspection.target-exists] The tile is in play."""
    if a.tile not in in_play(s.setup):
        yield IllegalAction("inspection.target-exists",
                            f"there is no tile {tile_ref(a.tile)} in play")


def check_inspection_not_own(s: State, a: Inspect) -> Iterator[IllegalAction]:
    """[inspection.not-own] Nobody inspects their own tile."""
    if a.tile == a.player:
        yield IllegalAction("inspection.not-own", "you may not inspect your own tile")


def check_inspection_darkness_first_lap(s: State, a: Inspect) -> Iterator[IllegalAction]:
    """[inspection.darkness-first-lap] In darkness the first lap inspects players' tiles."""
    if play_mode(s.setup) == "darkness" and lap(s) == 0 and a.tile >= s.setup.players:
        yield IllegalAction("inspection.darkness-first-lap",
                            "in the first lap you inspect a tile in front of another player")


def check_inspection_darkness_second_lap(s: State, a: Inspect) -> Iterator[IllegalAction]:
    """[inspection.darkness-second-lap] In darkness the second lap inspects a centre tile."""
    if play_mode(s.setup) == "darkness" and lap(s) == 1 and a.tile < s.setup.players:
        yield IllegalAction("inspection.darkness-second-lap",
                            "in the second lap you inspect a face-down centre tile")


def apply(w: Work, s: State, a: Inspect) -> None:
    w.inspections.append((a.player, a.tile))
    value = s.values[a.tile]
    w.emit("inspected", "inspection.public", player=a.player, tile=tile_ref(a.tile),
           value=value_ref(value))
    if value == WITCH:
        w.emit("bewitched", "bewitch.on-sight", player=a.player)
    if len(w.inspections) == inspection_laps(s) * s.setup.players:
        w.phase = "ask"
