"""Rule checks as tables (issue 17), for every game that has them, through the game interface
only: each clause that refuses input has check functions named after it, ``apply`` raises the
first violation with the action and the phase attached, and ``is_legal`` agrees with ``apply``.
"""

from __future__ import annotations

import functools
import random
from typing import Any

import pytest

from tabletop_referee.errors import IllegalAction, RefereeError
from tabletop_referee.games import GAMES, load
from tabletop_referee.games.interface import CHANCE, check_name
from tabletop_referee.paths import data_root
from tabletop_referee.sampler import choose
from tabletop_referee.spec import load_spec
from tabletop_referee.vectors import load_vector_files

GAMES_WITH_TABLES = sorted(GAMES)
"""The games whose rule checks are tables (each game joins when it has one)."""


def rejection_clauses(game_id: str) -> set[str]:
    """Every clause a vector of the game expects a rejection under (``expect.rejected``)."""
    found: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            rejected = node.get("rejected")
            if isinstance(rejected, dict) and isinstance(rejected.get("clause"), str):
                found.add(rejected["clause"])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    for _, doc in load_vector_files(data_root() / "vectors" / game_id):
        walk(doc)
    return found


@pytest.mark.parametrize("game_id", GAMES_WITH_TABLES)
def test_every_rejection_clause_of_the_vectors_has_checks(game_id):
    clauses = rejection_clauses(game_id)
    assert clauses, "the vectors expect no rejection at all: nothing to check"
    missing = sorted(clauses - set(load(game_id).rule_checks()))
    assert not missing, (f"{game_id}: vectors expect rejections (setup refusals included) under {missing}, which have "
                         "no check function: list one per clause in rule_checks() (check_name(clause))")


@pytest.mark.parametrize("game_id", GAMES_WITH_TABLES)
def test_check_functions_are_named_after_their_clause(game_id):
    table = load(game_id).rule_checks()
    assert table
    for clause, checks in table.items():
        assert checks, f"{game_id}: rule_checks()[{clause!r}] is empty: list its check functions or leave it out"
        for check in checks:
            assert callable(check), f"{game_id}: rule_checks()[{clause!r}] holds {check!r}, not a function"
            assert check.__name__ == check_name(clause), (
                f"{game_id}: the check of {clause} is named {check.__name__}: name it {check_name(clause)} (check_name)")


@pytest.mark.parametrize("game_id", GAMES_WITH_TABLES)
def test_checked_clauses_are_clauses_of_the_spec(game_id):
    known = set(load_spec(game_id).clause_ids)
    unknown = sorted(set(load(game_id).rule_checks()) - known)
    assert not unknown, f"not in spec/{game_id}/clauses.yaml: {unknown}"


def _illegal_candidates(game, state, action, rng) -> list[Any]:
    """Near-legal action values (the game's own probes) that parse; legal ones are kept too."""
    docs = list(game.probes.near_legal_actions(state, rng))
    probe = game.probes.illegal_probe(state, action, rng)
    if probe is not None:
        docs.append(probe)
    out = []
    for doc in docs:
        try:
            out.append(game.action_from_json(doc))
        except RefereeError:
            continue
    return out


_WALK_STEPS = 150


@functools.lru_cache(maxsize=None)
def _seeded_game(game_id: str, seed: int) -> tuple[tuple[Any, Any, tuple[Any, ...]], ...]:
    """(state, chosen action, candidates) along the seeded random game, up to _WALK_STEPS steps:
    played once per module (the tests below walk the same games) and shared, so nothing may
    change what it holds (states and actions are immutable values)."""
    game = load(game_id)
    rng = random.Random(seed)
    state = game.initial_state(game.random_setup(rng, vary=True))
    steps = []
    for _ in range(_WALK_STEPS):
        if game.is_over(state):
            break
        action = choose(game, rng, state)
        steps.append((state, action, tuple(_illegal_candidates(game, state, action, rng))))
        state = game.apply(state, action).state
    return tuple(steps)


