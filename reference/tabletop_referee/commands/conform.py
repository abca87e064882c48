"""Subcommands of ``referee`` that belong to the conformance runner.

``referee conform --game G [--adapter CMD] [--vectors PATH]...`` runs the vectors;
``referee conform smoke --game G [--adapter CMD]`` (or ``--smoke``) runs the wiring checks;
``referee conform-expect REPORT.json -o FILE`` turns a report's failures into an
expectations file. See docs/conformance.md.

Exit codes: 0 the verdict is a pass: at least one vector executed, every executed vector passed
(xfails allowed) and no vector inside the profiles the adapter claims was skipped unless the
expectations file lists it; 1 the verdict is a fail (a vector failed, errored, timed out,
crashed or xpassed; nothing was executed; a skip inside a claimed profile; an unknown claimed
profile) or a smoke check failed, 2 bad usage or input:
bad arguments, an unreadable or invalid vector/expectations/report file, no vector selected,
or an adapter that cannot complete the ``start`` handshake at the beginning of the run.
"""

from __future__ import annotations

import argparse
import shlex
import sys
from datetime import datetime, timezone
from typing import IO, Any

from ..conformance import expectations as expmod
from ..conformance.client import DEFAULT_TIMEOUT, AdapterStartError, become_subreaper, default_command, last_line
from ..conformance.http import open_adapter
from ..conformance.parallel import run_parallel
from ..conformance.expectations import from_results
from ..conformance.report import build_report, quiet_line, vector_set_digest, render_junit, render_markdown, render_text
from ..conformance.runner import COUNTED_FAILED, Result, Runner
from ..conformance.smoke import run_smoke
from ..games import load as load_game
from ..conformance.vectors import VectorFileError, check_vectors, default_vector_dir, load_vectors, select, vector_files
from ..htmlreport import load_report
from ..output import StdoutClosed, check_outputs, dumps, write_stdout
from ..style import Progress as StyleProgress
from .common import MAX_WORKERS, UsageError, add_color_flag, add_mode_help, bounded, game_arg, seconds, show, write_output

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Adds the conformance subcommands (conform, conform-expect) to the ``referee`` parser."""

    p = sub.add_parser(
        "conform",
        help="run the conformance vectors against an implementation's adapter",
        description="Runs test vectors through an adapter process (docs/protocol.md) and reports "
                    "per vector and per clause. 'referee conform smoke ...' runs quick wiring checks instead "
                    "('referee conform smoke --help').",
        add_help=False,
    )
    add_mode_help(p, "mode", {"smoke": (
        "Quick wiring checks of an adapter (docs/conformance.md): each command once with the simplest "
        "input (start, new_game, legal_actions, apply, scores, observe when announced, stop), saying "
        "precisely what is wrong with an answer. Run them before the vectors.",
        ("game", "adapter", "timeout", "json", "quiet", "color"))})
    p.add_argument("mode", nargs="?", choices=["smoke"], help="smoke: only the wiring checks")
    p.add_argument("--game", type=game_arg, required=True, help="the game id")
    p.add_argument("--adapter", metavar="CMD",
                   help="the adapter command, split like a shell would but run without one "
                        "(default: the reference engine, referee adapter --game GAME)")
    p.add_argument("--vectors", action="append", metavar="DIR_OR_FILE",
                   help="vector file or folder (repeatable; default: the suite's vectors/GAME)")
    p.add_argument("--clause", action="append", metavar="ID",
                   help="only vectors citing this clause or a clause below it (travel matches travel.*; repeatable)")
    p.add_argument("--tag", action="append", metavar="TAG", help="only vectors with this tag (repeatable)")
    p.add_argument("--id", action="append", metavar="GLOB", help="only vectors whose id matches (repeatable)")
    p.add_argument("--timeout", type=_seconds, default=DEFAULT_TIMEOUT, metavar="SECONDS",
                   help=f"per-request timeout (default {DEFAULT_TIMEOUT:g})")
    p.add_argument("-x", "--exitfirst", dest="fail_fast", action="store_true",
                   help="stop at the first vector that counts as failed")
    p.add_argument("--fail-fast", dest="fail_fast", action="store_true", help=argparse.SUPPRESS)  # old spelling
    p.add_argument("--last-failed", metavar="REPORT",
                   help="run only the vectors that failed (failed, errored, timeout, crashed, xpass) in the "
                        "conformance report REPORT of an earlier run (--report)")
    p.add_argument("--workers", type=bounded(MAX_WORKERS, "adapter processes"), default=1, metavar="N",
                   help="run the vectors over N adapter processes (default 1)")
    p.add_argument("--expect", metavar="FILE", help="expectations file: known failures (skip / xfail)")
    p.add_argument("--write-expect", metavar="FILE",
                   help="write an expectations file that marks this run's failures xfail")
    p.add_argument("--report", metavar="FILE", help="write the JSON report ('-': stdout, the text then goes to stderr)")
    p.add_argument("--junit", metavar="FILE", help="write JUnit XML (one testcase per vector)")
    p.add_argument("--markdown", metavar="FILE", help="write a Markdown summary")
    p.add_argument("--json", action="store_true",
                   help="print the JSON report on stdout (smoke: the checks as JSON); the text goes to stderr")
    p.add_argument("--smoke", action="store_true", help="same as the smoke mode")
    p.add_argument("-q", "--quiet", action="store_true", help="print only the one-line summary")
    p.add_argument("--verbose", "-v", action="store_true",
                   help="also print every clause's row and detail expected failures (xfail)")
    add_color_flag(p)
    p.set_defaults(func=cmd_conform)

    p = sub.add_parser("conform-expect", help="write an expectations file from a conformance report's failures",
                       description="Writes an expectations file (docs/conformance.md) that marks every vector "
                                   "failing in a conformance report (referee conform --report) as xfail; pass "
                                   "it to 'referee conform --expect' to track those known failures.")
    p.add_argument("report", metavar="REPORT.json", help="the JSON report of an earlier 'referee conform' run")
    p.add_argument("--output", "-o", default="-", help="file to write (default: stdout)")
    p.set_defaults(func=cmd_conform_expect)


_seconds = seconds


def _adapter_argv(args: argparse.Namespace) -> list[str]:

    if args.adapter is None:
        return default_command(args.game)
    try:
        argv = shlex.split(args.adapter)
    except ValueError as exc:
        raise UsageError(f"--adapter {args.adapter!r}: {exc}") from None
    if not argv:
        raise UsageError("--adapter: empty command")
    return argv








def _one_line(text: str) -> str:
    return " ".join(text.split())


def rerun_command(args: argparse.Namespace, vector_id: str) -> str:
    """The command line that runs one vector again with the same adapter, vectors and timeout."""

    parts = ["referee", "conform", "--game", args.game]
    if args.adapter is not None:
        parts += ["--adapter", args.adapter]
    for v in args.vectors or []:
        parts += ["--vectors", v]
    if args.timeout != DEFAULT_TIMEOUT:
        parts += ["--timeout", f"{args.timeout:g}"]
    parts += ["--id", vector_id]
    return shlex.join(parts)


class Progress:
    """The run's progress on stderr (tabletop_referee.style.Progress), on a terminal only."""

    def __init__(self, stream: IO[str] | None = None) -> None:
        self.stream = stream or sys.stderr
        self.bar: StyleProgress | None = None
        self.bad = 0

    def __call__(self, result: Result, done: int, total: int) -> None:
        if self.bar is None:
            self.bar = StyleProgress(total, "conform", unit="vectors", stream=self.stream)
        if result.status in COUNTED_FAILED:
            self.bad += 1
        self.bar.update(done, f"{self.bad} failing  {result.vector.id}")

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def cmd_conform(args: argparse.Namespace) -> int:
    if args.mode == "smoke" or args.smoke:
        return cmd_smoke(args)

    argv = _adapter_argv(args)
    if args.json and args.report == "-":
        raise UsageError("--json and --report - both print the JSON report on stdout: give one")
    sources = args.vectors or [str(default_vector_dir(args.game))]
    # Before any work: every output writable, none of them an input (the expectations file may
    # be rewritten by --write-expect on purpose).
    read_back = [args.last_failed] if args.last_failed else []  # never overwritten by the run that reads it
    check_outputs((("--report", args.report), ("--junit", args.junit), ("--markdown", args.markdown)),
                  inputs=[*sources, *([args.expect] if args.expect else []), *read_back])
    check_outputs((("--write-expect", args.write_expect),), inputs=[*sources, *read_back])
    try:
        vectors = load_vectors(sources, args.game, check=False)  # the chosen ones are checked below
        files = [str(f) for f in vector_files(sources)]
    except VectorFileError as exc:
        raise UsageError(str(exc)) from None
    expectations = None
    if args.expect:
        try:
            expectations = expmod.load(args.expect)
        except expmod.ExpectationsError as exc:
            raise UsageError(str(exc)) from None
        if expectations.game not in (None, args.game):
            raise UsageError(f"{args.expect}: $.game: expectations for {expectations.game!r}, not {args.game!r}")
    filters = {"clauses": args.clause or [], "tags": args.tag or [], "ids": args.id or []}
    chosen = select(vectors, clauses=filters["clauses"], tags=filters["tags"], ids=filters["ids"])
    if args.last_failed:
        earlier = load_report(args.last_failed)
        if earlier["game"] != args.game:
            raise UsageError(f"--last-failed {args.last_failed}: a report of {earlier['game']!r}, not "
                             f"{args.game!r}")
        failed = {r["id"] for r in earlier["results"] if r["status"] in COUNTED_FAILED}
        if not failed:
            print(f"nothing failed in {args.last_failed}: no vector to rerun")
            return 0
        chosen = [v for v in chosen if v.id in failed]
        filters["ids"] = sorted(failed)
    if not chosen:
        named = [f"--{k.rstrip('s')} {v}" for k, vs in (("clauses", filters["clauses"]), ("tags", filters["tags"]),
                                                        ("ids", filters["ids"])) for v in vs]
        given = " ".join(n if len(n) <= 80 else n[:80] + "…" for n in named[:5])  # a report read back may name thousands
        if len(named) > 5:
            given += f" and {len(named) - 5} more ({len(named)} in all)"
        raise UsageError(f"no vector matches {given} (of {len(vectors)} loaded)")
    try:  # a vector whose inputs the reference engine refuses is the file's fault, not the adapter's
        check_vectors(chosen, args.game)
    except VectorFileError as exc:
        raise UsageError(str(exc)) from None

    become_subreaper()  # an adapter's helpers that escape its process group are still ours to kill
    started_at = datetime.now(timezone.utc).isoformat(timespec="seconds").replace("+00:00", "Z")
    adapters = [open_adapter(argv, timeout=args.timeout, game=args.game) for _ in range(min(args.workers, len(chosen)))]
    adapter = adapters[0]
    try:
        try:
            hello = adapter.start()
            for other in adapters[1:]:
                other.start()
        except AdapterStartError as exc:
            said = last_line(exc.stderr_tail)
            extra = f" (stderr: {said})" if said and said not in exc.message else ""
            raise UsageError(_one_line(f"adapter {shlex.join(argv)} could not start: {exc.message}{extra}")) from None
        progress = Progress()
        try:
            if len(adapters) == 1:
                runner = Runner(adapter, args.game, expectations=expectations, fail_fast=args.fail_fast,
                                on_result=progress)
                run = runner.run(chosen)
            else:
                run = run_parallel(adapters, args.game, chosen, on_result=progress, expectations=expectations,
                                   fail_fast=args.fail_fast)
        finally:
            progress.close()
    finally:
        for a in adapters:
            a.stop()

    unused = [e.to_json() for e in expectations.unused([v.id for v in vectors])] if expectations else []
    game = load_game(args.game)
    report = build_report(
        run, game=args.game, command=argv, hello=hello, started_at=started_at,
        suite_versions=[v.suite_version for v in chosen if v.suite_version], files=files,
        filters=filters, loaded=len(vectors), expectations_file=args.expect,
        unused_expectations=unused, fail_fast=args.fail_fast, timeout=args.timeout,
        rerun={r.vector.id: rerun_command(args, r.vector.id) for r in run.results},
        profiles_of=lambda v: game.probes.vector_profiles(v.doc), known_profiles=game.probes.conformance_profiles(),
        suite_profiles=[game.probes.vector_profiles(v.doc) for v in vectors],
        vectors_sha256=vector_set_digest([v.doc for v in vectors]),
        vector_formats=[v.format for v in chosen],
    )
    # Files first, then the text: a closed stdout (`conform | true`) loses nothing but the text.
    if args.report:
        write_output("--report", args.report, dumps(report, indent=1) + "\n")
    if args.junit:
        write_output("--junit", args.junit, render_junit(report))
    if args.markdown:
        write_output("--markdown", args.markdown, render_markdown(report))
    if args.write_expect:
        doc = expmod.from_results(report["results"], args.game)
        if expectations:  # entries for vectors outside this run stay as they were
            ran = [r["id"] for r in report["results"]]
            doc["entries"] += [e.to_json() for e in expectations.unused(ran)]
        write_output("--write-expect", args.write_expect, dumps(doc, indent=2) + "\n")
    text = quiet_line(report) + "\n" if args.quiet else render_text(report, verbose=args.verbose)
    try:
        if args.json:
            write_stdout(dumps(report, indent=1) + "\n")
        show(text, args, stderr=args.json or args.report == "-")  # stdout carries JSON: the text goes aside
    except StdoutClosed as exc:
        written = [o for o, p in (("--report", args.report), ("--junit", args.junit), ("--markdown", args.markdown),
                                  ("--write-expect", args.write_expect)) if p not in (None, "-")]
        print(f"referee conform: stdout closed ({exc.reason}): the summary was not printed"
              + (f"; written: {', '.join(written)}" if written else "; give --report to keep the results"),
              file=sys.stderr)
    if run.stopped == "interrupted":
        return EXIT_INTERRUPTED
    return EXIT_OK if report["verdict"]["passed"] else EXIT_FAILED


