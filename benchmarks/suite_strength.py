"""Suite strength benchmark (`referee suite strength`): the full run's time per game.

Run:  python benchmarks/suite_strength.py [--game G ...] [--workers 2] [--sample N]

For each game: the mutants generated, the time of the reference run of every vector (the
baseline every mutant is compared with), and the full strength run on ``--workers`` processes
(every mutant against every vector, stopping at the first that kills it), with the counts of
killed, equivalent, known-gap and unexplained mutants. The issue's target is a full run under
10 minutes on the 2-core machine; ``--sample N`` times a sample instead (what CI runs).

Timings depend on the machine and its load: compare a run with the baseline of the same run.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "reference"))

from tabletop_referee.conformance import strength  # noqa: E402
from tabletop_referee.games import GAMES  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=sorted(GAMES), help="a game (default: all)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--sample", type=int, help="time a sample of N mutants per game instead")
    args = parser.parse_args()
    total = 0.0
    print("| game | mutants | vectors | baseline run (1 process) | strength run | killed | equivalent | known gaps | unexplained |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for game in args.game or sorted(GAMES):
        mutants = strength.generate(game)
        started = time.monotonic()
        strength._init(game, [str(strength.default_vector_dir(game))])
        baseline, _ = strength._baseline(list(range(len(strength._VECTORS))))
        base_seconds = time.monotonic() - started
        result = strength.run(game, mutants=mutants, sample_size=args.sample, workers=args.workers)
        t = result.to_json()["totals"]
        total += result.seconds
        print(f"| {game} | {t['mutants']} | {len(baseline)} | {base_seconds:.0f} s | {result.seconds:.0f} s | "
              f"{t['killed']} | {t['equivalent']} | {t['known-gap']} | {t['survived']} |", flush=True)
    print(f"\nall games: {total:.0f} s on {args.workers} workers (target: under 600 s for the full run)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
