"""``referee report``: a conformance report as one self-contained HTML page, and comparing two runs.

The reports come from real ``referee conform`` runs: the reference adapter (all pass), the
reference with a planted bug (tests/adapters/wrong_rule.py start-space: eight failures, one
of them an expected failure) and one that crashes once (tests/adapters/crash_nth.py). The
HTML is checked with a parser here, and rendered by a real headless Chromium when one is
installed (Debian: apt-get install -y chromium), with every request the browser makes sent to
a local recording proxy, so that "no external requests" is observed, not assumed.
"""

from __future__ import annotations

import copy
import http.server
import json
import os
import shlex
import shutil
import socketserver
import subprocess
import sys
import threading
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tabletop_referee.cli import main
from tabletop_referee.conformance.report import clause_rollup, summary_counts
from tabletop_referee.conformance.runner import STATUSES
from tabletop_referee.htmlreport import compare_reports, render_html
from tabletop_referee.schemas import validation_errors

REPO = Path(__file__).resolve().parents[1]
ADAPTERS = REPO / "tests" / "adapters"
BUGGY = [f"mlem-00{n}" for n in range(76, 81)] + ["mlem-0179", "mlem-0180", "mlem-0181", "mlem-0220", "mlem-perft-0001"]
# the reports are of the feature and perft vectors; the standard-board vectors (standard.json)
# and the data variations (variations.json) are left out so that the counts below stay those of
# the feature scenarios
FEATURE_VECTORS = [a for f in sorted((Path(__file__).resolve().parents[1] / "vectors" / "mlem").glob("*.json"))
                   if f.name not in ("standard.json", "variations.json") and not f.name.startswith("readings-")
                   for a in ("--vectors", str(f))]
HOSTILE = '<script>alert("x")</script><img src="http://canary.invalid/i.png">'


def referee(*argv: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    """``referee ARGV`` as a real process (what the console script runs)."""
    code = "import sys; from tabletop_referee.cli import main; sys.exit(main())"
    return subprocess.run([sys.executable, "-c", code, *argv], capture_output=True,
                          text=True, cwd=cwd or REPO, timeout=300)


def run(capsys, *argv: str) -> tuple[int, str, str]:
    capsys.readouterr()
    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def reports(tmp_path_factory) -> dict[str, Path]:
    """Real reports: good (reference), bad (a planted bug, one failure expected), crash."""
    tmp = tmp_path_factory.mktemp("reports")
    expect = tmp / "expect.json"
    expect.write_text(json.dumps({"format": 1, "game": "mlem", "entries": [
        {"id": "mlem-0076", "status": "xfail", "reason": "satellite <not> done",
         "issue_url": "https://example.org/issues/4"}]}), encoding="utf-8")
    wrong = shlex.join([sys.executable, str(ADAPTERS / "wrong_rule.py"), "start-space"])
    crash = shlex.join([sys.executable, str(ADAPTERS / "crash_nth.py"), "3", str(tmp / "crashed")])
    runs = {
        "good": (["conform", "--game", "mlem", *FEATURE_VECTORS], 0),
        "bad": (["conform", "--game", "mlem", *FEATURE_VECTORS, "--adapter", wrong, "--expect", str(expect)], 1),
        "crash": (["conform", "--game", "mlem", "--adapter", crash, "--clause", "travel"], 1),
    }
    out = {}
    for name, (argv, code) in runs.items():
        out[name] = tmp / f"{name}.json"
        proc = referee(*argv, "--report", str(out[name]))
        assert proc.returncode == code, proc.stdout[-2000:] + proc.stderr[-2000:]
    return out


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


class Page(HTMLParser):
    """Parses a page into tags (with attributes), text, and the text of elements by id."""

    VOID = {"meta", "br", "hr", "img", "link", "input", "wbr", "col", "source"}

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict]] = []
        self.text_parts: list[str] = []
        self.by_id: dict[str, list[str]] = {}
        self.by_attr: dict[tuple[str, str], list[str]] = {}
        self._open: list[tuple[str, list[list[str]]]] = []
        self.rows: dict[str, list[str]] = {}
        """Clause matrix rows: the cells' texts by the row's data-clause."""
        self._row: list[str] | None = None
        self.style = ""
        self._in_style = False
        self.feed(text)
        self.close()

    @property
    def text(self) -> str:
        return "".join(self.text_parts)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.tags.append((tag, a))
        self._in_style = tag == "style"
        if tag == "tr" and "data-clause" in a:
            self._row = self.rows.setdefault(a["data-clause"], [])
        elif tag == "td" and self._row is not None:
            self._row.append("")
        if tag in self.VOID:
            return
        sinks = []
        if "id" in a:
            sinks.append(self.by_id.setdefault(a["id"], []))
        for key in ("data-summary", "data-status", "data-vector", "data-clause"):
            if key in a:
                sinks.append(self.by_attr.setdefault((key, a[key]), []))
                sinks[-1].append("")  # one entry per element
        self._open.append((tag, sinks))

    def handle_endtag(self, tag):
        self._in_style = False
        if tag == "tr":
            self._row = None
        while self._open:
            t, _ = self._open.pop()
            if t == tag:
                break

    def handle_data(self, data):
        if self._in_style:
            self.style += data
            return
        self.text_parts.append(data)
        if self._row:
            self._row[-1] += data
        for _, sinks in self._open:
            for sink in sinks:
                if sink:
                    sink[-1] += data
                else:
                    sink.append(data)

    def first(self, element_id: str) -> str:
        return "".join(self.by_id[element_id]).strip()


