"""The independent JavaScript Seven Knights Bewitched implementation (examples/seven-knights-js),
written from the published docs alone: it must pass every Seven Knights vector of every profile
it claims, and a short differential fuzz against the reference must find no divergence."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
REFEREE = [sys.executable, "-m", "tabletop_referee.cli"]
ADAPTER = f"node {REPO / 'examples' / 'seven-knights-js' / 'adapter.js'}"

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed")


def referee(*args: str, timeout: float = 600) -> subprocess.CompletedProcess:
    return subprocess.run([*REFEREE, *args], cwd=REPO, capture_output=True, text=True, timeout=timeout)


def test_javascript_seven_knights_passes_every_vector(tmp_path):
    report = tmp_path / "report.json"
    # a generous per-request timeout: a deal or a line of many players is tens of thousands of
    # legal actions, and CI machines are shared
    proc = referee("conform", "--game", "seven-knights", "--adapter", ADAPTER, "--timeout", "60",
                   "--report", str(report))
    assert proc.returncode == 0, proc.stdout[-3000:]
    assert " 0 failed, 0 skipped" in proc.stdout.strip().splitlines()[-1]
    doc = json.loads(report.read_text())
    results = doc["results"]
    assert len(results) >= 250 and all(r["status"] == "passed" for r in results)
    # it claims every profile of the game, so nothing of the suite is out of its scope
    assert set(doc["profiles"]["claimed"]) == {"base", "modes", "options", "observations", "perft"}
    assert doc["verdict"]["state"] == "pass"
    # the readings' siblings ran too (it announces every value of every option)
    assert any("@" in r["id"] for r in results)
    assert any(r["id"] == "seven-knights-perft-0002" for r in results)


def test_javascript_seven_knights_fuzzes_clean(tmp_path):
    report = tmp_path / "fuzz.json"
    proc = referee("fuzz", "--game", "seven-knights", "--adapter", ADAPTER, "--games", "6", "--seed", "5",
                   "--timeout", "60", "--report", str(report), "-o", str(tmp_path / "divergence.json"))
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]
    assert "no divergence" in proc.stdout
    doc = json.loads(report.read_text())
    assert doc["games"] == 6 and doc["transitions"] > 100
    assert doc["divergences"] == [] and doc["adapter_failures"] == [] and not doc["stopped_early"]
    assert doc["implementation"]["name"] == "seven-knights-js"
    assert not (tmp_path / "divergence.json").exists()
