"""``referee docs``: write the generated pages of the documentation site, or a whole site."""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

from ..games import GAMES
from ..paths import data_root, in_checkout
from ..render import site_pages, stale_pages
from .common import EXIT_FAILED, EXIT_OK, UsageError, game_arg, write_atomically

SITE_MARKER = ".referee-site"
"""The file ``--site`` leaves beside mkdocs.yml: the docs hook (tools/build_docs.py) then shows
links to files outside docs/ (which a site made from a package does not carry) as text."""


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "docs",
        help="write the documentation site: its generated pages, or the whole site (--site)",
        description="Writes the generated pages of the documentation site (per rule area the clauses "
                    "with the scenarios exercising them, disputes, sources, coverage and the one-page "
                    "rules) into a checkout's docs/, or with --site DIR the whole site's sources from "
                    "the installed package (mkdocs.yml, every page, every game) and, when mkdocs is "
                    "installed (the 'docs' extra), the built HTML site in DIR/site.",
    )
    p.add_argument("--game", type=game_arg, help="the game id (required without --site)")
    p.add_argument("--output", "-o", metavar="DOCS_DIR", help="the docs folder (default: the checkout's docs/)")
    p.add_argument("--check", action="store_true",
                   help="write nothing; exit 1 if a generated page is missing or stale")
    p.add_argument("--site", metavar="DIR",
                   help="write the whole site's sources into DIR (needs no checkout) and build it into "
                        "DIR/site when mkdocs is installed")
    p.add_argument("--no-build", dest="build", action="store_false",
                   help="with --site: write the sources only, do not run mkdocs")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.site:
        if args.output or args.check:
            raise UsageError("--site writes a whole site: give it without --output and --check")
        return write_site(Path(args.site), build=args.build)
    if not args.game:
        raise UsageError("give --game GAME (the pages of one game), or --site DIR (the whole site)")
    if args.output:
        out = Path(args.output)
    elif in_checkout():
        out = data_root() / "docs"
    else:
        raise UsageError("no checkout here to write docs/ into: give --site DIR to write and build the "
                         "whole site, or --output DOCS_DIR")
    if not out.is_dir():
        where = "give --output DOCS_DIR" if not args.output else "it must exist"
        raise UsageError(f"{out}: no such docs folder ({where})")
    if args.check:
        stale = stale_pages(args.game, out)
        for page in stale:
            print(f"stale: {out / page}")
        print(f"{len(stale)} stale page(s)" + (f": run referee docs --game {args.game}" if stale else ""))
        return EXIT_FAILED if stale else EXIT_OK
    changed = write_pages(args.game, out)
    print(f"{len(site_pages(args.game))} pages in {out} ({changed} changed)")
    return EXIT_OK


def write_pages(game: str, out: Path) -> int:
    """Writes ``game``'s generated pages under ``out``; returns how many changed."""
    pages = site_pages(game)
    changed = 0
    try:
        for rel, text in pages.items():
            target = out / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            if not target.is_file() or target.read_text(encoding="utf-8") != text:
                write_atomically(target, text)
                changed += 1
        folder = out / game / "clauses"  # wholly generated: drop pages of areas gone
        for old in folder.glob("*.md"):
            if f"{game}/clauses/{old.name}" not in pages:
                old.unlink()
                changed += 1
    except OSError as exc:
        raise UsageError(f"{exc.filename or out}: cannot write: {exc.strerror or exc}") from None
    return changed


def write_site(target: Path, *, build: bool = True) -> int:
    """Writes mkdocs.yml, its hook and every page into ``target``, then builds it if it can."""
    root = data_root()
    config = target / "mkdocs.yml"
    if target.exists() and not target.is_dir():
        raise UsageError(f"{target}: not a folder")
    if target.is_dir() and any(target.iterdir()) and not (target / SITE_MARKER).is_file():
        raise UsageError(f"{target}: a folder that holds other files: give an empty or new folder")
    if target.resolve() == root.resolve():
        raise UsageError(f"{target}: that is where the site's sources come from: give another folder")
    try:
        target.mkdir(parents=True, exist_ok=True)
        (target / SITE_MARKER).write_text("written by referee docs --site\n", encoding="utf-8")
        shutil.copytree(root / "docs", target / "docs", dirs_exist_ok=True)
        (target / "tools").mkdir(exist_ok=True)
        shutil.copyfile(root / "tools" / "build_docs.py", target / "tools" / "build_docs.py")
        shutil.copyfile(root / "mkdocs.yml", config)
    except OSError as exc:
        raise UsageError(f"{exc.filename or target}: cannot write: {exc.strerror or exc}") from None
    games = [g for g in GAMES if (root / "spec" / g / "clauses.yaml").is_file()]
    for game in games:
        write_pages(game, target / "docs")
    pages = sum(1 for _ in (target / "docs").rglob("*.md"))
    print(f"{pages} pages of {len(games)} games and {config} in {target}")
    if not build:
        print(f"build it with: mkdocs build -f {config}")
        return EXIT_OK
    if importlib.util.find_spec("mkdocs") is None or importlib.util.find_spec("material") is None:
        print(f"mkdocs is not installed, so the site was not built: pip install 'tabletop-referee[docs]', "
              f"then: mkdocs build -f {config}")
        return EXIT_OK
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    proc = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet",
                           "--config-file", str(config.resolve()), "--site-dir", str((target / "site").resolve())],
                          cwd=target, env=env, capture_output=True, text=True)
    if proc.returncode != 0:
        last = (proc.stderr.strip().splitlines() or ["(no output)"])[-1]
        print(f"referee docs: mkdocs build failed: {last}", file=sys.stderr)
        return EXIT_FAILED
    print(f"built the site: {(target / 'site' / 'index.html')} (opens from disk; "
          f"mkdocs serve -f {config} serves it)")
    return EXIT_OK
