"""The shortcuts that make the readings' verdicts cheap give what the plain way gives (issue 27;
tests/test_readings.py is the main check: every vector's recorded ``requires.options``)."""

from __future__ import annotations

import copy
from functools import lru_cache
from typing import Any

import pytest

from tabletop_referee import loading
from tabletop_referee.adapter import Adapter, RecentStates
from tabletop_referee.conformance import readings as R
from tabletop_referee.conformance.inprocess import InProcessAdapter
from tabletop_referee.conformance.runner import Runner
from tabletop_referee.conformance.vectors import Vector, default_vector_dir, load_vectors
from tabletop_referee.games import GAMES, load

GAMES_WITH_READINGS = [g for g in GAMES if R.reading_options(load(g))]


@lru_cache(maxsize=None)
def _suite(game_id: str) -> tuple[Any, ...]:
    return tuple(load_vectors([default_vector_dir(game_id)], game_id))


def _plain_substitute(game: Any, doc: dict[str, Any], pairs: dict[str, Any]) -> dict[str, Any] | None:
    """substitute as it was written first: a deep copy, every state read anew."""
    out = copy.deepcopy(dict(doc))
    if not pairs:
        return out
    try:
        if "setup" in out:
            out["setup"] = R._swap_setup(game, out["setup"], pairs)
            if "state" in out:
                out["state"] = R._swap_state(game, out["state"], pairs)
        elif "state" in out:
            out["state"] = R._swap_state(game, out["state"], pairs)
        for expect in [out.get("expect", {}), *(c.get("expect", {}) for c in out.get("checkpoints", []))]:
            if "state" in expect:
                expect["state"] = R._swap_state(game, expect["state"], pairs)
    except Exception:  # noqa: BLE001
        return None
    return out


def _containers(doc: Any) -> set[int]:
    found, stack = set(), [doc]
    while stack:
        value = stack.pop()
        if isinstance(value, (dict, list)):
            found.add(id(value))
            stack.extend(value.values() if isinstance(value, dict) else value)
    return found


@pytest.mark.parametrize("game_id", GAMES_WITH_READINGS)
def test_substitute_is_the_deep_copy_way_and_shares_nothing(game_id: str) -> None:
    """Every value of every option in play, swapped into every 100th vector: the same document as
    the deep-copy way (or ``None`` alike), states read once per vector (``read``) or not at all,
    and no object shared with the vector."""
    game = load(game_id)
    vectors = _suite(game_id)[::100]
    compared = 0
    for v in vectors:
        current = R.current_options(game, v.doc)
        if not current:
            continue
        read: dict[int, Any] = {}
        before = copy.deepcopy(v.doc)
        mine = _containers(v.doc)
        for name in current:
            for value in R._choice_options(game)[name].values:
                pairs = {name: value}
                want = _plain_substitute(game, v.doc, pairs)
                for got in (R.substitute(game, v.doc, pairs, read), R.substitute(game, v.doc, pairs)):
                    assert got == want, (v.id, pairs)
                    if got is not None:
                        assert not _containers(got) & mine, (v.id, pairs)
                compared += 1
        assert v.doc == before, v.id
    assert compared


def _answers(game_id: str, own_readers: bool, vectors: list[Any], shared: bool = False) -> list[Any]:
    adapter = InProcessAdapter(Adapter([game_id], shares_documents=shared).handle, own_readers=own_readers,
                               shares_documents=shared)
    adapter.start()
    exchanges: list[Any] = []
    original = adapter.request

    def request(cmd: str, **fields: Any) -> Any:
        resp = original(cmd, **fields)
        exchanges.append((cmd, fields, copy.deepcopy(resp)))
        return resp

    adapter.request = request  # type: ignore[method-assign]
    run = Runner(adapter, game_id).run(vectors)
    return [(r.vector.id, r.status, r.message) for r in run.results] + exchanges


@pytest.mark.parametrize("game_id", GAMES)
def test_own_readers_answer_as_the_plain_way(game_id: str) -> None:
    """An in-process reference told it reads only what it is sent answers every request of every
    60th vector as the plain one does."""
    vectors = list(_suite(game_id)[::60])
    assert _answers(game_id, True, vectors) == _answers(game_id, False, vectors)


