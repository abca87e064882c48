"""``referee disputes impact``: does a dispute matter? Seeded games under each reading, compared."""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
import textwrap
from typing import Any

from ..impact import CHUNK, POLICIES, dask_runner, impact, local_runner
from ..impactreport import html_report, load_committed, markdown_report, summary_text, text_report, value_text
from ..links import clause_info, clause_page, docs_page
from ..output import check_outputs
from ..spec import Spec, load_spec
from ..style import Progress
from .common import (EXIT_OK, MAX_IMPACT_GAMES, MAX_PLAYERS, MAX_WORKERS, UsageError, bounded, emit, game_arg,
                     seed_arg, write_output)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("disputes", help="questions about the disputes register (show, impact)",
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
    w = inner.add_parser(
        "show", help="one dispute for people: the question, the readings and their sources, the ruling, its effect",
        description="Prints one dispute of the register: its question, each reading with the sources that "
                    "back it, the ruling and why, the rule option that selects another reading, the clauses "
                    "it touches, and its measured effect in words (from the committed impact report).")
    w.add_argument("words", nargs="+", metavar="[GAME] ID",
                   help="the dispute id or its option name, after the game id (or give --game)")
    w.add_argument("--game", type=game_arg, help="the game id (instead of the first word)")
    w.set_defaults(func=run_show)


def run_show(args: argparse.Namespace) -> int:
    words = list(args.words)
    game = args.game
    if game is None:
        if len(words) != 2:
            raise UsageError("give GAME ID (or --game GAME ID)")
        game = game_arg_or_usage(words.pop(0))
    if len(words) != 1:
        raise UsageError("give one dispute id")
    spec = load_spec(game)
    wanted = words[0]
    found = next((d for d in spec.disputes if d["id"] == wanted or (d.get("option") or {}).get("name") == wanted), None)
    if found is None:
        ids = ", ".join(d["id"] for d in spec.disputes)
        raise UsageError(f"{game} has no dispute {wanted!r} (its disputes: {ids})")
    emit(dispute_text(spec, found))
    return EXIT_OK


def game_arg_or_usage(text: str) -> str:
    try:
        return game_arg(text)
    except argparse.ArgumentTypeError as exc:
        raise UsageError(str(exc)) from None


def _wrap(text: str, indent: str = "  ") -> str:
    return textwrap.fill(" ".join(str(text).split()), width=96, initial_indent=indent, subsequent_indent=indent)


def dispute_text(spec: Spec, d: dict[str, Any]) -> str:
    """One dispute for people: question, readings with sources, ruling, option, clauses, effect."""
    out = [f"{d['title']} ({spec.title}, dispute {d['id']})", "", "The question:", _wrap(d.get("question", "")), ""]
    option = d.get("option") or {}
    out.append("The readings:")
    for r in d.get("readings", []):
        mark = "  <- our ruling" if r.get("id") == d.get("ruling") else ""
        value = ""
        readings = d.get("readings", [])
        if option and r.get("id") == d.get("ruling"):
            value = f" (option {option['name']} = {value_text(option.get('default'))}, the default)"
        elif option and (len(readings) == 2 or str(r.get("id")) == value_text(option.get("other"))):
            value = f" (option {option['name']} = {value_text(option.get('other'))})"
        out.append(f"- {r.get('id')}{value}{mark}")
        out.append(_wrap(r.get("summary", ""), "    "))
        tags = r.get("sources") or []
        if tags:
            names = []
            for tag in tags:
                src = spec.source(tag)
                names.append(f"{tag} ({src['title']})" if src and src.get("title") else str(tag))
            out.append(_wrap("backed by: " + "; ".join(names), "    "))
        else:
            out.append("    backed by: no source (listed because a reader could reasonably assume it)")
    out += ["", f"The ruling: {d.get('ruling')} ({d.get('status', 'ruled')})", _wrap(d.get("reason", ""))]
    if option:
        out += ["", f"To play the other reading: --option {option['name']}={value_text(option.get('other'))} "
                    f"(default {value_text(option.get('default'))})"]
    clauses = d.get("clauses") or []
    if clauses:
        out += ["", "Clauses it touches:"]
        for cid in clauses:
            info = clause_info(spec.game, cid)
            url = clause_page(spec.game, cid)
            out.append(f"- {cid}" + (f": {info[0]}" if info else "") + (f"  {url}" if url else ""))
    out += ["", "Measured effect:"]
    report = load_committed(spec.game)
    measured = next((x for x in (report or {}).get("disputes", []) if x.get("id") == d["id"]), None)
    if report is None or measured is None:
        why = "it has no rule option to play" if not option else "the committed impact report does not cover it"
        out.append(f"  not measured: {why}" + (f"; referee disputes impact --game {spec.game} --dispute {d['id']} "
                                                "measures it" if option else ""))
    else:
        summary = summary_text({**report, "disputes": [measured]})
        out += [_wrap(line[2:] if line.startswith("- ") else line) for line in summary[1:]]
        out.append(f"  ({report['games_per_reading']} games per reading, {report['players']} players, "
                   f"{report['policy']} players; docs: {docs_page(f'{spec.game}/disputes.html', 'dispute-' + d['id'])})")
    return "\n".join(out) + "\n"


MAX_UNITS = 100_000
"""The most units of work (chunks) per reading of ``disputes impact``."""


def run_impact(args: argparse.Namespace) -> int:
    if importlib.util.find_spec("scipy") is None:
        raise UsageError("disputes impact needs scipy (its 95% intervals): pip install 'tabletop-referee[impact]'")
    # before any work: every output writable, no two of them one file
    check_outputs((("--output", args.output), ("--html", args.html), ("--markdown", args.markdown)))
    units = -(-args.games // args.chunk)
    if units > MAX_UNITS:  # the units of work are listed before play starts: bounded memory
        raise UsageError(f"--chunk {args.chunk}: --games {args.games} in chunks of {args.chunk} is {units:,} units "
                         f"of work per reading (limit {MAX_UNITS:,}); give a larger --chunk")
    if args.scheduler and args.backend != "dask":
        raise UsageError(f"--scheduler {args.scheduler}: only with --backend dask")
    bar: list[Progress] = []

    def progress(done: int, total: int) -> None:  # on a terminal only (style.Progress), never with --quiet
        if args.quiet:
            return
        if not bar:
            bar.append(Progress(total, "disputes impact", unit="games"))
        bar[0].update(done)

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
        for b in bar:
            b.close()
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
