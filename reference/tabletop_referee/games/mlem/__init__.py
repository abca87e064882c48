"""MLEM: Space Agency (Reiner Knizia): reference engine for the base game and its three variants.

    >>> from tabletop_referee.games import mlem
    >>> s = mlem.initial_state(mlem.Setup(players=2, board=mlem.load_board("standard")))
    >>> mlem.current_actor(s), s.phase
    (0, 'takeoff')
"""

from .engine import (
    apply,
    chance_outcomes,
    current_actor,
    initial_state,
    is_legal,
    landing_targets,
    legal_actions,
    observe,
    outcome,
    scores,
)
from .interchange import load_board, load_tokens
from .model import (
    ASTRONAUTS,
    CHANCE,
    FACES,
    GOALS,
    VARIANTS,
    Board,
    Discard,
    Draw,
    Embark,
    Event,
    Land,
    Move,
    Options,
    Outcome,
    Phase,
    Reroll,
    Roll,
    Score,
    Setup,
    Space,
    State,
    Stay,
    TokenSet,
    Transition,
    Variant,
)

from .game import GAME  # the Game object of games.load("mlem"), built on the modules above

GAME_ID = "mlem"

__all__ = [
    "ASTRONAUTS", "CHANCE", "GAME", "FACES", "GOALS", "GAME_ID", "VARIANTS", "Board", "Discard", "Draw",
    "Embark", "Event", "Land", "Move", "Options", "Outcome", "Phase", "Reroll", "Roll", "Score", "Setup",
    "Space", "State", "Stay", "TokenSet", "Transition", "Variant", "apply", "chance_outcomes",
    "current_actor", "initial_state", "is_legal", "landing_targets", "legal_actions",
    "load_board", "load_tokens", "observe", "outcome", "scores",
]
