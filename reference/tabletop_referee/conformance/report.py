"""The run report (schemas/conformance/report.schema.json) and its renderings.

The JSON report is the primary output; the text summary, JUnit XML and Markdown are all
rendered from the same report document, so they can never disagree.
"""

from __future__ import annotations

import json
import os
import re
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Mapping
from typing import Any

from ..documents import canonical_text, list_digest
from .. import __version__
from ..output import fence, plain
from ..links import failure_notes, unclaimed
from ..paths import display_path
from .client import PROTOCOL
from .compare import short
from . import readings
from ..games import load
from .profiles import family, judge, verdict_lines
from .runner import COUNTED_FAILED, STATUSES, Result, Run
from .strengthreport import catches_for

FORMAT = 1


def result_to_json(r: Result, rerun: str | None, profiles: tuple[str, ...] = ("base",)) -> dict[str, Any]:
    v = r.vector
    doc: dict[str, Any] = {
        "id": v.id,
        "kind": v.kind,
        "description": v.description,
        "clauses": v.clauses,
        "tags": v.tags,
        "profiles": list(profiles),
        "file": display_path(v.file),
        "index": v.index,
        "status": r.status,
        "seconds": round(r.seconds, 4),
        "message": r.message,
    }
    if "source" in v.doc:
        doc["source"] = v.doc["source"]
    doc["sha256"] = list_digest([canonical_text(v.doc)])
    if r.underlying:
        doc["underlying"] = r.underlying
    if r.expectation:
        doc["expectation"] = r.expectation.to_json()
    if r.diff:
        doc["diff"] = r.diff
    if r.transcript is not None:
        doc["transcript"] = r.transcript
        doc["transcript_omitted"] = r.transcript_omitted
    if r.exit_code is not None:
        doc["exit_code"] = r.exit_code
    if r.excused:
        doc["excused"] = r.excused
    if "reading_of" in v.doc:
        doc["reading_of"] = v.doc["reading_of"]
    if r.readings:
        doc["readings"] = r.readings
    if r.counted_by:
        doc["counted_by"] = r.counted_by
    if r.stderr_tail:
        doc["stderr_tail"] = r.stderr_tail
    if rerun and r.status not in ("passed", "skipped"):
        doc["rerun"] = rerun
    return doc


