"""The front door (issue 28): `referee init adapter`, `referee disputes show`, the impact
summary in words, and the documentation links failures print."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop_referee import impactreport, links
from tabletop_referee.cli import main
from tabletop_referee.games import GAMES
from tabletop_referee.spec import load_spec

REPO = Path(__file__).resolve().parents[1]


def run(capsys, *argv: str) -> tuple[int, str, str]:
    capsys.readouterr()
    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


def referee(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tabletop_referee", *args], cwd=cwd, capture_output=True,
                          text=True, stdin=subprocess.DEVNULL, timeout=600)


# -- referee init adapter -----------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_init_adapter_passes_smoke_for_every_game(game, tmp_path):
    proc = referee("init", "adapter", "--game", game, "my-adapter", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    text = (tmp_path / "my-adapter" / "adapter.py").read_text(encoding="utf-8")
    assert f"GAME = {json.dumps(game)}" in text and "TODO" in text
    assert "referee conform smoke" in (tmp_path / "my-adapter" / "README.md").read_text(encoding="utf-8")
    proc = referee("conform", "smoke", "--game", game, "--adapter", f"{sys.executable} my-adapter/adapter.py",
                   cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert " 0 failed" in proc.stdout


def test_init_adapter_claims_base_and_passes_the_suite(tmp_path):
    assert referee("init", "adapter", "--game", "seven-knights", "a", cwd=tmp_path).returncode == 0
    proc = referee("conform", "-q", "--game", "seven-knights", "--adapter", f"{sys.executable} a/adapter.py",
                   cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.strip().endswith("PASS")


def test_init_js_adapter_delegates_through_the_reference(tmp_path):
    if shutil.which("node") is None:
        pytest.skip("node is not installed: the JavaScript adapter cannot run")
    proc = referee("init", "adapter", "--game", "mlem", "--lang", "js", "js-adapter", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    proc = referee("conform", "smoke", "--game", "mlem", "--adapter", "node js-adapter/adapter.js", cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    proc = referee("conform", "-q", "--game", "mlem", "--adapter", "node js-adapter/adapter.js", "--clause",
                   "crash", cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert " 0 failed" in proc.stdout


def test_init_never_overwrites_unasked(capsys, tmp_path):
    target = tmp_path / "a"
    assert run(capsys, "init", "adapter", "--game", "mlem", str(target))[0] == 0
    (target / "adapter.py").write_text("mine\n", encoding="utf-8")
    code, _, err = run(capsys, "init", "adapter", "--game", "mlem", str(target))
    assert code == 2 and "already exists" in err and "--force" in err
    assert (target / "adapter.py").read_text(encoding="utf-8") == "mine\n"
    assert run(capsys, "init", "adapter", "--game", "mlem", "--force", str(target))[0] == 0
    assert (target / "adapter.py").read_text(encoding="utf-8") != "mine\n"
    (tmp_path / "file").write_text("x", encoding="utf-8")
    code, _, err = run(capsys, "init", "adapter", "--game", "mlem", str(tmp_path / "file"))
    assert code == 2 and "not a folder" in err


# -- referee disputes show ----------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_disputes_show_every_dispute_of_every_game(capsys, game):
    spec = load_spec(game)
    for d in spec.disputes:
        code, out, err = run(capsys, "disputes", "show", game, d["id"])
        assert code == 0, err
        assert out.startswith(d["title"])
        assert "The question:" in out and "The readings:" in out and f"The ruling: {d['ruling']}" in out
        for r in d["readings"]:
            assert f"- {r['id']}" in out
            for tag in r.get("sources") or []:
                assert tag in out
        assert "Measured effect:" in out
        if d.get("option"):
            assert f"--option {d['option']['name']}=" in out


def test_disputes_show_gives_the_measured_effect_in_words(capsys):
    code, out, _ = run(capsys, "disputes", "show", "--game", "mlem", "dice_selection")  # the option name works too
    assert code == 0
    effect = " ".join(out.split("Measured effect:")[1].split())  # unwrapped
    assert "the game is" in effect and "actions longer on average (95% interval" in effect
    assert "the winner changes in" in effect
    assert links.DOCS_URL + "mlem/disputes.md#dispute-dice-selection" in effect  # no site is published: the source


@pytest.mark.parametrize(("argv", "expected"), [
    (["mlem", "no-such"], "mlem has no dispute 'no-such' (its disputes: dice-selection"),
    (["no-such-game", "x"], "unknown game 'no-such-game'"),
    (["dice-selection"], "give GAME ID"),
])
def test_disputes_show_bad_input_is_one_line(capsys, argv, expected):
    code, out, err = run(capsys, "disputes", "show", *argv)
    assert code == 2 and out == ""
    assert expected in err and len(err.strip().splitlines()) == 1


# -- the impact summary in words ------------------------------------------------------------------


def _committed(game: str) -> dict:
    return json.loads((REPO / "spec" / game / "impact.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("game", GAMES)
def test_impact_text_opens_with_disputes_ranked_by_effect(game):
    doc = _committed(game)
    lines = impactreport.text_report(doc).splitlines()
    assert "which disputes matter, largest effect first" in lines[0]
    ranked = [ln.split(" ", 2)[1] for ln in lines[1:] if ln.startswith("- ") and "(" in ln.split(" ", 2)[2][:1]]
    sizes = [impactreport.effect_size(doc, next(d for d in doc["disputes"] if d["id"] == i)) for i in ranked]
    assert ranked and sizes == sorted(sizes, reverse=True) and sizes[0] > 0
    summary = lines[:lines.index("In detail:")]
    assert len(summary) <= 25, "one screen"
    assert all("seat_" not in ln and "mean_score" not in ln for ln in summary)


def test_impact_tables_use_human_labels():
    text = impactreport.text_report(_committed("seven-knights"))
    detail = text.split("In detail:")[1]
    assert "seat 1 wins" in detail and "seat_1_wins" not in detail
    assert "fixed_score = true" in detail and "  false  " not in detail


def test_many_intervals_come_with_a_multiple_comparisons_note():
    doc = _committed("mlem")
    n = impactreport.interval_count(doc)
    assert n > 100
    note = impactreport.multiple_comparisons_note(doc)
    assert f"{n} intervals" in note and "by chance alone" in note
    assert note in impactreport.text_report(doc)
    one = {**doc, "disputes": doc["disputes"][:1]}
    assert impactreport.multiple_comparisons_note(one) == ""  # a handful of intervals: no note


# -- documentation links ------------------------------------------------------------------------


def test_clause_links_point_at_the_clause_anchor_of_its_area_page(monkeypatch):
    monkeypatch.delenv("REFEREE_DOCS_URL", raising=False)
    assert links.clause_page("mlem", "crash.parachute") == links.DOCS_URL + "mlem/clauses/crash.md#crash.parachute"
    assert (REPO / "docs" / "mlem" / "clauses" / "crash.md").read_text(encoding="utf-8").count("{#crash.parachute ") == 1
    assert links.clause_page("mlem", "no.such-clause") is None
    monkeypatch.setenv("REFEREE_DOCS_URL", "https://example.org/docs")
    assert links.clause_page("mlem", "crash.parachute").startswith("https://example.org/docs/mlem/")
    monkeypatch.setenv("REFEREE_DOCS_URL", str(REPO / "site"))
    assert links.docs_page("index.html") == (REPO / "site").as_uri() + "/index.html"
    title, area, text = links.clause_info("mlem", "crash.parachute")
    assert area == "crash" and title and "\n" not in text and len(text) <= 160


def test_docs_links_by_default_open_pages_that_exist_not_an_unpublished_site(monkeypatch):
    """No documentation site is published (nothing in the repository deploys one), so no link
    may name one by default: the links the referee prints, the Project-URLs and the README's links
    open the pages' Markdown sources in the repository, and every page they name is in docs/
    (before, they named https://tabletop-referee.github.io/..., which nobody had published)."""
    import tomllib

    monkeypatch.delenv("REFEREE_DOCS_URL", raising=False)
    assert not (REPO / ".github").exists() or not list((REPO / ".github").rglob("*pages*")), \
        "a site is deployed now: point links.DOCS_URL and the README at it"
    urls = [links.clause_page("mlem", "crash.parachute"), links.docs_page("protocol.html"),
            links.docs_page("celestia/disputes.html", "dispute-x"), links.scenario_page("mlem", "crash.trigger", "v")]
    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]["urls"]
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    urls += [pyproject["Documentation"]] + re.findall(r"\]\((https://[^)\s]+)\)", readme)
    assert not [u for u in urls if "github.io" in u]
    for url in urls:
        if not url.startswith(links.DOCS_URL):
            continue
        page = url[len(links.DOCS_URL):].split("#")[0]
        assert page.endswith(".md") and (REPO / "docs" / page).is_file(), url
    assert sum(u.startswith(links.DOCS_URL) for u in urls) > 10
    page = (REPO / "docs" / "getting-started.md").read_text(encoding="utf-8")
    assert "No documentation site is published yet" in page and "REFEREE_DOCS_URL" in page


