"""The step vocabulary of the MLEM features (features/mlem/*.feature): the shared steps of
tests/bdd_steps.py (rule options, action documents, rejections, events, the end of the game,
the winners, observers, no legal action) plus MLEM's own phrases below and in steps/.

Given steps describe a position (see tabletop_referee.games.mlem.position); the state is
built from it at the first When or Then. When steps play actions through the reference
engine; a rejected action is kept for a Then step to inspect. Then steps read the state, the
events and the legal actions. No rule of the game is decided here: every answer comes from
the engine.

Grammar of the small phrases used below:
  faces      "2", "2 and afterburner", "1, 3 and 4", "afterburner worth 2" (dots, board steps)
  seats      "player 0's die-one, player 1's parachute and player 2's satellite" (front
             first; "(flipped)" after an astronaut marks a used Die-1)
  players    "player 0", "players 0 and 2"
"""

from __future__ import annotations

import dataclasses
import re

from pytest_bdd import given, parsers, then, when

from tabletop_referee.games import mlem
from tests.bdd_steps import STEPS
from tests.vector_export import tag_mark

from .support import Scene, parse_faces, parse_players, parse_seats, scene, split_list  # noqa: F401

globals().update(STEPS)  # the shared vocabulary (tests/bdd_steps.py)


def pytest_bdd_apply_tag(tag: str, function):
    """Maps ``@clause:<id>``, ``@option:<name>`` and ``@id:<vector id>`` to pytest marks
    (``clause``, ``option``, ``vector_id``), so ``-m`` and reports can use them."""
    return tag_mark(tag, function)


## Given ------------------------------------------------------------------------------------


@given(parsers.parse('the "{name}" board'))
def given_board(scene: Scene, name: str):
    """the "<board id>" board: a board shipped in spec/mlem/boards/."""
    scene.board = mlem.load_board(name)


@given(parsers.re(r"an? (?P<n>\d+)-player game(?: starting with player (?P<p>\d+))?"))
def given_game(scene: Scene, n: str, p: str | None):
    """a N-player game [starting with player P]: a new game, nobody aboard (the short board
    unless another is named)."""
    scene.position.update(players=int(n), start_player=int(p or 0))


@given(parsers.parse("space {index:d} allows {faces}"))
def given_space_faces(scene: Scene, index: int, faces: str):
    """space N allows <faces>: '1 and afterburner worth 2' sets the afterburner dots too."""
    dots = None
    items = []
    for item in split_list(faces):
        m = re.fullmatch(r"afterburners?(?: worth (\d+))?", item)
        if m:
            dots = int(m[1] or 1)
            items.append("afterburner")
        else:
            items.append(item)
    order = {f: i for i, f in enumerate(mlem.FACES)}
    scene.set_space(index, faces=tuple(sorted(items, key=order.__getitem__)), afterburner=dots)


@given(parsers.parse("space {index:d} has moons worth {values}"))
def given_moons(scene: Scene, index: int, values: str):
    """space N has moons worth 4 then 2: moon slots in fill order."""
    scene.set_space(index, moons=tuple(int(v) for v in split_list(values)), planet=None)


@given(parsers.parse("space {index:d} has planet {planet}"))
def given_planet(scene: Scene, index: int, planet: str):
    """space N has planet P2: links a planet of the board to the space."""
    scene.set_space(index, planet=planet, moons=())


@given(parsers.parse("space {index:d} has nothing to land on"))
def given_no_site(scene: Scene, index: int):
    """space N has nothing to land on."""
    scene.set_space(index, planet=None, moons=())


@given(parsers.parse("planet {planet} awards {gold:d}, {silver:d} and {bronze:d}"))
def given_planet_awards(scene: Scene, planet: str, gold: int, silver: int, bronze: int):
    """planet P1 awards 9, 5 and 2: gold, silver and bronze values."""
    board = scene.board or mlem.load_board("short")
    planets = tuple(
        (pid, dataclasses.replace(p, gold=gold, silver=silver, bronze=bronze) if pid == planet else p)
        for pid, p in board.planets
    )
    scene.board = dataclasses.replace(board, planets=planets)


@given(parsers.parse("the crash limit is {limit:d}"))
def given_crash_limit(scene: Scene, limit: int):
    """the crash limit is N: the length of the crash track on this board."""
    board = scene.board or mlem.load_board("short")
    scene.board = dataclasses.replace(board, crash_limit=limit)


@given(parsers.re(r"the rocket is on space (?P<space>\d+)(?: with (?P<dice>\d+) (?:dice|die))?$"))
def given_rocket(scene: Scene, space: str, dice: str | None):
    """the rocket is on space N [with D dice]: the commander is about to roll."""
    rocket = scene.position.setdefault("rocket", {})
    rocket["space"] = int(space)
    if dice:
        rocket["dice"] = int(dice)


