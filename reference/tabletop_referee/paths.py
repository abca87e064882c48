"""Where the data files (spec, schemas) live, installed or in a checkout."""

from __future__ import annotations

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


def spec_dir(game: str) -> Path:
    return data_root() / "spec" / game
