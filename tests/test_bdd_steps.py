"""The shared step vocabulary (tests/bdd_steps.py) works on its own: a game's step folder that
adds no phrase gets every shared step. Run here on Celestia's engine with a scene that knows
nothing of Celestia but its ``GAME``, on tests/fixtures/bdd_steps/shared.feature (outside
features/, so no vector is exported from it)."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any, ClassVar

import pytest
from pytest_bdd import scenarios

from tabletop_referee.games import load
from tests.bdd_steps import (
    STEPS,
    GameScene,
    seat,
    seats,
    split_list,
    then_events,
    then_no_action,
    then_phase,
    then_scores,
    then_when_events,
)

globals().update(STEPS)

FEATURE = Path(__file__).parent / "fixtures" / "bdd_steps" / "shared.feature"
scenarios(str(FEATURE))


@dataclasses.dataclass
class PlainScene(GameScene):
    game: ClassVar[Any] = load("celestia")


@pytest.fixture
def scene() -> PlainScene:
    return PlainScene()


def test_the_player_phrases():
    assert [seat("Alice"), seat("Fay"), seat("Heidi"), seat("player 7")] == [0, 5, 7, 7]
    assert seats("Alice, Carol and player 4") == [0, 2, 4]
    assert split_list("") == [] and split_list("1, 1 and 2") == ["1", "1", "2"]


def test_a_state_document_is_read_by_the_game():
    game = PlainScene.game
    state = game.initial_state(game.setup_from_json({"players": 3, "first_captain": 1}))
    scene = PlainScene(state_doc=game.state_to_json(state))
    assert scene.current() == state and scene.record.state == game.state_to_json(state)


def test_an_option_value_is_read_from_the_options_spec():
    scene = PlainScene()
    assert scene.option_value("game_type", "fast") == "fast"
    assert scene.option_value("city_dice", "1, 1, 2") == [1, 1, 2]
    with pytest.raises(AssertionError, match="no rule option"):
        scene.option_value("no_such_option", "x")


def test_the_shared_steps_are_bound_by_name():
    assert STEPS and all(name.startswith("pytestbdd_stepdef_") for name in STEPS)


@dataclasses.dataclass
class DealtScene(PlainScene):
    """A scene whose Given steps play an action when the state is built (a deal, say), as a
    game's ``current()`` may."""

    def current(self):
        if self.state is None:
            super().current()
            self.play_text("deal compass")
            self.given_events = len(self.events)
        return self.state


def _new_game_doc() -> dict:
    game = PlainScene.game
    return game.state_to_json(game.initial_state(game.setup_from_json({"players": 3, "first_captain": 0})))


def test_the_events_of_the_when_steps_leave_out_those_of_the_given_steps():
    scene = DealtScene(state_doc=_new_game_doc())
    scene.play_text("deal horn")
    header = ["type", "clause", "player", "card"]
    compass, horn = ["draw", "setup.hand-size", "0", "compass"], ["draw", "setup.hand-size", "1", "horn"]
    assert scene.given_events == 1
    then_when_events(scene, [header, horn])
    then_when_events(scene, [header, ["draw", "setup.hand-size", "", ""]])  # a blank cell states nothing
    then_events(scene, [header, compass, horn])  # 'the events are:' lists every event
    with pytest.raises(AssertionError):
        then_when_events(scene, [header, compass, horn])
    with pytest.raises(AssertionError):
        then_when_events(scene, [header, ["draw", "setup.hand-size", "0", ""]])


def test_the_phase_is_read_from_the_state_document():
    scene = PlainScene(state_doc=_new_game_doc())
    then_phase(scene, "deal")
    with pytest.raises(AssertionError):
        then_phase(scene, "journey")


def test_the_scores_name_every_player():
    scene = PlainScene(state_doc=_new_game_doc())
    then_scores(scene, "Alice 0, Bob 0 and Carol 0")
    with pytest.raises(AssertionError):
        then_scores(scene, "Alice 0 and Bob 0")
    with pytest.raises(AssertionError):
        then_scores(scene, "Alice 0, Bob 1 and Carol 0")


def test_nobody_has_an_action_left_only_once_the_game_is_over():
    game = PlainScene.game
    state = game.state_from_json(_new_game_doc())
    with pytest.raises(AssertionError):
        then_no_action(PlainScene(state=state))
    for _ in range(10_000):  # the first action offered each time, until the game ends
        if game.is_over(state):
            break
        state = game.apply(state, game.legal_actions(state)[0]).state
    assert game.is_over(state)
    scene = PlainScene(state=state)
    then_no_action(scene)
    assert scene.record.pointers == ["/actor"] and scene.record.legal_actions
