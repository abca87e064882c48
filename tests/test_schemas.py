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
MLEM_SCHEMAS = ("common", "board", "options", "setup", "state", "action", "event", "tokens", "observation", "log")
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

# -- the variants (Exploration, Secret Missions, UFO) on the tiny board -----------------------

E_POINTS = {"id": "E01", "space": 2, "effect": "points", "points": 2}
E_REUSE = {"id": "E02", "space": 3, "effect": "dice-reuse"}
E_TUNNEL = {"id": "E03", "space": 1, "effect": "tunnel"}
E_POINTS_3 = {"id": "E04", "space": 4, "effect": "points", "points": 3}
MISSIONS = [{"id": f"M{i:02}", "space": space} for i, space in enumerate([2, 3, 4, 2, 3, 4, 2, 3, 4, 2, 3, 4, 2, 3], 1)]
A_FACE = {"id": "A01", "ufo_move": 2, "dice": 5, "ability": "extra-face", "face": "3"}
A_KEEP = {"id": "A02", "ufo_move": 0, "dice": 6, "ability": "keep-dice"}
A_REROLL = {"id": "A03", "ufo_move": 3, "dice": 4, "ability": "reroll"}

TINY_TOKENS: dict[str, Any] = {
    "id": "tiny",
    "provisional": True,
    "note": "synthetic tokens for the tiny board",
    "ufo_home": 5,
    "exploration": [E_POINTS, E_REUSE, E_TUNNEL, E_POINTS_3],
    "missions": MISSIONS,
    "arrivals": [A_FACE, A_KEEP, A_REROLL],
}

VARIANT_OPTIONS: dict[str, Any] = {
    **DEFAULT_OPTIONS,
    "variants": ["exploration", "missions", "ufo"],
    "exploration_collision": "stack", "tunnel_past_end": "deep-space", "dice_reuse_cap": "expedition",
    "ufo_encounter": "reach", "ufo_token_taker": "commander", "ufo_after_encounter": "return",
    "ufo_token_value": "bonus", "ufo_extra_face": "allowed-only", "arrivals_exhausted": "reshuffle",
}

# All three variants, 3 players, first expedition in the move phase (5 dice from the arrival token).
VARIANT_STATE: dict[str, Any] = {
    **TAKEOFF_STATE,
    "options": VARIANT_OPTIONS,
    "phase": "move",
    "rocket": {
        "space": 0, "dice": 5, "roll": ["1", "3", "3", "4", "afterburner"], "cursor": 0,
        "seats": [
            {"player": 1, "astronaut": "die-one", "flipped": False},
            {"player": 2, "astronaut": "satellite", "flipped": False},
            {"player": 0, "astronaut": "parachute", "flipped": False},
        ],
    },
    "players": [
        {"reserve": _without("parachute")},
        {"reserve": _without("die-one")},
        {"reserve": _without("satellite")},
    ],
    "exploration": {"pile": [E_POINTS], "spaces": [E_TUNNEL, E_REUSE, E_POINTS_3], "held": [[], [], []],
                    "removed": [], "pending": 0},
    "missions": {"pile": MISSIONS[12:],
                 "hands": [MISSIONS[0:3], MISSIONS[4:7], MISSIONS[8:11]],
                 "discarded": [[MISSIONS[3]], [MISSIONS[7]], [MISSIONS[11]]]},
    "ufo": {"home": 5, "space": 3, "pile": [A_KEEP, A_REROLL], "used": [], "arrival": A_FACE,
            "ability_used": False, "stack": [5, 4, 3, 2, 1], "held": [[], [], []]},
}

