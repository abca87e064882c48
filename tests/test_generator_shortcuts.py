"""The shortcuts that make the vector generators fast give what the plain way gives
(issue 27 item 4; docs/benchmarks.md, "Test suite"). The committed vector files, regenerated
byte for byte by tests/test_vectors.py and tests/test_standard_vectors.py, are the main check;
these pin each shortcut on its own."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from tabletop_referee import datavectors, perft
from tabletop_referee.errors import MalformedInput
from tabletop_referee.games import load
from tabletop_referee.loading import library_document, own_documents

from tabletop_referee.games import GAMES as _REGISTERED

GAMES = list(_REGISTERED)


def _perft_docs(game_id: str) -> list[dict]:
    path = Path(__file__).resolve().parents[1] / "vectors" / game_id / "perft.json"
    return json.loads(path.read_text(encoding="utf-8"))["vectors"] if path.is_file() else []


@pytest.mark.parametrize("game_id", GAMES)
def test_counts_are_perft_and_divide(game_id):
    """Memo, bulk counting at the last decision and the per-process cache change no count,
    at every depth up to the vector's own."""
    game = load(game_id)
    docs = _perft_docs(game_id)[:2]
    assert docs, f"{game_id} has no perft vectors"
    for doc in docs:
        state = game.state_from_json(doc["state"])
        pins = perft.pins_of(doc)
        for depth in range(min(doc["depth"], 3) + 1):
            want = (perft.perft(game, state, depth, pins), perft.divide(game, state, depth, pins))
            perft._COUNTS.clear()
            assert perft.counts(game, state, depth, pins) == want, (doc["id"], depth)
            assert perft.counts(game, state, depth, pins) == want, (doc["id"], depth, "cached")


def test_counts_hands_out_copies():
    game = load("mlem")
    doc = _perft_docs("mlem")[0]
    state = game.state_from_json(doc["state"])
    _nodes, below = perft.counts(game, state, doc["depth"], perft.pins_of(doc))
    below.clear()
    assert perft.counts(game, state, doc["depth"], perft.pins_of(doc))[1] == doc["expect"]["perft"]["divide"]


def test_with_field_copies_only_the_path():
    game = load("mlem")
    board = game.state_to_json(game.initial_state(game.setup_from_json(game.setups.conformance_setups()[0])))["board"]
    before = copy.deepcopy(board)
    changed = game.interchange.with_field(board, "/spaces/2/faces", ["4"])
    assert board == before  # the original is untouched
    assert changed["spaces"][2]["faces"] == ["4"]
    assert changed["spaces"][3] is board["spaces"][3]  # off the path: shared
    assert changed["planets"] is board["planets"]
    removed = game.interchange.with_field(board, "/spaces/2/planet", None)
    assert "planet" not in removed["spaces"][2] and board == before


def test_own_documents_skips_only_the_float_walk():
    seen = []
    with own_documents():
        library_document({"n": 1.0}, ("mlem", "action"), seen.append)
    library_document({"n": 1.0}, ("mlem", "action"), seen.append)
    assert [type(d["n"]) for d in seen] == [float, int]  # outside the block, floats are converted again


def test_an_unreadable_action_is_refused_every_time():
    game = load("mlem")
    bad = {"type": "stay"}  # no player
    for _ in range(2):
        with pytest.raises(MalformedInput):
            datavectors._read_action(game, bad)
    good = {"type": "stay", "player": 0}
    assert datavectors._read_action(game, good) == game.action_from_json(good)
