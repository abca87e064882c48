"""The adapter protocol's JSON Schemas describe what the reference adapter really says."""

from __future__ import annotations

import functools
import json

import pytest

from tabletop_referee.adapter import Adapter
from tabletop_referee.conformance.inprocess import InProcessAdapter
from tabletop_referee.conformance.runner import Runner
from tabletop_referee.conformance.vectors import default_vector_dir, load_vectors
from tabletop_referee.schemas import validation_errors


@functools.cache
def exchanges():
    """The reference adapter's exchanges, made once, when the first test needs them (not at
    collection: every pytest-xdist worker collects every module)."""
    adapter = Adapter(["mlem"])
    seen = []

    def handle(req):
        resp = adapter.handle(req)
        seen.append((req, resp))
        return resp

    inproc = InProcessAdapter(handle)
    inproc.start()
    vectors = load_vectors([default_vector_dir("mlem")], "mlem")
    Runner(inproc, "mlem").run(vectors[:60] + [v for v in vectors if v.kind == "perft"][:1])
    inproc.stop()
    state = adapter.handle({"cmd": "new_game", "seq": 0, "game": "mlem",
                            "setup": {"players": 3, "start_player": 1}})["state"]
    extra = [
        {"cmd": "observe", "seq": "o1", "game": "mlem", "state": state, "player": 2},
        {"cmd": "observe", "seq": "o2", "game": "mlem", "state": state, "player": 3},
        {"cmd": "new_game", "seq": "x1", "game": "mlem", "setup": {"players": 9, "start_player": 0}},
        {"cmd": "new_game", "seq": "x2", "game": "chess", "setup": {"players": 2, "start_player": 0}},
        {"cmd": "apply", "seq": "x3", "game": "mlem", "state": {"game": "mlem"}, "action": {"type": "stay", "player": 0}},
        {"cmd": "start", "seq": "x4", "protocol": 7},
    ]
    for req in extra:
        seen.append((req, adapter.handle(req)))
    return seen



def test_every_request_matches_the_request_schema():
    for req, _ in exchanges():
        assert validation_errors("protocol", "request", req) == [], req


def test_every_response_matches_the_response_schema():
    kinds = set()
    for req, resp in exchanges():
        assert validation_errors("protocol", "response", resp) == [], (req["cmd"], json.dumps(resp)[:300])
        kinds |= {k for k in KINDS if k in resp}
    assert kinds == set(KINDS)


KINDS = ("protocol", "state", "actions", "scores", "observation", "rejected", "skipped", "error", "ok")


def test_the_observe_exchange():
    """A base-game state hides nothing: the observation is the state plus observer."""
    (req, resp), (bad_req, bad) = [(q, r) for q, r in exchanges() if q["cmd"] == "observe"]
    assert resp == {"seq": "o1", "observation": {**req["state"], "observer": 2}}
    assert bad["seq"] == "o2" and bad["error"]["kind"] == "invalid-input"
    assert bad["error"]["clause"] == "observation.per-player" and bad["error"]["path"] == "$.player"
    assert "0 to 2" in bad["error"]["message"]


def test_start_announces_variants_and_observations():
    hello = Adapter(["mlem"]).handle({"cmd": "start", "seq": 0, "protocol": 1})
    assert validation_errors("protocol", "response", hello) == []
    assert "observations" in hello["capabilities"]
    mlem = hello["implementation"]["games"]["mlem"]
    assert mlem["variants"] == ["exploration", "missions", "ufo"]
    assert mlem["options"]["ufo_token_taker"] == ["commander", "passengers"]
    assert mlem["options"]["tunnel_past_end"] == ["deep-space", "no-move"]


@pytest.mark.parametrize("bad", [
    {"cmd": "apply", "seq": 1, "game": "mlem", "state": {}},          # no action
    {"cmd": "launch", "seq": 1},                                       # unknown command
    {"cmd": "observe", "seq": 1, "game": "mlem", "state": {}},         # no player
    {"cmd": "observe", "seq": 1, "game": "mlem", "state": {}, "player": -1},
    {"seq": 1, "protocol": 1},                                         # no cmd
])
def test_malformed_requests_are_rejected(bad):
    assert validation_errors("protocol", "request", bad)


@pytest.mark.parametrize("bad", [
    {"state": {}},                                                     # no seq
    {"seq": 1, "rejected": {"message": "no clause"}},
    {"seq": 1, "actions": []},                                         # no actor
    {"seq": 1, "ok": False},
    {"seq": 1, "observation": [1, 2]},                                 # not an object
])
def test_malformed_responses_are_rejected(bad):
    assert validation_errors("protocol", "response", bad)
