"""Goal tokens [goal.*]: the first player whose landed astronauts meet a goal claims it."""

from __future__ import annotations

from ..model import GOALS, Landing, Options, State
from .work import Work


def claim_goals(w: Work, player: int) -> None:
    # [goal.first-come]
    if all(g is not None for g in w.goals):
        return
    mine = [x for x in w.landed if x.player == player]
    goals = list(w.goals)
    for i, goal in enumerate(GOALS):
        if goals[i] is None and meets(goal, mine, w.options):
            goals[i] = player
            w.emit("goal-claimed", f"goal.{goal}", player=player, goal=goal)
    w.goals = tuple(goals)


def goal_met(state: State, player: int, goal: str) -> bool:
    """Whether ``player``'s landed astronauts meet ``goal``'s condition [goal.*]."""
    return meets(goal, [x for x in state.landed if x.player == player], state.options)


def meets(goal: str, mine: list[Landing], options: Options) -> bool:
    if goal == "deep-space-pair":
        return sum(1 for x in mine if x.site in ("comet", "galaxy")) >= 2
    if goal == "four-moons":  # four_moons=slots: every slot is a moon; spaces: a moon space is one
        moons = [x.space for x in mine if x.site == "moon"]
        # fewer than four moon landings meet neither reading: the option is not even looked at
        # (referee disputes impact shares the games of both readings up to its first read)
        if len(moons) < 4:
            return False
        if options.four_moons == "spaces":
            return len(set(moons)) >= 4
        return True
    planets = [x.space for x in mine if x.site == "planet"]
    if goal == "planet-trio":
        return any(planets.count(s) >= 3 for s in set(planets))
    return len(set(planets)) >= 4  # four-planets
