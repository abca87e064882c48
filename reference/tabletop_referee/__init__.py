"""tabletop-referee: executable rules specifications and conformance suites for tabletop games.

Three things carry a version (CHANGELOG.md states what each kind of bump means):

- ``__version__``: the package (semantic versioning); the only place it is written, the
  wheel's metadata reads it from here.
- ``PROTOCOL_VERSION``: the adapter protocol (docs/protocol.md): the highest version the
  runner speaks (it also speaks every older one an adapter answers in ``start``).
- ``VECTOR_FORMAT``: the test vector file format (docs/vectors.md), a file's ``"format"``.

The last two are defined in :mod:`tabletop_referee.versions`.
"""

import sys as _sys


def _run_as_the_command_line() -> bool:
    """Whether this process is ``referee`` or ``python -m tabletop_referee[.cli]`` (read from
    the command line only: nothing is imported for it)."""
    if _sys.argv[0].replace("\\", "/").rsplit("/", 1)[-1] in ("referee", "referee.exe", "referee-script.py"):
        return True
    if _sys.argv[:1] != ["-m"]:  # "-m" only while runpy locates the module it runs
        return False
    args = list(getattr(_sys, "orig_argv", ()))
    for i, arg in enumerate(args):
        if arg.startswith("-m"):
            module = arg[2:] or (args[i + 1] if i + 1 < len(args) else "")
            return module in ("tabletop_referee", "tabletop_referee.cli")
    return False


def _one_line_on_interrupt(kind: type[BaseException], value: BaseException, tb: object,
                           _previous: object = _sys.excepthook) -> None:
    if issubclass(kind, KeyboardInterrupt):
        _sys.stderr.write("referee: interrupted\n")
        return
    _previous(kind, value, tb)  # type: ignore[operator]


# Quiet interrupts from our first line (docs/security.md, "Interrupts"). This file is the first
# code of ours Python runs for `referee` and for `python -m tabletop_referee[.cli]`; between
# here and the first line of cli.py or __main__.py, Python's own runpy and importlib run, and a
# Ctrl-C there would end in their traceback. For those entry points only (a program importing
# the library keeps its own hook), an interrupt nothing caught is one line; every other
# exception goes to the hook that was there.
if _run_as_the_command_line():
    _sys.excepthook = _one_line_on_interrupt

from .versions import PROTOCOL_VERSION, VECTOR_FORMAT  # noqa: E402

__version__ = "0.2.0"

__all__ = ["PROTOCOL_VERSION", "VECTOR_FORMAT", "__version__"]
