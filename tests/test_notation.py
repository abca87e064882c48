"""The one MLEM notation (``games/mlem/notation.py``) that ``referee play`` and ``referee explain`` speak.

Short actions: what :func:`action_text` writes, :func:`parse_action` reads back, for every legal
action of random games (base games, and games with all three variants); both the ``play`` and
the ``explain`` spellings are read; bad entries give a one-line InvalidNotation (a ValueError)
naming the bad token, with the text and the column where it starts.
Events: one sentence for every event type of ``schemas/mlem/event.schema.json``; the hidden
missions are left out of the sentences an observer may not see.
"""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import pytest

from tabletop_referee.errors import IllegalAction, InvalidNotation
from tabletop_referee.games import mlem
from tabletop_referee.games.mlem.engine import play_text
from tabletop_referee.games.mlem.model import (
    ABILITIES,
    EXPLORATION_EFFECTS,
    FACES,
    OPTION_VALUES,
    OPTION_VARIANT,
    VARIANTS,
    ArrivalToken,
    Discard,
    Draw,
    ExplorationToken,
    MissionToken,
    Reroll,
    TokenSet,
    event,
)
from tabletop_referee.games.mlem.notation import TABLE, action_text, describe_event, event_line, parse_action
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
    (Draw("E07"), "draw E07"),
    (Discard(1, "M04"), "discard M04"),
    (Reroll(0), "reroll"),
    (mlem.Move(0, (), (), "extra-face"), "move extra-face"),
    (mlem.Move(0, ("3", "2"), (), "keep-dice"), "move 2+3 keep-dice"),
    (mlem.Move(2, ("1",), (2,), "keep-dice"), "move 1 die-one:2 keep-dice"),
])
def test_canonical_short_form(action, text):
    assert action_text(action) == text


def test_show_player_appends_the_player_but_not_to_a_roll():
    assert action_text(mlem.Move(2, ("4",)), show_player=True) == "move 4 player:2"
    assert action_text(mlem.Stay(0), show_player=True) == "stay player:0"
    assert action_text(mlem.Roll(("1",)), show_player=True) == "roll 1"
    assert action_text(Draw("A01"), show_player=True) == "draw A01"
    assert action_text(Reroll(1), show_player=True) == "reroll player:1"
    assert action_text(Discard(3, "M01"), show_player=True) == "discard M01 player:3"


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
        yield from playout(mlem.GAME, setup, rng)


def variant_tokens(board: mlem.Board, seed: int, arrivals: int = 14) -> TokenSet:
    """A token set that fits ``board`` (made up, like tests/strategies.py's): 20 exploration
    tokens on few spaces (so they collide), 20 missions, ``arrivals`` arrival tokens."""
    rng = random.Random(seed)
    end = board.end
    sites = [i for i, s in enumerate(board.spaces) if s.has_site]
    exploration = []
    for i in range(20):
        effect = EXPLORATION_EFFECTS[i % 3]
        points = rng.randint(1, 3) if effect == "points" else 0
        exploration.append(ExplorationToken(f"E{i + 1:02}", rng.randint(max(1, end - 8), end - 1), effect, points))
    missions = [MissionToken(f"M{i + 1:02}", rng.choice(sites)) for i in range(20)]
    tokens = []
    for i in range(arrivals):
        ability = ABILITIES[i % 3]
        face = rng.choice(FACES) if ability == "extra-face" else None
        tokens.append(ArrivalToken(f"A{i + 1:02}", rng.randint(0, 3), rng.randint(4, 6), ability, face))
    return TokenSet(f"test-{seed}", tuple(exploration), tuple(missions), tuple(tokens), end - 2)


