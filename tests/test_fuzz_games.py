"""`referee fuzz` on Celestia and Seven Knights Bewitched: planted bugs are found through the
one game interface, and each divergence is a vector that fails on the planted adapter and
passes on the reference.

- Celestia: a rule bug (passengers never offered to leave) and an observation leak (every
  hand shown);
- Seven Knights: a rule bug (centre tiles never inspectable), an adapter that accepts a
  Knights-team lie, and an observation leak (every tile value shown).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
REFEREE = [sys.executable, "-m", "tabletop_referee"]
ADAPTERS = REPO / "tests" / "fuzz_adapters"


def referee(*argv: str) -> subprocess.CompletedProcess:
    return subprocess.run([*REFEREE, *argv], capture_output=True, text=True, cwd=REPO, timeout=600)


CASES = [
    ("celestia", "celestia_no_leaving", "legal_actions", "missing", None),
    ("celestia", "celestia_leaky_hands", "observe", "/hands/", "observation.hands"),
    ("seven-knights", "knights_no_centre", "legal_actions", '"tile":"c', None),
    ("seven-knights", "knights_accepts_lies", "rejection", "answer.knights-truthful", "answer.knights-truthful"),
    ("seven-knights", "knights_leaky_tiles", "observe", "/tiles/", "observation.hidden"),
]


@pytest.mark.parametrize("game, adapter, kind, needle, clause", CASES, ids=[c[1] for c in CASES])
def test_fuzz_finds_the_planted_bug(tmp_path, game, adapter, kind, needle, clause):
    command = f"{sys.executable} {ADAPTERS / (adapter + '.py')}"
    out = tmp_path / "divergence.json"
    proc = referee("fuzz", "--game", game, "--adapter", command, "--games", "6", "--seed", "3", "--out", str(out))
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert f"({kind})" in proc.stdout and needle in proc.stdout, proc.stdout
    vector = json.loads(out.read_text(encoding="utf-8"))["vectors"][0]
    if clause is not None:
        assert clause in vector["clauses"]
    bad = referee("conform", "--game", game, "--adapter", command, "--vectors", str(out))
    assert bad.returncode == 1, bad.stdout
    good = referee("conform", "--game", game, "--vectors", str(out))
    assert good.returncode == 0, good.stdout


@pytest.mark.parametrize("game", ["celestia", "seven-knights"])
def test_fuzz_against_the_reference_finds_nothing(game):
    proc = referee("fuzz", "--game", game, "--games", "3", "--seed", "5")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "no divergence" in proc.stdout
