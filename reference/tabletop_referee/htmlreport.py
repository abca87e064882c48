"""Conformance reports for people, and the documentation site's generated pages.

``referee report REPORT.json --html OUT.html`` renders a ``referee conform --report`` JSON
document (schemas/conformance/report.schema.json) as one self-contained HTML page from a
Jinja2 template (``templates/report/report.html.j2``): the verdict, then the failures (each
with its clauses' titles, rule text and docs links), the profiles, the summary, and the clause
table collapsed last. Inline CSS, no script, nothing loaded from elsewhere (a
Content-Security-Policy says so to the browser too). Every text from the report is
autoescaped; an adapter's stderr may hold anything.

``referee report compare OLD.json NEW.json [--json]`` tells what changed between two runs:
fixed (failing -> passing), regressed (passing -> failing), new and removed vectors, other
status changes. Exit 1 when something regressed, 0 otherwise, 2 on bad input.

"""

from __future__ import annotations

import json
import re
import shlex
import sys
from collections import Counter
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from jinja2 import Environment

from markupsafe import Markup

from .errors import UsageError
from .links import STDOUT_NOISE, clause_info, clause_page, scenario_page, unclaimed
from .documents import read_json
from .schemas import validation_errors

# Status order on the page: passing, the failing ones (as counted in the closing line), then
# the ones counted apart.
ORDER = ("passed", "failed", "errored", "timeout", "crashed", "xpass", "xfail", "skipped")
FAILING = ("failed", "errored", "timeout", "crashed", "xpass")
PASSING_OUTCOME = ("passed", "xpass")
"""Compare: the implementation did what the vector expects (an xpass is a fixed known bug)."""
FAILING_OUTCOME = ("failed", "errored", "timeout", "crashed", "xfail")
"""Compare: the implementation did not (an xfail is still a failure, only an expected one)."""
NOT_RUN = "not-run"

TRANSCRIPT_BUDGET = 2_000_000
"""Characters of transcripts the page holds at most; the JSON report keeps them all."""
VALUE_LIMIT = 20_000


# -- reading reports --------------------------------------------------------------------------


def load_report(path: str) -> dict[str, Any]:
    """Reads and validates a conformance report; raises UsageError with one line otherwise."""
    doc = read_json(path, what="a JSON report")
    errors = validation_errors("conformance", "report", doc)
    if errors:
        raise UsageError(f"{path}: not a conformance report: {' '.join(errors[0].split())}")
    ids = Counter(r["id"] for r in doc["results"])
    twice = sorted(i for i, n in ids.items() if n > 1)
    if twice:
        raise UsageError(f"{path}: not a conformance report: vector {twice[0]} has two results")
    report: dict[str, Any] = doc  # schema-valid: a JSON object
    return report


# -- HTML -------------------------------------------------------------------------------------

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")




def _clean(text: object) -> str:
    """Text HTML can carry: control characters shown as escapes, lone surrogates replaced."""
    def visible(m: re.Match[str]) -> str:
        ch = m.group(0)
        return "\ufffd" if 0xD800 <= ord(ch) <= 0xDFFF or ord(ch) >= 0xFFFE else f"\\x{ord(ch):02x}"

    return _CONTROL.sub(visible, str(text))


def h(text: object) -> str:
    """Escaped text for an HTML element or attribute."""
    return escape(_clean(text), quote=True)


def _json_text(value: Any, *, indent: int | None = 2, limit: int = VALUE_LIMIT) -> str:
    text = json.dumps(value, indent=indent, ensure_ascii=False, sort_keys=True)
    if len(text) > limit:
        text = text[:limit] + f"\n… ({len(text) - limit:,} more characters in the JSON report)"
    return text


def _link(url: object, text: object | None = None) -> str:
    """A link for http(s) URLs only (anything else is shown as text): nothing is loaded."""
    url = str(url)
    if re.match(r"https?://", url, re.I):
        return f'<a href="{h(url)}" rel="noreferrer noopener">{h(text if text is not None else url)}</a>'
    return h(text if text is not None else url)


def _anchor(vector_id: str) -> str:
    return "result-" + re.sub(r"[^A-Za-z0-9_.:-]", "_", vector_id)


