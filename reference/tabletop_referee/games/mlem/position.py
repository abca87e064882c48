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

Variants: the sections ``exploration``, ``missions`` and ``ufo`` have the shape of the state
document (docs/mlem/interchange.md), every key optional; a section given turns its variant on
(``options.variants`` may also name it, with an empty section). A token is its full object or
just its id in the token set ``tokens`` (an id or file; default: the board's id). Each ``pile``
defaults to the tokens of the set that are nowhere else in the position (``[]`` for an empty
pile); ``held``, ``hands`` and ``discarded`` to nothing per player; the UFO's ``home`` to the
set's ``ufo_home`` (else deep space), its ``space`` to ``home``, its ``stack`` to the UFO tokens
nobody holds; the rocket's dice to the arrival token's.

.. code-block:: yaml

    players: 2
    board: short
    options: {ufo_encounter: exact}
    rocket: {space: 7, seats: [[0, satellite], [1, parachute]], roll: ["3", "3", "4", "4"]}
    ufo: {space: 9, arrival: A03}
    exploration: {spaces: [{id: X1, space: 10, effect: tunnel}]}
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from ...errors import InvalidState, MalformedInput
from .interchange import (
    VariantSections,
    board_from_json,
    load_board,
    load_tokens,
    options_from_partial,
    state_problems,
    tokens_from_json,
)
from .model import (
    ASTRONAUT_INDEX,
    ASTRONAUTS,
    DICE_COUNT,
    FACE_INDEX,
    GOALS,
    PHASES,
    UFO_TOKENS,
    VARIANTS,
    ArrivalToken,
    Board,
    Exploration,
    ExplorationToken,
    Landing,
    Missions,
    MissionToken,
    Options,
    Phase,
    Rocket,
    Seat,
    State,
    TokenSet,
    Ufo,
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


POSITION_KEYS = ("players", "start_player", "board", "options", "phase", "crashes", "expedition", "rocket",
                 "landed", "goals", "ended", "tokens", *VARIANTS)
"""The keys a position may have; any other (a misspelling) is refused, not ignored."""
ROCKET_KEYS = ("space", "dice", "seats", "roll", "cursor")


def _check_shape(doc: dict[str, Any]) -> None:
    """Unknown keys and the player count, before any work proportional to them."""
    unknown = sorted(str(k) for k in set(doc) - set(POSITION_KEYS))
    if unknown:
        raise MalformedInput(f"unknown key(s) {', '.join(map(repr, unknown))} in a position "
                             f"(keys: {', '.join(POSITION_KEYS)})", path=f"$.{unknown[0]}")
    if "players" not in doc:
        raise MalformedInput("a position needs 'players'", path="$.players")
    players = doc["players"]
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 5:
        raise MalformedInput(f"players {players!r}: MLEM is for 2 to 5 players", path="$.players")
    rocket = doc.get("rocket")
    if rocket is not None:
        if not isinstance(rocket, dict):
            raise MalformedInput("rocket must be a mapping", path="$.rocket")
        unknown = sorted(str(k) for k in set(rocket) - set(ROCKET_KEYS))
        if unknown:
            raise MalformedInput(f"unknown key(s) {', '.join(map(repr, unknown))} in the rocket "
                                 f"(keys: {', '.join(ROCKET_KEYS)})", path=f"$.rocket.{unknown[0]}")
    for key in ("landed", "goals", "options"):
        value = doc.get(key)
        if value is not None and not isinstance(value, dict if key != "landed" else list):
            kind = "a list" if key == "landed" else "a mapping"
            raise MalformedInput(f"{key} must be {kind}", path=f"$.{key}")


def _build(doc: dict[str, Any], board: Board | None) -> State:
    _check_shape(doc)
    players = doc["players"]
    board = board if board is not None else _board(doc.get("board", "standard"))
    options = _options(doc)
    sections = _variant_sections(doc, board, players, options.variants)
    r = doc.get("rocket") or {}
    seats = tuple(_seat(x) for x in r.get("seats", ()))
    roll = _roll(r.get("roll"))
    landed = _landings(doc.get("landed", ()), board)
    phase = _phase(doc.get("phase") or ("takeoff" if not seats else "move" if roll else "roll"))
    goals = _goals(doc.get("goals") or {})
    state = State(
        board=board,
        options=options,
        phase=phase,
        start_player=doc.get("start_player", 0),
        expedition=doc.get("expedition", 1),
        crashes=doc.get("crashes", 0),
        reserves=_reserves(players, seats, landed),
        rocket=Rocket(
            space=r.get("space", board.start_space),
            dice=r.get("dice", len(roll) if roll else _arrival_dice(sections.get("ufo"))),
            seats=seats,
            roll=roll,
            cursor=r.get("cursor", 0),
        ),
        landed=landed,
        goals=goals,
        ended=(doc.get("ended") or None),
        **sections,
    )
    # may stop at a seat passed over, to ask why it cannot land
    problems = _placed_twice(players, seats, landed) + state_problems(state, position=True)
    if problems:
        raise InvalidState("interchange.state", "; ".join(dict.fromkeys(problems)))
    return state


def _board(named: Any) -> Board:
    """The position's board: an id or path, or an inline board object."""
    return load_board(named) if isinstance(named, str) else board_from_json(named)


def _options(doc: dict[str, Any]) -> Options:
    """The options, with every variant whose section is given turned on."""
    options = dict(doc.get("options") or {})
    named = options.get("variants") or []
    if not isinstance(named, list):
        raise MalformedInput("options.variants must be a list of variants", path="$.options.variants")
    options["variants"] = [v for v in VARIANTS if v in named or doc.get(v) is not None] + [
        v for v in named if v not in VARIANTS]  # an unknown name is reported by options_from_partial
    return options_from_partial(options)


def _roll(roll: Any) -> tuple[str, ...] | None:
    """The roll in canonical face order (an unknown face is a ``KeyError``, reported as malformed)."""
    return None if roll is None else tuple(sorted(roll, key=FACE_INDEX.__getitem__))


def _landings(items: Any, board: Board) -> tuple[Landing, ...]:
    """The landings in placement order, each moon landing taking the next slot of its space."""
    fill: dict[int, int] = {}
    return tuple(_landing(x, board, fill) for x in items)


def _phase(phase: Any) -> Phase:
    if phase not in PHASES:
        raise MalformedInput(f"unknown phase {phase!r} (phases: {', '.join(PHASES)})", path="$.phase")
    return Phase(phase)


def _reserves(players: int, seats: tuple[Seat, ...], landed: tuple[Landing, ...]) -> tuple[tuple[str, ...], ...]:
    """Each player's reserve: the astronauts neither aboard nor landed, in canonical order."""
    reserves = []
    for p in range(players):
        used = [s.astronaut for s in seats if s.player == p]
        used += [x.astronaut for x in landed if x.player == p]
        reserves.append(tuple(a for a in ASTRONAUTS if a not in used))
    return tuple(reserves)


def _goals(goals: dict[str, int | None]) -> tuple[int | None, ...]:
    """The holder of each goal in :data:`GOALS` order (``None``: not taken)."""
    unknown = set(goals) - set(GOALS)
    if unknown:
        raise MalformedInput(f"unknown goal(s) {sorted(unknown)} (goals: {', '.join(GOALS)})")
    return tuple(goals.get(g) for g in GOALS)


def _placed_twice(players: int, seats: tuple[Seat, ...], landed: tuple[Landing, ...]) -> list[str]:
    """One problem per player with an astronaut both aboard and landed, or landed twice (the
    last player first, as these messages have always been listed)."""
    problems = []
    for p in reversed(range(players)):
        mine = [s.astronaut for s in seats if s.player == p]
        mine += [x.astronaut for x in landed if x.player == p]
        twice = sorted({a for a in mine if mine.count(a) > 1})
        if twice:
            problems.append(f"player {p}'s {', '.join(twice)} is placed twice")
    return problems


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


# -- variants ---------------------------------------------------------------------------------


def _arrival_dice(ufo: Ufo | None) -> int:
    return ufo.arrival.dice if ufo is not None and ufo.arrival is not None else DICE_COUNT


_T = TypeVar("_T", ExplorationToken, MissionToken, ArrivalToken)


@dataclass(frozen=True, slots=True)
class _Kind(Generic[_T]):
    """One kind of variant token: its name in a token set, how to build one, where a set keeps them."""

    name: str
    """``exploration``, ``missions`` or ``arrivals`` (the :class:`TokenSet` field)."""
    build: Callable[[dict[str, Any]], _T]
    """A token from its object in a position."""
    of: Callable[[TokenSet], tuple[_T, ...]]
    """The tokens of this kind in a token set."""


EXPLORATION = _Kind("exploration", lambda d: ExplorationToken(d["id"], d["space"], d["effect"], d.get("points", 0)),
                    lambda t: t.exploration)
MISSIONS = _Kind("missions", lambda d: MissionToken(d["id"], d["space"]), lambda t: t.missions)
ARRIVALS = _Kind("arrivals", lambda d: ArrivalToken(d["id"], d["ufo_move"], d["dice"], d["ability"], d.get("face")),
                 lambda t: t.arrivals)


def _token_id(t: ExplorationToken | MissionToken | ArrivalToken) -> str:
    return t.id


class _Tokens:
    """Resolves the tokens of a position: full objects, or ids in the position's token set."""

    def __init__(self, doc: dict[str, Any], board: Board) -> None:
        self.named: Any = doc.get("tokens")
        """The position's ``tokens``: a set's id or path, an inline set, or ``None`` (the board's)."""
        self.board = board
        self._set: TokenSet | None = None
        self.used: set[str] = set()
        """The ids of every token named so far (a default pile leaves them out)."""

    @property
    def set(self) -> TokenSet | None:
        """The token set, or ``None`` when the position names none and the board has none shipped."""
        if self._set is None:
            source = self.named if self.named is not None else self.board.id
            if isinstance(source, dict):
                self._set = tokens_from_json(source, path="$.tokens")
            else:
                try:
                    self._set = load_tokens(source)
                except MalformedInput:
                    if self.named is not None:
                        raise
                    return None
        return self._set

    def one(self, kind: _Kind[_T], item: Any) -> _T:
        """A token given by its id in the set, or as a whole object."""
        if isinstance(item, str):
            known = kind.of(self.set) if self.set is not None else ()
            token = next((t for t in known if t.id == item), None)
            if token is None:
                where = f"token set {self.set.id!r}" if self.set is not None else "no token set (give 'tokens:')"
                raise MalformedInput(f"{kind.name} token {item!r} is not in {where}")
        elif isinstance(item, dict):
            token = kind.build(item)
        else:
            raise MalformedInput(f"a {kind.name} token is an id or a token object, not {item!r}")
        self.used.add(token.id)
        return token

    def many(self, kind: _Kind[_T], items: Any) -> tuple[_T, ...]:
        if not isinstance(items, list):
            raise MalformedInput(f"a list of {kind.name} tokens was expected, not {items!r}")
        return tuple(self.one(kind, x) for x in items)

    def per_player(self, kind: _Kind[_T], items: Any, players: int, what: str) -> tuple[tuple[_T, ...], ...]:
        if items is None:
            return tuple(() for _ in range(players))
        if not isinstance(items, list) or len(items) != players:
            raise MalformedInput(f"{what} needs one list per player ({players})")
        return tuple(self.many(kind, x) for x in items)

    def pile(self, kind: _Kind[_T], given: Any) -> tuple[_T, ...]:
        """The pile as given, or the set's tokens of that kind that are nowhere else (by id)."""
        if given is not None:
            return tuple(sorted(self.many(kind, given), key=_token_id))
        if self.set is None:
            return ()
        return tuple(t for t in kind.of(self.set) if t.id not in self.used)


_KEYS: dict[str, set[str]] = {
    "exploration": {"pile", "spaces", "held", "removed", "pending"},
    "missions": {"pile", "hands", "discarded"},
    "ufo": {"home", "space", "pile", "used", "arrival", "ability_used", "stack", "held"},
}


def _variant_sections(doc: dict[str, Any], board: Board, players: int,
                      variants: tuple[str, ...]) -> VariantSections:
    """The exploration, missions and ufo sections of the variants played."""
    tokens = _Tokens(doc, board)
    out: VariantSections = {}
    for name in VARIANTS:
        section = _section(doc, name)
        if name not in variants:
            continue
        if name == "exploration":
            out["exploration"] = _exploration(section, tokens, players)
        elif name == "missions":
            out["missions"] = _missions(section, tokens, players)
        else:
            out["ufo"] = _ufo(section, tokens, players)
    return out


def _section(doc: dict[str, Any], name: str) -> dict[str, Any]:
    """A variant's section of the position (``{}`` when not given), its keys checked."""
    section = doc.get(name)
    if section is None:
        section = {}
    if not isinstance(section, dict):
        raise MalformedInput(f"{name} must be a mapping (the state document's section)", path=f"$.{name}")
    unknown = sorted(set(section) - _KEYS[name])
    if unknown:
        raise MalformedInput(f"unknown key(s) {unknown} in {name} (keys: {', '.join(sorted(_KEYS[name]))})",
                             path=f"$.{name}")
    return section


def _exploration(section: dict[str, Any], tokens: _Tokens, players: int) -> Exploration:
    spaces = tokens.many(EXPLORATION, section.get("spaces", []))
    held = tokens.per_player(EXPLORATION, section.get("held"), players, "exploration.held")
    removed = tokens.many(EXPLORATION, section.get("removed", []))
    return Exploration(tokens.pile(EXPLORATION, section.get("pile")), spaces, held, removed,
                       section.get("pending", 0))


def _missions(section: dict[str, Any], tokens: _Tokens, players: int) -> Missions:
    hands = tokens.per_player(MISSIONS, section.get("hands"), players, "missions.hands")
    hands = tuple(tuple(sorted(h, key=_token_id)) for h in hands)
    discarded = tokens.per_player(MISSIONS, section.get("discarded"), players, "missions.discarded")
    return Missions(tokens.pile(MISSIONS, section.get("pile")), hands, discarded)


def _ufo(section: dict[str, Any], tokens: _Tokens, players: int) -> Ufo:
    used = tokens.many(ARRIVALS, section.get("used", []))
    arrival = section.get("arrival")
    arrival = None if arrival is None else tokens.one(ARRIVALS, arrival)
    held = section.get("held") or [[] for _ in range(players)]
    if not isinstance(held, list) or len(held) != players:
        raise MalformedInput(f"ufo.held needs one list per player ({players})")
    held = tuple(tuple(h) for h in held)
    stack = section.get("stack")
    if stack is None:
        stack = _untaken([v for h in held for v in h])
    default_home = tokens.board.end
    if tokens.set is not None and tokens.set.ufo_home is not None:
        default_home = tokens.set.ufo_home
    home = section.get("home", default_home)
    return Ufo(home, section.get("space", home), tokens.pile(ARRIVALS, section.get("pile")), used,
               arrival, bool(section.get("ability_used", False)), tuple(stack), held)


def _untaken(taken: list[int]) -> list[int]:
    """The UFO tokens nobody holds, top first."""
    left = list(UFO_TOKENS)
    for v in taken:
        if v in left:
            left.remove(v)
    return left
