"""Celestia (Aaron Weissblum, BLAM!): the reference engine.

    >>> from tabletop_referee.games.celestia import GAME
    >>> s = GAME.initial_state(GAME.core.make_setup(4))
    >>> GAME.actors(s), s.phase
    (('chance',), <Phase.DEAL: 'deal'>)
"""

from .engine import (
    actors,
    apply,
    chance_outcomes,
    current_actor,
    deck_cards,
    initial_state,
    is_over,
    legal_actions,
    observe,
    outcome,
    scores,
    totals,
)
from .game import GAME, CelestiaGame
from .interchange import load_deck, load_treasures, make_setup
from .model import (
    CARDS,
    CHANCE,
    FACES,
    Crash,
    Deal,
    Go,
    Hidden,
    Land,
    Leave,
    Meet,
    Options,
    Outcome,
    Pass,
    Play,
    Reroll,
    Roll,
    Score,
    Setup,
    State,
    Stay,
    Treasure,
)

GAME_ID = "celestia"

__all__ = [
    "CARDS", "CHANCE", "FACES", "GAME", "GAME_ID", "CelestiaGame", "Crash", "Deal", "Go",
    "Hidden", "Land", "Leave", "Meet", "Options", "Outcome", "Pass", "Play", "Reroll", "Roll",
    "Score", "Setup", "State", "Stay", "Treasure", "actors", "apply", "chance_outcomes",
    "current_actor", "deck_cards", "initial_state", "is_over", "legal_actions", "load_deck",
    "load_treasures", "make_setup", "observe", "outcome", "scores", "totals",
]