CSS = """
:root { --fg: #1f2328; --muted: #59636e; --line: #d1d9e0; --bg: #ffffff; --code: #f6f8fa; }
* { box-sizing: border-box; }
body { font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fg);
       background: var(--bg); margin: 0 auto; padding: 1.5rem; max-width: 80rem; }
h1 { font-size: 1.6rem; margin: 0 0 .5rem; } h2 { font-size: 1.25rem; margin-top: 2rem;
     border-bottom: 1px solid var(--line); padding-bottom: .25rem; } h3 { font-size: 1.05rem; margin: 0 0 .5rem; }
code, pre { font: 13px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
pre { background: var(--code); padding: .5rem .75rem; border-radius: 6px; overflow-x: auto;
      white-space: pre-wrap; word-break: break-word; margin: .25rem 0; }
table { border-collapse: collapse; margin: .5rem 0; }
th, td { border: 1px solid var(--line); padding: .2rem .6rem; text-align: left; vertical-align: top; }
th { background: var(--code); } td.n { text-align: right; font-variant-numeric: tabular-nums; }
td.zero { color: #b0b7be; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .15rem 1rem; margin: .5rem 0; }
dl.facts dt { color: var(--muted); } dl.facts dd { margin: 0; word-break: break-word; }
.verdict { font-size: 1.2rem; font-weight: 600; padding: .5rem .75rem; border-radius: 6px; display: inline-block; }
.verdict.ok { background: #dafbe1; color: #116329; } .verdict.bad { background: #ffebe9; color: #a40e26; }
.badge { display: inline-block; padding: 0 .45rem; border-radius: 1rem; font-size: .8rem; font-weight: 600;
         border: 1px solid currentColor; }
.result { border: 1px solid var(--line); border-left-width: 6px; border-radius: 6px; padding: .75rem 1rem;
          margin: 1rem 0; }
.muted { color: var(--muted); }
details summary { cursor: pointer; color: var(--muted); }
tr.bad td:first-child { font-weight: 600; } #clause-matrix td:first-child { white-space: nowrap; }
.st-passed { color: #116329; background: #dafbe1; } .st-failed, .st-xpass { color: #a40e26; background: #ffebe9; }
.st-errored { color: #953800; background: #fff1e5; } .st-timeout { color: #7d4e00; background: #fff8c5; }
.st-crashed { color: #6639ba; background: #fbefff; } .st-xfail { color: #0550ae; background: #ddf4ff; }
.st-skipped { color: #59636e; background: #eaeef2; }
.result.st-failed, .result.st-xpass { border-left-color: #cf222e; } .result.st-errored { border-left-color: #bc4c00; }
.result.st-timeout { border-left-color: #bf8700; } .result.st-crashed { border-left-color: #8250df; }
.result.st-xfail { border-left-color: #0969da; }
.result { color: var(--fg); background: var(--bg); }
@media print { details { display: block; } .result { break-inside: avoid; } }
"""

CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'none'; form-action 'none'; base-uri 'none'"


def _impl_name(report: dict[str, Any]) -> str:
    impl = report["adapter"]["implementation"]
    return f"{impl.get('name', '?')} {impl.get('version', '?')}"


def clause_matrix(report: dict[str, Any]) -> list[tuple[str, Counter[str]]]:
    """Per clause cited by an executed vector: a count per status, clauses sorted by id."""
    rows: dict[str, Counter[str]] = {}
    for r in report["results"]:
        for c in r["clauses"]:
            rows.setdefault(c, Counter())[r["status"]] += 1
    return [(c, rows[c]) for c in sorted(rows)]


VERDICT_WORDS = {
    "pass": ("pass", ""),
    "fail": ("fail", ""),
    "incomplete": ("incomplete", "Not every vector of a claimed profile ran: not a pass."),
    "partial": ("partial run", "A filtered selection of the suite: not a conformance verdict."),
}
"""The words a verdict's ``state`` is shown with (the state is decided by conformance/profiles.py)."""


