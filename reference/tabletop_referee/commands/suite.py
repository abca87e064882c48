"""``referee suite strength``: how strongly the vectors pin each clause (mutants of the reference)."""

from __future__ import annotations

import argparse
import json
import sys
import time

from ..conformance.strength import BaselineFailed, load_equivalent, recheck, run
from ..conformance.strengthreport import load_committed, markdown
from ..conformance.vectors import VectorFileError
from ..output import check_outputs
from ..style import Progress
from .common import EXIT_FAILED, EXIT_OK, MAX_WORKERS, UsageError, bounded, emit, game_arg, seed_arg, write_output

MAX_MUTANTS = 100_000
"""The largest ``--sample``."""


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("suite", help="questions about the conformance suite itself (strength)",
                       description="Questions about a game's conformance suite itself.")
    inner = p.add_subparsers(dest="suite_command", metavar="COMMAND", required=True)
    s = inner.add_parser(
        "strength", help="per clause, how many single-point bugs of the reference engine the vectors catch",
        description="Seeds single-point bugs (mutants) into the reference engine, in process: each rule "
                    "check removed or inverted, each kind of event dropped, doubled or given a wrong field, "
                    "each disputed rule option flipped, the chance probabilities changed, each threshold the "
                    "game lists off by one. Every vector of the game (siblings included) is played against "
                    "each mutant, stopping at the first that fails (the mutant is killed). A mutant no vector "
                    "kills survives, unless spec/<game>/equivalent-mutants.yaml lists it with a reason. "
                    "Prints the table per clause, rule area, kind and reading; exit 1 when a mutant survives "
                    "that the file does not explain (docs/strength.md).")
    s.add_argument("--game", type=game_arg, required=True, help="the game id")
    s.add_argument("--sample", type=bounded(MAX_MUTANTS, "mutants"), metavar="N",
                   help="only N mutants, chosen by a hash of their ids and --seed (what CI runs)")
    s.add_argument("--seed", type=seed_arg, default=0, help="the seed of --sample (default 0)")
    s.add_argument("--workers", type=bounded(MAX_WORKERS, "worker processes"), default=1,
                   help="worker processes (default 1)")
    s.add_argument("--vectors", action="append", metavar="PATH",
                   help="a vector file or folder (repeatable; default: the game's vectors/<game>/)")
    s.add_argument("--equivalent", metavar="FILE",
                   help="the equivalent-mutants file (default: spec/<game>/equivalent-mutants.yaml)")
    s.add_argument("--json", metavar="FILE", nargs="?", const="-",
                   help="the JSON report on stdout instead of the tables, or written to FILE "
                        "(spec/<game>/strength.json is what `referee docs` shows)")
    s.add_argument("--markdown", metavar="FILE", help="write the Markdown tables to FILE")
    s.add_argument("--quiet", action="store_true", help="no progress on stderr")
    s.add_argument("--recheck", action="store_true",
                   help="instead of a run, check the committed full run (spec/<game>/strength.json) against the "
                        "engine and vectors as they are: each killed mutant against its killing vector only, "
                        "every mutant present, every survivor still explained (what CI runs; exit 1 on a problem)")
    s.set_defaults(func=run_strength)


def run_recheck(args: argparse.Namespace) -> int:
    for flag, value in (("--sample", args.sample), ("--json", args.json), ("--markdown", args.markdown),
                        ("--vectors", args.vectors)):
        if value is not None:
            raise UsageError(f"{flag}: not with --recheck (it checks the committed report against the game's own vectors)")
    committed = load_committed(args.game)
    if committed is None:
        raise UsageError(f"--recheck: spec/{args.game}/strength.json is missing: make a full run first "
                         f"(referee suite strength --game {args.game} --workers 2 --json spec/{args.game}/strength.json)")
    equivalent = load_equivalent(args.game, args.equivalent)
    started = time.monotonic()
    problems = recheck(args.game, committed, workers=args.workers, equivalent=equivalent)
    for line in problems:
        print(f"referee: suite strength --recheck: {line}", file=sys.stderr)
    killed = sum(1 for m in committed["mutants"] if m["status"] == "killed")
    if problems:
        print(f"{len(problems)} problem(s): the committed report is out of date; rerun the full run "
              f"(referee suite strength --game {args.game} --workers 2 --json spec/{args.game}/strength.json)",
              file=sys.stderr)
        return EXIT_FAILED
    print(f"spec/{args.game}/strength.json holds: {killed} killed mutants each still killed by its vector, "
          f"{len(committed['mutants']) - killed} explained survivors still listed "
          f"({time.monotonic() - started:.0f} s)", file=sys.stderr)
    return EXIT_OK


def run_strength(args: argparse.Namespace) -> int:
    if args.recheck:
        return run_recheck(args)
    check_outputs((("--json", args.json), ("--markdown", args.markdown)))
    if args.seed and args.sample is None:
        raise UsageError(f"--seed {args.seed}: only with --sample")
    equivalent = load_equivalent(args.game, args.equivalent)  # before any work: a bad file is refused at once
    bar: list[Progress] = []

    def progress(done: int, total: int) -> None:
        if args.quiet:
            return
        if not bar:
            bar.append(Progress(total, "suite strength", unit="mutants"))
        bar[0].update(done)

    try:
        result = run(args.game, sample_size=args.sample, seed=args.seed,
                     workers=args.workers, vector_paths=args.vectors, equivalent=equivalent, progress=progress)
    except (BaselineFailed, VectorFileError) as exc:
        raise UsageError(str(exc)) from None
    finally:
        for b in bar:
            b.close()
    doc = result.to_json()
    if args.json:
        write_output("--json", args.json, json.dumps(doc, indent=1) + "\n")
    if args.markdown:
        write_output("--markdown", args.markdown, markdown(doc) + "\n")
    if args.json != "-":
        emit(markdown(doc) + "\n")
    t = doc["totals"]
    survivors = result.unexplained()
    stale = result.stale_equivalents()
    for m in survivors:
        print(f"referee: suite strength: unexplained survivor {m.id} ({m.clause}): {m.description}; "
              f"add a vector that catches it, or list it in spec/{args.game}/equivalent-mutants.yaml "
              "with a reason", file=sys.stderr)
    for mid in stale:
        print(f"referee: suite strength: {mid} is listed as equivalent but a vector kills it: "
              f"remove it from the equivalent-mutants file", file=sys.stderr)
    print(f"{t['mutants']} mutants: {t['killed']} killed, {t['equivalent']} equivalent, {t['survived']} "
          f"surviving ({result.seconds:.0f} s, {args.workers} worker{'s' if args.workers > 1 else ''})",
          file=sys.stderr)
    return EXIT_FAILED if survivors or stale else EXIT_OK
