"""The pytest route reports a wrong implementation as failures naming vector, clause and pointer."""

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

WRONG = '''
from tabletop_referee.adapter import Adapter
from tabletop_referee.pytest_plugin import conformance_tests

_ref = Adapter(["mlem"])


def handle(req):
    resp = _ref.handle(req)
    if req.get("cmd") == "apply" and "state" in resp:
        resp["state"]["crashes"] += 0 if resp["state"]["phase"] != "takeoff" else 1
    return resp


test_wrong = conformance_tests("mlem", handle)
'''


def test_a_wrong_implementation_fails_with_ids_and_pointers(tmp_path):
    test_file = tmp_path / "test_wrong_impl.py"
    test_file.write_text(WRONG)
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", str(test_file), "-q", "-p", "no:cacheprovider", "-k", "mlem-01",
         "--rootdir", str(tmp_path), "-o", "addopts="],
        cwd=tmp_path, capture_output=True, text=True,
    )
    assert proc.returncode == 1, proc.stdout[-2000:]
    assert "test_wrong[mlem-01" in proc.stdout
    assert "/state/crashes" in proc.stdout
    last = proc.stdout.strip().splitlines()[-1]
    assert "failed" in last and "passed" in last