def verdict_view(verdict: Any, summary: dict[str, Any]) -> dict[str, Any] | None:
    """The verdict as the page shows it: its ``state`` when the report has one (pass, fail,
    incomplete, partial), else passed true/false; with its reasons."""
    if not isinstance(verdict, dict):
        return None
    state = verdict.get("state")
    if state not in VERDICT_WORDS:
        state = "pass" if verdict.get("passed") else "fail"
    word, explain = VERDICT_WORDS[state]
    return {"state": state, "word": word, "explain": explain, "ok": state == "pass",
            "reasons": list(verdict.get("reasons") or [])}


def _environment() -> "Environment":
    from jinja2 import Environment, PackageLoader, select_autoescape  # lazy: only a page being rendered needs it
    def finalize(value: Any) -> Any:  # every value shown: control characters made visible
        return value if isinstance(value, Markup) or value is None else _clean(value)

    env = Environment(loader=PackageLoader("tabletop_referee", "templates/report"),
                      autoescape=select_autoescape(default=True, default_for_string=True),
                      finalize=finalize, trim_blocks=False, lstrip_blocks=False)
    env.globals["anchor"] = _anchor
    return env


def render_html(report: dict[str, Any], *, source: str = "") -> str:
    """The whole report as one self-contained HTML page (templates/report/report.html.j2):
    the verdict, then the failures, the profiles, the summary and the clause table, collapsed."""
    totals, summary = report["totals"], report["summary"]
    impl = report["adapter"]["implementation"]
    verdict = verdict_view(report.get("verdict"), summary)
    ok = verdict["ok"] if verdict else summary["failed"] == 0
    budget = [TRANSCRIPT_BUDGET]
    failing = [r for r in report["results"] if r["status"] in FAILING]
    failing.sort(key=lambda r: bool(unclaimed(report, r)))  # the unclaimed profiles' failures last, apart
    expected = [r for r in report["results"] if r["status"] == "xfail"]
    rows = clause_matrix(report)
    not_passing = {r["clause"]: r for r in report["clauses"]}
    matrix = []
    for clause, counts in rows:
        roll = not_passing.get(clause, {})
        matrix.append({"clause": clause, "bad": any(counts[s] for s in FAILING),
                       "cells": [(s, counts[s]) for s in ORDER],
                       "ids": list(roll.get("failed", [])) + list(roll.get("xfail", []))})
    matrix.sort(key=lambda row: not row["bad"])  # clauses with a vector not passing first
    skipped = Counter(r["message"] for r in report["results"] if r["status"] == "skipped")
    context = {
        "title": f"Conformance: {report['game']} — {_impl_name(report)}",
        "csp": CSP, "css": Markup(CSS), "summary": summary, "totals": totals, "ok": ok, "verdict": verdict,
        "failing": [_result_view(report, r, budget) for r in failing],
        "expected": [_result_view(report, r, budget) for r in expected],
        "profiles": _profiles_view(report),
        "facts": _facts(report, impl),
        "status_totals": [(s, totals[s]) for s in ORDER], "total_all": sum(totals.values()),
        "matrix": matrix, "order": ORDER, "bad_clauses": sum(1 for row in matrix if row["bad"]),
        "open_matrix": False,
        "skipped": skipped.most_common(), "skipped_total": sum(skipped.values()),
        "not_run": report["not_run"], "unused": report["expectations"]["unused"],
        "runner_version": report["runner"]["version"], "source": source,
    }
    page: str = _environment().get_template("report.html.j2").render(context)
    return page + "\n"


