"""Positions: a compact way to describe a state without writing all of it.

A position names only what matters; everything else takes its default, and each player's
reserve is whatever is neither aboard nor landed (so astronauts are always conserved):

.. code-block:: yaml

    players: 3              # required
    start_player: 0
    board: standard         # an id, a file path, or an inline board object
    options: {dice_selection: single-group}
    crashes: 2
    expedition: 3
    rocket:
      space: 6
      dice: 4
      seats: [[0, parachute], [1, die-one, true]]   # front first; third item: flipped
      roll: ["2", "2", "3"]                          # present => phase move
    landed:                                          # in placement order
      - [1, moon-double, 7]                          # site comes from the space
      - {player: 2, astronaut: satellite, space: 25, site: comet}
    goals: {four-moons: 2}

The phase is ``takeoff`` when nobody is aboard, ``move`` when a roll is given and ``roll``
otherwise (``phase:`` may say so explicitly, e.g. a partly boarded takeoff). Used by the
feature steps and by ``referee explain``.
"""

from __future__ import annotations

from typing import Any

from ...errors import InvalidState, MalformedInput
from .interchange import board_from_json, load_board, options_from_partial, state_problems
from .model import (
    ASTRONAUT_INDEX,
    ASTRONAUTS,
    DICE_COUNT,
    FACE_INDEX,
    GOALS,
    PHASES,
    Board,
    Landing,
    Rocket,
    Seat,
    State,
)


def state_from_position(doc: dict[str, Any], board: Board | None = None) -> State:
    """Returns the state a position describes.

    Raises:
        MalformedInput: a field has the wrong shape.
        InvalidState: the position cannot occur (every problem is listed).
    """
    if not isinstance(doc, dict):
        raise MalformedInput("a position is a mapping", path="$")
    try:
        return _build(doc, board)
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        if isinstance(exc, (MalformedInput, InvalidState)):
            raise
        raise MalformedInput(f"position: {exc.__class__.__name__}: {exc}") from None


def _build(doc: dict[str, Any], board: Board | None) -> State:
    players = doc["players"]
    if board is None:
        b = doc.get("board", "standard")
        board = load_board(b) if isinstance(b, str) else board_from_json(b)
    options = options_from_partial(doc.get("options") or {})
    r = doc.get("rocket") or {}
    seats = tuple(_seat(x) for x in r.get("seats", ()))
    roll = r.get("roll")
    if roll is not None:
        roll = tuple(sorted(roll, key=FACE_INDEX.__getitem__))
    landed: list[Landing] = []
    fill: dict[int, int] = {}
    for x in doc.get("landed", ()):
        landing = _landing(x, board, fill)
        landed.append(landing)
    phase = doc.get("phase") or ("takeoff" if not seats else "move" if roll else "roll")
    if phase not in PHASES:
        raise MalformedInput(f"unknown phase {phase!r} (phases: {', '.join(PHASES)})", path="$.phase")
    reserves = []
    for p in range(players):
        used = [s.astronaut for s in seats if s.player == p]
        used += [x.astronaut for x in landed if x.player == p]
        reserves.append(tuple(a for a in ASTRONAUTS if a not in used))
    goals = doc.get("goals") or {}
    unknown = set(goals) - set(GOALS)
    if unknown:
        raise MalformedInput(f"unknown goal(s) {sorted(unknown)} (goals: {', '.join(GOALS)})")
    state = State(
        board=board,
        options=options,
        phase=phase,
        start_player=doc.get("start_player", 0),
        expedition=doc.get("expedition", 1),
        crashes=doc.get("crashes", 0),
        reserves=tuple(reserves),
        rocket=Rocket(
            space=r.get("space", board.start_space),
            dice=r.get("dice", len(roll) if roll else DICE_COUNT),
            seats=seats,
            roll=roll,
            cursor=r.get("cursor", 0),
        ),
        landed=tuple(landed),
        goals=tuple(goals.get(g) for g in GOALS),
        ended=(doc.get("ended") or None),
    )
    problems = state_problems(state)
    for p in range(players):
        mine = [s.astronaut for s in seats if s.player == p]
        mine += [x.astronaut for x in landed if x.player == p]
        twice = sorted({a for a in mine if mine.count(a) > 1})
        if twice:
            problems.insert(0, f"player {p}'s {', '.join(twice)} is placed twice")
    if problems:
        raise InvalidState("interchange.state", "; ".join(dict.fromkeys(problems)))
    return state


def _seat(x: Any) -> Seat:
    if isinstance(x, dict):
        return Seat(x["player"], _astronaut(x["astronaut"]), bool(x.get("flipped", False)))
    player, astronaut, *rest = x
    return Seat(player, _astronaut(astronaut), bool(rest[0]) if rest else False)


def _astronaut(name: str) -> str:
    if name not in ASTRONAUT_INDEX:
        raise MalformedInput(f"unknown astronaut {name!r} (types: {', '.join(ASTRONAUTS)})")
    return name


def _landing(x: Any, board: Board, fill: dict[int, int]) -> Landing:
    if isinstance(x, dict):
        player, astronaut, space = x["player"], x["astronaut"], x["space"]
        site = x.get("site")
    else:
        player, astronaut, space, *rest = x
        site = rest[0] if rest else None
    _astronaut(astronaut)
    if not 0 <= space <= board.end:
        raise MalformedInput(f"space {space} is not on the board (0..{board.end})")
    spec = board.spaces[space]
    if site is None:
        if space == board.end:
            raise MalformedInput(f"say whether the astronaut on space {space} is on the comet or the galaxy")
        site = "moon" if spec.moons else "planet" if spec.planet else None
        if site is None:
            raise MalformedInput(f"space {space} has nothing to land on")
    slot = None
    if site == "moon":
        slot = fill.get(space, 0)
        fill[space] = slot + 1
    return Landing(player, astronaut, space, site, slot)
