"""Pig, the one-die push-your-luck game: the worked example of docs/adding-a-game.md.

    >>> from tabletop_referee.games.pig import GAME
    >>> GAME.legal_actions(GAME.initial_state(GAME.setup_from_json({"players": 2})))
    (Roll(player=0),)
"""

from .game import GAME, PigGame

__all__ = ["GAME", "PigGame"]
