"""Crashes [crash.*]: no die fits the space; then the parachute decisions, then home."""

from __future__ import annotations

from .landing import advance_decisions
from .work import Work


def crash(w: Work) -> None:
    # [crash.trigger] [crash.track]
    w.crashes += 1
    w.emit("crashed", "crash.trigger", space=w.space, crashes=w.crashes)
    w.roll = None
    w.phase = "parachute"
    w.cursor = 0
    advance_decisions(w)
