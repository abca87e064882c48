"""JSON interchange for MLEM: the only place that knows the document shapes.

``*_to_json`` return canonical documents (every field present, lists in canonical order);
``*_from_json`` validate against ``schemas/mlem/*.schema.json`` first (raising
:class:`~tabletop_referee.errors.MalformedInput` with the JSON path), then check what a schema
cannot (raising :class:`~tabletop_referee.errors.InvalidState`), then build frozen values.
See docs/mlem/interchange.md.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from enum import StrEnum
from functools import lru_cache
from pathlib import Path
from typing import Any, TypedDict, TypeVar

from ...errors import IllegalAction, InvalidState, MalformedInput
from ...loading import parse_yaml, read_bytes
from ...paths import spec_dir
from ...schemas import validation_errors
from .canonical import _face_key, action_to_json, canonical_text
from .engine import landing_targets, observe
from .rules.scoring import score_docs
from .model import (
    ASTRONAUT_INDEX,
    ASTRONAUTS,
    DICE_COUNT,
    FACE_INDEX,
    GOALS,
    LATE_OPTIONS,
    OPTION_ENUMS,
    OPTION_VALUES,
    OPTION_VARIANT,
    PHASES,
    UFO_TOKENS,
    VARIANTS,
    Action,
    ArrivalToken,
    Board,
    DiceReuseCap,
    DieOne,
    Discard,
    Draw,
    Embark,
    Event,
    Exploration,
    ExplorationToken,
    Hidden,
    Land,
    Landing,
    Missions,
    MissionToken,
    Move,
    Options,
    Phase,
    Planet,
    Reroll,
    Roll,
    Rocket,
    Score,
    Seat,
    Setup,
    Space,
    State,
    Stay,
    TokenSet,
    Ufo,
    Variant,
    shown,
    size,
)

FORMAT = 1
"""The interchange format's major version, written in every state document."""

Doc = dict[str, Any]
"""A JSON object as Python reads it (its values are any JSON value)."""

_Token = TypeVar("_Token", ExplorationToken, MissionToken, ArrivalToken)


def _validate(name: str, doc: Any, what: str) -> None:
    errors = validation_errors("mlem", name, doc)
    if errors:
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        path, _, message = errors[0].partition(": ")
        message = " ".join(message.split())
        if len(message) > 300:  # a schema error may quote the whole (huge) value
            message = message[:299] + "…"
        raise MalformedInput(f"{what}: {message}{more}", path=path)


# -- board --------------------------------------------------------------------------------


def board_to_json(board: Board) -> Doc:
    doc: dict[str, Any] = {"id": board.id}
    if board.title is not None:
        doc["title"] = board.title
    doc.update(
        start_space=board.start_space,
        satellite_space=board.satellite_space,
        crash_limit=board.crash_limit,
        deep_space={"space": board.end, "comet": board.comet, "galaxy": board.galaxy},
    )
    if board.provisional:
        doc["provisional"] = list(board.provisional)
    doc["planets"] = {
        pid: {"gold": p.gold, "silver": p.silver, "bronze": p.bronze}
        | ({"provisional": list(p.provisional)} if p.provisional else {})
        for pid, p in board.planets
    }
    doc["spaces"] = [_space_to_json(s) for s in board.spaces]
    return doc


def _space_to_json(s: Space) -> Doc:
    doc: dict[str, Any] = {"faces": list(s.faces)}
    if s.afterburner is not None:
        doc["afterburner"] = s.afterburner
    if s.moons:
        doc["moons"] = list(s.moons)
    if s.planet is not None:
        doc["planet"] = s.planet
    if s.provisional:
        doc["provisional"] = list(s.provisional)
    return doc


def board_from_json(doc: Any, *, path: str = "$") -> Board:
    """Builds a board from its JSON (or YAML-loaded) document.

    Raises:
        MalformedInput: the document does not match board.schema.json.
        InvalidState: the board contradicts itself (clause ``setup.board``).
    """
    if isinstance(doc, dict) and isinstance(doc.get("spaces"), list) and len(doc["spaces"]) > MAX_SPACES:
        raise MalformedInput(f"board: {len(doc['spaces'])} spaces is more than the limit of {MAX_SPACES}",
                             path=f"{path}.spaces" if path != "$" else "$.spaces")
    _validate("board", doc, "board")
    spaces = tuple(
        Space(
            faces=tuple(s["faces"]),
            afterburner=s.get("afterburner"),
            moons=tuple(s.get("moons", ())),
            planet=s.get("planet"),
            provisional=tuple(s.get("provisional", ())),
        )
        for s in doc["spaces"]
    )
    planets = tuple(
        (pid, Planet(p["gold"], p["silver"], p["bronze"], tuple(p.get("provisional", ()))))
        for pid, p in doc["planets"].items()
    )
    deep = doc["deep_space"]
    board = Board(
        id=doc["id"],
        spaces=spaces,
        planets=planets,
        start_space=doc.get("start_space", 0),
        satellite_space=doc.get("satellite_space", 3),
        crash_limit=doc.get("crash_limit", 11),
        comet=deep["comet"],
        galaxy=deep["galaxy"],
        title=doc.get("title"),
        provisional=tuple(doc.get("provisional", ())),
    )
    problems = board_problems(board, deep["space"])
    if problems:
        raise InvalidState("setup.board", "; ".join(problems), path=path)
    return board


@lru_cache(maxsize=512)
def _board_cached(text: str) -> Board:
    """Boards repeat in every state of a game: parse each distinct one once. Roomy: the vectors
    on the shipped data replay each vector on ~117 boards that differ in one provisional field
    each, in turn (datavectors.depends_on), which a cache of fewer would evict before reuse."""
    return board_from_json(json.loads(text), path="$.board")


