"""The MLEM JSON interchange layer: round trips, canonical form and typed errors.

See docs/mlem/interchange.md and reference/tabletop_referee/games/mlem/interchange.py.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
import yaml

from tabletop_referee.errors import InvalidState, MalformedInput
from tabletop_referee.games import mlem
from tabletop_referee.games.mlem.interchange import (
    action_from_json,
    action_to_json,
    board_from_json,
    board_ids,
    board_to_json,
    canonical_text,
    load_board,
    state_from_json,
    state_to_json,
)
from tabletop_referee.games.mlem.model import ASTRONAUTS, Embark, Land, Move, Roll, Stay
from tabletop_referee.games.mlem.position import state_from_position
from tabletop_referee.paths import spec_dir
from tabletop_referee.sampler import choose
from tabletop_referee.schemas import validation_errors

STRING_LITERAL = re.compile(r'"(?:[^"\\]|\\.)*"')


def played_states(seed: int, board_id: str, players: int) -> list[mlem.State]:
    """Every state of one seeded random game, from the initial state to game over."""
    rng = random.Random(seed)
    state = mlem.initial_state(
        mlem.Setup(players=players, board=load_board(board_id), start_player=seed % players)
    )
    states = [state]
    while state.phase != "game-over":
        state = mlem.apply(state, choose(mlem.GAME, rng, state)).state
        states.append(state)
    return states


def played_actions(seed: int, board_id: str, players: int) -> list[Any]:
    rng = random.Random(seed)
    state = mlem.initial_state(mlem.Setup(players=players, board=load_board(board_id)))
    actions = []
    while state.phase != "game-over":
        action = choose(mlem.GAME, rng, state)
        actions.append(action)
        state = mlem.apply(state, action).state
    return actions


def assert_keys_sorted(text: str) -> None:
    def hook(pairs):
        keys = [k for k, _ in pairs]
        assert keys == sorted(keys), keys
        return dict(pairs)

    json.loads(text, object_pairs_hook=hook)


# A game per seed: both shipped boards, 2 to 5 players.
GAMES = [(seed, ("standard", "short")[seed % 2], 2 + seed % 4) for seed in range(8)]


# -- states -----------------------------------------------------------------------------------


@pytest.mark.parametrize("seed, board_id, players", GAMES, ids=[f"seed{g[0]}-{g[1]}-{g[2]}p" for g in GAMES])
def test_state_round_trip_and_canonical_text(seed, board_id, players):
    states = played_states(seed, board_id, players)
    assert states[-1].phase == "game-over"
    phases = set()
    for state in states:
        phases.add(state.phase)
        doc = state_to_json(state)
        text = canonical_text(doc)
        assert text == json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        back = state_from_json(json.loads(text))
        assert back == state
        assert canonical_text(state_to_json(back)) == text
        assert state_from_json(doc) == state
    assert {"takeoff", "roll", "move", "game-over"} <= phases


def test_canonical_text_has_sorted_keys_and_no_spaces():
    state = played_states(5, "short", 3)[40]
    text = canonical_text(state_to_json(state))
    assert_keys_sorted(text)
    outside_strings = STRING_LITERAL.sub('""', text)
    assert not re.search(r"\s", outside_strings), outside_strings[:200]
    assert "\n" not in text


def test_canonical_text_keeps_non_ascii_and_sorts_nested_keys():
    doc = {"b": {"z": 1, "a": [{"y": "é", "x": None}]}, "a": "two words"}
    text = canonical_text(doc)
    assert text == '{"a":"two words","b":{"a":[{"x":null,"y":"é"}],"z":1}}'


def test_state_document_has_every_field_and_validates():
    state = played_states(1, "standard", 3)[25]
    doc = state_to_json(state)
    assert set(doc) == {
        "game", "format", "board", "options", "phase", "start_player", "expedition",
        "crashes", "players", "rocket", "landed", "goals", "ended",
    }
    assert set(doc["rocket"]) == {"space", "dice", "roll", "cursor", "seats"}
    assert validation_errors("mlem", "state", doc) == []


def test_states_with_different_content_have_different_canonical_text():
    states = played_states(2, "short", 4)
    texts = [canonical_text(state_to_json(s)) for s in states]
    for a, b, ta, tb in zip(states, states[1:], texts, texts[1:]):
        assert (a == b) == (ta == tb)


# -- actions ----------------------------------------------------------------------------------


ACTIONS = [
    Embark(0, "satellite"),
    Embark(4, "die-one"),
    Roll(("1", "2", "2", "3", "4", "afterburner")),
    Roll(("afterburner",)),
    Move(1, ("2",), ()),
    Move(0, ("1", "3", "afterburner"), (0, 2)),
    Land(3, 12),
    Stay(2),
]


@pytest.mark.parametrize("action", ACTIONS, ids=[f"{a.type}-{i}" for i, a in enumerate(ACTIONS)])
def test_action_round_trip(action):
    doc = action_to_json(action)
    assert doc["type"] == action.type
    assert validation_errors("mlem", "action", doc) == []
    assert action_from_json(doc) == action
    assert action_from_json(json.loads(canonical_text(doc))) == action


def test_every_action_kind_is_covered():
    assert {a.type for a in ACTIONS} == {"embark", "roll", "move", "land", "stay"}


def test_played_actions_round_trip_to_canonical_form():
    seen = set()
    for seed, board_id, players in GAMES[:4]:
        for action in played_actions(seed, board_id, players):
            doc = action_to_json(action)
            assert validation_errors("mlem", "action", doc) == [], doc
            back = action_from_json(doc)
            assert action_to_json(back) == doc
            if isinstance(action, Roll):  # the sampler rolls in any order; canonical is sorted
                assert sorted(back.faces) == sorted(action.faces)
            else:
                assert back == action
            seen.add(action.type)
    assert seen == {"embark", "roll", "move", "land", "stay"}


def test_legal_actions_round_trip_exactly():
    for state in played_states(3, "standard", 5)[:200]:
        if state.phase in ("roll", "game-over"):
            continue
        for action in mlem.legal_actions(state):
            assert action_from_json(action_to_json(action)) == action


def test_roll_faces_are_normalised():
    action = action_from_json({"type": "roll", "faces": ["afterburner", "3", "1", "2", "1"]})
    assert action == Roll(("1", "1", "2", "3", "afterburner"))
    assert action_to_json(Roll(("4", "2", "afterburner", "2"))) == {
        "type": "roll",
        "faces": ["2", "2", "4", "afterburner"],
    }


def test_move_faces_and_die_one_are_normalised():
    action = action_from_json({"type": "move", "player": 1, "faces": ["afterburner", "4", "2"], "die_one": [3, 0]})
    assert action == Move(1, ("2", "4", "afterburner"), (0, 3))
    assert action_to_json(Move(1, ("4", "1"), (2, 1))) == {
        "type": "move", "player": 1, "faces": ["1", "4"], "die_one": [1, 2],
    }


@pytest.mark.parametrize(
    "doc, path",
    [
        ({"type": "stay"}, "$"),
        ({"type": "jump", "player": 0}, "$"),  # "not valid under any of the given schemas" first
        ({"type": "move", "player": 0, "faces": ["1", "2", "3", "4", "afterburner", "1"], "die_one": []}, "$.faces"),
        ({"type": "roll", "faces": ["7"]}, "$.faces[0]"),
        ({"type": "land", "player": 9, "space": 3}, "$.player"),
        ({"type": "embark", "player": 0, "astronaut": "pilot"}, "$.astronaut"),
    ],
    ids=["missing-player", "unknown-type", "six-groups", "bad-face", "player-9", "bad-astronaut"],
)
def test_malformed_action_carries_the_json_path(doc, path):
    with pytest.raises(MalformedInput) as info:
        action_from_json(doc)
    exc = info.value
    assert exc.path == path
    assert exc.clause == "interchange.schema"
    assert exc.message.startswith("action: ")
    assert "\n" not in exc.message


# -- malformed states -------------------------------------------------------------------------


def base_state_doc(players: int = 2) -> dict:
    """A fresh takeoff state on the short board (moons at 6, 7, 9; planets at 8, 10-12)."""
    return state_to_json(mlem.initial_state(mlem.Setup(players=players, board=load_board("short"))))


def test_base_state_doc_is_valid():
    assert state_from_json(base_state_doc()).phase == "takeoff"


def test_state_with_zero_dice_is_malformed_at_rocket_dice():
    doc = base_state_doc()
    doc["rocket"]["dice"] = 0
    with pytest.raises(MalformedInput) as info:
        state_from_json(doc)
    exc = info.value
    assert exc.path == "$.rocket.dice"
    assert exc.clause == "interchange.schema"
    assert exc.message == "state: 0 is less than the minimum of 1"
    assert str(exc) == "$.rocket.dice: state: 0 is less than the minimum of 1"
    assert "\n" not in exc.message


def test_malformed_state_counts_further_errors_on_one_line():
    doc = base_state_doc()
    doc["rocket"]["dice"] = 0
    doc["crashes"] = -1
    doc["expedition"] = 0
    with pytest.raises(MalformedInput) as info:
        state_from_json(doc)
    assert info.value.message.endswith("(and 2 more)")
    assert "\n" not in info.value.message


def test_state_that_is_not_an_object():
    with pytest.raises(MalformedInput) as info:
        state_from_json([1, 2])
    assert info.value.path == "$"


def test_game_over_without_ended_is_a_schema_error():
    doc = base_state_doc()
    doc["phase"] = "game-over"
    with pytest.raises(MalformedInput) as info:
        state_from_json(doc)
    assert info.value.path == "$.ended"
    assert "not of type 'object'" in info.value.message


def test_ended_outside_game_over_is_a_schema_error():
    doc = base_state_doc()
    doc["ended"] = {"reason": "crash-limit"}
    with pytest.raises(MalformedInput) as info:
        state_from_json(doc)
    assert info.value.path == "$.ended"


def _take(doc: dict, player: int, astronaut: str) -> None:
    doc["players"][player]["reserve"].remove(astronaut)


def _seat(doc: dict, player: int, astronaut: str) -> None:
    _take(doc, player, astronaut)
    doc["rocket"]["seats"].append({"player": player, "astronaut": astronaut, "flipped": False})


def reserve_and_landed(doc):
    doc["landed"] = [{"player": 0, "astronaut": "satellite", "space": 7, "site": "moon", "slot": 0}]


def two_seats_one_player(doc):
    _seat(doc, 0, "satellite")
    _seat(doc, 0, "die-one")
    doc["phase"] = "roll"


def moon_slot_out_of_order(doc):
    _take(doc, 0, "satellite")
    doc["landed"] = [{"player": 0, "astronaut": "satellite", "space": 9, "site": "moon", "slot": 1}]


def moon_on_a_planet_space(doc):
    _take(doc, 0, "satellite")
    doc["landed"] = [{"player": 0, "astronaut": "satellite", "space": 8, "site": "moon", "slot": 0}]


def roll_length_differs_from_dice(doc):
    _seat(doc, 0, "satellite")
    doc["phase"] = "move"
    doc["rocket"]["dice"] = 6
    doc["rocket"]["roll"] = ["1", "2"]


def cursor_out_of_range(doc):
    _seat(doc, 0, "satellite")
    doc["phase"] = "landing"
    doc["rocket"]["space"] = 7
    doc["rocket"]["cursor"] = 2


def roll_out_of_face_order(doc):
    _seat(doc, 0, "satellite")
    doc["phase"] = "move"
    doc["rocket"]["dice"] = 2
    doc["rocket"]["roll"] = ["3", "1"]


def reserve_out_of_order(doc):
    doc["players"][1]["reserve"].reverse()


def flipped_non_die_one(doc):
    _seat(doc, 0, "parachute")
    doc["rocket"]["seats"][0]["flipped"] = True
    doc["phase"] = "roll"


def player_beyond_count(doc):
    doc["landed"] = [{"player": 3, "astronaut": "satellite", "space": 8, "site": "planet"}]


def comet_off_deep_space(doc):
    _take(doc, 0, "satellite")
    doc["landed"] = [{"player": 0, "astronaut": "satellite", "space": 12, "site": "comet"}]


INVALID_STATES = [
    (reserve_and_landed, "player 0's astronauts are not conserved (missing: [], twice: ['satellite'])"),
    (two_seats_one_player, "a player has two astronauts aboard"),
    (moon_slot_out_of_order, "landed[0].slot is 1 but moon slots fill in order (next: 0)"),
    (moon_on_a_planet_space, "landed[0]: space 8 has no moon"),
    (roll_length_differs_from_dice, "rocket.roll has 2 faces but rocket.dice is 6"),
    (cursor_out_of_range, "rocket.cursor 2 is not a seat (0..0)"),
    (roll_out_of_face_order, "rocket.roll is not in canonical face order"),
    (reserve_out_of_order, "players[1].reserve is not in canonical order"),
    (flipped_non_die_one, "rocket.seats[0] is flipped but is not a Die-1 astronaut"),
    (player_beyond_count, "landed[0].player 3 is not a player"),
    (comet_off_deep_space, "landed[0]: the comet is on space 13, not 12"),
]


@pytest.mark.parametrize("mutate, problem", INVALID_STATES, ids=[f.__name__ for f, _ in INVALID_STATES])
def test_impossible_state_is_invalid(mutate, problem):
    doc = base_state_doc()
    mutate(doc)
    assert validation_errors("mlem", "state", doc) == []  # well-formed: only the engine objects
    with pytest.raises(InvalidState) as info:
        state_from_json(doc)
    exc = info.value
    assert exc.clause == "interchange.state"
    assert problem in exc.message
    assert "\n" not in exc.message


def test_the_mutations_only_break_what_they_say():
    """Each mutation yields exactly one problem (no '(and N more ...)')."""
    for mutate, problem in INVALID_STATES:
        doc = base_state_doc()
        mutate(doc)
        with pytest.raises(InvalidState) as info:
            state_from_json(doc)
        assert info.value.message == problem or info.value.message.startswith(problem), mutate.__name__
        assert "(and " not in info.value.message, mutate.__name__


def test_every_problem_of_a_state_is_listed():
    doc = base_state_doc()
    reserve_and_landed(doc)
    reserve_out_of_order(doc)
    with pytest.raises(InvalidState) as info:
        state_from_json(doc)
    message = info.value.message
    assert "(and 1 more: " in message
    assert "not conserved" in message
    assert "players[1].reserve is not in canonical order" in message


def test_a_valid_landing_state_is_accepted():
    """The control for cursor_out_of_range: the same state with the cursor on the seat."""
    doc = base_state_doc()
    cursor_out_of_range(doc)
    doc["rocket"]["cursor"] = 0
    state = state_from_json(doc)
    assert state.phase == "landing" and state.rocket.cursor == 0


# -- boards -----------------------------------------------------------------------------------


def short_board_doc() -> dict:
    return board_to_json(load_board("short"))


def deep_space_mismatch(doc):
    doc["deep_space"]["space"] = 12


def unknown_planet(doc):
    doc["spaces"][8]["planet"] = "PX"


def moons_and_planet(doc):
    doc["spaces"][8]["moons"] = [3]


def faces_out_of_order(doc):
    doc["spaces"][1]["faces"] = ["3", "1", "2"]


def repeated_face(doc):
    doc["spaces"][1]["faces"] = ["1", "1"]


def afterburner_without_dots(doc):
    del doc["spaces"][0]["afterburner"]


def start_beyond_deep_space(doc):
    doc["start_space"] = 13


def site_in_deep_space(doc):
    doc["spaces"][13]["moons"] = [4]


BOARD_ERRORS = [
    (deep_space_mismatch, InvalidState, "$",
     "deep_space.space is 12 but spaces has 14 entries (expected deep_space.space == 13)"),
    (unknown_planet, InvalidState, "$", "spaces[8].planet 'PX' is not in planets"),
    (moons_and_planet, MalformedInput, "$.spaces[8].planet", "should not be valid"),
    (faces_out_of_order, InvalidState, "$", "spaces[1].faces must be distinct, in canonical order"),
    (repeated_face, MalformedInput, "$.spaces[1].faces", "has non-unique elements"),
    (afterburner_without_dots, MalformedInput, "$.spaces[0]", "'afterburner' is a required property"),
    (start_beyond_deep_space, InvalidState, "$", "start_space 13 is not a space before deep space"),
    (site_in_deep_space, InvalidState, "$", "spaces[13] is deep space and cannot hold moons"),
]


@pytest.mark.parametrize(
    "mutate, error, path, problem", BOARD_ERRORS, ids=[b[0].__name__ for b in BOARD_ERRORS]
)
def test_board_errors(mutate, error, path, problem):
    doc = short_board_doc()
    mutate(doc)
    with pytest.raises((InvalidState, MalformedInput)) as info:
        board_from_json(doc)
    exc = info.value
    assert type(exc) is error
    assert exc.clause == ("setup.board" if error is InvalidState else "interchange.schema")
    assert exc.path == path
    assert problem in exc.message
    assert "\n" not in exc.message


def test_board_problems_are_all_listed():
    doc = short_board_doc()
    deep_space_mismatch(doc)
    unknown_planet(doc)
    with pytest.raises(InvalidState) as info:
        board_from_json(doc)
    assert "deep_space.space is 12" in info.value.message
    assert "'PX' is not in planets" in info.value.message


def test_board_round_trip():
    for board_id in board_ids():
        board = load_board(board_id)
        doc = board_to_json(board)
        assert validation_errors("mlem", "board", doc) == []
        assert board_from_json(doc) == board
        assert board_from_json(json.loads(canonical_text(doc))) == board


# -- load_board -------------------------------------------------------------------------------


def test_shipped_boards():
    assert board_ids() == ["short", "standard"]
    assert load_board("short").end == 13


def test_unknown_board_lists_the_shipped_boards():
    with pytest.raises(MalformedInput) as info:
        load_board("no-such-board")
    message = info.value.message
    assert "'no-such-board'" in message
    assert f"(shipped boards: {', '.join(board_ids())})" in message


def test_load_board_from_a_yaml_path(tmp_path):
    doc = yaml.safe_load((spec_dir("mlem") / "boards" / "short.yaml").read_text(encoding="utf-8"))
    doc["id"] = "my-yaml-board"
    doc["crash_limit"] = 5
    path = tmp_path / "mine.yaml"
    path.write_text(yaml.safe_dump(doc), encoding="utf-8")
    board = load_board(str(path))
    assert board.id == "my-yaml-board"
    assert board.crash_limit == 5
    assert board.spaces == load_board("short").spaces
    assert board == board_from_json(doc)


def test_load_board_from_a_json_path(tmp_path):
    doc = short_board_doc() | {"id": "my-json-board"}
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert load_board(str(path)).id == "my-json-board"


def test_load_board_file_that_is_not_a_board_names_the_file_and_path(tmp_path):
    doc = short_board_doc()
    doc["spaces"][2]["faces"] = ["5"]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(MalformedInput) as info:
        load_board(str(path))
    assert info.value.path == "$.spaces[2].faces[0]"
    assert info.value.message.startswith(f"{path}: board: ")


def test_load_board_missing_file(tmp_path):
    path = tmp_path / "gone.yaml"
    with pytest.raises(MalformedInput) as info:
        load_board(str(path))
    assert "no such file" in info.value.message and str(path) in info.value.message


def test_load_board_invalid_yaml(tmp_path):
    path = tmp_path / "broken.yml"
    path.write_text("a: [1,\n", encoding="utf-8")
    with pytest.raises(MalformedInput) as info:
        load_board(str(path))
    assert info.value.message.startswith(f"{path}: not valid YAML/JSON: ")
    assert "\n" not in info.value.message


# -- positions --------------------------------------------------------------------------------


def test_position_reserves_are_the_complements():
    state = state_from_position(
        {
            "players": 3,
            "board": "short",
            "rocket": {"space": 6, "seats": [[0, "die-one", True], [1, "parachute"]]},
            "landed": [
                [1, "moon-double", 7],
                {"player": 2, "astronaut": "satellite", "space": 13, "site": "comet"},
                [0, "satellite", 8],
                [2, "moon-double", 9],
                [0, "planet-double", 9],
            ],
        }
    )
    assert state.phase == "roll"
    assert state.rocket.seats == (mlem.model.Seat(0, "die-one", True), mlem.model.Seat(1, "parachute"))
    for p in range(3):
        placed = {s.astronaut for s in state.rocket.seats if s.player == p}
        placed |= {x.astronaut for x in state.landed if x.player == p}
        assert set(state.reserves[p]) == set(ASTRONAUTS) - placed
        assert list(state.reserves[p]) == [a for a in ASTRONAUTS if a not in placed]  # canonical order
    assert state.reserves[0] == ("plus-minus", "parachute", "moon-double", "deep-space-double", "die-removal")
    assert [(x.site, x.slot) for x in state.landed] == [
        ("moon", 0), ("comet", None), ("planet", None), ("moon", 0), ("moon", 1),
    ]
    assert state_from_json(state_to_json(state)) == state  # a position gives a valid state


def test_position_phase_follows_the_rocket():
    assert state_from_position({"players": 2, "board": "short"}).phase == "takeoff"
    moving = state_from_position(
        {"players": 2, "board": "short", "rocket": {"seats": [[0, "satellite"]], "roll": ["4", "1"]}}
    )
    assert moving.phase == "move"
    assert moving.rocket.roll == ("1", "4")
    assert moving.rocket.dice == 2


@pytest.mark.parametrize(
    "doc",
    [
        {"players": 2, "board": "short", "rocket": {"seats": [[0, "die-one"]]}, "landed": [[0, "die-one", 7]]},
        {"players": 2, "board": "short", "landed": [[0, "die-one", 7], [0, "die-one", 8]]},
    ],
    ids=["aboard-and-landed", "landed-twice"],
)
def test_position_astronaut_placed_twice(doc):
    with pytest.raises(InvalidState) as info:
        state_from_position(doc)
    assert info.value.clause == "interchange.state"
    assert info.value.message.startswith("player 0's die-one is placed twice")


@pytest.mark.parametrize(
    "doc, needle",
    [
        ("not a mapping", "a position is a mapping"),
        ({}, "a position needs 'players'"),
        ({"players": 100000000}, "MLEM is for 2 to 5 players"),
        ({"players": 2, "crahses": 1}, "unknown key(s) 'crahses'"),
        ({"players": 2, "goals": {"bogus": 1}}, "unknown goal(s) ['bogus']"),
        ({"players": 2, "landed": [[0, "pilot", 7]]}, "unknown astronaut 'pilot'"),
        ({"players": 2, "board": "short", "landed": [[0, "satellite", 99]]}, "space 99 is not on the board (0..13)"),
        ({"players": 2, "board": "short", "landed": [[0, "satellite", 1]]}, "space 1 has nothing to land on"),
        ({"players": 2, "board": "short", "landed": [[0, "satellite", 13]]}, "comet or the galaxy"),
        ({"players": 2, "board": "nope"}, "unknown board 'nope'"),
    ],
    ids=["not-mapping", "no-players", "huge-players", "misspelt-key", "bad-goal", "bad-astronaut", "off-board", "no-site",
         "deep-space-site", "bad-board"],
)
def test_position_malformed(doc, needle):
    with pytest.raises(MalformedInput) as info:
        state_from_position(doc)
    assert needle in info.value.message



def test_position_rejects_an_unknown_phase():
    with pytest.raises((MalformedInput, InvalidState)):
        state_from_position({"players": 2, "board": "short", "phase": "bogus"})



def test_position_rejects_an_unknown_option_value():
    with pytest.raises((MalformedInput, InvalidState)):
        state_from_position({"players": 2, "board": "short", "options": {"dice_selection": "bogus"}})


@pytest.mark.parametrize("phase, section", [
    ("exploration-setup", "exploration"), ("mission-deal", "missions"), ("arrival", "ufo"),
])
def test_a_chance_phase_with_an_empty_pile_is_not_a_state(phase, section):
    """A draw from an empty pile has no outcome: such a state is refused, never a crash."""
    import copy

    variants = ("exploration", "missions", "ufo")
    state = mlem.initial_state(mlem.Setup(3, mlem.load_board("short"), options=mlem.Options(variants=variants),
                                          tokens=mlem.load_tokens("short")))
    doc = copy.deepcopy(state_to_json(state))
    doc["phase"] = phase
    doc[section]["pile"] = []
    with pytest.raises(InvalidState) as info:
        state_from_json(doc)
    assert info.value.clause == "interchange.state"
