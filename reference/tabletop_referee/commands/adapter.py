"""``referee adapter``: the reference engine served through the adapter protocol."""

from __future__ import annotations

import argparse

from typing import Any

from ..adapter import serve
from ..games import load
from ..gcpolicy import fewer_full_collections
from .common import UsageError, game_arg, whole


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("adapter", help="serve the reference engine through the adapter protocol (stdin/stdout)",
                       description="Reads protocol requests (docs/protocol.md), one JSON object per line, "
                                   "and answers each with the reference engine of the game.")
    p.add_argument("--game", type=game_arg, required=True, help="the game id")
    p.add_argument("--protocol", type=whole, choices=(1, 2), default=2,
                   help="the highest protocol version to agree to (default 2; 1 serves as a version-1 adapter)")
    p.add_argument("--reading", action="append", default=[], metavar="OPTION=VALUE",
                   help="follow this reading of a rule option only, whatever a state says, and announce just it "
                        "(repeatable): the reference standing in for an implementation of other sourced readings "
                        "(docs/conformance.md, \"Readings\")")
    p.add_argument("--readings-of", metavar="SOURCE", default=None,
                   help="follow every reading the disputes register credits to this source tag (e.g. CODE for "
                        "Seven Knights' BGA implementation, JA for MLEM's Japanese walkthrough); --reading "
                        "values come on top")
    p.set_defaults(func=run)


def parse_readings(game_id: str, given: list[str]) -> dict[str, Any]:
    """``--reading NAME=VALUE`` arguments as option values of the game (one-line errors)."""
    game = load(game_id)
    choices = {o.name: o for o in game.info.options if o.kind == "choice"}
    out: dict[str, Any] = {}
    for text in given:
        name, sep, raw = text.partition("=")
        if not sep or name not in choices:
            known = ", ".join(choices)
            raise UsageError(f"--reading {text}: expected OPTION=VALUE with a rule option of {game_id} ({known})")
        by_text = {(str(v).lower() if isinstance(v, bool) else str(v)): v for v in choices[name].values}
        if raw not in by_text:
            raise UsageError(f"--reading {text}: {name} is one of {', '.join(by_text)}")
        out[name] = by_text[raw]
    return out


def run(args: argparse.Namespace) -> int:
    readings: dict[str, Any] = {}
    if args.readings_of is not None:
        from ..conformance.readings import source_readings  # lazy: only with --readings-of

        sources = source_readings(args.game)
        if args.readings_of not in sources:
            raise UsageError(f"--readings-of {args.readings_of}: no reading of {args.game}'s disputes register is "
                             f"credited to it alone (sources with readings: {', '.join(sources) or 'none'})")
        readings.update(sources[args.readings_of])
    readings.update(parse_readings(args.game, args.reading))
    with fewer_full_collections():  # a long-lived process: fewer full collections (gcpolicy.py)
        return serve([args.game], protocols=tuple(v for v in (1, 2) if v <= args.protocol),
                     readings={args.game: readings} if readings else None)
