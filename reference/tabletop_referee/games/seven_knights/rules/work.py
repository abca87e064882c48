"""A mutable working copy of a state, used only while one action is applied (like MLEM's)."""

from __future__ import annotations

from typing import Any

from ...interface import Event
from ..model import Options, Question, RoundResult, State


class Work:
    """A scratch copy of a :class:`State`; ``freeze`` turns it back into a value."""

    __slots__ = (
        "setup", "round", "first_player", "phase", "values", "inspections", "questions",
        "recommendations", "revealed_recommendations", "captain", "arrangement", "confirmed",
        "revealed", "scores", "history", "events",
    )

    def __init__(self, s: State) -> None:
        self.setup = s.setup
        self.round = s.round
        self.first_player = s.first_player
        self.phase = s.phase
        self.values = s.values
        self.inspections = list(s.inspections)
        self.questions: list[Question] = list(s.questions)
        self.recommendations = list(s.recommendations)
        self.revealed_recommendations = s.revealed_recommendations
        self.captain = s.captain
        self.arrangement = s.arrangement
        self.confirmed = list(s.confirmed)
        self.revealed = set(s.revealed)
        self.scores = list(s.scores)
        self.history: list[RoundResult] = list(s.history)
        self.events: list[Event] = []

    @property
    def players(self) -> int:
        return self.setup.players

    @property
    def options(self) -> Options:
        return self.setup.options

    def freeze(self) -> State:
        return State(
            self.setup, self.round, self.first_player, self.phase, self.values,
            tuple(self.inspections), tuple(self.questions), tuple(self.recommendations),
            self.revealed_recommendations, self.captain, self.arrangement,
            tuple(self.confirmed), tuple(sorted(self.revealed)), tuple(self.scores),
            tuple(self.history),
        )

    def emit(self, type_: str, clause: str, **data: Any) -> None:
        self.events.append(Event(type_, clause, tuple(data.items())))
