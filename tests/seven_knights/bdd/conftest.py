"""The step vocabulary of the Seven Knights Bewitched features (features/seven-knights/*.feature):
the shared steps of tests/bdd_steps.py (rule options, a new game, rejections, malformed
documents, events cited, absent and listed, the phase, the end of the game, the winners) plus
Seven Knights' own phrases below.

Given steps describe a setup (player count, mode, options), a deal and the actions already
taken; the state is built from them at the first When or Then, by playing them through the
game's public surface (the Scene of support.py). When steps play actions; a rejected action is
kept for a Then step to inspect. Then steps read the state, the events, the legal actions and
the observations, all in interchange form. No rule of the game is decided here: every answer
comes from the engine.

Phrases (players are named in seat order, as in every game: Alice 0, Bob 1, Carol 2, Dave 3,
Eve 4, Fay 5, Grace 6, Heidi 7):
  tiles    "Bob's tile", "the centre tile" (the first centre tile), "centre tile 2"; in a
           question "your tile" is the answerer's tile
  values   "3", "the Witch"
  deal     "Alice holds 3, Bob holds the Witch, ... and the centre tile is 4" or "... and the
           centre tiles are 3, the Witch and 7"
  inspections  "Alice at Bob's tile, Bob at the centre tile and Carol at Dave's tile"
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from pytest_bdd import given, parsers, then, when

from tabletop_referee.errors import IllegalAction
from tabletop_referee.games.seven_knights import engine as sk_engine
from tests.bdd_steps import STEPS, then_rejected, when_set_up
from tests.vector_export import tag_mark

from .support import NAMES, Scene, numbers, scene, seat, seats, split_list  # noqa: F401

globals().update(STEPS)  # the shared vocabulary (tests/bdd_steps.py)

NAME = rf"(?:{'|'.join(NAMES)})"
VALUE = r"(?:the Witch|\d)"
CLAUSE = r"[a-z0-9.-]+"


ENGINE_DISAGREES = "engine-disagrees"


def pytest_bdd_apply_tag(tag: str, function):
    """Maps ``@clause:<id>``, ``@option:<name>`` and ``@id:<vector id>`` to pytest marks, and
    ``@engine-disagrees`` (a scenario written from the spec that the reference engine does not
    yet follow; a ``# ENGINE?`` comment says why) to a strict xfail, so it is reported, kept
    out of the vectors, and turns the run red once the engine follows the spec."""
    if tag == ENGINE_DISAGREES:
        reason = "the reference engine disagrees with the spec here (see the # ENGINE? comment)"
        return pytest.mark.xfail(strict=True, reason=reason)(function)
    return tag_mark(tag, function)


# -- phrase helpers (no rules: only names to interchange references) -------------------------


def tile_ref(text: str, answerer: int | None = None) -> int | str:
    """'Bob's tile' -> 1, 'the centre tile' -> 'c0', 'centre tile 2' -> 'c1', 'your tile' ->
    the answerer's seat, 'the centre' -> 'c0'."""
    text = text.strip()
    if text in ("your tile",):
        assert answerer is not None, "'your tile' names the answerer's tile"
        return answerer
    if text in ("the centre tile", "the centre"):
        return "c0"
    m = re.fullmatch(r"(?:the )?centre tile (\d)", text)
    if m:
        return f"c{int(m[1]) - 1}"
    m = re.fullmatch(rf"({NAME})'s tile", text)
    if m:
        return seat(m[1])
    raise ValueError(f"unknown tile {text!r}")


def value_ref(text: str) -> int | str:
    """'the Witch' -> 'W', '3' -> 3."""
    text = text.strip()
    return "W" if text == "the Witch" else int(text)


def tile_pointer(state_doc_root: str, ref: int | str) -> str:
    """The pointer of a tile's value under a state or observation document root."""
    if isinstance(ref, str):
        return f"{state_doc_root}/tiles/centre/{int(ref[1:])}"
    return f"{state_doc_root}/tiles/players/{ref}"


def tile_value(doc: dict, ref: int | str) -> Any:
    if isinstance(ref, str):
        return doc["tiles"]["centre"][int(ref[1:])]
    return doc["tiles"]["players"][ref]


def parse_deal(text: str, n: int) -> dict:
    """The deal action document for 'Alice holds 3, Bob holds the Witch ... and the centre
    tile(s) is/are ...' (players' tiles in seat order, then the centre tiles)."""
    held: dict[int, Any] = {}
    for m in re.finditer(rf"({NAME}) holds ({VALUE})", text):
        held[seat(m[1])] = value_ref(m[2])
    centre: list[Any] = []
    m = re.search(r"the centre tiles? (?:is|are) (.+)$", text)
    if m:
        centre = [value_ref(v) for v in split_list(m[1])]
    assert sorted(held) == list(range(n)), f"the deal must name every player's tile: {text!r}"
    return {"type": "deal", "values": [held[p] for p in range(n)] + centre}


def parse_inspections(text: str) -> list[dict]:
    docs = []
    for part in re.split(rf",\s*(?={NAME} at)|\s+and\s+(?={NAME} at)", text):
        m = re.fullmatch(rf"\s*({NAME}) at (.+?)\s*", part)
        assert m, f"not an inspection: {part!r} (write: Alice at Bob's tile)"
        docs.append({"type": "inspect", "player": seat(m[1]), "tile": tile_ref(m[2])})
    return docs


def parse_bindings(text: str, answerer: int) -> list:
    """'A is your tile, B is Carol's tile and C is centre tile 3' -> tile refs in A, B, C order
    (lower-case a, b, c as well)."""
    found = {}
    for m in re.finditer(r"\b([ABCabc]) is (.+?)(?=,\s*[ABCabc] is |\s+and\s+[ABCabc] is |$)", text):
        found[m[1].upper()] = tile_ref(m[2], answerer)
    return [found[k] for k in sorted(found)]


# -- driving the game -----------------------------------------------------------------------


def state_doc(scene: Scene) -> dict:
    return scene.game.state_to_json(scene.settled())


def observation(scene: Scene, who: int) -> dict:
    return scene.game.interchange.observation_to_json(scene.settled(), who)


def legal_docs(scene: Scene, who: int | None = None) -> list[dict]:
    g = scene.game
    state = scene.settled()
    return [g.action_to_json(a) for a in g.legal_actions(state, who)]


def actors(scene: Scene) -> tuple:
    return tuple(scene.game.actors(scene.settled()))


## Given ------------------------------------------------------------------------------------


def _new_setup(scene: Scene, n: int, mode: str) -> None:
    options = dict(scene.setup_doc.get("options", {}))
    options["variant"] = mode
    first = scene.setup_doc.get("first_player")
    scene.setup_doc = {"players": n, "options": options}
    if first is not None:
        scene.setup_doc["first_player"] = first
    scene.deal = None
    scene.history = []
    scene.state_doc = None


@given(parsers.re(rf"an? (?P<n>\d+)-player (?P<mode>standard|advanced|darkness) game(?: where (?P<deal>.+))?"))
def given_game(scene: Scene, n: str, mode: str, deal: str | None):
    """a N-player <standard|advanced|darkness> game [where <deal>]: a new game (options given
    before it are kept); with a deal, the round-1 deal is played first."""
    _new_setup(scene, int(n), mode)
    if deal:
        scene.deal = parse_deal(deal, int(n))


@given(parsers.re(rf"an? (?P<n>\d+)-player (?P<mode>standard|advanced|darkness) game in round (?P<round>\d), after (?P<rounds>.+)"))
def given_game_in_round(scene: Scene, n: str, mode: str, round: str, rounds: str):
    """a N-player <mode> game in round R, after round 1 was won by the Witch team paying Bob
    and Dave 3 each and round 2 by the Knights paying Alice, Carol and Eve 2 each: the state
    before round R's deal, with those finished rounds on record (checked by the engine's
    state_problems when it is read back)."""
    _new_setup(scene, int(n), mode)
    g = scene.game
    doc = g.state_to_json(g.initial_state(g.setup_from_json(scene.setup_doc)))
    history = []
    pattern = (r"round (?P<r>\d) (?:was won )?by the (?P<side>Witch team|Knights) paying "
               rf"(?P<who>{NAME}(?:(?:, | and ){NAME})*) (?P<pts>\d+) each")
    for m in re.finditer(pattern, rounds):
        points = [0] * int(n)
        for p in seats(m["who"]):
            points[p] = int(m["pts"])
        witch = m["side"] == "Witch team"
        history.append({"round": int(m["r"]), "first_player": doc["first_player"], "captain": 0,
                        "winner": "witch" if witch else "knights", "points": points,
                        "reason": "mistake" if witch else "line"})
    assert [h["round"] for h in history] == list(range(1, int(round))), rounds
    doc["round"] = int(round)
    doc["history"] = history
    doc["scores"] = [sum(h["points"][p] for h in history) for p in range(int(n))]
    scene.state_doc = doc


@given(parsers.re(rf"(?P<name>{NAME}) is the first player"))
def given_first_player(scene: Scene, name: str):
    """<Name> is the first player: of round 1, named by the setup."""
    scene.setup_doc["first_player"] = seat(name)


@given("the first player is drawn by chance")
def given_first_player_by_chance(scene: Scene):
    """the first player is drawn by chance: the setup names no first player (``null``), so the
    game starts with the first-player draw, a chance action."""
    scene.setup_doc["first_player"] = None


@given(parsers.re(r"the tile data is a pool of (?P<pool>.+?) with (?P<centre>\d+) centre tiles?"))
def given_tile_data(scene: Scene, pool: str, centre: str):
    """the tile data is a pool of the Witch, 1, 2 and 3 with 1 centre tile: the setup carries
    this tile data instead of the data of its player count and mode (a setup's ``tiles``);
    written after the game's Given step, which starts a new setup."""
    scene.setup_doc["tiles"] = {"pool": [value_ref(v) for v in split_list(pool)], "centre": int(centre)}


@given("the cooperative game is on")
def given_cooperative(scene: Scene):
    """the cooperative game is on: the option cooperative is true."""
    scene.options()["cooperative"] = True


@given(parsers.re(r"the tiles are dealt: (?P<deal>.+)"))
def given_dealt(scene: Scene, deal: str):
    """the tiles are dealt: <deal>: the next deal (played when the state is built)."""
    scene.deal = parse_deal(deal, scene.setup_doc["players"])


@given(parsers.re(r"the inspections were (?P<text>.+)"))
def given_inspections(scene: Scene, text: str):
    """the inspections were <inspections>: played in the order written (replaces inspections
    given earlier, e.g. in the Background)."""
    scene.history = list(parse_inspections(text))


@given("the questions are over")
def given_questions_over(scene: Scene):
    """the questions are over: the question phase played out with the first question and
    the first answer the engine offers each time."""
    scene.history.append("questions")


## When -------------------------------------------------------------------------------------


@when(parsers.re(r"a new game is set up for (?P<n>-?\d+) players in (?P<mode>[a-z-]+) mode"))
def when_new_game(scene: Scene, n: str, mode: str):
    """a new game is set up for N players in <mode> mode: GAME.initial_state on that setup; a
    refusal (or a malformed setup) is kept for a Then step."""
    _new_setup(scene, int(n), mode)
    when_set_up(scene)


@when(parsers.re(rf"the first player drawn is (?P<name>{NAME})"))
def when_first_player_drawn(scene: Scene, name: str):
    """the first player drawn is <Name>: the chance action that draws round 1's first player."""
    scene.play_doc({"type": "first-player", "seat": seat(name)})


@when(parsers.re(r"the tiles are dealt: (?P<deal>.+)"))
def when_dealt(scene: Scene, deal: str):
    """the tiles are dealt: <deal>: the chance action with that outcome."""
    scene.current()
    scene.play_doc(parse_deal(deal, scene.setup_doc["players"]))


@when(parsers.re(r"the inspections are (?P<text>.+)"))
def when_inspections(scene: Scene, text: str):
    """the inspections are <inspections>: played in the order written."""
    for doc in parse_inspections(text):
        scene.play_doc(doc)
        if scene.error:
            return


@when(parsers.re(rf"(?P<name>{NAME}) inspects (?P<tile>.+)"))
def when_inspect(scene: Scene, name: str, tile: str):
    """<Name> inspects <tile>."""
    scene.play_doc({"type": "inspect", "player": seat(name), "tile": tile_ref(tile)})


@when(parsers.re(rf"(?P<asker>{NAME}) asks (?P<answerer>{NAME}): is (?P<tile>.+?) one of (?P<nums>.+)\?"))
def when_ask_numbers(scene: Scene, asker: str, answerer: str, tile: str, nums: str):
    """<Asker> asks <Answerer>: is <tile> one of 1, 2, 4? ("one of no numbers" is the empty set)."""
    b = seat(answerer)
    values = [] if nums == "no numbers" else numbers(nums)
    scene.play_doc({"type": "ask", "player": seat(asker), "answerer": b,
                    "tiles": [tile_ref(tile, b)], "numbers": values, "expression": ""})


@when(parsers.re(rf"(?P<asker>{NAME}) asks (?P<answerer>{NAME}): are (?P<tiles>.+?) one of (?P<nums>.+)\?"))
def when_ask_numbers_many(scene: Scene, asker: str, answerer: str, tiles: str, nums: str):
    """<Asker> asks <Answerer>: are your tile and Dave's tile one of 1, 2? (a number set over
    several tiles, which the question forms do not have)."""
    b = seat(answerer)
    refs = [tile_ref(x, b) for x in re.split(r",\s*|\s+and\s+", tiles)]
    scene.play_doc({"type": "ask", "player": seat(asker), "answerer": b,
                    "tiles": refs, "numbers": numbers(nums), "expression": ""})


@when(parsers.re(rf"(?P<asker>{NAME}) asks (?P<answerer>{NAME}): is \"(?P<expr>[^\"]*)\" where (?P<binds>.+)\?"))
def when_ask_expression(scene: Scene, asker: str, answerer: str, expr: str, binds: str):
    """<Asker> asks <Answerer>: is "A < B" where A is your tile and B is Dave's tile?"""
    b = seat(answerer)
    scene.play_doc({"type": "ask", "player": seat(asker), "answerer": b,
                    "tiles": parse_bindings(binds, b), "numbers": [], "expression": expr})


@when(parsers.re(rf"(?P<name>{NAME}) answers (?P<yn>Yes|No)"))
def when_answer(scene: Scene, name: str, yn: str):
    """<Name> answers Yes|No."""
    scene.play_doc({"type": "answer", "player": seat(name), "yes": yn == "Yes"})


@when(parsers.re(rf"(?P<name>{NAME}) asks no last question"))
def when_skip(scene: Scene, name: str):
    """<Name> asks no last question: the captain passes."""
    scene.play_doc({"type": "skip", "player": seat(name)})


@when("the questions are over")
def when_questions_over(scene: Scene):
    """the questions are over: as the Given step, played now."""
    scene.finish_questions()


@when(parsers.re(rf"(?P<name>{NAME}) recommends (?P<target>{NAME})"))
def when_recommend(scene: Scene, name: str, target: str):
    """<Name> recommends <Name>."""
    scene.play_doc({"type": "recommend", "player": seat(name), "target": seat(target)})


@when(parsers.re(rf"everyone recommends (?P<target>{NAME})"))
def when_everyone_recommends(scene: Scene, target: str):
    """everyone recommends <Name>: each player still to choose, in the order the engine lists
    them, recommends that player."""
    for p in actors(scene):
        scene.play_doc({"type": "recommend", "player": p, "target": seat(target)})
        if scene.error:
            return


@when(parsers.re(r"the recommendations are (?P<text>.+)"))
def when_recommendations(scene: Scene, text: str):
    """the recommendations are Alice for Carol, Bob for Dave ...: played in the order written."""
    for m in re.finditer(rf"({NAME}) for ({NAME})", text):
        scene.play_doc({"type": "recommend", "player": seat(m[1]), "target": seat(m[2])})
        if scene.error:
            return


@when(parsers.re(rf"(?P<name>{NAME}) withdraws (?:her|his|their) recommendation"))
def when_withdraw(scene: Scene, name: str):
    """<Name> withdraws her recommendation."""
    scene.play_doc({"type": "withdraw", "player": seat(name)})


@when(parsers.re(rf"(?P<name>{NAME}) lines up (?P<tiles>.+)"))
def when_line(scene: Scene, name: str, tiles: str):
    """<Name> lines up <tiles, left to right>."""
    order = [tile_ref(t) for t in re.split(r",\s*|\s+and\s+", tiles)]
    scene.play_doc({"type": "arrange", "player": seat(name), "order": order})


@when(parsers.re(rf"(?P<names>{NAME}(?:(?:, | and ){NAME})*) confirms?"))
def when_confirm(scene: Scene, names: str):
    """<Names> confirm(s): the review phase, in the order written."""
    for p in seats(names):
        scene.play_doc({"type": "confirm", "player": p})
        if scene.error:
            return


## Then -------------------------------------------------------------------------------------
# Each Then step asserts on the engine's answer and records, in interchange terms, what it
# read (scene.check*), so that the scenario can be exported as a test vector.


@then(parsers.re(rf"the question is refused under (?P<clause>{CLAUSE})"))
def then_question_refused(scene: Scene, clause: str):
    """the question is refused under <clause id>: the shared ``the action is rejected under``,
    said of a question."""
    then_rejected(scene, clause)


@then(parsers.re(rf"it is (?P<name>{NAME})'s turn to (?P<what>inspect|ask a last question|ask|answer|line up the tiles)"))
def then_turn(scene: Scene, name: str, what: str):
    """it is <Name>'s turn to inspect | ask | answer | ask a last question | line up the tiles."""
    phases = {"inspect": ("inspect",), "ask": ("ask",), "answer": ("answer", "captain-answer"),
              "ask a last question": ("captain-ask",), "line up the tiles": ("arrange",)}[what]
    doc = state_doc(scene)
    assert actors(scene) == (seat(name),), actors(scene)
    assert doc["phase"] in phases, doc["phase"]
    scene.check("/actor", "/state/phase")


@then(parsers.re(rf"(?P<names>{NAME}(?:(?:, | and ){NAME})*) (?:are|is) still to (?:recommend|confirm)"))
def then_still_to_choose(scene: Scene, names: str):
    """<Names> are still to recommend | confirm: exactly those players are listed as actors."""
    assert sorted(actors(scene)) == sorted(seats(names)), actors(scene)
    scene.check("/actor")


@then(parsers.re(r"the tiles are about to be dealt for round (?P<r>\d)"))
def then_about_to_deal(scene: Scene, r: str):
    """the tiles are about to be dealt for round R: a chance node in phase deal of round R."""
    doc = state_doc(scene)
    assert (doc["phase"], doc["round"]) == ("deal", int(r)), (doc["phase"], doc["round"])
    assert actors(scene) == ("chance",), actors(scene)
    scene.check("/state/phase", "/state/round", "/actor")


@then("the game is played in darkness mode")
def then_darkness(scene: Scene):
    """the game is played in darkness mode: the setup carries the dark tile data (a knight to
    each player, three centre tiles)."""
    tiles = state_doc(scene)["setup"]["tiles"]
    assert tiles["knights_to_players"] is True and tiles["centre"] == 3, tiles
    scene.check("/state/setup/tiles/knights_to_players", "/state/setup/tiles/centre")


@then(parsers.re(rf"(?P<name>{NAME}) may inspect (?P<tiles>.+)"))
def then_may_inspect(scene: Scene, name: str, tiles: str):
    """<Name> may inspect <tiles>: exactly these inspections are legal."""
    expected = sorted(json.dumps(tile_ref(t)) for t in re.split(r",\s*|\s+and\s+", tiles))
    offered = legal_docs(scene)
    assert all(d["type"] == "inspect" and d["player"] == seat(name) for d in offered), offered
    assert sorted(json.dumps(d["tile"]) for d in offered) == expected, offered
    scene.check_legal_actions()


def _answers(scene: Scene, name: str) -> list[bool]:
    offered = legal_docs(scene)
    assert all(d["type"] == "answer" and d["player"] == seat(name) for d in offered), offered
    return [d["yes"] for d in offered]


@then(parsers.re(rf"(?P<name>{NAME}) may answer only (?P<yn>Yes|No)"))
def then_answer_only(scene: Scene, name: str, yn: str):
    """<Name> may answer only Yes|No: the one legal answer."""
    assert _answers(scene, name) == [yn == "Yes"]
    scene.check_legal_actions()


@then(parsers.re(rf"(?P<name>{NAME}) may answer Yes or No"))
def then_answer_either(scene: Scene, name: str):
    """<Name> may answer Yes or No: both answers are legal."""
    assert sorted(_answers(scene, name)) == [False, True]
    scene.check_legal_actions()


@then(parsers.re(rf"(?P<name>{NAME}) may not answer (?P<yn>Yes|No) \((?P<clause>{CLAUSE})\)"))
def then_may_not_answer(scene: Scene, name: str, yn: str, clause: str):
    """<Name> may not answer Yes|No (<clause>): that answer is not offered, and playing it is
    rejected under the clause."""
    assert (yn == "Yes") not in _answers(scene, name)
    g = scene.game
    action = g.action_from_json({"type": "answer", "player": seat(name), "yes": yn == "Yes"})
    with pytest.raises(IllegalAction) as info:
        g.apply(scene.settled(), action)
    assert info.value.clause == clause, info.value
    scene.check_legal_actions()


@then(parsers.re(r"the truthful answer is (?P<yn>Yes|No)"))
def then_truthful(scene: Scene, yn: str):
    """the truthful answer is Yes|No: the engine's explanation of the pending question (its
    ``answer_could_be`` helper) names the true answer."""
    doc = state_doc(scene)
    pending = doc["questions"][-1]
    _, _, facts = sk_engine.answer_could_be(scene.settled(), pending["answerer"], yn == "Yes")
    assert dict(facts)["true answer"] == yn.lower(), facts
    scene.unexportable("reads the engine's answer explanation (not part of the interchange)")


@then(parsers.re(rf"the Witch team is (?P<names>{NAME}(?:(?:, | and ){NAME})*)"))
def then_witch_team(scene: Scene, names: str):
    """the Witch team is <Names>: the engine's team function; the vector checks the facts it
    follows from (the tiles and the inspections)."""
    team = sk_engine.witch_team(scene.settled())
    assert sorted(team) == sorted(seats(names)), sorted(team)
    scene.check("/state/tiles", "/state/inspections")


@then(parsers.re(rf"the Knights team is (?P<names>{NAME}(?:(?:, | and ){NAME})*)"))
def then_knights_team(scene: Scene, names: str):
    """the Knights team is <Names>: everyone not on the Witch team."""
    state = scene.settled()
    team = sk_engine.witch_team(state)
    knights = [p for p in range(scene.game.player_count(state)) if p not in team]
    assert knights == sorted(seats(names)), knights
    scene.check("/state/tiles", "/state/inspections")


@then("nobody is on the Witch team")
def then_no_witch_team(scene: Scene):
    """nobody is on the Witch team."""
    assert not sk_engine.witch_team(scene.settled())
    scene.check("/state/tiles", "/state/inspections")


@then(parsers.re(rf"the captain is (?P<name>{NAME})"))
def then_captain(scene: Scene, name: str):
    """the captain is <Name>."""
    assert state_doc(scene)["captain"] == seat(name)
    scene.check("/state/captain")


def _last_round(scene: Scene) -> tuple[int, dict]:
    history = state_doc(scene)["history"]
    assert history, "no round has ended"
    return len(history) - 1, history[-1]


@then(parsers.re(r"(?P<who>the Knights win|the Witch team wins|nobody wins) the round"))
def then_round_winner(scene: Scene, who: str):
    """the Knights win | the Witch team wins | nobody wins the round: the last finished round."""
    expected = {"the Knights win": "knights", "the Witch team wins": "witch", "nobody wins": "nobody"}[who]
    i, last = _last_round(scene)
    assert last["winner"] == expected, last
    scene.check(f"/state/history/{i}/winner")


@then(parsers.re(rf"the first player is (?P<name>{NAME})"))
def then_first_player(scene: Scene, name: str):
    """the first player is <Name>: who holds the start marker now."""
    assert state_doc(scene)["first_player"] == seat(name)
    scene.check("/state/first_player")


@then(parsers.re(r"the face-up leftover tiles are (?P<nums>.+)"))
def then_leftovers(scene: Scene, nums: str):
    """the face-up leftover tiles are 6 and 7: the setup's tile data."""
    assert state_doc(scene)["setup"]["tiles"]["leftover"] == numbers(nums)
    scene.check("/state/setup/tiles/leftover")


@then(parsers.re(r"there are (?P<n>\d+) possible deals, each with probability (?P<p>\d+/\d+)"))
def then_deals(scene: Scene, n: str, p: str):
    """there are N possible deals, each with probability P: the chance outcomes."""
    from fractions import Fraction

    outcomes = scene.game.chance_outcomes(scene.settled())
    assert len(outcomes) == int(n)
    assert {q for _, q in outcomes} == {Fraction(p)}
    scene.unexportable("asserts chance probabilities")


@then(parsers.re(r"there are (?P<n>\d+) possible first players, each with probability (?P<p>\d+/\d+)"))
def then_first_player_draw(scene: Scene, n: str, p: str):
    """there are N possible first players, each with probability P: the next chance node is
    the draw of the first player (not the deal)."""
    from fractions import Fraction

    g = scene.game
    outcomes = g.chance_outcomes(scene.settled())
    kinds = {g.action_to_json(a)["type"] for a, _ in outcomes}
    assert "deal" not in kinds, "the first chance action is the deal"
    assert len(outcomes) == int(n) and {q for _, q in outcomes} == {Fraction(p)}
    scene.unexportable("asserts chance probabilities")


@then(parsers.re(rf"question (?P<i>\d+) was answered (?P<yn>Yes|No)"))
def then_question_answer(scene: Scene, i: str, yn: str):
    """question N was answered Yes|No (N counts from 1 in the round)."""
    assert state_doc(scene)["questions"][int(i) - 1]["answer"] is (yn == "Yes")
    scene.check(f"/state/questions/{int(i) - 1}/answer")


@then(parsers.re(r"the line revealed the values (?P<nums>.+)"))
def then_line_values(scene: Scene, nums: str):
    """the line revealed the values 1, 2 and 3: the line-revealed event, left to right."""
    expected = [value_ref(v) for v in split_list(nums)]
    lines = [e for e in scene.event_docs() if e["type"] == "line-revealed"]
    assert lines and lines[-1]["values"] == expected, lines
    scene.check_event(type="line-revealed", values=expected)


@then(parsers.re(rf"the line's mistakes cite (?P<clause>{CLAUSE})"))
def then_line_mistakes(scene: Scene, clause: str):
    """the line's mistakes cite <clause>: some mistake of the revealed line names it."""
    lines = [e for e in scene.event_docs() if e["type"] == "line-revealed"]
    assert lines, "no line was revealed"
    mistakes = lines[-1]["mistakes"]
    assert clause in [m["clause"] for m in mistakes], mistakes
    scene.check_event(type="line-revealed", mistakes=mistakes)


@then("no inspection has been made")
def then_no_inspection(scene: Scene):
    assert state_doc(scene)["inspections"] == []
    scene.check("/state/inspections")


@then("no question has been asked")
def then_no_question(scene: Scene):
    assert state_doc(scene)["questions"] == []
    scene.check("/state/questions")


@then(parsers.re(rf"every line offered to (?P<name>{NAME}) has (?P<counts>.+) tiles"))
def then_line_lengths(scene: Scene, name: str, counts: str):
    """every line offered to <Name> has 5 [or 6] tiles: the lengths of the legal lines."""
    offered = legal_docs(scene)
    assert offered and all(d["type"] == "arrange" and d["player"] == seat(name) for d in offered)
    assert sorted({len(d["order"]) for d in offered}) == numbers(counts)
    scene.unexportable("asserts a property of a large set of legal actions")


@then(parsers.re(rf"every action offered to (?P<name>{NAME}) is a question"))
def then_only_questions(scene: Scene, name: str):
    offered = legal_docs(scene)
    assert offered and all(d["type"] == "ask" and d["player"] == seat(name) for d in offered)
    scene.unexportable("asserts a property of a large set of legal actions")


@then(parsers.re(rf"the actions offered to (?P<name>{NAME}) include asking (?P<answerer>{NAME}): is (?P<tile>.+?) one of (?P<nums>.+)\?"))
def then_offered_question(scene: Scene, name: str, answerer: str, tile: str, nums: str):
    b = seat(answerer)
    wanted = {"type": "ask", "player": seat(name), "answerer": b, "tiles": [tile_ref(tile, b)],
              "numbers": numbers(nums), "expression": ""}
    assert wanted in legal_docs(scene)
    scene.unexportable("asserts a property of a large set of legal actions")


@then(parsers.re(r"everyone is shown (?P<t1>.+?) as (?P<v1>the Witch|\d) and (?P<t2>.+?) as (?P<v2>the Witch|\d)"))
def then_shown(scene: Scene, t1: str, v1: str, t2: str, v2: str):
    """everyone is shown <captain's tile> as V and <Witch's tile> as the Witch: the event of a
    Witch-team captain's side check."""
    captain, witch = tile_ref(t1), tile_ref(t2)
    assert value_ref(v2) == "W"
    shown = [e for e in scene.event_docs() if e["type"] == "witch-captain"]
    assert shown, "no Witch-team captain was shown"
    e = shown[-1]
    assert (e["captain"], e["value"], e["witch_tile"]) == (captain, value_ref(v1), witch), e
    scene.check_event(type="witch-captain", captain=captain, value=value_ref(v1), witch_tile=witch)


@then(parsers.re(rf"everyone is shown (?P<tile>{NAME}'s tile) as the Witch"))
def then_shown_witch(scene: Scene, tile: str):
    """everyone is shown <Witch holder's tile> as the Witch: the side check of a captain who
    holds the Witch shows that one tile."""
    captain = tile_ref(tile)
    shown = [e for e in scene.event_docs() if e["type"] == "witch-captain"]
    assert shown, "no Witch-team captain was shown"
    e = shown[-1]
    assert (e["captain"], e["value"], e["witch_tile"]) == (captain, "W", captain), e
    scene.check_event(type="witch-captain", captain=captain, value="W", witch_tile=captain)


# -- observations -----------------------------------------------------------------------------


def _obs_check(scene: Scene, who: int, *suffixes: str) -> None:
    scene.check(*(f"/observations/{who}{s}" for s in suffixes))


@then(parsers.re(rf"(?P<name>{NAME}) sees (?:her|his|their) own tile as (?P<value>{VALUE})"))
def then_sees_own(scene: Scene, name: str, value: str):
    """<Name> sees her own tile as V."""
    p = seat(name)
    assert tile_value(observation(scene, p), p) == value_ref(value)
    _obs_check(scene, p, f"/tiles/players/{p}")


@then(parsers.re(rf"(?P<name>{NAME}) sees (?P<tile>(?:{NAME}'s tile|the centre tile|centre tile \d)) as (?P<value>{VALUE})"))
def then_sees_tile(scene: Scene, name: str, tile: str, value: str):
    """<Name> sees <tile> as V."""
    p, ref = seat(name), tile_ref(tile)
    assert tile_value(observation(scene, p), ref) == value_ref(value)
    scene.check(tile_pointer(f"/observations/{p}", ref))


@then(parsers.re(rf"(?P<name>{NAME}) does not see (?P<tile>(?:{NAME}'s tile|the centre tile|centre tile \d))"))
def then_not_see(scene: Scene, name: str, tile: str):
    """<Name> does not see <tile>: its value is masked in her observation (the state has it)."""
    p, ref = seat(name), tile_ref(tile)
    assert tile_value(observation(scene, p), ref) is None
    assert tile_value(state_doc(scene), ref) is not None
    scene.check(tile_pointer(f"/observations/{p}", ref), tile_pointer("/state", ref))


@then(parsers.re(rf"(?P<name>{NAME}) sees (?P<n>\d+) tiles in play"))
def then_sees_count(scene: Scene, name: str, n: str):
    """<Name> sees N tiles in play: players' tiles and centre tiles together."""
    p = seat(name)
    tiles = observation(scene, p)["tiles"]
    assert len(tiles["players"]) + len(tiles["centre"]) == int(n), tiles
    _obs_check(scene, p, "/tiles")


@then(parsers.re(rf"(?P<name>{NAME}) does not see which tiles were set aside"))
def then_not_see_aside(scene: Scene, name: str):
    """<Name> does not see which tiles were set aside: the only value her observation shows is
    her own tile's."""
    p = seat(name)
    obs = observation(scene, p)
    shown = [v for v in obs["tiles"]["players"] + obs["tiles"]["centre"] if v is not None]
    assert shown == [obs["tiles"]["players"][p]], shown
    _obs_check(scene, p, "/tiles")


@then(parsers.re(rf"(?P<name>{NAME}) sees that (?P<who>{NAME}) inspected (?P<tile>.+)"))
def then_sees_inspection(scene: Scene, name: str, who: str, tile: str):
    """<Name> sees that <Name> inspected <tile>: the inspection is in her observation."""
    p = seat(name)
    wanted = {"player": seat(who), "tile": tile_ref(tile)}
    inspections = observation(scene, p)["inspections"]
    assert wanted in inspections, inspections
    _obs_check(scene, p, "/inspections")


@then(parsers.re(rf"(?P<name>{NAME}) sees (?P<who>{NAME})'s recommendation as hidden"))
def then_sees_hidden_recommendation(scene: Scene, name: str, who: str):
    p, q = seat(name), seat(who)
    assert observation(scene, p)["recommendations"][q] == "hidden"
    assert state_doc(scene)["recommendations"][q] is not None
    _obs_check(scene, p, f"/recommendations/{q}")


@then(parsers.re(rf"(?P<name>{NAME}) sees (?:her|his|their) own recommendation of (?P<target>{NAME})"))
def then_sees_own_recommendation(scene: Scene, name: str, target: str):
    p = seat(name)
    assert observation(scene, p)["recommendations"][p] == seat(target)
    _obs_check(scene, p, f"/recommendations/{p}")


@then(parsers.re(rf"(?P<name>{NAME}) sees (?P<who>{NAME})'s recommendation of (?P<target>{NAME})"))
def then_sees_recommendation(scene: Scene, name: str, who: str, target: str):
    p, q = seat(name), seat(who)
    assert observation(scene, p)["recommendations"][q] == seat(target)
    _obs_check(scene, p, f"/recommendations/{q}")


@then(parsers.re(rf"(?P<name>{NAME}) sees that (?P<who>{NAME}) has not recommended anyone yet"))
def then_sees_no_recommendation(scene: Scene, name: str, who: str):
    p, q = seat(name), seat(who)
    assert observation(scene, p)["recommendations"][q] is None
    _obs_check(scene, p, f"/recommendations/{q}")


@then(parsers.re(rf"(?P<name>{NAME}) sees the face-up leftover tiles (?P<nums>.+)"))
def then_sees_leftovers(scene: Scene, name: str, nums: str):
    p = seat(name)
    assert observation(scene, p)["setup"]["tiles"]["leftover"] == numbers(nums)
    _obs_check(scene, p, "/setup/tiles/leftover")


@then(parsers.re(rf"(?P<name>{NAME}) sees that question (?P<i>\d+) was (?P<asker>{NAME}) asking (?P<answerer>{NAME}) about (?P<tile>.+), answered (?P<yn>Yes|No)"))
def then_sees_question(scene: Scene, name: str, i: str, asker: str, answerer: str, tile: str, yn: str):
    p, k = seat(name), int(i) - 1
    q = observation(scene, p)["questions"][k]
    assert (q["asker"], q["answerer"], q["tiles"], q["answer"]) == (
        seat(asker), seat(answerer), [tile_ref(tile)], yn == "Yes"), q
    _obs_check(scene, p, f"/questions/{k}")


@then(parsers.re(rf"(?P<name>{NAME}) sees that the captain is (?P<captain>{NAME})"))
def then_sees_captain(scene: Scene, name: str, captain: str):
    p = seat(name)
    assert observation(scene, p)["captain"] == seat(captain)
    _obs_check(scene, p, "/captain")


def pytest_bdd_step_error(request, feature, scenario, step, step_func, step_func_args, exception):
    """Marks the scene of a failed scenario, so the export leaves it out."""
    try:
        request.getfixturevalue("scene").failed = True
    except Exception:  # noqa: BLE001 - a scenario of another suite
        pass


# The vector export hooks (active only with REFEREE_EXPORT_VECTORS set).
from .export import pytest_bdd_after_scenario, pytest_sessionfinish  # noqa: E402,F401