def render_cli(capsys, report: Path, tmp_path: Path) -> tuple[str, Page]:
    out = tmp_path / "report.html"
    code, stdout, err = run(capsys, "report", str(report), "--html", str(out))
    assert (code, stdout, err) == (0, "", "")
    text = out.read_text(encoding="utf-8")
    return text, Page(text)


def test_reports_are_valid(reports):
    for path in reports.values():
        assert validation_errors("conformance", "report", load(path)) == []
    bad = load(reports["bad"])
    assert {r["id"]: r["status"] for r in bad["results"] if r["status"] != "passed"} == {
        **{i: "failed" for i in BUGGY if i != "mlem-0076"}, "mlem-0076": "xfail"}


def test_summary_numbers_and_versions(capsys, reports, tmp_path):
    text, page = render_cli(capsys, reports["bad"], tmp_path)
    doc = load(reports["bad"])
    assert text.startswith("<!DOCTYPE html>")
    for key in ("passed", "failed", "skipped"):
        assert page.by_attr[("data-summary", key)] == [str(doc["summary"][key])]
    assert doc["summary"] == {"passed": len(doc["results"]) - len(BUGGY), "failed": len(BUGGY) - 1, "skipped": 0}
    for status in STATUSES:
        assert page.first(f"total-{status}") == str(doc["totals"][status])
    assert page.first("total-all") == str(len(doc["results"]))
    summary = page.first("summary")
    impl = doc["adapter"]["implementation"]
    for fact in (impl["name"], impl["version"], doc["suite_version"], doc["runner"]["version"],
                 doc["started_at"], "wrong_rule.py start-space", "custom-boards"):
        assert fact in summary
    assert f"{len(doc['results']) - len(BUGGY)} passed, {len(BUGGY) - 1} failed, 0 skipped" in page.first("verdict")


def test_clause_matrix_counts_every_status(capsys, reports, tmp_path):
    _, page = render_cli(capsys, reports["bad"], tmp_path)
    doc = load(reports["bad"])
    rows = {}
    for tag, a in page.tags:
        if tag == "tr" and "data-clause" in a:
            rows[a["data-clause"]] = a["class"]
    cited = sorted({c for r in doc["results"] for c in r["clauses"]})
    assert sorted(rows) == cited
    assert rows["power.satellite"] == "bad" and rows["takeoff.rocket-start"] == "bad"
    assert rows["travel.roll"] == "ok"
    # cells in ORDER: passed, failed, errored, timeout, crashed, xpass, xfail, skipped
    assert page.rows["power.satellite"][:9] == ["power.satellite", "0", "4", "0", "0", "0", "0", "1", "0"]
    assert page.rows["power.satellite"][9] == "mlem-0077, mlem-0078, mlem-0079, mlem-0080, mlem-0076"
    assert page.rows["travel.roll"] == ["travel.roll", "2", "0", "0", "0", "0", "0", "0", "0", ""]
    # the failing cells are coloured, the zero ones greyed
    cells = [a for t, a in page.tags if t == "td" and a.get("data-status") == "failed" and "st-failed" in a["class"]]
    # power.satellite, takeoff.rocket-start, takeoff.boarding-order, exploration.trigger (mlem-0220)
    assert len(cells) == 4


