"""Builds the documentation site; also the mkdocs hook that completes its navigation.

As a script (from the repository root, with the docs extras installed)::

    python tools/build_docs.py [--check] [mkdocs build options, e.g. --site-dir /tmp/site]

regenerates the generated pages (``referee docs --game G`` for every game with a spec) and
runs ``mkdocs build --strict``. With ``--check`` it regenerates nothing and fails (exit 1)
when a generated page is stale, before building.

As a hook (``hooks:`` in mkdocs.yml):

- :func:`on_config` puts one section per game where the ``nav`` says ``- Games: []``, made
  from the game folders of ``docs/`` (:func:`game_sections`: the overview, the rule areas in
  the spec's order, then the game's other pages), so a new game needs no edit of mkdocs.yml;
  then it appends every page of ``docs/`` that the ``nav`` still does not list to a last
  "More" section, so a page added later (docs/explain.md, docs/logs.md, ...) shows up in the
  navigation without an edit here; a ``nav`` entry naming a missing page still fails the
  strict build, as mkdocs reports it.
- :func:`on_page_markdown` turns a relative link that leaves ``docs/`` for a file of the
  repository (``[schema](../schemas/mlem/log.schema.json)``: it works when reading the
  Markdown in the repository, but the site does not carry that file) into its plain text. A
  link to a path that does not exist in the repository is left alone, so the strict build
  still fails on it. In a site written by ``referee docs --site`` (a ``.referee-site`` file
  beside mkdocs.yml) the repository's other files are not there: every link leaving ``docs/``
  becomes text.
"""

from __future__ import annotations

import logging
import os
import posixpath
import re
import subprocess
import sys
from pathlib import Path

MORE = "More"
GAMES = "Games"
"""The ``nav`` entry (``- Games: []``) that :func:`on_config` replaces with the games' sections."""
GAME_PAGES = (("Disputes", "disputes.md"), ("Coverage", "coverage.md"), ("Vector index", "vectors.md"),
              ("Sources", "sources.md"), ("Strength of the suite", "strength.md"), ("All rules on one page", "rules.md"),
              ("Implementing", "implementing.md"), ("Interchange format", "interchange.md"),
              ("Position format", "positions.md"))
"""A game's pages after its overview and rule areas, in this order when present (``referee docs``
writes the first seven; the last two are written by hand); any other page of the game follows."""
LINK = re.compile(r"(?<!!)\[((?:[^\[\]]|\[[^\]]*\])*)\]\(([^()\s]+)\)")
FENCE = re.compile(r"^( {0,3})(`{3,}|~{3,})", re.M)
log = logging.getLogger("mkdocs.hooks.build_docs")


def _listed(nav) -> set[str]:
    """Every page path a mkdocs ``nav`` value names."""
    found: set[str] = set()
    if isinstance(nav, str):
        found.add(nav)
    elif isinstance(nav, list):
        for item in nav:
            found |= _listed(item)
    elif isinstance(nav, dict):
        for value in nav.values():
            found |= _listed(value)
    return found


def _title(page: Path) -> str:
    for line in page.read_text(encoding="utf-8").splitlines():
        if line.startswith("# "):
            return line[2:].strip().replace("`", "")
    return page.stem.replace("-", " ").replace("_", " ").capitalize()


def unlisted_pages(docs_dir: Path, nav) -> list[str]:
    """The Markdown pages under ``docs_dir`` that ``nav`` does not name, sorted by path."""
    listed = _listed(nav)
    pages = sorted(p.relative_to(docs_dir).as_posix() for p in docs_dir.rglob("*.md"))
    return [p for p in pages if p not in listed and not any(part.startswith(".") for part in p.split("/"))]


def _game_title(game: str, folder: Path) -> str:
    """The registered game's title (``GAME.info.title``), else its overview page's heading."""
    try:
        from tabletop_referee.games import GAMES as registered
    except ImportError:  # the hook without the package: the overview's heading will do
        registered = {}
    return registered[game] if game in registered else _title(folder / "index.md")


def _area_order(game: str, folder: Path) -> list[str]:
    """The rule-area pages of a game, in the order of its spec's areas (by name when the spec
    cannot be read here)."""
    pages = sorted(p.stem for p in (folder / "clauses").glob("*.md"))
    try:
        from tabletop_referee.spec import load_spec

        order = [a["id"] for a in load_spec(game).areas]
    except Exception:  # noqa: BLE001 (the hook without the package, or a game without a spec)
        order = []
    return [a for a in order if a in pages] + [a for a in pages if a not in order]


