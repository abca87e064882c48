"""End to end: the whole vector suite against the reference and the JavaScript adapters, and
the differential fuzzer finding an injected divergence."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
REFEREE = [sys.executable, "-m", "tabletop_referee.cli"]
BUGGY = f"{sys.executable} {REPO / 'tests' / 'fuzz_adapters' / 'afterburner_short.py'}"


def referee(*args: str, timeout: float = 300) -> subprocess.CompletedProcess:
    return subprocess.run([*REFEREE, *args], cwd=REPO, capture_output=True, text=True, timeout=timeout)


def test_reference_adapter_passes_every_vector(tmp_path):
    report = tmp_path / "report.json"
    proc = referee("conform", "--game", "mlem", "--report", str(report))
    assert proc.returncode == 0, proc.stdout[-3000:]
    last = proc.stdout.strip().splitlines()[-1]
    doc = json.loads(report.read_text())
    statuses = {r["status"] for r in doc["results"]}
    assert statuses == {"passed"}
    assert last == f"{len(doc['results'])} passed, 0 failed, 0 skipped"
    assert len(doc["results"]) >= 150


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed")
def test_javascript_adapter_passes_every_vector(tmp_path):
    """The JS example implements the base game, the three variants and observations, written
    from the spec: every vector must pass, none skipped."""
    report = tmp_path / "report.json"
    proc = referee("conform", "--game", "mlem", "--adapter", f"node {REPO / 'examples' / 'js' / 'adapter.js'}",
                   "--report", str(report))
    assert proc.returncode == 0, proc.stdout[-3000:]
    assert " 0 failed, 0 skipped" in proc.stdout.strip().splitlines()[-1]
    results = json.loads(report.read_text())["results"]
    assert results and all(r["status"] == "passed" for r in results)
    assert any(r["id"] == "mlem-0330" for r in results)  # a variant vector is among them
    # it announces perft (protocol 2): every perft vector passes on its own count, not a walk
    perft = [r for r in results if r["kind"] == "perft"]
    assert len(perft) == 23 and all(r.get("counted_by") == "adapter" for r in perft)


def test_fuzz_finds_an_injected_divergence_and_writes_a_short_rerunnable_vector(tmp_path):
    out = tmp_path / "divergence.json"
    proc = referee("fuzz", "--game", "mlem", "--adapter", BUGGY, "--games", "10", "--seed", "3",
                   "--out", str(out))
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "divergence in game" in proc.stdout and "/rocket/space" in proc.stdout
    vector = json.loads(out.read_text())["vectors"][0]
    assert len(vector["steps"]) <= 3
    assert vector["steps"][-1]["action"]["type"] == "move"
    assert "afterburner" in vector["steps"][-1]["action"]["faces"]
    # the vector fails against the buggy adapter and passes against the reference
    bad = referee("conform", "--game", "mlem", "--adapter", BUGGY, "--vectors", str(out))
    assert bad.returncode == 1 and "/state/rocket/space" in bad.stdout
    good = referee("conform", "--game", "mlem", "--vectors", str(out))
    assert good.returncode == 0, good.stdout


def test_fuzz_compares_observations_and_catches_a_leak(tmp_path):
    """Announced variants are fuzzed too; an adapter whose observations show other players'
    missions is caught, and the vector it writes fails on it and passes on the reference."""
    leaky = f"{sys.executable} {REPO / 'tests' / 'fuzz_adapters' / 'leaky_observe.py'}"
    out = tmp_path / "leak.json"
    proc = referee("fuzz", "--game", "mlem", "--adapter", leaky, "--games", "10", "--seed", "3", "--out", str(out))
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "observation of player" in proc.stdout and "/missions/hands/" in proc.stdout
    vector = json.loads(out.read_text())["vectors"][0]
    assert vector["clauses"] == ["observation.per-player"]
    assert "missions" in vector["requires"]["variants"] and "observations" in vector["requires"]["capabilities"]
    bad = referee("conform", "--game", "mlem", "--adapter", leaky, "--vectors", str(out))
    assert bad.returncode == 1 and "/observations/" in bad.stdout
    good = referee("conform", "--game", "mlem", "--vectors", str(out))
    assert good.returncode == 0, good.stdout


def test_fuzz_compares_events_when_the_adapter_has_the_capability(tmp_path):
    """A right state with a wrong event (a crash citing another clause) is a divergence too."""
    wrong = f"{sys.executable} {REPO / 'tests' / 'fuzz_adapters' / 'wrong_event_clause.py'}"
    out = tmp_path / "events.json"
    proc = referee("fuzz", "--game", "mlem", "--adapter", wrong, "--games", "10", "--seed", "3", "--out", str(out))
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "(events)" in proc.stdout and '"clause":"travel.roll","crashes"' in proc.stdout
    vector = json.loads(out.read_text())["vectors"][0]
    assert "events" in vector["requires"]["capabilities"]
    assert any(e["type"] == "crashed" and e["clause"] == "crash.trigger" for e in vector["expect"]["events"])
    bad = referee("conform", "--game", "mlem", "--adapter", wrong, "--vectors", str(out))
    assert bad.returncode == 1 and "crash.trigger" in bad.stdout
    good = referee("conform", "--game", "mlem", "--vectors", str(out))
    assert good.returncode == 0, good.stdout


def test_fuzz_against_the_reference_itself_finds_nothing_in_parallel():
    proc = referee("fuzz", "--game", "mlem", "--games", "6", "--seed", "11", "--workers", "2")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "6 games" in proc.stdout and "no divergence" in proc.stdout


def test_fuzz_with_an_adapter_that_cannot_start_is_a_usage_error():
    proc = referee("fuzz", "--game", "mlem", "--adapter", "definitely-not-a-command-xyz", "--games", "1")
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    assert proc.stderr.strip().count("\n") == 0 and proc.stderr.startswith("referee fuzz: error: adapter could not start")


def test_javascript_data_files_match_the_spec():
    """examples/js carries the boards and token sets as JSON (Node reads no YAML): they must be
    the shipped YAML files, or the JS adapter would pass or fail for the wrong reason."""
    from tabletop_referee.games.mlem.interchange import (
        board_ids, board_to_json, load_board, load_tokens, token_set_ids, tokens_to_json)

    js = REPO / "examples" / "js"
    regenerate = "regenerate them as examples/js/README.md says"
    boards = json.loads((js / "boards.json").read_text(encoding="utf-8"))
    assert boards == {b: board_to_json(load_board(b)) for b in board_ids()}, f"boards.json is stale: {regenerate}"
    tokens = json.loads((js / "tokens.json").read_text(encoding="utf-8"))
    assert tokens == {t: tokens_to_json(load_tokens(t)) for t in token_set_ids()}, f"tokens.json is stale: {regenerate}"


def test_fuzz_compares_chance_probabilities_when_both_sides_announce_them(tmp_path):
    out = tmp_path / "odds.json"
    wrong = f"{sys.executable} {REPO / 'tests' / 'adapters' / 'lenient.py'} wrong-odds"
    proc = referee("fuzz", "--game", "mlem", "--adapter", wrong, "--games", "5", "--seed", "1", "--out", str(out))
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "(chance): chance probabilities differ" in proc.stdout
    vector = json.loads(out.read_text())["vectors"][0]
    assert "chance" in vector["expect"] and "chance-probabilities" in vector["requires"]["capabilities"]
    assert referee("conform", "--game", "mlem", "--vectors", str(out)).returncode == 0
    assert referee("conform", "--game", "mlem", "--adapter", wrong, "--vectors", str(out)).returncode == 1


def test_fuzz_sends_near_legal_actions_and_compares_their_rejections(tmp_path):
    out = tmp_path / "rejection.json"
    wrong = f"{sys.executable} {REPO / 'tests' / 'adapters' / 'wrong_rule.py'} clause"
    proc = referee("fuzz", "--game", "mlem", "--adapter", wrong, "--games", "4", "--seed", "2", "--out", str(out))
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "(rejection): illegal action" in proc.stdout
    vector = json.loads(out.read_text())["vectors"][0]
    assert "rejected" in vector["expect"]