# Only the UFO variant, at the start of the second expedition: the arrival token is drawn next.
UFO_OPTIONS: dict[str, Any] = {
    **DEFAULT_OPTIONS, "variants": ["ufo"],
    "ufo_encounter": "exact", "ufo_token_taker": "passengers", "ufo_after_encounter": "stay",
    "ufo_token_value": "penalty", "ufo_extra_face": "any-space", "arrivals_exhausted": "none",
}
ARRIVAL_STATE: dict[str, Any] = {
    **TAKEOFF_STATE,
    "options": UFO_OPTIONS,
    "phase": "arrival",
    "expedition": 2,
    "rocket": {**TAKEOFF_STATE["rocket"], "seats": []},
    "players": [{"reserve": list(ALL_TYPES)}, {"reserve": _without("die-one")}, {"reserve": list(ALL_TYPES)}],
    "landed": [{"player": 1, "astronaut": "die-one", "space": 5, "site": "comet"}],
    "ufo": {"home": 5, "space": 4, "pile": [A_KEEP, A_REROLL], "used": [A_FACE], "arrival": None,
            "ability_used": False, "stack": [4, 3, 2, 1], "held": [[], [5], []]},
}

# Only the Secret Missions variant: from start player 1, players 1 and 2 have discarded; player 0 is next.
MISSION_DISCARD_STATE: dict[str, Any] = {
    **TAKEOFF_STATE,
    "options": {**DEFAULT_OPTIONS, "variants": ["missions"]},
    "phase": "mission-discard",
    "rocket": {**TAKEOFF_STATE["rocket"], "seats": []},
    "players": [{"reserve": list(ALL_TYPES)} for _ in range(3)],
    "missions": {"pile": MISSIONS[12:], "hands": [MISSIONS[0:4], MISSIONS[4:7], MISSIONS[8:11]],
                 "discarded": [[], [MISSIONS[7]], [MISSIONS[11]]]},
}

# Only Exploration, at game start: two tokens revealed, the third draw is next.
EXPLORATION_SETUP_STATE: dict[str, Any] = {
    **MISSION_DISCARD_STATE,
    "options": {**DEFAULT_OPTIONS, "variants": ["exploration"], "exploration_collision": "set-aside",
                "tunnel_past_end": "no-move", "dice_reuse_cap": "six"},
    "phase": "exploration-setup",
    "missions": None,
    "exploration": {"pile": [E_POINTS, E_REUSE], "spaces": [E_TUNNEL, E_POINTS_3], "held": [[], [], []],
                    "removed": [], "pending": 0},
}
del EXPLORATION_SETUP_STATE["missions"]

EXPLORATION_DRAW_STATE: dict[str, Any] = {
    **VARIANT_STATE,
    "phase": "exploration-draw",
    "rocket": {**VARIANT_STATE["rocket"], "space": 2, "roll": None, "dice": 3},
    "exploration": {"pile": [E_POINTS], "spaces": [E_TUNNEL, E_REUSE], "held": [[], [E_POINTS_3], []],
                    "removed": [], "pending": 1},
}

VARIANT_GAME_OVER_STATE: dict[str, Any] = {
    **VARIANT_STATE,
    "phase": "game-over",
    "crashes": 3,
    "rocket": {**VARIANT_STATE["rocket"], "roll": None, "seats": []},
    "players": [{"reserve": list(ALL_TYPES)} for _ in range(3)],
    "ended": {"reason": "crash-limit"},
}

VARIANT_STATES = [VARIANT_STATE, ARRIVAL_STATE, MISSION_DISCARD_STATE, EXPLORATION_SETUP_STATE,
                  EXPLORATION_DRAW_STATE, VARIANT_GAME_OVER_STATE]
VARIANT_STATE_IDS = ["all-variants-move", "ufo-arrival", "mission-discard", "exploration-setup",
                     "exploration-draw", "all-variants-game-over"]


def _observed(state: dict[str, Any], observer: int) -> dict[str, Any]:
    """The observation of ``state`` by ``observer``, by hand from the rules of the design."""
    doc = copy.deepcopy(state) | {"observer": observer}
    for section in ("exploration", "missions", "ufo"):
        if section in doc:
            doc[section]["pile"] = {"hidden": len(doc[section]["pile"])}
    if "missions" in doc:
        m = doc["missions"]
        m["discarded"] = [d if q == observer else {"hidden": len(d)} for q, d in enumerate(m["discarded"])]
        if state["phase"] != "game-over":
            m["hands"] = [h if q == observer else {"hidden": len(h)} for q, h in enumerate(m["hands"])]
    return doc