@given(parsers.parse("the rocket carries {seats}"))
def given_seats(scene: Scene, seats: str):
    """the rocket carries <seats>: front seat first."""
    scene.position.setdefault("rocket", {})["seats"] = parse_seats(seats)


@given(parsers.parse("player {player:d} has boarded {astronaut}"))
def given_boarded(scene: Scene, player: int, astronaut: str):
    """player P has boarded <astronaut>: takeoff under way (the next seat is taken)."""
    rocket = scene.position.setdefault("rocket", {})
    rocket.setdefault("seats", []).append([player, astronaut])
    scene.position["phase"] = "takeoff"


@given(parsers.re(r"player (?P<player>\d+)'s (?P<astronaut>[a-z-]+) has landed on "
                  r"(?:space (?P<space>\d+)|the (?P<site>comet|galaxy))"))
def given_landed(scene: Scene, player: str, astronaut: str, space: str | None, site: str | None):
    """player P's <astronaut> has landed on space N | on the comet | on the galaxy:
    placements happen in the order the steps are written."""
    board = scene.board or mlem.load_board("short")
    entry = {"player": int(player), "astronaut": astronaut,
             "space": board.end if site else int(space)}
    if site:
        entry["site"] = site
    scene.position.setdefault("landed", []).append(entry)


@given(parsers.parse("the crash marker is at {crashes:d}"))
def given_crashes(scene: Scene, crashes: int):
    """the crash marker is at N: N crashes so far."""
    scene.position["crashes"] = crashes


@given(parsers.parse("player {player:d} holds the {goal} goal"))
def given_goal(scene: Scene, player: int, goal: str):
    """player P holds the <goal> goal."""
    scene.position.setdefault("goals", {})[goal] = player


## When -------------------------------------------------------------------------------------


@when(parsers.parse("the dice show {faces}"))
def when_roll(scene: Scene, faces: str):
    """the dice show <faces>: the chance outcome of the commander's roll."""
    scene.play(mlem.Roll(tuple(parse_faces(faces))))


def _move(scene: Scene, player: int, text: str) -> None:
    m = re.fullmatch(r"(?P<faces>.*?)(?: with the Die-1s? of (?P<who>players? .*))?", text.strip())
    faces, dice = [], []
    for item in parse_faces(m["faces"]):  # "1x2": one of the dice showing 2 (part of a group)
        count, x, face = item.partition("x")
        if x and count.isdigit():
            face = parse_faces(face)[0]
            dice.append((face, int(count)))
        else:
            face = item
        faces.append(face)
    die_one = parse_players(m["who"]) if m["who"] else []
    scene.play(mlem.Move(player, tuple(faces), tuple(die_one), None, tuple(dice)))


@when(parsers.parse("the commander picks {choice}"))
def when_commander_picks(scene: Scene, choice: str):
    """the commander picks <faces> [with the Die-1 of player P]: the groups to move with."""
    _move(scene, mlem.current_actor(scene.current()), choice)


@when(parsers.parse("player {player:d} picks {choice}"))
def when_player_picks(scene: Scene, player: int, choice: str):
    """player P picks <faces>: a move attempted by a named player."""
    _move(scene, player, choice)


@when(parsers.parse("player {player:d} embarks {astronaut}"))
def when_embark(scene: Scene, player: int, astronaut: str):
    """player P embarks <astronaut>: takeoff, one astronaut into the next seat."""
    scene.play(mlem.Embark(player, astronaut))


@when(parsers.parse("the players embark {astronauts}"))
def when_embark_all(scene: Scene, astronauts: str):
    """the players embark <a>, <b> and <c>: one each, in boarding order."""
    for astronaut in split_list(astronauts):
        scene.play(mlem.Embark(mlem.current_actor(scene.current()), astronaut))


@when(parsers.re(r"player (?P<player>\d+) lands(?: on space (?P<space>\d+))?$"))
def when_land(scene: Scene, player: str, space: str | None):
    """player P lands [on space N]: disembark (by default at the rocket's space)."""
    target = int(space) if space else scene.current().rocket.space
    scene.play(mlem.Land(int(player), target))


@when(parsers.re(r"player (?P<player>\d+) stays(?: aboard)?"))
def when_stay(scene: Scene, player: str):
    """player P stays aboard: decline to disembark."""
    scene.play(mlem.Stay(int(player)))


## Then -------------------------------------------------------------------------------------
# Each Then step asserts on the engine's answer and records, in interchange terms, what it
# read (scene.check*), so that the scenario can be exported as a test vector.


@then(parsers.parse("the rocket is on space {space:d}"))
def then_space(scene: Scene, space: int):
    """the rocket is on space N."""
    assert scene.settled().rocket.space == space
    scene.check("/state/rocket/space")


