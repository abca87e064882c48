"""The one output boundary: every file the project writes goes through here.

Writes are atomic (a temporary file in the target's folder, then a rename), so a reader never
sees half a file and an interrupted run leaves the old file in place.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from .errors import UsageError


def write_atomically(path: Path, text: str) -> None:
    """Writes the whole file or nothing (a temporary file renamed over the target)."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent or ".")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        try:
            mode = path.stat().st_mode & 0o777  # keep an existing file's mode
        except FileNotFoundError:
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def check_output(option: str, path: str | None) -> None:
    """Fails early, on one line, when ``path`` (a file to write; ``-`` or None: stdout) cannot be."""
    if path in (None, "-"):
        return
    target = Path(path)
    if target.is_dir():
        raise UsageError(f"{option} {path}: is a folder")
    if not target.parent.is_dir():
        raise UsageError(f"{option} {path}: folder {target.parent} does not exist")


def write_output(option: str, path: str, text: str) -> None:
    """Writes ``text`` whole to ``path`` (``-``: stdout); a failure is one line naming the option."""
    if path == "-":
        sys.stdout.write(text)
        return
    try:
        write_atomically(Path(path), text)
    except OSError as exc:
        raise UsageError(f"{option} {path}: cannot write: {exc.strerror or exc}") from None


def emit(text: str, output: str | None = None) -> None:
    """Writes ``text`` to stdout (``output`` None or ``-``) or whole to the file ``output``."""
    if output in (None, "-"):
        sys.stdout.write(text)
    else:
        try:
            write_atomically(Path(output), text)
        except OSError as exc:
            raise UsageError(f"{output}: cannot write: {exc.strerror}") from None