def variant_games(count: int = 20, seed: int = 8):
    """Random games with all three variants on, the variant options varied from game to game
    (and few arrival tokens in some, so that they run out)."""
    rng = random.Random(seed)
    variant_options = [k for k in OPTION_VALUES if k in OPTION_VARIANT]
    for game in range(count):
        values = {k: OPTION_VALUES[k][(game >> (i % 4)) % 2] for i, k in enumerate(variant_options)}
        values["arrivals_exhausted"] = OPTION_VALUES["arrivals_exhausted"][game % 2]
        options = mlem.Options(variants=VARIANTS, **values)
        board = (SHORT, STANDARD)[game % 2]
        tokens = variant_tokens(board, game, arrivals=(4, 14)[game // 2 % 2])
        setup = mlem.Setup(players=2 + game % 4, board=board, options=options, start_player=game % 2,
                           tokens=tokens)
        yield from playout(mlem.GAME, setup, rng)


def _known_ids(state) -> list[str]:
    """Every token id of the state (as play and explain pass them to parse_action)."""
    ids = []
    for section in (state.exploration, state.missions, state.ufo):
        if section is not None:
            ids += [t.id for t in section.pile]
    if state.missions is not None:
        ids += [t.id for hand in state.missions.hands for t in hand]
    return ids


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


def test_every_legal_action_of_variant_games_reads_back_from_its_short_form():
    seen = set()
    states = 0
    for state, _action, _t in variant_games():
        states += 1
        actor = mlem.current_actor(state)
        player = actor if isinstance(actor, int) else 0
        other = (player + 1) % state.players
        ids = _known_ids(state)
        texts = []
        for a in mlem.legal_actions(state):
            text = action_text(a)
            texts.append(text)
            assert parse_action(text, player) == a, text
            assert parse_action(text.lower(), player, tokens=ids) == a, text
            assert parse_action(text.upper(), player, tokens=ids) == a, text
            if a.type not in ("roll", "draw"):
                assert parse_action(action_text(a, show_player=True), other) == a
                assert parse_action(f"player:{a.player} {text}", other) == a
            kind = a.type
            if kind == "move":
                kind += " die-one" * bool(a.die_one) + (f" {a.ability}" if a.ability else "")
            seen.add(kind)
        assert len(set(texts)) == len(texts), texts
    assert states > 1000
    assert seen >= {"embark", "roll", "move", "move die-one", "land", "stay", "draw", "discard", "reroll",
                    "move extra-face", "move keep-dice", "move die-one keep-dice"}


@pytest.mark.parametrize("text, action", [
    ("draw E07", Draw("E07")),
    ("DRAW e07", Draw("e07")),        # no ids known: kept as written
    ("discard M04", Discard(1, "M04")),
    ("discard M04 player:2", Discard(2, "M04")),
    ("reroll", Reroll(1)),
    ("player:0 reroll", Reroll(0)),
    ("move extra-face", mlem.Move(1, (), (), "extra-face")),
    ("move extra_face", mlem.Move(1, (), (), "extra-face")),
    ("move 2+3 keep-dice", mlem.Move(1, ("2", "3"), (), "keep-dice")),
    ("Move 3 2 KEEP-DICE", mlem.Move(1, ("2", "3"), (), "keep-dice")),
    ("move 1 die-one:0 keep-dice", mlem.Move(1, ("1",), (0,), "keep-dice")),
    ("move die-one keep-dice", mlem.Move(1, ("1",), (1,), "keep-dice")),
])
def test_variant_short_forms_are_read(text, action):
    assert parse_action(text, 1) == action


def test_token_ids_are_matched_to_the_known_ids_but_for_case():
    assert parse_action("draw e07", 0, tokens=["E07", "E08"]) == Draw("E07")
    assert parse_action("discard m04", 2, tokens=("M04",)) == Discard(2, "M04")
    # unknown, or ambiguous: as written (the engine names the tokens it knows)
    assert parse_action("draw e09", 0, tokens=["E07"]) == Draw("e09")
    assert parse_action("draw x1", 0, tokens=["X1", "x1"]) == Draw("x1")


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
    ("draw E07 E08", "'E08'"),
    ("draw E07 player:1", "'player:1'"),
    ("draw E0.7", "'E0.7'"),
    ("discard M04 M05", "'M05'"),
    ("reroll 3", "'3'"),
    ("move 2 keep-dice 3", "'3'"),
    ("move 2 keep-dice keep-dice", "'keep-dice'"),
    ("move 1x", "'1x'"),
    ("move extra-face die-one", "die-one"),
])
def test_a_bad_token_is_named_in_one_line(text, token):
    with pytest.raises(InvalidNotation) as info:
        parse_action(text, 0)
    message = str(info.value)
    assert token in message and "\n" not in message
    assert info.value.text == text
    assert info.value.clause == "interchange.notation"  # the input format, as interchange.schema
    word = token.strip("'").lower()
    assert text.lower()[info.value.column:].startswith(word), (info.value.column, word)