def clause_rollup(results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per cited clause: passed of executed (skips apart), failing ids and expected failures."""
    rows: dict[str, dict[str, Any]] = {}
    for r in results:
        for c in r["clauses"]:
            row = rows.setdefault(c, {"clause": c, "passed": 0, "total": 0, "skipped": 0,
                                      "failed": [], "xfail": []})
            if r["status"] == "skipped":
                row["skipped"] += 1
                continue
            row["total"] += 1
            if r["status"] == "passed":
                row["passed"] += 1
            elif r["status"] == "xfail":
                row["xfail"].append(r["id"])
            else:
                row["failed"].append(r["id"])
    return [rows[c] for c in sorted(rows)]


CAUGHT_SHOWN = 3
"""How many of a failing vector's known catches the text and Markdown reports name."""


def add_catches(results: list[dict[str, Any]], game: str) -> None:
    """Each result that did not pass gets ``catches``: the mutants of the reference engine its
    scenario is known to kill (``spec/<game>/strength.json``, issue 26), i.e. the kinds of bug
    the failure may mean. Nothing is added when the game has no committed strength run."""
    failing = [r for r in results if r["status"] in COUNTED_FAILED or r["status"] == "xfail"]
    if not failing:
        return
    known = catches_for(game)
    for r in failing:
        found = known.get(family(r))
        if found:
            r["catches"] = found


def catches_line(result: Mapping[str, Any]) -> str | None:
    """One line naming what a failing vector is known to catch, or None."""
    found = result.get("catches") or []
    if not found:
        return None
    shown = "; ".join(f"{c['description']} ({c['clause']})" for c in found[:CAUGHT_SHOWN])
    more = f"; and {len(found) - CAUGHT_SHOWN} more" if len(found) > CAUGHT_SHOWN else ""
    return f"known to catch (suite strength: mutants of the reference it kills): {shown}{more}"


def summary_counts(totals: dict[str, int]) -> dict[str, int]:
    return {
        "passed": totals["passed"],
        "failed": sum(totals[s] for s in COUNTED_FAILED),
        "skipped": totals["skipped"],
    }


def build_report(run: Run, *, game: str, command: list[str], hello: dict[str, Any],
                 started_at: str, suite_versions: list[str], files: list[str],
                 filters: dict[str, list[str]], loaded: int, expectations_file: str | None,
                 unused_expectations: list[dict[str, Any]], fail_fast: bool, timeout: float,
                 rerun: dict[str, str], profiles_of: Any = None, known_profiles: dict[str, str] | None = None,
                 suite_profiles: list[tuple[str, ...]] | None = None,
                 vectors_sha256: str | None = None, vector_formats: list[int] | None = None) -> dict[str, Any]:
    """The report document. ``profiles_of(vector)`` gives a vector's profiles (``("base",)``
    without it); the claimed profiles come from ``hello["profiles"]`` (conformance/profiles.py).
    ``vectors_sha256`` (:func:`vector_set_digest`) names the vector set loaded, so two reports
    say whether they ran the same suite."""
    profiles_of = profiles_of or (lambda v: ("base",))
    results = [result_to_json(r, rerun.get(r.vector.id), tuple(profiles_of(r.vector))) for r in run.results]
    add_catches(results, game)
    known = known_profiles or {"base": "the whole suite"}
    claimed = hello.get("profiles") if isinstance(hello.get("profiles"), list) else None
    if claimed is not None:
        claimed = list(dict.fromkeys(p for p in claimed if isinstance(p, str)))
    judged = judge(results, claimed=claimed, known=known,
                   suite_profiles=suite_profiles if suite_profiles is not None else [tuple(r["profiles"]) for r in results],
                   stopped=run.stopped)
    totals = {s: 0 for s in STATUSES}
    totals.update(Counter(r["status"] for r in results))
    versions = sorted(set(suite_versions))
    if run.faults:  # a protocol fault between vectors fails the run, though no vector owns it
        judged["verdict"]["reasons"].insert(0, f"{len(run.faults)} protocol fault(s) between vectors "
                                               f"(first: {run.faults[0]})")
        judged["verdict"]["passed"] = False
    settle_verdict(judged["verdict"], run, filters=filters, loaded=loaded)
    report = {
        "format": FORMAT,
        "runner": {"name": "tabletop-referee", "version": __version__},
        "game": game,
        "suite_version": ", ".join(versions) if versions else None,
        "protocol": PROTOCOL,
        "started_at": started_at,
        "seconds": round(run.seconds, 3),
        "adapter": {
            "command": [display_path(a) if os.path.isabs(a) else a for a in command],
            "implementation": hello.get("implementation") if isinstance(hello.get("implementation"), dict) else {},
            "capabilities": [c for c in hello.get("capabilities", []) if isinstance(c, str)]
            if isinstance(hello.get("capabilities"), list) else [],
            "restarts": run.restarts,
            "timeout": timeout,
        },
        "selection": {"files": [display_path(f) for f in files], "clauses": filters.get("clauses", []), "tags": filters.get("tags", []),
                      "ids": filters.get("ids", []), "loaded": loaded,
                      "selected": len(run.results) + len(run.not_run)},
        "expectations": {"file": display_path(expectations_file) if expectations_file else None, "unused": unused_expectations},
        "fail_fast": fail_fast,
        "stopped": run.stopped,
        "not_run": [v.id for v in run.not_run],
        "totals": totals,
        "summary": summary_counts(totals),
        "clauses": clause_rollup(results),
        "results": results,
        **judged,
    }
    followed = readings.followed(load(game), hello, game)
    report["readings"] = {"followed": followed, "text": readings.readings_text(game, hello)}
    report["versions"] = {
        "suite": report["suite_version"],
        "vector_formats": sorted(set(vector_formats or [])),
        "protocol": hello.get("protocol") if isinstance(hello.get("protocol"), int) else PROTOCOL,
        "vocabulary": readings.vocabulary_level(hello, game),
    }
    if run.faults:
        report["adapter"]["faults"] = list(run.faults)
    if vectors_sha256 is not None:
        report["selection"]["vectors_sha256"] = vectors_sha256
    return report


def agreed_protocol(report: Mapping[str, Any]) -> Any:
    """The protocol version the run spoke (``versions.protocol``: the adapter's choice at
    ``start``); a report from before ``versions`` has only ``protocol``."""
    versions = report.get("versions")
    return versions["protocol"] if isinstance(versions, dict) and "protocol" in versions else report["protocol"]


STOPPED_WORDS = {"interrupted": "interrupted (Ctrl-C or a signal)", "circuit-breaker": "stopped by the circuit breaker",
                 "fail-fast": "stopped at the first failure (--fail-fast)"}


def settle_verdict(verdict: dict[str, Any], run: Run, *, filters: dict[str, list[str]], loaded: int) -> None:
    """Sets ``verdict["state"]`` (docs/conformance.md, "The verdict"): ``incomplete`` when the
    run stopped before its last vector (never a pass), ``partial`` when a filter chose some of
    the loaded vectors (not a conformance verdict, though ``passed`` tells whether every selected
    vector passed), else ``pass`` or ``fail``."""
    selected = len(run.results) + len(run.not_run)
    if run.stopped and run.not_run:
        verdict["passed"] = False
        verdict["reasons"].insert(0, f"the run was {STOPPED_WORDS.get(run.stopped, run.stopped)}: "
                                     f"{len(run.not_run)} of {selected} selected vectors not run")
        verdict["state"] = "incomplete"
        return
    if any(filters.get(k) for k in ("clauses", "tags", "ids")) or selected < loaded:
        verdict["state"] = "partial"
        verdict["selected"], verdict["loaded"] = selected, loaded
        return
    verdict["state"] = "pass" if verdict["passed"] else "fail"


def verdict_word(verdict: Mapping[str, Any]) -> str:
    """The verdict in words: ``PASS``, ``FAIL: reasons``, ``INCOMPLETE: reasons`` or the partial-run line."""
    state = verdict.get("state") or ("pass" if verdict["passed"] else "fail")
    reasons = "; ".join(verdict.get("reasons", []))
    if state == "partial":
        tail = "every selected vector passed" if verdict["passed"] else f"not every selected vector passed: {reasons}"
        return (f"partial run: {verdict.get('selected')} of {verdict.get('loaded')} vectors, "
                f"not a conformance verdict ({tail})")
    if state == "incomplete":
        return "INCOMPLETE: " + reasons
    return "PASS" if state == "pass" else "FAIL: " + reasons


def vector_set_digest(docs: list[dict[str, Any]]) -> str:
    """SHA-256 of the loaded vector set: the canonical JSON texts of the vectors, sorted by
    id, as one JSON array (docs/conformance.md). The same files give the same digest on every
    machine, whatever their order or formatting; any change to a vector changes it."""
    ordered = sorted(docs, key=lambda d: str(d.get("id", "")))
    return list_digest([canonical_text(d) for d in ordered])


# -- text -------------------------------------------------------------------------------------


def closing_line(report: dict[str, Any]) -> str:
    s = report["summary"]
    return f"{s['passed']} passed, {s['failed']} failed, {s['skipped']} skipped"


def breakdown_line(report: dict[str, Any]) -> str:
    t = report["totals"]
    return (f"breakdown: {t['failed']} failed, {t['errored']} errored, {t['timeout']} timeout, "
            f"{t['crashed']} crashed, {t['xpass']} xpass (all counted as failed); "
            f"{t['xfail']} xfail (expected failures, counted apart)")


def _indent(text: str, prefix: str = "    ") -> str:
    return "\n".join(prefix + line for line in text.splitlines())


def quiet_line(report: dict[str, Any]) -> str:
    """``conform -q``: the closing counts and the verdict, on one line."""
    verdict = report.get("verdict")
    if verdict is None:
        return closing_line(report)
    return closing_line(report) + ": " + verdict_word(verdict)


def render_text(report: dict[str, Any], *, verbose: bool = False) -> str:
    impl = report["adapter"]["implementation"]
    name = f"{impl.get('name', '?')} {impl.get('version', '?')}"
    if impl.get("language"):
        name += f" ({impl['language']})"
    sel = report["selection"]
    out = [
        f"referee conform: game {report['game']}, suite {report['suite_version'] or 'unknown'}, "
        f"{sel['selected']} of {sel['loaded']} vectors from {len(sel['files'])} file(s)",
        f"adapter: {name}, protocol {agreed_protocol(report)}, capabilities: "
        f"{', '.join(report['adapter']['capabilities']) or 'none'}",
    ]
    if report["adapter"]["restarts"]:
        out.append(f"the adapter was restarted {report['adapter']['restarts']} time(s) after failures")
    for fault in report["adapter"].get("faults", []):
        out.append(f"FAULT (the adapter, between vectors): {fault}")
    # Every clause's row with -v; otherwise only the rows of clauses with a vector not passing,
    # first thing after the header (a green run prints no row at all).
    rows = [r for r in report["clauses"] if verbose or r["failed"]]
    rows.sort(key=lambda r: not r["failed"])  # failing clauses first (a stable sort keeps the order)
    if rows:
        width = max(len("clause"), *(len(r["clause"]) for r in rows))
        out += ["", f"{'clause':<{width}}  passed/total  skipped  not passing"]
        for r in rows:
            bad = r["failed"] + [f"{x} (xfail)" for x in r["xfail"]]
            out.append(f"{r['clause']:<{width}}  {r['passed']:>6}/{r['total']:<5}  {r['skipped']:>7}  {', '.join(bad)}".rstrip())
    bad = [r for r in report["results"] if r["status"] in COUNTED_FAILED or (verbose and r["status"] == "xfail")]
    bad.sort(key=lambda r: bool(unclaimed(report, r)))  # failures of unclaimed profiles last, apart
    for r in bad:
        label = r["status"].upper()
        if r.get("underlying"):
            label += f" ({r['underlying']})"
        out += ["", f"{label} {r['id']} [{', '.join(r['clauses'])}] {r['description']}"]
        out.append(f"  {r['message']}")
        out += failure_notes(report, r)  # the clause's title, text and docs link (issue 28)
        caught = catches_line(r)
        if caught:
            out.append(f"  {caught}")
        diff = r.get("diff")
        if diff and (not diff["pointer"] or diff["pointer"] not in r["message"]):
            line = f"  at {diff['pointer'] or '(root)'}:"
            if "expected" in diff:
                line += f" expected {short(diff['expected'], 200)}"
            if "actual" in diff:
                line += f"{',' if 'expected' in diff else ''} got {short(diff['actual'], 200)}"
            if "expected" not in diff and "actual" not in diff:
                line += f" {diff['message']}"
            out.append(line)
        out.append(f"  vector: {r['file']} $.vectors[{r['index']}]" + (f" ({r['source']})" if r.get("source") else ""))
        if r.get("stderr_tail") and r["status"] in ("crashed", "timeout", "errored"):
            tail = [ln for ln in r["stderr_tail"].splitlines() if ln.strip()][-5:]
            if tail:
                out.append("  adapter stderr (last lines):")
                out.append(_indent("\n".join(short_line(ln) for ln in tail)))
        if r.get("rerun"):
            out.append(f"  rerun: {r['rerun']}")
    skipped = Counter(r["message"] for r in report["results"] if r["status"] == "skipped")
    if skipped:
        out += ["", "skipped:"]
        out += [f"  {n} x {reason}" for reason, n in skipped.most_common()]
    unused = report["expectations"]["unused"]
    if unused:
        out += ["", "expectations that match no vector (stale?): " + ", ".join(e["id"] for e in unused)]
    if report["stopped"] == "fail-fast":
        out += ["", f"stopped at the first failure (-x/--exitfirst); {len(report['not_run'])} vector(s) not run"]
    elif report["stopped"] == "interrupted":
        out += ["", f"interrupted; {len(report['not_run'])} vector(s) not run"]
    elif report["stopped"] == "circuit-breaker":
        out += ["", "stopped by the circuit breaker: the adapter timed out or crashed on too many vectors in a "
                f"row; {len(report['not_run'])} vector(s) not run"]
    out += ["", *verdict_lines(report)]
    if report.get("readings"):
        out.append(f"readings: the verdict holds under {report['readings']['text']}")
    counted = sum(1 for r in report["results"] if r.get("counted_by") == "adapter")
    if counted:  # say how a perft pass was reached: the adapter's own count, not a walk
        passed = sum(1 for r in report["results"] if r["kind"] == "perft" and r["status"] == "passed")
        out.append(f"perft: {counted} of the {passed} perft vectors passed on the adapter's own count "
                   "(capability perft); the others were walked through legal_actions and apply"
                   if counted < passed else
                   f"perft: all {passed} perft vectors passed on the adapter's own count (capability perft)")
    if report.get("versions"):
        v = report["versions"]
        out.append(f"versions: suite {v['suite'] or '?'}, vector format {', '.join(map(str, v['vector_formats'])) or '?'}, "
                   f"protocol {v['protocol']}, event vocabulary level {v['vocabulary']}")
    verdict = report.get("verdict")
    if verdict is not None:
        out.append("verdict: " + verdict_word(verdict))
    out += ["", breakdown_line(report), closing_line(report)]
    return plain("\n".join(out)) + "\n"  # adapter output never reaches the terminal raw


def short_line(line: str, limit: int = 300) -> str:
    return line if len(line) <= limit else line[: limit - 1] + "…"


# -- JUnit ------------------------------------------------------------------------------------


def _verdict_state(report: Mapping[str, Any]) -> str:
    verdict = report.get("verdict") or {}
    return str(verdict.get("state") or ("pass" if verdict.get("passed") else "fail"))


def render_junit(report: dict[str, Any]) -> str:
    t = report["totals"]
    results = report["results"]
    claimed_skips = {i for v in (report.get("profiles") or {}).get("verdicts", []) for i in v["skipped"]}
    suite = ET.Element("testsuite", {
        "name": f"referee conform {report['game']}",
        "tests": str(len(results)),
        "failures": str(t["failed"] + t["xpass"] + len(claimed_skips)),
        "errors": str(t["errored"] + t["timeout"] + t["crashed"]),
        "skipped": str(t["skipped"] - len(claimed_skips) + t["xfail"]),
        "time": f"{report['seconds']:.3f}",
        "timestamp": report["started_at"].removesuffix("Z"),
    })
    props = ET.SubElement(suite, "properties")
    impl = report["adapter"]["implementation"]
    for key, value in (("implementation", f"{impl.get('name', '?')} {impl.get('version', '?')}"),
                       ("suite_version", report["suite_version"] or ""),
                       ("protocol", str(report["protocol"])),
                       ("runner_version", report["runner"]["version"]),
                       ("verdict", _verdict_state(report)),
                       *((("vector_formats", ", ".join(map(str, report["versions"]["vector_formats"]))),
                          ("vocabulary", str(report["versions"]["vocabulary"])),
                          ("readings", report["readings"]["text"])) if report.get("versions") and report.get("readings")
                         else ())):
        ET.SubElement(props, "property", {"name": key, "value": value})
    if _verdict_state(report) == "incomplete":  # a CI reading only failures must not see green
        case = ET.SubElement(suite, "testcase", {"classname": "verdict", "name": "run-complete", "time": "0"})
        ET.SubElement(case, "failure", {"message": _xml_safe(verdict_word(report["verdict"])), "type": "incomplete"})
        suite.attrib["tests"] = str(len(results) + 1)
        suite.attrib["failures"] = str(int(suite.attrib["failures"]) + 1)
    for r in results:
        case = ET.SubElement(suite, "testcase", {
            "classname": r["clauses"][0], "name": r["id"], "time": f"{r['seconds']:.4f}",
            "file": r["file"],
        })
        status = r["status"]
        detail = _junit_detail(r)
        if status in ("failed", "xpass"):
            node = ET.SubElement(case, "failure", {"message": _xml_safe(r["message"]), "type": status})
            node.text = _xml_safe(detail)
        elif status in ("errored", "timeout", "crashed"):
            node = ET.SubElement(case, "error", {"message": _xml_safe(r["message"]), "type": status})
            node.text = _xml_safe(detail)
        elif status == "skipped" and r["id"] in claimed_skips:
            node = ET.SubElement(case, "failure", {"message": _xml_safe(
                f"skipped inside a claimed profile: {r['message']}"), "type": "skipped-in-claimed-profile"})
            node.text = _xml_safe(detail)
        elif status == "skipped":
            ET.SubElement(case, "skipped", {"message": _xml_safe(r["message"])})
        elif status == "xfail":
            ET.SubElement(case, "skipped", {"message": _xml_safe(f"xfail ({r.get('underlying')}): {r['message']}")})
        if r.get("stderr_tail") and status in ("errored", "timeout", "crashed"):
            ET.SubElement(case, "system-err").text = _xml_safe(r["stderr_tail"])
    root = ET.Element("testsuites", {"name": "referee conform", "tests": suite.attrib["tests"],
                                     "failures": suite.attrib["failures"], "errors": suite.attrib["errors"],
                                     "skipped": suite.attrib["skipped"], "time": suite.attrib["time"]})
    root.append(suite)
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def _junit_detail(r: dict[str, Any]) -> str:
    lines = [r["message"]]
    if r.get("diff"):
        lines.append("diff: " + json.dumps(r["diff"], ensure_ascii=False)[:4000])
    lines.append(f"vector: {r['file']} $.vectors[{r['index']}]")
    if r.get("rerun"):
        lines.append(f"rerun: {r['rerun']}")
    return "\n".join(lines)


def _xml_safe(text: str) -> str:
    """Drops the characters XML 1.0 cannot carry (an adapter's stderr may hold anything)."""
    return "".join(
        ch for ch in text
        if ch in "\t\n\r" or 0x20 <= ord(ch) <= 0xD7FF or 0xE000 <= ord(ch) <= 0xFFFD or 0x10000 <= ord(ch) <= 0x10FFFF
    )


# -- Markdown ---------------------------------------------------------------------------------


def _md(text: str) -> str:
    """Untrusted text in Markdown prose or a table cell: no control characters, no raw HTML,
    no table breaks (the page is shown as a CI job summary)."""
    text = plain(str(text)).replace("\n", " ")
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("|", "\\|"))


