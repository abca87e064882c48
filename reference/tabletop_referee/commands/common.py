"""What every command shares: exit codes, argument types, the game lookup and output helpers.

Imports no command module (so no command imports another through it).
"""

from __future__ import annotations

import argparse
import shlex
import sys
from collections.abc import Callable

from ..errors import UsageError
from ..games import GAMES, all_games, load
from ..games.roles import GameKit
from ..output import check_output, emit, write_atomically, write_output, write_stdout
from ..style import COLOR_CHOICES, paint, use_color

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2

__all__ = [
    "EXIT_FAILED", "EXIT_OK", "EXIT_USAGE", "UsageError", "add_color_flag", "check_output", "emit", "game_arg",
    "show",
    "adapter_argv", "game_of", "option_arg", "positive", "seconds", "write_atomically", "write_output",
    "MAX_GAMES", "MAX_IMPACT_GAMES", "MAX_SEED", "MAX_WORKERS", "bounded", "seed_arg", "whole", "index_arg", "MAX_PLAYERS",
    "add_mode_help",
]


def game_arg(name: str) -> str:
    """``--game``: a registered game id."""
    if name not in GAMES:
        raise argparse.ArgumentTypeError(f"unknown game {name!r} (known: {', '.join(GAMES)})")
    return name


def game_of(args: argparse.Namespace) -> GameKit:
    """The game object the parsed ``--game`` names."""
    return load(args.game)


def positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{_short(text)} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{_short(text)} must be at least 1")
    return value


MAX_GAMES = 1_000_000_000
"""The most games a command plays (``simulate``, ``fuzz``): about a day of play at 10,000/s."""
MAX_IMPACT_GAMES = 1_000_000
"""The most games per reading of ``disputes impact``: every game's measures stay in memory
(about 22 readings of MLEM at a million games each is already a few GB)."""
MAX_WORKERS = 256
"""The most worker processes (each may start an adapter)."""
MAX_SEED = 2 ** 64 - 1
"""Seeds are whole numbers from -MAX_SEED to MAX_SEED."""


def bounded(limit: int, what: str) -> Callable[[str], int]:
    """An argument type: a whole number from 1 to ``limit`` (``what`` says why the limit)."""
    def parse(text: str) -> int:
        value = positive(text)
        if value > limit:
            raise argparse.ArgumentTypeError(f"{_short(text)} is more than the limit of {limit:,} ({what})")
        return value
    parse.__name__ = "whole number"  # argparse names the type in some messages
    return parse


def _short(text: str) -> str:
    return repr(text if len(text) <= 40 else text[:40] + "…")


def whole(text: str) -> int:
    """A whole number (any size argparse leaves to the command; a long value is shortened in
    the message)."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{_short(text)} is not a whole number") from None


def index_arg(limit: int, what: str) -> Callable[[str], int]:
    """An argument type: a whole number from 0 to ``limit``."""
    def parse(text: str) -> int:
        value = whole(text)
        if not 0 <= value <= limit:
            raise argparse.ArgumentTypeError(f"{_short(text)} is not one of 0..{limit} ({what})")
        return value
    parse.__name__ = "whole number"
    return parse


MAX_PLAYERS = 100
"""The most seats a ``--players`` may ask for (each game then says its own range)."""


def seed_arg(text: str) -> int:
    """``--seed``: a whole number from -MAX_SEED to MAX_SEED."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{_short(text)} is not a whole number") from None
    if abs(value) > MAX_SEED:
        raise argparse.ArgumentTypeError(f"{_short(text)} is outside the seeds' range -{MAX_SEED} to {MAX_SEED}")
    return value


MAX_SECONDS = 86400.0
"""The longest timeout accepted (a day): larger values overflow the platform's waits."""