@pytest.mark.parametrize("text, message", [
    ("", "an empty action"),
    ("   ", "an empty action"),
    ("roll", "roll needs the faces"),
    ("move", "move needs the groups"),
    ("embark", "embark needs an astronaut"),
    ("land", "land needs a space number"),
    ("draw", "draw needs a token id"),
    ("discard", "discard needs a token id"),
    ("move keep-dice", "move needs the groups"),
])
def test_a_missing_part_is_said(text, message):
    with pytest.raises(InvalidNotation, match=message) as info:
        parse_action(text, 0)
    assert info.value.text == text and isinstance(info.value, ValueError)


def test_the_column_is_that_of_the_bad_word_not_of_an_earlier_same_word():
    with pytest.raises(InvalidNotation) as info:
        parse_action("move 2+2", 0)
    assert info.value.column == 7


def test_play_text_reads_for_the_player_to_act_and_applies():
    state = mlem.initial_state(mlem.Setup(players=2, board=mlem.load_board("standard")))
    t = play_text(state, "embark satellite")
    assert t == mlem.apply(state, mlem.Embark(0, "satellite"))
    t = play_text(t.state, "Embark Die_One")
    assert t.state.rocket.seats[1] == mlem.model.Seat(1, "die-one")
    with pytest.raises(InvalidNotation):
        play_text(t.state, "roll 1,9")
    with pytest.raises(IllegalAction) as info:
        play_text(t.state, "stay")
    assert (info.value.clause, info.value.phase, info.value.action) == ("turn.phase", "roll", mlem.Stay(0))


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
    "points-doubled": (event("points-doubled", "power.moon-double", player=1, astronaut="moon-double", space=7,
                             points=12),
                       "player 1's moon-double doubles its points on space 7: 12"),
    "planet-tie-broken": (event("planet-tie-broken", "scoring.planet-ties", planet="P1", players=(1, 0),
                                astronauts=2),
                          "planet P1: player 1 and player 0 have 2 astronauts each; the earlier arrival ranks "
                          "first, in that order"),
    "planet-scored": (event("planet-scored", "scoring.planets", player=1, planet="P1", rank=2, astronauts=1,
                            points=3),
                      "planet P1: player 1 takes silver with 1 astronaut, 3 points"),
    "final-scores": (event("final-scores", "scoring.winner",
                           scores=({"moons": 4, "planets": 6, "deep_space": 0, "goals": 0, "total": 10},
                                   {"moons": 9, "planets": 3, "deep_space": 7, "goals": 5, "total": 24}),
                           winners=(1,)),
                     "final scores: player 0 10; player 1 24; player 1 wins"),
    # the variants
    "token-revealed": (event("token-revealed", "exploration.setup", token="E07", space=12),
                       "exploration token E07 is revealed and placed on space 12"),
    "token-set-aside": (event("token-set-aside", "exploration.collision", token="E08", space=12),
                        "exploration token E08 belongs on space 12, which already holds one: it is set aside "
                        "and another is drawn"),
    "exploration-triggered": (event("exploration-triggered", "exploration.trigger", player=1, token="E15", space=9,
                                    effect="tunnel"),
                              "the rocket stops on space 9: exploration token E15 (tunnel) takes effect for the "
                              "commander, player 1"),
    "exploration-points": (event("exploration-points", "exploration.points", player=1, token="E01", points=2),
                           "player 1 takes exploration token E01, worth 2 points"),
    "die-reused": (event("die-reused", "exploration.dice-reuse", player=0, dice=5),
                   "one removed die comes back: 5 dice available"),
    "dice-reuse-wasted": (event("dice-reuse-wasted", "exploration.dice-reuse", player=0, dice=6),
                          "all dice are already present (6): the dice-reuse token gives nothing"),
    "tunnel": (event("tunnel", "exploration.tunnel", **{"from": 5}, to=9),
               "the tunnel jumps the rocket from space 5 to space 9"),
    "tunnel-blocked": (event("tunnel-blocked", "exploration.tunnel-past-end", **{"from": 11}),
                       "the tunnel on space 11 would pass the end of the track: the rocket does not move"),
    "mission-dealt": (event("mission-dealt", "missions.deal", player=2, token="M04"),
                      "player 2 is dealt mission M04"),
    "mission-discarded": (event("mission-discarded", "missions.discard", player=2, token="M04"),
                          "player 2 discards mission M04 and keeps the other three"),
    "arrival-revealed": (event("arrival-revealed", "ufo.arrival", token="A03", ufo_move=3, dice=4),
                         "arrival token A03 is revealed: the UFO moves 3 toward Earth, 4 dice this expedition"),
    "ufo-moved": (event("ufo-moved", "ufo.movement", **{"from": 13}, to=10),
                  "the UFO moves from space 13 to space 10"),
    "arrivals-reshuffled": (event("arrivals-reshuffled", "ufo.arrivals-exhausted", count=14),
                            "the arrival tokens are used up: the 14 used ones become the face-down pile again"),
    "no-arrival": (event("no-arrival", "ufo.arrivals-exhausted", expedition=15),
                   "no arrival token is left: 6 dice, the UFO stays where it is, and no ability this expedition"),
    "ability-used": (event("ability-used", "ufo.keep-dice", player=0, ability="keep-dice"),
                     "player 0 uses the arrival token's keep-dice ability (once per expedition)"),
    "ufo-encountered": (event("ufo-encountered", "ufo.encounter", space=9, player=0),
                        "the rocket meets the UFO on space 9 (commander: player 0)"),
    "ufo-token-taken": (event("ufo-token-taken", "ufo.tokens", player=1, value=5),
                        "player 1 takes the UFO token 5"),
    "ufo-returned": (event("ufo-returned", "ufo.after-encounter", **{"from": 9}, to=13),
                     "the UFO goes back from space 9 to its home, space 13"),
}


