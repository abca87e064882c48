"""Where the data files (spec, schemas) live, installed or in a checkout."""

from __future__ import annotations

import os
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def data_root() -> Path:
    """Returns the folder holding ``spec/`` and ``schemas/``.

    A wheel carries them in ``tabletop_referee/_data``; an editable install or a checkout
    reads them from the repository's top level.
    """
    bundled = _PACKAGE / "_data"
    if bundled.is_dir():
        return bundled
    return _PACKAGE.parents[1]


def in_checkout() -> bool:
    """True when the data is a checkout's (an editable install), False for a wheel's bundle."""
    return not (_PACKAGE / "_data").is_dir()


def spec_dir(game: str) -> Path:
    return data_root() / "spec" / game


def display_path(path: str | Path) -> str:
    """A path as a report prints it, never absolute (a report travels to other machines).

    A relative path stays as given; an absolute one is made relative to the current folder
    when it lies below it, else to the suite's data (``vectors/mlem/crash.json``), else it is
    reduced to its file name.
    """
    text = str(path)
    if not os.path.isabs(text):
        return text
    absolute = os.path.normpath(text)
    for base in (os.getcwd(), str(data_root())):
        base = os.path.normpath(os.path.abspath(base))
        if absolute.startswith(base.rstrip(os.sep) + os.sep):
            return os.path.relpath(absolute, base)
    return os.path.basename(absolute) or absolute
