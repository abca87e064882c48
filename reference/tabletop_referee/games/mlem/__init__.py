"""MLEM: Space Agency (Reiner Knizia): base game reference engine.

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
    outcome,
    scores,
)
from .interchange import load_board
from .model import (
    ASTRONAUTS,
    CHANCE,
    FACES,
    GOALS,
    Board,
    Embark,
    Event,
    Land,
    Move,
    Options,
    Outcome,
    Roll,
    Score,
    Setup,
    Space,
    State,
    Stay,
    Transition,
)

GAME_ID = "mlem"

__all__ = [
    "ASTRONAUTS", "CHANCE", "FACES", "GOALS", "GAME_ID", "Board", "Embark", "Event", "Land",
    "Move", "Options", "Outcome", "Roll", "Score", "Setup", "Space", "State", "Stay",
    "Transition", "apply", "chance_outcomes", "current_actor", "initial_state", "is_legal",
    "landing_targets", "legal_actions", "load_board", "outcome", "scores",
]
