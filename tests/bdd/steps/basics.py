"""Steps used only by the basics features (shared ones are in tests/bdd/conftest.py)."""

from __future__ import annotations

from fractions import Fraction

from pytest_bdd import given, parsers, then, when  # noqa: F401

from tabletop_referee.games import mlem

from ..support import Scene, parse_faces, parse_players, parse_seats, split_list  # noqa: F401


def _roll_key(faces) -> tuple[str, ...]:
    order = {f: i for i, f in enumerate(mlem.FACES)}
    return tuple(sorted(faces, key=order.__getitem__))


## Given ------------------------------------------------------------------------------------


## When -------------------------------------------------------------------------------------


@when(parsers.re(r"a new game is set up for (?P<n>-?\d+) players?(?: starting with player (?P<p>-?\d+))?"))
def when_new_game(scene: Scene, n: str, p: str | None):
    """a new game is set up for N players [starting with player P]: mlem.initial_state on the
    scenario's board; a refusal is kept for a Then step."""
    setup = mlem.Setup(players=int(n), board=scene.board or mlem.load_board("short"),
                       start_player=int(p or 0),
                       options=mlem.Options(**scene.position.get("options", {})))
    scene.start(setup)


## Then -------------------------------------------------------------------------------------


@then("the possible rolls are:")
def then_possible_rolls(scene: Scene, datatable):
    """the possible rolls are: a table (header 'roll | probability'), exactly these chance
    outcomes, probabilities as fractions like 1/6."""
    expected = sorted((_roll_key(parse_faces(r[0])), Fraction(r[1])) for r in datatable[1:])
    actual = sorted((_roll_key(roll.faces), p) for roll, p in mlem.chance_outcomes(scene.settled()))
    assert actual == expected, actual
    scene.unexportable("asserts chance probabilities")


@then(parsers.parse("the roll {faces} has probability {p}"))
def then_roll_probability(scene: Scene, faces: str, p: str):
    """the roll <faces> has probability P: one chance outcome (P a fraction like 1/9)."""
    outcomes = {_roll_key(roll.faces): q for roll, q in mlem.chance_outcomes(scene.settled())}
    key = _roll_key(parse_faces(faces))
    assert key in outcomes, f"{key} is not a possible roll"
    assert outcomes[key] == Fraction(p), outcomes[key]
    scene.unexportable("asserts chance probabilities")


@then(parsers.parse("there are {n:d} possible rolls whose probabilities add up to {total}"))
def then_roll_count(scene: Scene, n: int, total: str):
    """there are N possible rolls whose probabilities add up to T: distinct chance outcomes."""
    outcomes = mlem.chance_outcomes(scene.settled())
    assert len(outcomes) == n, len(outcomes)
    assert sum(p for _, p in outcomes) == Fraction(total), sum(p for _, p in outcomes)
    scene.check_legal_actions()  # the distinct rolls; the probabilities are not exported
    scene.unexportable("asserts chance probabilities")


@then(parsers.parse("player {player:d}'s reserve holds {astronauts}"))
def then_reserve(scene: Scene, player: int, astronauts: str):
    """player P's reserve holds <a>, <b> and <c>: exactly these astronauts on their board."""
    actual = sorted(scene.settled().reserves[player])
    assert actual == sorted(split_list(astronauts)), actual
    scene.check(f"/state/players/{player}/reserve")


@then(parsers.parse("the game has {n:d} players"))
def then_player_count(scene: Scene, n: int):
    """the game has N players."""
    assert scene.settled().players == n
    scene.check("/state/players")


@then(parsers.parse("the rocket moved from space {start:d} to space {end:d}"))
def then_moved(scene: Scene, start: int, end: int):
    """the rocket moved from space A to space B: a moved event with these ends."""
    scene.settled()
    moves = [(e["from"], e["to"]) for e in scene.events if e.type == "moved"]
    assert (start, end) in moves, moves
    scene.check_event(type="moved", **{"from": start}, to=end)


@then("the dice decide next")
def then_chance_node(scene: Scene):
    """the dice decide next: the pending decision is a chance roll, no player's."""
    assert mlem.current_actor(scene.settled()) == mlem.CHANCE
    scene.check("/actor")

