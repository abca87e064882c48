"""The games this project specifies, each a package implementing one interface.

A game package ``games/<package>/`` exports ``GAME``, an object implementing
:class:`~tabletop_referee.games.interface.Game`; :func:`load` returns it by game id. This is the
only registry: adding a game means adding its package (and its ``spec/<id>/``) and one line
here. Nothing outside ``games/<package>/`` imports a game package by name.
"""

from __future__ import annotations

import importlib
from functools import lru_cache

from .roles import GameKit

GAMES: dict[str, str] = {
    "mlem": "MLEM: Space Agency",
    "celestia": "Celestia",
    "seven-knights": "Seven Knights Bewitched",
    "pig": "Pig",
}
"""Registered games: id -> title. The package is the id with ``-`` written ``_``."""


def package_name(game: str) -> str:
    """The Python package of a game id (``seven-knights`` -> ``seven_knights``)."""
    return game.replace("-", "_")


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
    """Every registered game, in registration order."""
    return [load(g) for g in GAMES]
