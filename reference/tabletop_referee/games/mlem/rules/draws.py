"""Chance draws of face-down tokens: exploration setup and replacements [exploration.setup]
[exploration.replace], the mission deal [missions.deal] and UFO arrivals [ufo.arrival]."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TypeVar

from ....errors import IllegalAction
from ..model import (
    ArrivalToken, Draw, Exploration, ExplorationToken, Missions, MissionToken, State, Ufo,
)
from .check import rule
from .exploration import place_exploration
from .landing import arrive
from .missions import next_dealee
from .setup import setup_next
from .ufo import reveal_arrival
from .work import Work, full, on, replace, replace_at

_Token = TypeVar("_Token", bound=ExplorationToken | MissionToken | ArrivalToken)

DRAW_CLAUSE = {
    "exploration-setup": "exploration.setup",
    "mission-deal": "missions.deal",
    "arrival": "ufo.arrival",
    "exploration-draw": "exploration.replace",
}


def draw_pile(state: State) -> tuple[ExplorationToken | MissionToken | ArrivalToken, ...]:
    return full(draw_section(state).pile)


def draw_section(s: State | Work) -> Exploration | Missions | Ufo:
    """The variant section (of a State or a Work) whose face-down pile the draw phase uses
    (each draw phase exists only with its variant on)."""
    if s.phase in ("exploration-setup", "exploration-draw"):
        return on(s.exploration, "exploration")
    if s.phase == "mission-deal":
        return on(s.missions, "missions")
    return on(s.ufo, "ufo")


def _not_in_pile(state: State, a: Draw, phase: str) -> Iterator[IllegalAction]:
    """The token drawn in ``phase`` is one still in the face-down pile that phase draws from."""
    if state.phase != phase:
        return
    pile = draw_pile(state)
    if all(t.id != a.token for t in pile):
        left = ", ".join(t.id for t in pile) or "none"
        yield IllegalAction(DRAW_CLAUSE[phase], f"token {a.token!r} is not in the face-down pile (left: {left})")


@rule("exploration.setup")
def check_exploration_setup(state: State, a: Draw) -> Iterator[IllegalAction]:
    """Setting up exploration, the token revealed comes from the face-down pile."""
    return _not_in_pile(state, a, "exploration-setup")


@rule("missions.deal")
def check_missions_deal(state: State, a: Draw) -> Iterator[IllegalAction]:
    """The mission dealt comes from the face-down pile."""
    return _not_in_pile(state, a, "mission-deal")


@rule("ufo.arrival")
def check_ufo_arrival(state: State, a: Draw) -> Iterator[IllegalAction]:
    """The arrival token revealed comes from the face-down pile."""
    return _not_in_pile(state, a, "arrival")


@rule("exploration.replace")
def check_exploration_replace(state: State, a: Draw) -> Iterator[IllegalAction]:
    """A replacement exploration token comes from the face-down pile."""
    return _not_in_pile(state, a, "exploration-draw")


CHECKS = (check_exploration_setup, check_missions_deal, check_ufo_arrival, check_exploration_replace)


def draw(w: Work, a: Draw) -> None:
    phase = w.phase
    clause = DRAW_CLAUSE[phase]
    section = draw_section(w)
    # the section's type follows from the phase (draw_section)
    if isinstance(section, Exploration):
        token, pile = _take(full(section.pile), a.token)
        if phase == "exploration-setup":
            w.exploration = replace(section, pile=pile)
            place_exploration(w, token, clause)
            setup_next(w)
        else:
            _replace_explored(w, section, token, pile, clause)
    elif isinstance(section, Missions):
        m = section
        dealt, rest = _take(full(m.pile), a.token)
        player = next_dealee(w.start_player, m.hands)
        hand = tuple(sorted(full(m.hands[player]) + (dealt,), key=lambda t: t.id))
        w.missions = replace(m, pile=rest, hands=replace_at(m.hands, player, hand))
        w.emit("mission-dealt", clause, player=player, token=dealt.id)
        setup_next(w)
    else:
        arrival, left = _take(full(section.pile), a.token)
        reveal_arrival(w, arrival, left)


def _take(pile: tuple[_Token, ...], token_id: str) -> tuple[_Token, tuple[_Token, ...]]:
    """The token drawn, and the pile without it."""
    token = next(t for t in pile if t.id == token_id)
    return token, tuple(t for t in pile if t is not token)


def _replace_explored(
    w: Work, section: Exploration, token: ExplorationToken, pile: tuple[ExplorationToken, ...],
    clause: str,
) -> None:
    # [exploration.replace]: one new token per token taken, then the landing goes on
    w.exploration = replace(section, pile=pile)
    if place_exploration(w, token, clause):
        w.exploration = replace(w.exploration, pending=w.exploration.pending - 1)
    if w.exploration.pending and w.exploration.pile:
        return
    w.exploration = replace(w.exploration, pending=0)
    arrive(w)
