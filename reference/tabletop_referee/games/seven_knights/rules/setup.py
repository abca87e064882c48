"""Setup [setup.*]: the player count, the first player and the starting scores."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

from ....errors import IllegalAction
from ..model import MAX_PLAYERS, MIN_PLAYERS, FirstPlayer, Setup, State
from .work import Work


def check_setup_player_count(_: None, setup: Setup) -> Iterator[IllegalAction]:
    """[setup.player-count] (a setup check) 3 to 8 players."""
    n = setup.players
    if not isinstance(n, int) or not MIN_PLAYERS <= n <= MAX_PLAYERS:
        yield IllegalAction("setup.player-count",
                            f"the game is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {n}")


def check_setup_first_player(s: State | None, a: Setup | FirstPlayer) -> Iterator[IllegalAction]:
    """[setup.first-player] The first player is a seat of the game: the one a setup names
    (a setup check, ``s`` is None) or the one a first-player draw gives."""
    if isinstance(a, Setup):
        n = a.players
        if a.first_player is not None and (
                not isinstance(a.first_player, int) or not 0 <= a.first_player < n):
            yield IllegalAction("setup.first-player",
                                f"the first player must be a seat from 0 to {n - 1}, "
                                f"not {a.first_player}")
    elif s is not None and (not isinstance(a.seat, int) or not 0 <= a.seat < s.setup.players):
        yield IllegalAction("setup.first-player", f"there is no player {a.seat} to start")


def initial_state(setup: Setup) -> State:
    """Round 1, every score 0 [setup.scores], waiting for the draw of the first player (a
    chance action) or, when the setup names the first player, for the deal
    [setup.first-player]. The setup has passed the setup checks (``checks.check_setup``)."""
    phase = "first-player" if setup.first_player is None else "deal"
    return State(setup, 1, setup.first_player, phase, scores=(0,) * setup.players)


def first_player_outcomes(setup: Setup) -> tuple[tuple[FirstPlayer, Fraction], ...]:
    """Every seat with probability 1/players [setup.first-player]."""
    p = Fraction(1, setup.players)
    return tuple((FirstPlayer(seat), p) for seat in range(setup.players))


def apply_first_player(w: Work, a: FirstPlayer) -> None:
    w.first_player = a.seat
    w.phase = "deal"
    w.emit("first-player-drawn", "setup.first-player", first_player=a.seat)
