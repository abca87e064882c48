"""Terminal niceties shared by the commands: colour and one-line progress, both on a terminal only.

Colour: ``--color auto`` (the default) colours a stream only when it is a terminal, ``NO_COLOR``
is unset or empty (https://no-color.org) and ``TERM`` is not ``dumb``; ``always`` and ``never``
force it. Colour is added to finished plain text line by line (:func:`paint`), so the text
itself, and everything written to a file or a pipe, stays exactly the same.

Progress: one line on stderr, redrawn in place, only when stderr is a terminal
(:class:`ProgressLine`); it is erased before any other output, so nothing of it is left behind.

Progress with a count (:class:`Progress`: a bar, the count, the rate and the time left) is
drawn by rich when it is installed (the ``pretty`` extra) and by :class:`ProgressLine`
otherwise (conform, disputes impact); simulate and vectors export show a :class:`ProgressLine`.
Nothing is drawn when stderr is not a terminal.

The text itself stays plain ANSI-free lines that tests and users parse; colour is added per
line only on a terminal.
"""

from __future__ import annotations

import os
import re
import sys
import time
from typing import IO

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

    def __init__(self, stream: IO[str] | None = None, *, enabled: bool | None = None) -> None:
        self.stream: IO[str] = stream if stream is not None else sys.stderr
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


class Progress:
    """Progress of ``total`` units of work on stderr: a bar, ``done/total``, the rate, the time
    left and a note; through rich when installed, else a :class:`ProgressLine`; silent unless
    stderr is a terminal (``enabled`` forces it either way)."""

    def __init__(self, total: int, label: str, *, unit: str = "", stream: IO[str] | None = None,
                 enabled: bool | None = None) -> None:
        self.total, self.label, self.unit = total, label, unit
        self.stream: IO[str] = stream if stream is not None else sys.stderr
        self.enabled = _isatty(self.stream) if enabled is None else enabled
        self._clock = time.perf_counter
        self._started = self._clock()
        self._rich: object | None = None
        self._task: object | None = None
        self._line = ProgressLine(self.stream, enabled=self.enabled)
        if self.enabled and not os.environ.get("REFEREE_PLAIN_PROGRESS"):
            try:
                from rich.console import Console  # lazy: the pretty extra, on a terminal only
                from rich.progress import BarColumn, MofNCompleteColumn, Progress as RichProgress  # lazy: the same
                from rich.progress import TextColumn, TimeRemainingColumn  # lazy: the same
            except ImportError:  # the pretty extra is not installed: our own line
                pass
            else:
                console = Console(file=self.stream, force_terminal=True,
                                  no_color=bool(os.environ.get("NO_COLOR")))
                rich = RichProgress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                                    TextColumn("{task.fields[note]}"), TimeRemainingColumn(),
                                    console=console, transient=True,
                                    redirect_stdout=False, redirect_stderr=False)
                rich.start()
                self._task = rich.add_task(label, total=total, note="")
                self._rich = rich

    def update(self, done: int, note: str = "") -> None:
        """``done`` of ``total`` units are finished; ``note`` says anything else (failures so far)."""
        if not self.enabled:
            return
        if self._rich is not None:
            self._rich.update(self._task, completed=done, note=note)  # type: ignore[attr-defined]
            return
        width = 30
        filled = int(width * done / self.total) if self.total else width
        elapsed = max(self._clock() - self._started, 1e-9)
        rate = done / elapsed
        left = f", about {(self.total - done) / rate:,.0f} s left" if rate and done < self.total else ""
        unit = f" {self.unit}" if self.unit else ""
        self._line.show(f"{self.label} [{'#' * filled}{'.' * (width - filled)}] {done}/{self.total}{unit} "
                        f"({rate:,.0f}/s{left})" + (f"  {note}" if note else ""))

    def close(self) -> None:
        """Erases the progress: nothing of it stays on the terminal."""
        if self._rich is not None:
            self._rich.stop()  # type: ignore[attr-defined]
            self._rich = None
        self._line.close()
