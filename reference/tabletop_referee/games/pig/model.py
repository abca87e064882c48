"""Pig's values: setup, state and actions, all frozen (spec/pig/clauses.yaml).

Nothing in Pig is hidden: a state is what every player sees (observation.public).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ..interface import CHANCE, set_enum_members

__all__ = ["CHANCE", "GameEnd", "Options", "Phase", "Setup", "State", "Roll", "Hold", "Die", "Action"]


class GameEnd(StrEnum):
    """The rule option ``game_end`` (dispute game-end): when reaching the target ends the game."""

    IMMEDIATE = "immediate"
    LAST_TURN = "last-turn"


class Phase(StrEnum):
    """What the game waits for: a player's choice, the die, or nothing (the game is over)."""

    TURN = "turn"
    ROLL = "roll"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Options:
    """The rule options (each selects a reading of a dispute in spec/pig/disputes.yaml)."""

    game_end: GameEnd = GameEnd.IMMEDIATE
    """When reaching the target ends the game: end.immediate or end.last-turn (dispute game-end)."""

    def __post_init__(self) -> None:
        set_enum_members(self, {"game_end": GameEnd})


@dataclass(frozen=True, slots=True)
class Setup:
    """A new game: the player count, who starts, the target score and the rule option."""

    players: int
    """How many players sit at the table, in seats 0 to players - 1 (setup.players)."""
    start_player: int = 0
    """The seat that takes the first turn (setup.start)."""
    target: int = 100
    """The score that ends the game (setup.target)."""
    options: Options = Options()
    """The rule options."""


@dataclass(frozen=True, slots=True)
class State:
    """A position: banked scores, whose turn it is, the turn total and the end-game facts."""

    setup: Setup
    """The setup the game started from (its options included)."""
    phase: Phase
    """turn: the player to act chooses; roll: the die is due; over: the game has ended."""
    scores: tuple[int, ...]
    """Each seat's banked score."""
    player: int
    """The seat whose turn it is (after the end: the last to play)."""
    turn_total: int = 0
    """Points rolled this turn and not yet banked."""
    reached_by: int | None = None
    """last-turn only: the first seat that reached the target (its last round is running)."""
    winners: tuple[int, ...] = ()
    """The winning seats once the game is over."""

    def __post_init__(self) -> None:
        set_enum_members(self, {"phase": Phase})


@dataclass(frozen=True, slots=True)
class Roll:
    """The player to act chooses to roll the die (turn.choice)."""

    player: int
    """The seat choosing."""


@dataclass(frozen=True, slots=True)
class Hold:
    """The player to act banks the turn total (hold.bank)."""

    player: int
    """The seat choosing."""


@dataclass(frozen=True, slots=True)
class Die:
    """A chance outcome: the face the die shows (roll.die)."""

    face: int
    """The face, 1 to 6."""


Action = Roll | Hold | Die
