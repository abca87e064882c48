"""The documentation site (mkdocs.yml, docs/): generated from spec/, features/ and vectors/.

The generated pages are committed, so they must equal a fresh generation (``referee docs``);
the site must build with ``mkdocs build --strict`` (a broken link or anchor fails it); and in
the built HTML every clause is an anchor with the scenarios exercising it beneath.
"""

from __future__ import annotations

import functools
import importlib.util
import os
import shutil
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from types import MappingProxyType

import pytest
import yaml

from tabletop_referee.cli import main
from tabletop_referee import render
from tabletop_referee.render import _gherkin_index, gherkin_text, render_markdown, stale_pages
from tabletop_referee.spec import coverage, load_scenarios, load_spec

REPO = Path(__file__).resolve().parents[1]
DOCS = REPO / "docs"
SPEC = load_spec("mlem")
COVERAGE = coverage("mlem")


@functools.cache
def site_pages(game: str) -> MappingProxyType:
    """``render.site_pages(game)``, rendered once for the module (read-only: several tests read it)."""
    return MappingProxyType(render.site_pages(game))


def run(capsys, *argv: str) -> tuple[int, str, str]:
    capsys.readouterr()
    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


def test_generated_pages_are_up_to_date():
    assert stale_pages("mlem", DOCS) == [], "docs/ is stale: run `referee docs --game mlem`"


def test_single_page_rules_is_one_of_them():
    assert site_pages("mlem")["mlem/rules.md"] == render_markdown("mlem")


def test_rendered_gherkin_has_the_steps_the_loader_reads():
    """The pages show each scenario as written (background, tables, doc strings); its steps are
    exactly those tabletop_referee.spec.load_scenarios gives, in order."""
    written = _gherkin_index("mlem")
    keywords = ("Given ", "When ", "Then ", "And ", "But ", "* ")
    tables = 0
    for s in load_scenarios("mlem"):
        text = gherkin_text(s, written[(s.feature, s.line)])
        steps = [tuple(line.strip().split(" ", 1)) for line in text.splitlines() if line.strip().startswith(keywords)]
        assert steps == [(k, t) for k, t in s.steps], f"{s.feature}:{s.line}"
        assert f"Example: {s.name}" in text or f"Scenario: {s.name}" in text
        assert " ".join(s.tags) in text
        tables += any(line.strip().startswith("|") for line in text.splitlines())
    assert tables >= 10  # data tables are rendered too


def nav_pages(nav) -> list[str]:
    if isinstance(nav, str):
        return [nav]
    if isinstance(nav, list):
        return [p for item in nav for p in nav_pages(item)]
    if isinstance(nav, dict):
        return [p for value in nav.values() for p in nav_pages(value)]
    return []


def site_nav() -> list:
    """The nav of the site as the hook completes it (the games' sections put in)."""
    config = yaml.safe_load((REPO / "mkdocs.yml").read_text(encoding="utf-8"))
    return load_hook().on_config({"nav": config["nav"], "docs_dir": str(DOCS)})["nav"]


def test_every_generated_page_is_in_the_nav():
    config = yaml.safe_load((REPO / "mkdocs.yml").read_text(encoding="utf-8"))
    assert config["strict"] is True and config["validation"]["anchors"] == "warn"
    assert not any("mlem/" in p for p in nav_pages(config["nav"])), "mkdocs.yml lists game pages by hand"
    listed = nav_pages(site_nav())
    for game in _GAMES:
        missing = [p for p in site_pages(game) if p not in listed]
        assert missing == [], f"{game}: the hook's game section misses {missing} (tools/build_docs.py, game_sections)"
        area_pages = [p for p in listed if p.startswith(f"{game}/clauses/")]
        assert area_pages == [f"{game}/clauses/{a['id']}.md" for a in load_spec(game).areas]  # in the spec's order


def test_the_nav_has_a_section_per_registered_game_titled_from_its_info():
    titles = [next(iter(item)) for item in site_nav() if isinstance(item, dict)]
    for game, title in _GAMES.items():
        assert title in titles, f"no nav section {title!r} for {game}"


