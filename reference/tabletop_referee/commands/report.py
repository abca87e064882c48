"""``referee report``: render a conformance report as HTML, or compare two reports."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..htmlreport import compare_reports, load_report, render_comparison, render_html
from ..output import check_outputs, dumps, write_stdout
from .common import EXIT_FAILED, EXIT_OK, UsageError, write_output


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "report",
        help="render a conformance report as one HTML page, or compare two reports",
        usage="referee report REPORT.json --html OUT.html\n"
              "       referee report compare OLD.json NEW.json [--json]",
        description="Renders a JSON report of 'referee conform --report' as one self-contained HTML "
                    "page (no scripts, nothing loaded from elsewhere), or compares two reports: "
                    "what was fixed, what regressed (exit 1), new and removed vectors.",
    )
    p.add_argument("files", nargs="+", metavar="REPORT.json",
                   help="the report to render; or 'compare' followed by the old and the new report")
    p.add_argument("--html", metavar="OUT.html", help="the HTML page to write ('-': stdout)")
    p.add_argument("--json", action="store_true", help="compare: print the differences as JSON")
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
            write_stdout(render_comparison(diff))
        return EXIT_FAILED if diff["regressed"] else EXIT_OK
    if len(args.files) != 1:
        raise UsageError(f"one report at a time (got {len(args.files)}); to compare two: "
                         "referee report compare OLD.json NEW.json")
    if args.json:
        raise UsageError("--json is for compare: referee report compare OLD.json NEW.json --json")
    if not args.html:
        raise UsageError("nothing to do: give --html OUT.html (or: referee report compare OLD.json NEW.json)")
    check_outputs((("--html", args.html),), inputs=[args.files[0]])
    report = load_report(args.files[0])
    page = render_html(report, source=Path(args.files[0]).name)
    write_output("--html", args.html, page)
    return EXIT_OK
