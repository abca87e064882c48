"""What every command shares: exit codes, argument types, the game lookup and output helpers.

Imports no command module (so no command imports another through it).
"""

from __future__ import annotations

import argparse
import shlex
import sys

from ..errors import UsageError
from ..games import GAMES, all_games, load
from ..games.interface import Game
from ..output import check_output, emit, write_atomically, write_output, write_stdout
from ..style import COLOR_CHOICES, paint, use_color

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2

__all__ = [
    "EXIT_FAILED", "EXIT_OK", "EXIT_USAGE", "UsageError", "add_color_flag", "check_output", "emit", "game_arg",
    "show",
    "adapter_argv", "game_of", "option_arg", "positive", "seconds", "write_atomically", "write_output",
]


def game_arg(name: str) -> str:
    """``--game``: a registered game id."""
    if name not in GAMES:
        raise argparse.ArgumentTypeError(f"unknown game {name!r} (known: {', '.join(GAMES)})")
    return name


def game_of(args: argparse.Namespace) -> Game:
    """The game object the parsed ``--game`` names."""
    return load(args.game)


def positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} must be at least 1")
    return value


MAX_SECONDS = 86400.0
"""The longest timeout accepted (a day): larger values overflow the platform's waits."""


def seconds(text: str) -> float:
    """``--timeout``: a positive, finite number of seconds, at most :data:`MAX_SECONDS`."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"{text!r} must be a positive number of seconds")
    if value > MAX_SECONDS:
        raise argparse.ArgumentTypeError(f"{text!r} is more than the limit of {MAX_SECONDS:g} seconds (a day)")
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


def setup_flags_of(args: argparse.Namespace, game: Game) -> dict[str, str]:
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
