"""How many games and seconds `referee fuzz` needs to find each planted bug, with and without
`--steer`, side by side in one run.

Run:  python benchmarks/fuzz_steering.py [--seeds 3] [--games 60] [--case NAME ...]

For each planted-bug adapter (tests/fuzz_adapters/, and benchmarks/planted/ for bugs random
play reaches rarely) and each seed, one run of 1 worker with
`--keep-going --max-failures 1` (it stops at the first divergence found): the games played
until then and the seconds, unsteered and steered (the same seeds). A bug not found within
``--games`` games counts as ``--games`` and is marked. The headline is the mean number of games
to the first divergence, steered against unsteered; only ratios carry over between machines.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "reference"))

from tabletop_referee.conformance.fuzz import fuzz  # noqa: E402

ADAPTERS = ROOT / "tests" / "fuzz_adapters"
PLANTED = ROOT / "benchmarks" / "planted"
CASES = {  # name: (game, adapter file); the first three are rare under random play, the others are not
    "die_one_unrolled": ("mlem", str(PLANTED / "die_one_unrolled.py")),
    "celestia_fifty_exactly": ("celestia", str(PLANTED / "celestia_fifty_exactly.py")),
    "keep_dice_no_arrival": ("mlem", str(PLANTED / "keep_dice_no_arrival.py")),
    "afterburner_short": ("mlem", "afterburner_short.py"),
    "wrong_event_clause": ("mlem", "wrong_event_clause.py"),
    "three_bugs": ("mlem", "three_bugs.py"),
    "celestia_no_leaving": ("celestia", "celestia_no_leaving.py"),
    "knights_accepts_lies": ("seven-knights", "knights_accepts_lies.py"),
}


def games_to_find(game: str, adapter: Path, seed: int, games: int, steer: bool) -> tuple[int, float, bool, int]:
    r = fuzz([sys.executable, str(adapter)], game=game, games=games, seed=seed, workers=1,
             keep_going=True, max_failures=1, steer=steer)
    found = bool(r.divergences)
    return (r.games if found else games), r.seconds, found, len(r.adapter_failures)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--games", type=int, default=60, help="give up after this many games")
    parser.add_argument("--case", action="append", choices=sorted(CASES), help="only these planted bugs")
    args = parser.parse_args()
    print(f"games (and seconds) to the first divergence, mean of {args.seeds} seeds, 1 worker:")
    for name in args.case or list(CASES):
        game, file = CASES[name]
        row = []
        for steer in (False, True):
            runs = [games_to_find(game, ADAPTERS / file, seed, args.games, steer) for seed in range(1, args.seeds + 1)]
            missed = sum(not found for _, _, found, _ in runs)
            failed = sum(f for _, _, _, f in runs)  # a game whose adapter timed out is lost, not replayed
            row.append((statistics.mean(g for g, _, _, _ in runs), statistics.mean(s for _, s, _, _ in runs),
                        missed, failed))
            print(f"    {'steered' if steer else 'random'} per seed: {[g for g, _, _, _ in runs]}", file=sys.stderr)
        (g0, s0, m0, f0), (g1, s1, m1, f1) = row
        note = lambda m, f: (f", {m} not found" if m else "") + (f", {f} adapter failures" if f else "")  # noqa: E731
        print(f"  {name:22s} random {g0:6.1f} games {s0:6.1f} s{note(m0, f0)}   steered {g1:6.1f} games "
              f"{s1:6.1f} s{note(m1, f1)}   ({g1 / g0:.2f}x the games)")


if __name__ == "__main__":
    main()