def test_failures_show_pointer_expected_actual_and_rerun(capsys, reports, tmp_path):
    text, page = render_cli(capsys, reports["bad"], tmp_path)
    doc = load(reports["bad"])
    failing = [r for r in doc["results"] if r["status"] == "failed"]
    assert len(failing) == len(BUGGY) - 1
    for r in failing:
        block = page.first("result-" + r["id"])
        assert r["diff"]["pointer"] in block
        assert r["rerun"] in block
        assert json.dumps(r["diff"]["expected"]) in block and json.dumps(r["diff"]["actual"]) in block
    sat = page.first("result-mlem-0077")
    assert "/state/rocket/space" in sat and "--id mlem-0077" in sat
    # the expected failure is shown apart, with its reason and issue link
    xfail = page.first("result-mlem-0076")
    assert "satellite <not> done" in xfail and "xfail (failed)" in xfail
    assert ("a", {"href": "https://example.org/issues/4", "rel": "noreferrer noopener"}) in page.tags
    assert "mlem-0077" in page.first("failures") and "mlem-0076" not in page.first("failures")
    assert "mlem-0076" in page.first("expected-failures")
    # the matrix links each failing vector to its block
    assert ("a", {"href": "#result-mlem-0179"}) in page.tags


def test_crash_shows_exit_status_and_stderr(capsys, reports, tmp_path):
    _, page = render_cli(capsys, reports["crash"], tmp_path)
    doc = load(reports["crash"])
    crashed = [r for r in doc["results"] if r["status"] == "crashed"]
    assert len(crashed) == 1
    block = page.first("result-" + crashed[0]["id"])
    assert "panic: index out of range [3] with length 3" in block
    assert "exit status" in block and "7" in block
    assert page.first("total-crashed") == "1"


def test_passing_report(capsys, reports, tmp_path):
    _, page = render_cli(capsys, reports["good"], tmp_path)
    assert page.by_attr[("data-summary", "failed")] == ["0"]
    assert ("p", {"id": "verdict", "class": "verdict ok"}) in page.tags
    assert "None: every executed vector passed" in page.first("failures")


def test_failures_come_first_and_the_clause_table_is_collapsed(capsys, reports, tmp_path):
    """Issue 28: a reader sees the verdict, then the failures; the table of every clause (green
    ones included) comes last, folded in a <details>, failing clauses first."""
    text, page = render_cli(capsys, reports["bad"], tmp_path)
    at = {name: text.index(f'id="{name}"') for name in ("verdict", "failures", "profiles", "summary", "clause-matrix")}
    assert at["verdict"] < at["failures"] < at["profiles"] < at["summary"] < at["clause-matrix"]
    details = text.rindex("<details", 0, at["clause-matrix"])
    assert text[details:details + 9] == "<details>" and "</details>" not in text[details:at["clause-matrix"]]
    rows = [a["data-clause"] for t, a in page.tags if t == "tr" and "data-clause" in a]
    classes = [a["class"] for t, a in page.tags if t == "tr" and "data-clause" in a]
    assert classes == sorted(classes)  # "bad" rows before "ok" rows
    assert classes[0] == "bad" and rows[0] in {"power.satellite", "takeoff.rocket-start",
                                               "takeoff.boarding-order", "exploration.trigger"}


def test_failures_lead_to_the_rule(capsys, reports, tmp_path, monkeypatch):
    """Each failure block names its clauses' titles, one line of their text and a docs link."""
    from tabletop_referee.links import clause_info, clause_page

    monkeypatch.setenv("REFEREE_DOCS_URL", "https://docs.example.org/referee/")
    text, page = render_cli(capsys, reports["bad"], tmp_path)
    block = page.first("result-mlem-0077")
    title, _, rule = clause_info("mlem", "power.satellite")
    assert title in block and rule in block
    url = clause_page("mlem", "power.satellite")
    assert url.startswith("https://docs.example.org/referee/mlem/clauses/") and url.endswith("#power.satellite")
    assert ("a", {"href": url, "rel": "noreferrer noopener"}) in page.tags
    assert "https://docs.example.org/referee/mlem/clauses/" in text.split('id="result-mlem-0077"')[1].split("</article>")[0]


@pytest.mark.parametrize(("state", "word", "explained"), [
    ("pass", "pass", None), ("fail", "fail", None),
    ("incomplete", "incomplete", "Not every vector of a claimed profile ran"),
    ("partial", "partial run", "not a conformance verdict"),
])
def test_the_verdict_state_is_shown_when_the_report_has_one(reports, state, word, explained):
    doc = load(reports["good"])
    doc["verdict"] = {**doc["verdict"], "state": state, "passed": state == "pass",
                      "reasons": [] if state == "pass" else [f"reason for {state}"]}
    page = Page(render_html(doc))
    assert page.first("run-verdict") == f"Verdict: {word}"
    assert ("p", {"id": "run-verdict", "class": f"verdict {'ok' if state == 'pass' else 'bad'}",
                  "data-state": state}) in page.tags
    if explained:
        assert explained in page.first("verdict-state")
    else:
        assert "verdict-state" not in page.by_id
    if state != "pass":
        assert page.by_id["verdict-reasons"][0].strip() == f"reason for {state}"


