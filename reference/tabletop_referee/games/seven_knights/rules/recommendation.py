"""Recommendation [recommendation.*]: a simultaneous secret choice of a captain."""

from __future__ import annotations

from collections.abc import Iterator

from ....errors import IllegalAction
from ..model import Recommend, State, Withdraw
from .bewitch import on_witch_team, witch_tile
from .work import Work


def forbidden(s: State, player: int, target: int) -> bool:
    """Whether the Witch-team restriction forbids ``player`` to recommend ``target``
    [recommendation.witch-team]; recommending oneself is always allowed
    [recommendation.self-allowed]."""
    if player == target:
        return False
    if s.setup.options.witch_team_recommendation == "all-pairs":
        return on_witch_team(s, player) and on_witch_team(s, target)
    w = witch_tile(s)
    if w is None or w >= s.setup.players:
        return False
    inspected = {p for p, t in s.inspections if t == w}
    return (player == w and target in inspected) or (target == w and player in inspected)


def targets(s: State, player: int) -> tuple[int, ...]:
    return tuple(t for t in range(s.setup.players) if not forbidden(s, player, t))


def check_recommendation_change(s: State, a: Recommend | Withdraw) -> Iterator[IllegalAction]:
    """[recommendation.change] A recommendation is changed only by withdrawing it first, and
    only before they are revealed."""
    if isinstance(a, Withdraw):
        if s.revealed_recommendations:
            yield IllegalAction("recommendation.change", "the recommendations are already revealed")
        elif s.recommendations[a.player] is None:
            yield IllegalAction("recommendation.change", "you have no recommendation to withdraw")
    elif s.recommendations[a.player] is not None:
        yield IllegalAction("recommendation.change",
                            "you have already recommended someone; withdraw it first to change it")


def check_recommendation_simultaneous(s: State, a: Recommend) -> Iterator[IllegalAction]:
    """[recommendation.simultaneous] Every player recommends a player of the game."""
    if not 0 <= a.target < s.setup.players:
        yield IllegalAction("recommendation.simultaneous", f"there is no player {a.target}")


def check_recommendation_witch_team(s: State, a: Recommend) -> Iterator[IllegalAction]:
    """[recommendation.witch-team] The Witch-team restriction (option
    ``witch_team_recommendation``)."""
    if forbidden(s, a.player, a.target):
        yield IllegalAction("recommendation.witch-team",
                            "Witch-team members may not recommend one another"
                            if s.setup.options.witch_team_recommendation == "all-pairs" else
                            "the Witch and the players who inspected her may not recommend one another")


def apply(w: Work, s: State, a: Recommend) -> bool:
    """Records the choice; returns True when it was the last one (the caller reveals)."""
    w.recommendations[a.player] = a.target
    w.emit("recommended", "recommendation.secret", player=a.player, target=a.target)
    if all(r is not None for r in w.recommendations):
        w.revealed_recommendations = True
        w.emit("recommendations-revealed", "recommendation.reveal",
               recommendations=list(w.recommendations))
        return True
    return False


def withdraw(w: Work, s: State, a: Withdraw) -> None:
    w.recommendations[a.player] = None
    w.emit("withdrawn", "recommendation.change", player=a.player)
