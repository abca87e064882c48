"""``referee fuzz``: differential random games against an adapter, the reference as the oracle."""

from __future__ import annotations

import argparse
import shlex
import sys

from ..conformance.client import become_subreaper, default_command, kill_all
from ..conformance.fuzz import fuzz
from ..vectors import dump
from ..output import check_outputs, plain
from .common import EXIT_FAILED, EXIT_OK, UsageError, adapter_argv, emit, game_arg, positive, seconds


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("fuzz", help="differential random games against an adapter, the reference as oracle",
                       description="Plays seeded random games through an adapter and the reference engine side "
                                   "by side, comparing legal actions, states, events and observations at every "
                                   "step; a divergence is written as a rerunnable vector file.")
    p.add_argument("--game", type=game_arg, required=True, help="the game id")
    p.add_argument("--adapter", help="adapter command (default: the reference engine)")
    p.add_argument("--games", type=positive, default=100, help="how many games (default 100)")
    p.add_argument("--seed", type=int, default=0, help="the seed of the run (default 0)")
    p.add_argument("--workers", type=positive, default=1, help="worker processes, each with its own adapter")
    p.add_argument("--timeout", type=seconds, default=10.0, help="seconds per request")
    p.add_argument("--out", default="fuzz-divergence.json", help="vector file written on a divergence")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    argv = adapter_argv(args.adapter) if args.adapter is not None else default_command(args.game)
    check_outputs((("--out", args.out),))  # before the run: a divergence found is never lost
    become_subreaper()
    try:
        result = fuzz(argv, game=args.game, games=args.games, seed=args.seed, workers=args.workers,
                      timeout=args.timeout)
    except BaseException:  # Ctrl-C, SIGTERM: no adapter (nor a worker's orphaned one) outlives us
        kill_all()
        raise
    rate = result.transitions / result.seconds if result.seconds else 0
    if result.games == 0 and result.adapter_failures and result.adapter_failures[0].startswith("adapter could not"):
        raise UsageError(plain(result.adapter_failures[0]))  # as conform: the command cannot run at all
    if result.games == 0 and result.adapter_failures:
        failures = result.adapter_failures
        last = f"; then: {plain(failures[-1])}" if len(failures) > 1 else ""
        print(f"referee fuzz: every game failed: {plain(failures[0])}{last}", file=sys.stderr)
        return EXIT_FAILED  # the adapter failed the check; the command line was fine
    for failure in result.adapter_failures:
        print(f"adapter failure: {plain(failure)}", file=sys.stderr)
    print(f"{result.games} games, {result.transitions} transitions compared in {result.seconds:.2f} s "
          f"({rate:,.0f} transitions/s, {args.workers} worker{'s' if args.workers > 1 else ''})")
    d = result.divergence
    if d is None:
        print("no divergence")
        return EXIT_FAILED if result.adapter_failures else EXIT_OK
    vector = d.to_vector(args.seed)
    doc = {"format": 1, "game": args.game, "source": "referee fuzz", "vectors": [vector]}
    emit(dump(doc), args.out)
    print(f"divergence in game {d.game} at step {d.step} ({d.kind}): {d.message}")
    print(f"vector {vector['id']} written to {args.out}; rerun: referee conform --game {args.game}"
          + (f" --adapter {shlex.quote(args.adapter)}" if args.adapter else "") + f" --vectors {shlex.quote(args.out)}")
    return EXIT_FAILED
