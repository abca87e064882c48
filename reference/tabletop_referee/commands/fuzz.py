"""``referee fuzz``: differential random games against an adapter, the reference as the oracle."""

from __future__ import annotations

import argparse
import shlex
import sys
from typing import Any

from ..conformance.client import become_subreaper, default_command, kill_all
from ..conformance.fuzz import Divergence, FuzzResult, fuzz
from ..output import check_outputs, dumps, plain
from ..spec import load_spec
from ..vectors import dump
from .common import (EXIT_FAILED, EXIT_OK, MAX_GAMES, MAX_WORKERS, UsageError, adapter_argv, add_color_flag, bounded,
                     emit, game_arg, seconds, seed_arg, show, whole, write_output)
from ..output import write_stdout


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("fuzz", help="differential random games against an adapter, the reference as oracle",
                       description="Plays seeded random games through an adapter and the reference engine side "
                                   "by side, comparing legal actions, states, events and observations at every "
                                   "step; a divergence is written as a rerunnable vector file. With "
                                   "--keep-going every distinct divergence of the run is kept.")
    p.add_argument("--game", type=game_arg, required=True, help="the game id")
    p.add_argument("--adapter", metavar="CMD", help="adapter command (default: the reference engine)")
    p.add_argument("--games", type=bounded(MAX_GAMES, "games"), default=100, help="how many games (default 100)")
    p.add_argument("--seed", type=seed_arg, default=0, help="the seed of the run (default 0)")
    p.add_argument("--workers", type=bounded(MAX_WORKERS, "worker processes"), default=1, help="worker processes, each with its own adapter")
    p.add_argument("--timeout", type=seconds, default=10.0, help="seconds per request")
    p.add_argument("-o", "--output", dest="out", default="fuzz-divergence.json", metavar="FILE",
                   help="vector file written on a divergence (with --keep-going: one vector per distinct "
                        "divergence; default fuzz-divergence.json)")
    p.add_argument("--out", dest="out", default=argparse.SUPPRESS, help=argparse.SUPPRESS)  # the old spelling of --output
    p.add_argument("--keep-going", action="store_true",
                   help="go on after a divergence; keep one (the smallest) per distinct kind, pointer and clause")
    p.add_argument("--max-failures", type=bounded(MAX_GAMES, "failures"), metavar="N",
                   help="with --keep-going: stop once N distinct divergences are found")
    p.add_argument("--report", metavar="FILE", help="write a JSON report of the run")
    p.add_argument("--json", action="store_true", help="print the JSON report of the run on stdout; the text goes to stderr")
    add_color_flag(p)
    p.add_argument("--protocol", type=whole, choices=(1, 2), default=2,
                   help="the highest adapter protocol version to offer (default 2; 1 forces version 1)")
    p.add_argument("--digest-every", type=bounded(MAX_GAMES, "transitions"), default=1, metavar="K",
                   help="protocol 2: ask for the state digest every K steps (default 1: every step; "
                        "a mismatch is narrowed down step by step)")
    p.add_argument("--pipeline", type=bounded(256, "requests in flight"), default=2, metavar="N",
                   help="protocol 2: games in flight per adapter (default 2)")
    p.add_argument("--steer", action="store_true",
                   help="steer play towards the clauses reached least so far (of a few random legal actions "
                        "and probes, the one naming the rarest clause) and the game's rule thresholds (chance "
                        "outcomes that come closer, games resumed near one); reproducible for a given --workers")
    p.set_defaults(func=run)


def _key_text(key: tuple[str, ...]) -> str:
    kind, pointer, clause = key
    return f"{kind} {pointer} {clause}".strip()


def coverage_doc(game: str, result: FuzzResult) -> dict[str, Any]:
    """The clauses the compared transitions exercised (events and probe rejections naming
    them: how many of each, in how many games) and the spec's clauses never reached."""
    reached = result.coverage.clauses()
    ids = [c.id for c in load_spec(game).clauses]
    return {
        "clauses": reached,
        "reached": sum(1 for c in ids if c in reached),
        "total": len(ids),
        "unreached": [c for c in ids if c not in reached],
    }


def report_doc(args: argparse.Namespace, result: FuzzResult, vectors: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "format": 1,
        "game": args.game,
        "seed": args.seed,
        "games": result.games,
        "transitions": result.transitions,
        "seconds": round(result.seconds, 3),
        "protocol": result.protocol,
        "workers": args.workers,
        "steer": args.steer,
        "implementation": result.implementation,
        "stopped_early": result.stopped_early,
        "adapter_failures": result.adapter_failures,
        "divergences": [
            {"kind": d.key[0], "pointer": d.key[1], "clause": d.key[2], "games": result.counts.get(d.key, 1),
             "game": d.game, "step": d.step, "message": d.message, "vector": v["id"]}
            for d, v in zip(_distinct(result), vectors)
        ],
        "vectors": args.out if vectors else None,
        "coverage": coverage_doc(args.game, result),
    }


