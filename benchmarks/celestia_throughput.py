"""Celestia reference-engine throughput: full games per second against a harness floor.

Run:  python benchmarks/celestia_throughput.py [--games N] [--players P] [--seed S]

Games use the default options (the spec's rulings) and a seeded random policy: uniform over the
legal actions, chance outcomes drawn with their exact probabilities from ``chance_outcomes``.
The *harness floor* is measured in the same run, on the same machine: the same loop, making the
same number of random draws of the same kinds, with the engine replaced by nothing. The ratio
play/floor says how much of the time the engine takes; there is no target yet.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "reference"))

from tabletop_referee.games.celestia import GAME  # noqa: E402
from tabletop_referee.games.celestia import engine  # noqa: E402
from tabletop_referee.games.celestia.model import CHANCE  # noqa: E402


def _sample(rng: random.Random, outcomes):
    """An outcome drawn with its exact probability (integer draw below the common denominator)."""
    denom = 1
    for _, p in outcomes:
        d = p.denominator
        if denom % d:
            denom = denom * d // _gcd(denom, d)
    r = rng.randrange(denom)
    for a, p in outcomes:
        r -= p.numerator * (denom // p.denominator)
        if r < 0:
            return a
    return outcomes[-1][0]


def _gcd(a: int, b: int) -> int:
    while b:
        a, b = b, a % b
    return a


def play(games: int, players: int, seed: int) -> tuple[float, int, int]:
    """Plays ``games`` seeded random games: (seconds, decisions, chance actions)."""
    rng = random.Random(seed)
    setups = [GAME.core.make_setup(players, {}, g % players) for g in range(games)]
    decisions = chances = 0
    start = time.perf_counter()
    for setup in setups:
        state = engine.initial_state(setup)
        while state.phase != "game-over":
            if engine.actors(state) == (CHANCE,):
                outcomes = engine.chance_outcomes(state)
                action = _sample(rng, outcomes)
                chances += 1
            else:
                legal = engine.legal_actions(state)
                action = rng.choice(legal)
                decisions += 1
            state = engine.apply(state, action).state
    return time.perf_counter() - start, decisions, chances


def floor(decisions: int, chances: int, seed: int) -> float:
    """The harness alone: the same count of uniform choices and exact chance draws."""
    from fractions import Fraction

    rng = random.Random(seed)
    items = list(range(3))
    outcomes = [(i, Fraction(1, 6)) for i in range(4)] + [(4, Fraction(1, 3))]
    start = time.perf_counter()
    for _ in range(decisions):
        rng.choice(items)
    for _ in range(chances):
        _sample(rng, outcomes)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    play(5, args.players, args.seed)  # warm caches
    seconds, decisions, chances = play(args.games, args.players, args.seed)
    floor_seconds = floor(decisions, chances, args.seed)
    actions = decisions + chances
    print(f"games:          {args.games} ({args.players} players, default options, seed {args.seed})")
    print(f"actions:        {actions} ({actions / args.games:.0f} per game: "
          f"{decisions / args.games:.0f} decisions, {chances / args.games:.0f} chance)")
    print(f"play:           {seconds:.3f} s  {actions / seconds:,.0f} actions/s  "
          f"{args.games / seconds:,.1f} games/s")
    print(f"harness floor:  {floor_seconds:.3f} s  {args.games / floor_seconds:,.0f} games/s")
    print(f"ratio play/floor: {seconds / floor_seconds:.1f}x")


if __name__ == "__main__":
    main()
