"""``referee disputes impact``: does a dispute matter? Seeded games under each reading, compared."""

from __future__ import annotations

import argparse
import json
import sys
import time

from ..impact import CHUNK, POLICIES, dask_runner, impact, local_runner
from ..impactreport import html_report, markdown_report, text_report
from ..output import check_outputs
from .common import (EXIT_OK, MAX_IMPACT_GAMES, MAX_PLAYERS, MAX_WORKERS, UsageError, bounded, emit, game_arg,
                     seed_arg, write_output)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("disputes", help="questions about the disputes register (impact)",
                       description="Questions about a game's disputes register.")
    inner = p.add_subparsers(dest="disputes_command", metavar="COMMAND", required=True)
    q = inner.add_parser(
        "impact", help="how much each reading of a dispute changes the game, with 95%% intervals",
        description="Plays the same seeded games under each reading of every dispute with a rule option "
                    "(or those given with --dispute) and compares them: game length, the game's own "
                    "measures (such as crashes), mean score, score spread, each "
                    "seat's share of the wins and how often the winner changes, each with a 95% interval "
                    "and the paired difference from the default reading. docs/impact.md explains the method.")
    q.add_argument("--game", type=game_arg, required=True, help="the game id")
    q.add_argument("--dispute", action="append", metavar="ID",
                   help="a dispute id or option name (repeatable; default: every dispute with an option)")
    q.add_argument("--games", type=bounded(MAX_IMPACT_GAMES, "games per reading; their measures are kept in memory"), default=1000, help="games per reading (default 1000)")
    q.add_argument("--seed", type=seed_arg, default=0, help="the seed of the run (default 0)")
    q.add_argument("--players", type=bounded(MAX_PLAYERS, "seats"), help="seats per game (default: the middle of the game's range)")
    q.add_argument("--policy", choices=sorted(POLICIES), default="greedy",
                   help="how players decide: greedy (the game's documented greedy policy, the default) or uniform")
    q.add_argument("--workers", type=bounded(MAX_WORKERS, "worker processes"), default=1, help="worker processes (default 1)")
    q.add_argument("--backend", choices=("local", "dask"), default="local",
                   help="local processes (default), or a Dask cluster (optional extra 'distributed')")
    q.add_argument("--scheduler", metavar="ADDRESS",
                   help="with --backend dask: the scheduler (tcp://host:8786); default a local cluster of --workers")
    q.add_argument("--chunk", type=bounded(MAX_IMPACT_GAMES, "games per unit of work"), default=CHUNK, help=f"games per unit of work (default {CHUNK})")
    q.add_argument("--no-share", dest="share", action="store_false",
                   help="play every reading's games from their start, instead of sharing each game's "
                        "path with the default reading's until the disputed option is first read "
                        "(the report is the same; this only takes longer)")
    q.add_argument("--json", action="store_true", help="print the report as JSON instead of tables")
    q.add_argument("--output", "-o", metavar="FILE",
                   help="also write the JSON report to FILE (spec/<game>/impact.json is what the docs embed)")
    q.add_argument("--html", metavar="FILE", help="also write an HTML page with the charts")
    q.add_argument("--markdown", metavar="FILE", help="also write the Markdown summary")
    q.add_argument("--quiet", action="store_true", help="no progress on stderr")
    q.set_defaults(func=run_impact)


MAX_UNITS = 100_000
"""The most units of work (chunks) per reading of ``disputes impact``."""


def run_impact(args: argparse.Namespace) -> int:
    # before any work: every output writable, no two of them one file
    check_outputs((("--output", args.output), ("--html", args.html), ("--markdown", args.markdown)))
    units = -(-args.games // args.chunk)
    if units > MAX_UNITS:  # the units of work are listed before play starts: bounded memory
        raise UsageError(f"--chunk {args.chunk}: --games {args.games} in chunks of {args.chunk} is {units:,} units "
                         f"of work per reading (limit {MAX_UNITS:,}); give a larger --chunk")
    if args.scheduler and args.backend != "dask":
        raise UsageError(f"--scheduler {args.scheduler}: only with --backend dask")
    started = time.perf_counter()

    def progress(done: int, total: int) -> None:
        if args.quiet:
            return
        rate = done / max(time.perf_counter() - started, 1e-9)
        left = (total - done) / rate if rate else 0
        sys.stderr.write(f"\r{done}/{total} games ({rate:,.0f}/s, about {left:,.0f} s left)  ")
        if done == total:
            sys.stderr.write("\n")
        sys.stderr.flush()

    if args.backend == "dask":
        runner, close = dask_runner(args.scheduler, args.workers)
    else:
        runner, close = local_runner(args.workers)
    try:
        report = impact(args.game, disputes=args.dispute, games=args.games, seed=args.seed, players=args.players,
                        policy=args.policy, runner=runner, chunk=args.chunk, progress=progress,
                        share=args.share)
    finally:
        close()
    doc = report.to_json()
    text = json.dumps(doc, indent=1) + "\n"
    if args.output:
        write_output("--output", args.output, text)
    if args.html:
        write_output("--html", args.html, html_report(doc))
    if args.markdown:
        write_output("--markdown", args.markdown, markdown_report(doc))
    if args.json:
        emit(text)
    else:
        emit(text_report(doc))
        rate = report.games_played / report.seconds if report.seconds else 0
        shared = 1 - report.actions_played / report.actions if report.actions else 0
        emit(f"{report.games_played} games in {report.seconds:.1f} s ({rate:,.0f} games/s, "
             f"{args.workers} worker{'s' if args.workers > 1 else ''}, {args.backend}); "
             f"{shared:.0%} of the actions shared with the default reading's games\n")
    return EXIT_OK
