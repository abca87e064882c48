"""The mutable working copy of a state, used only inside ``engine.apply``."""

from __future__ import annotations

import dataclasses
from typing import TypeVar

from ...interface import Event
from ..model import ArrivalToken, Hidden, Rocket, State, Ufo

_T = TypeVar("_T")


class Work:
    """A mutable scratch copy of a state, used only inside ``engine.apply``.

    The rocket's fields (``space``, ``dice``, ``seats``, ``roll``, ``cursor``) are flattened
    into the copy; :meth:`freeze` builds the frozen :class:`State` again.
    """

    __slots__ = (
        "board", "options", "phase", "start_player", "expedition", "crashes", "reserves",
        "space", "dice", "seats", "roll", "cursor", "landed", "goals", "ended", "events",
        "exploration", "missions", "ufo", "die_one_spent", "quiet",
    )

    def __init__(self, s: State, quiet: bool = False) -> None:
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
        self.quiet = quiet
        """No events are kept (``engine.advance``: a play loop that discards them)."""

    def freeze(self) -> State:
        # Positional arguments, in State's field order: this runs once per action.
        return State(
            self.board, self.options, self.phase, self.start_player, self.expedition,
            self.crashes, self.reserves,
            Rocket(self.space, self.dice, tuple(self.seats), self.roll, self.cursor),
            self.landed, self.goals, self.ended, self.exploration, self.missions, self.ufo,
            self.die_one_spent,
        )

    def emit(self, type_: str, clause: str, **data: object) -> None:
        if not self.quiet:
            self.events.append(Event(type_, clause, tuple(data.items())))

    @property
    def players(self) -> int:
        return len(self.reserves)


replace = dataclasses.replace


def replace_at(items: tuple[_T, ...], index: int, value: _T) -> tuple[_T, ...]:
    return items[:index] + (value,) + items[index + 1 :]


def remove_dice(w: Work, count: int, clause: str) -> None:
    """Takes ``count`` dice out of play [travel.remove-dice]; the last die stays [travel.last-die]."""
    w.dice -= count
    w.emit("dice-removed", clause, count=count, dice=w.dice)
    if w.dice < 1:
        w.dice = 1
        w.emit("die-restored", "travel.last-die", dice=1)


def on(section: _T | None, variant: str) -> _T:
    """The section of a variant (``ufo``, ``missions``, ``exploration``) where the caller's
    rule runs only with that variant on (its option, phase or action implies it)."""
    if section is None:
        raise AssertionError(f"the {variant} variant is off where its rule runs")
    return section


def full(items: tuple[_T, ...] | Hidden) -> tuple[_T, ...]:
    """A pile or hand of a full state: :class:`Hidden` appears only in an observation, and
    the engine never works on an observation."""
    if isinstance(items, Hidden):
        raise AssertionError("a hidden pile or hand in the engine (it works on full states)")
    return items


def arrival(ufo: Ufo | None) -> ArrivalToken:
    """This expedition's arrival token, where the caller's rule runs only after one was
    revealed (an ability is in use)."""
    token = on(ufo, "ufo").arrival
    if token is None:
        raise AssertionError("no arrival token was revealed this expedition")
    return token


def extra_face(ufo: Ufo | None) -> str:
    """The face of this expedition's arrival token, where its extra-face ability is in use
    (the token set's schema requires ``face`` exactly on extra-face tokens)."""
    face = arrival(ufo).face
    if face is None:
        raise AssertionError("an extra-face arrival token without a face")
    return face
