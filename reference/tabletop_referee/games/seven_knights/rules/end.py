"""The end of the game [end.*]: after the third round, the highest total wins; ties share."""

from __future__ import annotations

from ..model import ROUNDS, Outcome, State
from .work import Work


def is_last_round(round_: int) -> bool:
    return round_ >= ROUNDS


def winners(scores: tuple[int, ...] | list[int]) -> list[int]:
    """Every player with the highest total [end.winner]."""
    top = max(scores)
    return [p for p, v in enumerate(scores) if v == top]


def finish_game(w: Work) -> None:
    """The game is over after the third round [end.after-three-rounds]."""
    w.phase = "game-over"
    w.emit("game-over", "end.winner", winners=winners(w.scores), scores=list(w.scores))


def outcome(s: State) -> Outcome | None:
    if s.phase != "game-over":
        return None
    return Outcome(tuple(winners(s.scores)), s.scores, "highest total after three rounds")