def board_problems(board: Board, deep_space: int | None = None) -> list[str]:
    """Returns every way a board contradicts itself (empty when it is sound)."""
    problems = []
    end = board.end
    if deep_space is not None and deep_space != end:
        problems.append(
            f"deep_space.space is {deep_space} but spaces has {len(board.spaces)} entries"
            f" (expected deep_space.space == {end})"
        )
    planet_ids = {pid for pid, _ in board.planets}
    for i, s in enumerate(board.spaces):
        if list(s.faces) != sorted(set(s.faces), key=FACE_INDEX.__getitem__):
            problems.append(f"spaces[{i}].faces must be distinct, in canonical order")
        if ("afterburner" in s.faces) != (s.afterburner is not None):
            problems.append(f"spaces[{i}]: afterburner dots are needed exactly where the face is allowed")
        if s.moons and s.planet is not None:
            problems.append(f"spaces[{i}] has both moons and a planet")
        if s.planet is not None and s.planet not in planet_ids:
            problems.append(f"spaces[{i}].planet {s.planet!r} is not in planets")
        if i == end and (s.moons or s.planet is not None):
            problems.append(f"spaces[{i}] is deep space and cannot hold moons or a planet")
        if i < end and not s.faces:
            problems.append(f"spaces[{i}] allows no face: every roll there would crash")
    for name in ("start_space", "satellite_space"):
        value = getattr(board, name)
        if not 0 <= value < end:
            problems.append(f"{name} {value} is not a space before deep space (0..{end - 1})")
    if end < 1:
        problems.append("a board needs at least a start space and deep space")
    return problems


@lru_cache(maxsize=None)
def load_board(name: str) -> Board:
    """Loads a board shipped in ``spec/mlem/boards/`` by id, or a YAML/JSON file by path.

    Raises:
        MalformedInput: no such board, unreadable file, or a document that is not a board.
    """
    path = Path(name)
    if path.suffix not in (".yaml", ".yml", ".json"):
        path = spec_dir("mlem") / "boards" / f"{name}.yaml"
        if not path.is_file():
            known = ", ".join(sorted(board_ids()))
            raise MalformedInput(f"unknown board {name!r} (shipped boards: {known})")
    doc = _read_yaml(path, "board")
    try:
        return board_from_json(doc)
    except MalformedInput as exc:
        raise MalformedInput(f"{path}: {exc.message}", path=exc.path) from None
    except InvalidState as exc:
        raise InvalidState(exc.clause, f"{path}: {exc.message}", path=exc.path) from None


def _read_yaml(path: Path, what: str = "token set") -> Any:
    """A board or token file through the input boundary (caps, strict numbers)."""
    data = read_bytes(path, what=f"{what} file", max_bytes=MAX_FILE_BYTES)
    return parse_yaml(data, str(path), what="YAML/JSON")


MAX_FILE_BYTES = 256 * 1024
"""Largest board or token set file read (the shipped ones are a few kilobytes)."""
MAX_SPACES = 200
"""Most spaces on a board (the shipped boards have fewer than 50): checked before any work."""
MAX_TOKENS = 500
"""Most tokens in one section of a token set."""


def shipped_board(name: str) -> Board:
    """A board shipped in ``spec/mlem/boards/`` by id; a path is refused (setup documents from
    vectors and adapters name boards by id or give them inline, never read local files)."""
    if name not in board_ids():
        raise MalformedInput(f"unknown board id {name!r} (shipped boards: {', '.join(board_ids())}); "
                             "write any other board inline", path="$.board")
    return load_board(name)


def shipped_tokens(name: str) -> TokenSet:
    """A token set shipped in ``spec/mlem/tokens/`` by id; a path is refused (see :func:`shipped_board`)."""
    if name not in token_set_ids():
        raise MalformedInput(f"unknown token set id {name!r} (shipped token sets: {', '.join(token_set_ids())});"
                             " write any other token set inline", path="$.tokens")
    return load_tokens(name)


def board_ids() -> list[str]:
    return sorted(p.stem for p in (spec_dir("mlem") / "boards").glob("*.yaml"))


# -- options and setup --------------------------------------------------------------------


BASE_OPTIONS: tuple[str, ...] = ("dice_selection", "tie_break", "game_end", "die_one_rescue")
"""The options every options document carries (format 1.0's base game)."""


def options_to_json(o: Options) -> dict[str, Any]:
    """The options document. ``variants`` and each variant's own options appear only while that
    variant is played (canonical form: a base game's options have exactly four keys)."""
    doc: dict[str, Any] = {name: _plain(getattr(o, name)) for name in BASE_OPTIONS}
    if o.variants:
        doc["variants"] = [str(v) for v in o.variants]
        for name, variant in OPTION_VARIANT.items():
            if variant in o.variants and name not in LATE_OPTIONS:
                doc[name] = _plain(getattr(o, name))
    # Options added after format 1.0 appear only when they differ from their default.
    for name in LATE_OPTIONS:
        only_with = OPTION_VARIANT.get(name)
        if (only_with is None or only_with in o.variants) and getattr(o, name) != OPTION_VALUES[name][0]:
            doc[name] = _plain(getattr(o, name))
    return doc


def _plain(value: str | bool) -> str | bool:
    """An option value as a document holds it: a plain string (not the enum member) or a boolean."""
    return str(value) if isinstance(value, str) else value


def options_from_partial(doc: dict[str, Any]) -> Options:
    """Returns the options a partial ``{"name": value}`` mapping selects (defaults elsewhere).

    Raises:
        MalformedInput: an unknown option name or value.
    """
    if not isinstance(doc, dict):
        raise MalformedInput("options must be a mapping of option names to values", path="$.options")
    doc = dict(doc)
    variants = doc.pop("variants", [])
    _check_variants(variants)
    for name, value in doc.items():
        _check_option(name, value, variants)
    return _options(doc, tuple(v for v in VARIANTS if v in variants))


