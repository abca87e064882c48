"""Shared support for the MLEM step vocabulary: the Scene and the phrase parsers.

The Scene is a tests/bdd_steps.py ``GameScene``, so the shared steps (rule options, action
documents, rejections, events, the end of the game, the winners...) work on MLEM's positions.

Grammar of the small phrases used in steps:
  faces      "2", "2 and afterburner", "1, 3 and 4", "afterburner worth 2" (dots, board steps)
  seats      "player 0's die-one, player 1's parachute and player 2's satellite" (front
             first; "(flipped)" after an astronaut marks a used Die-1)
  players    "player 0", "players 0 and 2"
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any, ClassVar

import pytest

from tabletop_referee.errors import IllegalAction, MalformedInput
from tabletop_referee.games import mlem
from tabletop_referee.games.mlem import GAME
from tabletop_referee.games.mlem.interchange import setup_to_json, state_to_json
from tabletop_referee.games.mlem.position import state_from_position
from tests.bdd_steps import GameScene

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
class Scene(GameScene):
    """What a scenario has built so far (tests/bdd_steps.py's GameScene, so the shared steps
    work on it): a position in words (turned into a state at the first When or Then) on a
    board, or a new game; then the actions played."""

    game: ClassVar[Any] = GAME
    over_pointers: ClassVar[tuple[str, ...]] = ("/state/phase", "/state/ended")
    not_over_pointers: ClassVar[tuple[str, ...]] = ("/state/ended",)
    reason_pointers: ClassVar[tuple[str, ...]] = ("/state/phase", "/state/ended")
    """MLEM's state names why the game ended (``ended.reason``, which the outcome's reason is):
    the vectors read the end there."""

    position: dict[str, Any] = dataclasses.field(default_factory=dict)
    board: mlem.Board | None = None
    builder: Any = None
    """Builds the state from (position, board) instead of state_from_position; the variant
    steps (tests/bdd/steps/variants.py) set it to add the variant sections."""

    def options(self) -> dict[str, Any]:
        return self.position.setdefault("options", {})

    def build(self) -> mlem.State:
        assert "players" in self.position, "no game: start with 'Given a N-player game'"
        build = self.builder or state_from_position
        return build(self.position, self.board or mlem.load_board("short"))

    def start(self, setup: mlem.Setup) -> None:
        """A new game from ``setup`` (the vector then starts with new_game); a refusal is kept
        for a Then step. (A ``Setup`` of the engine's own, not a setup document: the scenarios
        set up games that the setup schema would refuse before the rules do.)"""
        self.record.setup = setup_to_json(setup)
        try:
            self.state = mlem.initial_state(setup)
        except IllegalAction as exc:
            self.error = exc
            return
        self.record.state = state_to_json(self.state)

    def play_doc(self, doc: dict) -> None:
        """Plays an action document; one that the action schema refuses is kept as the error
        before any state is built (so such a scenario is listed unexportable for the rejection
        alone, as it always was)."""
        assert self.error is None, f"an earlier action was rejected: {self.error}"
        try:
            action = self.game.action_from_json(doc)
        except MalformedInput as exc:
            self.error = exc
            return
        self.play(action)

    def set_space(self, index: int, **changes) -> None:
        board = self.board or mlem.load_board("short")
        spaces = list(board.spaces)
        spaces[index] = dataclasses.replace(spaces[index], **changes)
        self.board = dataclasses.replace(board, spaces=tuple(spaces))


@pytest.fixture
def scene() -> Scene:
    return Scene()
