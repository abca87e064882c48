"""JSON interchange, notation, positions and schemas of Celestia."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from tabletop_referee.errors import InvalidNotation, InvalidState, MalformedInput
from tabletop_referee.games import GAMES, load
from tabletop_referee.games.celestia import GAME, Meet, Play, Reroll, Roll, Stay, Treasure
from tabletop_referee.games.celestia.interchange import load_treasures, treasures_to_json
from tabletop_referee.games.celestia.model import Options
from tabletop_referee.games.roles import GameKit
from tabletop_referee.schemas import schema_root, validation_errors

from .helpers import pos


def test_registered_and_implements_the_interface():
    assert GAMES["celestia"] == "Celestia"
    assert load("celestia") is GAME
    assert isinstance(GAME, GameKit)
    names = {o.name for o in GAME.info.options}
    assert {"end_timing", "jetpack_timing", "power_players", "gust", "city_dice"} <= names
    assert GAME.info.players == (2, 6)


def test_schema_ids():
    for name in ("common", "setup", "state", "action", "event", "observation"):
        doc = json.loads((schema_root() / "celestia" / f"{name}.schema.json").read_text())
        assert doc["$id"] == f"https://tabletop-referee.dev/schemas/celestia/v1/{name}.schema.json"
        assert doc["$schema"] == "https://json-schema.org/draft/2020-12/schema"


class TestSetupJson:
    def test_round_trip_default(self):
        setup = GAME.core.make_setup(5, {"end_timing": "immediate"}, first_captain=3)
        doc = GAME.setup_to_json(setup)
        assert "treasures" not in doc and "deck" not in doc
        assert validation_errors("celestia", "setup", doc) == []
        assert GAME.setup_from_json(doc) == setup
        assert GAME.setup_from_json({"players": 5, "first_captain": 3,
                                     "options": {"end_timing": "immediate"}}) == setup

    def test_inline_data_round_trip(self):
        base = GAME.core.make_setup(3)
        t = base.treasures
        cities = tuple(replace(c, treasures=c.treasures[:3]) for c in t.cities)
        setup = replace(base, treasures=replace(t, id="short", cities=cities))
        doc = GAME.setup_to_json(setup)
        assert doc["treasures"]["id"] == "short"
        assert GAME.setup_from_json(json.loads(json.dumps(doc))) == setup

    def test_player_count_refused_by_the_rules(self):
        from tabletop_referee.errors import IllegalAction

        setup = GAME.setup_from_json({"players": 7})
        with pytest.raises(IllegalAction) as info:
            GAME.initial_state(setup)
        assert info.value.clause == "setup.players"

    @pytest.mark.parametrize("doc, path", [
        ({"players": "four"}, "$.players"),
        ({"players": 4, "options": {"end_timing": "never"}}, "$.options.end_timing"),
        ({"players": 4, "options": {"colour": "red"}}, "$.options"),
        ({"players": 4, "options": {"city_dice": [5]}}, "$.options.city_dice[0]"),
        ({}, "$"),
    ])
    def test_malformed(self, doc, path):
        with pytest.raises(MalformedInput) as info:
            GAME.setup_from_json(doc)
        assert info.value.path == path


class TestStateJson:
    def test_observation_reads_back(self):
        from tabletop_referee.games.celestia.interchange import observation_from_json

        s = pos(hands={0: ["compass"], 1: ["turbo", "gust"]}, roll=["fog"])
        doc = GAME.interchange.observation_to_json(s, 1)
        obs, who = observation_from_json(doc)
        assert who == 1 and obs == GAME.observe(s, 1)

    def test_malformed_state(self):
        doc = GAME.state_to_json(pos())
        del doc["captain"]
        with pytest.raises(MalformedInput):
            GAME.state_from_json(doc)
        doc = GAME.state_to_json(pos())
        doc["hands"][0] = ["banana"]
        with pytest.raises(MalformedInput) as info:
            GAME.state_from_json(doc)
        assert info.value.path.startswith("$.hands[0]")
        doc = GAME.state_to_json(pos())
        doc["city"] = 3
        with pytest.raises(MalformedInput) as info:
            GAME.state_from_json(doc)
        assert info.value.path == "$.city"

    def test_state_problems(self):
        s = pos(hands={0: ["compass"]})
        assert GAME.rules.state_problems(s) == []
        assert any("not conserved" in p for p in GAME.rules.state_problems(replace(s, hands=((("compass", "compass"),) + s.hands[1:]))))
        assert any("captain is not aboard" in p for p in GAME.rules.state_problems(replace(s, aboard=(1, 2, 3))))
        assert any("treasure of" in p for p in GAME.rules.state_problems(replace(s, won=(((0, "25"),),) + s.won[1:])))
        assert any("first_to_target" in p for p in GAME.rules.state_problems(replace(s, first_to_target=2)))
        assert GAME.rules.state_problems(GAME.observe(s, 0))  # an observation is not a state


class TestActionsAndEvents:
    @pytest.mark.parametrize("action, text", [
        (Stay(2), "stay"),
        (Play(1, "ejection", target=3), "play ejection 3"),
        (Play(1, "alternative-route", die="bird"), "play alternative-route bird"),
        (Meet(0, ("compass", "turbo")), "meet compass turbo"),
        (Meet(0, ()), "meet"),
        (Roll(("fog", "blank", "blank")), "roll fog blank blank"),
        (Reroll(("pirates",)), "reroll pirates"),
        (Treasure("telescope"), "treasure telescope"),
    ])
    def test_notation_and_json_round_trip(self, action, text):
        assert GAME.notation.action_text(action) == text
        player = getattr(action, "player", None)
        assert GAME.notation.parse_action(text, None, player) == action
        doc = GAME.action_to_json(action)
        assert validation_errors("celestia", "action", doc) == []
        assert GAME.action_from_json(doc) == action

    def test_player_prefix_and_case(self):
        assert GAME.notation.parse_action("STAY player:3", None) == Stay(3)
        assert GAME.notation.parse_action("meet Turbo Compass", None, 0) == Meet(0, ("compass", "turbo"))

    @pytest.mark.parametrize("text", ["", "jump", "play", "play banana", "roll purple",
                                      "stay 3", "treasure", "play ejection two", "stay player:x"])
    def test_malformed_notation(self, text):
        with pytest.raises(InvalidNotation):
            GAME.notation.parse_action(text, None, 0)

    def test_action_schema_rejects(self):
        assert validation_errors("celestia", "action", {"type": "stay"})
        with pytest.raises(MalformedInput):
            GAME.action_from_json({"type": "play", "player": 0, "card": "ejection", "colour": 1})


class TestPositions:
    def test_defaults(self):
        s = pos(roll=["fog"], captain=1)
        assert s.phase == "decide" and s.cursor == 2 and s.journey == 1
        assert len(s.deck) == 84
        assert pos().phase == "roll"

    def test_refused(self):
        with pytest.raises(MalformedInput):
            pos(colour="red")
        with pytest.raises(MalformedInput):
            pos(city=3)
        with pytest.raises(InvalidState):
            pos(hands={0: ["jetpack"] * 3})

    def test_default_city_dice_are_the_data(self):
        from tabletop_referee.games.celestia.interchange import city_dice_data

        assert Options().city_dice == city_dice_data()

    def test_data_is_loaded_by_interchange(self):
        t = load_treasures(Options())
        assert [c.id for c in t.cities] == [1, 2, 4, 6, 9, 12, 15, 20, 25]
        assert [c.dice for c in t.cities] == [2, 2, 2, 3, 3, 3, 4, 4, 4]
        assert treasures_to_json(t)["points"]["25"] == 25