def _check_option(name: str, value: Any, variants: list[str]) -> None:
    """One ``name: value`` pair of an options mapping: a known option, played, with a known value."""
    variant = OPTION_VARIANT.get(name)
    if variant is not None and variant not in variants:
        raise MalformedInput(
            f"option {name} applies only with the {variant} variant (variants: {list(variants)})",
            path=f"$.options.{name}", clause="variants.selection",
        )
    if name not in OPTION_VALUES:
        raise MalformedInput(
            f"unknown rule option {name!r} (options: {', '.join(OPTION_VALUES)})", path=f"$.options.{name}"
        )
    if value not in OPTION_VALUES[name] or isinstance(value, bool) != isinstance(OPTION_VALUES[name][0], bool):
        allowed = ", ".join(json.dumps(v) for v in OPTION_VALUES[name])
        raise MalformedInput(f"{name} cannot be {value!r} (one of: {allowed})", path=f"$.options.{name}")


def _options(values: dict[str, str | bool], variants: Iterable[str]) -> Options:
    """Options from checked values: each named value becomes its option's enum member."""
    # Any: each keyword has its own enum type, which a dict's value type cannot say per key.
    typed: dict[str, Any] = {
        name: OPTION_ENUMS[name](str(value)) if name in OPTION_ENUMS else value for name, value in values.items()
    }
    return Options(**typed, variants=tuple(Variant(v) for v in variants))


def _check_variants(variants: Any) -> None:
    """[variants.selection]: a list of known variants, each at most once."""
    if not isinstance(variants, (list, tuple)) or any(not isinstance(v, str) or v not in VARIANTS for v in variants):
        raise MalformedInput(
            f"variants must be a list drawn from {', '.join(VARIANTS)}, not {variants!r}",
            path="$.options.variants", clause="variants.selection",
        )
    if len(set(variants)) != len(variants):
        raise MalformedInput(f"variants {list(variants)} names a variant twice", path="$.options.variants",
                             clause="variants.selection")


def _options_from_doc(doc: dict[str, Any]) -> Options:
    """Options from a schema-valid state's options document."""
    doc = dict(doc)
    variants = tuple(doc.pop("variants", ()))
    return _options(doc, variants)


def setup_to_json(setup: Setup) -> Doc:
    """Returns a setup document: the board (and token set) by id when shipped, else inline."""
    board = setup.board
    shipped = board.id in board_ids() and load_board(board.id) == board
    doc = {
        "players": setup.players,
        "start_player": setup.start_player,
        "board": board.id if shipped else board_to_json(board),
        "options": options_to_json(setup.options),
    }
    if setup.options.variants and setup.tokens is not None:
        t = setup.tokens
        shipped = t.id in token_set_ids() and load_tokens(t.id) == t
        doc["tokens"] = t.id if shipped else tokens_to_json(t)
    return doc


def setup_from_json(doc: Any) -> Setup:
    """Builds a setup: ``{"players": 4, "start_player": 0, "board": "standard", "options": {}}``.

    With variants, ``tokens`` names a shipped token set or gives one inline; by default the
    set with the board's id is used.
    """
    options_doc = doc.get("options") if isinstance(doc, dict) else None
    if isinstance(options_doc, dict) and "variants" in options_doc:
        _check_variants(options_doc["variants"])  # before the schema: the clause, not just the shape
    _validate("setup", doc, "setup")
    board_doc = doc.get("board", "standard")
    board = shipped_board(board_doc) if isinstance(board_doc, str) else board_from_json(board_doc)
    options = options_from_partial(doc.get("options", {}))
    tokens = None
    if options.variants:
        tokens_doc = doc.get("tokens", board.id)
        if isinstance(tokens_doc, str):
            tokens = shipped_tokens(tokens_doc)
        else:
            tokens = tokens_from_json(tokens_doc, path="$.tokens")
        problems = token_set_problems(tokens, board)
        if problems:
            raise InvalidState(
                "setup.board", f"token set {tokens.id!r} does not fit board {board.id!r}: " + "; ".join(problems),
                path="$.tokens",
            )
    return Setup(
        players=doc["players"],
        board=board,
        start_player=doc.get("start_player", 0),
        options=options,
        tokens=tokens,
    )


# -- token sets (variants) ------------------------------------------------------------------


def exploration_token_to_json(t: ExplorationToken) -> Doc:
    doc: dict[str, Any] = {"id": t.id, "space": t.space, "effect": t.effect}
    if t.effect == "points":
        doc["points"] = t.points
    return doc


def mission_token_to_json(t: MissionToken) -> Doc:
    return {"id": t.id, "space": t.space}


def arrival_token_to_json(t: ArrivalToken) -> Doc:
    doc: dict[str, Any] = {"id": t.id, "ufo_move": t.ufo_move, "dice": t.dice, "ability": t.ability}
    if t.face is not None:
        doc["face"] = t.face
    return doc


def _exploration_token(d: Doc) -> ExplorationToken:
    return ExplorationToken(d["id"], d["space"], d["effect"], d.get("points", 0))


def _mission_token(d: Doc) -> MissionToken:
    return MissionToken(d["id"], d["space"])


def _arrival_token(d: Doc) -> ArrivalToken:
    return ArrivalToken(d["id"], d["ufo_move"], d["dice"], d["ability"], d.get("face"))


def tokens_to_json(t: TokenSet) -> Doc:
    doc: dict[str, Any] = {"id": t.id}
    if t.provisional:
        doc["provisional"] = True
    if t.note is not None:
        doc["note"] = t.note
    if t.ufo_home is not None:
        doc["ufo_home"] = t.ufo_home
    doc["exploration"] = [exploration_token_to_json(x) for x in t.exploration]
    doc["missions"] = [mission_token_to_json(x) for x in t.missions]
    doc["arrivals"] = [arrival_token_to_json(x) for x in t.arrivals]
    return doc