def test_without_a_state_the_verdict_falls_back_to_passed(reports):
    doc = load(reports["bad"])
    doc["verdict"].pop("state", None)
    assert Page(render_html(doc)).first("run-verdict") == ("Verdict: pass" if doc["verdict"]["passed"] else "Verdict: fail")


def test_the_page_is_rendered_from_its_template():
    from importlib.resources import files

    template = files("tabletop_referee").joinpath("templates/report/report.html.j2").read_text(encoding="utf-8")
    assert 'id="clause-matrix"' in template and 'id="failures"' in template
    import tabletop_referee.htmlreport as hr

    source = Path(hr.__file__).read_text(encoding="utf-8")
    assert "<table" not in source and "<article" not in source  # no markup built by hand for the page


def _profile_rows(page_text: str) -> dict[str, dict]:
    """The profile verdict rows: name -> {verdict, passed, failed, skipped, why} (cell texts)."""
    rows = {}
    for body in page_text.split('data-profile="')[1:]:
        name, _, rest = body.partition('"')
        cells = rest.split("</tr>", 1)[0].split(">", 1)[1].split("</td>")[:-1]
        texts = [Page(c + "</td>").text.strip() for c in cells]
        rows[name] = {"verdict": texts[1], "passed": int(texts[2]), "failed": int(texts[3]),
                      "skipped": int(texts[4]), "why": texts[6]}
    return rows


def test_profile_verdicts_are_shown_per_claimed_profile(capsys, reports, tmp_path):
    from tabletop_referee.conformance.profiles import judge

    good = load(reports["good"])
    claimed = good["profiles"]["claimed"]
    assert claimed and "base" in claimed  # the reference claims every profile
    text, page = render_cli(capsys, reports["good"], tmp_path)
    assert page.first("profiles-claimed").startswith("Claimed: " + ", ".join(claimed))
    rows = _profile_rows(text)
    assert set(rows) == set(claimed)
    for v in good["profiles"]["verdicts"]:
        row = rows[v["profile"]]
        assert row["verdict"] == ("conformant" if v["conformant"] else "not conformant")
        assert (row["passed"], row["failed"], row["skipped"]) == (v["passed"], 0, 0)
        assert v["why"] in row["why"]
    # these reports leave the standard-board vectors out: base has none, and says so
    assert rows["base"]["verdict"] == "not conformant" and "no vector of this profile was selected" in rows["base"]["why"]
    assert rows["variants"] == {"verdict": "conformant", "passed": rows["variants"]["passed"], "failed": 0,
                                "skipped": 0, "why": ""} and rows["variants"]["passed"] > 0
    assert page.first("run-verdict") == "Verdict: pass"

    # the planted bug: the profiles with failures are not conformant, their failures counted and linked
    bad = load(reports["bad"])
    text, page = render_cli(capsys, reports["bad"], tmp_path)
    rows = _profile_rows(text)
    failing = [v for v in bad["profiles"]["verdicts"] if v["not_passed"]]
    assert failing
    for v in failing:
        row = rows[v["profile"]]
        assert row["verdict"] == "not conformant" and row["failed"] == len(v["not_passed"])
        assert v["why"] in row["why"] and "failed: " + v["not_passed"][0] in row["why"]
        assert f'href="#result-{v["not_passed"][0]}"' in text and f'id="result-{v["not_passed"][0]}"' in text
    assert page.first("run-verdict") == "Verdict: fail"
    assert any("failed" in r for r in page.by_id["verdict-reasons"])

    # a skip inside a claimed profile: no failure at all, yet that profile and the run fail
    doc = copy.deepcopy(good)
    victim = next(r for r in doc["results"] if "variants" in r["profiles"] and r["status"] == "passed")
    profile = "variants"
    victim["status"], victim["message"] = "skipped", "the adapter skipped apply: not built yet"
    doc["totals"]["passed"] -= 1
    doc["totals"]["skipped"] += 1
    doc["summary"] = summary_counts(doc["totals"])
    doc.update(judge(doc["results"], claimed=claimed, known=doc["profiles"]["known"],
                     suite_profiles=[tuple(r["profiles"]) for r in doc["results"]]))
    assert validation_errors("conformance", "report", doc) == []
    path = tmp_path / "skip.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    text, page = render_cli(capsys, path, tmp_path)
    rows = _profile_rows(text)
    assert rows[profile]["verdict"] == "not conformant" and rows[profile]["skipped"] == 1
    assert "1 skipped" in rows[profile]["why"] and victim["id"] in rows[profile]["why"]
    assert all(rows[v["profile"]]["verdict"] == "conformant"
               for v in good["profiles"]["verdicts"] if v["conformant"] and v["profile"] not in victim["profiles"])
    assert page.by_attr[("data-summary", "failed")] == ["0"]
    assert page.first("run-verdict") == "Verdict: fail"
    assert ("p", {"id": "verdict", "class": "verdict bad"}) in page.tags
    assert f"of claimed profile {profile} skipped" in " ".join(page.by_id["verdict-reasons"])

    # an adapter that claims nothing: said so, no verdict rows
    doc = copy.deepcopy(good)
    doc.update(judge(doc["results"], claimed=None, known=doc["profiles"]["known"],
                     suite_profiles=[tuple(r["profiles"]) for r in doc["results"]]))
    path.write_text(json.dumps(doc), encoding="utf-8")
    text, page = render_cli(capsys, path, tmp_path)
    assert "claims no profile" in page.first("profiles-claimed") and _profile_rows(text) == {}


