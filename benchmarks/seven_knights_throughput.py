"""Seven Knights Bewitched reference-engine throughput: full games per second.

Run:  python benchmarks/seven_knights_throughput.py [--games N] [--seed S] [--players P]

Games are played through ``GAME`` (the shared game interface) with a seeded random policy:
deals sampled with ``sample_chance``, every decision uniform over ``legal_actions`` of a random
pending actor. A *harness floor* is measured in the same run, on the same machine: the same
number of steps with the engine replaced by a no-op that only draws the random numbers, i.e.
the cost of the loop itself. The printed ratio (floor time / engine time, as games/s over
floor games/s) means something wherever this runs. There is no target; the figure is for
information and regressions.

Most of an engine step is spent listing legal actions: a question has ~126 number sets per
tile, and a 7- or 8-tile line has up to 40,320 orders (cached per captain and tile set).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "reference"))

from tabletop_referee.games import load  # noqa: E402

GAME = load("seven-knights").GAME


def play(games: int, seed: int, players: int | None, options: dict | None) -> tuple[float, int]:
    rng = random.Random(seed)
    setups = [GAME.random_setup(rng, players=players, options=options) for _ in range(games)]
    steps = 0
    start = time.perf_counter()
    for setup in setups:
        state = GAME.initial_state(setup)
        while not GAME.is_over(state):
            actors = GAME.actors(state)
            if actors == ("chance",):
                action = GAME.rules.sample_chance(state, rng)
            else:
                action = rng.choice(GAME.legal_actions(state, rng.choice(actors)))
            state = GAME.apply(state, action).state
            steps += 1
    return time.perf_counter() - start, steps


def floor(steps: int, seed: int) -> float:
    """The harness alone: two random draws per step, as the policy makes."""
    rng = random.Random(seed)
    items = list(range(8))
    start = time.perf_counter()
    for _ in range(steps):
        rng.choice(items)
        rng.choice(items)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=5)
    args = parser.parse_args()
    for label, options in (("standard", {}), ("advanced", {"variant": "advanced"}),
                           ("darkness", {"variant": "darkness"})):
        players = args.players if label != "darkness" else 4
        play(5, args.seed, players, options)  # warm the caches
        elapsed, steps = play(args.games, args.seed, players, options)
        base = floor(steps, args.seed)
        gps = args.games / elapsed
        floor_gps = args.games / base
        print(f"{label:9} {players}p: {gps:8.1f} games/s, {steps / elapsed:9.0f} steps/s; "
              f"harness floor {floor_gps:10.1f} games/s; ratio {gps / floor_gps:.4f}")


if __name__ == "__main__":
    main()
