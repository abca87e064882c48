"""``referee report``: render a conformance report as HTML, or compare two reports."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..htmlreport import compare_reports, load_report, render_comparison, render_html
from ..output import check_outputs, dumps, plain, write_stdout
from ..conformance.report import render_text
from .common import EXIT_FAILED, EXIT_OK, UsageError, add_color_flag, show, write_output


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "report",
        help="render a conformance report as one HTML page, or compare two reports",
        usage="referee report REPORT.json [--html OUT.html] [--json]\n"
              "       referee report compare OLD.json NEW.json [--json]",
        description="Renders a JSON report of 'referee conform --report' as one self-contained HTML "
                    "page (no scripts, nothing loaded from elsewhere), prints its summary (text, or "
                    "--json), or compares two reports: what was fixed, what regressed (exit 1), new and "
                    "removed vectors.",
    )
    p.add_argument("files", nargs="+", metavar="REPORT.json",
                   help="the report to render; or 'compare' followed by the old and the new report")
    p.add_argument("--html", "-o", "--output", dest="html", metavar="OUT.html",
                   help="the HTML page to write ('-': stdout)")
    p.add_argument("--json", action="store_true",
                   help="print the report's verdict and counts (compare: the differences) as JSON on stdout")
    p.add_argument("-v", "--verbose", action="store_true", help="the text summary: also every clause's row")
    add_color_flag(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.files[0] == "compare":
        if len(args.files) != 3:
            raise UsageError("compare needs two reports: referee report compare OLD.json NEW.json [--json]")
        if args.html:
            raise UsageError("--html renders one report; compare prints text or --json")
        old, new = load_report(args.files[1]), load_report(args.files[2])
        if old["game"] != new["game"]:
            raise UsageError(f"{args.files[2]}: a report for game {new['game']!r}, "
                             f"but {args.files[1]} is for {old['game']!r}")
        diff = compare_reports(old, new, old_name=args.files[1], new_name=args.files[2])
        if args.json:
            write_stdout(dumps(diff, indent=2) + "\n")
        else:
            write_stdout(plain(render_comparison(diff)))  # names and messages from the reports: no escapes
        return EXIT_FAILED if diff["regressed"] else EXIT_OK
    if len(args.files) != 1:
        raise UsageError(f"one report at a time (got {len(args.files)}); to compare two: "
                         "referee report compare OLD.json NEW.json")
    if args.json and args.html == "-":
        raise UsageError("--json and --html - both print on stdout: give one")
    if args.html:
        check_outputs((("--html", args.html),), inputs=[args.files[0]])
    report = load_report(args.files[0])
    if args.html:
        write_output("--html", args.html, render_html(report, source=Path(args.files[0]).name))
    if args.json:
        keys = ("game", "suite_version", "verdict", "summary", "totals", "stopped")
        write_stdout(dumps({"report": args.files[0], **{k: report.get(k) for k in keys}}, indent=2) + "\n")
    elif not args.html:  # neither: the text summary, as conform printed it
        show(render_text(report, verbose=args.verbose), args)
    return EXIT_OK
