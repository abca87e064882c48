"""Adapter protocol 2 (docs/protocol.md): the handshake, play requests with per-step digests,
pipelining, and ``referee fuzz --keep-going`` collecting every distinct divergence of a run."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop_referee.adapter import Adapter
from tabletop_referee.conformance.client import AdapterProcess, ProtocolViolation, default_command
from tabletop_referee.documents import canonical_text, digest
from tabletop_referee.games import GAMES, load
from tabletop_referee.sampler import choose

REPO = Path(__file__).resolve().parents[1]
REFEREE = [sys.executable, "-m", "tabletop_referee.cli"]
THREE_BUGS = REPO / "tests" / "fuzz_adapters" / "three_bugs.py"
ZOO = REPO / "tests" / "adapters"


def referee(*args: str, timeout: float = 300) -> subprocess.CompletedProcess:
    return subprocess.run([*REFEREE, *args], cwd=REPO, capture_output=True, text=True, timeout=timeout)


def random_states(game_id: str, games: int = 4, seed: int = 1):
    g = load(game_id)
    rng = random.Random(seed)
    for _ in range(games):
        setup = g.setup_from_json(g.setups.fuzz_setup(rng, {}, True, g.info.variants))
        state = g.initial_state(setup)
        yield state
        for _ in range(300):
            if g.is_over(state):
                break
            state = g.apply(state, choose(g, rng, state)).state
            yield state


@pytest.mark.parametrize("game_id", GAMES)
def test_the_fast_state_text_is_the_canonical_text_of_the_state_document(game_id):
    """A game may compute the digested text its own way; it must be the same text."""
    g = load(game_id)
    for state in random_states(game_id):
        text = g.interchange.state_canonical_text(state)
        assert text == canonical_text(g.state_to_json(state))
        assert g.interchange.state_digest(state) == digest(g.state_to_json(state))


def test_the_worked_example_of_the_protocol_document_is_right():
    """docs/protocol.md gives digests of a small play request; the reference computes them."""
    text = (REPO / "docs" / "protocol.md").read_text(encoding="utf-8")
    block = text.split("<!-- worked-example -->", 2)[1]
    req = json.loads(block.split("```json", 2)[1].split("```", 1)[0])
    resp = json.loads(block.split("```json", 3)[2].split("```", 1)[0])
    answer = Adapter(["mlem"], protocols=(1, 2))
    answer.handle({"cmd": "start", "seq": 0, "protocol": 1, "protocols": [1, 2]})
    assert answer.handle(req) == resp


def test_the_handshake_agrees_on_the_highest_common_version():
    both = Adapter(["mlem"], protocols=(1, 2))
    assert both.handle({"cmd": "start", "seq": 0, "protocol": 1, "protocols": [1, 2]})["protocol"] == 2
    assert both.handle({"cmd": "start", "seq": 0, "protocol": 1})["protocol"] == 1  # a version-1 runner
    old = Adapter(["mlem"])  # wrappers written for version 1 keep speaking it
    assert old.handle({"cmd": "start", "seq": 0, "protocol": 1, "protocols": [1, 2]})["protocol"] == 1
    assert old.handle({"cmd": "play", "seq": 1, "game": "mlem", "setup": {}, "steps": []})["error"]["kind"] \
        == "unknown-command"
    with AdapterProcess(default_command("mlem")) as a:
        assert a.start()["protocol"] == 2 and a.protocol == 2
    with AdapterProcess(default_command("mlem"), protocols=(1,)) as a:
        assert a.start()["protocol"] == 1


def test_pipelined_answers_come_back_in_order_and_an_out_of_order_one_is_a_violation():
    with AdapterProcess(default_command("mlem")) as a:
        a.start()
        seqs = [a.submit("new_game", game="mlem", setup={"players": n, "start_player": 0}) for n in (2, 3, 4)]
        answers = [a.collect() for _ in seqs]
        assert [r["seq"] for r in answers] == seqs
        assert [len(r["state"]["players"]) for r in answers] == [2, 3, 4]
    with AdapterProcess([sys.executable, str(ZOO / "p2_out_of_order.py")], timeout=10,
                        env=None, cwd=str(ZOO)) as a:
        a.start()
        for n in (2, 3):
            a.submit("play", game="mlem", setup={"players": n, "start_player": 0}, steps=[])
        with pytest.raises(ProtocolViolation, match="out-of-order"):
            a.collect()


def test_fuzz_keep_going_reports_three_planted_bugs_with_three_rerunnable_vectors(tmp_path):
    out, report = tmp_path / "div.json", tmp_path / "report.json"
    proc = referee("fuzz", "--game", "mlem", "--adapter", f"{sys.executable} {THREE_BUGS}", "--games", "16",
                   "--seed", "3", "--keep-going", "--out", str(out), "--report", str(report))
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "3 distinct divergences" in proc.stdout and "protocol 2" in proc.stdout
    doc = json.loads(report.read_text())
    assert doc["protocol"] == 2
    keys = {(d["kind"], d["pointer"], d["clause"]) for d in doc["divergences"]}
    assert keys == {("apply", "/rocket/space", "travel.distance"), ("events", "/events", "travel.roll"),
                    ("legal_actions", "/actions", "missing embark")}
    vectors = json.loads(out.read_text())["vectors"]
    assert len(vectors) == 3 and {v["id"] for v in vectors} == {d["vector"] for d in doc["divergences"]}
    # each vector fails against the buggy adapter and passes against the reference
    buggy = referee("conform", "--game", "mlem", "--adapter", f"{sys.executable} {THREE_BUGS}",
                    "--vectors", str(out))
    assert buggy.stdout.strip().splitlines()[-1] == "0 passed, 3 failed, 0 skipped"
    clean = referee("conform", "--game", "mlem", "--vectors", str(out))
    assert clean.stdout.strip().splitlines()[-1] == "3 passed, 0 failed, 0 skipped"


def test_version_1_and_version_2_runs_find_the_same_divergences(tmp_path):
    """The games are decided before anything is sent, so the protocol changes only the speed."""
    reports = []
    for version, every in (("1", "1"), ("2", "1"), ("2", "8")):
        name = f"{version}-{every}"
        report = tmp_path / f"r{name}.json"
        referee("fuzz", "--game", "mlem", "--adapter", f"{sys.executable} {THREE_BUGS} --protocol {version}",
                "--games", "8", "--seed", "3", "--keep-going", "--out", str(tmp_path / f"v{name}.json"),
                "--report", str(report), "--digest-every", every)
        reports.append(json.loads(report.read_text()))
    assert [r["protocol"] for r in reports] == [1, 2, 2]
    assert reports[0]["divergences"] == reports[1]["divergences"] == reports[2]["divergences"]
    assert reports[0]["transitions"] == reports[1]["transitions"] == reports[2]["transitions"]
    vectors = {(tmp_path / f"v{n}.json").read_text() for n in ("1-1", "2-1", "2-8")}
    assert len(vectors) == 1


def test_max_failures_stops_the_run_early(tmp_path):
    proc = referee("fuzz", "--game", "mlem", "--adapter", f"{sys.executable} {THREE_BUGS}", "--games", "40",
                   "--seed", "3", "--keep-going", "--max-failures", "1", "--out", str(tmp_path / "d.json"))
    assert proc.returncode == 1
    assert "1 distinct divergence (stopped at --max-failures)" in proc.stdout
    assert len(json.loads((tmp_path / "d.json").read_text())["vectors"]) == 1
    usage = referee("fuzz", "--game", "mlem", "--games", "1", "--max-failures", "2")
    assert usage.returncode == 2 and "--max-failures needs --keep-going" in usage.stderr


@pytest.mark.parametrize("zoo, says", [
    ("p2_wrong_digest", "a wrong digest"),
    ("p2_truncated", "truncated play answer"),
    ("p2_out_of_order", "out-of-order answer to a pipelined request"),
])
def test_broken_protocol_2_answers_are_adapter_failures_not_divergences(zoo, says, tmp_path):
    out = tmp_path / "d.json"
    proc = referee("fuzz", "--game", "mlem", "--adapter", f"{sys.executable} {ZOO / (zoo + '.py')}",
                   "--games", "2", "--seed", "1", "--timeout", "5", "--out", str(out))
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert says in proc.stderr
    assert "no divergence" in proc.stdout and not out.exists()


def test_play_requests_and_answers_match_the_protocol_schemas():
    from tabletop_referee.conformance.fuzz import plan_game, play_request
    from tabletop_referee.schemas import validation_errors

    g = load("mlem")
    adapter = Adapter(["mlem"], protocols=(1, 2))
    start = {"cmd": "start", "seq": 0, "protocol": 1, "protocols": [1, 2]}
    assert validation_errors("protocol", "request", start) == []
    assert validation_errors("protocol", "response", adapter.handle(start)) == []
    for game in range(3):
        plan = plan_game(g, game, 5, None, True, variants=g.info.variants, observations=True, digests=True)
        req = {"cmd": "play", "seq": game + 1, **play_request(g, plan, digest_every=1 + game)}
        assert validation_errors("protocol", "request", req) == []
        resp = adapter.handle(req)
        assert validation_errors("protocol", "response", resp) == [], str(resp)[:300]
        assert len(resp["steps"]) == len(plan.steps)
        assert resp["start"] == plan.start_digest
        for i, (got, step) in enumerate(zip(resp["steps"], plan.steps)):
            want = dict(step.digests)
            if (i + 1) % (1 + game) and i != len(plan.steps) - 1:
                del want["state"]
            assert got == want, i


@pytest.mark.parametrize("example", [
    pytest.param(f"{sys.executable} {REPO / 'examples' / 'python' / 'adapter_template.py'}", id="python-template"),
    pytest.param(f"node {REPO / 'examples' / 'js' / 'adapter.js'}", id="javascript",
                 marks=pytest.mark.skipif(__import__("shutil").which("node") is None, reason="no Node.js")),
])
@pytest.mark.parametrize("version", ["1", "2"])
def test_the_examples_speak_both_versions_and_agree_with_the_reference(example, version, tmp_path):
    report = tmp_path / "r.json"
    proc = referee("fuzz", "--game", "mlem", "--adapter", f"{example} --protocol {version}", "--games", "3",
                   "--seed", "8", "--report", str(report), "--out", str(tmp_path / "d.json"))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    doc = json.loads(report.read_text())
    assert doc["protocol"] == int(version) and doc["divergences"] == [] and doc["transitions"] > 100


def test_an_http_adapter_is_checked_without_a_wrapper_process(tmp_path):
    """--adapter http://... POSTs each request; conform and fuzz work the same over it."""
    sys.path.insert(0, str(ZOO))
    try:
        from http_adapter import serve
    finally:
        sys.path.remove(str(ZOO))
    server, url = serve()
    try:
        report = tmp_path / "r.json"
        proc = referee("conform", "--game", "mlem", "--adapter", url, "--clause", "crash", "--report", str(report))
        assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr
        results = json.loads(report.read_text())["results"]
        assert results and all(r["status"] == "passed" for r in results)
        fz = referee("fuzz", "--game", "mlem", "--adapter", url, "--games", "3", "--seed", "2",
                     "--report", str(tmp_path / "f.json"))
        assert fz.returncode == 0, fz.stdout + fz.stderr
        assert json.loads((tmp_path / "f.json").read_text())["protocol"] == 2
    finally:
        server.shutdown()
    gone = referee("conform", "--game", "mlem", "--adapter", url, "--clause", "crash")
    assert gone.returncode == 2 and "could not start" in gone.stderr and gone.stderr.count("\n") == 1


