"""The games this project specifies, each a package implementing one interface.

A game package ``games/<package>/`` exports ``GAME``, an object implementing
:class:`~tabletop_referee.games.roles.GameKit` (a rules core with its roles); :func:`load` returns it by game id. The games
are found, not listed: every package under ``games/`` is one (the shared modules here are plain
modules), its id the package name with ``_`` written ``-`` (``seven_knights`` -> ``seven-knights``),
its title ``GAME.info.title``. Adding a game means adding its package (and its ``spec/<id>/``):
no list here to edit. Nothing outside ``games/<package>/`` imports a game package by name.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from functools import lru_cache
from pathlib import Path

from .roles import GameKit

_HERE = Path(__file__).parent


def package_name(game: str) -> str:
    """The Python package of a game id (``seven-knights`` -> ``seven_knights``)."""
    return game.replace("-", "_")


def _found() -> tuple[str, ...]:
    """The ids of the game packages under ``games/``, sorted (finding them imports none)."""
    return tuple(init.parent.name.replace("_", "-") for init in sorted(_HERE.glob("*/__init__.py")))


class _Registry(Mapping[str, str]):
    """id -> title of every game found; a title is read from the game's ``GAME.info`` when
    asked (the ids alone import no game)."""

    def __init__(self, ids: tuple[str, ...]) -> None:
        self._ids = ids

    def __getitem__(self, game: str) -> str:
        if game not in self._ids:
            raise KeyError(game)
        return load(game).info.title

    def __iter__(self) -> Iterator[str]:
        return iter(self._ids)

    def __len__(self) -> int:
        return len(self._ids)

    def __contains__(self, game: object) -> bool:
        return game in self._ids

    def __repr__(self) -> str:
        return f"GAMES({', '.join(self._ids)})"


GAMES: Mapping[str, str] = _Registry(_found())
"""Registered games: id -> title, found under ``games/``. The package is the id with ``-``
written ``_``."""


@lru_cache(maxsize=None)
def load(game: str) -> GameKit:
    """Returns the :class:`~tabletop_referee.games.roles.GameKit` of a registered game id (``mlem``).

    Raises:
        KeyError: unknown game id.
    """
    if game not in GAMES:
        raise KeyError(game)
    module = importlib.import_module(f"{__name__}.{package_name(game)}")
    game_object: GameKit = module.GAME  # the package's GAME (tests/test_games_meta.py checks it)
    return game_object


def all_games() -> list[GameKit]:
    """Every registered game, in the order found (by package name)."""
    return [load(g) for g in GAMES]
