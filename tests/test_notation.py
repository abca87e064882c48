"""The one MLEM notation (``games/mlem/notation.py``) that ``referee play`` and ``referee explain`` speak.

Short actions: what :func:`action_text` writes, :func:`parse_action` reads back, for every legal
action of random games; both the ``play`` and the ``explain`` spellings are read; bad entries
give a one-line ValueError naming the bad token. Events: one sentence for every event type of
``schemas/mlem/event.schema.json``.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tabletop_referee.games import mlem
from tabletop_referee.games.mlem.model import event
from tabletop_referee.games.mlem.notation import action_text, describe_event, event_line, parse_action
from tabletop_referee.sampler import playout

EVENT_SCHEMA = Path(__file__).resolve().parents[1] / "schemas" / "mlem" / "event.schema.json"
EVENT_TYPES = json.loads(EVENT_SCHEMA.read_text(encoding="utf-8"))["properties"]["type"]["enum"]
SHORT = mlem.load_board("short")
STANDARD = mlem.load_board("standard")


# -- action_text ----------------------------------------------------------------------------------


@pytest.mark.parametrize("action, text", [
    (mlem.Embark(0, "satellite"), "embark satellite"),
    (mlem.Embark(2, "deep-space-double"), "embark deep-space-double"),
    (mlem.Roll(("1", "2", "2", "afterburner")), "roll 1,2,2,afterburner"),
    (mlem.Roll(("afterburner", "4", "1")), "roll 1,4,afterburner"),  # canonical face order
    (mlem.Move(0, ("2", "afterburner")), "move 2+afterburner"),
    (mlem.Move(0, ("afterburner", "2")), "move 2+afterburner"),
    (mlem.Move(1, ("1",), (0, 2)), "move 1 die-one:0,2"),
    (mlem.Move(1, ("1", "3"), (2, 0)), "move 1+3 die-one:0,2"),
    (mlem.Land(0, 7), "land 7"),
    (mlem.Stay(3), "stay"),
])
def test_canonical_short_form(action, text):
    assert action_text(action) == text


def test_show_player_appends_the_player_but_not_to_a_roll():
    assert action_text(mlem.Move(2, ("4",)), show_player=True) == "move 4 player:2"
    assert action_text(mlem.Stay(0), show_player=True) == "stay player:0"
    assert action_text(mlem.Roll(("1",)), show_player=True) == "roll 1"


# -- round trip -----------------------------------------------------------------------------------


def _games():
    """Random games over both boards, every rule option, 2 to 5 players."""
    rng = random.Random(2024)
    for game in range(8):
        options = mlem.Options(
            dice_selection=("groups", "single-group")[game % 2],
            die_one_rescue=game % 3 != 0,
            game_end=("end-of-expedition", "immediate")[game // 4 % 2],
        )
        board = (SHORT, STANDARD)[game // 2 % 2]
        setup = mlem.Setup(players=2 + game % 4, board=board, options=options, start_player=game % 2)
        yield from playout(setup, rng)


def test_every_legal_action_of_random_games_reads_back_from_its_short_form():
    seen = set()
    states = 0
    for state, _action, _t in _games():
        states += 1
        actor = mlem.current_actor(state)
        player = actor if isinstance(actor, int) else 0
        other = (player + 1) % state.players
        texts = []
        for a in mlem.legal_actions(state):
            text = action_text(a)
            texts.append(text)
            assert parse_action(text, player) == a, text
            assert parse_action(text.upper(), player) == a, text
            if a.type != "roll":
                # on behalf of the actor while someone else is the default
                assert parse_action(action_text(a, show_player=True), other) == a
                assert parse_action(f"player:{a.player} {text}", other) == a
            seen.add(a.type + (" die-one" if getattr(a, "die_one", ()) else ""))
        assert len(set(texts)) == len(texts), texts  # numbered choices are told apart
    assert states > 200
    assert seen == {"embark", "roll", "move", "move die-one", "land", "stay"}


# -- both syntaxes ----------------------------------------------------------------------------------


@pytest.mark.parametrize("text, action", [
    # as referee play wrote them
    ("move 1 die-one 0,2", mlem.Move(1, ("1",), (0, 2))),
    ("Move 2 + A", mlem.Move(1, ("2", "afterburner"))),
    ("move 2+ab", mlem.Move(1, ("2", "afterburner"))),
    ("roll 1 2 2 3 4 afterburner", mlem.Roll(("1", "2", "2", "3", "4", "afterburner"))),
    ("embark satellite", mlem.Embark(1, "satellite")),
    # as referee explain wrote them
    ("move 1 die-one:2", mlem.Move(1, ("1",), (2,))),
    ("move 1 die-one:2,0", mlem.Move(1, ("1",), (0, 2))),
    ("move 1 die-one:2, 0", mlem.Move(1, ("1",), (0, 2))),
    ("move die-one", mlem.Move(1, ("1",), (1,))),
    ("move 1+2 die-one", mlem.Move(1, ("1", "2"), (1,))),
    ("move 2 player:0", mlem.Move(0, ("2",))),
    ("roll 1,2,2,3", mlem.Roll(("1", "2", "2", "3"))),
    ("roll 4, 3, AB", mlem.Roll(("3", "4", "afterburner"))),
    ("STAY player:2", mlem.Stay(2)),
    ("embark Deep_Space_Double", mlem.Embark(1, "deep-space-double")),
    # the union
    ("move 2 a", mlem.Move(1, ("2", "afterburner"))),
    ("move afterburner + 2", mlem.Move(1, ("2", "afterburner"))),
    ("move 1 die_one 2", mlem.Move(1, ("1",), (2,))),
    ("player:3 move 1 die-one:", mlem.Move(3, ("1",), (3,))),
    ("player=0 land 7", mlem.Land(0, 7)),
    ("  land   12 ", mlem.Land(1, 12)),
])
def test_both_syntaxes_are_read(text, action):
    assert parse_action(text, 1) == action


def test_the_two_die_one_spellings_are_the_same_action():
    forms = ["move 1 die-one 0,2", "move 1 die-one:0,2", "MOVE 1 DIE-ONE 0, 2", "move 1 die-one:0 die-one:2",
             "move 1 die_one:2,0"]
    assert {parse_action(f, 4) for f in forms} == {mlem.Move(4, ("1",), (0, 2))}


def test_land_alone_lands_here_when_the_caller_knows_where():
    assert parse_action("land", 1, here=9) == mlem.Land(1, 9)
    assert parse_action("land 7", 1, here=9) == mlem.Land(1, 7)
    with pytest.raises(ValueError, match="land needs a space number"):
        parse_action("land", 1)


# -- bad entries ----------------------------------------------------------------------------------


@pytest.mark.parametrize("text, token", [
    ("jump", "'jump'"),
    ("fly away", "'fly'"),
    ("land x", "'x'"),
    ("land 7 8", "'8'"),
    ("land 7 die-one", "'die-one'"),
    ("move 2 with 3", "'with'"),
    ("move 1 die-one x", "'x'"),
    ("move 2 die-one:x", "'x'"),
    ("move 2+2", "'2'"),
    ("roll 1,5", "'5'"),
    ("roll 1 die-one", "'die-one'"),
    ("roll 1 player:0", "'player:0'"),
    ("embark cat", "'cat'"),
    ("embark satellite parachute", "'parachute'"),
    ("stay 3", "'3'"),
    ("stay player:x", "'player:x'"),
    ("stay player:1 player:2", "'player:2'"),
    ("player:1", "'player:1'"),
])
def test_a_bad_token_is_named_in_one_line(text, token):
    with pytest.raises(ValueError) as info:
        parse_action(text, 0)
    message = str(info.value)
    assert token in message and "\n" not in message


@pytest.mark.parametrize("text, message", [
    ("", "an empty action"),
    ("   ", "an empty action"),
    ("roll", "roll needs the faces"),
    ("move", "move needs the groups"),
    ("embark", "embark needs an astronaut"),
    ("land", "land needs a space number"),
])
def test_a_missing_part_is_said(text, message):
    with pytest.raises(ValueError, match=message):
        parse_action(text, 0)


# -- events ---------------------------------------------------------------------------------------


EXAMPLES = {
    "boarded": (event("boarded", "takeoff.boarding-order", player=1, astronaut="parachute", seat=1),
                "player 1 boards their parachute astronaut (seat 2)"),
    "rocket-placed": (event("rocket-placed", "power.satellite", space=3),
                      "boarding is complete: the rocket starts on space 3"),
    "rolled": (event("rolled", "travel.roll", faces=("1", "2", "afterburner")), "rolled 1, 2, afterburner"),
    "moved": (event("moved", "travel.distance", player=0, faces=("1",), die_one=(0, 2), **{"from": 7}, to=10,
                    distance=3),
              "player 0 moves with 1 (with the Die-1 of player 0, player 2): 3 from space 7 to space 10"),
    "dice-removed": (event("dice-removed", "travel.remove-dice", count=1, dice=5), "1 die removed, 5 left"),
    "die-restored": (event("die-restored", "travel.last-die", dice=1),
                     "no die would be left: one die stays available (1 left)"),
    "crashed": (event("crashed", "crash.trigger", space=7, crashes=3),
                "no usable die: the rocket crashes on space 7 (crash 3 of 11)"),
    "landed": (event("landed", "landing.moon-slot", player=1, astronaut="moon-double", space=7, site="moon",
                     slot=0, points=6),
               "player 1's moon-double lands on the moon of space 7 (slot 1), 6 points"),
    "stayed": (event("stayed", "landing.optional", player=0), "player 0's astronaut stays aboard"),
    "commander-changed": (event("commander-changed", "landing.commander-change", player=1),
                          "player 1 is now in the front seat: the new commander"),
    "goal-claimed": (event("goal-claimed", "goal.four-moons", player=2, goal="four-moons"),
                     "player 2 claims the goal four-moons (5 points)"),
    "returned-home": (event("returned-home", "crash.return-home", player=0, astronaut="satellite"),
                      "player 0's satellite goes home to their reserve, unscored"),
    "expedition-ended": (event("expedition-ended", "expedition.end", expedition=3, reason="crash",
                               next_start_player=0),
                         "expedition 3 ends (crash); player 0 starts the next one"),
    "game-ended": (event("game-ended", "end.crash-limit", reason="crash-limit"), "the game ends (crash-limit)"),
    "die-one-used": (event("die-one-used", "power.die-one", player=2),
                     "player 2's Die-1 astronaut counts as an extra 1 and is flipped"),
    "no-landing": (event("no-landing", "landing.no-site", space=4),
                   "space 4 has nothing to land on: no landing decisions"),
    "passed-over": (event("passed-over", "landing.full-moon", player=1, astronaut="satellite", space=7),
                    "player 1's satellite has nowhere to land on space 7 and is not asked"),
}


def test_every_event_type_of_the_schema_has_a_sentence():
    assert sorted(EXAMPLES) == sorted(EVENT_TYPES)
    for kind, (e, sentence) in EXAMPLES.items():
        assert describe_event(e, SHORT) == sentence, kind
        assert event_line(e, SHORT) == f"{sentence} [{e.clause}]"


def test_sentences_that_use_the_board():
    planet = next(i for i, s in enumerate(STANDARD.spaces) if s.planet is not None)
    landed = event("landed", "landing.planet", player=0, astronaut="satellite", space=planet, site="planet",
                   slot=None, points=0)
    assert describe_event(landed, STANDARD) == (f"player 0's satellite lands on planet {STANDARD.spaces[planet].planet} "
                                                f"(space {planet}; scored at the end)")
    deep = event("moved", "travel.distance", player=1, faces=("4",), die_one=(), **{"from": 9}, to=SHORT.end,
                 distance=SHORT.end - 9)
    assert describe_event(deep, SHORT).endswith(f"to space {SHORT.end} (deep space)")
    front = event("boarded", "takeoff.boarding-order", player=0, astronaut="satellite", seat=0)
    assert describe_event(front, SHORT) == "player 0 boards their satellite astronaut (the front seat)"


def test_every_event_of_random_games_has_its_own_sentence():
    kinds = set()
    for state, _action, t in _games():
        for e in t.events:
            sentence = describe_event(e, state.board)
            assert sentence and "\n" not in sentence
            assert not sentence.startswith(f"{e.type} {{"), sentence  # not the fallback for unknown types
            assert event_line(e, state.board) == f"{sentence} [{e.clause}]"
            kinds.add(e.type)
    assert kinds == set(EVENT_TYPES), set(EVENT_TYPES) - kinds


def test_an_unknown_event_type_still_reads():
    assert describe_event(event("warp", "x.y", speed=9), SHORT) == 'warp {"speed": 9}'
