"""Shared support for the MLEM step vocabulary: the Scene and the phrase parsers.

Grammar of the small phrases used in steps:
  faces      "2", "2 and afterburner", "1, 3 and 4", "afterburner worth 2" (dots, board steps)
  seats      "player 0's die-one, player 1's parachute and player 2's satellite" (front
             first; "(flipped)" after an astronaut marks a used Die-1)
  players    "player 0", "players 0 and 2"
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

import pytest

from tabletop_referee.errors import IllegalAction, RefereeError
from tabletop_referee.games import mlem
from tabletop_referee.games.mlem.interchange import action_to_json, setup_to_json, state_to_json
from tabletop_referee.games.mlem.position import state_from_position
from tabletop_referee.schemas import validation_errors
from tests.vector_export import Recorder, Recording

# -- phrase parsing ---------------------------------------------------------------------------


def split_list(text: str) -> list[str]:
    """'a, b and c' -> ['a', 'b', 'c']."""
    text = text.strip().strip('"')
    if not text:
        return []
    parts = re.split(r",\s*|\s+and\s+|\s+then\s+", text)
    return [p.strip() for p in parts if p.strip()]


def parse_faces(text: str) -> list[str]:
    """'2, 2 and afterburner' -> ['2', '2', 'afterburner'] ('AB' is accepted too)."""
    faces = []
    for p in split_list(text):
        p = {"AB": "afterburner", "afterburners": "afterburner"}.get(p, p)
        faces.append(p)
    return faces


def parse_players(text: str) -> list[int]:
    """'player 0' / 'players 0 and 2' -> [0] / [0, 2]."""
    text = re.sub(r"^players?\s+", "", text.strip())
    return [int(x) for x in split_list(text)]


SEAT = re.compile(r"player (\d+)'s ([a-z-]+)( \(flipped\))?")


def parse_seats(text: str) -> list[list]:
    seats = [[int(m[1]), m[2], bool(m[3])] for m in SEAT.finditer(text)]
    if not seats:
        raise ValueError(f"no seats in {text!r} (write: player 0's die-one, player 1's parachute)")
    return seats


# -- the scene ----------------------------------------------------------------------------


@dataclasses.dataclass
class Scene(Recorder):
    """What a scenario has built so far."""

    position: dict[str, Any] = dataclasses.field(default_factory=dict)
    board: mlem.Board | None = None
    state: mlem.State | None = None
    events: list[mlem.Event] = dataclasses.field(default_factory=list)
    error: RefereeError | None = None
    record: Recording = dataclasses.field(default_factory=Recording)
    builder: Any = None
    """Builds the state from (position, board) instead of state_from_position; the variant
    steps (tests/bdd/steps/variants.py) set it to add the variant sections."""

    def current(self) -> mlem.State:
        if self.state is None:
            assert "players" in self.position, "no game: start with 'Given a N-player game'"
            build = self.builder or state_from_position
            self.state = build(self.position, self.board or mlem.load_board("short"))
            self.record.state = state_to_json(self.state)
        return self.state

    def play(self, action: mlem.Embark | mlem.Roll | mlem.Move | mlem.Land | mlem.Stay) -> None:
        assert self.error is None, f"an earlier action was rejected: {self.error}"
        doc = action_to_json(action)
        if validation_errors("mlem", "action", doc):
            self.unexportable("plays an action that the action schema rejects (no rule decides it)")
        self.play_recorded(action, doc, mlem.apply)

    def new_game(self, setup: mlem.Setup) -> None:
        """A new game from ``setup`` (the vector then starts with new_game); a refusal is kept
        for a Then step."""
        self.record.setup = setup_to_json(setup)
        try:
            self.state = mlem.initial_state(setup)
        except IllegalAction as exc:
            self.error = exc
            return
        self.record.state = state_to_json(self.state)

    def settled(self) -> mlem.State:
        """The state for a Then step: fails if an action was rejected unexpectedly."""
        assert self.error is None, f"the action was rejected: {self.error}"
        return self.current()

    def set_space(self, index: int, **changes) -> None:
        board = self.board or mlem.load_board("short")
        spaces = list(board.spaces)
        spaces[index] = dataclasses.replace(spaces[index], **changes)
        self.board = dataclasses.replace(board, spaces=tuple(spaces))


@pytest.fixture
def scene() -> Scene:
    return Scene()


