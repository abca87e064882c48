"""The games this project specifies. Each game is a subpackage exposing the same surface:

``initial_state``, ``current_actor``, ``legal_actions``, ``chance_outcomes``, ``apply``,
``scores``, ``outcome`` and an ``interchange`` module with ``*_to_json`` / ``*_from_json``.
"""

from __future__ import annotations

import importlib
from types import ModuleType

GAMES: dict[str, str] = {"mlem": "MLEM: Space Agency", "celestia": "Celestia"}


def load(game: str) -> ModuleType:
    """Returns the package of a game by its id (``mlem``).

    Raises:
        KeyError: unknown game id.
    """
    if game not in GAMES:
        raise KeyError(game)
    return importlib.import_module(f"{__name__}.{game}")