def hostile(report: dict) -> dict:
    """A valid report whose every adapter-controlled text tries to inject markup."""
    doc = copy.deepcopy(report)
    doc["adapter"]["implementation"] = {"name": '"><style>body{background:url(http://canary.invalid/bg)}</style>',
                                        "version": HOSTILE, "homepage": "javascript:alert(1)"}
    r = next(r for r in doc["results"] if r["status"] == "failed")
    r["description"] = HOSTILE
    r["message"] = "</pre><iframe src=http://canary.invalid/f></iframe> \x00\x1b[31m bell\x07 \ud800"
    r["diff"] = {"pointer": "/state/<b>x<~1b>", "message": "</td></table><object data=x>",
                 "expected": {"k": "</pre><script>1</script>"},
                 "actual": "<link rel=stylesheet href=//canary.invalid/c>"}
    r["stderr_tail"] = ("<base href='http://canary.invalid/'>\n"
                        "<meta http-equiv=refresh content='0;url=http://canary.invalid'>")
    r["rerun"] = "referee conform --adapter '<svg onload=alert(1)>'"
    r["clauses"] = ['"onmouseover="alert(1)', "turn.actor"]
    doc["clauses"] = clause_rollup(doc["results"])
    return doc


ALLOWED_TAGS = {"html", "head", "meta", "title", "style", "body", "header", "footer", "section", "article",
                "h1", "h2", "h3", "p", "span", "dl", "dt", "dd", "table", "thead", "tbody", "tr", "th", "td",
                "code", "pre", "a", "details", "summary", "ol", "ul", "li", "nav", "br"}


def assert_self_contained(page: Page) -> None:
    assert {t for t, _ in page.tags} <= ALLOWED_TAGS, {t for t, _ in page.tags} - ALLOWED_TAGS
    assert [t for t, _ in page.tags].count("style") == 1
    for tag, attrs in page.tags:
        assert not any(k.startswith("on") for k in attrs), (tag, attrs)
        assert "style" not in attrs
        if "href" in attrs:
            assert tag == "a" and attrs["href"].startswith(("#", "https://", "http://")), attrs
        if tag == "meta" and attrs.get("http-equiv"):
            assert attrs["http-equiv"] == "Content-Security-Policy"
            assert "default-src 'none'" in attrs["content"]
    assert "url(" not in page.style and "@import" not in page.style


def test_everything_is_escaped(tmp_path, reports):
    doc = hostile(load(reports["bad"]))
    assert validation_errors("conformance", "report", doc) == []
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(doc), encoding="utf-8")  # ensure_ascii: the lone surrogate survives
    out = tmp_path / "hostile.html"
    assert main(["report", str(path), "--html", str(out)]) == 0
    page = Page(out.read_text(encoding="utf-8"))
    assert_self_contained(page)
    text = page.text
    assert HOSTILE in text
    assert "</pre><iframe src=http://canary.invalid/f></iframe> \\x00\\x1b[31m bell\\x07 \ufffd" in text
    assert "/state/<b>x<~1b>" in text and "<link rel=stylesheet href=//canary.invalid/c>" in text
    assert "<base href='http://canary.invalid/'>" in text and "<svg onload=alert(1)>" in text
    assert "javascript:alert(1)" in text  # shown, not linked
    assert '"onmouseover="alert(1)' in text


def test_real_reports_are_self_contained(reports):
    for path in reports.values():
        assert_self_contained(Page(render_html(load(path))))


# -- bad input ---------------------------------------------------------------------------------


