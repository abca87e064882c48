"""Teams and bewitching [bewitch.*]."""

from __future__ import annotations

from ..model import WITCH, State


def known_tiles(s: State, player: int) -> frozenset[int]:
    """The tiles ``player`` knows: their own and the ones they inspected."""
    return frozenset([player, *(t for p, t in s.inspections if p == player)])


def witch_tile(s: State) -> int | None:
    """The index of the Witch tile in play, or None (not dealt, or masked)."""
    for i, v in enumerate(s.values):
        if v == WITCH:
            return i
    return None


def witch_team(s: State) -> frozenset[int]:
    """The Witch team [bewitch.teams]: the Witch's holder [bewitch.witch-owner] and everyone
    who inspected her tile [bewitch.on-sight]; empty when she is not in play [bewitch.no-witch]."""
    w = witch_tile(s)
    if w is None:
        return frozenset()
    team = {p for p, t in s.inspections if t == w}
    if w < s.setup.players:
        team.add(w)
    return frozenset(team)


def on_witch_team(s: State, player: int) -> bool:
    w = witch_tile(s)
    if w is None:
        return False
    return w == player or (player, w) in s.inspections


def witch_holder(s: State) -> int | None:
    """The player holding the Witch tile (None when she is in the centre or not in play)."""
    w = witch_tile(s)
    return w if w is not None and w < s.setup.players else None
