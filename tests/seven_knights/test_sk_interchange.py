"""Interchange, notation, positions and perft of Seven Knights Bewitched."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from sk_helpers import GAME, act, final_state, position

from tabletop_referee.errors import IllegalAction, InvalidNotation, InvalidState, MalformedInput
from tabletop_referee.games.seven_knights import answer_could_be, interchange
from tabletop_referee.games.seven_knights.model import Ask, Deal

SPEC = Path(__file__).resolve().parents[2] / "spec" / "seven-knights"


def test_setup_documents_fill_in_defaults_and_tile_data():
    s = GAME.setup_from_json({"players": 5})
    assert s.first_player == 0 and s.options.variant == "standard"
    assert s.tiles == interchange.load_tiles(5)
    with pytest.raises(MalformedInput):
        GAME.setup_from_json({"players": 5, "options": {"variant": "expert"}})
    with pytest.raises(MalformedInput):
        GAME.setup_from_json({"players": 5, "colour": "red"})


@pytest.mark.parametrize("doc", [
    {"type": "inspect", "player": 0},
    {"type": "inspect", "player": 0, "tile": "x1"},
    {"type": "answer", "player": 0, "yes": "maybe"},
    {"type": "deal", "values": ["Q"]},
    {"type": "fly", "player": 0},
    [],
])
def test_malformed_actions(doc):
    with pytest.raises(MalformedInput):
        GAME.action_from_json(doc)


def test_ask_documents_may_leave_out_the_form_they_do_not_use():
    a = GAME.action_from_json({"type": "ask", "player": 0, "answerer": 2, "tiles": ["c0"],
                               "numbers": [1, 2]})
    assert a == Ask(0, 2, (8,), (1, 2), "")
    assert GAME.action_to_json(a)["expression"] == ""


def test_state_problems_catch_tampering():
    s = position(players=4, deal=[3, 1, "W", 2, 4], inspections=[1, "c0", 0, 2],
                 questions=["ask 1 1,2,3 on c0 -> no"])
    assert GAME.rules.state_problems(s) == []
    doc = GAME.state_to_json(s)
    lie = dict(doc, questions=[dict(doc["questions"][0], answer=True)])
    with pytest.raises(InvalidState) as exc:
        GAME.state_from_json(lie)
    assert "answer.knights-truthful" in exc.value.message
    own = dict(doc, inspections=[{"player": 0, "tile": 0}] + doc["inspections"][1:])
    assert interchange.state_problems(interchange.state_from_json(own, check=False))
    scores = dict(doc, scores=[2, 0, 0, 0])
    assert interchange.state_problems(interchange.state_from_json(scores, check=False))
    masked = GAME.interchange.observation_to_json(s, 0)
    assert interchange.state_problems(interchange.state_from_json(masked, check=False))


def test_observation_documents_read_back():
    s = final_state(2)
    for p in range(s.players):
        doc = GAME.interchange.observation_to_json(s, p)
        assert interchange.state_from_json(doc, check=False) == GAME.observe(s, p)
    with pytest.raises(IllegalAction):
        GAME.interchange.observation_to_json(s, s.players)


@pytest.mark.parametrize("text", ["", "dance", "inspect", "inspect x", "answer maybe",
                                  "ask 2", "ask two 1,2", "ask 2 1,9", "deal 1,2,Q",
                                  'ask 2 "A<B', "recommend", "arrange"])
def test_bad_notation(text):
    with pytest.raises(InvalidNotation) as info:
        GAME.notation.parse_action(text, None, 0)
    assert info.value.text == text


def test_notation_examples():
    s = position(players=4, deal=[3, 1, "W", 2, 4], inspections=[1, "c0", 0, 2])
    assert GAME.notation.parse_action("ask 3 1,2,4", s) == Ask(0, 3, (3,), (1, 2, 4))
    assert GAME.notation.parse_action('ask 3 "A+B=5"', s) == Ask(0, 3, (2, 3), (), "A+B=5")
    assert GAME.notation.action_text(Ask(0, 3, (2, 3), (), "A+B=5")) == 'ask 3 "A+B=5" on 2,3'
    assert GAME.notation.parse_action("deal 3,1,w,2,4", None) == Deal((3, 1, 0, 2, 4))
    assert GAME.notation.action_text(Deal((3, 1, 0, 2, 4))) == "deal 3,1,W,2,4"
    with pytest.raises(InvalidNotation):
        GAME.notation.parse_action("recommend 1", position(players=4, deal=[3, 1, "W", 2, 4],
                                                  inspections=[1, "c0", 0, 2],
                                                  questions=["ask 1 4 on c0 -> yes",
                                                             "ask 2 3 on 0 -> yes",
                                                             "ask 3 2 -> yes",
                                                             "ask 0 3 -> yes"]))


def test_position_can_ask_could_x_have_answered_no():
    s = GAME.positions.position_to_state(yaml.safe_load("""
        players: 4
        deal: [3, 1, W, 2, 4]
        inspections: [1, c0, 0, 2]
        questions: [ask 1 4 on c0]
    """))
    assert s.phase == "answer"
    ok, clause, facts = answer_could_be(s, 1, False)
    assert not ok and clause == "answer.knights-truthful"
    assert ("tile centre tile c0", 4) in facts and ("team", "knights") in facts
    with pytest.raises(IllegalAction):
        act(s, "answer no")
    with pytest.raises(MalformedInput):
        GAME.positions.position_to_state({"players": 4, "dice": 3})


# -- perft ----------------------------------------------------------------------------------


def perft(state, depth, pins, used):
    while GAME.actors(state) == ("chance",):
        pinned = GAME.rules.pinned_chance(state, pins, used)
        if pinned is None:
            return 1
        key, action = pinned
        used = {**used, key: used.get(key, 0) + 1}
        state = GAME.apply(state, action).state
    if depth == 0 or GAME.is_over(state):
        return 1
    return sum(perft(GAME.apply(state, a).state, depth - 1, pins, used)
               for a in GAME.legal_actions(state))


def test_perft_entries_count_what_the_rules_allow():
    entries = yaml.safe_load((SPEC / "perft.yaml").read_text(encoding="utf-8"))
    assert len(entries) == 2
    counts = {}
    for e in entries:
        state = GAME.initial_state(GAME.setup_from_json(e["setup"]))
        counts[e["id"]] = perft(state, e["depth"], e["pins"], {})
    # 4 players, 5 tiles: each inspects one of the 4 tiles not their own
    assert counts["seven-knights-perft-0001"] == 4 ** 4
    # darkness, 3 players: lap 1 two player tiles each, lap 2 three centre tiles each, then
    # player 1 (first) asks: 126 number sets per tile unknown to them that the answerer knows
    # plus the two-tile templates
    state = GAME.initial_state(GAME.setup_from_json(entries[1]["setup"]))
    state = GAME.apply(state, GAME.rules.pinned_chance(state, entries[1]["pins"], {})[1]).state
    first_question = 0
    for path in _inspection_paths(state, 6):
        first_question += len(GAME.legal_actions(path))
    assert counts["seven-knights-perft-0002"] == first_question
    assert 2 ** 3 * 3 ** 3 == len(list(_inspection_paths(state, 6)))


def _inspection_paths(state, depth):
    if depth == 0:
        yield state
        return
    for a in GAME.legal_actions(state):
        yield from _inspection_paths(GAME.apply(state, a).state, depth - 1)


def test_state_problems_accept_every_phase_of_a_scripted_round():
    doc = dict(players=4, deal=[3, 1, "W", 2, 4], inspections=[1, "c0", 0, 2],
               questions=["ask 1 1,2,3 on c0 -> no", "ask 2 1,2 on 2 -> yes",
                          "ask 3 2 -> yes", "ask 0 1 on 0 -> no"])
    for extra in ({}, {"recommendations": [0, None, 0, 0]}, {"recommendations": [0, 0, 0, 0]},
                  {"recommendations": [0, 0, 0, 0], "actions": ["skip"]},
                  {"recommendations": [0, 0, 0, 0], "actions": ["ask 3 2"]},
                  {"recommendations": [0, 0, 0, 0], "actions": ["skip", "arrange 1,3,0,c0"]}):
        s = position(**doc, **extra)
        assert GAME.rules.state_problems(s) == [], (extra, s.phase)
        assert GAME.state_from_json(GAME.state_to_json(s)) == s