def test_conform_over_two_adapter_processes_reports_the_same_vectors_in_the_same_order(tmp_path):
    wrong = f"{sys.executable} {ZOO / 'wrong_rule.py'} clause protocol-2"  # protocol 2: a pipelined walk
    reports = []
    for workers in ("1", "2"):
        report = tmp_path / f"r{workers}.json"
        proc = referee("conform", "--game", "mlem", "--adapter", wrong, "--clause", "crash", "--clause", "travel",
                       "--workers", workers, "--report", str(report))
        assert proc.returncode == 1, proc.stdout[-2000:] + proc.stderr
        reports.append([(r["id"], r["status"]) for r in json.loads(report.read_text())["results"]])
    assert reports[0] == reports[1]
    assert {s for _, s in reports[0]} == {"passed", "failed"}


@pytest.mark.parametrize("game_id", GAMES)
def test_the_fast_observation_digest_is_the_digest_of_the_observation_document(game_id):
    g = load(game_id)
    for state in random_states(game_id, games=3, seed=4):
        for player in range(g.player_count(state)):
            assert g.interchange.observation_digest(state, player) == digest(g.interchange.observation_to_json(state, player))


def test_conform_last_failed_reruns_only_what_failed(tmp_path):
    wrong = f"{sys.executable} {ZOO / 'wrong_rule.py'} clause protocol-2"  # protocol 2: a pipelined walk
    first, second = tmp_path / "1.json", tmp_path / "2.json"
    referee("conform", "--game", "mlem", "--adapter", wrong, "--clause", "crash", "--clause", "travel",
            "--report", str(first))
    failed = {r["id"] for r in json.loads(first.read_text())["results"] if r["status"] == "failed"}
    assert failed
    proc = referee("conform", "--game", "mlem", "--adapter", wrong, "--last-failed", str(first),
                   "--report", str(second))
    assert proc.returncode == 1
    assert {r["id"] for r in json.loads(second.read_text())["results"]} == failed
    fixed = referee("conform", "--game", "mlem", "--last-failed", str(second))
    assert fixed.returncode == 0 and fixed.stdout.strip().splitlines()[-1] == f"{len(failed)} passed, 0 failed, 0 skipped"
    clean = referee("conform", "--game", "mlem", "--last-failed", str(tmp_path / "missing.json"))
    assert clean.returncode == 2 and clean.stderr.count("\n") == 1


