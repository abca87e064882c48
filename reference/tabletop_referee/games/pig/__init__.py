"""Pig, the one-die push-your-luck game: the worked example of docs/adding-a-game.md."""

from .game import GAME, PigGame

__all__ = ["GAME", "PigGame"]
