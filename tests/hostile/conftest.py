"""Helpers of the hostile-input suite: run the command line, check the one-line error, look for
leftover processes."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

from tabletop_referee.cli import main

REPO = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
ADAPTERS = HERE / "adapters"
BASIC = REPO / "tests" / "fixtures" / "vectors" / "basic.json"
ENV = {**os.environ, "PYTHONPATH": str(REPO / "reference") + os.pathsep + os.environ.get("PYTHONPATH", "")}
ENV.pop("REFEREE_DEBUG", None)


def interruptible() -> None:
    """``preexec_fn`` of a child that a test interrupts: Ctrl-C from a terminal, so SIGINT at its
    default. A shell starting the test run in the background (``cmd &``) ignores SIGINT, children
    inherit that, and Python then leaves it ignored: the interrupt tests would test nothing."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_DFL)


def referee(*argv: str, stdin: str | bytes | None = None, timeout: float = 120,
            stdout=subprocess.PIPE, **kwargs) -> subprocess.CompletedProcess:
    """Runs ``python -m tabletop_referee.cli ARGV`` in a process (bytes in, text out)."""
    data = stdin.encode("utf-8") if isinstance(stdin, str) else stdin
    proc = subprocess.run([sys.executable, "-m", "tabletop_referee.cli", *argv], input=data, stdout=stdout,
                          stderr=subprocess.PIPE, timeout=timeout, env=ENV, cwd=kwargs.pop("cwd", REPO), **kwargs)
    proc.stderr = proc.stderr.decode("utf-8", errors="replace")
    if isinstance(proc.stdout, bytes):
        proc.stdout = proc.stdout.decode("utf-8", errors="replace")
    return proc


def run(capsys, *argv: str) -> tuple[int, str, str]:
    """Runs the command line in this process."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_line_error(code: int, err: str, expected: int = 2) -> str:
    """The error line; fails unless the exit code is ``expected`` and stderr is one line, no traceback."""
    assert "Traceback" not in err, err[-2000:]
    assert code == expected, (code, err[-2000:])
    lines = err.strip().splitlines()
    assert len(lines) == 1, err[-2000:]
    assert len(lines[0]) < 600, lines[0][:1000]
    return lines[0]


def processes_with(marker: str, also: str = "") -> list[int]:
    """Process ids whose command line contains ``marker`` (and ``also``) (Linux /proc; [] elsewhere)."""
    found = []
    proc = Path("/proc")
    if not proc.is_dir():
        return found
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes()
            state = next((ln for ln in (entry / "status").read_text().splitlines() if ln.startswith("State:")), "")
        except OSError:
            continue
        if marker.encode() in cmdline and also.encode() in cmdline and "zombie" not in state:
            found.append(int(entry.name))
    return found


def kill_all(marker: str) -> None:
    import signal

    for pid in processes_with(marker):
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass


@pytest.fixture
def marker():
    """A unique marker for the helper processes of one test; anything left is killed afterwards
    (after the test looked)."""
    m = f"hostile-marker-{uuid.uuid4().hex}"
    yield m
    kill_all(m)


def adapter(name: str, *args: str, marker: str = "no-marker") -> str:
    return shlex.join([sys.executable, str(ADAPTERS / name), *args, marker])