def _facts(report: dict[str, Any], impl: dict[str, Any]) -> list[tuple[str, Any]]:
    sel, adapter = report["selection"], report["adapter"]
    facts: list[tuple[str, Any]] = [
        ("implementation", _impl_name(report) + (f" ({impl['language']})" if impl.get("language") else "")),
    ]
    if impl.get("homepage"):
        facts.append(("homepage", Markup(_link(impl["homepage"]))))
    facts += [
        ("game", report["game"]),
        ("suite version", report["suite_version"] or "unknown"),
        ("protocol", report["protocol"]),
        ("runner", f"{report['runner']['name']} {report['runner']['version']}"),
        ("started", f"{report['started_at']}, {report['seconds']} s"),
        ("adapter command", Markup(f"<code>{h(shlex.join(adapter['command']))}</code>")),
        ("capabilities", ", ".join(adapter["capabilities"]) or "none"),
        ("timeout", f"{adapter['timeout']:g} s per request" + (
            f"; restarted {adapter['restarts']} time(s) after failures" if adapter["restarts"] else "")),
        ("vectors", f"{sel['selected']} selected of {sel['loaded']} loaded from {len(sel['files'])} file(s)"),
    ]
    versions = report.get("versions")
    if versions:
        facts.append(("versions", f"suite {versions['suite'] or 'unknown'}, vector format "
                                  f"{', '.join(map(str, versions['vector_formats'])) or '?'}, protocol "
                                  f"{versions['protocol']}, event vocabulary level {versions['vocabulary']}"))
    if report.get("readings"):
        facts.append(("readings", f"the verdict holds under {report['readings']['text']}"))
    filters = [f"--{name} {v}" for name, key in (("clause", "clauses"), ("tag", "tags"), ("id", "ids"))
               for v in sel[key]]
    if filters:
        facts.append(("filters", Markup(f"<code>{h(' '.join(filters))}</code>")))
    if report["expectations"]["file"]:
        facts.append(("expectations", Markup(f"<code>{h(report['expectations']['file'])}</code>")))
    if report["stopped"]:
        why = {"fail-fast": "at the first failure (-x/--exitfirst)",
               "circuit-breaker": "by the circuit breaker (too many timeouts or crashes in a row)"}.get(
            report["stopped"], "interrupted")
        facts.append(("stopped", f"{why}; {len(report['not_run'])} vector(s) not run"))
    for fault in adapter.get("faults", []):
        facts.append(("fault between vectors", fault))
    return facts


def _ids(ids: list[str], limit: int = 50, *, link: bool = True) -> str:
    """Vector ids, linked to their result blocks (only failures have one)."""
    links = ", ".join(f'<a href="#{h(_anchor(i))}">{h(i)}</a>' if link else f"<code>{h(i)}</code>"
                      for i in ids[:limit])
    return links + (h(f", … {len(ids) - limit} more") if len(ids) > limit else "")


def _profiles_view(report: dict[str, Any]) -> dict[str, Any] | None:
    """The claimed profiles and, per profile, conformant or not, with its counts and why."""
    block = report.get("profiles")
    if not isinstance(block, dict):
        return None
    known = block.get("known") or {}
    rows = []
    for v in block.get("verdicts") or []:
        name = v["profile"]
        why = [h(v["why"])] if v["why"] else []
        if v.get("note"):
            why.append(h(v["note"]))
        for label, ids, link in (("failed", v["not_passed"], True), ("skipped", v["skipped"], False),
                                 ("skipped by the expectations file", v["listed_skips"], False),
                                 ("xfail", v["xfail"], True)):
            if ids:
                why.append(f"{h(label)}: {_ids(ids, link=link)}")
        rows.append({
            "name": name, "about": known.get(name), "conformant": v["conformant"], "passed": v["passed"],
            "failed": len(v["not_passed"]),
            "skipped": len(v["skipped"]) + len(v["listed_skips"]) + len(v.get("not_applicable", [])),
            "count": f"{v['vectors']}" + (f" of {v['in_suite']} in the suite" if v["in_suite"] > v["vectors"] else ""),
            "why": Markup("; ".join(why)),
        })
    return {"claimed": block.get("claimed"), "known_names": ", ".join(known), "rows": rows}


