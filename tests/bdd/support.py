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
from tabletop_referee.games.mlem.interchange import action_to_json, state_to_json
from tabletop_referee.games.mlem.position import state_from_position
from tabletop_referee.schemas import validation_errors

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
class Recording:
    """A scenario in interchange terms, for export as a test vector (docs/vectors.md).

    When steps add the actions they play; Then steps name what they checked as JSON Pointers
    into the result document {"state", "actor", "scores", "outcome"}, as legal actions, or as
    event patterns. The expected values are read from the reference engine at export time.
    A step that cannot be said in those terms marks the scenario unexportable, with a reason.
    """

    state: dict | None = None
    setup: dict | None = None
    """Set when the scenario starts with a new game: the vector then starts with new_game."""
    steps: list[dict] = dataclasses.field(default_factory=list)
    pointers: list[str] = dataclasses.field(default_factory=list)
    legal_actions: bool = False
    events: list[dict] = dataclasses.field(default_factory=list)
    events_absent: list[dict] = dataclasses.field(default_factory=list)
    rejected: dict | None = None
    checked: bool = False
    unexportable: list[str] = dataclasses.field(default_factory=list)
    checkpoints: list[dict] = dataclasses.field(default_factory=list)
    """Checks made before a later action: {"after": steps applied, "state": doc, "events": [...]
    (events so far), plus the pointers / legal_actions / events / events_absent checked}."""

    def pending(self) -> bool:
        return bool(self.pointers or self.legal_actions or self.events or self.events_absent)


@dataclasses.dataclass
class Scene:
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
        state = self.current()
        rec = self.record
        if rec.pending():
            rec.checkpoints.append({
                "after": len(rec.steps), "state": state_to_json(state), "pointers": rec.pointers,
                "legal_actions": rec.legal_actions, "events": rec.events,
                "events_absent": rec.events_absent,
            })
            rec.pointers, rec.legal_actions, rec.events, rec.events_absent = [], False, [], []
        rec.checked = False
        doc = action_to_json(action)
        if validation_errors("mlem", "action", doc):
            self.unexportable("plays an action that the action schema rejects (no rule decides it)")
        rec.steps.append({"action": doc})
        try:
            t = mlem.apply(state, action)
        except IllegalAction as exc:
            self.error = exc
            return
        self.state = t.state
        self.events.extend(t.events)

    def settled(self) -> mlem.State:
        """The state for a Then step: fails if an action was rejected unexpectedly."""
        assert self.error is None, f"the action was rejected: {self.error}"
        self.record.checked = True
        return self.current()

    # -- what Then steps checked, for the vector export ---------------------------------

    def check(self, *pointers: str) -> None:
        """Records JSON Pointers (into {"state", "actor", "scores", "outcome"}) a Then step read."""
        self.record.checked = True
        self.record.pointers.extend(p for p in pointers if p not in self.record.pointers)

    def check_legal_actions(self) -> None:
        self.record.checked = True
        self.record.legal_actions = True

    def check_event(self, **pattern: Any) -> None:
        self.record.checked = True
        self.record.events.append(pattern)

    def check_no_event(self, **pattern: Any) -> None:
        self.record.checked = True
        self.record.events_absent.append(pattern)

    def check_rejected(self) -> None:
        self.record.checked = True
        assert self.error is not None
        self.record.rejected = {"step": len(self.record.steps) - 1, "clause": self.error.clause}

    def unexportable(self, reason: str) -> None:
        if reason not in self.record.unexportable:
            self.record.unexportable.append(reason)

    def set_space(self, index: int, **changes) -> None:
        board = self.board or mlem.load_board("short")
        spaces = list(board.spaces)
        spaces[index] = dataclasses.replace(spaces[index], **changes)
        self.board = dataclasses.replace(board, spaces=tuple(spaces))


@pytest.fixture
def scene() -> Scene:
    return Scene()