def _distinct(result: FuzzResult) -> list[Divergence]:
    if result.divergences:
        return result.divergences
    return [result.divergence] if result.divergence is not None else []


def run(args: argparse.Namespace) -> int:
    argv = adapter_argv(args.adapter) if args.adapter is not None else default_command(args.game)
    if args.max_failures and not args.keep_going:
        raise UsageError("--max-failures needs --keep-going")
    # before the run: a divergence found is never lost to an unwritable path
    check_outputs((("--output", args.out),) + ((("--report", args.report),) if args.report else ()))
    become_subreaper()
    try:
        result = fuzz(argv, game=args.game, games=args.games, seed=args.seed, workers=args.workers,
                      timeout=args.timeout, keep_going=args.keep_going, max_failures=args.max_failures,
                      protocol=args.protocol, digest_every=args.digest_every, pipeline=args.pipeline,
                      progress=sys.stderr.isatty(), steer=args.steer)
    except BaseException:  # Ctrl-C, SIGTERM: no adapter (nor a worker's orphaned one) outlives us
        kill_all()
        raise
    rate = result.transitions / result.seconds if result.seconds else 0
    if result.games == 0 and result.adapter_failures and result.adapter_failures[0].startswith(
            ("adapter could not start", "the adapter does not declare")):
        raise UsageError(plain(result.adapter_failures[0]))  # as conform: the command cannot run at all
    if result.games == 0 and result.adapter_failures:  # the adapter failed the check; the command line was fine
        failures = result.adapter_failures
        last = f"; then: {plain(failures[-1])}" if len(failures) > 1 else ""
        print(f"referee fuzz: every game failed: {plain(failures[0])}{last}", file=sys.stderr)
    else:
        for failure in result.adapter_failures:
            print(f"adapter failure: {plain(failure)}", file=sys.stderr)
    lines = [f"{result.games} games, {result.transitions} transitions compared in {result.seconds:.2f} s "
             f"({rate:,.0f} transitions/s, {args.workers} worker{'s' if args.workers > 1 else ''}, "
             f"protocol {result.protocol})"]
    divs = _distinct(result)
    vectors = [d.to_vector(args.seed) for d in divs]
    doc = report_doc(args, result, vectors)
    cov = doc["coverage"]
    if result.transitions:
        lines.append(f"clause coverage: {cov['reached']} of {cov['total']} clauses reached by events or "
                     f"rejections" + (f"; never reached: {', '.join(cov['unreached'][:8])}"
                                      + (f" and {len(cov['unreached']) - 8} more" if len(cov['unreached']) > 8 else "")
                                      if cov["unreached"] else "") + " (--json lists them all)")
    if args.report:
        write_output("--report", args.report, dumps(doc, indent=2) + "\n")
    if divs:
        emit(dump({"format": 1, "game": args.game, "source": "referee fuzz", "vectors": vectors}), args.out)
    if args.json:
        write_stdout(dumps(doc, indent=2) + "\n")
    if not divs:
        lines.append("no divergence")
        show("\n".join(lines) + "\n", args, stderr=args.json)
        return EXIT_FAILED if result.adapter_failures else EXIT_OK
    rerun = (f"referee conform --game {args.game}" + (f" --adapter {shlex.quote(args.adapter)}" if args.adapter else "")
             + f" --vectors {shlex.quote(args.out)}")
    if not args.keep_going:
        d, vector = divs[0], vectors[0]
        lines.append(f"divergence in game {d.game} at step {d.step} ({d.kind}): {d.message}")
        lines.append(f"vector {vector['id']} written to {args.out}; rerun: {rerun}")
        show("\n".join(lines) + "\n", args, stderr=args.json)
        return EXIT_FAILED
    stop = " (stopped at --max-failures)" if result.stopped_early else ""
    lines.append(f"{len(divs)} distinct divergence{'s' if len(divs) != 1 else ''}{stop}:")
    rows = [("kind", "pointer", "clause", "games", "first seen", "vector")]
    for d, v in zip(divs, vectors):
        rows.append((d.key[0], d.key[1], d.key[2], str(result.counts.get(d.key, 1)),
                     f"game {d.game} step {d.step}", v["id"]))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for r in rows:
        lines.append("  " + "  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip())
    for d in divs:
        lines.append(f"- {_key_text(d.key)}: {d.message}")
    lines.append(f"{len(vectors)} vector{'s' if len(vectors) != 1 else ''} written to {args.out}; rerun: {rerun}")
    show("\n".join(lines) + "\n", args, stderr=args.json)
    return EXIT_FAILED
