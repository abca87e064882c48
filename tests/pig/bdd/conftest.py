"""The step vocabulary of the Pig features (features/pig/*.feature), and their vector export.

Given steps describe a setup and, optionally, facts of the position (turned into a state by
the engine's own interchange at the first When or Then); When steps play actions through
``GAME.apply``; Then steps read the result document and record what they read, so that each
scenario exports as a test vector (tests/vector_export.py). No rule is decided here.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from pytest_bdd import given, parsers, then, when

from tabletop_referee.errors import IllegalAction
from tabletop_referee.games.interface import CHANCE
from tabletop_referee.games.pig import GAME
from tabletop_referee.games.pig.model import Die, Hold, Roll
from tests.vector_export import Recorder, Recording, VectorExporter, result_document, tag_mark


def numbers(text: str) -> list[int]:
    return [int(x) for x in text.replace(",", " ").split()]


@dataclasses.dataclass
class Scene(Recorder):
    setup: dict[str, Any] = dataclasses.field(default_factory=lambda: {"options": {}})
    facts: dict[str, Any] = dataclasses.field(default_factory=dict)
    state: Any = None
    events: list = dataclasses.field(default_factory=list)
    error: IllegalAction | None = None
    record: Recording = dataclasses.field(default_factory=Recording)

    def current(self) -> Any:
        if self.state is None and self.error is None:
            self.record.setup = None if self.facts else dict(self.setup)
            try:
                state = GAME.initial_state(GAME.setup_from_json(self.setup))
            except IllegalAction as exc:
                self.error, self.record.rejected = exc, {"step": -1, "clause": exc.clause}
                return None
            self.state = GAME.state_from_json({**GAME.state_to_json(state), **self.facts})
            self.record.state = GAME.state_to_json(self.state)
        return self.state

    def play(self, action: Any) -> None:
        assert self.error is None, f"an earlier action was rejected: {self.error}"
        self.play_recorded(action, GAME.action_to_json(action), GAME.apply)

    def result(self, pointer: str) -> Any:
        assert self.error is None, f"the action was rejected: {self.error}"
        self.check(pointer)
        doc: Any = result_document("pig", self.current(), [pointer])
        for key in pointer.strip("/").split("/"):
            doc = doc[int(key)] if isinstance(doc, list) else doc[key]
        return doc


@pytest.fixture
def scene() -> Scene:
    return Scene()


def pytest_bdd_apply_tag(tag: str, function):
    return tag_mark(tag, function)


@given(parsers.parse("a {n:d}-player game to {target:d}"))
def given_game(scene: Scene, n: int, target: int):
    scene.setup.update(players=n, target=target)


@given(parsers.parse("player {p:d} starts"))
def given_start(scene: Scene, p: int):
    scene.setup["start_player"] = p


@given(parsers.parse("the rule option {name} is {value}"))
def given_option(scene: Scene, name: str, value: str):
    scene.setup["options"][name] = value


@given(parsers.parse("the scores are {scores}"))
def given_scores(scene: Scene, scores: str):
    scene.facts["scores"] = numbers(scores)


@given(parsers.parse("player {p:d} is to act with a turn total of {total:d}"))
def given_turn(scene: Scene, p: int, total: int):
    scene.facts.update(player=p, turn_total=total)


@given(parsers.parse("player {p:d} reached the target first"))
def given_reached(scene: Scene, p: int):
    scene.facts["reached_by"] = p


@when("the game is set up")
def when_set_up(scene: Scene):
    scene.current()


@when(parsers.re(r"player (?P<p>\d+) rolls(?: an? (?P<face>\d))?$"))
def when_roll(scene: Scene, p: str, face: str | None):
    scene.play(Roll(int(p)))
    if face and scene.error is None:
        scene.play(Die(int(face)))


@when(parsers.parse("player {p:d} holds"))
def when_hold(scene: Scene, p: int):
    scene.play(Hold(p))


@when(parsers.parse("the die shows {face:d}"))
def when_die(scene: Scene, face: int):
    scene.play(Die(face))


@then(parsers.parse("the action is rejected under {clause}"))
def then_rejected(scene: Scene, clause: str):
    assert scene.error is not None and scene.error.clause == clause, scene.error
    if scene.record.rejected is None:
        scene.check_rejected()


@then(parsers.parse("the scores are {scores}"))
def then_scores(scene: Scene, scores: str):
    assert scene.result("/state/scores") == numbers(scores)


@then(parsers.parse("the turn total is {total:d}"))
def then_total(scene: Scene, total: int):
    assert scene.result("/state/turn_total") == total


@then(parsers.parse("player {p:d} is to act"))
def then_actor(scene: Scene, p: int):
    assert scene.result("/actor") == p


@then("the die is due")
def then_die_due(scene: Scene):
    assert scene.result("/actor") == CHANCE


@then(parsers.parse("the legal actions are {texts}"))
def then_legal(scene: Scene, texts: str):
    legal = [GAME.notation.action_text(a) for a in GAME.legal_actions(scene.current())]
    assert legal == [t.strip() for t in texts.split(",")]
    scene.check_legal_actions()


@then(parsers.re(r"the game is over, won by players? (?P<winners>[\d, ]+)$"))
def then_over(scene: Scene, winners: str):
    assert scene.result("/outcome/winners") == numbers(winners)


@then("the game is not over")
def then_not_over(scene: Scene):
    assert scene.result("/outcome") is None


@then(parsers.parse("an event {kind} cites {clause}"))
def then_event(scene: Scene, kind: str, clause: str):
    assert any(e.type == kind and e.clause == clause for e in scene.events), scene.events
    scene.check_event(type=kind, clause=clause)


@then(parsers.parse("player {p:d} sees the whole state"))
def then_sees_all(scene: Scene, p: int):
    assert scene.result(f"/observations/{p}") == {**GAME.state_to_json(scene.current()), "observer": p}


def _options(scene: Scene, final: Any) -> dict:
    """The rule options a vector requires: those of the setup that are not the defaults."""
    return {k: v for k, v in scene.setup["options"].items() if v != GAME.options.option_spec(k).default}


EXPORT = VectorExporter("pig", options=_options)
pytest_bdd_after_scenario, pytest_sessionfinish = EXPORT.hooks()
