"""Ctrl-C from the first instruction: an interrupt while the command line's imports run (about a
second, longer on a loaded machine) exits 130 with one line, never a traceback; so does one
while the parser is built (every command module is imported then)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from .conftest import ENV, REPO, interruptible

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
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=ENV, cwd=REPO,
                            preexec_fn=interruptible)
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


# -- an interrupt inside Python's own import machinery (runpy, importlib) -----------------------

SITECUSTOMIZE = '''
import os, signal, sys

TARGET = os.environ["REFEREE_TEST_INTERRUPT_AT"]


class InterruptWhileLocating:
    """Sends SIGINT to this process while the import system looks for TARGET: Python's handler
    raises KeyboardInterrupt at the next instruction, inside runpy / importlib, after the
    package's __init__ ran and before the first line of TARGET."""

    def find_spec(self, name, path=None, target=None):
        if name == TARGET:
            os.kill(os.getpid(), signal.SIGINT)
        return None


sys.meta_path.insert(0, InterruptWhileLocating())
'''

CONSOLE_SCRIPT = '''import re
import sys
from tabletop_referee.cli import main
if __name__ == '__main__':
    sys.argv[0] = re.sub(r'(-script\\.pyw|\\.exe)?$', '', sys.argv[0])
    sys.exit(main())
'''
"""What pip writes as the ``referee`` console script (entry point tabletop_referee.cli:main)."""


@pytest.mark.parametrize("entry, target", [
    ("python -m tabletop_referee", "tabletop_referee.__main__"),  # runpy locating __main__
    ("python -m tabletop_referee.cli", "tabletop_referee.cli"),  # runpy locating the module
    ("referee", "tabletop_referee.cli"),  # the console script's import of the command line
])
def test_an_interrupt_inside_pythons_import_machinery_is_one_line(tmp_path, entry, target):
    """Before: runpy's (or importlib's) frames and a KeyboardInterrupt traceback, since the
    interrupt came after the package's __init__ and before any line of the command line ran."""
    (tmp_path / "sitecustomize.py").write_text(SITECUSTOMIZE, encoding="utf-8")
    (tmp_path / "referee").write_text(CONSOLE_SCRIPT, encoding="utf-8")
    env = {**ENV, "PYTHONPATH": str(tmp_path) + os.pathsep + ENV["PYTHONPATH"],
           "REFEREE_TEST_INTERRUPT_AT": target}
    argv = ([sys.executable, str(tmp_path / "referee")] if entry == "referee"
            else [sys.executable, "-m", entry.split()[-1]])
    proc = subprocess.run([*argv, "clauses", "--game", "mlem"], capture_output=True, env=env, cwd=REPO, timeout=60,
                          preexec_fn=interruptible)
    text = proc.stderr.decode("utf-8", "replace")
    assert "Traceback" not in text and "KeyboardInterrupt" not in text, text[-3000:]
    assert proc.returncode in (130, -signal.SIGINT), (proc.returncode, text[-3000:])
    assert text.strip().splitlines() == ["referee: interrupted"], text[-3000:]
    assert proc.stdout == b""  # the interrupt came before the command ran


def test_a_program_importing_the_library_keeps_its_own_excepthook():
    code = ("import sys; hook = sys.excepthook; import tabletop_referee.cli; "
            "print(sys.excepthook is hook)")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, env=ENV, cwd=REPO, timeout=60)
    assert proc.stdout.decode().strip() == "True", proc.stderr.decode()[-2000:]
