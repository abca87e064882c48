"""MLEM's central types are documented and typed (issue 17): field docstrings, StrEnums that
leave every document unchanged, the state checker as a table of small named checks, and
functions short enough to read."""

from __future__ import annotations

import ast
import dataclasses
import enum
import json
from pathlib import Path

import pytest

from tabletop_referee.games.mlem import engine
from tabletop_referee.games.mlem import interchange as ix
from tabletop_referee.games.mlem import model
from tabletop_referee.games.mlem.model import Landing, Phase, Rocket, Seat, State, Variant

ROOT = Path(__file__).resolve().parents[1]
MLEM = ROOT / "reference" / "tabletop_referee" / "games" / "mlem"
TYPED_MODULES = ("model.py", "describe.py", "interchange.py", "position.py", "canonical.py", "__init__.py")
"""The MLEM modules kept short, documented and ``mypy --strict`` clean by this issue."""


# -- field docstrings ----------------------------------------------------------------------


def undocumented_fields(source: str) -> list[str]:
    """``Class.field`` for every dataclass field (or enum member of ``Phase``) without a
    docstring right after it, and ``Class`` for a class without a docstring."""
    missing = []
    for node in ast.parse(source).body:
        if not isinstance(node, ast.ClassDef):
            continue
        is_dataclass = any("dataclass" in ast.unparse(d) for d in node.decorator_list)
        if not (is_dataclass or node.name == "Phase"):
            continue
        if ast.get_docstring(node) is None:
            missing.append(node.name)
        body = node.body
        for i, stmt in enumerate(body):
            field = (stmt.target if isinstance(stmt, ast.AnnAssign)
                     else stmt.targets[0] if isinstance(stmt, ast.Assign) and node.name == "Phase" else None)
            if not isinstance(field, ast.Name):
                continue
            following = body[i + 1] if i + 1 < len(body) else None
            documented = (isinstance(following, ast.Expr) and isinstance(following.value, ast.Constant)
                          and isinstance(following.value.value, str))
            if not documented:
                missing.append(f"{node.name}.{field.id}")
    return missing


def test_every_field_of_the_central_types_has_a_docstring():
    assert undocumented_fields((MLEM / "model.py").read_text(encoding="utf-8")) == []


def test_the_docstring_check_sees_a_planted_gap():
    source = '''
@dataclass(frozen=True)
class Thing:
    """A thing."""

    kept: int
    """Documented."""
    bare: int
    type = "thing"


@dataclass
class Nameless:
    x: int
    """Documented."""
'''
    assert undocumented_fields(source) == ["Thing.bare", "Nameless"]


def test_the_central_types_are_all_checked():
    names = {n.name for n in ast.parse((MLEM / "model.py").read_text(encoding="utf-8")).body
             if isinstance(n, ast.ClassDef)}
    for wanted in ("State", "Rocket", "Seat", "Landing", "Outcome", "Score", "Setup", "Board", "Options",
                   "Embark", "Move", "ExplorationToken", "MissionToken", "ArrivalToken", "Phase"):
        assert wanted in names


# -- StrEnums: the documents do not change -------------------------------------------------


def test_each_option_enum_is_the_options_value_set_default_first():
    schema = json.loads((ROOT / "schemas" / "mlem" / "options.schema.json").read_text(encoding="utf-8"))
    for name, values in model.OPTION_VALUES.items():
        if name == "die_one_rescue":
            assert values == (True, False)
            continue
        members = tuple(model.OPTION_ENUMS[name])
        assert tuple(members) == values and all(type(v) is str for v in values), name
        assert list(values) == schema["$defs"][name]["enum"], name
        assert getattr(model.Options(), name) is members[0], f"{name}: the default is the first value"
    assert set(model.OPTION_ENUMS) == set(model.OPTION_VALUES) - {"die_one_rescue"}
    assert model.PHASES == tuple(Phase) and model.VARIANTS == tuple(Variant)


