"""The interchange contract every game's documents keep, each rule checked on its own with a
message saying which rule broke and what to do (docs/adding-a-game.md, "The contract").

The game-neutral code reads these documents without knowing the game: the runner, ``explain``,
the readings and ``conform smoke`` find the rule options, the phase, the observer and the
game's id at fixed places. A game that puts them elsewhere passes its own tests and fails
theirs far from the cause; here the rule is named.
"""

from __future__ import annotations

import random

import pytest

from tabletop_referee.games import GAMES, load
from tabletop_referee.games.interface import Game
from tabletop_referee.sampler import choose

IDS = sorted(GAMES)


@pytest.fixture(params=IDS)
def game(request) -> Game:
    return load(request.param)


def states(game: Game, seed: str, steps: int = 60):
    """States along one seeded random game (its options varied)."""
    rng = random.Random(f"{game.info.id}:{seed}")
    state = game.initial_state(game.random_setup(rng, vary=True))
    for _ in range(steps):
        yield state
        if game.is_over(state):
            return
        state = game.apply(state, choose(game, rng, state)).state


def test_a_state_document_is_told_from_a_position(game):
    """``explain`` and ``verify`` take a full state or a compact position: ``is_full_state`` tells
    them apart. the interchange role's default looks for ``"format"`` and ``"game"`` at the top."""
    gid = game.info.id
    for state in states(game, "format"):
        doc = game.state_to_json(state)
        assert game.interchange.is_full_state(doc), (
            f"{gid}: is_full_state(state_to_json(state)) is false: write \"game\": {gid!r} and \"format\": 1 at the "
            "top of the state document (the interchange role's default), or override is_full_state in your Interchange role")


def test_a_state_document_has_a_phase(game):
    gid = game.info.id
    for state in states(game, "phase"):
        phase = game.state_to_json(state).get("phase")
        assert isinstance(phase, str) and phase, (
            f"{gid}: a state document needs a top-level \"phase\" (a non-empty string naming the step of play): "
            f"got {phase!r}; refusals carry it (tests/test_rule_checks.py)")


def test_the_rule_options_are_read_from_a_state(game):
    """The runner, the readings and ``explain`` read the rule options in force from a state with
    ``options_to_json``; the options role's default reads the state document's top-level ``"options"``."""
    gid = game.info.id
    rng = random.Random(f"{gid}:options")
    for _ in range(4):
        setup = game.random_setup(rng, vary=True)
        wanted = game.setup_to_json(setup).get("options") or {}
        read = game.options.options_to_json(game.initial_state(setup))
        moved = {k: v for k, v in wanted.items() if read.get(k) != v}
        assert not moved, (
            f"{gid}: the setup's options {moved} are not what options_to_json reads from the state ({read}): keep "
            "them at the top of the state document under \"options\" (the options role's default), or override options_to_json in your Options role")


def test_an_observation_is_the_state_plus_its_observer(game):
    """Each observation says whose it is; where the game hides nothing it is exactly the state
    document plus ``"observer"`` (``conform smoke`` relies on it)."""
    gid = game.info.id
    plain = 0
    for state in states(game, "observer", steps=40):
        doc = game.state_to_json(state)
        for player in range(game.player_count(state)):
            seen = game.interchange.observation_to_json(state, player)
            assert seen.get("observer") == player, (
                f"{gid}: observation_to_json(state, {player}) must carry \"observer\": {player} (got {seen.get('observer')!r})")
            if not game.interchange.hides_anything(state):
                plain += 1
                assert seen == {**doc, "observer": player}, (
                    f"{gid}: nothing is hidden in this state, so player {player}'s observation must be the state "
                    "document plus \"observer\" (hides_anything() is false)")