def _walk(game_id: str, seeds: range, max_steps: int = _WALK_STEPS):
    """(game, state, chosen action, candidates) along seeded random games: the first
    ``max_steps`` steps of each (a shorter walk is the start of the longer one, the rng drawn
    the same way step by step)."""
    assert max_steps <= _WALK_STEPS
    game = load(game_id)
    for seed in seeds:
        for state, action, candidates in _seeded_game(game_id, seed)[:max_steps]:
            yield game, state, action, list(candidates)


@pytest.mark.parametrize("game_id", GAMES_WITH_TABLES)
def test_is_legal_agrees_with_apply(game_id):
    legal = refused = 0
    for game, state, action, candidates in _walk(game_id, range(6)):
        single = game.actors(state)
        players = [None] if len(single) <= 1 or single == (CHANCE,) else list(single)
        for player in players:
            for a in game.legal_actions(state, player)[:40]:
                assert game.rules.is_legal(state, a), game.notation.action_text(a)
                legal += 1
        for a in candidates:
            try:
                game.apply(state, a)
            except IllegalAction as e:
                assert not game.rules.is_legal(state, a), game.notation.action_text(a)
                first = next(iter(game.rules.violations(state, a)))
                assert (first.clause, first.message) == (e.clause, e.message)
                refused += 1
            else:
                assert game.rules.is_legal(state, a), game.notation.action_text(a)
    # sized by the game, not the big games: legal actions were tried, and a game whose vectors
    # expect rejections has near-legal probes that get refused
    assert legal > 0, f"{game_id}: no legal action was tried"
    assert refused > 0 or not rejection_clauses(game_id), (
        f"{game_id}: its vectors expect rejections but near_legal_actions/illegal_probe gave no refused action: "
        "write probes that come near the rules")


@pytest.mark.parametrize("game_id", GAMES_WITH_TABLES)
def test_apply_legal_is_apply_for_legal_actions(game_id):
    """``apply_legal`` (the play loops' apply without the rule checks) gives the very state and
    events ``apply`` gives, and ``advance`` (without the events too) the very state, for every
    legal action and chance outcome along seeded games."""
    compared = 0
    for game, state, action, _candidates in _walk(game_id, range(6)):
        single = game.actors(state)
        players = [None] if len(single) <= 1 or single == (CHANCE,) else list(single)
        for player in players:
            for a in (*game.legal_actions(state, player)[:12], action):
                checked, unchecked = game.apply(state, a), game.rules.apply_legal(state, a)
                assert unchecked.state == checked.state, game.notation.action_text(a)
                assert unchecked.events == checked.events, game.notation.action_text(a)
                assert game.rules.advance(state, a) == checked.state, game.notation.action_text(a)
                compared += 1
    assert compared > 0, f"{game_id}: no legal action was compared"


@pytest.mark.parametrize("game_id", GAMES_WITH_TABLES)
def test_refusals_carry_the_action_and_the_phase(game_id):
    seen = 0
    for game, state, _, candidates in _walk(game_id, range(3), max_steps=80):
        phase = game.state_to_json(state).get("phase")
        for a in candidates:
            try:
                game.apply(state, a)
            except IllegalAction as e:
                assert e.action == a, f"{game_id}: a refusal under {e.clause} must carry the refused action (with_context)"
                assert e.phase is not None and e.phase == phase, (
                    f"{game_id}: a refusal under {e.clause} carries phase {e.phase!r} but the state document's \"phase\" is "
                    f"{phase!r}: the state document needs a \"phase\", and refusals take it (with_context(action, phase))")
                assert str(e) == f"[{e.clause}] {e.message}", f"{game_id}: IllegalAction reads [clause] message: {e}"
                seen += 1
    assert seen > 0 or not rejection_clauses(game_id), f"{game_id}: no refusal was seen: write near_legal_actions probes"
