"""Shared plumbing of the hostile adapters (tests/hostile/adapters/*.py).

Each script speaks the protocol through the reference adapter and misbehaves in one way. The
last command-line argument is a marker: every helper process a script starts carries it in its
command line, so a test can look for leftovers in the process table.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "adapters"))

from _zoo import GAME_COMMANDS, reference, send, serve  # noqa: E402,F401

MARKER = sys.argv[-1] if len(sys.argv) > 1 else "no-marker"
SLEEP = "import time, sys; time.sleep(3600)"


def sleeper(**kwargs: Any) -> subprocess.Popen:
    """A helper process that sleeps for an hour, marked with MARKER."""
    return subprocess.Popen([sys.executable, "-c", SLEEP, MARKER], stdin=subprocess.DEVNULL, **kwargs)


def escapee() -> None:
    """A helper that leaves the process group and the session (double fork + setsid)."""
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            devnull = os.open(os.devnull, os.O_RDWR)
            for fd in (0, 1, 2):
                os.dup2(devnull, fd)
            os.execv(sys.executable, [sys.executable, "-c", SLEEP, MARKER])
        os._exit(0)
    os.wait()


def serve_with(handle: Callable[[dict], dict | None]) -> None:
    serve(handle)


def dumps(doc: Any) -> str:
    return json.dumps(doc, separators=(",", ":"))
