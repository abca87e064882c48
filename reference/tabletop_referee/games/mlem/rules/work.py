"""The mutable working copy of a state, used only inside ``engine.apply``."""

from __future__ import annotations

import dataclasses

from ...interface import Event
from ..model import Rocket, State


class Work:
    """A mutable scratch copy of a state, used only inside ``engine.apply``.

    The rocket's fields (``space``, ``dice``, ``seats``, ``roll``, ``cursor``) are flattened
    into the copy; :meth:`freeze` builds the frozen :class:`State` again.
    """

    __slots__ = (
        "board", "options", "phase", "start_player", "expedition", "crashes", "reserves",
        "space", "dice", "seats", "roll", "cursor", "landed", "goals", "ended", "events",
        "exploration", "missions", "ufo", "die_one_spent",
    )

    def __init__(self, s: State) -> None:
        r = s.rocket
        self.board = s.board
        self.options = s.options
        self.phase = s.phase
        self.start_player = s.start_player
        self.expedition = s.expedition
        self.crashes = s.crashes
        self.reserves = s.reserves
        self.space = r.space
        self.dice = r.dice
        self.seats = list(r.seats)
        self.roll = r.roll
        self.cursor = r.cursor
        self.landed = s.landed
        self.goals = s.goals
        self.ended = s.ended
        self.exploration = s.exploration
        self.missions = s.missions
        self.ufo = s.ufo
        self.die_one_spent = s.die_one_spent
        self.events: list[Event] = []

    def freeze(self) -> State:
        # Positional arguments, in State's field order: this runs once per action.
        return State(
            self.board, self.options, self.phase, self.start_player, self.expedition,
            self.crashes, self.reserves,
            Rocket(self.space, self.dice, tuple(self.seats), self.roll, self.cursor),
            self.landed, self.goals, self.ended, self.exploration, self.missions, self.ufo,
            self.die_one_spent,
        )

    def emit(self, type_: str, clause: str, **data) -> None:
        self.events.append(Event(type_, clause, tuple(data.items())))

    @property
    def players(self) -> int:
        return len(self.reserves)


replace = dataclasses.replace


def replace_at(items: tuple, index: int, value) -> tuple:
    return items[:index] + (value,) + items[index + 1 :]


def remove_dice(w: Work, count: int, clause: str) -> None:
    """Takes ``count`` dice out of play [travel.remove-dice]; the last die stays [travel.last-die]."""
    w.dice -= count
    w.emit("dice-removed", clause, count=count, dice=w.dice)
    if w.dice < 1:
        w.dice = 1
        w.emit("die-restored", "travel.last-die", dice=1)