def tokens_from_json(doc: Any, *, path: str = "$") -> TokenSet:
    """Builds a token set from its document (tokens.schema.json).

    Raises:
        MalformedInput: the document does not match the schema, or an id repeats.
    """
    if isinstance(doc, dict):
        for section in ("exploration", "missions", "arrivals"):
            if isinstance(doc.get(section), list) and len(doc[section]) > MAX_TOKENS:
                raise MalformedInput(f"token set: {len(doc[section])} {section} tokens is more than the limit "
                                     f"of {MAX_TOKENS}", path=f"{path}.{section}")
    _validate("tokens", doc, "token set")
    tokens = TokenSet(
        id=doc["id"],
        exploration=tuple(sorted((_exploration_token(d) for d in doc.get("exploration", ())), key=_token_id)),
        missions=tuple(sorted((_mission_token(d) for d in doc.get("missions", ())), key=_token_id)),
        arrivals=tuple(sorted((_arrival_token(d) for d in doc.get("arrivals", ())), key=_token_id)),
        ufo_home=doc.get("ufo_home"),
        provisional=bool(doc.get("provisional", False)),
        note=doc.get("note"),
    )
    ids = [t.id for t in tokens.exploration] + [t.id for t in tokens.missions] + [t.id for t in tokens.arrivals]
    twice = sorted({i for i in ids if ids.count(i) > 1})
    if twice:
        raise MalformedInput(f"token set {tokens.id!r}: token ids used twice: {', '.join(twice)}", path=path)
    return tokens


def _token_id(t: ExplorationToken | MissionToken | ArrivalToken) -> str:
    return t.id


def token_set_problems(tokens: TokenSet, board: Board) -> list[str]:
    """Returns every way a token set does not fit a board (empty when it fits)."""
    end = board.end
    problems = [f"exploration token {t.id} is for space {t.space}, not one of 1..{end - 1}"
                for t in tokens.exploration if not 0 < t.space < end]
    problems += [f"mission token {t.id} names space {t.space}, which has no moon or planet"
                 for t in tokens.missions if not 0 <= t.space < end or not board.spaces[t.space].has_site]
    if tokens.ufo_home is not None and not 1 <= tokens.ufo_home <= end:
        problems.append(f"ufo_home {tokens.ufo_home} is not a space of the board (1..{end})")
    return problems


def token_set_ids() -> list[str]:
    return sorted(p.stem for p in (spec_dir("mlem") / "tokens").glob("*.yaml"))


@lru_cache(maxsize=None)
def load_tokens(name: str) -> TokenSet:
    """Loads a token set shipped in ``spec/mlem/tokens/`` by id, or a YAML/JSON file by path.

    Raises:
        MalformedInput: no such token set, unreadable file, or not a token set.
    """
    path = Path(name)
    if path.suffix not in (".yaml", ".yml", ".json"):
        path = spec_dir("mlem") / "tokens" / f"{name}.yaml"
        if not path.is_file():
            known = ", ".join(token_set_ids())
            raise MalformedInput(f"unknown token set {name!r} (shipped token sets: {known})")
    doc = _read_yaml(path)
    try:
        return tokens_from_json(doc)
    except MalformedInput as exc:
        raise MalformedInput(f"{path}: {exc.message}", path=exc.path) from None


# -- state --------------------------------------------------------------------------------


def state_to_json(s: State, *, sections: bool = True) -> Doc:
    """The state document; ``sections=False`` leaves out the :data:`SECTIONS` (for a digest
    that keeps their texts)."""
    doc: dict[str, Any] = {"game": "mlem", "format": FORMAT}
    if sections:
        doc["board"] = board_to_json(s.board)
    doc |= {
        "options": options_to_json(s.options),
        "phase": str(s.phase),
        "start_player": s.start_player,
        "expedition": s.expedition,
        "crashes": s.crashes,
        "players": players_to_json(s.reserves),
        "rocket": rocket_to_json(s.rocket),
    }
    if sections:
        doc["landed"] = landed_to_json(s.landed)
    doc |= {
        "goals": dict(zip(GOALS, s.goals)),
        "ended": None if s.ended is None else {"reason": s.ended},
    }
    if s.die_one_spent:
        doc["die_one_spent"] = list(s.die_one_spent)
    return doc | _variants_to_json(s) if sections else doc


def players_to_json(reserves: tuple[tuple[str, ...], ...]) -> list[Doc]:
    return [{"reserve": list(res)} for res in reserves]


def rocket_to_json(r: Rocket) -> Doc:
    return {
        "space": r.space,
        "dice": r.dice,
        "roll": None if r.roll is None else list(r.roll),
        "cursor": r.cursor,
        "seats": [{"player": x.player, "astronaut": x.astronaut, "flipped": x.flipped} for x in r.seats],
    }


def _tokens(items: tuple[_Token, ...] | Hidden, to_json: Callable[[_Token], Doc]) -> list[Doc] | dict[str, int]:
    """A token list, or ``{"hidden": n}`` in an observation."""
    if isinstance(items, Hidden):
        return {"hidden": items.count}
    return [to_json(t) for t in items]


def exploration_to_json(ex: Exploration) -> Doc:
    return {
        "pile": _tokens(ex.pile, exploration_token_to_json),
        "spaces": [exploration_token_to_json(t) for t in ex.spaces],
        "held": [[exploration_token_to_json(t) for t in h] for h in ex.held],
        "removed": [exploration_token_to_json(t) for t in ex.removed],
        "pending": ex.pending,
    }


def missions_to_json(m: Missions) -> Doc:
    return {
        "pile": _tokens(m.pile, mission_token_to_json),
        "hands": [_tokens(h, mission_token_to_json) for h in m.hands],
        "discarded": [_tokens(d, mission_token_to_json) for d in m.discarded],
    }


def ufo_to_json(u: Ufo) -> Doc:
    return {
        "home": u.home,
        "space": u.space,
        "pile": _tokens(u.pile, arrival_token_to_json),
        "used": [arrival_token_to_json(t) for t in u.used],
        "arrival": None if u.arrival is None else arrival_token_to_json(u.arrival),
        "ability_used": u.ability_used,
        "stack": list(u.stack),
        "held": [list(h) for h in u.held],
    }


def landed_to_json(landed: tuple[Landing, ...]) -> list[Doc]:
    return [_landing_to_json(x) for x in landed]


SECTIONS: dict[str, Callable[[Any], Any]] = {"board": board_to_json, "landed": landed_to_json, "exploration": exploration_to_json,
            "missions": missions_to_json, "ufo": ufo_to_json}
