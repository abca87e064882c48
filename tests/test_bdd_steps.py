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
from tests.bdd_steps import STEPS, GameScene, seat, seats, split_list

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
    assert [seat("Alice"), seat("Fay"), seat("player 7")] == [0, 5, 7]
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
