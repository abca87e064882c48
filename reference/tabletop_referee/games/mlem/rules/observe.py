"""Observations [observation.per-player] [missions.hidden]: what one player can see."""

from __future__ import annotations

from ....errors import IllegalAction
from ..model import Hidden, State
from .work import full, replace


def observe(state: State, player: int) -> State:
    """Returns what ``player`` can see of ``state`` [observation.per-player] [missions.hidden].

    The result is a :class:`State` in which every list the player cannot see is a
    :class:`Hidden` holding only its size: all face-down piles; other players' missions, kept
    and discarded (kept ones are revealed once the game is over). Base-game states hide nothing.

    Raises:
        IllegalAction: ``player`` is not a player of this game.
    """
    if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < state.players:
        raise IllegalAction(
            "observation.per-player", f"player {player!r} is not one of players 0..{state.players - 1}"
        )
    ex, m, u = state.exploration, state.missions, state.ufo
    if ex is None and m is None and u is None:
        return state
    if ex is not None:
        ex = replace(ex, pile=Hidden(len(full(ex.pile))))
    if u is not None:
        u = replace(u, pile=Hidden(len(full(u.pile))))
    if m is not None:
        over = state.phase == "game-over"
        m = replace(
            m,
            pile=Hidden(len(full(m.pile))),
            hands=tuple(h if q == player or over else Hidden(len(full(h))) for q, h in enumerate(m.hands)),
            discarded=tuple(d if q == player else Hidden(len(full(d))) for q, d in enumerate(m.discarded)),
        )
    return replace(state, exploration=ex, missions=m, ufo=u)
