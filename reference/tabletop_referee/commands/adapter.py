"""``referee adapter``: the reference engine served through the adapter protocol."""

from __future__ import annotations

import argparse

from ..adapter import serve
from .common import game_arg


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("adapter", help="serve the reference engine through the adapter protocol (stdin/stdout)",
                       description="Reads protocol requests (docs/protocol.md), one JSON object per line, "
                                   "and answers each with the reference engine of the game.")
    p.add_argument("--game", type=game_arg, required=True, help="the game id")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    return serve([args.game])
