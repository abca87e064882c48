"""Setting up [setup.*] [variants.selection], the variants' setup steps and the start of each
expedition [ufo.arrival] [ufo.arrivals-exhausted]."""

from __future__ import annotations

from collections.abc import Iterator

from ....errors import IllegalAction
from ..model import (
    ASTRONAUTS,
    DICE_COUNT,
    EXPLORATION_REVEALED,
    MISSIONS_DEALT,
    Exploration,
    Missions,
    Rocket,
    Setup,
    State,
    Ufo,
)
from .check import Check, rule
from .work import Work, full, replace


@rule("setup.players")
def check_setup_players(state: State | None, setup: Setup) -> Iterator[IllegalAction]:
    """[setup.players] 2 to 5 players."""
    if not 2 <= setup.players <= 5:
        yield IllegalAction("setup.players", f"MLEM needs 2 to 5 players, not {setup.players}")


@rule("setup.start-player")
def check_setup_start_player(state: State | None, setup: Setup) -> Iterator[IllegalAction]:
    """[setup.start-player] The start player is one of the players."""
    if not 0 <= setup.start_player < setup.players:
        yield IllegalAction(
            "setup.start-player",
            f"start player {setup.start_player} is not one of players 0..{setup.players - 1}",
        )


SETUP_CHECKS: tuple[Check, ...] = (check_setup_players, check_setup_start_player)
"""The checks of a setup, in order; they take ``(None, setup)`` (there is no state yet)."""


def initial_state(setup: Setup) -> State:
    """Returns the state before the first takeoff [setup.players] [setup.start-player].

    Raises:
        IllegalAction: for a player count outside 2..5 or a start player out of range.
    """
    for check in SETUP_CHECKS:
        for problem in check(None, setup):  # type: ignore[arg-type]  # setup checks take no state
            raise problem
    board = setup.board
    state = State(
        board=board,
        options=setup.options,
        phase="takeoff",
        start_player=setup.start_player,
        expedition=1,
        crashes=0,
        reserves=tuple(ASTRONAUTS for _ in range(setup.players)),
        rocket=Rocket(space=board.start_space, dice=DICE_COUNT),
    )
    if not setup.options.variants:
        return state
    return _with_variants(setup, state)


def _with_variants(setup: Setup, state: State) -> State:
    """The first state with the variants' sections, at their first setup step."""
    variants = setup.options.variants
    board = setup.board
    tokens = setup.tokens
    if tokens is None:
        raise IllegalAction("variants.selection", "the variants need a token set (Setup.tokens)")
    n = setup.players
    empty = tuple(() for _ in range(n))
    exploration = missions = ufo = None
    if "exploration" in variants:
        exploration = Exploration(pile=tokens.exploration, held=empty)
    if "missions" in variants:
        if len(tokens.missions) < MISSIONS_DEALT * n:
            raise IllegalAction(
                "missions.deal",
                f"{n} players need {MISSIONS_DEALT * n} mission tokens; token set"
                f" {tokens.id!r} has {len(tokens.missions)}",
            )
        missions = Missions(pile=tokens.missions, hands=empty, discarded=empty)
    if "ufo" in variants:
        home = board.end if tokens.ufo_home is None else tokens.ufo_home
        ufo = Ufo(home=home, space=home, pile=tokens.arrivals, held=empty)
    w = Work(State(
        board, setup.options, "takeoff", setup.start_player, 1, 0, state.reserves, state.rocket,
        exploration=exploration, missions=missions, ufo=ufo,
    ))
    setup_next(w)
    return w.freeze()


def setup_next(w: Work) -> None:
    """Moves to the next step of a variant setup, or to the first expedition."""
    ex = w.exploration
    if ex is not None and len(ex.spaces) < EXPLORATION_REVEALED and ex.pile:
        w.phase = "exploration-setup"
        return
    m = w.missions
    if m is not None:
        if any(len(full(h)) < MISSIONS_DEALT for h in m.hands) and not any(m.discarded):
            w.phase = "mission-deal"
            return
        if any(len(full(h)) == MISSIONS_DEALT for h in m.hands):
            w.phase = "mission-discard"
            return
    start_expedition(w)


def start_expedition(w: Work) -> None:
    # [ufo.arrival] [ufo.arrivals-exhausted]
    u = w.ufo
    if u is None:
        w.phase = "takeoff"
        return
    if not u.pile and u.used and w.options.arrivals_exhausted == "reshuffle":
        w.ufo = u = replace(u, pile=tuple(sorted(u.used, key=lambda t: t.id)), used=())
        w.emit("arrivals-reshuffled", "ufo.arrivals-exhausted", count=len(full(u.pile)))
    if u.pile:
        w.phase = "arrival"
        return
    w.emit("no-arrival", "ufo.arrivals-exhausted", expedition=w.expedition)
    w.phase = "takeoff"
