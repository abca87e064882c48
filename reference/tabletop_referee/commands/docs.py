"""``referee docs``: write the generated pages of the documentation site."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..paths import data_root
from ..render import site_pages, stale_pages
from .common import EXIT_FAILED, EXIT_OK, UsageError, game_arg, write_atomically


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "docs",
        help="write the generated pages of the documentation site (mkdocs.yml, docs/)",
        description="Writes the generated pages of the documentation site: per rule area the clauses "
                    "with the scenarios exercising them, disputes, sources, coverage and the "
                    "one-page rules. Build the site with 'python tools/build_docs.py'.",
    )
    p.add_argument("--game", type=game_arg, required=True, help="the game id")
    p.add_argument("--output", "-o", metavar="DOCS_DIR", help="the docs folder (default: the checkout's docs/)")
    p.add_argument("--check", action="store_true",
                   help="write nothing; exit 1 if a generated page is missing or stale")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    out = Path(args.output) if args.output else data_root() / "docs"
    if not out.is_dir():
        where = "give --output DOCS_DIR" if not args.output else "it must exist"
        raise UsageError(f"{out}: no such docs folder ({where})")
    if args.check:
        stale = stale_pages(args.game, out)
        for page in stale:
            print(f"stale: {out / page}")
        print(f"{len(stale)} stale page(s)" + (f": run referee docs --game {args.game}" if stale else ""))
        return EXIT_FAILED if stale else EXIT_OK
    pages = site_pages(args.game)
    changed = 0
    try:
        for rel, text in pages.items():
            target = out / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            if not target.is_file() or target.read_text(encoding="utf-8") != text:
                write_atomically(target, text)
                changed += 1
        folder = out / args.game / "clauses"  # wholly generated: drop pages of areas gone
        for old in folder.glob("*.md"):
            if f"{args.game}/clauses/{old.name}" not in pages:
                old.unlink()
                changed += 1
    except OSError as exc:
        raise UsageError(f"{exc.filename or out}: cannot write: {exc.strerror or exc}") from None
    print(f"{len(pages)} pages in {out} ({changed} changed)")
    return EXIT_OK