def test_own_readers_take_the_plain_way_for_a_request_with_a_float() -> None:
    """A float anywhere in a request (an integral one the readers turn into an int, or another):
    the handler gets a plain copy outside ``own_documents``; without one, within it."""
    seen: list[tuple[Any, bool]] = []

    def handle(req: dict[str, Any]) -> dict[str, Any]:
        seen.append((req, loading._OWN_DOCUMENTS.get()))
        return {"seq": req["seq"]}

    adapter = InProcessAdapter(handle, own_readers=True)
    doc = {"a": [1, {"b": 2.0}], "c": "x"}
    adapter.request("apply", state=doc)
    adapter.request("apply", state={"a": [1, {"b": 2}], "c": None, "d": True})
    adapter.request("apply", state={"a": [0.5]})
    assert [own for _req, own in seen] == [False, True, False]
    assert seen[0][0]["state"] == doc and seen[0][0]["state"] is not doc
    assert seen[0][0]["state"]["a"][1] is not doc["a"][1]
    plain = InProcessAdapter(handle)
    plain.request("apply", state={"a": 1})
    assert seen[-1][1] is False


@pytest.mark.parametrize("game_id", GAMES)
def test_shared_documents_answer_as_the_plain_way(game_id: str) -> None:
    """The reference oracle that shares documents with the runner (its answers come back to it
    unread) answers every request of every 60th vector, and of each under another value of its
    first option in play, as the plain one does."""
    game = load(game_id)
    vectors = list(_suite(game_id)[::60])
    swapped = []
    for v in vectors:
        for name, value in list((R.current_options(game, v.doc) or {}).items())[:1]:
            other = next((x for x in R._choice_options(game)[name].values if x != value), None)
            doc = R.substitute(game, v.doc, {name: other}) if other is not None else None
            if doc is not None:
                swapped.append(Vector(doc, "<swapped>", 0))
    assert swapped or not R.reading_options(game)
    ran = vectors + swapped
    assert _answers(game_id, False, ran, shared=True) == _answers(game_id, False, ran)


def test_a_shared_adapter_takes_back_only_its_very_own_answer() -> None:
    """Shared: the document answered reads as the state it was written from, without reading;
    an equal copy of it, or any document when not shared, is read."""
    reads: list[Any] = []

    def read(doc: Any) -> Any:
        reads.append(doc)
        return ("read", len(reads))

    shared, plain = RecentStates(read, shared=True), RecentStates(read)
    doc, state = {"phase": "roll"}, ("written",)
    assert shared.written(doc, state) is doc and plain.written(doc, state) is doc
    assert shared(doc) is state and reads == []
    assert shared(dict(doc)) == ("read", 1)
    assert plain(doc) == ("read", 2)


def _plain_perft_reads(game: Any, doc: dict[str, Any]) -> set[str] | None:
    """The options a perft vector's count reads, walked without a memo (every position as often
    as it is reached): the way before the memo."""
    import dataclasses

    from tabletop_referee.impact import _Watch
    from tabletop_referee.perft import divide, pins_of

    state = game.state_from_json(doc["state"])
    options = game.options.options_of(state)
    watch = _Watch(options, frozenset(f.name for f in dataclasses.fields(options)), lambda _name: None)
    try:
        watched = game.options.replace_options(state, watch.options)
        watch.take()
        counted = divide(game, watched, doc["depth"], pins_of(doc))
        assert counted == divide(game, state, doc["depth"], pins_of(doc), {})  # the memo counts alike
        return watch.take()
    finally:
        watch.stop()


@pytest.mark.parametrize("game_id", GAMES)
def test_perft_reads_with_a_memo_are_the_walk_s(game_id: str) -> None:
    """The options read by a perft vector's count, each position walked once (the memo looks
    positions up with the watch paused), are those of the walk without a memo: every perft
    vector, at most 3 decisions deep (the walk without a memo takes seconds deeper; the memo
    meets positions again from depth 2)."""
    game = load(game_id)
    perft = [v for v in _suite(game_id) if v.doc.get("kind") == "perft"]
    assert perft
    for v in perft:
        doc = {**v.doc, "depth": min(v.doc["depth"], 3)}
        assert R._perft_reads(game, doc) == _plain_perft_reads(game, doc), v.id
