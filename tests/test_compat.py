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
