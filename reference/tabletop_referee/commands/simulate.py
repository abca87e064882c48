"""``referee simulate``: random games with the reference engine, summarised."""

from __future__ import annotations

import argparse

from ..simulate import simulate
from ..verify import claimed_scores, log_paths, log_text
from ..output import dumps
from ..style import ProgressLine
from .common import (EXIT_OK, MAX_GAMES, MAX_PLAYERS, UsageError, add_setup_flags, bounded, emit, game_arg, game_of,
                     option_arg, options_of, seed_arg, setup_flags_of, write_atomically)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("simulate", help="play random games with the reference engine",
                       description="Plays seeded random games (uniformly random legal decisions, chance "
                                   "drawn with its probabilities) and prints what they measured: actions, "
                                   "how games ended, scores and the engine's speed.")
    p.add_argument("--game", type=game_arg, required=True, help="the game id")
    p.add_argument("--games", type=bounded(MAX_GAMES, "games"), default=100, help="how many games (default 100)")
    p.add_argument("--seed", type=seed_arg, default=0, help="the seed of the run (default 0)")
    p.add_argument("--players", type=bounded(MAX_PLAYERS, "seats"), help="player count (default: random per game, within the game's range)")
    p.add_argument("--option", type=option_arg, action="append", metavar="NAME=VALUE",
                   help="a rule option, e.g. dice_selection=single-group (repeatable)")
    add_setup_flags(p)
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.add_argument("--log", metavar="FILE",
                   help="write each game's log (docs/logs.md): FILE for one game, else a folder of game-0001.jsonl ...")
    p.set_defaults(func=run)


MAX_LOGS = 100_000
"""The most game logs one ``simulate --log`` writes."""


def run(args: argparse.Namespace) -> int:
    game = game_of(args)
    flags = setup_flags_of(args, game)
    if args.log and args.games > MAX_LOGS:
        raise UsageError(f"--log {args.log}: {args.games:,} games would write {args.games:,} logs (limit {MAX_LOGS:,})")
    log_files = log_paths(args.log, args.games) if args.log else None

    def write_log(index: int, setup: object, played: list[object], state: object) -> None:
        if log_files is None:
            return
        meta = {"source": "referee simulate", "seed": args.seed, "game": index + 1}
        text = log_text(game, game.setup_to_json(setup), played, claimed_scores(game, state), meta)
        try:
            write_atomically(log_files[index], text)
        except OSError as exc:
            raise UsageError(f"--log {log_files[index]}: cannot write: {exc.strerror}") from None

    progress = ProgressLine()  # stderr, on a terminal only

    def each(index: int, setup: object, played: list[object], state: object) -> None:
        write_log(index, setup, played, state)
        progress.show(f"simulate: game {index + 1} of {args.games}")

    try:
        summary, template = simulate(game, games=args.games, seed=args.seed, players=args.players,
                                     options=options_of(args), flags=flags, each=each)
    finally:
        progress.close()
    facts = game.setups.setup_facts(template)
    totals = summary.totals
    doc = {
        "game": args.game,
        **facts,
        "seed": args.seed,
        "games": summary.games,
        "actions": summary.actions,
        **{k: v for k, v in sorted(summary.metrics.items())},
        "end_reasons": dict(sorted(summary.end_reasons.items())),
        "mean_score": round(sum(totals) / len(totals), 2) if totals else 0,
        "max_score": max(totals, default=0),
        "seconds": round(summary.seconds, 3),
        "games_per_second": round(summary.games / summary.seconds, 1) if summary.seconds else None,
    }
    if args.json:
        emit(dumps(doc, indent=2) + "\n")
        return EXIT_OK
    ends = ", ".join(f"{k} {v}" for k, v in doc["end_reasons"].items())
    measured = "".join(f", {v} {k}" for k, v in sorted(summary.metrics.items()))
    variants = facts.get("options", {}).get("variants") or []
    setup_text = "".join(f", {k} {v}" for k, v in facts.items() if k not in ("options", "tokens"))
    if variants:
        setup_text += f", variants {', '.join(variants)}"
    if "tokens" in facts:
        setup_text += f", tokens {facts['tokens']}"
    emit(f"{summary.games} games, {summary.actions} actions{measured} ({ends}); "
         f"mean score {doc['mean_score']}, best {doc['max_score']}; "
         f"{doc['games_per_second']} games/s (seed {args.seed}{setup_text})\n")
    return EXIT_OK