def test_a_failing_vector_line_leads_to_the_rule(tmp_path, monkeypatch):
    """The text of a failing run names each clause's title, a line of its rule text and its docs
    link, the scenario's docs page, and hints at stdout noise."""
    adapter = f"{sys.executable} {REPO / 'tests' / 'adapters' / 'garbage.py'}"
    env = dict(os.environ, REFEREE_DOCS_URL="https://docs.example.org/r/")
    proc = subprocess.run([sys.executable, "-m", "tabletop_referee", "conform", "--game", "mlem", "--id", "mlem-0001",
                           "--adapter", adapter], cwd=tmp_path, capture_output=True, text=True, env=env, timeout=300)
    assert proc.returncode == 1, proc.stderr
    title, _, rule = links.clause_info("mlem", "crash.trigger")
    out = proc.stdout
    assert f"  rule crash.trigger: {title}. {rule}" in out
    assert "    https://docs.example.org/r/mlem/clauses/crash.html#crash.trigger" in out
    assert "  scenario: https://docs.example.org/r/mlem/clauses/crash.html#mlem-0001" in out
    assert "log on stderr instead" in out


def test_charts_carry_axis_values():
    import re as _re

    doc = _committed("mlem")
    d = doc["disputes"][0]
    for chart in (impactreport.score_chart(d), impactreport.seat_chart(d, doc["players"])):
        ticks = _re.findall(r'text-anchor="end">(\d+)%</text>', chart)
        assert "0" in ticks and len(ticks) >= 3, ticks
        values = sorted(int(t) for t in ticks)
        assert values == sorted(set(values))  # distinct, evenly stepped values
        steps = {b - a for a, b in zip(values, values[1:])}
        assert len(steps) == 1