OBSERVATIONS = [_observed(VARIANT_STATE, 1), _observed(VARIANT_GAME_OVER_STATE, 2),
                _observed(MISSION_DISCARD_STATE, 0), _observed(ARRIVAL_STATE, 2),
                _observed(TAKEOFF_STATE, 0)]
OBSERVATION_IDS = ["all-variants-by-1", "game-over-by-2", "mission-discard-by-0", "ufo-by-2", "base-game-by-0"]

ACTIONS: list[dict[str, Any]] = [
    {"type": "embark", "player": 2, "astronaut": "satellite"},
    {"type": "roll", "faces": ["1", "2", "2", "3", "4", "afterburner"]},
    {"type": "roll", "faces": ["afterburner"]},
    {"type": "move", "player": 2, "faces": ["2", "afterburner"], "die_one": []},
    {"type": "move", "player": 2, "faces": ["1"], "die_one": [0, 1]},
    {"type": "land", "player": 0, "space": 3},
    {"type": "stay", "player": 0},
    # the variants
    {"type": "draw", "token": "E07"},
    {"type": "discard", "player": 1, "token": "M04"},
    {"type": "reroll", "player": 0},
    {"type": "move", "player": 2, "faces": [], "die_one": [], "ability": "extra-face"},
    {"type": "move", "player": 2, "faces": ["3", "4"], "die_one": [0], "ability": "keep-dice"},
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
    # the scoring as events (after format 1.0)
    {"type": "points-doubled", "clause": "power.moon-double", "player": 0, "astronaut": "moon-double", "space": 9,
     "points": 10},
    {"type": "planet-tie-broken", "clause": "scoring.planet-ties", "planet": "P1", "players": [1, 0], "astronauts": 2},
    {"type": "planet-scored", "clause": "scoring.planets", "player": 1, "planet": "P1", "rank": 1, "astronauts": 2,
     "points": 6},
    {"type": "final-scores", "clause": "scoring.winner", "winners": [2],
     "scores": [{"moons": 0, "planets": 6, "deep_space": 0, "goals": 0, "total": 6},
                {"moons": 3, "planets": 0, "deep_space": 0, "goals": 0, "ufo": -4, "total": -1}]},
    # the variants
    {"type": "moved", "clause": "ufo.extra-face", "player": 1, "faces": ["3"], "die_one": [], "from": 4, "to": 7,
     "distance": 3},
    {"type": "token-revealed", "clause": "exploration.setup", "token": "E07", "space": 12},
    {"type": "token-set-aside", "clause": "exploration.collision", "token": "E08", "space": 12},
    {"type": "exploration-triggered", "clause": "exploration.trigger", "player": 0, "token": "E07", "space": 12,
     "effect": "dice-reuse"},
    {"type": "exploration-points", "clause": "exploration.points", "player": 0, "token": "E01", "points": 3},
    {"type": "die-reused", "clause": "exploration.dice-reuse", "player": 0, "dice": 4},
    {"type": "dice-reuse-wasted", "clause": "exploration.dice-reuse", "player": 0, "dice": 6},
    {"type": "tunnel", "clause": "exploration.tunnel", "from": 9, "to": 13},
    {"type": "tunnel-blocked", "clause": "exploration.tunnel-past-end", "from": 23},
    {"type": "mission-dealt", "clause": "missions.deal", "player": 2, "token": "M11"},
    {"type": "mission-discarded", "clause": "missions.discard", "player": 2, "token": "M11"},
    {"type": "arrival-revealed", "clause": "ufo.arrival", "token": "A05", "dice": 4, "ufo_move": 3},
    {"type": "ufo-moved", "clause": "ufo.movement", "from": 25, "to": 22},
    {"type": "arrivals-reshuffled", "clause": "ufo.arrivals-exhausted", "count": 14},
    {"type": "no-arrival", "clause": "ufo.arrivals-exhausted", "expedition": 15},
    {"type": "ability-used", "clause": "ufo.reroll", "player": 1, "ability": "reroll"},
    {"type": "ufo-encountered", "clause": "ufo.encounter", "space": 22, "player": 1},
    {"type": "ufo-token-taken", "clause": "ufo.tokens", "player": 3, "value": 5},
    {"type": "ufo-returned", "clause": "ufo.after-encounter", "from": 22, "to": 25},
]

