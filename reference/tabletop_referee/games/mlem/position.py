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
feature steps and by ``referee explain``. A landing or parachute phase may stop at a seat
(``rocket.cursor``) whose astronaut has nowhere to land, which a game never does (the engine
passes it over), so that one may ask why it cannot land.

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

from typing import Any

from ...errors import InvalidState, MalformedInput
from .interchange import board_from_json, load_board, load_tokens, options_from_partial, state_problems
from .interchange import tokens_from_json
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
    if board is None:
        b = doc.get("board", "standard")
        board = load_board(b) if isinstance(b, str) else board_from_json(b)
    options = dict(doc.get("options") or {})
    named = options.get("variants") or []
    if not isinstance(named, list):
        raise MalformedInput("options.variants must be a list of variants", path="$.options.variants")
    options["variants"] = [v for v in VARIANTS if v in named or doc.get(v) is not None] + [
        v for v in named if v not in VARIANTS]  # an unknown name is reported by options_from_partial
    options = options_from_partial(options)
    sections = _variant_sections(doc, board, players, options.variants)
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
            dice=r.get("dice", len(roll) if roll else _arrival_dice(sections.get("ufo"))),
            seats=seats,
            roll=roll,
            cursor=r.get("cursor", 0),
        ),
        landed=tuple(landed),
        goals=tuple(goals.get(g) for g in GOALS),
        ended=(doc.get("ended") or None),
        **sections,
    )
    problems = state_problems(state, position=True)  # may stop at a seat passed over, to ask why
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


# -- variants ---------------------------------------------------------------------------------


def _arrival_dice(ufo: Ufo | None) -> int:
    return ufo.arrival.dice if ufo is not None and ufo.arrival is not None else DICE_COUNT


class _Tokens:
    """Resolves the tokens of a position: full objects, or ids in the position's token set."""

    def __init__(self, doc: dict[str, Any], board: Board) -> None:
        self.named = doc.get("tokens")
        self.board = board
        self._set: TokenSet | None = None
        self.used: set[str] = set()

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

    def one(self, kind: str, item: Any):
        if isinstance(item, str):
            known = getattr(self.set, kind, ()) if self.set is not None else ()
            token = next((t for t in known if t.id == item), None)
            if token is None:
                where = f"token set {self.set.id!r}" if self.set is not None else "no token set (give 'tokens:')"
                raise MalformedInput(f"{kind} token {item!r} is not in {where}")
        elif isinstance(item, dict):
            token = _BUILD[kind](item)
        else:
            raise MalformedInput(f"a {kind} token is an id or a token object, not {item!r}")
        self.used.add(token.id)
        return token

    def many(self, kind: str, items: Any) -> tuple:
        if not isinstance(items, list):
            raise MalformedInput(f"a list of {kind} tokens was expected, not {items!r}")
        return tuple(self.one(kind, x) for x in items)

    def per_player(self, kind: str, items: Any, players: int, what: str) -> tuple:
        if items is None:
            return tuple(() for _ in range(players))
        if not isinstance(items, list) or len(items) != players:
            raise MalformedInput(f"{what} needs one list per player ({players})")
        return tuple(self.many(kind, x) for x in items)

    def pile(self, kind: str, given: Any) -> tuple:
        """The pile as given, or the set's tokens of that kind that are nowhere else (by id)."""
        if given is not None:
            return tuple(sorted(self.many(kind, given), key=lambda t: t.id))
        if self.set is None:
            return ()
        return tuple(t for t in getattr(self.set, kind) if t.id not in self.used)


_BUILD = {
    "exploration": lambda d: ExplorationToken(d["id"], d["space"], d["effect"], d.get("points", 0)),
    "missions": lambda d: MissionToken(d["id"], d["space"]),
    "arrivals": lambda d: ArrivalToken(d["id"], d["ufo_move"], d["dice"], d["ability"], d.get("face")),
}

_KEYS = {
    "exploration": {"pile", "spaces", "held", "removed", "pending"},
    "missions": {"pile", "hands", "discarded"},
    "ufo": {"home", "space", "pile", "used", "arrival", "ability_used", "stack", "held"},
}


def _variant_sections(doc: dict[str, Any], board: Board, players: int, variants) -> dict[str, Any]:
    """The exploration, missions and ufo sections of the variants played."""
    tokens = _Tokens(doc, board)
    out: dict[str, Any] = {}
    for name in VARIANTS:
        section = doc.get(name)
        if section is None:
            section = {}
        if not isinstance(section, dict):
            raise MalformedInput(f"{name} must be a mapping (the state document's section)", path=f"$.{name}")
        unknown = sorted(set(section) - _KEYS[name])
        if unknown:
            raise MalformedInput(f"unknown key(s) {unknown} in {name} (keys: {', '.join(sorted(_KEYS[name]))})",
                                 path=f"$.{name}")
        if name not in variants:
            continue
        if name == "exploration":
            spaces = tokens.many("exploration", section.get("spaces", []))
            held = tokens.per_player("exploration", section.get("held"), players, "exploration.held")
            removed = tokens.many("exploration", section.get("removed", []))
            out[name] = Exploration(tokens.pile("exploration", section.get("pile")), spaces, held, removed,
                                    section.get("pending", 0))
        elif name == "missions":
            hands = tokens.per_player("missions", section.get("hands"), players, "missions.hands")
            hands = tuple(tuple(sorted(h, key=lambda t: t.id)) for h in hands)
            discarded = tokens.per_player("missions", section.get("discarded"), players, "missions.discarded")
            out[name] = Missions(tokens.pile("missions", section.get("pile")), hands, discarded)
        else:
            used = tokens.many("arrivals", section.get("used", []))
            arrival = section.get("arrival")
            arrival = None if arrival is None else tokens.one("arrivals", arrival)
            held = section.get("held") or [[] for _ in range(players)]
            if not isinstance(held, list) or len(held) != players:
                raise MalformedInput(f"ufo.held needs one list per player ({players})")
            held = tuple(tuple(h) for h in held)
            taken = [v for h in held for v in h]
            stack = section.get("stack")
            if stack is None:
                left = list(UFO_TOKENS)
                for v in taken:
                    if v in left:
                        left.remove(v)
                stack = left
            default_home = board.end
            if tokens.set is not None and tokens.set.ufo_home is not None:
                default_home = tokens.set.ufo_home
            home = section.get("home", default_home)
            out[name] = Ufo(home, section.get("space", home), tokens.pile("arrivals", section.get("pile")), used,
                            arrival, bool(section.get("ability_used", False)), tuple(stack), held)
    return out
