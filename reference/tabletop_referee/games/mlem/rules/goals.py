"""Goal tokens [goal.*]: the first player whose landed astronauts meet a goal claims it."""

from __future__ import annotations

from ..model import GOALS, Landing, State
from .work import Work


def claim_goals(w: Work, player: int) -> None:
    # [goal.first-come]
    if all(g is not None for g in w.goals):
        return
    mine = [x for x in w.landed if x.player == player]
    goals = list(w.goals)
    for i, goal in enumerate(GOALS):
        if goals[i] is None and meets(goal, mine, w.options.four_moons):
            goals[i] = player
            w.emit("goal-claimed", f"goal.{goal}", player=player, goal=goal)
    w.goals = tuple(goals)


def goal_met(state: State, player: int, goal: str) -> bool:
    """Whether ``player``'s landed astronauts meet ``goal``'s condition [goal.*]."""
    return meets(goal, [x for x in state.landed if x.player == player], state.options.four_moons)


def meets(goal: str, mine: list[Landing], four_moons: str = "slots") -> bool:
    if goal == "deep-space-pair":
        return sum(1 for x in mine if x.site in ("comet", "galaxy")) >= 2
    if goal == "four-moons":  # four_moons=slots: every slot is a moon; spaces: a moon space is one
        if four_moons == "spaces":
            return len({x.space for x in mine if x.site == "moon"}) >= 4
        return sum(1 for x in mine if x.site == "moon") >= 4
    planets = [x.space for x in mine if x.site == "planet"]
    if goal == "planet-trio":
        return any(planets.count(s) >= 3 for s in set(planets))
    return len(set(planets)) >= 4  # four-planets
