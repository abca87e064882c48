"""Hidden information [observation.*]: what one player may see of a state."""

from __future__ import annotations

from dataclasses import replace

from ..model import HIDDEN, State
from .bewitch import known_tiles


def visible_tiles(s: State, player: int) -> frozenset[int]:
    """Tiles whose value ``player`` sees: their own [observation.own-tile], those they
    inspected [observation.inspected-tile] and those the rules revealed to all."""
    if not s.values:
        return frozenset()
    return known_tiles(s, player) | frozenset(s.revealed)


def observe(s: State, player: int) -> State:
    """``s`` with every value ``player`` may not see masked [observation.hidden]: other tiles'
    values become None, other players' recommendations before the reveal become HIDDEN."""
    seen = visible_tiles(s, player)
    values = tuple(v if i in seen else None for i, v in enumerate(s.values))
    recs = s.recommendations
    if not s.revealed_recommendations:
        recs = tuple(r if p == player or r is None else HIDDEN for p, r in enumerate(recs))
    return replace(s, values=values, recommendations=recs)


def public_view(s: State) -> State:
    """``s`` as every player may see it (the table of ``referee play``): only the tile values
    the rules revealed to all, and no pending recommendation [observation.hidden]."""
    shown = frozenset(s.revealed)
    values = tuple(v if i in shown else None for i, v in enumerate(s.values))
    recs = s.recommendations
    if not s.revealed_recommendations:
        recs = tuple(None if r is None else HIDDEN for r in recs)
    return replace(s, values=values, recommendations=recs)
