"""The input boundary's cost: parsing adapter answers and documents through loading.py.

Run:  python benchmarks/loading.py [--repeat 2000]

The baseline is the standard library's ``json.loads`` on the same text in the same run; the
ratio is what the caps, the strict numbers and the integral-float conversion cost. The texts
are the states of random MLEM games (what every ``apply`` answer carries) and a vector file.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "reference"))

from tabletop_referee.games import load  # noqa: E402
from tabletop_referee.loading import parse_json  # noqa: E402


def texts() -> dict[str, str]:
    game = load("mlem")
    rng = random.Random(7)
    state = game.initial_state(game.random_setup(rng))
    for _ in range(40):
        legal = game.legal_actions(state)
        if not legal:
            break
        state = game.apply(state, rng.choice(legal)).state
    answer = json.dumps({"seq": 12, "state": game.state_to_json(state), "events": []})
    vectors = (ROOT / "vectors" / "mlem" / "travel.json").read_text(encoding="utf-8")
    return {"apply answer": answer, "vector file travel.json": vectors}


def timed(fn, text: str, repeat: int) -> float:
    started = time.perf_counter()
    for _ in range(repeat):
        fn(text)
    return (time.perf_counter() - started) / repeat


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=2000)
    args = parser.parse_args()
    for name, text in texts().items():
        repeat = max(1, args.repeat * 4000 // max(len(text), 1))
        base = timed(json.loads, text, repeat)
        ours = timed(parse_json, text, repeat)
        print(f"{name} ({len(text):,} bytes): json.loads {base * 1e6:,.0f} us, "
              f"parse_json {ours * 1e6:,.0f} us, ratio {ours / base:.2f}x")


if __name__ == "__main__":
    main()
