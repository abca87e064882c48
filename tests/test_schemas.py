"""The JSON Schemas of the interchange formats (schemas/) and the helpers in tabletop_referee.schemas."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from jsonschema import Draft202012Validator

from tabletop_referee.schemas import registry, schema_root, validation_errors, validator, is_valid

REPO = Path(__file__).resolve().parents[1]
DRAFT = "https://json-schema.org/draft/2020-12/schema"
MLEM_BASE = "https://tabletop-referee.dev/schemas/mlem/v1/"
MLEM_SCHEMAS = ("common", "board", "options", "setup", "state", "action", "event")
SCHEMA_FILES = sorted(schema_root().rglob("*.schema.json"))

ALL_TYPES = [
    "satellite", "plus-minus", "parachute", "moon-double",
    "planet-double", "deep-space-double", "die-removal", "die-one",
]
NO_GOALS = {"deep-space-pair": None, "planet-trio": None, "four-moons": None, "four-planets": None}
DEFAULT_OPTIONS = {
    "dice_selection": "groups", "tie_break": "shared",
    "game_end": "end-of-expedition", "die_one_rescue": True,
}

# A six-space mat: moons at 2 and 4, planet P1 at 3, deep space at 5.
TINY_BOARD: dict[str, Any] = {
    "id": "tiny",
    "start_space": 0,
    "satellite_space": 1,
    "crash_limit": 3,
    "deep_space": {"space": 5, "comet": 7, "galaxy": 5},
    "planets": {"P1": {"gold": 6, "silver": 3, "bronze": 1}},
    "spaces": [
        {"faces": ["1", "2", "afterburner"], "afterburner": 1},
        {"faces": ["1", "3"]},
        {"faces": ["2", "4"], "moons": [4, 2]},
        {"faces": ["3", "afterburner"], "afterburner": 2, "planet": "P1"},
        {"faces": ["1", "4"], "moons": [5]},
        {"faces": []},
    ],
}


def _without(*types: str) -> list[str]:
    return [t for t in ALL_TYPES if t not in types]


# Takeoff of a 3-player game: start player 1 has boarded the Die-1 astronaut; player 2 is next.
TAKEOFF_STATE: dict[str, Any] = {
    "game": "mlem",
    "format": 1,
    "board": TINY_BOARD,
    "options": DEFAULT_OPTIONS,
    "phase": "takeoff",
    "start_player": 1,
    "expedition": 1,
    "crashes": 0,
    "players": [
        {"reserve": list(ALL_TYPES)},
        {"reserve": _without("die-one")},
        {"reserve": list(ALL_TYPES)},
    ],
    "rocket": {
        "space": 0, "dice": 6, "roll": None, "cursor": 0,
        "seats": [{"player": 1, "astronaut": "die-one", "flipped": False}],
    },
    "landed": [],
    "goals": NO_GOALS,
    "ended": None,
}

# Third expedition, rocket on the planet space 3, the astronaut in seat 1 decides next.
LANDING_STATE: dict[str, Any] = {
    "game": "mlem",
    "format": 1,
    "board": TINY_BOARD,
    "options": {**DEFAULT_OPTIONS, "dice_selection": "single-group", "die_one_rescue": False},
    "phase": "landing",
    "start_player": 2,
    "expedition": 3,
    "crashes": 1,
    "players": [
        {"reserve": _without("satellite", "moon-double")},
        {"reserve": _without("plus-minus", "parachute")},
        {"reserve": _without("deep-space-double", "planet-double")},
    ],
    "rocket": {
        "space": 3, "dice": 4, "roll": None, "cursor": 1,
        "seats": [
            {"player": 2, "astronaut": "planet-double", "flipped": False},
            {"player": 0, "astronaut": "moon-double", "flipped": False},
            {"player": 1, "astronaut": "parachute", "flipped": False},
        ],
    },
    "landed": [
        {"player": 0, "astronaut": "satellite", "space": 2, "site": "moon", "slot": 0},
        {"player": 1, "astronaut": "plus-minus", "space": 3, "site": "planet"},
        {"player": 2, "astronaut": "deep-space-double", "space": 5, "site": "comet"},
    ],
    "goals": {**NO_GOALS, "deep-space-pair": None, "four-moons": None},
    "ended": None,
}

MOVE_STATE: dict[str, Any] = {
    **LANDING_STATE,
    "phase": "move",
    "rocket": {**LANDING_STATE["rocket"], "cursor": 0, "roll": ["1", "2", "2", "afterburner"]},
}

GAME_OVER_STATE: dict[str, Any] = {
    **LANDING_STATE,
    "phase": "game-over",
    "crashes": 3,
    "rocket": {**LANDING_STATE["rocket"], "cursor": 0, "seats": []},
    "goals": {**NO_GOALS, "planet-trio": 1},
    "ended": {"reason": "crash-limit"},
}

ACTIONS: list[dict[str, Any]] = [
    {"type": "embark", "player": 2, "astronaut": "satellite"},
    {"type": "roll", "faces": ["1", "2", "2", "3", "4", "afterburner"]},
    {"type": "roll", "faces": ["afterburner"]},
    {"type": "move", "player": 2, "faces": ["2", "afterburner"], "die_one": []},
    {"type": "move", "player": 2, "faces": ["1"], "die_one": [0, 1]},
    {"type": "land", "player": 0, "space": 3},
    {"type": "stay", "player": 0},
]

EVENTS: list[dict[str, Any]] = [
    {"type": "boarded", "clause": "takeoff.boarding-order", "player": 2, "astronaut": "satellite", "seat": 1},
    {"type": "rocket-placed", "clause": "power.satellite", "space": 1},
    {"type": "rolled", "clause": "travel.roll", "faces": ["2", "2", "4"]},
    {"type": "moved", "clause": "travel.distance", "player": 2, "faces": ["2", "afterburner"],
     "die_one": [1], "from": 0, "to": 6, "distance": 6},
    {"type": "dice-removed", "clause": "travel.remove-dice", "count": 2, "dice": 4},
    {"type": "dice-removed", "clause": "travel.remove-dice", "count": 1, "dice": 0},
    {"type": "die-restored", "clause": "travel.last-die", "dice": 1},
    {"type": "crashed", "clause": "crash.trigger", "space": 4, "crashes": 2},
    {"type": "landed", "clause": "landing.moon-slot", "player": 0, "astronaut": "moon-double",
     "space": 2, "site": "moon", "slot": 1, "points": 4},
    {"type": "landed", "clause": "landing.planet", "player": 1, "astronaut": "planet-double",
     "space": 3, "site": "planet", "points": 0},
    {"type": "landed", "clause": "landing.deep-space", "player": 2, "astronaut": "deep-space-double",
     "space": 5, "site": "comet", "points": 14},
    {"type": "stayed", "clause": "landing.optional", "player": 0},
    {"type": "commander-changed", "clause": "landing.commander-change", "player": 0},
    {"type": "goal-claimed", "clause": "goal.four-moons", "player": 0, "goal": "four-moons"},
    {"type": "returned-home", "clause": "crash.return-home", "player": 1, "astronaut": "parachute"},
    {"type": "expedition-ended", "clause": "expedition.end", "expedition": 3, "reason": "crash",
     "next_start_player": 0},
    {"type": "game-ended", "clause": "end.crash-limit", "reason": "crash-limit"},
    {"type": "die-one-used", "clause": "power.die-one", "player": 2},
    {"type": "no-landing", "clause": "landing.no-site", "space": 4},
    {"type": "passed-over", "clause": "landing.full-moon", "player": 1, "astronaut": "satellite", "space": 7},
]

SETUPS: list[dict[str, Any]] = [
    {"players": 4, "start_player": 0, "board": "standard", "options": {}},
    {"players": 2, "start_player": 1},
    {"players": 5, "start_player": 4, "board": TINY_BOARD, "options": {"game_end": "immediate"}},
]


def _with(doc: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    """Returns a deep copy of ``doc`` with the dotted ``path`` set to ``value`` (index for lists)."""
    result = copy.deepcopy(doc)
    *parents, last = path.split(".")
    target: Any = result
    for key in parents:
        target = target[int(key)] if isinstance(target, list) else target[key]
    if isinstance(target, list):
        target[int(last)] = value
    else:
        target[last] = value
    return result


def _dropped(doc: dict[str, Any], path: str) -> dict[str, Any]:
    """Returns a deep copy of ``doc`` without the dotted ``path``."""
    result = copy.deepcopy(doc)
    *parents, last = path.split(".")
    target: Any = result
    for key in parents:
        target = target[int(key)] if isinstance(target, list) else target[key]
    del target[last]
    return result


def _refs(node: Any) -> list[str]:
    if isinstance(node, dict):
        found = [node["$ref"]] if isinstance(node.get("$ref"), str) else []
        return found + [r for value in node.values() for r in _refs(value)]
    if isinstance(node, list):
        return [r for value in node for r in _refs(value)]
    return []


# (a) the schema files themselves


@pytest.mark.parametrize("path", SCHEMA_FILES, ids=lambda p: str(p.relative_to(schema_root())))
def test_schema_is_valid_2020_12(path: Path) -> None:
    schema = json.loads(path.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == DRAFT
    assert "/v1/" in schema["$id"]
    assert schema["$id"].endswith("/" + path.name)
    assert schema.get("title") and schema.get("description")


@pytest.mark.parametrize("path", SCHEMA_FILES, ids=lambda p: str(p.relative_to(schema_root())))
def test_every_ref_resolves(path: Path) -> None:
    schema = json.loads(path.read_text(encoding="utf-8"))
    resolver = registry().resolver(base_uri=schema["$id"])
    for ref in _refs(schema):
        assert resolver.lookup(ref).contents is not None, ref


def test_ids_are_unique() -> None:
    ids = [json.loads(p.read_text(encoding="utf-8"))["$id"] for p in SCHEMA_FILES]
    assert len(ids) == len(set(ids))


def test_mlem_schemas_are_all_there() -> None:
    for name in MLEM_SCHEMAS:
        schema = json.loads((schema_root() / "mlem" / f"{name}.schema.json").read_text(encoding="utf-8"))
        assert schema["$id"] == f"{MLEM_BASE}{name}.schema.json"


def test_schema_root_holds_the_game_folders() -> None:
    assert (schema_root() / "mlem" / "state.schema.json").is_file()


# (b) the shipped boards


@pytest.mark.parametrize("path", sorted((REPO / "spec" / "mlem" / "boards").glob("*.yaml")), ids=lambda p: p.stem)
def test_shipped_board_is_valid(path: Path) -> None:
    board = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert validation_errors("mlem", "board", board) == []
    assert board["id"] == path.stem


def test_tiny_board_is_valid() -> None:
    assert validation_errors("mlem", "board", TINY_BOARD) == []


# (c) valid documents


@pytest.mark.parametrize(
    "state",
    [TAKEOFF_STATE, LANDING_STATE, MOVE_STATE, GAME_OVER_STATE],
    ids=["takeoff-3-players", "landing-mid-expedition", "move-with-roll", "game-over"],
)
def test_valid_state(state: dict[str, Any]) -> None:
    assert validation_errors("mlem", "state", state) == []


def test_state_options_are_the_full_object() -> None:
    assert validation_errors("mlem", "options", DEFAULT_OPTIONS) == []


@pytest.mark.parametrize("setup", SETUPS, ids=["standard-id", "minimal", "inline-board"])
def test_valid_setup(setup: dict[str, Any]) -> None:
    assert validation_errors("mlem", "setup", setup) == []


@pytest.mark.parametrize("action", ACTIONS, ids=lambda a: a["type"])
def test_valid_action(action: dict[str, Any]) -> None:
    assert validation_errors("mlem", "action", action) == []


@pytest.mark.parametrize("event", EVENTS, ids=lambda e: e["type"])
def test_valid_event(event: dict[str, Any]) -> None:
    assert validation_errors("mlem", "event", event) == []


@pytest.mark.parametrize(("name", "examples"), [("action", ACTIONS), ("event", EVENTS)])
def test_every_kind_has_an_example(name: str, examples: list[dict[str, Any]]) -> None:
    schema = validator("mlem", name).schema
    assert {e["type"] for e in examples} == set(schema["properties"]["type"]["enum"])
    assert set(schema["$defs"]) == set(schema["properties"]["type"]["enum"])


# (d) invalid documents, each rejected for the reason in its id

INVALID: list[tuple[str, str, Any, str]] = [
    # (id, schema, document, a fragment of the expected error line)
    ("roll-with-face-5", "action",
     {"type": "roll", "faces": ["1", "5"]},
     "$.faces[1]: '5' is not one of"),
    ("move-with-duplicate-faces", "action",
     {"type": "move", "player": 0, "faces": ["2", "2"], "die_one": []},
     "$.faces: ['2', '2'] has non-unique elements"),
    ("move-without-faces", "action",
     {"type": "move", "player": 0, "faces": [], "die_one": []},
     "$.faces: [] should be non-empty"),
    ("move-with-duplicate-die-one", "action",
     {"type": "move", "player": 0, "faces": ["1"], "die_one": [1, 1]},
     "$.die_one: [1, 1] has non-unique elements"),
    ("action-extra-property", "action",
     {"type": "stay", "player": 0, "space": 3},
     "$: Additional properties are not allowed ('space' was unexpected)"),
    ("board-unknown-astronaut-type", "action",
     {"type": "embark", "player": 0, "astronaut": "rocket-cat"},
     "$.astronaut: 'rocket-cat' is not one of"),
    ("action-unknown-type", "action",
     {"type": "fly", "player": 0},
     "$.type: 'fly' is not one of"),
    ("land-missing-space", "action",
     {"type": "land", "player": 0},
     "$: 'space' is a required property"),
    ("state-landed-moon-without-slot", "state",
     _dropped(LANDING_STATE, "landed.0.slot"),
     "$.landed[0]: 'slot' is a required property"),
    ("state-landed-planet-with-slot", "state",
     _with(LANDING_STATE, "landed.1.slot", 0),
     "$.landed[1].slot: 0 should not be valid under {}"),
    ("state-extra-property", "state",
     _with(TAKEOFF_STATE, "scores", [0, 0, 0]),
     "$: Additional properties are not allowed ('scores' was unexpected)"),
    ("state-seat-extra-property", "state",
     _with(TAKEOFF_STATE, "rocket.seats.0.commander", True),
     "$.rocket.seats[0]: Additional properties are not allowed ('commander' was unexpected)"),
    ("state-unknown-astronaut-type", "state",
     _with(TAKEOFF_STATE, "players.0.reserve.0", "rocket-cat"),
     "$.players[0].reserve[0]: 'rocket-cat' is not one of"),
    ("state-dice-0", "state",
     _with(TAKEOFF_STATE, "rocket.dice", 0),
     "$.rocket.dice: 0 is less than the minimum of 1"),
    ("state-roll-outside-move", "state",
     _with(TAKEOFF_STATE, "rocket.roll", ["1"]),
     "$.rocket.roll: ['1'] is not of type 'null'"),
    ("state-no-roll-in-move", "state",
     _with(MOVE_STATE, "rocket.roll", None),
     "$.rocket.roll: None is not of type 'array'"),
    ("state-cursor-outside-landing", "state",
     _with(TAKEOFF_STATE, "rocket.cursor", 1),
     "$.rocket.cursor: 0 was expected"),
    ("state-ended-without-game-over", "state",
     _with(TAKEOFF_STATE, "ended", {"reason": "all-placed"}),
     "$.ended: {'reason': 'all-placed'} is not of type 'null'"),
    ("state-game-over-without-ended", "state",
     _with(GAME_OVER_STATE, "ended", None),
     "$.ended: None is not of type 'object'"),
    ("state-unknown-end-reason", "state",
     _with(GAME_OVER_STATE, "ended", {"reason": "boredom"}),
     "$.ended.reason: 'boredom' is not one of"),
    ("state-format-2", "state",
     _with(TAKEOFF_STATE, "format", 2),
     "$.format: 1 was expected"),
    ("state-unknown-goal", "state",
     _with(TAKEOFF_STATE, "goals.five-moons", None),
     "$.goals: Additional properties are not allowed ('five-moons' was unexpected)"),
    ("state-partial-options", "state",
     _dropped(TAKEOFF_STATE, "options.tie_break"),
     "$.options: 'tie_break' is a required property"),
    ("state-start-player-beyond-players", "state",
     _with(TAKEOFF_STATE, "start_player", 3),
     "$.start_player: 3 is greater than the maximum of 2"),
    ("setup-players-not-a-number", "setup",
     {"players": "six", "start_player": 0},
     "$.players: 'six' is not of type 'integer'"),
    ("setup-unknown-option-value", "setup",
     {"players": 3, "start_player": 0, "options": {"tie_break": "coin-flip"}},
     "$.options.tie_break: 'coin-flip' is not one of"),
    ("setup-unknown-option", "setup",
     {"players": 3, "start_player": 0, "options": {"ufo": True}},
     "$.options: Additional properties are not allowed ('ufo' was unexpected)"),
    ("board-afterburner-face-without-dots", "board",
     _dropped(TINY_BOARD, "spaces.0.afterburner"),
     "$.spaces[0]: 'afterburner' is a required property"),
    ("board-dots-without-afterburner-face", "board",
     _with(TINY_BOARD, "spaces.1.afterburner", 2),
     "$.spaces[1].afterburner: 2 should not be valid under {}"),
    ("board-moons-and-planet", "board",
     _with(TINY_BOARD, "spaces.3.moons", [3]),
     "$.spaces[3].planet: 'P1' should not be valid under {}"),
    ("board-afterburner-dots-4", "board",
     _with(TINY_BOARD, "spaces.0.afterburner", 4),
     "$.spaces[0].afterburner: 4 is greater than the maximum of 3"),
    ("event-bad-clause-id", "event",
     {"type": "stayed", "clause": "Landing", "player": 0},
     "$.clause: 'Landing' does not match"),
    ("event-landed-moon-without-slot", "event",
     {"type": "landed", "clause": "landing.moon-slot", "player": 0, "astronaut": "moon-double",
      "space": 2, "site": "moon", "points": 4},
     "$: 'slot' is a required property"),
    ("event-landed-planet-with-points", "event",
     {"type": "landed", "clause": "landing.planet", "player": 0, "astronaut": "satellite",
      "space": 3, "site": "planet", "points": 6},
     "$.points: 0 was expected"),
    ("event-extra-property", "event",
     {"type": "game-ended", "clause": "end.all-placed", "reason": "all-placed", "winner": 0},
     "$: Additional properties are not allowed ('winner' was unexpected)"),
    ("event-expedition-unknown-reason", "event",
     {"type": "expedition-ended", "clause": "expedition.end", "expedition": 1, "reason": "ufo",
      "next_start_player": 1},
     "$.reason: 'ufo' is not one of"),
]


_NO_BRANCH = "is not valid under any of the given schemas"


@pytest.mark.parametrize(("name", "document", "expected"), [c[1:] for c in INVALID], ids=[c[0] for c in INVALID])
def test_invalid_document_is_rejected(name: str, document: Any, expected: str) -> None:
    errors = validation_errors("mlem", name, document)
    assert any(expected in line for line in errors), errors
    unrelated = [e for e in errors if expected not in e and not e.endswith(_NO_BRANCH)]
    assert unrelated == [], "rejected for another reason too"
    assert not validator("mlem", name).is_valid(document)
    assert not is_valid("mlem", name, document), "the fast (Rust) validator accepts it"


@pytest.mark.parametrize(
    ("name", "document"),
    [("state", TAKEOFF_STATE), *[("action", a) for a in ACTIONS], *[("event", e) for e in EVENTS],
     *[("setup", s) for s in SETUPS]],
)
def test_fast_validator_agrees_on_valid_documents(name: str, document: Any) -> None:
    assert is_valid("mlem", name, document)


# the helpers


def test_errors_are_one_line_each_and_sorted_by_path() -> None:
    state = _with(_with(TAKEOFF_STATE, "rocket.dice", 0), "players.0.reserve.0", "rocket-cat")
    state = _with(state, "players.2.reserve.1", "cat")
    errors = validation_errors("mlem", "state", state)
    assert [e.split(":")[0] for e in errors] == [
        "$.players[0].reserve[0]", "$.players[2].reserve[1]", "$.rocket.dice",
    ]
    assert all("\n" not in e for e in errors)


def test_validator_is_cached() -> None:
    assert validator("mlem", "state") is validator("mlem", "state")


def test_unknown_schema_is_an_error() -> None:
    with pytest.raises(FileNotFoundError):
        validator("mlem", "no-such")


@pytest.mark.parametrize("setup", [{"players": 6, "start_player": 0}, {"players": 2, "start_player": 2}])
def test_out_of_range_setups_are_well_formed_and_left_to_the_rules(setup):
    """A player count or start player out of range is a rules rejection (setup.players,
    setup.start-player), not a malformed document, so adapters answer `rejected`."""
    assert validation_errors("mlem", "setup", setup) == []