def game_sections(docs_dir: Path) -> list[dict]:
    """One nav section per game folder of ``docs_dir`` (a folder with ``index.md`` and
    ``clauses/``), by game id: overview, rules by area, the pages of GAME_PAGES, then the rest."""
    sections = []
    for folder in sorted(p for p in docs_dir.iterdir() if (p / "index.md").is_file() and (p / "clauses").is_dir()):
        game = folder.name
        items: list = [{"Overview": f"{game}/index.md"},
                       {"Rules by area": [f"{game}/clauses/{a}.md" for a in _area_order(game, folder)]}]
        items += [{title: f"{game}/{name}"} for title, name in GAME_PAGES if (folder / name).is_file()]
        items += [{_title(docs_dir / p): p} for p in unlisted_pages(docs_dir, items) if p.startswith(f"{game}/")]
        sections.append({_game_title(game, folder): items})
    return sections


def on_config(config, **_kwargs):
    """mkdocs hook: the games' sections where the nav says ``- Games: []``, then the pages the
    nav forgot under a last "More" section."""
    nav = config.get("nav")
    if not nav:  # no nav at all: mkdocs lists every page itself
        return config
    docs_dir = Path(config["docs_dir"])
    at = next((i for i, item in enumerate(nav) if isinstance(item, dict) and list(item) == [GAMES]), None)
    if at is not None:
        nav[at:at + 1] = game_sections(docs_dir)
    extra = unlisted_pages(docs_dir, nav)
    if extra:
        more = next((item for item in nav if isinstance(item, dict) and MORE in item), None)
        if more is None:
            more = {MORE: []}
            nav.append(more)
        more[MORE] = list(more[MORE] or []) + [{_title(docs_dir / p): p} for p in extra]
    return config


def outside_link_target(page_src: str, target: str, docs_dir: Path) -> Path | None:
    """The repository path a relative link of page ``page_src`` points at when it leaves
    ``docs_dir``; None for links inside the docs, absolute URLs and anchors."""
    if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:|^/|^#", target):
        return None
    path = target.split("#", 1)[0].split("?", 1)[0]
    joined = posixpath.normpath(posixpath.join(posixpath.dirname(page_src), path))
    if not joined.startswith("../"):
        return None
    return (docs_dir / joined).resolve()


def _unlink_outside(markdown: str, page_src: str, docs_dir: Path, packaged: bool = False) -> str:
    def replace(m: re.Match) -> str:
        target = outside_link_target(page_src, m.group(2), docs_dir)
        if target is None or not (packaged or target.exists()):
            return m.group(0)  # a page of the site, a URL, or a broken link mkdocs will report
        log.info("%s: link to %s outside the docs shown as text", page_src, m.group(2))
        return m.group(1)

    # links inside fenced code blocks are code, not links
    out, fence = [], None
    for chunk in re.split(r"(^ {0,3}(?:`{3,}|~{3,}).*$)", markdown, flags=re.M):
        m = FENCE.match(chunk)
        if m:
            marker = m.group(2)
            if fence is None:
                fence = marker
            elif marker[0] == fence[0] and len(marker) >= len(fence) and not chunk.strip()[len(marker):]:
                fence = None
            out.append(chunk)
        else:
            out.append(chunk if fence is not None else LINK.sub(replace, chunk))
    return "".join(out)


def on_page_markdown(markdown, page, config, files, **_kwargs):
    """mkdocs hook: links leaving docs/ for a file of the repository become plain text."""
    packaged = (Path(config["config_file_path"]).parent / ".referee-site").is_file()
    return _unlink_outside(markdown, page.file.src_uri, Path(config["docs_dir"]), packaged)


def main(argv: list[str]) -> int:
    root = Path(__file__).resolve().parents[1]
    check = "--check" in argv
    rest = [a for a in argv if a != "--check"]
    from tabletop_referee.cli import main as referee

    games = sorted(p.name for p in (root / "spec").iterdir() if (p / "clauses.yaml").is_file())
    for game in games:
        code = referee(["docs", "--game", game, "-o", str(root / "docs")] + (["--check"] if check else []))
        if code:
            return code
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")  # mkdocs-material's banner about its future
    return subprocess.call([sys.executable, "-m", "mkdocs", "build", "--strict",
                            "--config-file", str(root / "mkdocs.yml"), *rest], cwd=root, env=env)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
