"""Conformance reports for people, and the documentation site's generated pages.

``referee report REPORT.json --html OUT.html`` renders a ``referee conform --report`` JSON
document (schemas/conformance/report.schema.json) as one self-contained HTML page: inline CSS,
no script, nothing loaded from elsewhere (a Content-Security-Policy says so to the browser
too). Every text from the report is escaped; an adapter's stderr may hold anything.

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
from typing import Any

from .errors import UsageError
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


def _status_badge(status: str, extra: str = "") -> str:
    return f'<span class="badge st-{h(status)}">{h(status)}{h(extra)}</span>'


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


def render_html(report: dict[str, Any], *, source: str = "") -> str:
    """The whole report as one self-contained HTML page."""
    totals, summary = report["totals"], report["summary"]
    impl = report["adapter"]["implementation"]
    verdict = report.get("verdict")
    ok = verdict["passed"] if isinstance(verdict, dict) else summary["failed"] == 0
    title = f"Conformance: {report['game']} — {_impl_name(report)}"
    out = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        f'<meta http-equiv="Content-Security-Policy" content="{h(CSP)}">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        '<meta name="referrer" content="no-referrer">',
        f"<title>{h(title)}</title>",
        f"<style>{CSS}</style>",
        "</head>",
        "<body>",
        "<header>",
        f"<h1>{h(title)}</h1>",
        f'<p id="verdict" class="verdict {"ok" if ok else "bad"}">'
        f'<span data-summary="passed">{summary["passed"]}</span> passed, '
        f'<span data-summary="failed">{summary["failed"]}</span> failed, '
        f'<span data-summary="skipped">{summary["skipped"]}</span> skipped</p>',
        f'<p class="muted">failed counts failed, errored, timeout, crashed and xpass; '
        f'{totals["xfail"]} expected failure{"s" if totals["xfail"] != 1 else ""} (xfail) counted apart.</p>',
    ]
    if isinstance(verdict, dict):
        out.append(f'<p id="run-verdict" class="verdict {"ok" if ok else "bad"}">Verdict: '
                   + ("pass" if ok else "fail") + "</p>")
        if verdict.get("reasons"):
            out += ['<ul id="verdict-reasons">', *(f"<li>{h(r)}</li>" for r in verdict["reasons"]), "</ul>"]
    out += ["</header>"]
    out += _summary_section(report, impl, source)
    out += _profiles_section(report)
    out += _matrix_section(report)
    out += _failures_section(report)
    out += _other_sections(report)
    out += [f'<footer class="muted"><p>Rendered by <code>referee report</code> '
            f'(tabletop-referee {h(report["runner"]["version"])}) from {h(source or "a report")}.</p></footer>',
            "</body>", "</html>", ""]
    return "\n".join(out)


def _summary_section(report: dict[str, Any], impl: dict[str, Any], source: str) -> list[str]:
    sel, adapter = report["selection"], report["adapter"]
    facts: list[tuple[str, str]] = [
        ("implementation", h(_impl_name(report)) + (f" ({h(impl['language'])})" if impl.get("language") else "")),
    ]
    if impl.get("homepage"):
        facts.append(("homepage", _link(impl["homepage"])))
    facts += [
        ("game", h(report["game"])),
        ("suite version", h(report["suite_version"] or "unknown")),
        ("protocol", h(report["protocol"])),
        ("runner", h(f"{report['runner']['name']} {report['runner']['version']}")),
        ("started", h(report["started_at"]) + f", {h(report['seconds'])} s"),
        ("adapter command", f"<code>{h(shlex.join(adapter['command']))}</code>"),
        ("capabilities", h(", ".join(adapter["capabilities"]) or "none")),
        ("timeout", h(f"{adapter['timeout']:g} s per request") + (
            f"; restarted {h(adapter['restarts'])} time(s) after failures" if adapter["restarts"] else "")),
        ("vectors", h(f"{sel['selected']} selected of {sel['loaded']} loaded from {len(sel['files'])} file(s)")),
    ]
    filters = [f"--{name} {v}" for name, key in (("clause", "clauses"), ("tag", "tags"), ("id", "ids"))
               for v in sel[key]]
    if filters:
        facts.append(("filters", f"<code>{h(' '.join(filters))}</code>"))
    if report["expectations"]["file"]:
        facts.append(("expectations", f"<code>{h(report['expectations']['file'])}</code>"))
    if report["stopped"]:
        why = {"fail-fast": "at the first failure (-x/--exitfirst)",
               "circuit-breaker": "by the circuit breaker (too many timeouts or crashes in a row)"}.get(
            report["stopped"], "interrupted")
        facts.append(("stopped", h(f"{why}; {len(report['not_run'])} vector(s) not run")))
    for fault in adapter.get("faults", []):
        facts.append(("fault between vectors", h(fault)))
    out = ['<section id="summary">', "<h2>Summary</h2>", '<dl class="facts">']
    out += [f"<dt>{h(k)}</dt><dd>{v}</dd>" for k, v in facts]
    out += ["</dl>", '<table id="totals">', "<thead><tr><th>status</th><th>vectors</th></tr></thead>", "<tbody>"]
    for s in ORDER:
        n = report["totals"][s]
        out.append(f'<tr><td>{_status_badge(s)}</td><td class="n{" zero" if not n else ""}" '
                   f'id="total-{s}" data-status="{s}">{n}</td></tr>')
    out += [f'<tr><td>total</td><td class="n" id="total-all">{sum(report["totals"].values())}</td></tr>',
            "</tbody>", "</table>", "</section>"]
    return out


def _ids(ids: list[str], limit: int = 50, *, link: bool = True) -> str:
    """Vector ids, linked to their result blocks (only failures have one)."""
    links = ", ".join(f'<a href="#{h(_anchor(i))}">{h(i)}</a>' if link else f"<code>{h(i)}</code>"
                      for i in ids[:limit])
    return links + (h(f", … {len(ids) - limit} more") if len(ids) > limit else "")


def _profiles_section(report: dict[str, Any]) -> list[str]:
    """The claimed profiles and, per profile, conformant or not, with its counts and why."""
    block = report.get("profiles")
    if not isinstance(block, dict):
        return []
    known = block.get("known") or {}
    claimed = block.get("claimed")
    out = ['<section id="profiles">', "<h2>Profiles</h2>"]
    if claimed is None:
        out.append('<p id="profiles-claimed">The adapter claims no profile, so skips are not held against it. '
                   f"Profiles of this suite: {h(', '.join(known) or 'none')}.</p>")
    else:
        out.append(f'<p id="profiles-claimed">Claimed: {h(", ".join(claimed) or "none")}. A claimed profile is '
                   "conformant when every vector of it in the selection ran and passed.</p>")
    verdicts = block.get("verdicts") or []
    if verdicts:
        out += ['<table id="profile-verdicts">', "<thead><tr><th>profile</th><th>verdict</th><th>passed</th>"
                "<th>failed</th><th>skipped</th><th>vectors</th><th>why not</th></tr></thead>", "<tbody>"]
        for v in verdicts:
            name = v["profile"]
            word = "conformant" if v["conformant"] else "not conformant"
            skipped = len(v["skipped"]) + len(v["listed_skips"]) + len(v.get("not_applicable", []))
            count = f"{v['vectors']}" + (f" of {v['in_suite']} in the suite" if v["in_suite"] > v["vectors"] else "")
            why = [h(v["why"])] if v["why"] else []
            if v.get("note"):
                why.append(h(v["note"]))
            for label, ids, link in (("failed", v["not_passed"], True), ("skipped", v["skipped"], False),
                                     ("skipped by the expectations file", v["listed_skips"], False),
                                     ("xfail", v["xfail"], True)):
                if ids:
                    why.append(f"{h(label)}: {_ids(ids, link=link)}")
            about = f' <span class="muted">{h(known[name])}</span>' if name in known else ""
            out.append(f'<tr class="{"ok" if v["conformant"] else "bad"}" data-profile="{h(name)}">'
                       f"<td><code>{h(name)}</code>{about}</td>"
                       f'<td><span class="badge st-{"passed" if v["conformant"] else "failed"}">{h(word)}</span></td>'
                       f'<td class="n" data-count="passed">{v["passed"]}</td>'
                       f'<td class="n" data-count="failed">{len(v["not_passed"])}</td>'
                       f'<td class="n" data-count="skipped">{skipped}</td>'
                       f'<td class="n">{h(count)}</td><td>{"; ".join(why)}</td></tr>')
        out += ["</tbody>", "</table>"]
    return out + ["</section>"]


def _matrix_section(report: dict[str, Any]) -> list[str]:
    rows = clause_matrix(report)
    out = ['<section id="clauses">', "<h2>Clauses</h2>"]
    if not rows:
        return out + ["<p>No vector was executed.</p>", "</section>"]
    not_passing = {r["clause"]: r for r in report["clauses"]}
    out += [f'<p class="muted">{len(rows)} clauses cited by the executed vectors; each cell counts the '
            "vectors citing the clause with that status.</p>",
            '<table id="clause-matrix">', "<thead><tr><th>clause</th>"
            + "".join(f"<th>{_status_badge(s)}</th>" for s in ORDER) + "<th>not passing</th></tr></thead>",
            "<tbody>"]
    for clause, counts in rows:
        bad = any(counts[s] for s in FAILING)
        cells = "".join(
            f'<td class="n{f" st-{s}" if counts[s] else " zero"}" data-status="{s}">{counts[s]}</td>'
            for s in ORDER)
        roll = not_passing.get(clause, {})
        ids = list(roll.get("failed", [])) + list(roll.get("xfail", []))
        links = ", ".join(f'<a href="#{h(_anchor(i))}">{h(i)}</a>' for i in ids)
        out.append(f'<tr class="{"bad" if bad else "ok"}" data-clause="{h(clause)}"><td><code>{h(clause)}</code></td>'
                   f"{cells}<td>{links}</td></tr>")
    out += ["</tbody>", "</table>", "</section>"]
    return out


def _failures_section(report: dict[str, Any]) -> list[str]:
    failing = [r for r in report["results"] if r["status"] in FAILING]
    expected = [r for r in report["results"] if r["status"] == "xfail"]
    budget = [TRANSCRIPT_BUDGET]
    out = ['<section id="failures">', f"<h2>Failures ({len(failing)})</h2>"]
    if not failing:
        out.append("<p>None: every executed vector passed or is an expected failure.</p>")
    for r in failing:
        out += _result_block(r, budget)
    out.append("</section>")
    if expected:
        out += ['<section id="expected-failures">', f"<h2>Expected failures ({len(expected)})</h2>"]
        for r in expected:
            out += _result_block(r, budget)
        out.append("</section>")
    return out


def _result_block(r: dict[str, Any], budget: list[int]) -> list[str]:
    status = r["status"]
    extra = f" ({r['underlying']})" if r.get("underlying") else ""
    out = [f'<article class="result st-{h(status)}" id="{h(_anchor(r["id"]))}" data-vector="{h(r["id"])}">',
           f"<h3>{_status_badge(status, extra)} <code>{h(r['id'])}</code> {h(r['description'])}</h3>",
           '<dl class="facts">',
           "<dt>clauses</dt><dd>" + ", ".join(f"<code>{h(c)}</code>" for c in r["clauses"]) + "</dd>",
           f"<dt>vector</dt><dd><code>{h(r['file'])}</code> $.vectors[{h(r['index'])}]"
           + (f" (<code>{h(r['source'])}</code>)" if r.get("source") else "") + "</dd>"]
    if r.get("expectation"):
        e = r["expectation"]
        out.append(f"<dt>expectation</dt><dd>{h(e['status'])} <code>{h(e['id'])}</code>: {h(e['reason'])}"
                   + (f" ({_link(e['issue_url'])})" if e.get("issue_url") else "") + "</dd>")
    if r.get("exit_code") is not None:
        out.append(f"<dt>exit status</dt><dd>{h(r['exit_code'])}</dd>")
    out += ["</dl>", f'<pre class="message">{h(r["message"])}</pre>']
    diff = r.get("diff")
    if diff:
        out += ['<table class="diff">',
                f'<tr><th>pointer</th><td><code class="pointer">{h(diff["pointer"] or "(root)")}</code></td></tr>']
        if "checkpoint" in diff:
            out.append(f"<tr><th>checkpoint</th><td>after {h(diff['checkpoint'])} step(s)</td></tr>")
        for key in ("expected", "actual"):
            value = f'<pre class="{key}">{h(_json_text(diff[key]))}</pre>' if key in diff else \
                '<span class="muted">(nothing there)</span>'
            out.append(f"<tr><th>{key}</th><td>{value}</td></tr>")
        for key in ("missing", "unexpected", "duplicates"):
            if diff.get(key):
                out.append(f'<tr><th>{key}</th><td><pre>{h(_json_text(diff[key]))}</pre></td></tr>')
        for key in ("expected_count", "actual_count"):
            if key in diff:
                out.append(f"<tr><th>{key.replace('_', ' ')}</th><td>{h(diff[key])}</td></tr>")
        out += [f"<tr><th>difference</th><td>{h(diff['message'])}</td></tr>", "</table>"]
    if r.get("stderr_tail"):
        out += ["<details><summary>adapter stderr (end)</summary>",
                f'<pre class="stderr">{h(r["stderr_tail"])}</pre>', "</details>"]
    if r.get("rerun"):
        out += ['<p>Rerun just this vector:</p>', f'<pre class="rerun"><code>{h(r["rerun"])}</code></pre>']
    transcript = r.get("transcript")
    if transcript:
        omitted = r.get("transcript_omitted", 0)
        label = f"transcript: the last {len(transcript)} request(s)"
        if omitted:
            label += f", {omitted} earlier omitted"
        body = []
        for i, x in enumerate(transcript):
            parts = [f"request: {_json_text(x['request'], indent=None, limit=VALUE_LIMIT * 10)}"]
            if "response" in x:
                parts.append(f"response: {_json_text(x['response'], indent=None, limit=VALUE_LIMIT * 10)}")
            if "failure" in x:
                parts.append(f"failure: {x['failure']['status']}: {x['failure']['message']}")
            text = "\n".join(parts)
            if len(text) > budget[0]:
                body.append(f'<li class="muted">(left out: the page holds at most {TRANSCRIPT_BUDGET:,} '
                            "characters of transcripts; the JSON report has them all)</li>")
                break
            budget[0] -= len(text)
            body.append(f"<li><pre>{h(text)}</pre></li>")
        out += [f"<details><summary>{h(label)}</summary>", "<ol>", *body, "</ol>", "</details>"]
    out.append("</article>")
    return out


def _other_sections(report: dict[str, Any]) -> list[str]:
    out: list[str] = []
    skipped = Counter(r["message"] for r in report["results"] if r["status"] == "skipped")
    if skipped:
        out += ['<section id="skipped">', f"<h2>Skipped ({sum(skipped.values())})</h2>",
                "<table><thead><tr><th>reason</th><th>vectors</th></tr></thead><tbody>"]
        out += [f'<tr><td>{h(reason)}</td><td class="n">{n}</td></tr>' for reason, n in skipped.most_common()]
        out += ["</tbody></table>", "</section>"]
    if report["not_run"]:
        out += ['<section id="not-run">', f"<h2>Not run ({len(report['not_run'])})</h2>",
                "<p>" + ", ".join(f"<code>{h(i)}</code>" for i in report["not_run"]) + "</p>", "</section>"]
    unused = report["expectations"]["unused"]
    if unused:
        out += ['<section id="stale-expectations">', f"<h2>Expectations matching no vector ({len(unused)})</h2>",
                "<ul>"]
        out += [f"<li><code>{h(e['id'])}</code> {h(e['status'])}: {h(e['reason'])}</li>" for e in unused]
        out += ["</ul>", "</section>"]
    return out


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
            out.append(f"  {e['id']:<16} {change:<22} [{', '.join(e['clauses'])}] {e['description']}".rstrip())
            if e.get("message") and key in ("regressed", "new_vectors", "changed"):
                out.append(f"    {' '.join(e['message'].split())[:300]}")
    out += ["", f"still failing: {len(diff['still_failing'])}",
            f"{len(diff['fixed'])} fixed, {len(diff['regressed'])} regressed, {len(diff['new_vectors'])} new, "
            f"{len(diff['removed_vectors'])} removed, {len(diff['changed'])} other changes"]
    return "\n".join(out) + "\n"


