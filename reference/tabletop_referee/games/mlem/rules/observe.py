"""Observations [observation.per-player] [missions.hidden]: what one player can see."""

from __future__ import annotations

from ....errors import IllegalAction
from ..model import Exploration, Hidden, Missions, State, Ufo
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
    over = state.phase == "game-over"
    return replace(state, exploration=None if ex is None else observed_exploration(ex),
                   missions=None if m is None else observed_missions(m, player, over),
                   ufo=None if u is None else observed_ufo(u))


def observed_exploration(ex: Exploration) -> Exploration:
    """What every player sees of the Exploration tokens: the face-down pile's size only."""
    return replace(ex, pile=Hidden(len(full(ex.pile))))


def observed_ufo(u: Ufo) -> Ufo:
    """What every player sees of the UFO section: the arrival pile's size only."""
    return replace(u, pile=Hidden(len(full(u.pile))))


def observed_missions(m: Missions, player: int, over: bool) -> Missions:
    """What ``player`` sees of the missions: the pile's size, the other players' kept missions
    (until the game is ``over``) and discarded ones as sizes only."""
    return replace(
        m,
        pile=Hidden(len(full(m.pile))),
        hands=tuple(h if q == player or over else Hidden(len(full(h))) for q, h in enumerate(m.hands)),
        discarded=tuple(d if q == player else Hidden(len(full(d))) for q, d in enumerate(m.discarded)),
    )
