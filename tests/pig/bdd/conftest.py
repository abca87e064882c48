"""Pig's features: the shared steps of tests/bdd_steps.py plus Pig's own Given phrases, which
fill in a position (docs/pig/positions.md) that Pig's positions role turns into a state."""

import dataclasses

from pytest_bdd import given, parsers

from tabletop_referee.games.pig import GAME
from tests.bdd_steps import STEPS, GameScene, bind


@dataclasses.dataclass
class Scene(GameScene):
    game = GAME
    facts: dict = dataclasses.field(default_factory=dict)

    def build(self):
        return GAME.positions.position_to_state({**self.setup_doc, "options": self.options(), **self.facts})


globals().update(STEPS, **bind(Scene))


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