def cmd_smoke(args: argparse.Namespace) -> int:

    argv = _adapter_argv(args)
    become_subreaper()
    adapter = open_adapter(argv, timeout=args.timeout, game=args.game)
    try:
        checks = run_smoke(adapter, args.game)
    finally:
        adapter.kill()
    lines = [f"referee conform smoke: game {args.game}, adapter: {shlex.join(argv)}"]
    width = max(len(c.name) for c in checks)
    label = {"passed": "ok", "failed": "FAIL", "skipped": "skip"}
    for c in checks:
        lines.append(f"  {label[c.status]:<4}  {c.name:<{width}}  {c.message}")
    counts = {s: sum(c.status == s for c in checks) for s in ("passed", "failed", "skipped")}
    if counts["failed"]:
        lines.append("")
        lines.append(f"{counts['failed']} check(s) failed: the adapter is mis-wired or incomplete; "
                     "fix this before running the vectors")
    summary = f"{counts['passed']} passed, {counts['failed']} failed, {counts['skipped']} skipped"
    lines.append(summary)
    if not counts["failed"]:  # wired right: the suite is next
        lines.append("next: " + shlex.join(["referee", "conform", "--game", args.game]
                                           + (["--adapter", args.adapter] if args.adapter is not None else [])))
    if args.json:
        doc = {"game": args.game, "adapter": argv, "passed": not counts["failed"], "counts": counts,
               "checks": [{"name": c.name, "status": c.status, "message": c.message} for c in checks]}
        write_stdout(dumps(doc, indent=1) + "\n")
    show(summary + "\n" if args.quiet else "\n".join(lines) + "\n", args, stderr=args.json)
    return EXIT_FAILED if counts["failed"] else EXIT_OK


def cmd_conform_expect(args: argparse.Namespace) -> int:

    check_outputs((("--output", args.output),), inputs=[args.report])
    doc: Any = load_report(args.report)
    out = from_results(doc["results"], doc.get("game"))
    write_output("--output", args.output, dumps(out, indent=2) + "\n")
    return EXIT_OK