SETUPS: list[dict[str, Any]] = [
    {"players": 4, "start_player": 0, "board": "standard", "options": {}},
    {"players": 2, "start_player": 1},
    {"players": 5, "start_player": 4, "board": TINY_BOARD, "options": {"game_end": "immediate"}},
]

VARIANT_SETUPS: list[dict[str, Any]] = [
    {"players": 3, "start_player": 0, "options": {"variants": ["ufo", "exploration"]}},
    {"players": 3, "start_player": 0, "board": "standard", "tokens": "standard",
     "options": {"variants": ["missions"]}},
    {"players": 4, "start_player": 2, "board": TINY_BOARD, "tokens": TINY_TOKENS,
     "options": {"variants": ["exploration", "missions", "ufo"], "ufo_token_value": "penalty",
                 "exploration_collision": "set-aside"}},
    {"players": 2, "start_player": 0, "options": {"variants": []}},
]
VARIANT_SETUP_IDS = ["any-order", "token-set-id", "inline-token-set", "no-variants"]


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


@pytest.mark.parametrize("state", VARIANT_STATES, ids=VARIANT_STATE_IDS)
def test_valid_variant_state(state: dict[str, Any]) -> None:
    assert validation_errors("mlem", "state", state) == []
    assert validation_errors("mlem", "options", state["options"]) == []


@pytest.mark.parametrize("setup", VARIANT_SETUPS, ids=VARIANT_SETUP_IDS)
def test_valid_variant_setup(setup: dict[str, Any]) -> None:
    assert validation_errors("mlem", "setup", setup) == []


def test_variant_options_in_a_setup_are_left_to_the_engine() -> None:
    """A variant's option while the variant is off passes the schema; the engine names the option."""
    assert validation_errors("mlem", "setup", {"players": 2, "start_player": 0,
                                               "options": {"ufo_encounter": "exact"}}) == []


def test_token_set_is_valid() -> None:
    assert validation_errors("mlem", "tokens", TINY_TOKENS) == []
    assert validation_errors("mlem", "tokens", {"id": "empty", "exploration": [], "missions": [], "arrivals": []}) == []
    assert validation_errors("mlem", "tokens", {"id": "ufo-only", "arrivals": [A_KEEP]}) == []


@pytest.mark.parametrize("path", sorted((REPO / "spec" / "mlem" / "tokens").glob("*.yaml")), ids=lambda p: p.stem)
def test_shipped_token_set_is_valid(path: Path) -> None:
    tokens = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert validation_errors("mlem", "tokens", tokens) == []
    assert tokens["id"] == path.stem


@pytest.mark.parametrize("observation", OBSERVATIONS, ids=OBSERVATION_IDS)
def test_valid_observation(observation: dict[str, Any]) -> None:
    assert validation_errors("mlem", "observation", observation) == []
    assert is_valid("mlem", "observation", observation)
    assert validator("mlem", "observation").is_valid(observation)  # the Python validator resolves $dynamicRef alike


@pytest.mark.parametrize("observation", OBSERVATIONS, ids=OBSERVATION_IDS)
def test_an_observation_is_not_a_state(observation: dict[str, Any]) -> None:
    assert not is_valid("mlem", "state", observation)
    assert "$.observer" in " ".join(validation_errors("mlem", "state", observation))


@pytest.mark.parametrize("state", [TAKEOFF_STATE, GAME_OVER_STATE, *VARIANT_STATES])
def test_a_state_with_observer_and_nothing_hidden_is_an_observation_only_without_variants(state):
    """Base-game observations are the state plus `observer`; the variants always hide the piles."""
    doc = {**state, "observer": 0}
    assert is_valid("mlem", "observation", doc) == ("variants" not in state["options"])