def one_line_error(code: int, out: str, err: str) -> str:
    assert code == 2, (code, out, err)
    assert out == "" and "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("referee report: error: "), err
    return lines[0]


@pytest.mark.parametrize("content, expected", [
    (None, "cannot read"),
    (b"{not json", "not a JSON report"),
    (b"\xff\xfe", "not UTF-8"),
    (b'{"format": 1}', "not a conformance report"),
    (b"[]", "not a conformance report"),
    (b"[" * 100000 + b"]" * 100000, "not a JSON report"),
])
def test_bad_report_is_one_line(capsys, tmp_path, content, expected):
    path = tmp_path / "r.json"
    if content is not None:
        path.write_bytes(content)
    line = one_line_error(*run(capsys, "report", str(path), "--html", str(tmp_path / "o.html")))
    assert expected in line and str(path) in line
    assert not (tmp_path / "o.html").exists()


def test_duplicate_results_are_rejected(capsys, tmp_path, reports):
    doc = load(reports["good"])
    doc["results"].append(doc["results"][0])
    path = tmp_path / "dup.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert "two results" in one_line_error(*run(capsys, "report", str(path), "--html", str(tmp_path / "o.html")))


@pytest.mark.parametrize("argv, expected", [
    (["GOOD", "GOOD", "--html", "x.html"], "one report at a time"),
    (["GOOD", "--html", "-", "--json"], "both print on stdout"),
    (["compare", "GOOD"], "compare needs two reports"),
    (["compare", "GOOD", "GOOD", "GOOD"], "compare needs two reports"),
    (["compare", "GOOD", "GOOD", "--html", "x.html"], "--html renders one report"),
    (["GOOD", "--html", "no/such/folder/x.html"], "does not exist"),
    (["GOOD", "--html", "."], "is a folder"),
    (["TMP", "--html", "x.html"], "is a folder"),
])
def test_usage_errors(capsys, monkeypatch, tmp_path, reports, argv, expected):
    monkeypatch.chdir(tmp_path)
    argv = [str(reports["good"]) if a == "GOOD" else str(tmp_path) if a == "TMP" else a for a in argv]
    assert expected in one_line_error(*run(capsys, "report", *argv))
    assert not (tmp_path / "x.html").exists()


def test_cli_process_writes_whole_file_and_stdout(reports, tmp_path):
    out = tmp_path / "r.html"
    proc = referee("report", str(reports["bad"]), "--html", str(out))
    assert proc.returncode == 0 and proc.stderr == ""
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.html"]
    proc = referee("report", str(reports["bad"]), "--html", "-")
    assert proc.stdout == out.read_text(encoding="utf-8")
    proc = referee("report", str(tmp_path / "missing.json"), "--html", str(out))
    assert proc.returncode == 2 and len(proc.stderr.splitlines()) == 1 and "Traceback" not in proc.stderr


# -- compare -------------------------------------------------------------------------------------


def write(tmp_path: Path, name: str, doc: dict) -> Path:
    assert validation_errors("conformance", "report", doc) == [], validation_errors("conformance", "report", doc)
    path = tmp_path / name
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def with_statuses(report: dict, changes: dict[str, str], drop: tuple[str, ...] = ()) -> dict:
    """A copy of ``report`` with some results' statuses changed (totals recomputed)."""
    doc = copy.deepcopy(report)
    doc["results"] = [r for r in doc["results"] if r["id"] not in drop]
    for r in doc["results"]:
        if r["id"] in changes:
            r["status"] = changes[r["id"]]
            for key in ("underlying", "expectation"):
                r.pop(key, None)
            if r["status"] in ("xfail", "xpass"):
                r["expectation"] = {"id": r["id"], "status": "xfail", "reason": "known"}
            if r["status"] == "xfail":
                r["underlying"] = "failed"
    doc["totals"] = {s: sum(r["status"] == s for r in doc["results"]) for s in STATUSES}
    doc["summary"] = summary_counts(doc["totals"])
    doc["clauses"] = clause_rollup(doc["results"])
    return doc


def test_compare_regression_exits_1(capsys, reports):
    code, out, err = run(capsys, "report", "compare", str(reports["good"]), str(reports["bad"]))
    assert code == 1 and err == ""
    assert f"regressed (passing before, failing now): {len(BUGGY)}" in out
    assert "mlem-0077        passed -> failed" in out and "value at /state/rocket/space: expected 3, got 4" in out
    assert "mlem-0076        passed -> xfail" in out  # an expected failure is still a regression
    assert out.rstrip().endswith(f"0 fixed, {len(BUGGY)} regressed, 0 new, 0 removed, 0 other changes")