"""The large parts of a state document, each written from one field of the state (of the same
name; ``landed``: the tuple of landings), so a digest can keep their texts while they do not change."""


def _variants_to_json(s: State) -> Doc:
    """The variant sections of a state document, each present only while its variant is played."""
    doc: dict[str, Any] = {}
    if s.exploration is not None:
        doc["exploration"] = exploration_to_json(s.exploration)
    if s.missions is not None:
        doc["missions"] = missions_to_json(s.missions)
    if s.ufo is not None:
        doc["ufo"] = ufo_to_json(s.ufo)
    return doc


def observation_to_json(state: State, player: int) -> Doc:
    """What ``player`` sees of ``state``: the state document with ``observer``, every hidden
    list replaced by ``{"hidden": n}`` [observation.per-player].

    Raises:
        IllegalAction: ``player`` is not a player of the game (clause observation.per-player).
    """

    return state_to_json(observe(state, player)) | {"observer": player}


def scores_to_json(state: State, sheet: tuple[Score, ...]) -> list[Doc]:
    """Score documents: the variant categories appear only while their variant is played
    (the same documents the final-scores event carries)."""
    return score_docs(state, sheet)


def _landing_to_json(x: Landing) -> Doc:
    doc: dict[str, Any] = {
        "player": x.player,
        "astronaut": x.astronaut,
        "space": x.space,
        "site": x.site,
    }
    if x.slot is not None:
        doc["slot"] = x.slot
    return doc


def state_from_json(doc: Any, *, position: bool = False) -> State:
    """Builds a state from its document (``position``: see :func:`state_problems`).

    Raises:
        MalformedInput: the document does not match state.schema.json.
        InvalidState: a well-formed document that no game can reach (all problems listed).
    """
    _validate("state", doc, "state")
    board = _board_cached(canonical_text(doc["board"]))
    r = doc["rocket"]
    state = State(
        board=board,
        options=_options_from_doc(doc["options"]),
        phase=Phase(doc["phase"]),
        start_player=doc["start_player"],
        expedition=doc["expedition"],
        crashes=doc["crashes"],
        reserves=tuple(tuple(p["reserve"]) for p in doc["players"]),
        rocket=Rocket(
            space=r["space"],
            dice=r["dice"],
            seats=tuple(Seat(x["player"], x["astronaut"], x["flipped"]) for x in r["seats"]),
            roll=None if r["roll"] is None else tuple(r["roll"]),
            cursor=r["cursor"],
        ),
        landed=tuple(
            Landing(x["player"], x["astronaut"], x["space"], x["site"], x.get("slot"))
            for x in doc["landed"]
        ),
        goals=tuple(doc["goals"][g] for g in GOALS),
        ended=None if doc["ended"] is None else doc["ended"]["reason"],
        **_variants_from_json(doc),
        die_one_spent=tuple(sorted(doc.get("die_one_spent", ()))),
    )
    problems = state_problems(state, position=position)
    if problems:
        more = f" (and {len(problems) - 1} more: {'; '.join(problems[1:])})" if len(problems) > 1 else ""
        raise InvalidState("interchange.state", problems[0] + more)
    return state


class VariantSections(TypedDict, total=False):
    """The variant sections of a state as keyword arguments of :class:`State` (each present
    only while its variant is played)."""

    exploration: Exploration
    missions: Missions
    ufo: Ufo


def _variants_from_json(doc: Doc) -> VariantSections:
    """The variant sections of a schema-valid state document."""
    out: VariantSections = {}
    ex = doc.get("exploration")
    if ex is not None:
        out["exploration"] = Exploration(
            pile=tuple(_exploration_token(t) for t in ex["pile"]),
            spaces=tuple(_exploration_token(t) for t in ex["spaces"]),
            held=tuple(tuple(_exploration_token(t) for t in h) for h in ex["held"]),
            removed=tuple(_exploration_token(t) for t in ex["removed"]),
            pending=ex["pending"],
        )
    m = doc.get("missions")
    if m is not None:
        out["missions"] = Missions(
            pile=tuple(_mission_token(t) for t in m["pile"]),
            hands=tuple(tuple(_mission_token(t) for t in h) for h in m["hands"]),
            discarded=tuple(tuple(_mission_token(t) for t in d) for d in m["discarded"]),
        )
    u = doc.get("ufo")
    if u is not None:
        out["ufo"] = Ufo(
            home=u["home"],
            space=u["space"],
            pile=tuple(_arrival_token(t) for t in u["pile"]),
            used=tuple(_arrival_token(t) for t in u["used"]),
            arrival=None if u["arrival"] is None else _arrival_token(u["arrival"]),
            ability_used=u["ability_used"],
            stack=tuple(u["stack"]),
            held=tuple(tuple(h) for h in u["held"]),
        )
    return out


def state_problems(s: State, *, position: bool = False) -> list[str]:
    """Returns every reason the state cannot occur in a game (python-chess ``status`` style).

    Runs the checks of :data:`STATE_CHECKS` in order and gathers what they find; a check in
    :data:`SOUND_ONLY` runs only while nothing is found before it.

    ``position``: the state of a hand-written position (``referee explain``), which may stop a
    landing or parachute phase at a seat with nowhere to land, the moment before the engine
    passes it over [landing.optional], so that one may ask why it cannot land (the checks in
    :data:`GAME_ONLY` are skipped).
    """
    if not 2 <= s.players <= 5:
        return [f"MLEM has 2 to 5 players, not {s.players}"]
    problems: list[str] = []
    for check in STATE_CHECKS:
        if (problems and check in SOUND_ONLY) or (position and check in GAME_ONLY):
            continue
        problems += check(s)
    return problems


StateCheck = Callable[[State], list[str]]
"""One check of a state: the problems it finds, in order (empty when it finds none)."""


def _start_player_is_a_player(s: State) -> list[str]:
    if not 0 <= s.start_player < s.players:
        return [f"start_player {s.start_player} is not one of players 0..{s.players - 1}"]
    return []