@then(parsers.re(r"(?P<n>\d+) (?:dice|die) (?:are|is) available"))
def then_dice(scene: Scene, n: str):
    """N dice are available / 1 die is available."""
    assert scene.settled().rocket.dice == int(n)
    scene.check("/state/rocket/dice")


@then("the rocket crashes")
def then_crashed(scene: Scene):
    """the rocket crashes: a crashed event happened."""
    scene.settled()
    assert any(e.type == "crashed" for e in scene.events), [e.type for e in scene.events]
    scene.check_event(type="crashed", clause="crash.trigger")


@then("the rocket does not crash")
def then_not_crashed(scene: Scene):
    """the rocket does not crash."""
    scene.settled()
    assert not any(e.type == "crashed" for e in scene.events)
    scene.check_no_event(type="crashed")


@then(parsers.parse("the crash marker is at {crashes:d}"))
def then_crash_marker(scene: Scene, crashes: int):
    """the crash marker is at N."""
    assert scene.settled().crashes == crashes
    scene.check("/state/crashes")


@then(parsers.parse("the commander is player {player:d}"))
def then_commander(scene: Scene, player: int):
    """the commander is player P: the owner of the front seat."""
    state = scene.settled()
    assert state.rocket.seats, "the rocket is empty"
    assert state.rocket.seats[0].player == player
    scene.check("/state/rocket/seats/0/player")


@then(parsers.parse("the rocket carries {seats}"))
def then_seats(scene: Scene, seats: str):
    """the rocket carries <seats>: exactly these, front first."""
    actual = [[s.player, s.astronaut, s.flipped] for s in scene.settled().rocket.seats]
    assert actual == parse_seats(seats), actual
    scene.check("/state/rocket/seats")


@then("the rocket is empty")
def then_empty(scene: Scene):
    """the rocket is empty."""
    assert scene.settled().rocket.seats == ()
    scene.check("/state/rocket/seats")


@then(parsers.re(r"the next step is a roll of (?P<n>\d+) (?:dice|die)$"))
def then_next_roll(scene: Scene, n: str):
    """the next step is a roll of N dice (1 die): a chance node."""
    state = scene.settled()
    assert state.phase == "roll", state.phase
    assert state.rocket.dice == int(n)
    scene.check("/state/phase", "/state/rocket/dice")


def _legal_of(state: mlem.State, kind: type) -> list:
    return [a for a in mlem.legal_actions(state) if isinstance(a, kind)]


def _describe_move(m: mlem.Move) -> str:
    counts = dict(m.dice)
    text = " and ".join(f"{counts[f]}x{f}" if f in counts else f for f in m.faces)
    if m.die_one:
        word = "player" if len(m.die_one) == 1 else "players"
        text += f" with the Die-1{'s' if len(m.die_one) > 1 else ''} of {word} " + " and ".join(
            map(str, m.die_one)
        )
    return text


@then("the commander may pick:")
def then_moves(scene: Scene, datatable):
    """the commander may pick: a one-column table (header 'choice'), exactly these moves."""
    expected = sorted(row[0] for row in datatable[1:])
    actual = sorted(_describe_move(m) for m in _legal_of(scene.settled(), mlem.Move))
    assert actual == expected, actual
    scene.check_legal_actions()


@then(parsers.re(r"player (?P<player>\d+) may land on (?:space|spaces) (?P<spaces>[\d, and]+) or stay"))
def then_land_options(scene: Scene, player: str, spaces: str):
    """player P may land on space(s) N[, M] or stay: the complete landing choice."""
    state = scene.settled()
    assert mlem.current_actor(state) == int(player), mlem.current_actor(state)
    targets = sorted(a.space for a in _legal_of(state, mlem.Land))
    assert targets == sorted(int(x) for x in split_list(spaces)), targets
    assert _legal_of(state, mlem.Stay)
    scene.check_legal_actions()


@then(parsers.parse("player {player:d} may embark {astronauts}"))
def then_embark_options(scene: Scene, player: int, astronauts: str):
    """player P may embark <a>, <b> and <c>: exactly these astronaut types."""
    state = scene.settled()
    assert mlem.current_actor(state) == player
    actual = sorted(a.astronaut for a in _legal_of(state, mlem.Embark))
    assert actual == sorted(split_list(astronauts)), actual
    scene.check_legal_actions()


def _check_landed(scene: Scene, found: list[int], what: tuple) -> None:
    assert found, f"no {what} among {scene.settled().landed}"
    scene.check(f"/state/landed/{found[0]}")


@then(parsers.re(r"player (?P<player>\d+)'s (?P<astronaut>[a-z-]+) is on the moon of space "
                 r"(?P<space>\d+) in slot (?P<slot>\d+)"))
