"""``referee playthroughs``: write the golden playthroughs again, or check they are fresh."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..games import GAMES
from ..output import OutputRefused, plain, write_stdout
from ..paths import data_root
from ..playthrough import CASES_FILE, FOLDER, REGENERATE, check, read_cases, write
from .common import EXIT_FAILED, EXIT_OK, UsageError, game_arg


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("playthroughs", help="write the golden playthroughs, or check them (--check)",
                       description="Renders each case of every game's tests/PACKAGE/playthroughs.yaml (a "
                                   "seeded whole game: every step, its events and their clauses, the position "
                                   "now and then, the result) and writes it to tests/playthroughs/GAME/NAME.txt. "
                                   "With --check "
                                   "nothing is written: a file that differs from a fresh rendering is shown "
                                   "as a unified diff and the exit code is 1.")
    p.add_argument("--game", type=game_arg, help="only this game's playthroughs (default: every game)")
    p.add_argument("--check", action="store_true",
                   help="compare instead of writing; exit 1 with a diff when a file is stale")
    p.add_argument("--cases", metavar="FILE",
                   help=f"one list of cases; a case without 'game' is of --game (default: each game's "
                        f"{CASES_FILE.format(package='PACKAGE')} of the checkout)")
    p.add_argument("--output", "-o", metavar="DIR",
                   help=f"the folder of the playthroughs (default: {FOLDER} of the checkout)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    root = data_root()
    if args.cases:
        cases = read_cases(Path(args.cases), game=args.game)
    else:
        cases = read_cases()
        if not cases:
            raise UsageError(f"{root / CASES_FILE.format(package='<package>')}: none found: "
                             "playthroughs run from a source checkout")
    folder = Path(args.output) if args.output else root / FOLDER
    if not folder.is_dir():
        raise UsageError(f"--output {folder}: not a folder")
    games = [args.game] if args.game else list(GAMES)
    if args.check:
        stale = check(cases, folder, games)
        for s in stale:
            write_stdout(plain(s.diff))  # a tampered file's escape sequences never reach the terminal
        if stale:
            again = REGENERATE + (f" --game {args.game}" if args.game else "")
            write_stdout(f"{len(stale)} playthrough(s) stale; if the change is intended, regenerate: {again}\n")
            return EXIT_FAILED
        count = sum(1 for c in cases if c.game in games)
        write_stdout(f"{count} playthrough(s) up to date\n")
        return EXIT_OK
    try:
        written, removed = write(cases, folder, games)
    except (OSError, OutputRefused) as exc:
        raise UsageError(f"--output {folder}: cannot write: {getattr(exc, 'strerror', None) or exc}") from None
    note = f"; removed {', '.join(removed)} (no case names it any more)" if removed else ""
    write_stdout(f"{len(written)} playthrough(s) written to {folder}{note}\n")
    return EXIT_OK
