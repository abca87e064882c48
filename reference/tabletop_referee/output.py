"""The one output boundary: every file the project writes goes through here.

Writes are atomic (a temporary file in the target's folder, then a rename), so a reader never
sees half a file and an interrupted run leaves the old file in place. A symlink, a device or a
pipe is never replaced; :func:`check_output` refuses, before any work, an output path that
cannot be written or that is one of the inputs. :func:`dumps` writes strict JSON (no NaN), and
:func:`plain` / :func:`fence` make untrusted text safe for a terminal and for Markdown.
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from .errors import UsageError


class OutputRefused(OSError):
    """A target the writer will not replace (a symlink, a device, a folder)."""


def _refuse_special(path: Path) -> None:
    """Raises :class:`OutputRefused` when ``path`` exists and is not a regular file."""
    try:
        st = os.lstat(path)
    except (FileNotFoundError, NotADirectoryError):
        return
    if stat.S_ISLNK(st.st_mode):
        raise OutputRefused(f"is a symbolic link (not replaced; write to its target {os.path.realpath(path)})")
    if stat.S_ISDIR(st.st_mode):
        raise OutputRefused("is a folder")
    if not stat.S_ISREG(st.st_mode):
        raise OutputRefused("is a device, pipe or socket, not a regular file (not replaced)")


def write_atomically(path: Path, text: str) -> None:
    """Writes the whole file or nothing (a temporary file renamed over the target).

    Refuses (:class:`OutputRefused`) to replace a symlink, a device, a pipe or a folder.
    """
    path = Path(path)
    _refuse_special(path)
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


def check_output(option: str, path: str | None, inputs: Iterable[str | Path] = ()) -> None:
    """Fails early, on one line, when ``path`` (a file to write; ``-`` or None: stdout) cannot be.

    Checked before any work: the folder exists and is writable, the target is not a folder, a
    symlink, a device or a pipe, and it is not one of ``inputs`` (writing would destroy it).
    """
    if path in (None, "-"):
        return
    target = Path(path)
    try:
        _refuse_special(target)
    except OutputRefused as exc:
        raise UsageError(f"{option} {path}: {exc}") from None
    parent = target.parent
    if not parent.is_dir():
        raise UsageError(f"{option} {path}: folder {parent} does not exist")
    if not os.access(parent, os.W_OK | os.X_OK) or (target.exists() and not os.access(target, os.W_OK)):
        raise UsageError(f"{option} {path}: not writable (permission denied)")
    for source in inputs:
        if str(source) != "-" and _same(target, Path(source)):
            raise UsageError(f"{option} {path}: is also an input ({source}); writing would destroy it")


def _same(target: Path, source: Path) -> bool:
    """Whether ``target`` is ``source``, or a JSON file inside the folder ``source`` (a folder of
    vector files: the next run would read it as one)."""
    try:
        if os.path.samefile(target, source):
            return True
    except OSError:
        pass
    try:
        return (source.is_dir() and target.suffix == ".json"
                and target.resolve().parent == source.resolve())
    except OSError:
        return False


def check_outputs(pairs: Iterable[tuple[str, str | None]], inputs: Iterable[str | Path] = ()) -> None:
    """:func:`check_output` for each (option, path); two options naming one file are refused too."""
    inputs = list(inputs)
    seen: dict[str, str] = {}
    for option, path in pairs:
        check_output(option, path, inputs)
        if path not in (None, "-"):
            key = os.path.realpath(path)
            if key in seen:
                raise UsageError(f"{option} {path}: the same file as {seen[key]}")
            seen[key] = option


def write_output(option: str, path: str, text: str) -> None:
    """Writes ``text`` whole to ``path`` (``-``: stdout); a failure is one line naming the option."""
    if path == "-":
        write_stdout(text)
        return
    try:
        write_atomically(Path(path), text)
    except OSError as exc:
        raise UsageError(f"{option} {path}: cannot write: {exc.strerror or exc}") from None


class StdoutClosed(Exception):
    """Standard output is gone (a closed pipe, a full disk): what was to be printed is lost."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def write_stdout(text: str) -> None:
    """Writes to stdout; a closed pipe or a full disk becomes :class:`StdoutClosed` (no traceback).

    After a failure stdout is pointed at ``/dev/null`` so the interpreter's final flush is quiet.
    """
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except (BrokenPipeError, OSError, ValueError) as exc:
        _silence_stdout()
        reason = "broken pipe" if isinstance(exc, BrokenPipeError) else (
            getattr(exc, "strerror", None) or str(exc) or exc.__class__.__name__)
        raise StdoutClosed(reason) from None


def _silence_stdout() -> None:
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass


def emit(text: str, output: str | None = None) -> None:
    """Writes ``text`` to stdout (``output`` None or ``-``) or whole to the file ``output``."""
    if output in (None, "-"):
        write_stdout(text)
    else:
        try:
            write_atomically(Path(output), text)
        except OSError as exc:
            raise UsageError(f"{output}: cannot write: {exc.strerror or exc}") from None


# -- strict JSON and untrusted text -----------------------------------------------------------


def finite(doc: Any) -> Any:
    """A copy of ``doc`` with every NaN/Infinity float replaced by ``None`` (strict JSON has none)."""
    if isinstance(doc, float):
        return doc if math.isfinite(doc) else None
    if isinstance(doc, dict):
        return {k: finite(v) for k, v in doc.items()}
    if isinstance(doc, (list, tuple)):
        return [finite(v) for v in doc]
    return doc


def dumps(doc: Any, **kwargs: Any) -> str:
    """Strict JSON text (``allow_nan=False``); a NaN or Infinity that got this far becomes null."""
    kwargs.setdefault("ensure_ascii", False)
    try:
        return json.dumps(doc, allow_nan=False, **kwargs)
    except ValueError:
        return json.dumps(finite(doc), allow_nan=False, **kwargs)


_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
_ESCAPE_SEQ = re.compile(r"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)?|[@-_])")


def plain(text: str) -> str:
    """Untrusted text made safe for a terminal: escape sequences and control characters
    (newlines and tabs kept) removed, bidirectional overrides included."""
    return _CONTROL.sub("", _ESCAPE_SEQ.sub("", text))


def fence(text: str, info: str = "") -> str:
    """A Markdown code block holding ``text`` verbatim: the fence is longer than any backtick
    run inside, so the content cannot close it."""
    longest = max((len(m) for m in re.findall(r"`+", text)), default=0)
    bar = "`" * max(3, longest + 1)
    return f"{bar}{info}\n{plain(text)}\n{bar}"
