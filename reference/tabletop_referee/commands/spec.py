"""``referee spec``: a game's clauses and disputes as one Markdown page."""

from __future__ import annotations

import argparse

from ..render import render_markdown
from .common import EXIT_OK, emit, game_arg


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("spec", help="render a game's clauses and disputes as Markdown",
                       description="Writes the whole spec of a game (clauses by area, disputes, "
                                   "sources) as one Markdown page.")
    p.add_argument("--game", type=game_arg, required=True, help="the game id")
    p.add_argument("--output", "-o", help="file to write (default: stdout)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    emit(render_markdown(args.game), args.output)
    return EXIT_OK
