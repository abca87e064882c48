"""The memo of pytest-bdd's step lookup (tests/bdd_lookup.py) finds what pytest-bdd's own lookup
finds: feature modules of two games (each with its step folder's conftest) and a test module
that defines steps itself, run with every lookup done both ways and compared."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.bdd_lookup import CHECK_ENV

REPO = Path(__file__).resolve().parents[1]


def test_memoized_step_lookup_matches_pytest_bdds_own():
    env = {k: v for k, v in os.environ.items() if k != "REFEREE_EXPORT_VECTORS"}
    env[CHECK_ENV] = "1"
    paths = ["tests/bdd/test_variants.py", "tests/bdd/test_crash.py", "tests/celestia/bdd/test_crash.py",
             "tests/test_bdd_steps.py"]
    proc = subprocess.run([sys.executable, "-m", "pytest", *paths, "-q", "-p", "no:cacheprovider", "-p", "no:xdist",
                           "-p", "no:randomly"], cwd=REPO, env=env, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout[-3000:]
    assert " passed" in proc.stdout and "memo differs" not in proc.stdout
