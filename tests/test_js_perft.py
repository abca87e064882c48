"""The JavaScript MLEM adapter's `perft` (counted in-process, memoised) against a walk of the same
adapter's own `legal_actions` and `apply`, request by request, with the counting rules of
docs/vectors.md ("Perft vectors"). `referee conform` takes the adapter's count as the answer of
those commands, so the shortcut must not drift from the walk: here it is compared on every MLEM
perft vector (and its reading siblings) at depths the vectors do not pin, and with fewer
pinned outcomes than the vectors give (paths that end early on a chance node)."""

import json
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
ADAPTER = REPO / "examples" / "js" / "adapter.js"

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed")


def canonical(doc) -> str:
    return json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


class Adapter:
    def __init__(self):
        self.proc = subprocess.Popen(["node", str(ADAPTER)], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True)
        self.seq = 0
        hello = self.ask({"cmd": "start", "protocol": 1, "protocols": [1, 2]})
        assert hello["protocol"] == 2 and "perft" in hello["capabilities"]

    def ask(self, request):
        self.seq += 1
        self.proc.stdin.write(json.dumps({**request, "seq": self.seq}) + "\n")
        self.proc.stdin.flush()
        answer = json.loads(self.proc.stdout.readline())
        assert answer["seq"] == self.seq
        return answer

    def close(self):
        self.ask({"cmd": "stop"})
        self.proc.wait(timeout=10)


def walk(adapter, state, depth, rolls, draws):
    """nodes and divide by legal_actions and apply (docs/vectors.md, Perft vectors)."""

    def after(state, action):
        answer = adapter.ask({"cmd": "apply", "game": "mlem", "state": state, "action": action})
        assert "state" in answer, answer
        return answer["state"]

    def settle(state, used_rolls, used_draws):
        while True:
            legal = adapter.ask({"cmd": "legal_actions", "game": "mlem", "state": state})
            if legal["actor"] is None:
                return None
            if legal["actor"] != "chance":
                return state, legal["actions"], used_rolls, used_draws
            kind = legal["actions"][0]["type"]
            if kind == "roll":
                if used_rolls >= len(rolls):
                    return None
                dice = len(legal["actions"][0]["faces"])
                state = after(state, {"type": "roll", "faces": rolls[used_rolls][:dice]})
                used_rolls += 1
            else:
                phase = state["phase"]
                k = used_draws.get(phase, 0)
                if k >= len(draws.get(phase, [])):
                    return None
                state = after(state, {"type": "draw", "token": draws[phase][k]})
                used_draws = {**used_draws, phase: k + 1}

    def count(state, left, used_rolls, used_draws):
        if left == 0:
            return 1
        node = settle(state, used_rolls, used_draws)
        if node is None:
            return 1
        state, actions, used_rolls, used_draws = node
        return sum(count(after(state, a), left - 1, used_rolls, used_draws) for a in actions)

    node = settle(state, 0, {}) if depth else None
    if node is None:
        return {"nodes": 1, "divide": {}}
    state, actions, used_rolls, used_draws = node
    divide = {canonical(a): count(after(state, a), depth - 1, used_rolls, used_draws) for a in actions}
    return {"nodes": sum(divide.values()), "divide": divide}


def perft_vectors():
    out = []
    for name in ("perft.json", "readings-perft.json"):
        out += json.loads((REPO / "vectors" / "mlem" / name).read_text())["vectors"]
    return out


def test_js_perft_count_equals_the_walk_of_its_own_legal_actions_and_apply():
    vectors = perft_vectors()
    assert len(vectors) == 23
    adapter = Adapter()
    try:
        for vector in vectors:
            rolls, draws = vector.get("rolls", []), vector.get("draws", {})
            # depth 3 (where transpositions meet the memo) for the six shipped positions, 2 for
            # the reading siblings (the same positions under other readings), to keep this quick
            deep = min(vector["depth"], 2 if "reading_of" in vector else 3)
            trials = [(depth, rolls, draws) for depth in range(deep + 1)]
            # fewer pinned outcomes than the vector gives: paths end on a chance node
            trials.append((deep, rolls[:1], {phase: ids[:1] for phase, ids in draws.items()}))
            trials.append((deep, [], {}))
            for depth, r, d in trials:
                counted = adapter.ask({"cmd": "perft", "game": "mlem", "state": vector["state"], "depth": depth,
                                       "rolls": r, "draws": d})
                assert "perft" in counted, (vector["id"], depth, counted)
                assert counted["perft"] == walk(adapter, vector["state"], depth, r, d), (vector["id"], depth, r, d)
            full = adapter.ask({"cmd": "perft", "game": "mlem", "state": vector["state"], "depth": vector["depth"],
                                "rolls": rolls, "draws": draws})
            assert full["perft"] == vector["expect"]["perft"], vector["id"]
    finally:
        adapter.close()