def then_on_moon(scene: Scene, player: str, astronaut: str, space: str, slot: str):
    """player P's <astronaut> is on the moon of space N in slot K (slots count from 0)."""
    want = (int(player), astronaut, int(space), "moon", int(slot))
    landed = [(x.player, x.astronaut, x.space, x.site, x.slot) for x in scene.settled().landed]
    _check_landed(scene, [i for i, x in enumerate(landed) if x == want], want)


@then(parsers.re(r"player (?P<player>\d+)'s (?P<astronaut>[a-z-]+) is on the planet of space (?P<space>\d+)"))
def then_on_planet(scene: Scene, player: str, astronaut: str, space: str):
    """player P's <astronaut> is on the planet of space N."""
    want = (int(player), astronaut, int(space), "planet")
    landed = [(x.player, x.astronaut, x.space, x.site) for x in scene.settled().landed]
    _check_landed(scene, [i for i, x in enumerate(landed) if x == want], want)


@then(parsers.re(r"player (?P<player>\d+)'s (?P<astronaut>[a-z-]+) is on the (?P<site>comet|galaxy)"))
def then_in_deep_space(scene: Scene, player: str, astronaut: str, site: str):
    """player P's <astronaut> is on the comet | galaxy."""
    want = (int(player), astronaut, site)
    landed = [(x.player, x.astronaut, x.site) for x in scene.settled().landed]
    _check_landed(scene, [i for i, x in enumerate(landed) if x == want], want)


@then(parsers.re(r"player (?P<player>\d+)'s (?P<astronaut>[a-z-]+) is back on their board"))
def then_home(scene: Scene, player: str, astronaut: str):
    """player P's <astronaut> is back on their board (in the reserve)."""
    assert astronaut in scene.settled().reserves[int(player)]
    scene.check(f"/state/players/{player}/reserve")


@then(parsers.parse("the planet of space {space:d} holds {seats}"))
def then_planet_order(scene: Scene, space: int, seats: str):
    """the planet of space N holds <seats>: its astronauts in order of arrival."""
    actual = [[x.player, x.astronaut, False] for x in scene.settled().landed
              if x.site == "planet" and x.space == space]
    assert actual == parse_seats(seats), actual
    scene.check("/state/landed")


@then(parsers.re(r"player (?P<player>\d+) scores (?P<points>\d+) points?$"))
def then_total(scene: Scene, player: str, points: str):
    """player P scores N points: total, planets counted as if the game ended now."""
    sheet = mlem.scores(scene.settled())[int(player)]
    assert sheet.total == int(points), sheet
    scene.check(f"/scores/{player}/total")


@then(parsers.re(r"player (?P<player>\d+) scores (?P<points>\d+) points? for (?P<what>moons|planets|deep space|goals)"))
def then_category(scene: Scene, player: str, points: str, what: str):
    """player P scores N points for moons | planets | deep space | goals."""
    key = what.replace(" ", "_")
    sheet = mlem.scores(scene.settled())[int(player)]
    assert getattr(sheet, key) == int(points), sheet
    scene.check(f"/scores/{player}/{key}")


@then(parsers.re(r"player (?P<player>\d+) holds the (?P<goal>[a-z-]+) goal"))
def then_goal(scene: Scene, player: str, goal: str):
    """player P holds the <goal> goal."""
    state = scene.settled()
    assert state.goals[mlem.GOALS.index(goal)] == int(player), state.goals
    scene.check(f"/state/goals/{goal}")


@then(parsers.re(r"nobody holds the (?P<goal>[a-z-]+) goal"))
def then_goal_free(scene: Scene, goal: str):
    """nobody holds the <goal> goal."""
    assert scene.settled().goals[mlem.GOALS.index(goal)] is None
    scene.check(f"/state/goals/{goal}")


@then(parsers.parse("the start player is player {player:d}"))
def then_start_player(scene: Scene, player: int):
    """the start player is player P (of the expedition now taking off)."""
    assert scene.settled().start_player == player
    scene.check("/state/start_player")


@then(parsers.parse("expedition {n:d} is taking off"))
def then_expedition(scene: Scene, n: int):
    """expedition N is taking off: a new expedition, phase takeoff, rocket empty."""
    state = scene.settled()
    assert (state.expedition, state.phase, state.rocket.seats) == (n, "takeoff", ())
    scene.check("/state/expedition", "/state/phase", "/state/rocket/seats")


# The vector export hooks (active only with REFEREE_EXPORT_VECTORS set).
from .export import pytest_bdd_after_scenario, pytest_sessionfinish  # noqa: E402,F401

# Steps particular to one rule area live in tests/bdd/steps/<area>.py.
from .steps.areas import *  # noqa: E402,F401,F403
