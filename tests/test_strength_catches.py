"""Issue 26 item 3: a failing vector in a conformance report names the mutants of the reference
its scenario is known to kill (spec/<game>/strength.json), so a failure says what kind of bug it
may mean."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop_referee.conformance import report, strengthreport
from tabletop_referee.games import GAMES

REPO = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("game", GAMES)
def test_every_killed_mutant_is_credited_to_its_killing_scenario(game):
    doc = strengthreport.load_committed(game)
    assert doc is not None, f"spec/{game}/strength.json is missing: run `referee suite strength --game {game} --json spec/{game}/strength.json`"
    known = strengthreport.catches(doc)
    killed = [m for m in doc["mutants"] if m["status"] == "killed"]
    assert killed, f"{game}: the committed strength run killed no mutant"
    for m in killed:
        ids = [c["mutant"] for c in known[strengthreport.base_id(m["killed_by"])]]
        assert m["id"] in ids
    assert sum(len(v) for v in known.values()) == len(killed)  # nothing credited twice or invented


def test_only_results_that_did_not_pass_carry_catches():
    doc = strengthreport.load_committed("mlem")
    m = next(m for m in doc["mutants"] if m["status"] == "killed")
    vid = m["killed_by"]
    results = [{"id": vid, "status": "passed"}, {"id": vid, "status": "failed"}, {"id": "mlem-no-such", "status": "failed"}]
    report.add_catches(results, "mlem")
    assert "catches" not in results[0] and "catches" not in results[2]
    assert m["id"] in [c["mutant"] for c in results[1]["catches"]]
    line = report.catches_line(results[1])
    assert line is not None and line.startswith("known to catch") and m["clause"] in line
    assert report.catches_line({"id": "x"}) is None


def test_a_failing_run_says_what_kind_of_bug_each_failure_may_mean(tmp_path):
    doc = strengthreport.load_committed("celestia")
    # a scenario (not a generated sibling) credited with a check mutant
    m = next(m for m in doc["mutants"] if m["status"] == "killed" and m["kind"].startswith("check-")
             and "@" not in m["killed_by"] and not m["killed_by"].startswith("celestia-std"))
    vid = m["killed_by"]
    adapter = f"{sys.executable} {REPO / 'tests' / 'adapters' / 'garbage.py'}"
    proc = subprocess.run([sys.executable, "-m", "tabletop_referee", "conform", "--game", "celestia", "--id", vid,
                           "--adapter", adapter, "--report", "r.json", "--markdown", "r.md"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 1, proc.stderr
    assert "  known to catch (suite strength: mutants of the reference it kills): " in proc.stdout
    assert f"{m['description']} ({m['clause']})" in proc.stdout
    failed = [r for r in json.loads((tmp_path / "r.json").read_text())["results"] if r["status"] != "passed"]
    assert failed and all(m["id"] in [c["mutant"] for c in r["catches"]] for r in failed if r["id"] == vid)
    assert "Known to catch" in (tmp_path / "r.md").read_text()


def test_the_html_report_names_what_a_failure_may_mean():
    from tabletop_referee.htmlreport import render_html

    doc = strengthreport.load_committed("mlem")
    m = next(m for m in doc["mutants"] if m["status"] == "killed")
    base = {"format": 1, "game": "mlem"}
    result = {"id": m["killed_by"], "status": "failed", "clauses": [m["clause"]], "description": "d", "kind": "apply",
              "tags": [], "profiles": ["base"], "file": "vectors/mlem/x.json", "index": 0, "seconds": 0.0,
              "message": "boom"}
    report.add_catches([result], "mlem")
    page = render_html({**_minimal_report(), **base, "results": [result]})
    assert "known to catch" in page and m["description"] in page


def _minimal_report():
    """A report document as the runner writes it, from a real run of one passing vector."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sys.executable, "-m", "tabletop_referee", "conform", "--game", "mlem", "--id", "mlem-0001",
                        "--report", "r.json"], cwd=tmp, capture_output=True, text=True, timeout=300, check=True)
        return json.loads((Path(tmp) / "r.json").read_text())
