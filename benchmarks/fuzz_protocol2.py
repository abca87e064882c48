"""Differential fuzzing at engine speed: protocol 1 against protocol 2, side by side in one run.

Run:  python benchmarks/fuzz_protocol2.py [--games 200] [--v1-games 10] [--js]

1. **Engine baseline**: the reference engine alone plays the very games the fuzzer plays (same
   seeds, same setups, same actions: `plan_game` without digests), in process: transitions/s.
2. **Where a step's time goes**: per step, the engine (apply, legal actions), then each digest
   the runner and the adapter compute (state, observation, legal-action set, events, odds),
   and for comparison the version-1 cost of writing the state document as JSON text.
3. **Fuzz throughput**: compared transitions/s of `referee fuzz` with the reference served as
   an adapter, protocol 1 and protocol 2, 1 and 2 workers, and protocol 2 with a state digest
   every 8 steps; with `--js` the same for the JavaScript example. The headline is the ratio of
   fuzz throughput (2 workers) to the engine's own speed on the same games. Protocol 1 plays
   only the first `--v1-games` games (it is 5-20x slower); every rate counts the start of the
   workers and adapter processes, which fewer games amortise less.

Every figure is measured in this run; only ratios carry over between machines.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "reference"))

from tabletop_referee.conformance.client import default_command  # noqa: E402
from tabletop_referee.conformance.fuzz import _odds_digests, fuzz, plan_game  # noqa: E402
from tabletop_referee.documents import canonical_text  # noqa: E402
from tabletop_referee.games import load  # noqa: E402
from tabletop_referee.games.interface import CHANCE  # noqa: E402

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
    observed = [s for s in steps if s.observe is not None]
    chance = [s for s in steps if g.actors(s.state) == (CHANCE,)]

    def state_and_observation() -> None:  # in the order fuzz computes them (parts kept between)
        for s in steps:
            if s.observe is not None:
                g.interchange.observation_digest(s.state, s.observe)
            g.interchange.state_digest(s.transition.state)

    timed("digest: state (cached board text)", lambda: [g.interchange.state_digest(s.transition.state) for s in steps])
    timed("digest: observation + state, fuzz's order", state_and_observation)
    print(f"  ({len(observed)} of {n} steps observe a player, {len(chance)} are chance nodes)")
    timed("digest: odds (chance nodes, per step)", lambda: [_odds_digests(g)(g.chance_outcomes(s.state))
                                                           for s in chance])
    timed("digest: legal-action set", lambda: [g.interchange.legal_digest(s.legal) for s in steps])
    timed("digest: events", lambda: [g.interchange.events_digest(s.transition.events) for s in steps])
    timed("v1: state document as JSON text", lambda: [canonical_text(g.state_to_json(s.transition.state))
                                                      for s in steps])
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--v1-games", type=int, default=10, help="games protocol 1 plays (it is slow)")
    parser.add_argument("--js", action="store_true", help="also fuzz the JavaScript example (needs node)")
    args = parser.parse_args()
    print("load average at the start: {:.1f} {:.1f} {:.1f}".format(*os.getloadavg()))
    seconds, transitions, plans = engine_baseline(args.games)
    engine = transitions / seconds
    print(f"engine alone, the fuzzer's {args.games} games in process: {transitions} transitions in "
          f"{seconds:.2f} s = {engine:,.0f} transitions/s (baseline)")
    print("per step (µs):")
    for name, us in step_costs(plans).items():
        print(f"  {name:44s} {us:8.1f}  ({us * engine / 1e6:.2f} x an engine step)")
    adapters = [("reference", default_command("mlem"))]
    if args.js and shutil.which("node"):
        adapters.append(("javascript", ["node", str(ROOT / "examples" / "js" / "adapter.js")]))
    print("fuzz, compared transitions/s (ratio to the engine alone):")
    for name, argv in adapters:
        for protocol, every, workers in ((1, 1, 1), (1, 1, 2), (2, 1, 1), (2, 1, 2), (2, 8, 2)):
            r = fuzz(argv, game="mlem", games=args.v1_games if protocol == 1 else args.games, seed=SEED,
                     workers=workers, protocol=protocol, digest_every=every)
            rate = r.transitions / r.seconds
            label = f"{name}, protocol {r.protocol}" + (f", state digest every {every}" if every > 1 else "")
            print(f"  {label:48s} {workers} worker{'s' if workers > 1 else ' '}, {r.games:3d} games: "
                  f"{rate:9,.0f}/s  ({rate / engine:.0%} of the engine)" + ("  DIVERGENCE" if r.divergence else ""))
    print("load average at the end: {:.1f} {:.1f} {:.1f}".format(*os.getloadavg()))


if __name__ == "__main__":
    main()