@pytest.mark.parametrize(
    "state", [TAKEOFF_STATE, LANDING_STATE, MOVE_STATE, GAME_OVER_STATE],
    ids=["takeoff-3-players", "landing-mid-expedition", "move-with-roll", "game-over"],
)
def test_base_game_documents_carry_no_variant_field(state: dict[str, Any]) -> None:
    """The base game is unchanged: no variant key is needed, and none is allowed (canonical form)."""
    assert validation_errors("mlem", "state", state) == []
    for section, value in [("exploration", VARIANT_STATE["exploration"]), ("missions", VARIANT_STATE["missions"]),
                           ("ufo", VARIANT_STATE["ufo"])]:
        assert not is_valid("mlem", "state", {**state, section: value})
    assert not is_valid("mlem", "state", _with(state, "options.variants", []))
    assert not is_valid("mlem", "state", _with(state, "options.ufo_encounter", "reach"))


def test_claimed_scores_with_variant_categories() -> None:
    line = {"type": "claimed-scores", "scores": [
        {"moons": 12, "planets": 6, "deep_space": 7, "goals": 5, "exploration": 4, "missions": 5, "ufo": -5, "total": 34},
        {"ufo": -9, "total": -2},
    ], "winners": [0]}
    assert validation_errors("mlem", "log", line) == []


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
    # the variants
    ("token-points-without-points", "tokens",
     _dropped(TINY_TOKENS, "exploration.0.points"),
     "$.exploration[0]: 'points' is a required property"),
    ("token-tunnel-with-points", "tokens",
     _with(TINY_TOKENS, "exploration.2.points", 1),
     "$.exploration[2].points: 1 should not be valid under {}"),
    ("token-points-4", "tokens",
     _with(TINY_TOKENS, "exploration.0.points", 4),
     "$.exploration[0].points: 4 is greater than the maximum of 3"),
    ("token-on-start-space", "tokens",
     _with(TINY_TOKENS, "exploration.1.space", 0),
     "$.exploration[1].space: 0 is less than the minimum of 1"),
    ("token-unknown-effect", "tokens",
     _with(TINY_TOKENS, "exploration.1.effect", "wormhole"),
     "$.exploration[1].effect: 'wormhole' is not one of"),
    ("arrival-dice-7", "tokens",
     _with(TINY_TOKENS, "arrivals.1.dice", 7),
     "$.arrivals[1].dice: 7 is greater than the maximum of 6"),
    ("arrival-dice-3", "tokens",
     _with(TINY_TOKENS, "arrivals.1.dice", 3),
     "$.arrivals[1].dice: 3 is less than the minimum of 4"),
    ("arrival-ufo-move-4", "tokens",
     _with(TINY_TOKENS, "arrivals.2.ufo_move", 4),
     "$.arrivals[2].ufo_move: 4 is greater than the maximum of 3"),
    ("arrival-extra-face-without-face", "tokens",
     _dropped(TINY_TOKENS, "arrivals.0.face"),
     "$.arrivals[0]: 'face' is a required property"),
    ("arrival-reroll-with-face", "tokens",
     _with(TINY_TOKENS, "arrivals.2.face", "2"),
     "$.arrivals[2].face: '2' should not be valid under {}"),
    ("arrival-face-5", "tokens",
     _with(TINY_TOKENS, "arrivals.0.face", "5"),
     "$.arrivals[0].face: '5' is not one of"),
    ("mission-extra-property", "tokens",
     _with(TINY_TOKENS, "missions.0.points", 2),
     "$.missions[0]: Additional properties are not allowed ('points' was unexpected)"),
    ("token-set-without-id", "tokens",
     _dropped(TINY_TOKENS, "id"),
     "$: 'id' is a required property"),
    ("setup-unknown-variant", "setup",
     {"players": 3, "start_player": 0, "options": {"variants": ["aliens"]}},
     "$.options.variants[0]: 'aliens' is not one of"),
    ("setup-variant-twice", "setup",
     {"players": 3, "start_player": 0, "options": {"variants": ["ufo", "ufo"]}},
     "$.options.variants: ['ufo', 'ufo'] has non-unique elements"),
    ("setup-unknown-variant-option-value", "setup",
     {"players": 3, "start_player": 0, "options": {"variants": ["ufo"], "ufo_encounter": "near"}},
     "$.options.ufo_encounter: 'near' is not one of"),
    ("setup-bad-inline-tokens", "setup",
     {"players": 3, "start_player": 0, "options": {"variants": ["ufo"]},
      "tokens": _with(TINY_TOKENS, "arrivals.1.dice", 7)},
     "$.tokens.arrivals[1].dice: 7 is greater than the maximum of 6"),
    ("state-variant-section-missing", "state",
     _dropped(VARIANT_STATE, "ufo"),
     "$: 'ufo' is a required property"),
    ("state-variant-section-without-variant", "state",
     _with(TAKEOFF_STATE, "missions", MISSION_DISCARD_STATE["missions"]),
     "$.missions: {"),
    ("state-variant-option-without-variant", "state",
     _with(TAKEOFF_STATE, "options.tunnel_past_end", "deep-space"),
     "$.options.tunnel_past_end: 'deep-space' should not be valid under {}"),
    ("state-variant-option-missing", "state",
     _dropped(VARIANT_STATE, "options.arrivals_exhausted"),
     "$.options: 'arrivals_exhausted' is a required property"),
    ("state-variants-out-of-order", "state",
     _with(VARIANT_STATE, "options.variants", ["exploration", "ufo", "missions"]),
     "$.options.variants: ['exploration', 'ufo', 'missions'] is not one of"),
    ("state-variants-empty", "state",
     _with(TAKEOFF_STATE, "options.variants", []),
     "$.options.variants: [] is not one of"),
    ("state-arrival-phase-without-ufo", "state",
     _with(TAKEOFF_STATE, "phase", "arrival"),
     "$: 'ufo' is a required property"),
    ("state-mission-deal-without-missions", "state",
     _with(ARRIVAL_STATE, "phase", "mission-deal"),
     "$: 'missions' is a required property"),
    ("state-unknown-phase", "state",
     _with(TAKEOFF_STATE, "phase", "ufo-attack"),
     "$.phase: 'ufo-attack' is not one of"),
    ("state-hidden-pile", "state",
     _with(VARIANT_STATE, "missions.pile", {"hidden": 3}),
     "$.missions.pile: {'hidden': 3} is not of type 'array'"),
    ("state-with-observer", "state",
     _with(TAKEOFF_STATE, "observer", 1),
     "$.observer: 1 should not be valid under {}"),
    ("state-held-tunnel-token", "state",
     _with(VARIANT_STATE, "exploration.held.0", [E_TUNNEL]),
     "$.exploration.held[0][0].effect: 'points' was expected"),
    ("state-five-missions-in-hand", "state",
     _with(VARIANT_STATE, "missions.hands.0", MISSIONS[0:5]),
     "is too long"),
    ("state-ufo-below-space-1", "state",
     _with(VARIANT_STATE, "ufo.space", 0),
     "$.ufo.space: 0 is less than the minimum of 1"),
    ("state-arrival-token-id-only", "state",
     _with(VARIANT_STATE, "ufo.arrival", "A01"),
     "$.ufo.arrival: 'A01' is not valid under any of the given schemas"),
    ("state-exploration-pending-negative", "state",
     _with(VARIANT_STATE, "exploration.pending", -1),
     "$.exploration.pending: -1 is less than the minimum of 0"),
    ("observation-without-observer", "observation",
     _dropped(OBSERVATIONS[0], "observer"),
     "$: 'observer' is a required property"),
    ("observation-observer-beyond-players", "observation",
     _with(OBSERVATIONS[4], "observer", 3),
     "$.observer: 3 is greater than the maximum of 2"),
    ("observation-visible-pile", "observation",
     _with(OBSERVATIONS[0], "missions.pile", MISSIONS[9:]),
     "$.missions.pile: [{"),
    ("observation-other-hand-visible", "observation",
     _with(OBSERVATIONS[0], "missions.hands.0", MISSIONS[0:3]),
     "$.missions.hands[0]: [{"),
    ("observation-own-hand-hidden", "observation",
     _with(OBSERVATIONS[0], "missions.hands.1", {"hidden": 3}),
     "$.missions.hands[1]: {'hidden': 3} is not of type 'array'"),
    ("observation-game-over-hand-hidden", "observation",
     _with(OBSERVATIONS[1], "missions.hands.0", {"hidden": 3}),
     "$.missions.hands[0]: {'hidden': 3} is not of type 'array'"),
    ("observation-game-over-discard-visible", "observation",
     _with(OBSERVATIONS[1], "missions.discarded.0", [MISSIONS[4]]),
     "$.missions.discarded[0]: [{"),
    ("observation-hidden-count-negative", "observation",
     _with(OBSERVATIONS[0], "ufo.pile", {"hidden": -1}),
     "$.ufo.pile.hidden: -1 is less than the minimum of 0"),
    ("observation-hidden-extra-property", "observation",
     _with(OBSERVATIONS[0], "exploration.pile", {"hidden": 1, "ids": ["E01"]}),
     "$.exploration.pile: Additional properties are not allowed ('ids' was unexpected)"),
    ("draw-without-token", "action",
     {"type": "draw"},
     "$: 'token' is a required property"),
    ("draw-extra-player", "action",
     {"type": "draw", "player": 0, "token": "E01"},
     "$: Additional properties are not allowed ('player' was unexpected)"),
    ("discard-without-player", "action",
     {"type": "discard", "token": "M01"},
     "$: 'player' is a required property"),
    ("reroll-with-faces", "action",
     {"type": "reroll", "player": 0, "faces": ["1"]},
     "$: Additional properties are not allowed ('faces' was unexpected)"),
    ("move-unknown-ability", "action",
     {"type": "move", "player": 0, "faces": ["1"], "die_one": [], "ability": "reroll"},
     "$.ability: 'reroll' is not one of"),
    ("move-dice-count-too-big", "action",
     {"type": "move", "player": 0, "faces": ["3"], "die_one": [], "dice": {"3": 7}},
     "$.dice['3']: 7 is greater than the maximum of 6"),
    ("event-exploration-points-4", "event",
     {"type": "exploration-points", "clause": "exploration.points", "player": 0, "token": "E01", "points": 4},
     "$.points: 4 is greater than the maximum of 3"),
    ("event-arrival-dice-7", "event",
     {"type": "arrival-revealed", "clause": "ufo.arrival", "token": "A01", "dice": 7, "ufo_move": 1},
     "$.dice: 7 is greater than the maximum of 6"),
    ("event-tunnel-without-to", "event",
     {"type": "tunnel", "clause": "exploration.tunnel", "from": 3},
     "$: 'to' is a required property"),
    ("event-unknown-ability", "event",
     {"type": "ability-used", "clause": "ufo.ability", "player": 0, "ability": "teleport"},
     "$.ability: 'teleport' is not one of"),
    ("event-ufo-token-0", "event",
     {"type": "ufo-token-taken", "clause": "ufo.tokens", "player": 0, "value": 0},
     "$.value: 0 is less than the minimum of 1"),
    ("event-no-arrival-extra", "event",
     {"type": "no-arrival", "clause": "ufo.arrivals-exhausted", "expedition": 15, "dice": 6},
     "$: Additional properties are not allowed ('dice' was unexpected)"),
    ("claimed-negative-exploration", "log",
     {"type": "claimed-scores", "scores": [{"exploration": -1}, {"total": 0}]},
     "$.scores[0].exploration: -1 is less than the minimum of 0"),
    ("claimed-unknown-category", "log",
     {"type": "claimed-scores", "scores": [{"aliens": 3}, {"total": 0}]},
     "$.scores[0]: Additional properties are not allowed ('aliens' was unexpected)"),
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
     *[("setup", s) for s in SETUPS], *[("state", s) for s in VARIANT_STATES],
     *[("setup", s) for s in VARIANT_SETUPS], ("tokens", TINY_TOKENS), *[("observation", o) for o in OBSERVATIONS]],
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



@pytest.mark.parametrize("doc", [
    {"type": "move", "player": 0, "faces": ["2", "2"], "die_one": []},
    {"type": "move", "player": 0, "faces": [], "die_one": []},
    {"type": "move", "player": 0, "faces": [], "die_one": [], "ability": "keep-dice"},
], ids=["duplicate-faces", "no-faces", "keep-dice-without-faces"])
def test_rule_questions_are_valid_documents(doc):
    """A move with no group or naming a group twice is for the rules to reject
    (travel.group-count, travel.whole-group), so the schema lets it through."""
    assert validation_errors("mlem", "action", doc) == []
