"""Ctrl-C from the first instruction: an interrupt while the command line's imports run (about a
second, longer on a loaded machine) exits 130 with one line, never a traceback; so does one
while the parser is built (every command module is imported then)."""

from __future__ import annotations

import signal
import subprocess
import sys
import time

import pytest

from .conftest import ENV, REPO

DELAYS = (0.02, 0.05, 0.15, 0.3, 0.5, 0.8, 1.2, 2.0)
"""Seconds after the interpreter is ready to run the module (``python -m`` itself, before any
of our code, is the interpreter's: an interrupt there is Python's own traceback). The package's
``__init__`` (one small import) is loaded first, so the interrupt lands in the command line's
own start-up."""
LAUNCH = ("import runpy, sys, tabletop_referee; sys.argv = [sys.argv[0], *sys.argv[2:]]; sys.stdout.write('ready\\n'); "
          "sys.stdout.flush(); runpy.run_module(MODULE, run_name='__main__', alter_sys=True)")


@pytest.mark.parametrize("module", ["tabletop_referee.cli", "tabletop_referee"])
@pytest.mark.parametrize("delay", DELAYS)
def test_an_interrupt_during_start_up_is_one_line(module, delay):
    proc = subprocess.Popen([sys.executable, "-c", LAUNCH.replace("MODULE", repr(module)), module, "simulate",
                             "--game", "mlem", "--games", "1000000"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=ENV, cwd=REPO)
    assert proc.stdout is not None and proc.stdout.readline() == b"ready\n"
    time.sleep(delay)
    proc.send_signal(signal.SIGINT)
    try:
        out, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    text = err.decode("utf-8", "replace")
    assert "Traceback" not in text, text[-3000:]
    # before Python's own handler is installed, SIGINT kills the interpreter silently
    assert proc.returncode in (130, -signal.SIGINT), (proc.returncode, text[-3000:])
    lines = text.strip().splitlines()
    assert len(lines) <= 1, text[-3000:]
    if proc.returncode == 130:
        assert lines and lines[0].startswith("referee") and "interrupted" in lines[0], text
