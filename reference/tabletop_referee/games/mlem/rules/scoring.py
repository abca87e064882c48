"""Scoring [scoring.*] and the winner [scoring.winner]."""

from __future__ import annotations

from typing import Any

from ..model import GOAL_POINTS, Board, Event, Outcome, Score, State, event
from .missions import mission_points


def scores(state: State) -> tuple[Score, ...]:
    """Returns each player's points by category, planets counted as if the game ended now.

    [scoring.moons] [scoring.deep-space] [scoring.goals] [scoring.planets] [scoring.planet-ties]
    """
    return tuple(Score(*points) for points in zip(*_points(state)))


def totals(state: State) -> tuple[int, ...]:
    """Each player's total, as :func:`scores` adds it up (without building the score sheets:
    the greedy impact policy weighs every landing by it)."""
    return tuple(map(sum, zip(*_points(state))))


def _points(state: State) -> tuple[list[int], ...]:
    """Per category in :class:`Score`'s field order, each player's points."""
    n = state.players
    moons, deep, seen = _tally(state)
    planets = [0] * n
    awards_of = _board_facts(state.board)[1]
    for planet_id, players in seen.items():
        awards = awards_of[planet_id]
        # gold/silver/bronze, doubled for a planet-double there [power.planet-double]
        for rank, (p, _n, double) in enumerate(_ranked(players)[: len(awards)]):
            planets[p] += awards[rank] * (2 if double is not None else 1)
    goals = [0] * n
    for holder in state.goals:
        if holder is not None:
            goals[holder] += GOAL_POINTS
    exploration, missions, ufo = _variant_points(state)
    return moons, planets, deep, goals, exploration, missions, ufo


_Seen = dict[str, dict[int, list[Any]]]
"""Planet -> player -> [astronauts there, order of the first arrival, planet-double's space]."""


def _tally(state: State) -> tuple[list[int], list[int], _Seen]:
    """One pass over the landings: moon and deep-space points per player, and who is on each
    planet (:data:`_Seen`)."""
    n = state.players
    moons = [0] * n
    deep = [0] * n
    board = state.board
    planet_of = _board_facts(board)[0]
    seen: _Seen = {}
    for order, x in enumerate(state.landed):
        site = x.site
        if site == "moon":
            assert x.slot is not None  # a moon landing has its slot [landing.moon-slot]
            value = board.spaces[x.space].moons[x.slot]
            moons[x.player] += value * (2 if x.astronaut == "moon-double" else 1)
        elif site == "planet":
            planet = planet_of[x.space]
            if planet is None:
                continue
            players = seen.get(planet)
            if players is None:
                players = seen[planet] = {}
            entry = players.get(x.player)
            if entry is None:
                entry = players[x.player] = [0, order, None]
            entry[0] += 1
            if x.astronaut == "planet-double":
                entry[2] = x.space
        elif site in ("comet", "galaxy"):
            value = board.comet if site == "comet" else board.galaxy
            deep[x.player] += value * (2 if x.astronaut == "deep-space-double" else 1)
    return moons, deep, seen


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
        ufo = [sum(held) for held in state.ufo.held]
        if any(ufo) and state.options.ufo_token_value == "penalty":  # read only when it matters
            ufo = [-points for points in ufo]
    return exploration, missions, ufo


def planet_ranking(state: State, planet_id: str) -> list[tuple[int, int, int | None]]:
    """The players on one planet in medal order: by head count [scoring.planets], ties to the
    earliest arrival [scoring.planet-ties]. Each: (player, astronauts there, the space of their
    planet-double there or None)."""
    return planet_rankings(state).get(planet_id, [])


def planet_rankings(state: State) -> dict[str, list[tuple[int, int, int | None]]]:
    """:func:`planet_ranking` of every planet with an astronaut on it, from one pass over the
    landings."""
    return {planet: _ranked(players) for planet, players in _tally(state)[2].items()}


def _ranked(players: dict[int, list[Any]] | None) -> list[tuple[int, int, int | None]]:
    """One planet's players (of :data:`_Seen`) in medal order: most astronauts first, ties
    to the earliest arrival. A player enters ``players`` at their first arrival, so a stable
    sort by head count alone keeps tied players in arrival order."""
    if not players:
        return []
    if len(players) == 1:
        ((p, e),) = players.items()
        return [(p, e[0], e[2])]
    return [(p, e[0], e[2]) for p, e in sorted(players.items(), key=_most_first)]


def _most_first(item: tuple[int, list[Any]]) -> int:
    count: int = item[1][0]
    return -count


_BOARD_FACTS: dict[int, tuple[Board, tuple[str | None, ...], dict[str, tuple[int, int, int]]]] = {}


