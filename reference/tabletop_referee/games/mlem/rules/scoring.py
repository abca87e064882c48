"""Scoring [scoring.*] and the winner [scoring.winner]."""

from __future__ import annotations

from ..model import GOAL_POINTS, Outcome, Score, State
from .missions import mission_points


def scores(state: State) -> tuple[Score, ...]:
    """Returns each player's points by category, planets counted as if the game ended now.

    [scoring.moons] [scoring.deep-space] [scoring.goals] [scoring.planets] [scoring.planet-ties]
    """
    n = state.players
    moons = [0] * n
    deep = [0] * n
    board = state.board
    for x in state.landed:
        if x.site == "moon":
            value = board.spaces[x.space].moons[x.slot]
            moons[x.player] += value * (2 if x.astronaut == "moon-double" else 1)
        elif x.site in ("comet", "galaxy"):
            value = board.comet if x.site == "comet" else board.galaxy
            deep[x.player] += value * (2 if x.astronaut == "deep-space-double" else 1)
    planets = [0] * n
    for planet_id, _planet in board.planets:
        for player, points in _planet_awards(state, planet_id):
            planets[player] += points
    goals = [0] * n
    for holder in state.goals:
        if holder is not None:
            goals[holder] += GOAL_POINTS
    exploration, missions, ufo = _variant_points(state)
    return tuple(
        Score(moons[p], planets[p], deep[p], goals[p], exploration[p], missions[p], ufo[p])
        for p in range(n)
    )


def _variant_points(state: State) -> tuple[list[int], list[int], list[int]]:
    n = state.players
    exploration = [0] * n
    if state.exploration is not None:  # [exploration.points]
        exploration = [sum(t.points for t in held) for held in state.exploration.held]
    missions = [0] * n
    if state.missions is not None:  # [missions.fulfilled] [missions.scoring]
        missions = [mission_points(state, p) for p in range(n)]
    ufo = [0] * n
    if state.ufo is not None:  # [ufo.scoring]
        sign = -1 if state.options.ufo_token_value == "penalty" else 1
        ufo = [sign * sum(held) for held in state.ufo.held]
    return exploration, missions, ufo


def _planet_awards(state: State, planet_id: str) -> list[tuple[int, int]]:
    """Gold/silver/bronze on one planet: by head count, ties to the earliest arrival."""
    spaces = {i for i, s in enumerate(state.board.spaces) if s.planet == planet_id}
    count: dict[int, int] = {}
    first: dict[int, int] = {}
    doubled: set[int] = set()
    for order, x in enumerate(state.landed):
        if x.site != "planet" or x.space not in spaces:
            continue
        count[x.player] = count.get(x.player, 0) + 1
        first.setdefault(x.player, order)
        if x.astronaut == "planet-double":
            doubled.add(x.player)
    ranking = sorted(count, key=lambda p: (-count[p], first[p]))
    awards = state.board.planet(planet_id).awards
    return [
        (p, awards[rank] * (2 if p in doubled else 1))
        for rank, p in enumerate(ranking[: len(awards)])
    ]


def outcome(state: State) -> Outcome | None:
    """Returns the winners and final scores once the game is over, else ``None`` [scoring.winner]."""
    if state.phase != "game-over":
        return None
    sheet = scores(state)
    best = max(s.total for s in sheet)
    tied = [p for p, s in enumerate(sheet) if s.total == best]
    if len(tied) > 1 and state.options.tie_break == "deep-space":
        in_deep = {
            p: sum(1 for x in state.landed if x.player == p and x.site in ("comet", "galaxy"))
            for p in tied
        }
        most = max(in_deep.values())
        tied = [p for p in tied if in_deep[p] == most]
    return Outcome(tuple(tied), sheet, state.ended or "")
