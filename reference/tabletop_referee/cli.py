"""The ``referee`` command line: a thin shell over the pure engines.

The parser is made from the command modules (:mod:`tabletop_referee.commands`); this module
imports them, and none of them imports it. Exit codes: 0 success, 1 a check found problems,
2 bad usage or bad input. Errors are one line on stderr; no traceback reaches the user.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from . import __version__
from .commands import MODULES
from .commands.common import EXIT_FAILED, EXIT_OK, EXIT_USAGE
from .errors import RefereeError, UsageError

__all__ = ["EXIT_FAILED", "EXIT_OK", "EXIT_USAGE", "build_parser", "main"]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="referee",
        description="Executable rules specifications and conformance checks for tabletop games.",
    )
    parser.add_argument("--version", action="version", version=f"referee {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in MODULES:
        importlib.import_module(f"{__package__}.commands.{name}").register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except UsageError as exc:
        print(f"referee {args.command}: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except RefereeError as exc:
        where = f"{exc.path}: " if exc.path not in (None, "$") else ""
        clause = f" [{exc.clause}]" if exc.clause and not exc.clause.startswith("interchange") else ""
        print(f"referee {args.command}: error: {where}{exc.message}{clause}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print(f"referee {args.command}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return EXIT_OK


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
