"""Builds the documentation site; also the mkdocs hook that completes its navigation.

As a script (from the repository root, with the docs extras installed)::

    python tools/build_docs.py [--check] [mkdocs build options, e.g. --site-dir /tmp/site]

regenerates the generated pages (``referee docs --game G`` for every game with a spec) and
runs ``mkdocs build --strict``. With ``--check`` it regenerates nothing and fails (exit 1)
when a generated page is stale, before building.

As a hook (``hooks:`` in mkdocs.yml):

- :func:`on_config` appends every page of ``docs/`` that the ``nav`` does not list to a last
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


def on_config(config, **_kwargs):
    """mkdocs hook: lists the pages the nav forgot under a last "More" section."""
    nav = config.get("nav")
    if not nav:  # no nav at all: mkdocs lists every page itself
        return config
    docs_dir = Path(config["docs_dir"])
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