def _result_view(report: dict[str, Any], r: dict[str, Any], budget: list[int]) -> dict[str, Any]:
    """One result block's values: the clauses with their titles, text and docs links."""
    game = str(report["game"])
    rules = []
    for c in r["clauses"]:
        info = clause_info(game, c)
        url = clause_page(game, c) if info else None
        rules.append({"id": c, "title": info[0] if info else None, "text": info[2] if info else None,
                      "link": Markup(_link(url, "docs")) if url else None})
    scenario = scenario_page(game, r["clauses"][0], r["id"]) if r["clauses"] and r.get("source") else None
    view: dict[str, Any] = {
        **r, "anchor": _anchor(r["id"]), "extra": f" ({r['underlying']})" if r.get("underlying") else "",
        "rules": rules, "scenario": Markup(_link(scenario, "its scenario on the docs site")) if scenario else None,
        "outside": ", ".join(unclaimed(report, r)),
        "hint": ("The adapter wrote a line that is not JSON on stdout, which carries only the protocol: "
                 "log on stderr instead.") if STDOUT_NOISE in str(r.get("message", "")) else None,
        "expectation_link": None, "exit_code": r.get("exit_code"), "transcript": None,
    }
    e = r.get("expectation")
    if e and e.get("issue_url"):
        view["expectation_link"] = Markup(_link(e["issue_url"]))
    diff = r.get("diff")
    if diff:
        view["json"] = {k: _json_text(diff[k]) for k in ("expected", "actual", "missing", "unexpected",
                                                         "duplicates") if k in diff}
    transcript = r.get("transcript")
    if transcript:
        omitted = r.get("transcript_omitted", 0)
        label = f"transcript: the last {len(transcript)} request(s)"
        if omitted:
            label += f", {omitted} earlier omitted"
        items: list[dict[str, Any]] = []
        for x in transcript:
            parts = [f"request: {_json_text(x['request'], indent=None, limit=VALUE_LIMIT * 10)}"]
            if "response" in x:
                parts.append(f"response: {_json_text(x['response'], indent=None, limit=VALUE_LIMIT * 10)}")
            if "failure" in x:
                parts.append(f"failure: {x['failure']['status']}: {x['failure']['message']}")
            text = "\n".join(parts)
            if len(text) > budget[0]:
                items.append({"left_out": f"{TRANSCRIPT_BUDGET:,}"})
                break
            budget[0] -= len(text)
            items.append({"text": text, "left_out": None})
        view["transcript"], view["transcript_label"] = items, label
    return view


# -- compare ----------------------------------------------------------------------------------


def _statuses(report: dict[str, Any]) -> dict[str, dict[str, Any]]:
    found = {r["id"]: r for r in report["results"]}
    for vid in report["not_run"]:
        found.setdefault(vid, {"id": vid, "status": NOT_RUN, "clauses": [], "description": ""})
    return found


def compare_reports(old: dict[str, Any], new: dict[str, Any], *, old_name: str = "old",
                    new_name: str = "new") -> dict[str, Any]:
    """What changed from ``old`` to ``new``, vector by vector.

    fixed: failing (failed, errored, timeout, crashed, xfail) -> passing (passed, xpass);
    regressed: passing -> failing; new_vectors / removed_vectors: in only one of the runs (a
    vector selected but never run, after -x/--exitfirst or an interrupt, has status "not-run");
    changed: every other change of status (e.g. failed -> errored, passed -> skipped);
    still_failing: failing in both.
    """
    before, after = _statuses(old), _statuses(new)

    def entry(vid: str, was: str | None, now: str | None) -> dict[str, Any]:
        r = after.get(vid) or before[vid]
        e: dict[str, Any] = {"id": vid, "clauses": r["clauses"], "description": r["description"]}
        if was is not None:
            e["old"] = was
        if now is not None:
            e["new"] = now
        if now in FAILING_OUTCOME and vid in after:
            e["message"] = after[vid].get("message", "")
        if was is not None and now is not None:
            e["cause"] = _cause(before[vid], after[vid], old, new)
        return e

    diff: dict[str, Any] = {"game": new["game"], "old": _run_facts(old, old_name), "new": _run_facts(new, new_name),
                            "fixed": [], "regressed": [], "new_vectors": [], "removed_vectors": [],
                            "changed": [], "still_failing": []}
    for vid in sorted(set(before) | set(after)):
        was = before[vid]["status"] if vid in before else None
        now = after[vid]["status"] if vid in after else None
        if was is None:
            diff["new_vectors"].append(entry(vid, None, now))
        elif now is None:
            diff["removed_vectors"].append(entry(vid, was, None))
        elif was in FAILING_OUTCOME and now in PASSING_OUTCOME:
            diff["fixed"].append(entry(vid, was, now))
        elif was in PASSING_OUTCOME and now in FAILING_OUTCOME:
            diff["regressed"].append(entry(vid, was, now))
        elif was != now:
            diff["changed"].append(entry(vid, was, now))
        elif now in FAILING_OUTCOME:
            diff["still_failing"].append(vid)
    return diff


