"""The library boundary: ``state_from_json`` and friends (the Python API) and the reference
adapter refuse, with the typed error, what the command line refuses. Integral floats (``1.0``,
``-0.0``, ``1e3``) are the integers they are, as at every other input boundary
(docs/security.md); the adapter never answers ``internal`` to a request the schema can reject."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from tabletop_referee.adapter import Adapter
from tabletop_referee.errors import RefereeError
from tabletop_referee.games import GAMES, load

HOSTILE_VALUES = (1.5, -0.5, "x", None, [], {}, True, -1, 10 ** 30, 1e300)


def _positions(game_id: str, seeds: range = range(3), steps: int = 12) -> Iterator[tuple[Any, Any, list[Any]]]:
    """(setup, state, some legal actions) at the start and a few steps into seeded games."""
    game = load(game_id)
    for seed in seeds:
        rng = random.Random(seed)
        setup = game.random_setup(rng)
        state = game.initial_state(setup)
        for step in range(steps):
            if game.is_over(state):
                break
            if step % 4 == 0:
                actors = game.actors(state)
                player = None if len(actors) <= 1 else actors[0]
                actions = list(game.legal_actions(state, player))[:3] if player is not None or len(actors) == 1 \
                    else []
                yield setup, state, actions
            state = game.rules.advance(state, game.impact.greedy_action(state, rng))


def _leaves(doc: Any, path: tuple = ()) -> Iterator[tuple]:
    yield path
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield from _leaves(v, (*path, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield from _leaves(v, (*path, i))


def _replace(doc: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    out = copy.deepcopy(doc)
    here = out
    for k in path[:-1]:
        here = here[k]
    here[path[-1]] = value
    return out


def _integral(doc: Any) -> Iterator[Any]:
    """``doc`` with one whole number at a time written as a float (``2.0``; ``0`` as ``-0.0``)."""
    for path in _leaves(doc):
        value = doc
        for k in path:
            value = value[k]
        if type(value) is int:
            yield _replace(doc, path, -0.0 if value == 0 else float(value))


@pytest.mark.parametrize("game_id", list(GAMES))
def test_integral_floats_are_the_integers_they_are(game_id):
    """Before: 2,106 of 5,070 such substitutions raised (a TypeError, or a typed error for some
    fields and not others)."""
    game = load(game_id)
    tried = positions = 0
    for setup, state, actions in _positions(game_id):
        positions += 1
        docs = [(game.setup_to_json(setup), game.setup_from_json, game.setup_to_json),
                (game.state_to_json(state), game.state_from_json, game.state_to_json)]
        docs += [(game.action_to_json(a), game.action_from_json, game.action_to_json) for a in actions]
        for doc, read, write in docs:
            for floaty in _integral(doc):
                assert write(read(floaty)) == doc  # read as the integer: the same document back
                tried += 1
    # sized by this game's own positions, not by the bigger games: a state document holds whole
    # numbers (scores at least), so each position gives the check something to try
    assert positions > 0 and tried >= positions, (
        f"{game_id}: {tried} whole number(s) tried over {positions} position(s): the scan must reach the "
        "scores and counts of every state document (its JSON numbers)")


@pytest.mark.parametrize("game_id", list(GAMES))
@pytest.mark.parametrize("bad", [float("nan"), float("inf"), -float("inf")])
def test_non_finite_numbers_are_typed_errors(game_id, bad):
    game = load(game_id)
    setup, state, _ = next(_positions(game_id))
    doc = game.state_to_json(state)
    for path in list(_leaves(doc))[1:40]:
        with pytest.raises(RefereeError):
            game.state_from_json(_replace(doc, path, bad))


@pytest.mark.parametrize("game_id", list(GAMES))
def test_wrong_values_anywhere_are_typed_errors(game_id):
    """Any value of the wrong kind anywhere in a setup, state or action: a RefereeError (the
    typed error), never a TypeError or KeyError from inside the engine."""
    game = load(game_id)
    strays: list[str] = []
    for setup, state, actions in _positions(game_id, seeds=range(1), steps=1):
        docs = [(game.setup_to_json(setup), game.setup_from_json), (game.state_to_json(state), game.state_from_json)]
        docs += [(game.action_to_json(a), game.action_from_json) for a in actions]
        for doc, read in docs:
            for path in list(_leaves(doc))[:40]:
                for value in HOSTILE_VALUES[:5]:
                    try:
                        read(_replace(doc, path, value))
                    except RefereeError:
                        pass
                    except Exception as exc:  # noqa: BLE001 (what the test looks for)
                        strays.append(f"{read.__name__} {path} = {value!r}: {type(exc).__name__}: {exc}")
    assert not strays, f"{len(strays)} untyped errors, e.g. {strays[:5]}"


# -- the reference adapter ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def adapter() -> Adapter:
    a = Adapter(list(GAMES), protocols=(1, 2))
    assert "error" not in a.handle({"cmd": "start", "seq": 0, "protocol": 2, "protocols": [1, 2]})
    return a


def _requests(game_id: str) -> Iterator[dict[str, Any]]:
    game = load(game_id)
    for setup, state, actions in _positions(game_id, seeds=range(1), steps=1):
        s = game.state_to_json(state)
        yield {"cmd": "new_game", "game": game_id, "setup": game.setup_to_json(setup)}
        yield {"cmd": "legal_actions", "game": game_id, "state": s}
        yield {"cmd": "scores", "game": game_id, "state": s}
        yield {"cmd": "observe", "game": game_id, "state": s, "player": 0}
        for a in actions[:1]:
            yield {"cmd": "apply", "game": game_id, "state": s, "action": game.action_to_json(a)}
            yield {"cmd": "play", "game": game_id, "state": s, "steps": [{"action": game.action_to_json(a)}]}


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_adapter_never_answers_internal_to_a_malformed_request(adapter, game_id):
    """Every field of every request left out or replaced by a value of the wrong kind; before:
    ``new_game`` with no ``setup`` was ``internal`` with a traceback."""
    internal: list[str] = []
    count = fields = 0
    for req in _requests(game_id):
        fields += sum(1 for field in req if field not in ("cmd", "game"))
        variants = [{k: v for k, v in req.items() if k != field} for field in req if field not in ("cmd", "game")]
        for field in req:
            if field in ("cmd", "game"):
                continue
            for path in list(_leaves(req[field]))[:12]:
                for value in HOSTILE_VALUES[:5]:
                    variants.append({**req, field: _replace(req[field], path, value)})
        for i, variant in enumerate(variants):
            resp = adapter.handle({**variant, "seq": i})
            json.dumps(resp)  # always an answer the runner can read
            count += 1
            if resp.get("error", {}).get("kind") == "internal":
                internal.append(f"{json.dumps(variant)[:200]} -> {resp['error']['message'][:200]}")
    # sized by this game's own requests: each field is left out once and replaced by five values
    assert fields > 0 and count >= 6 * fields, (
        f"{game_id}: {count} malformed request(s) sent for {fields} field(s): each field must be sent left out "
        "and with each of five wrong values")
    assert not internal, f"{len(internal)} internal errors, e.g. {internal[:3]}"


@pytest.mark.parametrize("request_", [[], "new_game", 7, None, [{"cmd": "start"}]])
def test_a_request_that_is_not_an_object_has_an_error_kind(adapter, request_):
    resp = adapter.handle(request_)
    assert resp["seq"] is None and resp["error"]["kind"] == "invalid-input", resp


def test_celestia_component_counts_are_checked_in_a_state_document(adapter):
    """Every card of the deck three times: before, the state was accepted (and explained, exit
    0); now it is refused as a state that cannot occur, by the library and by the adapter."""
    game = load("celestia")
    setup, state, _ = next(_positions("celestia"))
    doc = game.state_to_json(state)
    tripled = {**doc, "deck": doc["deck"] * 3}
    with pytest.raises(RefereeError, match="not conserved"):
        game.state_from_json(tripled)
    resp = adapter.handle({"cmd": "legal_actions", "seq": 1, "game": "celestia", "state": tripled})
    assert resp["error"]["kind"] == "invalid-input" and "not conserved" in resp["error"]["message"], resp
    assert game.state_to_json(game.state_from_json(doc)) == doc  # the real state still reads