def _astronauts_conserved(s: State) -> list[str]:
    """Each player's 8 astronauts are in exactly one place; the reserve in canonical order."""
    problems = []
    for p in range(s.players):
        where = list(s.reserves[p])
        if where != sorted(where, key=ASTRONAUT_INDEX.__getitem__):
            problems.append(f"players[{p}].reserve is not in canonical order")
        where += [x.astronaut for x in s.rocket.seats if x.player == p]
        where += [x.astronaut for x in s.landed if x.player == p]
        if sorted(where) != sorted(ASTRONAUTS):
            missing = sorted(set(ASTRONAUTS) - set(where))
            extra = sorted(a for a in set(where) if where.count(a) > 1)
            problems.append(f"player {p}'s astronauts are not conserved (missing: {missing}, twice: {extra})")
    return problems


def _seats_hold_players(s: State) -> list[str]:
    problems = []
    for i, x in enumerate(s.rocket.seats):
        if not 0 <= x.player < s.players:
            problems.append(f"rocket.seats[{i}].player {x.player} is not a player")
        if x.flipped and x.astronaut != "die-one":
            problems.append(f"rocket.seats[{i}] is flipped but is not a Die-1 astronaut")
    return problems


def _die_one_spent(s: State) -> list[str]:
    """[power.die-one] with die_one=once-per-game: a spent Die-1 stays flipped."""
    problems = []
    if s.die_one_spent and s.options.die_one != DieOne.ONCE_PER_GAME:
        problems.append("die_one_spent is kept only with the rule option die_one=once-per-game")
    for p in s.die_one_spent:
        if not 0 <= p < s.players:
            problems.append(f"die_one_spent names {p}, not a player")
    for i, x in enumerate(s.rocket.seats):
        if x.astronaut == "die-one" and x.player in s.die_one_spent and not x.flipped:
            problems.append(f"rocket.seats[{i}]: player {x.player}'s Die-1 power is spent for the game, so it is flipped")
    return problems


def _one_seat_per_player(s: State) -> list[str]:
    seat_players = [x.player for x in s.rocket.seats]
    if len(set(seat_players)) != len(seat_players):
        return ["a player has two astronauts aboard (one each per expedition)"]
    return []


def _rocket_on_board(s: State) -> list[str]:
    r, end = s.rocket, s.board.end
    problems = []
    if not 0 <= r.space <= end:
        problems.append(f"rocket.space {r.space} is not on the board (0..{end})")
    if not 1 <= r.dice <= DICE_COUNT:
        problems.append(f"rocket.dice {r.dice} is outside 1..{DICE_COUNT}")
    return problems


def _landings_fit_board(s: State) -> list[str]:
    """Placements agree with the board: sites exist, moon slots fill in order."""
    problems: list[str] = []
    moon_fill: dict[int, int] = {}
    for i, x in enumerate(s.landed):
        if not 0 <= x.player < s.players:
            problems.append(f"landed[{i}].player {x.player} is not a player")
        if not 0 <= x.space <= s.board.end:
            problems.append(f"landed[{i}].space {x.space} is not on the board")
            continue
        problems += _landing_site_problems(s.board, i, x, moon_fill)
    return problems


def _landing_site_problems(board: Board, i: int, x: Landing, moon_fill: dict[int, int]) -> list[str]:
    """The site of ``landed[i]`` exists on its space (``moon_fill`` counts the moons so far)."""
    spec, end = board.spaces[x.space], board.end
    if x.site == "moon":
        problems = []
        expected = moon_fill.get(x.space, 0)
        if not spec.moons:
            problems.append(f"landed[{i}]: space {x.space} has no moon")
        elif x.slot != expected:
            problems.append(f"landed[{i}].slot is {x.slot} but moon slots fill in order (next: {expected})")
        moon_fill[x.space] = expected + 1
        if spec.moons and moon_fill[x.space] > len(spec.moons):
            problems.append(f"landed[{i}]: the moons of space {x.space} are already full")
        return problems
    if x.site == "planet" and spec.planet is None:
        return [f"landed[{i}]: space {x.space} has no planet"]
    if x.site in ("comet", "galaxy") and x.space != end:
        return [f"landed[{i}]: the {x.site} is on space {end}, not {x.space}"]
    return []


def _goal_holders_are_players(s: State) -> list[str]:
    return [f"goals.{g} is held by {holder}, not a player"
            for g, holder in zip(GOALS, s.goals) if holder is not None and not 0 <= holder < s.players]


_ABOARD_PHASES = frozenset({Phase.ROLL, Phase.MOVE, Phase.LANDING, Phase.PARACHUTE, Phase.EXPLORATION_DRAW})
"""Phases in which somebody must be aboard."""


def _phase_fits_rocket(s: State) -> list[str]:
    r, phase, seats = s.rocket, s.phase, len(s.rocket.seats)
    problems = []
    if phase == Phase.TAKEOFF and seats >= s.players:
        problems.append("phase takeoff with every seat taken")
    if phase in _ABOARD_PHASES and seats == 0:
        problems.append(f"phase {phase} with an empty rocket")
    if (phase == Phase.MOVE) != (r.roll is not None):
        problems.append("rocket.roll must be set in phase move and only then")
    if r.roll is not None:
        if len(r.roll) != r.dice:
            problems.append(f"rocket.roll has {len(r.roll)} faces but rocket.dice is {r.dice}")
        if list(r.roll) != sorted(r.roll, key=FACE_INDEX.__getitem__):
            problems.append("rocket.roll is not in canonical face order")
    return problems


_CURSOR_PHASES = frozenset({Phase.LANDING, Phase.PARACHUTE})
"""Phases in which :attr:`Rocket.cursor` points at the deciding seat."""


def _cursor_is_a_seat(s: State) -> list[str]:
    r, seats = s.rocket, len(s.rocket.seats)
    if s.phase in _CURSOR_PHASES:
        if not 0 <= r.cursor < seats:
            return [f"rocket.cursor {r.cursor} is not a seat (0..{seats - 1})"]
    elif r.cursor != 0:
        return [f"rocket.cursor must be 0 in phase {s.phase}"]
    return []