def _cause(was: dict[str, Any], now: dict[str, Any], old: dict[str, Any], new: dict[str, Any]) -> str:
    """Where a vector's change of status comes from: ``suite`` (the vector itself changed),
    ``announcement`` (the same vector, but the adapter announced other readings or another
    vocabulary level), ``implementation`` (the same vector and announcement: the adapter
    answers differently), or ``unknown`` (a report without vector digests)."""
    a, b = was.get("sha256"), now.get("sha256")
    if not a or not b:
        return "unknown"
    if a != b:
        return "suite"
    if (old.get("readings") or {}).get("followed") != (new.get("readings") or {}).get("followed") or \
            (old.get("versions") or {}).get("vocabulary") != (new.get("versions") or {}).get("vocabulary"):
        return "announcement"
    return "implementation"


CAUSE_WORDS = {"suite": "the vector changed (suite)", "announcement": "same vector, other readings announced",
               "implementation": "same vector (implementation)", "unknown": "cause unknown (no vector digest)"}


def _run_facts(report: dict[str, Any], name: str) -> dict[str, Any]:
    return {"file": name, "implementation": _impl_name(report), "suite_version": report["suite_version"],
            "vectors_sha256": report["selection"].get("vectors_sha256"),
            "started_at": report["started_at"], "summary": report["summary"],
            "xfail": report["totals"]["xfail"]}


def render_comparison(diff: dict[str, Any]) -> str:
    def run(facts: dict[str, Any]) -> str:
        s = facts["summary"]
        return (f"{facts['file']} ({facts['implementation']}, suite {facts['suite_version'] or 'unknown'}: "
                f"{s['passed']} passed, {s['failed']} failed, {s['skipped']} skipped)")

    out = [f"referee report compare: game {diff['game']}", f"old: {run(diff['old'])}", f"new: {run(diff['new'])}"]
    if diff["old"]["suite_version"] != diff["new"]["suite_version"]:
        out.append("note: the two runs used different suite versions")
    old_set, new_set = diff["old"].get("vectors_sha256"), diff["new"].get("vectors_sha256")
    if old_set and new_set:
        out.append("the same vector set (sha256 " + new_set[:12] + ")" if old_set == new_set else
                   f"note: different vector sets (sha256 {old_set[:12]} against {new_set[:12]})")
    sections = (("regressed", "regressed (passing before, failing now)"),
                ("fixed", "fixed (failing before, passing now)"),
                ("new_vectors", "new vectors"), ("removed_vectors", "removed vectors"),
                ("changed", "other status changes"))
    for key, label in sections:
        items = diff[key]
        out += ["", f"{label}: {len(items)}"]
        for e in items:
            change = f"{e.get('old', '-')} -> {e.get('new', '-')}"
            cause = f" ({CAUSE_WORDS[e['cause']]})" if "cause" in e else ""
            out.append(f"  {e['id']:<16} {change:<22} [{', '.join(e['clauses'])}] {e['description']}{cause}".rstrip())
            if e.get("message") and key in ("regressed", "new_vectors", "changed"):
                out.append(f"    {' '.join(e['message'].split())[:300]}")
    causes = Counter(e["cause"] for key in ("regressed", "fixed", "changed") for e in diff[key] if "cause" in e)
    if causes:
        out += ["", "changes of verdict by cause: " + ", ".join(f"{n} {CAUSE_WORDS[c]}" for c, n in sorted(causes.items()))]
    out += ["", f"still failing: {len(diff['still_failing'])}",
            f"{len(diff['fixed'])} fixed, {len(diff['regressed'])} regressed, {len(diff['new_vectors'])} new, "
            f"{len(diff['removed_vectors'])} removed, {len(diff['changed'])} other changes"]
    return "\n".join(out) + "\n"


