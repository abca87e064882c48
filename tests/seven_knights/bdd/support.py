"""Shared support for the Seven Knights Bewitched step vocabulary: the Scene and phrase parsers.

The Scene drives the game only through its public surface, the ``GAME`` object of
``tabletop_referee.games.load("seven-knights")`` (reference/tabletop_referee/games/interface.py):
JSON in and out, ``initial_state``, ``actors``, ``legal_actions``, ``apply``, ``observe``.
Nothing here decides a rule of the game.

Players are named in seat order, clockwise, as in every game's features (tests/bdd_steps.py):
Alice is player 0, Bob 1, Carol 2, Dave 3, Eve 4, Fay 5, Grace 6, Heidi 7.

Grammar of the small phrases used in steps:
  players   "Alice", "Alice and Carol", "Alice, Bob and Eve"
  tiles     "3", "the Witch"
  numbers   "1, 2, 4", "1, 2 and 4"
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any, ClassVar

import pytest

from tabletop_referee.errors import MalformedInput
from tabletop_referee.games import load
from tests.bdd_steps import NAMES, GameScene, seat, seats  # noqa: F401

GAME_ID = "seven-knights"


def game():
    """The game object, through the one public entry point."""
    return load(GAME_ID)


# -- phrase parsing ---------------------------------------------------------------------------


def split_list(text: str) -> list[str]:
    """'a, b and c' -> ['a', 'b', 'c']."""
    text = text.strip().strip('"')
    if not text:
        return []
    parts = re.split(r",\s*|\s+and\s+|\s+or\s+", text)
    return [p.strip() for p in parts if p.strip()]


def numbers(text: str) -> list[int]:
    return [int(x) for x in split_list(text)]


# -- the scene --------------------------------------------------------------------------------


@dataclasses.dataclass
class Scene(GameScene):
    """What a scenario has built so far (tests/bdd_steps.py's GameScene): a setup document
    (``setup_doc``, the rule options in it) or a state document of a later round
    (``state_doc``), then the deal and the actions the Given steps took, played when the state
    is built; then the actions of the When steps."""

    game: ClassVar[Any] = load(GAME_ID)
    over_pointers: ClassVar[tuple[str, ...]] = ("/state/phase", "/outcome")

    setup_doc: dict[str, Any] = dataclasses.field(default_factory=dict)
    """The setup document being described by Given steps (schemas/seven-knights/setup)."""
    deal: dict[str, Any] | None = None
    """The deal described by Given steps, as a chance action document (None: not dealt)."""
    history: list = dataclasses.field(default_factory=list)
    """What Given steps want played before the first When, in order: action documents, or
    ``"questions"`` (the question phase played out with the first actions the engine offers)."""
    failed: bool = False
    """Set when a step failed (e.g. an @engine-disagrees scenario): never exported."""

    def options(self) -> dict[str, Any]:
        return self.setup_doc.setdefault("options", {})

    def build(self) -> Any:
        g = self.game
        assert self.setup_doc, "no game: start with 'Given a N-player standard game'"
        if self.state_doc is not None:
            return g.state_from_json(self.state_doc)
        return g.initial_state(g.setup_from_json(self.setup_doc))

    def current(self) -> Any:
        """The state now; builds it from the Given steps on first use, their deal and their
        actions played."""
        if self.state is None:
            super().current()
            if self.deal is not None:
                self.play_doc(self.deal)
                assert self.error is None, f"the Given deal was rejected: {self.error}"
            history, self.history = self.history, []
            for item in history:
                if item == "questions":
                    self.finish_questions()
                else:
                    self.play_doc(item)
                assert self.error is None, f"a Given action was rejected: {self.error}"
            self.given_events = len(self.events)
        return self.state

    def new_game(self, doc: dict[str, Any]) -> None:
        """A new game from a setup document; a malformed one is kept as the error, like a
        refusal, with Seven Knights' reason for leaving it out of the vectors."""
        try:
            self.game.setup_from_json(doc)
        except MalformedInput as exc:
            self.record.setup = doc
            self.error = exc
            self.unexportable("the document is malformed (refused before the rules)")
            return
        super().new_game(doc)

    def finish_questions(self) -> None:
        """Plays the question phase out: each asker asks the first question the engine offers
        and each answerer gives the first answer it offers, until the phase has moved on."""
        g = self.game
        for _ in range(100):
            state = self.current()
            if g.state_to_json(state)["phase"] not in ("ask", "answer"):
                return
            offered = g.legal_actions(state)
            assert offered, "no action offered in the question phase"
            self.play(offered[0])
            assert self.error is None, self.error
        raise AssertionError("the question phase did not end")

    def play_doc(self, doc: dict) -> None:
        """Plays an action given as an interchange document; a document the action schema
        refuses is kept as the error (MalformedInput), like a rejection."""
        assert self.error is None, f"an earlier action was rejected: {self.error}"
        self.current()
        try:
            action = self.game.action_from_json(doc)
        except MalformedInput as exc:
            self.record.steps.append({"action": doc})
            self.error = exc
            self.unexportable("the document is malformed (refused before the rules)")
            return
        self.play(action)


@pytest.fixture
def scene() -> Scene:
    return Scene()
