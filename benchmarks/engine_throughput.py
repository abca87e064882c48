"""Reference-engine throughput: actions per second and full 4-player base games per second.

Run:  python benchmarks/engine_throughput.py [--games N] [--seed S]

Games are played on the standard board with a seeded random policy (uniform over the legal
actions; dice sampled outside the engine). Two baselines are measured in the same run, on the
same machine, so the ratios printed mean something wherever this runs:

- *policy floor*: the same loop with the engine replaced by a no-op that only draws random
  numbers, i.e. the cost of the harness itself;
- *replay*: the recorded action sequences applied again without computing legal actions,
  i.e. the cost of ``apply`` alone.

The target of the base-game issue is at least 500 full 4-player games per second on one core.
The same games with all three variants on are timed too, for information (no target).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "reference"))

from tabletop_referee.games import mlem  # noqa: E402
from tabletop_referee.sampler import choose  # noqa: E402

TARGET_GAMES_PER_SECOND = 500


def play(board: mlem.Board, games: int, seed: int, *, keep: bool = False,
         options: mlem.Options | None = None) -> tuple[float, int, list[list]]:
    """Plays ``games`` seeded random games; with ``keep``, returns their action lists too.

    The timed run keeps nothing: holding every game's actions (160,000 objects) makes the
    garbage collector's full passes slower, which is the harness's cost, not the engine's.
    The logs for :func:`replay` come from a second, untimed run with the same seed.
    """
    rng = random.Random(seed)
    logs = []
    actions = 0
    tokens = mlem.load_tokens(board.id) if options and options.variants else None
    start = time.perf_counter()
    for g in range(games):
        state = mlem.initial_state(mlem.Setup(players=4, board=board, start_player=g % 4,
                                              options=options or mlem.Options(), tokens=tokens))
        log = []
        while state.phase != "game-over":
            action = choose(mlem.GAME, rng, state)
            state = mlem.apply(state, action).state
            log.append(action)
        actions += len(log)
        if keep:
            logs.append(log)
    return time.perf_counter() - start, actions, logs


def replay(board: mlem.Board, logs: list[list]) -> float:
    start = time.perf_counter()
    for g, log in enumerate(logs):
        state = mlem.initial_state(mlem.Setup(players=4, board=board, start_player=g % 4))
        for action in log:
            state = mlem.apply(state, action).state
        assert state.phase == "game-over"
    return time.perf_counter() - start


def floor(actions: int, seed: int) -> float:
    rng = random.Random(seed)
    items = list(range(8))
    start = time.perf_counter()
    for _ in range(actions):
        rng.choice(items)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    board = mlem.load_board("standard")
    play(board, 20, args.seed)  # warm caches
    seconds, actions, _ = play(board, args.games, args.seed)
    _, _, logs = play(board, args.games, args.seed, keep=True)
    replay_seconds = replay(board, logs)
    floor_seconds = floor(actions, args.seed)
    all_variants = mlem.Options(variants=mlem.VARIANTS)
    variant_seconds, variant_actions, _ = play(board, args.games, args.seed, options=all_variants)
    games_per_second = args.games / seconds
    print(f"games:            {args.games} (4 players, standard board, seed {args.seed})")
    print(f"actions:          {actions} ({actions / args.games:.0f} per game)")
    print(f"play:             {seconds:.3f} s  {actions / seconds:,.0f} actions/s  {games_per_second:,.0f} games/s")
    print(f"replay (apply):   {replay_seconds:.3f} s  {actions / replay_seconds:,.0f} actions/s")
    print(f"policy floor:     {floor_seconds:.3f} s")
    print(f"ratio play/replay:       {seconds / replay_seconds:.2f}x")
    print(f"ratio play/policy floor: {seconds / floor_seconds:.1f}x")
    verdict = "meets" if games_per_second >= TARGET_GAMES_PER_SECOND else "misses"
    print(f"target {TARGET_GAMES_PER_SECOND} games/s: {verdict} ({games_per_second / TARGET_GAMES_PER_SECOND:.2f}x)")
    print(f"all three variants: {variant_seconds:.3f} s  {variant_actions / variant_seconds:,.0f} actions/s  "
          f"{args.games / variant_seconds:,.0f} games/s  ({variant_actions / args.games:.0f} actions per game;"
          f" {seconds / variant_seconds:.2f}x the base game's games/s; no target)")


if __name__ == "__main__":
    main()
