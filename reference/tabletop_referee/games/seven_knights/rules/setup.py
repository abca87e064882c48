"""Setup [setup.*]: the player count, the first player and the starting scores."""

from __future__ import annotations

from ....errors import IllegalAction
from fractions import Fraction

from ..model import MAX_PLAYERS, MIN_PLAYERS, FirstPlayer, Setup, State
from .modes import check_modes
from .work import Work


def check_setup(setup: Setup) -> None:
    """Raises IllegalAction when the rules refuse ``setup`` [setup.player-count], its mode or
    options [modes.*], or its first player [setup.first-player]."""
    n = setup.players
    if not isinstance(n, int) or not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise IllegalAction("setup.player-count",
                            f"the game is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {n}")
    if setup.first_player is not None and (
            not isinstance(setup.first_player, int) or not 0 <= setup.first_player < n):
        raise IllegalAction("setup.first-player",
                            f"the first player must be a seat from 0 to {n - 1}, "
                            f"not {setup.first_player}")
    check_modes(setup)


def initial_state(setup: Setup) -> State:
    """Round 1, every score 0 [setup.scores], waiting for the draw of the first player (a
    chance action) or, when the setup names the first player, for the deal
    [setup.first-player]."""
    check_setup(setup)
    phase = "first-player" if setup.first_player is None else "deal"
    return State(setup, 1, setup.first_player, phase, scores=(0,) * setup.players)


def first_player_outcomes(setup: Setup) -> tuple[tuple[FirstPlayer, Fraction], ...]:
    """Every seat with probability 1/players [setup.first-player]."""
    p = Fraction(1, setup.players)
    return tuple((FirstPlayer(seat), p) for seat in range(setup.players))


def apply_first_player(w: Work, a: FirstPlayer) -> None:
    if not isinstance(a.seat, int) or not 0 <= a.seat < w.players:
        raise IllegalAction("setup.first-player", f"there is no player {a.seat} to start")
    w.first_player = a.seat
    w.phase = "deal"
    w.emit("first-player-drawn", "setup.first-player", first_player=a.seat)
