# PYTHON_ARGCOMPLETE_OK  (shell completion with the 'completion' extra: docs/cli.md)
"""The ``referee`` command line: a thin shell over the pure engines.

The parser is made from the command modules (:mod:`tabletop_referee.commands`); this module
imports them, and none of them imports it. Exit codes: 0 success, 1 a check found problems,
2 bad usage or bad input. Errors are one line on stderr; no traceback reaches the user.
"""

from __future__ import annotations

import sys

try:  # Ctrl-C while the imports run (about a second): one line and 130, as during a command
    import argparse
    import importlib
    import os
    import signal
    import threading

    from . import __version__
    from .commands import MODULES
    from .games import GAMES
    from .commands.common import EXIT_FAILED, EXIT_OK, EXIT_USAGE
    from .errors import RefereeError, UsageError
    from .gcpolicy import exit_quickly
    from .output import StdoutClosed, plain
except KeyboardInterrupt:
    sys.stderr.write("referee: interrupted\n")
    raise SystemExit(130) from None

EXIT_BROKEN_PIPE = 141
"""stdout was a pipe whose reader went away (128 + SIGPIPE, as a shell reports it)."""
EXIT_IO = 74
"""stdout could not be written (a full disk)."""
EXIT_INTERNAL = 70
"""A bug in the referee (reported on one line; REFEREE_DEBUG=1 shows the traceback)."""

__all__ = ["EXIT_FAILED", "EXIT_OK", "EXIT_USAGE", "build_parser", "main"]


ALONE = MODULES
"""Commands whose parser is built alone when the command line names them first: building every
command's parser imports every command module, which cost each ``referee`` start most of a
second of CPU (``referee adapter`` is started once per fuzz worker and conformance run, and the
test suite starts the CLI hundreds of times; docs/benchmarks.md). A command a module registers
under another name (``conform-expect``) still builds the whole parser."""


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The whole parser; with ``only`` (one of :data:`MODULES`), just that command's."""
    parser = argparse.ArgumentParser(
        prog="referee",
        description="Executable rules specifications and conformance checks for tabletop games.",
    )
    parser.add_argument("--version", action="version", version=f"referee {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in (only,) if only in MODULES else MODULES:
        importlib.import_module(f"{__package__}.commands.{name}").register(sub)
    _list_the_games(parser)
    return parser


def _subparsers(parser: argparse.ArgumentParser) -> list[argparse.ArgumentParser]:
    """``parser`` and every parser below it."""
    found = [parser]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for child in dict.fromkeys(action.choices.values()):
                found += _subparsers(child)
    return found


def _list_the_games(parser: argparse.ArgumentParser) -> None:
    """Every ``--game`` says which games there are (in its help, and to shell completion)."""
    for p in _subparsers(parser):
        for action in p._actions:
            if action.dest == "game" and action.option_strings:
                if action.help and "known:" not in action.help:
                    action.help += f" (known: {', '.join(GAMES)})"
                action.completer = lambda **_kw: list(GAMES)  # type: ignore[attr-defined]


def _complete(parser: argparse.ArgumentParser) -> None:
    """Shell completion (argcomplete, the 'completion' extra), only when a shell asks for it."""
    if "_ARGCOMPLETE" not in os.environ:
        return
    try:
        import argcomplete  # lazy: only when a shell asks for completion
    except ImportError:
        return
    argcomplete.autocomplete(parser)


def _alone(argv: list[str]) -> str | None:
    """The command of :data:`ALONE` that ``argv`` names first, if any (never while a shell asks
    for completion, which needs every command)."""
    if argv and argv[0] in ALONE and "_ARGCOMPLETE" not in os.environ:
        return argv[0]
    return None


class Terminated(KeyboardInterrupt):
    """SIGTERM, turned into an interrupt so every command stops the way Ctrl-C stops it:
    adapters killed, partial results written."""


def _on_sigterm(signum: int, frame: object) -> None:
    raise Terminated()


def main(argv: list[str] | None = None) -> int:
    try:
        parser = build_parser(_alone(sys.argv[1:] if argv is None else argv))  # imports the command modules
        _complete(parser)
        args = parser.parse_args(argv)
    except KeyboardInterrupt:
        print("referee: interrupted", file=sys.stderr)
        return 130
    previous = None
    if threading.current_thread() is threading.main_thread():
        previous = signal.signal(signal.SIGTERM, _on_sigterm)
    try:
        return _run(args)
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def _run(args: argparse.Namespace) -> int:
    try:
        code: int = args.func(args)  # every subcommand's run() returns its exit code
        return code
    except StdoutClosed as exc:
        if exc.reason == "broken pipe":
            return EXIT_BROKEN_PIPE
        print(f"referee {args.command}: error: cannot write to stdout: {exc.reason}", file=sys.stderr)
        return EXIT_IO
    except UsageError as exc:
        print(plain(f"referee {args.command}: error: {exc}"), file=sys.stderr)
        return EXIT_USAGE
    except RefereeError as exc:
        where = f"{exc.path}: " if exc.path not in (None, "$") else ""
        clause = f" [{exc.clause}]" if exc.clause and not exc.clause.startswith("interchange") else ""
        print(plain(f"referee {args.command}: error: {where}{exc.message}{clause}"), file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt as exc:
        terminated = isinstance(exc, Terminated)
        print(f"referee {args.command}: {'terminated' if terminated else 'interrupted'}", file=sys.stderr)
        return 143 if terminated else 130
    except BrokenPipeError:
        return EXIT_BROKEN_PIPE
    except RecursionError:
        print(f"referee {args.command}: error: input nested too deeply", file=sys.stderr)
        return EXIT_USAGE
    except MemoryError:
        print(f"referee {args.command}: error: out of memory", file=sys.stderr)
        return EXIT_INTERNAL
    except Exception as exc:  # the last line of defence: one line, never a traceback
        if os.environ.get("REFEREE_DEBUG"):
            raise
        print(f"referee {args.command}: internal error: {exc.__class__.__name__}: "
              f"{' '.join(str(exc).split())[:300]} (a bug in the referee; REFEREE_DEBUG=1 shows the traceback)",
              file=sys.stderr)
        return EXIT_INTERNAL


if __name__ == "__main__":  # pragma: no cover
    _code = main()
    exit_quickly()  # the process ends here: no collections over what it kept (gcpolicy.py)
    sys.exit(_code)