def _cursor_seat_can_land(s: State) -> list[str]:
    """[landing.optional]: the engine asks only an astronaut with somewhere to land."""
    r = s.rocket
    if s.phase in _CURSOR_PHASES and 0 <= r.cursor < len(r.seats) and not landing_targets(s, r.cursor):
        return [f"the astronaut in seat {r.cursor} has nowhere to land"]
    return []


def _known_phase(s: State) -> list[str]:
    return [] if s.phase in PHASES else [f"unknown phase {s.phase!r}"]


def _expedition_not_over(s: State) -> list[str]:
    if s.phase in (Phase.ROLL, Phase.MOVE, Phase.LANDING) and s.rocket.space == s.board.end:
        return ["the rocket is in deep space but the expedition goes on"]
    return []


def _ended_fits_phase(s: State) -> list[str]:
    """[end.crash-limit] [end.all-placed]: ``ended`` is set exactly when the game is over, for a reason that holds."""
    problems = []
    if (s.phase == Phase.GAME_OVER) != (s.ended is not None):
        problems.append("ended must be set exactly when the phase is game-over")
    if s.ended == "crash-limit" and s.crashes < s.board.crash_limit:
        problems.append(f"ended by crash-limit with {s.crashes} of {s.board.crash_limit} crashes")
    if s.ended == "all-placed" and not any(not res for res in s.reserves):
        problems.append("ended by all-placed but no player has placed all 8 astronauts")
    return problems


def _game_goes_on_rightly(s: State) -> list[str]:
    """A game that should be over is not going on, and a game over has nobody aboard."""
    problems = []
    seat_players = [x.player for x in s.rocket.seats]
    if s.ended is None and s.phase == Phase.TAKEOFF and any(
        not res and p not in seat_players for p, res in enumerate(s.reserves)
    ):
        problems.append("a player has placed all 8 astronauts but the game goes on")
    if s.ended is None and s.crashes >= s.board.crash_limit and s.phase != Phase.PARACHUTE:
        problems.append(f"{s.crashes} crashes reach the crash limit but the game goes on")
    if s.phase == Phase.GAME_OVER and s.rocket.seats:
        problems.append("astronauts aboard after the game ended")
    return problems


# -- the variant sections ---------------------------------------------------------------------


def _variant_problems(s: State) -> list[str]:
    """The variant sections: present exactly when played, and each consistent with the phase.

    A phase whose variant is not played stops the checks there (the sections cannot be read
    against a phase that does not exist in this game).
    """
    problems = _sections_match_variants(s) + _nobody_aboard_before_takeoff(s)
    missing = _phase_variant_missing(s)
    if missing:
        return problems + missing
    for check in SECTION_CHECKS:
        problems += check(s)
    return problems


def _sections_match_variants(s: State) -> list[str]:
    variants = s.options.variants
    return [f"the {name} section must be present exactly when the {name} variant is played"
            for name in VARIANTS if (getattr(s, name) is not None) != (name in variants)]


_SETUP_PHASES = frozenset({Phase.EXPLORATION_SETUP, Phase.MISSION_DEAL, Phase.MISSION_DISCARD, Phase.ARRIVAL})
"""Phases before takeoff, when the rocket is empty."""


def _nobody_aboard_before_takeoff(s: State) -> list[str]:
    if s.phase in _SETUP_PHASES and s.rocket.seats:
        return [f"astronauts aboard during phase {s.phase}, before takeoff"]
    return []


PHASE_VARIANT: dict[str, Variant] = {
    Phase.EXPLORATION_SETUP: Variant.EXPLORATION,
    Phase.EXPLORATION_DRAW: Variant.EXPLORATION,
    Phase.MISSION_DEAL: Variant.MISSIONS,
    Phase.MISSION_DISCARD: Variant.MISSIONS,
    Phase.ARRIVAL: Variant.UFO,
}
"""The phases that exist only in a variant, with that variant."""


def _phase_variant_missing(s: State) -> list[str]:
    needed = PHASE_VARIANT.get(s.phase)
    if needed is not None and needed not in s.options.variants:
        return [f"phase {s.phase} needs the {needed} variant"]
    return []


def _exploration_problems(s: State) -> list[str]:
    """[exploration.*]: tokens on the track, each in one place; the pile and the draws owed."""
    ex, phase, end = s.exploration, s.phase, s.board.end
    if ex is None:
        return []
    pile = shown(ex.pile)
    problems = []
    if len(ex.held) != s.players:
        problems.append(f"exploration.held has {len(ex.held)} entries for {s.players} players")
    for t in (*pile, *ex.spaces):
        if not 0 < t.space < end:
            problems.append(f"exploration token {t.id} is for space {t.space}, not on the track (1..{end - 1})")
    ids = [t.id for t in (*pile, *ex.spaces, *ex.removed, *(t for h in ex.held for t in h))]
    if len(set(ids)) != len(ids):
        problems.append("an exploration token is in two places")
    if [t.id for t in pile] != sorted(t.id for t in pile):
        problems.append("exploration.pile is not in id order")
    if any(t.effect != "points" for h in ex.held for t in h):
        problems.append("exploration.held holds a token that is not a points token")
    if (phase == Phase.EXPLORATION_DRAW) != (ex.pending > 0):
        problems.append("exploration.pending must be positive exactly in phase exploration-draw")
    if phase in (Phase.EXPLORATION_SETUP, Phase.EXPLORATION_DRAW) and not size(ex.pile):
        problems.append(f"phase {phase} with an empty exploration pile")
    if phase == Phase.EXPLORATION_SETUP and len(ex.spaces) >= 5:
        problems.append("phase exploration-setup with five tokens already revealed")
    return problems


