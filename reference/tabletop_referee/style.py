"""Terminal niceties shared by the commands: colour and one-line progress, both on a terminal only.

Colour: ``--color auto`` (the default) colours a stream only when it is a terminal, ``NO_COLOR``
is unset or empty (https://no-color.org) and ``TERM`` is not ``dumb``; ``always`` and ``never``
force it. Colour is added to finished plain text line by line (:func:`paint`), so the text
itself, and everything written to a file or a pipe, stays exactly the same.

Progress: one line on stderr, redrawn in place, only when stderr is a terminal
(:class:`ProgressLine`); it is erased before any other output, so nothing of it is left behind.

Plain ANSI escapes rather than a library such as rich: the output is plain lines that tests
and users parse, and all we add is a colour per line and a ``\\r``-redrawn status line.
"""

from __future__ import annotations

import os
import re
import sys
from typing import TextIO

COLOR_CHOICES = ("auto", "always", "never")

_CODES = {"red": "31", "green": "32", "yellow": "33", "bold": "1", "dim": "2"}


def _isatty(stream: object) -> bool:
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty()) if callable(isatty) else False
    except (ValueError, OSError):  # a closed stream
        return False


def use_color(stream: object, choice: str = "auto") -> bool:
    """Whether to colour text written to ``stream`` under ``--color choice``."""
    if choice == "always":
        return True
    if choice == "never":
        return False
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    return _isatty(stream)


def color(text: str, name: str) -> str:
    codes = ";".join(_CODES[n] for n in name.split("+"))
    return f"\033[{codes}m{text}\033[0m"


Rule = tuple[re.Pattern[str], str]

RULES: list[Rule] = [
    (re.compile(r"^verdict: PASS\b.*"), "green+bold"),
    (re.compile(r"^verdict: FAIL\b.*"), "red+bold"),
    (re.compile(r"^(FAILED|ERRORED|TIMEOUT|CRASHED|XPASS)\b.*"), "red"),
    (re.compile(r"^XFAIL\b.*"), "yellow"),
    (re.compile(r"^\d+ passed, 0 failed\b.*"), "green"),
    (re.compile(r"^\d+ passed, [1-9]\d* failed\b.*"), "red"),
    (re.compile(r"^  ok  .*"), "green"),
    (re.compile(r"^  FAIL  .*"), "red"),
    (re.compile(r"^  skip  .*"), "yellow"),
    (re.compile(r"^no divergence$"), "green"),
    (re.compile(r"^(divergence in|\d+ distinct divergences?)\b.*"), "red"),
    (re.compile(r"^  rerun: .*|^next: .*"), "dim"),
]
"""Which whole lines get which colour; a line no rule matches stays as it is."""


def paint(text: str, enabled: bool) -> str:
    """``text`` with whole lines coloured by :data:`RULES` when ``enabled``; unchanged otherwise."""
    if not enabled:
        return text
    out = []
    for line in text.split("\n"):
        for pattern, name in RULES:
            if pattern.match(line):
                line = color(line, name)
                break
        out.append(line)
    return "\n".join(out)


class ProgressLine:
    """A status line on stderr, redrawn in place; silent unless stderr is a terminal."""

    def __init__(self, stream: TextIO | None = None, *, enabled: bool | None = None) -> None:
        self.stream: TextIO = stream if stream is not None else sys.stderr
        self.enabled = _isatty(self.stream) if enabled is None else enabled
        self.shown = False

    def show(self, text: str) -> None:
        if not self.enabled:
            return
        self.stream.write("\r" + text[:119] + "\033[K")
        self.stream.flush()
        self.shown = True

    def close(self) -> None:
        if self.enabled and self.shown:
            self.stream.write("\r\033[K")
            self.stream.flush()
            self.shown = False
