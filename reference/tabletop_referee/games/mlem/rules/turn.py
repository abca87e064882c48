"""Whose turn it is and which action each step takes [turn.phase] [turn.actor]."""

from __future__ import annotations

from collections.abc import Iterator

from ....errors import IllegalAction
from ..model import (
    CHANCE, CHANCE_PHASES, Action, ArrivalToken, Discard, Draw, Embark, ExplorationToken, Land,
    MissionToken, Move, Reroll, Roll, State, Stay,
)
from .check import Check, rule
from .missions import next_discarder
from .work import full, on

PHASE_ACTIONS: dict[str, tuple[type[Action], ...]] = {
    "exploration-setup": (Draw,),
    "mission-deal": (Draw,),
    "mission-discard": (Discard,),
    "arrival": (Draw,),
    "takeoff": (Embark,),
    "roll": (Roll,),
    "move": (Move, Reroll),
    "landing": (Land, Stay),
    "exploration-draw": (Draw,),
    "parachute": (Land, Stay),
}
"""The kinds of action each phase accepts [turn.phase]."""


def current_actor(state: State) -> int | str | None:
    """Returns who decides next: a player number, :data:`CHANCE`, or ``None`` (game over)."""
    phase = state.phase
    if phase == "takeoff":
        return (state.start_player + len(state.rocket.seats)) % state.players
    if phase in CHANCE_PHASES:
        return CHANCE
    if phase == "mission-discard":
        return next_discarder(state.start_player, on(state.missions, "missions").hands)
    if phase == "move":
        return state.rocket.seats[0].player
    if phase in ("landing", "parachute"):
        return state.rocket.seats[state.rocket.cursor].player
    return None


def text_player(state: State) -> int:
    """The player a short action without ``player:N`` is for: the one to act; when nobody is
    (a roll is due, the game is over), the commander (as ``describe.default_player``)."""
    actor = current_actor(state)
    if isinstance(actor, int):
        return actor
    seats = state.rocket.seats
    return seats[0].player if seats else state.start_player


def known_tokens(state: State) -> tuple[str, ...]:
    """Every token id a ``draw`` or ``discard`` may name (as ``describe.token_ids``)."""
    ids: list[str] = []
    for section in (state.exploration, state.missions, state.ufo):
        if section is not None:
            pile: tuple[ExplorationToken | MissionToken | ArrivalToken, ...] = full(section.pile)
            ids += [t.id for t in pile]
    if state.missions is not None:
        ids += [t.id for hand in state.missions.hands for t in full(hand)]
    return tuple(ids)


def fits_step(state: State, action: Action) -> bool:
    """Whether the state's phase takes this kind of action."""
    return state.phase != "game-over" and type(action) in PHASE_ACTIONS[state.phase]


@rule("turn.phase")
def check_turn_phase(state: State, action: Action) -> Iterator[IllegalAction]:
    """No action once the game is over; otherwise only the kinds the phase takes."""
    phase = state.phase
    if phase == "game-over":
        yield IllegalAction("turn.phase", f"the game is over ({state.ended}); no {action.type} action")
        return
    expected = PHASE_ACTIONS[phase]
    if type(action) not in expected:
        names = " or ".join(k.type for k in expected)
        yield IllegalAction("turn.phase", f"phase {phase} accepts {names}, not a {action.type} action")


@rule("turn.actor")
def check_turn_actor(state: State, action: Action) -> Iterator[IllegalAction]:
    """A player's action comes from the player whose decision it is (chance actions name none)."""
    if not fits_step(state, action) or isinstance(action, (Roll, Draw)):
        return
    actor = current_actor(state)
    if action.player != actor:
        yield IllegalAction("turn.actor", f"it is player {actor}'s decision, not player {action.player}'s")


CHECKS: tuple[Check, ...] = (check_turn_phase, check_turn_actor)