def test_compare_fix_exits_0_and_json(capsys, reports):
    code, out, err = run(capsys, "report", "compare", str(reports["bad"]), str(reports["good"]), "--json")
    assert code == 0 and err == ""
    doc = json.loads(out)
    assert [e["id"] for e in doc["fixed"]] == sorted(BUGGY)
    assert {(e["old"], e["new"]) for e in doc["fixed"]} == {("failed", "passed"), ("xfail", "passed")}
    assert doc["regressed"] == doc["new_vectors"] == doc["removed_vectors"] == doc["changed"] == []
    old = load(reports["bad"])
    assert doc["old"]["summary"] == {"passed": len(old["results"]) - len(BUGGY), "failed": len(BUGGY) - 1, "skipped": 0}
    assert doc["new"]["summary"]["failed"] == 0


def test_compare_same_report(capsys, reports):
    code, out, _ = run(capsys, "report", "compare", str(reports["bad"]), str(reports["bad"]), "--json")
    doc = json.loads(out)
    assert code == 0 and doc["fixed"] == doc["regressed"] == doc["changed"] == []
    assert doc["still_failing"] == sorted(BUGGY)


def test_compare_new_removed_and_other_changes(capsys, tmp_path, reports):
    bad = load(reports["bad"])
    old = write(tmp_path, "old.json", with_statuses(bad, {}, drop=("mlem-0001",)))
    new = write(tmp_path, "new.json", with_statuses(
        bad, {"mlem-0077": "errored", "mlem-0002": "skipped", "mlem-0078": "xfail", "mlem-0076": "xpass"},
        drop=("mlem-0003", "mlem-0179")))
    code, out, _ = run(capsys, "report", "compare", str(old), str(new), "--json")
    doc = json.loads(out)
    assert code == 0
    assert [e["id"] for e in doc["new_vectors"]] == ["mlem-0001"]
    assert [(e["id"], e["old"]) for e in doc["removed_vectors"]] == [("mlem-0003", "passed"), ("mlem-0179", "failed")]
    assert [(e["id"], e["old"], e["new"]) for e in doc["changed"]] == [
        ("mlem-0002", "passed", "skipped"), ("mlem-0077", "failed", "errored"), ("mlem-0078", "failed", "xfail")]
    assert [(e["id"], e["old"], e["new"]) for e in doc["fixed"]] == [("mlem-0076", "xfail", "xpass")]
    code, text, _ = run(capsys, "report", "compare", str(old), str(new))
    assert "new vectors: 1" in text and "removed vectors: 2" in text and "other status changes: 3" in text


def test_compare_not_run_is_a_status(tmp_path, reports):
    good = load(reports["good"])
    stopped = copy.deepcopy(good)
    stopped["results"] = [r for r in stopped["results"] if r["id"] != "mlem-0005"]
    stopped["not_run"] = ["mlem-0005"]
    stopped["stopped"] = "fail-fast"
    diff = compare_reports(good, stopped)
    assert [(e["id"], e["old"], e["new"]) for e in diff["changed"]] == [("mlem-0005", "passed", "not-run")]
    assert diff["removed_vectors"] == []


def test_compare_bad_input(capsys, tmp_path, reports):
    other = load(reports["good"])
    other["game"] = "celestia"
    path = write(tmp_path, "other.json", other)
    line = one_line_error(*run(capsys, "report", "compare", str(reports["good"]), str(path)))
    assert "'celestia'" in line
    missing = tmp_path / "missing.json"
    line = one_line_error(*run(capsys, "report", "compare", str(missing), str(reports["good"])))
    assert str(missing) in line


# -- a real browser ------------------------------------------------------------------------------


def chromium_binary() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        found = shutil.which(name)
        if found:
            return found
    return None


class RecordingProxy:
    """An HTTP proxy on 127.0.0.1 that records every request and answers 404 to each."""

    def __init__(self) -> None:
        seen = self.seen = []

        class Handler(http.server.BaseHTTPRequestHandler):
            def answer(self):
                seen.append((self.command, self.path))
                self.send_response(404)
                self.send_header("Content-Length", "0")
                self.end_headers()

            do_GET = do_POST = do_HEAD = do_PUT = do_OPTIONS = do_CONNECT = answer

            def log_message(self, *args):
                pass

        self.server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()

    @property
    def port(self) -> int:
        return self.server.server_address[1]


