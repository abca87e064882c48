"""MLEM's rule checks as a table: every clause that refuses actions has named check functions
(``rule_checks()``), ``apply`` raises the first violation with its context, and ``is_legal``
agrees with ``apply`` along random games."""

from __future__ import annotations

import json
import random
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop_referee.errors import IllegalAction, MalformedInput
from tabletop_referee.games import load
from tabletop_referee.games.interface import check_name
from tabletop_referee.games.mlem import Embark, Land, Move, Roll, Setup, Stay, engine, load_board
from tabletop_referee.spec import load_spec

from .strategies import setups

REPO = Path(__file__).resolve().parents[1]
GAME = load("mlem")


def vector_rejections() -> set[str]:
    """The clauses the MLEM vectors expect an action to be refused under (``step`` -1 refuses
    the setup, not an action: those are left out)."""
    clauses = set()
    for f in (REPO / "vectors" / "mlem").glob("*.json"):
        for v in json.loads(f.read_text(encoding="utf-8"))["vectors"]:
            for expect in [v.get("expect", {}), *(c.get("expect", {}) for c in v.get("checkpoints", []))]:
                rejected = expect.get("rejected")
                if rejected and rejected["step"] >= 0:
                    clauses.add(rejected["clause"])
    return clauses


def test_every_clause_a_vector_refuses_an_action_under_has_checks():
    expected = vector_rejections()
    assert len(expected) > 10  # the scan really finds the vectors' rejections
    assert expected - set(GAME.rule_checks()) == set()


def test_check_functions_are_named_after_their_clause():
    table = GAME.rule_checks()
    assert table == engine.rule_checks()
    for clause, checks in table.items():
        assert checks, clause
        for check in checks:
            assert check.__name__ == check_name(clause), (clause, check.__module__)
            assert check.__module__.startswith("tabletop_referee.games.mlem.rules."), check


def test_rule_checks_only_names_known_clauses():
    known = set(load_spec("mlem").clause_ids)
    assert set(GAME.rule_checks()) - known == set()


def _play_and_probe(setup, seed: int, steps: int = 250) -> int:
    """Plays a random game; at each step compares ``is_legal`` with ``apply`` on the legal
    actions and on near-legal ones; returns how many refusals were seen."""
    rng = random.Random(seed)
    state = engine.initial_state(setup)
    refusals = 0
    for _ in range(steps):
        legal = engine.legal_actions(state)
        if not legal:
            break
        sample = legal if state.phase != "roll" else rng.sample(legal, min(5, len(legal)))
        for action in sample:
            assert engine.is_legal(state, action), action
            assert list(engine.violations(state, action)) == []
        for doc in GAME.probes.near_legal_actions(state, rng):
            try:
                action = GAME.action_from_json(doc)
            except MalformedInput:
                continue
            refusals += _compare(state, action)
        state = engine.apply(state, rng.choice(legal)).state
    return refusals


def _compare(state, action) -> int:
    found = list(engine.violations(state, action))
    try:
        engine.apply(state, action)
    except IllegalAction as e:
        assert not engine.is_legal(state, action)
        assert found and (found[0].clause, found[0].message) == (e.clause, e.message)
        assert e.action == action and e.phase == state.phase
        for problem in found:  # every check names one of its own clauses
            assert problem.clause in engine.rule_checks()
        return 1
    assert engine.is_legal(state, action) and found == []
    return 0


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=setups(), seed=st.integers(0, 2**32 - 1))
def test_is_legal_agrees_with_apply_along_random_games(setup, seed):
    _play_and_probe(setup, seed)


def test_the_probes_do_find_refusals():
    """The near-legal actions really include refused ones (so the test above can fail)."""
    assert _play_and_probe(Setup(players=3, board=load_board("standard")), 7) > 20


def test_an_illegal_action_carries_the_action_and_the_phase():
    state = engine.initial_state(Setup(players=2, board=load_board("standard")))
    action = Stay(0)
    try:
        engine.apply(state, action)
    except IllegalAction as e:
        assert (e.clause, e.action, e.phase) == ("turn.phase", action, "takeoff")
    else:
        raise AssertionError("a stay during takeoff was accepted")


def test_violations_lists_every_failed_check_in_order():
    """A move that breaks two rules: both are reported, the first is the one apply raises."""
    state = engine.initial_state(Setup(players=2, board=load_board("standard")))
    for action in (Embark(0, "die-one"), Embark(1, "satellite"), Roll(("1", "1", "2", "2", "3", "4"))):
        state = engine.apply(state, action).state
    assert state.phase == "move"
    bad = Move(state.rocket.seats[0].player, ("3", "3"), (1,))
    clauses = [v.clause for v in engine.violations(state, bad)]
    assert clauses[0] == "travel.whole-group" and "power.die-one" in clauses
    assert not engine.is_legal(state, bad)
    assert [v.clause for v in engine.violations(state, Land(0, 9))] == ["turn.phase"]
