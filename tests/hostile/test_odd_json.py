"""Schema-valid but odd JSON (integral floats, huge integers, deep nesting, wrong types at random
places) through the input boundary and every ``*_from_json`` of every game: only typed errors
(:class:`~tabletop_referee.errors.RefereeError`) may come out, never a TypeError or a crash."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop_referee.errors import RefereeError
from tabletop_referee.games import GAMES, load
from tabletop_referee.loading import LoadError, normalise, parse_json


def _bases(game_id: str) -> dict[str, list[Any]]:
    game = load(game_id)
    rng = random.Random(1)
    setups, states, actions = [], [], []
    for _ in range(3):
        setup = game.random_setup(rng) if hasattr(game, "random_setup") else None
        if setup is None:
            break
        setups.append(game.setup_to_json(setup))
        state = game.initial_state(setup)
        for _ in range(rng.randrange(0, 30)):
            legal = game.legal_actions(state)
            if not legal:
                break
            action = rng.choice(legal)
            actions.append(game.action_to_json(action))
            state = game.apply(state, action).state
        states.append(game.state_to_json(state))
    return {"setup": setups, "state": states, "action": actions}


BASES = {g: _bases(g) for g in GAMES}
READERS = {"setup": "setup_from_json", "state": "state_from_json", "action": "action_from_json"}


def _paths(doc: Any, path: tuple = ()) -> list[tuple]:
    found = [path]
    if isinstance(doc, dict):
        for k, v in doc.items():
            found += _paths(v, (*path, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            found += _paths(v, (*path, i))
    return found


def _replace(doc: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    copy = json.loads(json.dumps(doc))
    node = copy
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return copy


def _floaty(doc: Any) -> Any:
    if isinstance(doc, bool) or not isinstance(doc, (int, dict, list)):
        return doc
    if isinstance(doc, int):
        return float(doc)
    if isinstance(doc, dict):
        return {k: _floaty(v) for k, v in doc.items()}
    return [_floaty(v) for v in doc]


ODD = st.one_of(
    st.integers(-3, 8).map(float),
    st.integers(10, 5000).map(lambda n: 10 ** n),
    st.integers(-10**30, 10**30),
    st.integers(50, 300).map(lambda d: json.loads("[" * d + "]" * d)),
    st.sampled_from([None, True, False, "", "0", [], {}, 0.5, -1, 2**63, -(2**63)]),
    st.text(max_size=5),
)


def _call(game_id: str, kind: str, doc: Any) -> None:
    game = load(game_id)
    try:
        doc = normalise(doc, "doc")  # what the boundary gives the engine
    except LoadError:
        return
    try:
        getattr(game, READERS[kind])(doc)
    except RefereeError:
        pass


CASES = [(g, k) for g in GAMES for k in READERS if BASES[g][k]]


@pytest.mark.parametrize("game_id, kind", CASES)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_odd_values_give_typed_errors_only(game_id, kind, data):
    base = data.draw(st.sampled_from(BASES[game_id][kind]))
    path = data.draw(st.sampled_from(_paths(base)))
    _call(game_id, kind, _replace(base, path, data.draw(ODD)))


@pytest.mark.parametrize("game_id, kind", CASES)
def test_integral_floats_read_like_ints(game_id, kind):
    game = load(game_id)
    for base in BASES[game_id][kind]:
        as_floats = parse_json(json.dumps(_floaty(base)))
        assert as_floats == base
        reader = getattr(game, READERS[kind])
        assert repr(reader(as_floats)) == repr(reader(base))


@settings(max_examples=200, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.floats() | st.integers() | st.text(max_size=3),
                    lambda kids: st.lists(kids, max_size=3) | st.dictionaries(st.text(max_size=3), kids, max_size=3),
                    max_leaves=30))
def test_the_boundary_returns_json_or_a_load_error(doc):
    try:
        text = json.dumps(doc)  # may hold NaN / Infinity: Python writes them
    except ValueError:
        return
    try:
        out = parse_json(text, "x.json")
    except LoadError as exc:
        assert str(exc).startswith("x.json: ") and "\n" not in str(exc)
        return
    assert json.loads(json.dumps(out, allow_nan=False)) == out
