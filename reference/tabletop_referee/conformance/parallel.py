"""``conform --workers N``: the vectors of one run spread over several adapter processes.

Each worker is a thread with its own adapter (the adapters do the work; the threads mostly
wait on pipes) and its own :class:`~tabletop_referee.conformance.runner.Runner` over every
N-th vector. The results are put back in the order of the vectors, so the report of a run
with N workers lists the same vectors in the same order as with one.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from .client import AdapterClient
from .runner import Result, Run, Runner
from .vectors import Vector


def run_parallel(adapters: Sequence[AdapterClient], game: str, vectors: list[Vector], *,
                 on_result: Callable[[Result, int, int], None] | None = None, **runner_kwargs: Any) -> Run:
    """Runs ``vectors`` over the started ``adapters`` (one runner each); merges the runs."""
    n = len(adapters)
    chunks = [vectors[i::n] for i in range(n)]
    lock = threading.Lock()
    done = [0]

    def report(result: Result, _done: int, _total: int) -> None:
        if on_result is None:
            return
        with lock:
            done[0] += 1
            on_result(result, done[0], len(vectors))

    started = time.monotonic()
    with ThreadPoolExecutor(max_workers=n) as pool:
        runs = list(pool.map(lambda pair: Runner(pair[0], game, on_result=report, **runner_kwargs).run(pair[1]),
                             [(a, c) for a, c in zip(adapters, chunks) if c]))
    order = {id(v): i for i, v in enumerate(vectors)}
    merged = Run()
    merged.results = sorted((r for run in runs for r in run.results), key=lambda r: order[id(r.vector)])
    merged.not_run = sorted((v for run in runs for v in run.not_run), key=lambda v: order[id(v)])
    merged.stopped = next((run.stopped for run in runs if run.stopped), None)
    merged.restarts = sum(run.restarts for run in runs)
    merged.seconds = time.monotonic() - started
    return merged