def test_a_new_game_folder_gets_its_section_without_an_edit(tmp_path):
    hook = load_hook()  # toad: a game id no package registers
    (tmp_path / "toad" / "clauses").mkdir(parents=True)
    for page in ("index.md", "clauses/turn.md", "clauses/dice.md", "disputes.md", "notes.md"):
        (tmp_path / "toad" / page).write_text(f"# Toad {page}\n", encoding="utf-8")
    (tmp_path / "index.md").write_text("# Home\n", encoding="utf-8")
    nav = hook.on_config({"nav": [{"Home": "index.md"}, {"Games": []}], "docs_dir": str(tmp_path)})["nav"]
    assert nav == [{"Home": "index.md"}, {"Toad index.md": [
        {"Overview": "toad/index.md"}, {"Rules by area": ["toad/clauses/dice.md", "toad/clauses/turn.md"]},
        {"Disputes": "toad/disputes.md"}, {"Toad notes.md": "toad/notes.md"}]}]


def test_no_page_of_docs_lands_in_more():
    """Every hand-written page has its place in the nav (the hook's "More" is a safety net)."""
    assert load_hook().unlisted_pages(DOCS, site_nav()) == []


def test_packaged_site_shows_every_link_leaving_the_docs_as_text(tmp_path):
    """In a site written by `referee docs --site` (no repository around it) a link leaving the
    docs becomes text even when its target is missing (the strict build would fail on it)."""
    hook = load_hook()
    text = "see [the schema](../schemas/mlem/gone.schema.json) and [page](other.md)\n"
    assert hook._unlink_outside(text, "logs.md", DOCS) == text  # in a checkout: a broken link, left to mkdocs
    assert hook._unlink_outside(text, "logs.md", DOCS, packaged=True) == "see the schema and [page](other.md)\n"


def test_docs_check_and_write(capsys, tmp_path):
    docs = tmp_path / "docs"
    shutil.copytree(DOCS, docs)
    assert run(capsys, "docs", "--game", "mlem", "-o", str(docs), "--check")[0] == 0
    travel = docs / "mlem" / "clauses" / "travel.md"
    travel.write_text(travel.read_text(encoding="utf-8").replace("travel.roll", "travel.rol"), encoding="utf-8")
    (docs / "mlem" / "clauses" / "gone.md").write_text("# an area no longer in the spec\n", encoding="utf-8")
    (docs / "mlem" / "disputes.md").unlink()
    code, out, _ = run(capsys, "docs", "--game", "mlem", "-o", str(docs), "--check")
    assert code == 1
    assert [line.split("/docs/")[-1] for line in out.splitlines() if line.startswith("stale: ")] == [
        "mlem/clauses/travel.md", "mlem/disputes.md", "mlem/clauses/gone.md"]
    code, out, _ = run(capsys, "docs", "--game", "mlem", "-o", str(docs))
    assert code == 0 and "(3 changed)" in out
    assert stale_pages("mlem", docs) == [] and not (docs / "mlem" / "clauses" / "gone.md").exists()
    code, _, err = run(capsys, "docs", "--game", "mlem", "-o", str(tmp_path / "nope"))
    assert code == 2 and err.startswith("referee docs: error: ") and len(err.splitlines()) == 1


