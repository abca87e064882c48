"""The garbage collector's setting for the processes that play games by the thousand.

A fuzz worker and a ``referee adapter`` process build a few hundred thousand long-lived objects
(the kept texts, digests and action values of :mod:`tabletop_referee.documents` and the games'
interchange), and allocate and free millions of short-lived ones per minute. With CPython's
default thresholds (700, 10, 10) every tenth collection of the middle generation is a full one
that walks all of the long-lived objects: in a 400-game fuzz run about a dozen full
collections, 10-15% of the adapter's and of the runner's CPU (docs/benchmarks.md, "Fuzz").
:func:`fewer_full_collections` keeps the young generations as they are (cyclic garbage of a
step is still found within a few hundred allocations) and makes a full collection ten times
rarer. Nothing is changed for a program that does not ask for it (the engine's own speed is
measured with the defaults); the setting is the process's, so it is restored on the way out.

:func:`exit_quickly` is for the last moment of such a process. The interpreter's shutdown
runs full collections while it takes the modules apart, each walking every object left: a
``referee adapter`` process took 0.9-3 s of CPU to exit after a 400-game fuzz run (the runner
waits a second for it, then kills it), against 0.04 s with its objects frozen first.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

FULL_EVERY = 100
"""Collections of the middle generation between two full collections (CPython's default: 10)."""


@contextmanager
def fewer_full_collections() -> Iterator[None]:
    """Within the block, a full collection every :data:`FULL_EVERY` collections of the middle
    generation; the thresholds before are restored after it."""
    before = gc.get_threshold()
    gc.set_threshold(before[0], before[1], max(before[2], FULL_EVERY))
    try:
        yield
    finally:
        gc.set_threshold(*before)


def exit_quickly() -> None:
    """Moves every object to the collector's permanent generation, which the collections at
    interpreter shutdown skip (the objects are still freed as their references go). Only for a
    process about to exit: garbage in a reference cycle made before the call is not collected
    afterwards."""
    gc.freeze()
