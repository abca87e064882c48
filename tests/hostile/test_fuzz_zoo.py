"""The broken-adapter zoo of `conform` (tests/adapters/) against `fuzz`: the exact exit code, at
most one line on stderr, no traceback, and no adapter left running."""

from __future__ import annotations

import shlex
import sys

import pytest

from .conftest import REPO, processes_with, referee

ZOO = REPO / "tests" / "adapters"

# script, its arguments ({tmp}: the test's folder), exit code, a phrase of the message
CASES = [
    ("crash_nth.py", ["3", "{tmp}/crashed"], 1, "AdapterCrashed"),
    ("dies_for_good.py", ["{tmp}/marker"], 1, "could not restart"),
    ("errors.py", [], 1, ""),
    ("exits_at_start.py", [], 2, "could not start"),
    ("garbage.py", [], 1, "not JSON"),
    ("hangs.py", [], 1, "no answer to"),
    ("huge_line.py", [], 1, "oversized"),
    ("miswired.py", [], 1, ""),
    ("skips.py", [], 1, ""),
    ("stderr_flood.py", [], 0, ""),
    ("wrong_protocol.py", [], 2, "protocol 3"),
    ("wrong_seq.py", [], 1, "seq"),
]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads the Linux process table")
@pytest.mark.parametrize("script, args, code, phrase", CASES, ids=[c[0] for c in CASES])
def test_fuzz_against_the_zoo(tmp_path, marker, script, args, code, phrase):
    argv = [sys.executable, str(ZOO / script), *(a.format(tmp=tmp_path) for a in args), marker]
    proc = referee("fuzz", "--game", "mlem", "--games", "2", "--timeout", "2", "--adapter", shlex.join(argv),
                   "--out", str(tmp_path / "d.json"), timeout=300)
    assert "Traceback" not in proc.stderr, proc.stderr[-2000:]
    assert proc.returncode == code, (proc.returncode, proc.stdout[-1000:], proc.stderr[-1000:])
    assert len(proc.stderr.strip().splitlines()) <= 2, proc.stderr
    assert phrase in proc.stdout + proc.stderr
    assert processes_with(marker) == []
