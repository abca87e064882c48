"""``referee play``: hot-seat play in the terminal against the reference engine."""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

from ..errors import IllegalAction
from ..play import Session
from .common import (EXIT_OK, MAX_PLAYERS, UsageError, add_setup_flags, bounded, game_arg, game_of, index_arg,
                     option_arg, options_of, seed_arg, setup_flags_of, write_atomically)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("play", help="hot-seat play in the terminal against the reference engine",
                       description="Plays a game at the terminal: every decision is a numbered choice or a "
                                   "short action, checked by the reference engine, with the clauses shown as "
                                   "they apply. Chance is a seeded generator or typed in from a real table.")
    p.add_argument("--game", type=game_arg, required=True, help="the game id")
    p.add_argument("--players", type=bounded(MAX_PLAYERS, "seats"), help="player count (default: the game's smallest)")
    p.add_argument("--start-player", type=index_arg(MAX_PLAYERS - 1, "seats"), default=0, help="the first start player (default: 0)")
    p.add_argument("--seed", type=seed_arg, help="seed of the chance outcomes (default: a fresh one, printed)")
    p.add_argument("--option", type=option_arg, action="append", metavar="NAME=VALUE",
                   help="a rule option, e.g. dice_selection=single-group (repeatable)")
    add_setup_flags(p)
    p.add_argument("--dice", choices=["random", "manual"], default="random",
                   help="draw chance outcomes with a seeded generator (default), or type in a real roll or draw")
    p.add_argument("--log", metavar="FILE", help="write the game log here when the game ends or stops")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    game = game_of(args)
    players = args.players if args.players is not None else game.info.players[0]
    low, high = game.info.players
    if not low <= players <= high:
        raise UsageError(f"--players {players}: {game.info.title.split(':')[0]} is for {low} to {high} players")
    if not 0 <= args.start_player < players:
        raise UsageError(f"--start-player {args.start_player}: not one of players 0..{players - 1}")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    setup = game.setups.setup_from_args(players=players, start_player=args.start_player, options=options_of(args),
                                 flags=setup_flags_of(args, game), rng=random.Random(seed))
    log_path = Path(args.log) if args.log else None
    if log_path is not None and (log_path.is_dir() or not log_path.parent.is_dir()):
        raise UsageError(f"--log {args.log}: not a file in an existing folder")
    try:
        session = Session(game, setup, dice=args.dice, rng=random.Random(seed), stdin=sys.stdin, stdout=sys.stdout)
    except IllegalAction as exc:
        raise UsageError(f"{exc.message} [{exc.clause}]") from None
    facts = game.setups.setup_facts(setup)
    described = ", ".join(f"{k} {v}" for k, v in facts.items() if k not in ("options", "tokens"))
    variants = facts.get("options", {}).get("variants") or []
    if variants:
        described += f", variants {', '.join(variants)}" + (f" (tokens {facts['tokens']})" if "tokens" in facts else "")
    session.say(f"{game.info.title.split(':')[0]}: {players} players" + (f", {described}" if described else "")
                + f", dice {args.dice}" + (f" (seed {seed})" if args.dice == "random" else "")
                + "; type a number or a short form, help, or quit")
    try:
        session.run()
    finally:
        if log_path is not None:
            meta = {"source": "referee play", "dice": args.dice}
            if args.dice == "random":
                meta["seed"] = seed
            try:
                write_atomically(log_path, session.log(meta))
            except OSError as exc:
                raise UsageError(f"--log {args.log}: cannot write: {exc.strerror}") from None
            session.say(f"log written to {args.log} ({len(session.actions)} actions)")
    return EXIT_OK