def _code(text: str) -> str:
    """Untrusted text as inline code: the backtick fence is longer than any run inside."""
    text = plain(str(text)).replace("\n", " ").replace("|", "\\|")
    longest = max((len(m) for m in re.findall(r"`+", text)), default=0)
    bar = "`" * (longest + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{bar}{pad}{text}{pad}{bar}"


def render_markdown(report: dict[str, Any]) -> str:
    impl = report["adapter"]["implementation"]
    out = [
        f"# Conformance: {_md(report['game'])} — {_md(impl.get('name', '?'))} {_md(impl.get('version', '?'))}",
        "",
        f"**{closing_line(report)}** ({report['totals']['xfail']} xfail). "
        f"Suite {_md(report['suite_version'] or 'unknown')}, protocol {agreed_protocol(report)}, "
        f"runner {report['runner']['version']}, started {report['started_at']}, {report['seconds']} s."
        + (f" Vector format {', '.join(map(str, report['versions']['vector_formats']))}, event vocabulary level "
           f"{report['versions']['vocabulary']}; the verdict holds under {_md(report['readings']['text'])}."
           if report.get("versions") and report.get("readings") else ""),
        "",
        "| status | count |",
        "|---|---:|",
    ]
    out += [f"| {s} | {n} |" for s, n in report["totals"].items()]
    if report.get("verdict") is not None:
        v = report["verdict"]
        head, _, rest = verdict_word(v).partition(": ")
        out += ["", f"**Verdict: {_md(head)}**" + (f": {_md(rest)}" if rest else "")]
    verdicts = (report.get("profiles") or {}).get("verdicts") or []
    if verdicts:
        out += ["", "## Profiles", "", "| profile | verdict | passed/vectors | why not |", "|---|---|---:|---|"]
        out += [f"| `{v['profile']}` | {'conformant' if v['conformant'] else 'not conformant'} | "
                f"{v['passed']}/{v['vectors']} | {_md(v['why'])} |" for v in verdicts]
    out += ["", "## Clauses", "", "| clause | passed/total | skipped | not passing |", "|---|---:|---:|---|"]
    for r in report["clauses"]:
        bad = [_code(x) for x in r["failed"]] + [f"{_code(x)} (xfail)" for x in r["xfail"]]
        out.append(f"| {_code(r['clause'])} | {r['passed']}/{r['total']} | {r['skipped']} | {', '.join(bad)} |")
    failing = [r for r in report["results"] if r["status"] in COUNTED_FAILED]
    if failing:
        out += ["", "## Failures", ""]
        for r in failing:
            out.append(f"### {_code(r['id'])} — {r['status']}")
            out += ["", f"{_md(r['description'])} ({', '.join(_code(c) for c in r['clauses'])})", ""]
            body = r["message"] + ("\n" + json.dumps(r["diff"], ensure_ascii=False)[:2000] if r.get("diff") else "")
            out.append(fence(body, "text"))
            caught = catches_line(r)
            if caught:
                out += ["", _md(caught[0].upper() + caught[1:]) + "."]
            if r.get("rerun"):
                out += ["", f"Rerun: {_code(r['rerun'])}"]
            out.append("")
    skipped = Counter(r["message"] for r in report["results"] if r["status"] == "skipped")
    if skipped:
        out += ["", "## Skipped", "", "| reason | vectors |", "|---|---:|"]
        out += [f"| {_md(reason)} | {n} |" for reason, n in skipped.most_common()]
    return "\n".join(out).rstrip() + "\n"