def _missions_problems(s: State) -> list[str]:
    """[missions.*]: four dealt, one discarded, three kept once play begins."""
    m, phase, n = s.missions, s.phase, s.players
    if m is None:
        return []
    problems = []
    if len(m.hands) != n or len(m.discarded) != n:
        problems.append(f"missions.hands and missions.discarded need {n} entries")
    ids = [t.id for t in (*shown(m.pile), *(t for h in m.hands for t in shown(h)),
                          *(t for d in m.discarded for t in shown(d)))]
    if len(set(ids)) != len(ids):
        problems.append("a mission token is in two places")
    for q, (h, d) in enumerate(zip(m.hands, m.discarded)):
        problems += _hand_problems(q, h, d, phase)
    if phase == Phase.MISSION_DISCARD and not any(size(h) == 4 for h in m.hands):
        problems.append("phase mission-discard but no player has 4 missions")
    if phase == Phase.MISSION_DEAL and (not size(m.pile) or all(size(h) == 4 for h in m.hands)):
        problems.append("phase mission-deal with an empty pile or every hand complete")
    return problems


_Missions = tuple[MissionToken, ...] | Hidden


def _hand_problems(q: int, hand: _Missions, discarded: _Missions, phase: str) -> list[str]:
    """Player ``q``'s kept and discarded missions [missions.deal] [missions.discard]."""
    problems = []
    ids = [t.id for t in shown(hand)]
    held, put_away = size(hand), size(discarded)
    if ids != sorted(ids):
        problems.append(f"missions.hands[{q}] is not in id order")
    if put_away > 1 or held + put_away > 4:
        problems.append(f"player {q} holds {held} and discarded {put_away} missions (4 are dealt, 1 discarded)")
    if phase not in (Phase.EXPLORATION_SETUP, Phase.MISSION_DEAL, Phase.MISSION_DISCARD) and (held, put_away) != (3, 1):
        problems.append(f"player {q} must keep 3 missions and have discarded 1 once play begins")
    return problems


def _ufo_problems(s: State) -> list[str]:
    """[ufo.*]: the UFO on the track, its tokens conserved, one arrival token per expedition."""
    u, phase, end = s.ufo, s.phase, s.board.end
    if u is None:
        return []
    pile = shown(u.pile)
    problems = []
    if len(u.held) != s.players:
        problems.append(f"ufo.held has {len(u.held)} entries for {s.players} players")
    if not 1 <= u.space <= end or not 1 <= u.home <= end:
        problems.append(f"the UFO must be on a space 1..{end}")
    taken = sorted(v for h in u.held for v in h) + sorted(u.stack)
    if sorted(taken) != sorted(UFO_TOKENS) or list(u.stack) != sorted(u.stack, reverse=True):
        problems.append("the UFO tokens (5, 4, 3, 2, 1) are not conserved, or the stack is out of order")
    if phase == Phase.ARRIVAL and (not size(u.pile) or u.arrival is not None):
        problems.append("phase arrival needs a face-down arrival token and none revealed yet")
    if u.arrival is None and u.ability_used:
        problems.append("ufo.ability_used with no arrival token")
    ids = [t.id for t in (*pile, *u.used, *((u.arrival,) if u.arrival else ()))]
    if len(set(ids)) != len(ids):
        problems.append("an arrival token is in two places")
    if phase in _ABOARD_PHASES and u.arrival is not None \
            and s.rocket.dice > u.arrival.dice and s.options.dice_reuse_cap != DiceReuseCap.SIX:
        problems.append(f"rocket.dice {s.rocket.dice} exceeds the arrival token's {u.arrival.dice}")
    return problems


SECTION_CHECKS: tuple[StateCheck, ...] = (_exploration_problems, _missions_problems, _ufo_problems)
"""The checks of the variant sections, in order (each finds nothing when its variant is not played)."""

STATE_CHECKS: tuple[StateCheck, ...] = (
    _start_player_is_a_player,
    _astronauts_conserved,
    _seats_hold_players,
    _die_one_spent,
    _one_seat_per_player,
    _rocket_on_board,
    _landings_fit_board,
    _goal_holders_are_players,
    _phase_fits_rocket,
    _cursor_is_a_seat,
    _cursor_seat_can_land,
    _known_phase,
    _expedition_not_over,
    _ended_fits_phase,
    _game_goes_on_rightly,
    _variant_problems,
)
"""Every check of :func:`state_problems`, in the order their problems are listed (vectors and
error messages report the first)."""

SOUND_ONLY: frozenset[StateCheck] = frozenset({_cursor_seat_can_land})
"""Checks that run only while no earlier check found a problem: they call the engine, which
may assume a sound state."""

GAME_ONLY: frozenset[StateCheck] = frozenset({_cursor_seat_can_land})
"""Checks skipped for a hand-written position (see :func:`state_problems`)."""



# -- actions and events -------------------------------------------------------------------


def action_from_json(doc: Any) -> Action:
    """Builds an action from its document.

    Raises:
        MalformedInput: the document does not match action.schema.json.
    """
    _validate("action", doc, "action")
    kind = doc["type"]
    if kind == "embark":
        return Embark(doc["player"], doc["astronaut"])
    if kind == "roll":
        return Roll(tuple(sorted(doc["faces"], key=_face_key)))
    if kind == "move":
        return Move(
            doc["player"],
            tuple(sorted(doc["faces"], key=_face_key)),
            tuple(sorted(doc["die_one"])),
            doc.get("ability"),
            tuple(sorted(doc.get("dice", {}).items(), key=lambda d: _face_key(d[0]))),
        )
    if kind == "land":
        return Land(doc["player"], doc["space"])
    if kind == "draw":
        return Draw(doc["token"])
    if kind == "discard":
        return Discard(doc["player"], doc["token"])
    if kind == "reroll":
        return Reroll(doc["player"])
    return Stay(doc["player"])


def event_to_json(e: Event) -> Doc:
    doc: dict[str, Any] = {"type": e.type, "clause": e.clause}
    for key, value in e.data:
        doc[key] = list(value) if isinstance(value, tuple) else value
    return doc


def error_to_json(exc: IllegalAction) -> Doc:
    return {"clause": exc.clause, "message": exc.message}
