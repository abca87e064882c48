"""Pig's features: the shared steps of tests/bdd_steps.py plus Pig's own Given phrases, which
describe a position (the engine's interchange turns it into a state); no rule is decided here."""

import dataclasses

import pytest
from pytest_bdd import given, parsers, then

from tabletop_referee.games.pig import GAME
from tests.bdd_steps import STEPS, GameScene
from tests.vector_export import VectorExporter, tag_mark

globals().update(STEPS)  # the shared vocabulary


@dataclasses.dataclass
class Scene(GameScene):
    game = GAME
    facts: dict = dataclasses.field(default_factory=dict)

    def current(self):  # with no position facts given, a scenario plays a new game
        if self.state is None and (self.error or self.facts or self.state_doc) is None:
            self.new_game({**self.setup_doc, **({"options": self.options()} if self.options() else {})})
        return self.state if self.state is not None or self.error else super().current()

    def build(self):
        start = GAME.state_to_json(GAME.initial_state(GAME.setup_from_json({**self.setup_doc, "options": self.options()})))
        return GAME.state_from_json({**start, **self.facts})


@pytest.fixture
def scene() -> Scene:
    return Scene()


def pytest_bdd_apply_tag(tag, function):
    return tag_mark(tag, function)


@given(parsers.parse("a {n:d}-player game to {target:d}"))
def given_game(scene: Scene, n: int, target: int):
    scene.setup_doc = {"players": n, "target": target}


@given(parsers.parse("the scores are {scores}"))
def given_scores(scene: Scene, scores: str):
    scene.facts["scores"] = [int(x) for x in scores.split(",")]


@given(parsers.parse("player {p:d} is to act with a turn total of {total:d}"))
def given_turn(scene: Scene, p: int, total: int):
    scene.facts.update(player=p, turn_total=total)


@given(parsers.parse("player {p:d} reached the target first"))
def given_reached(scene: Scene, p: int):
    scene.facts["reached_by"] = p


@then(parsers.parse("player {p:d} is to act"))
def then_actor(scene: Scene, p: int):
    assert scene.actor() == p and scene.settled() is not None
    scene.check("/actor")


EXPORT = VectorExporter("pig", options=lambda scene, final: {
    k: v for k, v in scene.options().items() if v != GAME.options.option_spec(k).default})
pytest_bdd_after_scenario, pytest_sessionfinish = EXPORT.hooks()
