"""The package passes ``mypy --strict`` (configuration: ``[tool.mypy]`` in pyproject.toml).

mypy comes with the ``test`` extra (through ``typing``), so the README's test command always
has it: a missing mypy is a failure that says what to install, never a skip.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_mypy_strict_is_clean() -> None:
    if importlib.util.find_spec("mypy") is None:
        raise AssertionError(
            "mypy is not installed in this environment: install the test extra "
            "(.venv/bin/pip install -e '.[test]'), which brings mypy and the stubs it needs")
    config = ROOT / "pyproject.toml"
    proc = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--config-file", str(config)],
        cwd=ROOT, capture_output=True, text=True, timeout=1800)
    output = (proc.stdout + proc.stderr).strip()
    assert proc.returncode == 0, f"mypy --strict found problems (exit {proc.returncode}):\n{output}"
    assert "Success: no issues found" in proc.stdout, output