def _board_facts(board: Board) -> tuple[tuple[str | None, ...], dict[str, tuple[int, int, int]]]:
    """Each space's planet id (``None`` off the planets) and each planet's awards, kept per
    board object: a board never changes, and every state of a game shares the same one."""
    hit = _BOARD_FACTS.get(id(board))
    if hit is None or hit[0] is not board:
        if len(_BOARD_FACTS) > 64:
            _BOARD_FACTS.clear()
        hit = _BOARD_FACTS[id(board)] = (board, tuple(s.planet for s in board.spaces),
                                         {planet_id: planet.awards for planet_id, planet in board.planets})
    return hit[1], hit[2]


def winners(state: State, sheet: tuple[Score, ...]) -> tuple[int, ...]:
    """The players with the most points; with tie_break=deep-space, those tied are split by
    their astronauts on the comet and the galaxy, and players still tied share [scoring.winner]."""
    best = max(s.total for s in sheet)
    tied = [p for p, s in enumerate(sheet) if s.total == best]
    if len(tied) > 1 and state.options.tie_break == "deep-space":
        in_deep = {
            p: sum(1 for x in state.landed if x.player == p and x.site in ("comet", "galaxy"))
            for p in tied
        }
        most = max(in_deep.values())
        tied = [p for p in tied if in_deep[p] == most]
    return tuple(tied)


def outcome(state: State) -> Outcome | None:
    """Returns the winners and final scores once the game is over, else ``None`` [scoring.winner]."""
    if state.phase != "game-over":
        return None
    sheet = scores(state)
    return Outcome(winners(state, sheet), sheet, state.ended or "")


# the scoring as events ----------------------------------------------------------------------


def score_docs(state: State, sheet: tuple[Score, ...]) -> list[dict[str, int]]:
    """Score documents: the variant categories appear only while their variant is played."""
    variants = state.options.variants
    out = []
    for sc in sheet:
        doc = {"moons": sc.moons, "planets": sc.planets, "deep_space": sc.deep_space, "goals": sc.goals}
        for name in ("exploration", "missions", "ufo"):
            if name in variants:
                doc[name] = getattr(sc, name)
        doc["total"] = sc.total
        out.append(doc)
    return out


def final_scoring(state: State) -> list[Event]:
    """The end-of-game scoring as events, each naming the clause that decides it
    (docs/mlem/interchange.md): per planet in board order the ties broken by arrival
    [scoring.planet-ties], the medals [scoring.planets] and the planet-doubles
    [power.planet-double]; then every player's score sheet and the winners [scoring.winner].
    Of a game not over: as if it ended now."""
    events: list[Event] = []
    rankings = planet_rankings(state)
    for planet_id, planet in state.board.planets:
        ranking = rankings.get(planet_id, [])
        medals = len(planet.awards)
        events += _ties(planet_id, ranking, medals)
        events += [event("planet-scored", "scoring.planets", player=p, planet=planet_id, rank=rank + 1,
                         astronauts=n, points=planet.awards[rank])
                   for rank, (p, n, _double) in enumerate(ranking[:medals])]
        events += [event("points-doubled", "power.planet-double", player=p, astronaut="planet-double",
                         space=double, points=2 * planet.awards[rank] if rank < medals else 0)
                   for rank, (p, _n, double) in enumerate(ranking) if double is not None]
    sheet = scores(state)
    return events + [event("final-scores", "scoring.winner", scores=tuple(score_docs(state, sheet)),
                           winners=winners(state, sheet))]


def _ties(planet_id: str, ranking: list[tuple[int, int, int | None]], medals: int) -> list[Event]:
    """[scoring.planet-ties]: each group of players tied on head count whose best place earns a
    medal, in the order their first arrivals give."""
    out = []
    i = 0
    while i < len(ranking):
        j = i
        while j + 1 < len(ranking) and ranking[j + 1][1] == ranking[i][1]:
            j += 1
        if j > i and i < medals:
            out.append(event("planet-tie-broken", "scoring.planet-ties", planet=planet_id,
                             players=tuple(p for p, _n, _d in ranking[i:j + 1]), astronauts=ranking[i][1]))
        i = j + 1
    return out


def landing_doubles(state: State) -> list[Event]:
    """The doublings scored on landing so far, as their landings reported them
    [power.moon-double] [power.deep-space-double] (``referee explain``'s answer to a score)."""
    board = state.board
    out = []
    for x in state.landed:
        if x.astronaut == "moon-double" and x.site == "moon":
            assert x.slot is not None  # a moon landing has its slot [landing.moon-slot]
            out.append(event("points-doubled", "power.moon-double", player=x.player, astronaut=x.astronaut,
                             space=x.space, points=2 * board.spaces[x.space].moons[x.slot]))
        elif x.astronaut == "deep-space-double" and x.site in ("comet", "galaxy"):
            value = board.comet if x.site == "comet" else board.galaxy
            out.append(event("points-doubled", "power.deep-space-double", player=x.player,
                             astronaut=x.astronaut, space=x.space, points=2 * value))
    return out