def _plain_strings_only(doc, path="$"):
    """Every string in a document is a plain ``str``, never an enum member."""
    if isinstance(doc, dict):
        for key, value in doc.items():
            assert type(key) is str, f"{path}: key {key!r}"
            _plain_strings_only(value, f"{path}.{key}")
    elif isinstance(doc, list):
        for i, value in enumerate(doc):
            _plain_strings_only(value, f"{path}[{i}]")
    else:
        assert not isinstance(doc, enum.Enum), f"{path}: {doc!r}"


def _all_variants_state() -> State:
    setup = ix.setup_from_json({
        "players": 3, "start_player": 1, "board": "standard",
        "options": {"variants": ["ufo", "exploration", "missions"], "dice_selection": "single-group",
                    "ufo_encounter": "exact", "four_moons": "spaces"},
    })
    return engine.initial_state(setup)


def test_values_read_from_documents_are_enum_members_and_written_back_as_plain_strings():
    state = _all_variants_state()
    options = state.options
    assert options.dice_selection is model.DiceSelection.SINGLE_GROUP
    assert options.ufo_encounter is model.UfoEncounter.EXACT
    assert options.variants == (Variant.EXPLORATION, Variant.MISSIONS, Variant.UFO)
    assert all(isinstance(v, Variant) for v in options.variants)
    doc = ix.state_to_json(state)
    _plain_strings_only(doc)
    again = ix.state_from_json(json.loads(json.dumps(doc)))
    assert type(again.phase) is Phase and again.phase == state.phase
    assert again == state
    assert ix.canonical_text(ix.state_to_json(again)) == ix.canonical_text(doc)


def test_a_member_is_its_string():
    assert Phase.GAME_OVER == "game-over" and hash(Phase.GAME_OVER) == hash("game-over")
    assert f"{Phase.MOVE}" == "move" and json.dumps([Phase.MOVE]) == '["move"]'
    assert {"move": 1}[Phase.MOVE] == 1
    plain = model.Options(dice_selection="single-group", variants=("ufo",))
    assert plain == model.Options(dice_selection=model.DiceSelection.SINGLE_GROUP, variants=(Variant.UFO,))
    assert ix.options_to_json(plain) == ix.options_to_json(ix.options_from_partial(
        {"dice_selection": "single-group", "variants": ["ufo"]}))


# -- the state checker as a table ------------------------------------------------------------


def _sound() -> State:
    """A sound base-game state in phase landing: player 0's Plus-minus decides on space 6."""
    state = engine.initial_state(model.Setup(players=3, board=ix.load_board("standard")))
    board = state.board
    space = next(i for i, s in enumerate(board.spaces) if s.moons and 0 < i < board.end - 1)
    seats = (Seat(0, "plus-minus"), Seat(1, "satellite"))
    reserves = tuple(tuple(a for a in model.ASTRONAUTS if not (p == 0 and a == "plus-minus")
                           and not (p == 1 and a == "satellite")) for p in range(3))
    return dataclasses.replace(state, phase=Phase.LANDING, reserves=reserves,
                               rocket=Rocket(space=space, dice=6, seats=seats, cursor=0))


def _rocket(state: State, **changes) -> State:
    return dataclasses.replace(state, rocket=dataclasses.replace(state.rocket, **changes))


