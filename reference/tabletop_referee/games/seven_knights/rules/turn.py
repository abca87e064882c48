"""Who may act [turn.*]: turn order within the one-at-a-time phases."""

from __future__ import annotations

from collections.abc import Iterator

from ....errors import IllegalAction
from ...interface import Actor
from ..model import (
    Answer, Arrange, Ask, Confirm, Deal, FirstPlayer, Inspect, Recommend, Skip, State, Withdraw,
)
from .modes import play_mode

KINDS: dict[str, tuple[type, ...]] = {
    "first-player": (FirstPlayer,), "deal": (Deal,), "inspect": (Inspect,), "ask": (Ask,),
    "answer": (Answer,), "recommend": (Recommend, Withdraw), "captain-ask": (Ask, Skip),
    "captain-answer": (Answer,), "arrange": (Arrange,), "review": (Confirm,), "game-over": (),
}
"""The kinds of action each phase accepts [turn.phase-kind]."""

KIND_NAMES: dict[type, str] = {
    FirstPlayer: "a first-player draw", Deal: "a deal", Inspect: "an inspection",
    Ask: "a question", Answer: "an answer", Recommend: "a recommendation",
    Withdraw: "a withdrawal", Skip: "a skip", Arrange: "a line", Confirm: "a confirmation",
}

_OWN_CHOICE = (Recommend, Withdraw, Confirm)
"""Choices made at once (recommend, review): who may make them is said by their own clauses
[recommendation.change, round.review], not by the turn."""


def seat(s: State, k: int) -> int:
    """The k-th player clockwise from the first player [turn.clockwise]."""
    assert s.first_player is not None  # drawn before any player's turn
    return (s.first_player + k) % s.setup.players


def inspection_laps(s: State) -> int:
    """Two laps in darkness [inspection.darkness-laps], one otherwise."""
    return 2 if play_mode(s.setup) == "darkness" else 1


def phase_questions(s: State) -> int:
    """Questions asked in the question phase so far (the captain's last one excluded)."""
    return sum(1 for q in s.questions if not q.last)


def actors(s: State) -> tuple[Actor, ...]:
    ph = s.phase
    if ph in ("deal", "first-player"):
        return ("chance",)
    if ph == "inspect":
        return (seat(s, len(s.inspections)),)
    if ph == "ask":
        return (seat(s, phase_questions(s)),)
    if ph in ("answer", "captain-answer"):
        return (s.questions[-1].answerer,)
    if ph == "recommend":
        return tuple(p for p, r in enumerate(s.recommendations) if r is None)
    if ph in ("captain-ask", "arrange"):
        assert s.captain is not None  # appointed before these phases
        return (s.captain,)
    if ph == "review":
        return tuple(p for p, c in enumerate(s.confirmed) if not c)
    return ()


def check_turn_phase_kind(s: State, a: object) -> Iterator[IllegalAction]:
    """[turn.phase-kind] The game is not over, and the phase accepts this kind of action."""
    if s.phase == "game-over":
        yield IllegalAction("turn.phase-kind", "the game is over: no action is accepted")
    elif not isinstance(a, KINDS[s.phase]):
        yield IllegalAction("turn.phase-kind", f"{KIND_NAMES.get(type(a), 'that')} is not "
                            f"possible now: the phase is {s.phase}")


def check_turn_actor(s: State, a: object) -> Iterator[IllegalAction]:
    """[turn.actor] A player's action names a player of the game, and (outside the choices
    made at once) one of those who decide now."""
    if isinstance(a, (FirstPlayer, Deal)):
        return
    player = getattr(a, "player", None)
    if not isinstance(player, int) or not 0 <= player < s.setup.players:
        yield IllegalAction("turn.actor", f"there is no player {player}")
        return
    acts = actors(s)
    if not isinstance(a, _OWN_CHOICE) and player not in acts:
        who = " or ".join(f"player {p}" for p in acts)
        yield IllegalAction("turn.actor", f"it is not your turn: {who} decides now")
