"""The fuzz processes' garbage-collector setting (gcpolicy.py) is the block's only."""

from __future__ import annotations

import gc
import subprocess
import sys

from tabletop_referee.gcpolicy import FULL_EVERY, fewer_full_collections


def test_full_collections_are_rarer_inside_and_the_thresholds_come_back():
    before = gc.get_threshold()
    with fewer_full_collections():
        inside = gc.get_threshold()
        assert inside[:2] == before[:2]  # the young generations as they were
        assert inside[2] == max(before[2], FULL_EVERY)
    assert gc.get_threshold() == before


def test_the_thresholds_come_back_after_an_error():
    before = gc.get_threshold()
    try:
        with fewer_full_collections():
            raise KeyError("x")
    except KeyError:
        pass
    assert gc.get_threshold() == before


def test_exit_quickly_freezes_what_the_process_holds():
    """Run in a child process: freezing is for a process about to exit, not for the tests'."""
    code = ("import gc, sys; from tabletop_referee.gcpolicy import exit_quickly; kept = [[i] for i in range(1000)]; "
            "exit_quickly(); print(gc.get_freeze_count() >= 1000)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "True"
