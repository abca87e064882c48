"""Differential fuzzing at engine speed: protocol 1 against protocol 2, side by side in one run.

Run:  python benchmarks/fuzz_protocol2.py [--games 40] [--js]

1. **Engine baseline**: the reference engine alone plays the very games the fuzzer plays (same
   seeds, same setups, same actions: `plan_game` without digests), in process: transitions/s.
2. **Where a step's time goes**: per step, the engine (apply + legal actions + choosing), then
   each digest the runner computes (state, legal-action set, events), and for comparison the
   version-1 cost of writing the state document as JSON text.
3. **Fuzz throughput**: compared transitions/s of `referee fuzz` with the reference served as
   an adapter, protocol 1 and protocol 2, 1 and 2 workers, and protocol 2 with a state digest
   every 8 steps; with `--js` the same for the JavaScript example. The headline is the ratio of
   fuzz throughput (2 workers) to the engine's own speed on the same games.

Every figure is measured in this run; only ratios carry over between machines.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "reference"))

from tabletop_referee.conformance.client import default_command  # noqa: E402
from tabletop_referee.conformance.fuzz import fuzz, plan_game  # noqa: E402
from tabletop_referee.documents import canonical_text  # noqa: E402
from tabletop_referee.games import load  # noqa: E402

SEED = 1


def engine_baseline(games: int) -> tuple[float, int, list]:
    g = load("mlem")
    variants = g.info.variants
    for i in range(4):  # untimed: the first games load the boards and token sets (YAML) once
        plan_game(g, 10_000 + i, SEED, None, True, variants=variants, observations=True)
    started = time.perf_counter()
    plans = [plan_game(g, i, SEED, None, True, variants=variants, observations=True) for i in range(games)]
    seconds = time.perf_counter() - started
    return seconds, sum(len(p.steps) for p in plans), plans


def step_costs(plans) -> dict[str, float]:
    g = load("mlem")
    steps = [s for p in plans for s in p.steps]
    n = len(steps)
    out = {}

    def timed(name, f):
        started = time.perf_counter()
        f()
        out[name] = (time.perf_counter() - started) / n * 1e6

    timed("engine: apply", lambda: [g.apply(s.state, s.action) for s in steps])
    timed("engine: legal actions", lambda: [g.legal_actions(s.state, s.player) if s.player is not None
                                            else g.legal_actions(s.state) for s in steps])
    timed("digest: state (cached board text)", lambda: [g.interchange.state_digest(s.transition.state) for s in steps])
    timed("digest: legal-action set", lambda: [g.interchange.legal_digest(s.legal) for s in steps])
    timed("digest: events", lambda: [g.interchange.events_digest(s.transition.events) for s in steps])
    timed("v1: state document as JSON text", lambda: [canonical_text(g.state_to_json(s.transition.state))
                                                      for s in steps])
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--js", action="store_true", help="also fuzz the JavaScript example (needs node)")
    args = parser.parse_args()
    seconds, transitions, plans = engine_baseline(args.games)
    engine = transitions / seconds
    print(f"engine alone, the fuzzer's {args.games} games in process: {transitions} transitions in "
          f"{seconds:.2f} s = {engine:,.0f} transitions/s (baseline)")
    print("per step (µs):")
    for name, us in step_costs(plans).items():
        print(f"  {name:40s} {us:8.1f}")
    adapters = [("reference", default_command("mlem"))]
    if args.js and shutil.which("node"):
        adapters.append(("javascript", ["node", str(ROOT / "examples" / "js" / "adapter.js")]))
    print("fuzz, compared transitions/s (ratio to the engine alone):")
    for name, argv in adapters:
        for protocol, every, workers in ((1, 1, 1), (1, 1, 2), (2, 1, 1), (2, 1, 2), (2, 8, 2)):
            r = fuzz(argv, game="mlem", games=args.games, seed=SEED, workers=workers, protocol=protocol,
                     digest_every=every)
            rate = r.transitions / r.seconds
            label = f"{name}, protocol {r.protocol}" + (f", state digest every {every}" if every > 1 else "")
            print(f"  {label:48s} {workers} worker{'s' if workers > 1 else ' '}: {rate:9,.0f}/s  "
                  f"({rate / engine:.0%} of the engine)" + ("  DIVERGENCE" if r.divergence else ""))


if __name__ == "__main__":
    main()