BROWSER_SERVICES = (".google.com", ".googleapis.com", ".gvt1.com", ".gstatic.com", ".chromium.org")
"""Hosts Chromium talks to on its own (updates, sign-in, time) whatever the page; the pages
tested never name them (checked), so a request to one is the browser's, not the page's."""
QUIET = ["--disable-extensions", "--disable-default-apps", "--no-pings", "--disable-domain-reliability",
         "--disable-client-side-phishing-detection", "--metrics-recording-only", "--no-default-browser-check",
         "--disable-features=NetworkTimeServiceQuerying,OptimizationHints,MediaRouter,Translate,"
         "AutofillServerCommunication,CertificateTransparencyComponentUpdater"]


def browse(binary: str, url: str, proxy: RecordingProxy, tmp: Path, *, screenshot: Path | None = None):
    """Loads ``url`` in headless Chromium; returns (DOM, hosts the browser asked the proxy for)."""
    before = len(proxy.seen)
    profile = tmp / f"profile-{before}-{os.getpid()}"
    argv = [binary, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--no-first-run", f"--user-data-dir={profile}",
            # every request goes to the recording proxy, loopback included; nothing leaves the machine
            f"--proxy-server=http://127.0.0.1:{proxy.port}", "--proxy-bypass-list=<-loopback>",
            "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1", "--virtual-time-budget=3000", *QUIET]
    argv += [f"--screenshot={screenshot}", "--window-size=1280,2000"] if screenshot else ["--dump-dom"]
    proc = subprocess.run([*argv, url], capture_output=True, text=True, timeout=120, cwd=tmp)
    assert proc.returncode == 0, proc.stderr[-2000:]
    hosts = set()
    for method, target in proxy.seen[before:]:
        hosts.add(target.split(":")[0] if method == "CONNECT" else target.split("/")[2].split(":")[0])
    return proc.stdout, hosts


@pytest.fixture(scope="module")
def chromium():
    binary = chromium_binary()
    if binary is None:
        pytest.skip("no chromium binary on PATH (Debian: apt-get install -y chromium); "
                    "the HTML report is still checked with a parser")
    return binary


def test_report_in_headless_chromium(chromium, reports, tmp_path):
    html = tmp_path / "bad.html"
    assert main(["report", str(reports["bad"]), "--html", str(html)]) == 0
    hostile_json = write(tmp_path, "hostile.json", hostile(load(reports["bad"])))
    hostile_html = tmp_path / "hostile.html"
    assert main(["report", str(hostile_json), "--html", str(hostile_html)]) == 0
    blank = tmp_path / "blank.html"
    blank.write_text("<!DOCTYPE html><title>blank</title><p>blank</p>", encoding="utf-8")
    control = tmp_path / "control.html"
    control.write_text('<!DOCTYPE html><title>control</title>'
                       '<link rel="stylesheet" href="https://canary.invalid/c.css">'
                       '<img src="http://canary.invalid/i.png">', encoding="utf-8")
    with RecordingProxy() as proxy:
        _, browser_own = browse(chromium, blank.as_uri(), proxy, tmp_path)  # the browser's own chatter
        _, control_hosts = browse(chromium, control.as_uri(), proxy, tmp_path)
        dom, hosts = browse(chromium, html.as_uri(), proxy, tmp_path)
        hostile_dom, hostile_hosts = browse(chromium, hostile_html.as_uri(), proxy, tmp_path)
        shot = tmp_path / "bad.png"
        browse(chromium, html.as_uri(), proxy, tmp_path, screenshot=shot)
    def page_made(found: set[str]) -> set[str]:
        return {x for x in found - browser_own if not ("." + x).endswith(BROWSER_SERVICES)}

    for page_file in (html, hostile_html):
        assert not any(service[1:] in page_file.read_text(encoding="utf-8") for service in BROWSER_SERVICES)
    # the detector works: a page with external resources is caught
    assert page_made(control_hosts) == {"canary.invalid"}
    # the report pages ask for nothing: no request beyond the browser's own chatter
    assert page_made(hosts) == set() and page_made(hostile_hosts) == set()
    page = Page(dom)
    assert page.by_attr[("data-summary", "passed")] == [str(len(load(reports["bad"])["results"]) - len(BUGGY))]
    assert page.by_attr[("data-summary", "failed")] == [str(len(BUGGY) - 1)]
    assert page.first("total-failed") == str(len(BUGGY) - 1) and page.first("total-xfail") == "1"
    assert "/state/rocket/space" in page.first("result-mlem-0077")
    assert "--id mlem-0077" in page.first("result-mlem-0077")
    assert not any(t in ("script", "img", "iframe", "object", "link") for t, _ in Page(hostile_dom).tags)
    assert HOSTILE in Page(hostile_dom).text
    assert shot.is_file() and shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 10_000