def test_fuzz_compares_the_odds_of_chance_nodes_under_protocol_2(tmp_path):
    """An engine with wrong dice odds (its probabilities and its play odds digests agree with
    each other) is caught by a protocol-2 fuzz run through the steps' odds digests."""
    wrong = f"{sys.executable} {REPO / 'tests' / 'fuzz_adapters' / 'wrong_odds_p2.py'}"
    out, report = tmp_path / "odds.json", tmp_path / "r.json"
    proc = referee("fuzz", "--game", "mlem", "--adapter", wrong, "--games", "5", "--seed", "1",
                   "--out", str(out), "--report", str(report))
    assert proc.returncode == 1, proc.stdout + proc.stderr
    doc = json.loads(report.read_text())
    assert doc["protocol"] == 2
    assert "(chance): chance probabilities differ" in proc.stdout
    vector = json.loads(out.read_text())["vectors"][0]
    assert "chance" in vector["expect"]
    assert referee("conform", "--game", "mlem", "--vectors", str(out)).returncode == 0
    assert referee("conform", "--game", "mlem", "--adapter", wrong, "--vectors", str(out)).returncode == 1


def test_the_play_odds_digest_is_that_of_the_sorted_outcome_probability_pairs():
    from fractions import Fraction

    from tabletop_referee.games.interface import CHANCE

    g = load("mlem")
    adapter = Adapter(["mlem"], protocols=(1, 2))
    hello = adapter.handle({"cmd": "start", "seq": 0, "protocol": 1, "protocols": [1, 2]})
    assert "play-odds" in hello["capabilities"]
    setup = {"players": 2, "start_player": 0, "board": "standard", "options": {}}
    state = g.initial_state(g.setup_from_json(setup))
    steps = []
    while g.actors(state) != (CHANCE,):
        action = g.legal_actions(state)[0]
        steps.append({"action": g.action_to_json(action)})
        state = g.apply(state, action).state
    roll = g.legal_actions(state)[0]
    steps.append({"action": g.action_to_json(roll)})
    req = {"cmd": "play", "seq": 1, "game": "mlem", "setup": setup, "steps": steps}
    plain = adapter.handle(req)
    asked = adapter.handle({**req, "odds": True})
    assert all("odds" not in s for s in plain["steps"])  # only when asked
    assert [("odds" in s) for s in asked["steps"]] == [False] * (len(steps) - 1) + [True]
    outcomes = g.chance_outcomes(state)
    assert sum(p for _a, p in outcomes) == Fraction(1)
    pairs = sorted(canonical_text([g.action_to_json(a), f"{p.numerator}/{p.denominator}"]) for a, p in outcomes)
    from tabletop_referee.documents import digest_text
    assert asked["steps"][-1]["odds"] == digest_text("[" + ",".join(pairs) + "]")
    from tabletop_referee.schemas import validation_errors
    assert validation_errors("protocol", "response", asked) == []
    assert validation_errors("protocol", "request", {**req, "odds": True}) == []