def test_impact_html_page_opens_with_the_summary_in_words():
    doc = _committed("seven-knights")
    page = impactreport.html_report(doc)
    assert page.index('id="summary"') < page.index('id="dispute-')
    assert "which disputes matter, largest effect first" in page
    assert 'id="multiple-comparisons"' in page
    assert "seat 1 wins" in page and "<th>seat_1_wins" not in page
    hostile = {**doc, "title": "<script>x</script>"}
    assert "<script>x" not in impactreport.html_report(hostile)


# -- one progress layer ---------------------------------------------------------------------------


class _Stream:
    def __init__(self, tty: bool) -> None:
        self.tty, self.text = tty, ""

    def isatty(self) -> bool:
        return self.tty

    def write(self, s: str) -> int:
        self.text += s
        return len(s)

    def flush(self) -> None:
        pass


@pytest.mark.parametrize("plain", ["1", ""])
def test_progress_draws_only_on_a_terminal_and_leaves_nothing_behind(monkeypatch, plain):
    from tabletop_referee.style import Progress

    monkeypatch.setenv("REFEREE_PLAIN_PROGRESS", plain)
    if not plain:
        pytest.importorskip("rich", reason="the pretty extra draws through rich")
    for tty in (True, False):
        stream = _Stream(tty)
        bar = Progress(8, "impact", unit="games", stream=stream)  # type: ignore[arg-type]
        for done in range(9):
            bar.update(done, "2 failing")
        bar.close()
        if not tty:
            assert stream.text == ""
            continue
        assert "8/8" in stream.text and "2 failing" in stream.text
        assert ("[####" in stream.text) is bool(plain)  # our bar, or rich's
        assert stream.text.endswith("\x1b[K") or stream.text.endswith("\x1b[2K")  # erased at the end


def test_fuzz_draws_its_progress_through_the_shared_layer(monkeypatch):
    """fuzz's bar is the one every command draws (before, fuzz wrote its own line)."""
    from tabletop_referee.conformance.client import default_command
    from tabletop_referee.conformance.fuzz import fuzz

    monkeypatch.setenv("REFEREE_PLAIN_PROGRESS", "1")  # our own line: its text is known
    stream = _Stream(True)
    monkeypatch.setattr(sys, "stderr", stream)
    result = fuzz(default_command("mlem"), game="mlem", games=2, seed=0, progress=True)
    assert result.games == 2 and not result.divergences
    assert "fuzz [" in stream.text and "/2 games" in stream.text and "transitions" in stream.text, stream.text
    assert stream.text.endswith("\r\x1b[K")  # erased at the end
