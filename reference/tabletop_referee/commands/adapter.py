"""``referee adapter``: the reference engine served through the adapter protocol."""

from __future__ import annotations

import argparse

from ..adapter import serve
from .common import game_arg, whole


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("adapter", help="serve the reference engine through the adapter protocol (stdin/stdout)",
                       description="Reads protocol requests (docs/protocol.md), one JSON object per line, "
                                   "and answers each with the reference engine of the game.")
    p.add_argument("--game", type=game_arg, required=True, help="the game id")
    p.add_argument("--protocol", type=whole, choices=(1, 2), default=2,
                   help="the highest protocol version to agree to (default 2; 1 serves as a version-1 adapter)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    return serve([args.game], protocols=tuple(v for v in (1, 2) if v <= args.protocol))