def checkout_copy(tmp: Path) -> Path:
    """A copy of the checkout for a docs build: docs/, mkdocs.yml and tools/ copied (to be
    changed), every other top-level entry linked (pages may link to files outside docs/)."""
    shutil.copy(REPO / "mkdocs.yml", tmp / "mkdocs.yml")
    shutil.copytree(REPO / "tools", tmp / "tools", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(DOCS, tmp / "docs")
    for entry in REPO.iterdir():
        if entry.name not in ("docs", "tools", "mkdocs.yml", "site", ".git") and not (tmp / entry.name).exists():
            (tmp / entry.name).symlink_to(entry)
    return tmp


def build(root: Path, *extra: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")  # mkdocs-material's banner about its future
    return subprocess.run([sys.executable, "-m", "mkdocs", "build", *extra, "--config-file", str(root / "mkdocs.yml"),
                           "--site-dir", str(root / "site")],
                          capture_output=True, text=True, cwd=root, env=env, timeout=300)


def load_hook():
    spec = importlib.util.spec_from_file_location("build_docs", REPO / "tools" / "build_docs.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_hook_turns_links_outside_the_docs_into_text(tmp_path):
    hook = load_hook()
    docs = tmp_path / "docs"
    (docs / "mlem").mkdir(parents=True)
    (tmp_path / "schemas").mkdir()
    (tmp_path / "schemas" / "log.json").write_text("{}", encoding="utf-8")
    md = ("[`log`](../../schemas/log.json) [page](../index.md) [gone](../../schemas/gone.json) "
          "[web](https://example.org/x) ![img](../../schemas/log.json)\n"
          "```text\n[`log`](../../schemas/log.json)\n```\n[again](../../schemas/log.json#top)\n")
    assert hook._unlink_outside(md, "mlem/page.md", docs) == (
        "`log` [page](../index.md) [gone](../../schemas/gone.json) "
        "[web](https://example.org/x) ![img](../../schemas/log.json)\n"
        "```text\n[`log`](../../schemas/log.json)\n```\nagain\n")


def test_hook_lists_unlisted_pages_under_more(tmp_path):
    hook = load_hook()
    (tmp_path / "mlem").mkdir()
    for page in ("index.md", "explain.md", "mlem/rules.md"):
        (tmp_path / page).write_text(f"# Title of {page}\n", encoding="utf-8")
    nav = [{"Home": "index.md"}, {"Rules": ["mlem/rules.md"]}]
    config = hook.on_config({"nav": nav, "docs_dir": str(tmp_path)})
    assert config["nav"][-1] == {"More": [{"Title of explain.md": "explain.md"}]}
    assert hook.on_config({"nav": None, "docs_dir": str(tmp_path)})["nav"] is None


# -- the built site -----------------------------------------------------------------------------


class Sections(HTMLParser):
    """Walks a built page: which clause section each scenario heading (h3.scenario) is in."""

    def __init__(self, clause_ids: set[str]) -> None:
        super().__init__(convert_charrefs=True)
        self.clause_ids = clause_ids
        self.anchors: list[str] = []
        self.ids: set[str] = set()
        self.current: str | None = None
        self.scenarios: dict[str, list[tuple[str | None, str]]] = {}
        self._heading: list[str] | None = None
        self._heading_id: str | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(a["id"])
        if a.get("id") in self.clause_ids:
            self.current = a["id"]
            self.anchors.append(a["id"])
            self.scenarios.setdefault(self.current, [])
        if tag == "h3" and "scenario" in (a.get("class") or "").split():
            self._heading, self._heading_id = [], a.get("id")

    def handle_data(self, data):
        if self._heading is not None:
            self._heading.append(data)

    def handle_endtag(self, tag):
        if tag == "h3" and self._heading is not None:
            name = "".join(self._heading).replace("¶", "").strip()
            self.scenarios[self.current].append((self._heading_id, name))
            self._heading = None


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """The generator run into a temporary copy of the docs, built with mkdocs --strict."""
    pytest.importorskip("mkdocs", reason="the docs extras are not installed: pip install -e '.[docs]'")
    pytest.importorskip("material", reason="mkdocs-material is not installed: pip install -e '.[docs]'")
    tmp = checkout_copy(tmp_path_factory.mktemp("site"))
    for page in site_pages("mlem"):  # generated here, not taken from the commit
        (tmp / "docs" / page).unlink()
    assert main(["docs", "--game", "mlem", "-o", str(tmp / "docs")]) == 0
    (tmp / "docs" / "zz-added-later.md").write_text("# A page added later\n\nSee [home](index.md).\n",
                                                   encoding="utf-8")
    proc = build(tmp, "--strict")
    assert proc.returncode == 0, proc.stderr[-4000:]
    assert "WARNING" not in proc.stderr
    return tmp / "site"


def parse(path: Path) -> Sections:
    parser = Sections(set(SPEC.clause_ids))
    parser.feed(path.read_text(encoding="utf-8"))
    return parser


def test_every_clause_is_an_anchor_with_its_scenarios_beneath(site):
    seen: dict[str, list[tuple[str | None, str]]] = {}
    for area in SPEC.areas:
        page = parse(site / "mlem" / "clauses" / f"{area['id']}.html")
        expected = [c.id for c in SPEC.clauses if c.area == area["id"]]
        assert page.anchors == expected, area["id"]
        seen.update(page.scenarios)
    assert sorted(seen) == sorted(SPEC.clause_ids)
    for cid, scenarios in COVERAGE.items():
        want = [(next(t[4:] for t in s.tags if t.startswith("@id:")), s.name) for s in scenarios]
        assert seen[cid] == want, cid
    assert sum(len(v) for v in seen.values()) == sum(len(v) for v in COVERAGE.values()) > 300


def test_clause_pages_show_scenarios_as_gherkin(site):
    html = (site / "mlem" / "clauses" / "travel.html").read_text(encoding="utf-8")
    section = html[html.index('id="travel.allowed-faces"'):html.index('id="travel.whole-group"')]
    assert "A face not printed at the space is refused" in section
    assert "The choices offered are the rolled faces printed at the space" in section
    assert "@id:mlem-0184" in section and "mlem-0185" in section
    assert 'class="language-gherkin' in section or 'class="highlight' in section
    assert "../sources.html#source-BGA-help" in section
    for cid, text in (("crash.parachute", "parachute"), ("power.die-one", "Die-1")):
        page = (site / "mlem" / "clauses" / f"{SPEC.clause(cid).area}.html").read_text(encoding="utf-8")
        assert f'id="{cid}"' in page
        assert COVERAGE[cid][0].name.replace("'", "&#39;") in page or COVERAGE[cid][0].name in page


def test_disputes_sources_and_coverage_pages(site):
    disputes = parse(site / "mlem" / "disputes.html")
    assert {f"dispute-{d['id']}" for d in SPEC.disputes} <= disputes.ids
    sources = parse(site / "mlem" / "sources.html")
    assert {f"source-{s['tag']}" for s in SPEC.sources} <= sources.ids
    cov = (site / "mlem" / "coverage.html").read_text(encoding="utf-8")
    for cid in SPEC.clause_ids:
        assert f'#{cid}"' in cov
    assert "mlem-0186" in cov  # a scenario not exportable as a vector, with its reason
    # a clause that cites a dispute links to it
    page = (site / "mlem" / "clauses" / "travel.html").read_text(encoding="utf-8")
    assert "../disputes.html#dispute-dice-selection" in page


def test_hand_written_pages_and_later_ones_are_in_the_nav(site):
    index = (site / "index.html").read_text(encoding="utf-8")
    for page in ("protocol.html", "vectors.html", "conformance.html", "mlem/interchange.html",
                 "benchmarks.html", "zz-added-later.html"):
        assert (site / page).is_file()
        assert f'href="{page}"' in index, page
    for optional in ("explain", "logs"):
        if (DOCS / f"{optional}.md").is_file():
            assert f'href="{optional}.html"' in index


def test_site_makes_no_external_requests(site):
    html = (site / "mlem" / "clauses" / "travel.html").read_text(encoding="utf-8")
    assert "fonts.googleapis.com" not in html and "fonts.gstatic.com" not in html
    for attr in ("src=", 'rel="stylesheet" href='):
        for chunk in html.split(attr)[1:]:
            assert not chunk.lstrip("\"'").startswith(("http:", "https:", "//")), chunk[:80]


def test_strict_build_fails_on_a_broken_link(tmp_path):
    pytest.importorskip("mkdocs", reason="the docs extras are not installed: pip install -e '.[docs]'")
    pytest.importorskip("material", reason="mkdocs-material is not installed: pip install -e '.[docs]'")
    checkout_copy(tmp_path)
    page = tmp_path / "docs" / "index.md"
    page.write_text(page.read_text(encoding="utf-8") + "\n[gone](mlem/clauses/travel.md#travel.no-such) "
                    "[schema](../schemas/mlem/state.schema.json) [typo](../schemas/mlem/stat.schema.json)\n",
                    encoding="utf-8")
    proc = build(tmp_path)  # mkdocs.yml says strict: true
    assert proc.returncode != 0
    assert "does not contain an anchor '#travel.no-such'" in proc.stderr
    assert "'../schemas/mlem/stat.schema.json'" in proc.stderr  # outside docs/ and missing: reported
    warnings = [line for line in proc.stderr.splitlines() if line.startswith("WARNING")]
    assert len(warnings) == 2  # outside docs/ but there (state.schema.json): shown as text


# -- the vector index and the sources pages (no build needed) --------------------------------

import json as _json
import re as _re

from tabletop_referee.games import GAMES as _GAMES


@pytest.mark.parametrize("game", list(_GAMES))
def test_vector_index_lists_every_vector_and_its_links_resolve(game):
    page = site_pages(game)[f"{game}/vectors.md"]
    ids = [v["id"] for f in sorted((REPO / "vectors" / game).glob("*.json"))
           for v in _json.loads(f.read_text(encoding="utf-8"))["vectors"]]
    assert ids
    rows = _re.findall(r"^\| \[?`([^`]+)`", page, _re.M)
    assert sorted(rows) == sorted(ids)
    linked = 0
    for target, anchor in _re.findall(r"\]\((clauses/[\w-]+\.md)#([\w.-]+)\)", page):
        text = (DOCS / game / target).read_text(encoding="utf-8")
        assert f"{{#{anchor} " in text, f"{game}/vectors.md links to {target}#{anchor}, which is no anchor"
        linked += 1
    assert linked > len(ids)  # every scenario vector links to its scenario, every clause to its clause
    scenario_links = set(_re.findall(r"^\| \[`([^`]+)`\]\(clauses/", page, _re.M))
    # every vector exported from a scenario (its siblings under other readings too) links to it
    from_features = {v["id"] for f in sorted((REPO / "vectors" / game).glob("*.json"))
                     for v in _json.loads(f.read_text(encoding="utf-8"))["vectors"]
                     if v.get("source", "").startswith("features/")}
    assert from_features and from_features <= scenario_links, sorted(from_features - scenario_links)[:5]


@pytest.mark.parametrize("game", list(_GAMES))
def test_sources_page_says_what_each_source_is(game):
    page = site_pages(game)[f"{game}/sources.md"]
    sources = load_spec(game).sources
    assert page.count("- **What it is:** ") == len(sources)
    for s in sources:
        block = page.split(f"{{#source-{s['tag']} .source}}", 1)[1].split("\n## ", 1)[0]
        words = block.split("- **What it is:** ", 1)[1].splitlines()[0]
        if s.get("kind") == "seed":
            assert "not shipped" in words
            assert (f"]({s['url']})" in words) if s.get("url") else ("no public copy" in words)
        else:
            assert f"]({s['ref']})" in words


def test_the_primary_seed_sources_link_their_public_copy():
    for game in _GAMES:
        for s in load_spec(game).sources:
            if s.get("kind") == "seed" and s.get("reliability") == "primary":
                assert str(s.get("url", "")).startswith("https://"), (game, s["tag"])


def test_dispute_examples_leave_out_question_files_the_loader_refuses(tmp_path, monkeypatch):
    """The disputes pages quote question files (tests/explain_cases/); one the input boundary
    refuses (not YAML, past a limit, not UTF-8, too large) is left out, never a traceback."""
    from tabletop_referee import render

    cases = tmp_path / "tests" / "explain_cases"
    cases.mkdir(parents=True)
    (cases / "a-good.yaml").write_text("question: q\nexpect: {answer: 1}\n", encoding="utf-8")
    (cases / "b-not-yaml.yaml").write_text("question: [unclosed\nexpect: {}\n", encoding="utf-8")
    (cases / "c-aliases.yaml").write_text("a: &a [1]\n" + "".join(f"k{i}: *a\n" for i in range(200)) + "expect: {}\n",
                                          encoding="utf-8")
    (cases / "d-latin-1.yaml").write_bytes("question: caf\xe9\nexpect: {}\n".encode("latin-1"))
    (cases / "e-large.yaml").write_text("expect: {}\nquestion: " + "x" * render.MAX_QUESTION_BYTES + "\n",
                                        encoding="utf-8")
    (cases / "f-no-expect.yaml").write_text("question: q\n", encoding="utf-8")
    monkeypatch.setattr(render, "data_root", lambda: tmp_path)
    assert [rel for rel, _ in render._explain_cases("mlem")] == ["tests/explain_cases/a-good.yaml"]