def test_every_event_type_of_the_schema_has_a_sentence():
    from tabletop_referee.games.mlem.interchange import event_to_json
    from tabletop_referee.schemas import validation_errors

    assert sorted(EXAMPLES) == sorted(EVENT_TYPES)
    for kind, (e, sentence) in EXAMPLES.items():
        assert validation_errors("mlem", "event", event_to_json(e)) == [], kind  # the examples are real events
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
    tunnel = event("tunnel", "exploration.tunnel-past-end", **{"from": 11}, to=SHORT.end)
    assert describe_event(tunnel, SHORT).endswith(f"to space {SHORT.end} (deep space)")
    extra = event("moved", "ufo.extra-face", player=0, faces=("3",), die_one=(), **{"from": 2}, to=5, distance=3)
    assert describe_event(extra, SHORT) == "player 0 moves with the arrival token's extra face 3: 3 from space 2 to space 5"


def test_an_observer_does_not_read_the_missions_of_others():
    dealt = event("mission-dealt", "missions.deal", player=2, token="M04")
    gone = event("mission-discarded", "missions.discard", player=2, token="M04")
    for e in (dealt, gone):
        assert "M04" in describe_event(e, SHORT)            # the omniscient view (logs, explain)
        assert "M04" in describe_event(e, SHORT, observer=2)
        for observer in (0, 1, TABLE):
            sentence = describe_event(e, SHORT, observer=observer)
            assert "M04" not in sentence and "player 2" in sentence
            assert event_line(e, SHORT, observer=observer) == f"{sentence} [{e.clause}]"
    # other events read the same to everyone
    points = EXAMPLES["exploration-points"][0]
    assert describe_event(points, SHORT, observer=TABLE) == describe_event(points, SHORT)


def test_every_event_of_random_games_has_its_own_sentence():
    kinds = set()
    for state, _action, t in itertools.chain(_games(), variant_games()):
        for e in t.events:
            sentence = describe_event(e, state.board)
            assert sentence and "\n" not in sentence
            assert not sentence.startswith(f"{e.type} {{"), sentence  # not the fallback for unknown types
            assert event_line(e, state.board) == f"{sentence} [{e.clause}]"
            kinds.add(e.type)
    assert kinds == set(EVENT_TYPES), set(EVENT_TYPES) - kinds


def test_an_unknown_event_type_still_reads():
    assert describe_event(event("warp", "x.y", speed=9), SHORT) == 'warp {"speed": 9}'
