"""Seven Knights Bewitched (ミュルマミウスの虜, Kamomeno Jona / HEY!): reference engine for the
standard, advanced and darkness modes, cooperative play and every disputed reading as an option.

    >>> from tabletop_referee.games.seven_knights import GAME
    >>> import random
    >>> s = GAME.initial_state(GAME.random_setup(random.Random(1), players=5))
    >>> GAME.actors(s)
    ('chance',)
"""

from .engine import (
    actors, answer_could_be, apply, chance_outcomes, initial_state, is_over, legal_actions,
    observe, outcome, sample_chance, scores,
)
from .game import GAME, SevenKnightsGame
from .interchange import load_tiles, standard_setup
from .model import (
    CENTRE, CHANCE, HIDDEN, WITCH, Answer, Arrange, Ask, Confirm, Deal, FirstPlayer, Inspect,
    Options,
    Outcome, Question, Recommend, RoundResult, Setup, Skip, State, TileSet, Withdraw,
)

GAME_ID = "seven-knights"

__all__ = [
    "CENTRE", "CHANCE", "GAME", "GAME_ID", "HIDDEN", "WITCH", "Answer", "Arrange", "Ask",
    "Confirm", "Deal", "FirstPlayer", "Inspect", "Options", "Outcome", "Question", "Recommend", "RoundResult",
    "SevenKnightsGame", "Setup", "Skip", "State", "TileSet", "Withdraw", "actors",
    "answer_could_be", "apply", "chance_outcomes", "initial_state", "is_over", "legal_actions",
    "load_tiles", "observe", "outcome", "sample_chance", "scores", "standard_setup",
]
