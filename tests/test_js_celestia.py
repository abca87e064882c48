"""The independent JavaScript Celestia (examples/celestia-js), written from the published docs
alone (issue 25): it passes every Celestia vector in every profile it claims, and a short
differential fuzz against the reference finds no divergence."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
REFEREE = [sys.executable, "-m", "tabletop_referee.cli"]
ADAPTER = f"node {REPO / 'examples' / 'celestia-js' / 'adapter.js'}"
PROFILES = ["base", "game-types", "components", "options", "observations", "perft"]

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed")


def referee(*args: str, timeout: float = 600) -> subprocess.CompletedProcess:
    return subprocess.run([*REFEREE, *args], cwd=REPO, capture_output=True, text=True, timeout=timeout)


def test_javascript_celestia_passes_every_vector(tmp_path):
    """Every vector runs and passes, none skipped, and every claimed profile is conformant."""
    report = tmp_path / "report.json"
    proc = referee("conform", "--game", "celestia", "--adapter", ADAPTER, "--report", str(report))
    assert proc.returncode == 0, proc.stdout[-3000:]
    assert " 0 failed, 0 skipped" in proc.stdout.strip().splitlines()[-1]
    doc = json.loads(report.read_text())
    results = doc["results"]
    assert len(results) >= 300
    assert all(r["status"] == "passed" for r in results), [r["id"] for r in results if r["status"] != "passed"]
    assert doc["verdict"]["state"] == "pass"
    assert sorted(doc["profiles"]["claimed"]) == sorted(PROFILES)
    # every rule option value is announced, so the vectors of other readings run as written
    options = doc["adapter"]["implementation"]["games"]["celestia"]["options"]
    assert options["gust"] == ["extra-die", "pass-hazards", "inert"] and options["city_dice"] == "any"
    ids = {r["id"] for r in results}
    assert "celestia-0045" in ids and "celestia-perft-0003" in ids  # a rejection and a perft vector ran


def test_javascript_celestia_survives_a_short_fuzz(tmp_path):
    """Seeded random games compared step by step with the reference: legal actions, states,
    events, odds and observations (protocol 2 digests)."""
    out = tmp_path / "divergence.json"
    proc = referee("fuzz", "--game", "celestia", "--adapter", ADAPTER, "--games", "25", "--seed", "11",
                   "--output", str(out))
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]
    assert "no divergence" in proc.stdout
    assert not out.exists()