BREAKS = {
    "_start_player_is_a_player": lambda s: dataclasses.replace(s, start_player=3),
    "_astronauts_conserved": lambda s: dataclasses.replace(s, reserves=(s.reserves[0][1:], *s.reserves[1:])),
    "_seats_hold_players": lambda s: _rocket(s, seats=(Seat(0, "plus-minus", flipped=True), s.rocket.seats[1])),
    "_die_one_spent": lambda s: dataclasses.replace(s, die_one_spent=(0,)),
    "_one_seat_per_player": lambda s: _rocket(s, seats=(s.rocket.seats[0], Seat(0, "satellite"))),
    "_rocket_on_board": lambda s: _rocket(s, dice=7),
    "_landings_fit_board": lambda s: dataclasses.replace(s, landed=(Landing(2, "satellite", 0, "planet"),)),
    "_goal_holders_are_players": lambda s: dataclasses.replace(s, goals=(None, 5, None, None)),
    "_phase_fits_rocket": lambda s: _rocket(s, roll=("1",) * 6),
    "_cursor_is_a_seat": lambda s: _rocket(s, cursor=2),
    "_cursor_seat_can_land": lambda s: dataclasses.replace(s, phase=Phase.PARACHUTE),
    "_known_phase": lambda s: dataclasses.replace(s, phase="orbit"),
    "_expedition_not_over": lambda s: _rocket(s, space=s.board.end),
    "_ended_fits_phase": lambda s: dataclasses.replace(s, ended="all-placed"),
    "_game_goes_on_rightly": lambda s: dataclasses.replace(s, crashes=s.board.crash_limit),
    "_variant_problems": lambda s: dataclasses.replace(s, options=model.Options(variants=(Variant.UFO,))),
}
"""For each check of the table, a change to the sound state that this check reports."""


def test_the_sound_state_has_no_problem():
    assert ix.state_problems(_sound()) == []


def test_every_check_of_the_table_can_fire():
    names = [check.__name__ for check in ix.STATE_CHECKS]
    assert sorted(names) == sorted(BREAKS), "each check of the table has a planted break here"
    sound = _sound()
    for check in ix.STATE_CHECKS:
        assert check(sound) == [], check.__name__
        broken = BREAKS[check.__name__](sound)
        found = check(broken)
        assert found, f"{check.__name__} does not see its break"
        assert all(p in ix.state_problems(broken) for p in found) or check in ix.SOUND_ONLY, check.__name__


def test_problems_are_listed_in_table_order():
    sound = _sound()
    broken = _rocket(dataclasses.replace(sound, start_player=3, goals=(None, 5, None, None)), dice=7)
    assert ix.state_problems(broken) == [
        "start_player 3 is not one of players 0..2",
        "rocket.dice 7 is outside 1..6",
        "goals.planet-trio is held by 5, not a player",
    ]


def test_a_sound_only_check_waits_for_a_sound_state():
    unlandable = BREAKS["_cursor_seat_can_land"](_sound())
    assert ix.state_problems(unlandable) == ["the astronaut in seat 0 has nowhere to land"]
    also_broken = dataclasses.replace(unlandable, start_player=3)
    assert ix.state_problems(also_broken) == ["start_player 3 is not one of players 0..2"]


@pytest.mark.parametrize("section, change, message", [
    ("exploration", {"pending": 2}, "exploration.pending must be positive exactly in phase exploration-draw"),
    ("missions", {"discarded": ((), ())}, "missions.hands and missions.discarded need 3 entries"),
    ("ufo", {"space": 0}, "the UFO must be on a space 1..25"),
])
def test_each_section_check_can_fire(section, change, message):
    state = _all_variants_state()
    assert ix.state_problems(state) == []
    broken = dataclasses.replace(state, **{section: dataclasses.replace(getattr(state, section), **change)})
    assert message in ix.state_problems(broken)


def test_the_section_checks_judge_an_observation_by_its_sizes():
    """A hidden pile counts as its size: an observation of a sound state shows no problem."""
    state = _all_variants_state()
    assert ix.state_problems(engine.observe(state, 0)) == []


# -- short functions ---------------------------------------------------------------------------


def long_functions(source: str, limit: int = 50) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            start = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            if node.end_lineno - start + 1 > limit:
                found.append(f"{node.name} ({node.end_lineno - start + 1} lines)")
    return found


@pytest.mark.parametrize("name", TYPED_MODULES)
def test_no_function_runs_over_fifty_lines(name):
    assert long_functions((MLEM / name).read_text(encoding="utf-8")) == []


def test_the_length_check_sees_a_planted_long_function():
    source = "def long():\n" + "    x = 1\n" * 50
    assert long_functions(source) == ["long (51 lines)"]
