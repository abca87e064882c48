"""The compatibility contract (docs/conformance.md, "Versions and the compatibility contract").

Frozen copies of earlier adapters live in tests/compat/: the JavaScript example as it was on
2026-12-01 (speaks protocols 1 and 2, certified then on every MLEM vector), and the same example
from before protocol 2 (a protocol-1 adapter). Today's suite must give them their old verdict,
PASS, with their old announcements: no event vocabulary level (so level 1), no announcement of
the options added since. A change that breaks this is a major version with a migration page.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
COMPAT = ROOT / "tests" / "compat"
FROZEN = ["js-2026-12-01", "js-protocol-1"]


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed (the frozen adapters are JavaScript)")
@pytest.mark.parametrize("name", FROZEN)
def test_a_frozen_adapter_keeps_its_old_verdict(name: str, tmp_path: Path) -> None:
    report = tmp_path / "report.json"
    adapter = f"node {COMPAT / name / 'adapter.js'}"
    proc = subprocess.run([sys.executable, "-m", "tabletop_referee", "conform", "--game", "mlem", "-q",
                           "--adapter", adapter, "--report", str(report)],
                          capture_output=True, text=True, cwd=ROOT, timeout=1800)
    doc = json.loads(report.read_text(encoding="utf-8"))
    failed = [f"{r['id']}: {r['message'][:200]}" for r in doc["results"]
              if r["status"] not in ("passed", "skipped")]
    assert not failed, "\n".join(failed[:10])
    assert doc["verdict"]["state"] == "pass", doc["verdict"]
    assert proc.returncode == 0, proc.stdout[-500:] + proc.stderr[-500:]
    assert doc["versions"]["vocabulary"] == 1
    executed = sum(r["status"] == "passed" for r in doc["results"])
    assert executed >= 326, f"only {executed} vectors ran: the old adapter must still be tested on the old suite"


def test_the_frozen_adapters_are_frozen() -> None:
    """They are copies, never edited: the files as of their commits (git show <commit>:examples/js/…)."""
    for name in FROZEN:
        text = (COMPAT / name / "adapter.js").read_text(encoding="utf-8")
        assert "protocol" in text
    assert "protocols" not in (COMPAT / "js-protocol-1" / "adapter.js").read_text(encoding="utf-8")


def _report(results: list[dict], *, version: str = "1.0", followed: dict | None = None) -> dict:
    return {"game": "mlem", "results": [{"clauses": ["travel.allowed-faces"], "description": "d", "message": "m", **r}
                                        for r in results],
            "not_run": [], "selection": {"vectors_sha256": None}, "suite_version": "0.2.0",
            "started_at": "2026-12-02T00:00:00Z", "summary": {"passed": 0, "failed": 0, "skipped": 0},
            "totals": {"xfail": 0}, "adapter": {"implementation": {"name": "x", "version": version}},
            "readings": {"followed": followed or {}, "text": ""}, "versions": {"vocabulary": 1}}


def test_report_compare_tells_a_suite_change_from_an_implementation_change() -> None:
    from tabletop_referee.htmlreport import compare_reports, render_comparison

    old = _report([{"id": "a", "status": "passed", "sha256": "1" * 64},
                   {"id": "b", "status": "passed", "sha256": "2" * 64},
                   {"id": "c", "status": "passed", "sha256": "3" * 64}])
    new = _report([{"id": "a", "status": "failed", "sha256": "9" * 64},   # the vector changed
                   {"id": "b", "status": "failed", "sha256": "2" * 64},   # same vector, new answer
                   {"id": "c", "status": "failed"}], version="1.1")        # an old report: no digest
    diff = compare_reports(old, new)
    causes = {e["id"]: e["cause"] for e in diff["regressed"]}
    assert causes == {"a": "suite", "b": "implementation", "c": "unknown"}
    text = render_comparison(diff)
    assert "the vector changed (suite)" in text and "same vector (implementation)" in text
    other = _report([{"id": "b", "status": "failed", "sha256": "2" * 64}], followed={"last_question": ["required"]})
    assert compare_reports(_report([{"id": "b", "status": "passed", "sha256": "2" * 64}]), other)["regressed"][0]["cause"] \
        == "announcement"


def test_a_retired_vector_id_is_never_used_again() -> None:
    """Vector ids are immutable: a changed expectation gets a new id and the old one is retired
    with its reason (spec/<game>/retired.yaml); no feature or vector uses a retired id, and
    each names the id that replaced it."""
    from tabletop_referee.games import GAMES
    from tabletop_referee.vectors import retired_ids

    seen = 0
    for game in GAMES:
        retired = retired_ids(game)
        texts = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "features" / game).glob("**/*.feature"))
        vectors = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "vectors" / game).glob("*.json"))
        for vid, entry in retired.items():
            seen += 1
            assert entry["reason"].strip() and entry["version"]
            assert f"@id:{vid}\n" not in texts and f'"{vid}"' not in vectors and f'"{vid}@' not in vectors, vid
            assert f"@id:{entry['replaced_by']}\n" in texts, entry["replaced_by"]
    assert seen >= 1
