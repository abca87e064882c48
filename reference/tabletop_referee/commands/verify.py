"""``referee verify``: replay game logs with the reference engine."""

from __future__ import annotations

import argparse

from ..verify import log_files, report_json, report_text, verify_file
from ..output import dumps, write_stdout
from .common import EXIT_FAILED, EXIT_OK, game_arg


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "verify", help="replay a game log with the reference engine: every step legal? the claimed scores right?",
        description="Replays game logs (JSON Lines, docs/logs.md) with the reference engine: names the first "
                    "illegal step with its line, action and clause, and compares claimed scores with the "
                    "engine's per category. Exit 0 all legal and matching, 1 not, 2 a log that cannot be read.",
    )
    p.add_argument("--game", type=game_arg, required=True, help="the game the logs are of")
    p.add_argument("log", metavar="LOG", nargs="+",
                   help="game logs (JSON Lines, docs/logs.md) or folders of *.jsonl logs; - reads stdin")
    p.add_argument("--json", action="store_true",
                   help="print the verdict as JSON (with the full state before an illegal step)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    files = log_files(args.log)
    if files == args.log and len(files) == 1:  # one log file named: the report as it always was
        name = "<stdin>" if files[0] == "-" else files[0]
        report = verify_file(files[0], args.game)
        if args.json:
            write_stdout(dumps(report_json(report, name), indent=2) + "\n")
        else:
            write_stdout(report_text(report))
        return EXIT_OK if report.ok else EXIT_FAILED
    # Several logs (or a folder): every one is read before anything is printed, so that a log
    # that cannot be read stops the command with one error line, as for a single log.
    reports = [(name, verify_file(name, args.game)) for name in files]
    bad = [name for name, r in reports if not r.ok]
    if args.json:
        doc = {"logs": len(reports), "ok": len(reports) - len(bad),
               "reports": [report_json(r, name) for name, r in reports]}
        write_stdout(dumps(doc, indent=2) + "\n")
    else:
        out = []
        for name, r in reports:
            out.append(f"== {name}")
            out += ["  " + line for line in report_text(r).splitlines()]
        illegal = sum(1 for _, r in reports if not r.legal)
        out.append(f"{len(reports)} logs: {len(reports) - len(bad)} ok, {illegal} with an illegal step, "
                   f"{len(bad) - illegal} with claimed scores that differ")
        write_stdout("\n".join(out) + "\n")
    return EXIT_OK if not bad else EXIT_FAILED