def seconds(text: str) -> float:
    """``--timeout``: a positive, finite number of seconds, at most :data:`MAX_SECONDS`."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{_short(text)} is not a number of seconds") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"{_short(text)} must be a positive number of seconds")
    if value > MAX_SECONDS:
        raise argparse.ArgumentTypeError(f"{_short(text)} is more than the limit of {MAX_SECONDS:g} seconds (a day)")
    return value


def adapter_argv(text: str) -> list[str]:
    """``--adapter``: split like a shell would (no shell runs it); bad quoting is a usage error."""
    try:
        argv = shlex.split(text)
    except ValueError as exc:
        raise UsageError(f"--adapter {text!r}: {exc}") from None
    if not argv:
        raise UsageError("--adapter: empty command")
    return argv


def option_arg(text: str) -> tuple[str, object]:
    """``--option NAME=VALUE``; ``true``/``false`` become booleans."""
    name, sep, value = text.partition("=")
    if not sep:
        raise argparse.ArgumentTypeError(f"{text!r} is not NAME=VALUE")
    parsed: object = {"true": True, "false": False}.get(value, value)
    return name.strip(), parsed


def add_setup_flags(parser: argparse.ArgumentParser) -> None:
    """Adds every registered game's own setup flags (MLEM's ``--board``...), each once."""
    seen: set[str] = set()
    for game in all_games():
        for flag in game.info.setup_flags:
            if flag.name not in seen:
                seen.add(flag.name)
                parser.add_argument(f"--{flag.name}", metavar=flag.metavar, help=flag.help,
                                    dest=f"setup_{flag.name.replace('-', '_')}")


def setup_flags_of(args: argparse.Namespace, game: GameKit) -> dict[str, str]:
    """The setup flags given on the command line; one a game does not have is a usage error."""
    own = {f.name for f in game.info.setup_flags}
    given = {}
    for key, value in vars(args).items():
        if key.startswith("setup_") and value is not None:
            name = key[len("setup_"):].replace("_", "-")
            if name not in own:
                raise UsageError(f"--{name}: not a setup flag of {game.info.id}"
                                 + (f" (its flags: {', '.join('--' + n for n in sorted(own))})" if own else ""))
            given[name] = value
    return given


def options_of(args: argparse.Namespace) -> dict[str, object]:
    return dict(getattr(args, "option", None) or [])


def add_color_flag(parser: argparse.ArgumentParser) -> None:
    """``--color auto|always|never`` (docs/cli.md)."""
    parser.add_argument("--color", choices=COLOR_CHOICES, default="auto",
                        help="colour the text: auto (the default: only on a terminal, and not when NO_COLOR "
                             "is set or TERM=dumb), always or never")


def show(text: str, args: argparse.Namespace, *, stderr: bool = False) -> None:
    """Writes human text to stdout, or to stderr when stdout carries JSON (``stderr=True``),
    coloured only when that stream is a terminal (``--color``); the words never change."""
    stream = sys.stderr if stderr else sys.stdout
    painted = paint(text, use_color(stream, getattr(args, "color", "auto")))
    if stderr:
        sys.stderr.write(painted)
        sys.stderr.flush()
    else:
        write_stdout(painted)


class _ModeHelp(argparse.Action):
    """``-h/--help`` of a command whose first positional picks a mode (``conform smoke``,
    ``vectors export``): after a mode it prints that mode's own help, with only its flags."""

    def __init__(self, option_strings: list[str], dest: str, *, mode_dest: str,
                 modes: dict[str, tuple[str, tuple[str, ...]]], **kwargs: object) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS,
                         help="show this help message and exit (after a mode: that mode's help)")
        self.mode_dest, self.modes = mode_dest, modes

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        mode = getattr(namespace, self.mode_dest, None)
        if mode not in self.modes:
            parser.print_help()
            parser.exit()
        description, dests = self.modes[mode]
        own = argparse.ArgumentParser(prog=f"{parser.prog} {mode}", description=description)
        for action in parser._actions:
            if action.dest in dests:
                own._add_action(action)  # the same flag objects: one definition, two help texts
        own.print_help()
        parser.exit()


def add_mode_help(parser: argparse.ArgumentParser, mode_dest: str,
                  modes: dict[str, tuple[str, tuple[str, ...]]]) -> None:
    """Gives ``parser`` (made with ``add_help=False``) a ``-h/--help`` that, after the mode
    positional ``mode_dest``, prints that mode's help: ``modes`` maps each mode to its
    description and the dests of the flags it reads."""
    parser.add_argument("-h", "--help", action=_ModeHelp, mode_dest=mode_dest, modes=modes)
