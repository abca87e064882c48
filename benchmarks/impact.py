"""Dispute impact benchmark (`referee disputes impact`): games per second per worker, the
scaling from 1 to 2 workers, and what that means for the issue's target.

Run:  python benchmarks/impact.py [--games 2000] [--sample 300] [--policy greedy] [--full]

1. **Baseline**: plain random play (`tabletop_referee.simulate`, what `referee simulate` does),
   games per second in this process.
2. **Impact play, 1 worker**: the same number of MLEM games through `impact.play_chunk` with the
   chosen policy, in this process; printed as games/s and as a ratio to the baseline.
3. **Impact play, 2 workers**: the same chunks on a pool of 2 processes (started and warmed up
   before the timing); the speed-up over 1 worker is the scaling.
4. **Target**: every MLEM dispute with a rule option at N = 10,000 games per reading in under 5
   minutes on 2 cores. Timed at ``--sample`` games per reading on 2 workers, every game from its
   start and then sharing each game's path with the default reading's (what the command does),
   and scaled to 10,000; `--full` runs the target itself.

Timings depend on the machine and its load: compare the ratios, not the absolute figures.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "reference"))

from tabletop_referee import impact as im  # noqa: E402
from tabletop_referee.games import load  # noqa: E402
from tabletop_referee.simulate import simulate  # noqa: E402


def _warm_up(barrier) -> None:
    """A warm-up task for one worker: the game loaded and one game played, then wait for the other."""
    im.play_chunk(im.Task("mlem", (), "greedy", 0, None, 0, 1))
    barrier.wait()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=2000, help="games per measurement (default 2000)")
    ap.add_argument("--policy", default="greedy", choices=sorted(im.POLICIES))
    ap.add_argument("--sample", type=int, default=300,
                    help="games per reading of the timed run of every dispute (default 300)")
    ap.add_argument("--full", action="store_true", help="also run the target (10,000 games per reading, 2 workers)")
    args = ap.parse_args()
    game = load("mlem")
    players = im.default_players(game)
    n = args.games

    t = time.perf_counter()
    simulate(game, games=n, seed=1, players=players, options={}, flags={})
    base = n / (time.perf_counter() - t)
    print(f"baseline (referee simulate, uniform, {players} players): {base:,.0f} games/s")

    tasks = im.tasks_for("mlem", (), policy=args.policy, seed=1, players=players, games=n, chunk=50)
    t = time.perf_counter()
    serial = im.merge(im.run_serial(im.play_chunk, tasks))
    one = n / (time.perf_counter() - t)
    print(f"impact play, policy {args.policy}, 1 worker: {one:,.0f} games/s ({one / base:.2f}x baseline)")

    runner, close = im.local_runner(2)
    try:
        # Start both processes and load the game in each before timing: every warm-up task
        # waits at a barrier until the other worker holds one too, so neither runs both.
        with multiprocessing.get_context("spawn").Manager() as manager:
            barrier = manager.Barrier(2, timeout=120)
            list(runner(_warm_up, [barrier, barrier]))
        t = time.perf_counter()
        pooled = im.merge(runner(im.play_chunk, tasks))
        two = n / (time.perf_counter() - t)
    finally:
        close()
    assert pooled == serial, "2 workers must give the 1-worker results"
    print(f"impact play, policy {args.policy}, 2 workers: {two:,.0f} games/s "
          f"(scaling {two / one:.2f}x over 1 worker; identical results)")

    disputes = im.disputes_of(game)
    batches = len({s for d in disputes for _v, s in im.settings_of(d)})
    total = batches * 10_000
    print(f"target: {len(disputes)} disputes with an option, {batches} batches of 10,000 games "
          f"({total:,} games) in 300 s on 2 cores; played alone at the 2-worker rate above: about "
          f"{total / two:,.0f} s")
    runner, close = im.local_runner(2)
    try:
        list(runner(im.play_chunk, im.tasks_for("mlem", (), policy=args.policy, seed=2, players=players,
                                                games=4, chunk=1)))  # start the workers
        for share in (False, True):
            t = time.perf_counter()
            report = im.impact("mlem", games=args.sample, seed=0, players=players, policy=args.policy,
                               runner=runner, share=share)
            took = time.perf_counter() - t
            shared = 1 - report.actions_played / report.actions
            print(f"every dispute at {args.sample:,} games per reading, 2 workers, "
                  f"{'sharing paths' if share else 'every game from its start'}: {took:,.1f} s "
                  f"({shared:.0%} of the actions shared); at 10,000 games about {took * 10_000 / args.sample:,.0f} s")
        est = took * 10_000 / args.sample
        print(f"target 300 s: {'met' if est < 300 else 'not met'} on this machine now (estimate {est:,.0f} s)")
        if args.full:
            t = time.perf_counter()
            im.impact("mlem", games=10_000, seed=0, players=players, policy=args.policy, runner=runner)
            print(f"full run, every dispute at 10,000 games per reading: {time.perf_counter() - t:,.0f} s")
    finally:
        close()


if __name__ == "__main__":
    main()
