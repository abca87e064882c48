"""The shared step vocabulary of every game's features (docs/adding-a-game.md, "Features").

A game's step definitions (``GameInfo.bdd_tests``) add only the phrases of its own; the steps
every game has are defined here once, written against the game interface only (setup and state
documents, ``apply``, ``legal_actions``, ``chance_outcomes``, ``observation_to_json``,
``parse_action``/``action_text``, the JSON of actions, events and results). No game is named.

To use it, a game's ``support.py`` subclasses :class:`GameScene` (``game = GAME``, and
``build()`` if its Given steps describe a position in words), provides the ``scene`` fixture,
and its ``conftest.py`` binds the steps with ``globals().update(STEPS)``; or, in one line,
``globals().update(STEPS, **bind(Scene))`` gives the fixture, the tag marks and the vector
export too (docs/adding-a-game.md quotes a whole conftest.py). The phrases:

Given
  ``the rule option <name> is <value>``     a value of the option's ``OptionSpec`` (its JSON
                                            or plain text), or a list ``1, 1, 2``
  ``the setup is:``  + a JSON doc string    the setup document of a new game (When below)
  ``the setup has:`` + table field|value     the same, field by field
  ``the state is:``  + a JSON doc string    a state document (``state_from_json``)
When
  ``a new game is set up``                  ``initial_state`` of the setup document given
  ``"<notation>" is played``                an action in the game's notation (``parse_action``)
  ``the action is played:`` + JSON          an action document (``action_from_json``)
  ``the chance outcome is "<notation>"``    the chance node's outcome, in notation
Then
  ``the action is rejected under <clause>`` / ``the setup is rejected under <clause>``
  ``the action is rejected under <clause> naming "<text>"``  and the message contains the text
  ``an? <type> event cites <clause>``       some event so far has that type and clause
  ``no <type> event happened``              no event so far has that type
  ``the events are:`` + table type|clause   exactly these events, in order
  ``the legal actions are:`` + table        exactly these actions, in notation (any order)
  ``the chance outcomes are:`` + table      outcome (notation) | probability (``1/6``)
  ``the state at <pointer> is <json>``      a value of the state document
  ``<player> observes <json> at <pointer>`` a value of that player's observation
  ``<player> is named as the observer``     that player's observation names them
  ``<player> is to act``                    the one player to act
  ``no action is legal`` / ``nobody has an action left``  no legal action, nobody to act
  ``the game is over`` / ``the game is not over`` / ``the winner is <players>``
  ``the game is over because of <reason>``  the result's ``outcome.reason``
  ``the setup is refused as malformed`` / ``the action is refused as malformed``  MalformedInput
  ``the phase is <phase>``                  the ``phase`` of the state document
  ``the events of the When steps are:`` + table  as ``the events are:``, leaving out the events
                                            of the Given steps; an empty cell states nothing
  ``the scores are <player> <n>, ...``      every player's total (the result's ``scores``)

Players are named by seat: Alice 0, Bob 1, Carol 2, Dave 3, Eve 4, Fay 5, Grace 6, Heidi 7, or
``player N``.
Every Then step records what it read for the vector export (tests/vector_export.py).
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections import Counter
from fractions import Fraction
from typing import Any, ClassVar

import pytest
from pytest_bdd import given, parsers, then, when

from tabletop_referee.errors import IllegalAction, MalformedInput, RefereeError
from tabletop_referee.games.interface import CHANCE
from tabletop_referee.schemas import validation_errors
from tests.vector_export import Recorder, Recording, VectorExporter, tag_mark

# -- players and lists ------------------------------------------------------------------------

NAMES = ("Alice", "Bob", "Carol", "Dave", "Eve", "Fay", "Grace", "Heidi")
"""The players by seat, clockwise from seat 0."""
PLAYER = r"(?:Alice|Bob|Carol|Dave|Eve|Fay|Grace|Heidi|player \d+)"
PLAYERS = rf"{PLAYER}(?:(?:, | and ){PLAYER})*"


def split_list(text: str) -> list[str]:
    """'a, b and c' -> ['a', 'b', 'c']."""
    text = text.strip()
    if not text:
        return []
    return [p.strip() for p in re.split(r",\s*|\s+and\s+", text) if p.strip()]


def seat(name: str) -> int:
    """'Bob' -> 1; 'player 3' -> 3."""
    name = name.strip()
    if name.startswith("player "):
        return int(name[len("player "):])
    return NAMES.index(name)


def seats(text: str) -> list[int]:
    """'Alice, Bob and Carol' -> [0, 1, 2]."""
    return [seat(n) for n in split_list(text)]


def _json_or_text(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return text


def assert_event_table(datatable: list[list[str]], events: list[dict[str, Any]], *,
                       blank_states_nothing: bool = False) -> None:
    """The check of every ``... events are:`` step, of any game: ``datatable`` has the columns
    type and clause and any field of the events (a cell is JSON, or plain text; ``null`` for a
    field an event has not), one row per event of ``events`` (event documents), in order. With
    ``blank_states_nothing`` an empty cell says nothing of that field."""
    header, *rows = datatable
    expected = [{k: _json_or_text(v) for k, v in zip(header, row) if not (blank_states_nothing and not v.strip())}
                for row in rows]
    actual = [{k: e.get(k) for k in want} for e, want in zip(events, expected)]
    assert len(events) == len(rows) and actual == expected, [{k: e.get(k) for k in header} for e in events]


def same_multiset(actual, expected) -> bool:
    """Multisets compare equal whatever their order."""
    return Counter(map(str, actual)) == Counter(map(str, expected))


# -- the scene --------------------------------------------------------------------------------


@dataclasses.dataclass
class GameScene(Recorder):
    """What a scenario has built so far (a state from the Given steps, or a new game), then
    the actions played, for any game: a subclass sets ``game`` and, if its Given steps describe
    a position of their own, overrides ``build()`` and ``options()``."""

    game: ClassVar[Any] = None
    over_pointers: ClassVar[tuple[str, ...]] = ("/outcome",)
    """What ``the game is over`` reads in the result document."""
    not_over_pointers: ClassVar[tuple[str, ...]] = ("/outcome",)
    """What ``the game is not over`` reads in the result document."""
    reason_pointers: ClassVar[tuple[str, ...]] = ("/outcome/reason",)
    """What ``the game is over because of <reason>`` reads in the result document (a game whose
    state names the reason may point there instead)."""

    state: Any = None
    events: list = dataclasses.field(default_factory=list)
    error: RefereeError | None = None
    record: Recording = dataclasses.field(default_factory=Recording)
    given_options: dict[str, Any] = dataclasses.field(default_factory=dict)
    setup_doc: dict[str, Any] | None = None
    state_doc: dict[str, Any] | None = None
    given_events: int = 0
    """How many of ``events`` the state of the Given steps was built with (a ``build()`` or a
    ``current()`` that plays actions): the events after them are those of the When steps."""

    # -- building ----------------------------------------------------------------------

    def options(self) -> dict[str, Any]:
        """The rule options the Given steps set (for the setup of a new game)."""
        return self.given_options

    def option_value(self, name: str, text: str) -> Any:
        """A rule option's value from its words: one of the option's values (by its JSON or
        plain text), else a list ``1, 1, 2`` for an option whose default is a list, else text."""
        spec = next((o for o in self.game.info.options if o.name == name), None)
        if spec is None:
            raise AssertionError(f"{self.game.info.id} has no rule option {name!r}")
        for value in spec.values:
            if text == value or text == json.dumps(value):
                return value
        if isinstance(spec.default, (list, tuple)):
            return [_json_or_text(item) for item in split_list(text)]
        return _json_or_text(text)

    def build(self) -> Any:
        """The state the Given steps describe (called at the first When or Then)."""
        assert self.state_doc is not None, "no game: start with 'Given the state is:' or a new game"
        return self.game.state_from_json(self.state_doc)

    def current(self) -> Any:
        if self.state is None:
            self.state = self.build()
            self.record.state = self.game.state_to_json(self.state)
            self.given_events = len(self.events)
        return self.state

    def new_game(self, doc: dict[str, Any]) -> None:
        """A new game from a setup document: the vector then starts with new_game."""
        assert self.state is None, "the game was already built"
        self.record.setup = doc
        try:
            setup = self.game.setup_from_json(doc)
        except MalformedInput as exc:
            self.error = exc
            self.unexportable(f"setup refused before reaching the rules ({exc.clause})")
            return
        try:
            self.state = self.game.initial_state(setup)
        except IllegalAction as exc:
            self.error = exc
            self.record.rejected = {"step": -1, "clause": exc.clause}
            return
        self.record.state = self.game.state_to_json(self.state)

    # -- playing -----------------------------------------------------------------------

    def doc(self) -> dict:
        """The current state in interchange form."""
        return self.game.state_to_json(self.current())

    def actor(self):
        """The one player to act (None when several act, or none)."""
        actors = self.game.actors(self.current())
        return actors[0] if len(actors) == 1 else None

    def play_doc(self, doc: dict) -> None:
        """Plays an action given in interchange form (the engine reads it)."""
        assert self.error is None, f"an earlier action was rejected: {self.error}"
        self.current()
        try:
            action = self.game.action_from_json(doc)
        except MalformedInput as exc:
            self.error = exc
            self.unexportable("plays an action that the action schema rejects (no rule decides it)")
            return
        self.play(action)

    def play_text(self, text: str) -> None:
        """Plays an action written in the game's notation."""
        assert self.error is None, f"an earlier action was rejected: {self.error}"
        self.play(self.game.notation.parse_action(text, self.current()))

    def play(self, action) -> None:
        assert self.error is None, f"an earlier action was rejected: {self.error}"
        doc = self.game.action_to_json(action)
        if validation_errors(self.game.info.id, "action", doc):
            self.unexportable("plays an action that the action schema rejects (no rule decides it)")
        self.play_recorded(action, doc, self.game.apply)

    def legal(self) -> list[dict]:
        """The legal actions of the one actor, in interchange form."""
        return [self.game.action_to_json(a) for a in self.game.legal_actions(self.current())]

    def settled(self):
        """The state for a Then step: fails if an action was rejected unexpectedly."""
        assert self.error is None, f"the action was rejected: {self.error}"
        return self.current()

    def event_docs(self) -> list[dict]:
        return [self.game.event_to_json(e) for e in self.events]

    def is_chance(self) -> bool:
        return self.game.actors(self.current()) == (CHANCE,)

    def canonical(self, doc: dict) -> str:
        """An action document as the engine writes it, for comparing."""
        return json.dumps(self.game.action_to_json(self.game.action_from_json(doc)), sort_keys=True)


def _doc_string(docstring: str) -> Any:
    try:
        return json.loads(docstring)
    except ValueError as exc:
        raise AssertionError(f"the doc string is not JSON: {exc}") from None


# -- Given ------------------------------------------------------------------------------------


@given(parsers.parse("the rule option {name} is {value}"))
def given_option(scene: GameScene, name: str, value: str):
    """the rule option <name> is <value>: see GameScene.option_value."""
    scene.options()[name] = scene.option_value(name, value)


@given("the setup is:")
def given_setup(scene: GameScene, docstring: str):
    """the setup is: a setup document (JSON); the options given are added to it."""
    scene.setup_doc = _doc_string(docstring)


@given("the setup has:")
def given_setup_table(scene: GameScene, datatable):
    """the setup has: a two-column table, a field of the setup document and its value (JSON, or
    plain text) per row, e.g. | players | 3 |."""
    scene.setup_doc = {**(scene.setup_doc or {}), **{row[0]: _json_or_text(row[1]) for row in datatable}}


@given("the state is:")
def given_state(scene: GameScene, docstring: str):
    """the state is: a state document (JSON), read by the game's state_from_json."""
    scene.state_doc = _doc_string(docstring)


# -- When -------------------------------------------------------------------------------------


@when("a new game is set up")
def when_set_up(scene: GameScene):
    """a new game is set up: initial_state of the setup given (and the rule options given)."""
    doc = dict(scene.setup_doc or {})
    if scene.options():
        doc["options"] = {**doc.get("options", {}), **scene.options()}
    scene.new_game(doc)


@when(parsers.re(r'"(?P<text>[^"]+)" is played'))
def when_played(scene: GameScene, text: str):
    """"<notation>" is played: an action in the game's notation."""
    scene.play_text(text)


@when("the action is played:")
def when_played_doc(scene: GameScene, docstring: str):
    """the action is played: an action document (JSON)."""
    scene.play_doc(_doc_string(docstring))


@when(parsers.re(r'the chance outcome is "(?P<text>[^"]+)"'))
def when_chance(scene: GameScene, text: str):
    """the chance outcome is "<notation>": what the dice, the deck... gave."""
    assert scene.is_chance(), f"no chance node here: {scene.game.actors(scene.current())} to act"
    scene.play_text(text)


# -- Then -------------------------------------------------------------------------------------


@then(parsers.re(r"the action is rejected under (?P<clause>[a-z0-9.-]+)"))
def then_rejected(scene: GameScene, clause: str):
    """the action is rejected under <clause id>."""
    assert scene.error is not None, "the action was accepted"
    assert scene.error.clause == clause, f"rejected under {scene.error.clause}: {scene.error}"
    assert scene.error.message
    if isinstance(scene.error, IllegalAction):
        scene.check_rejected()
    else:
        scene.unexportable(f"rejected before reaching the rules ({scene.error.clause})")


@then(parsers.re(r"the setup is rejected under (?P<clause>[a-z0-9.-]+)"))
def then_setup_rejected(scene: GameScene, clause: str):
    """the setup is rejected under <clause id>: initial_state refused the setup."""
    assert scene.error is not None, "the setup was accepted"
    assert scene.error.clause == clause, f"rejected under {scene.error.clause}: {scene.error}"
    assert scene.record.rejected == {"step": -1, "clause": clause}


@then(parsers.re(r"an? (?P<type>[a-z-]+) event cites (?P<clause>[a-z0-9.-]+)"))
def then_event(scene: GameScene, type: str, clause: str):
    """a <type> event cites <clause>: some event so far had that type and clause."""
    scene.settled()
    seen = [(e["type"], e["clause"]) for e in scene.event_docs()]
    assert (type, clause) in seen, seen
    scene.check_event(type=type, clause=clause)


@then("the events are:")
def then_events(scene: GameScene, datatable):
    """the events are: a table with the columns type and clause (and any field of the events:
    a cell is JSON, or plain text), one row per event, in order: exactly the events of every
    action played."""
    scene.settled()
    assert_event_table(datatable, scene.event_docs())
    scene.check_event_list()


@then("the legal actions are:")
def then_legal(scene: GameScene, datatable):
    """the legal actions are: a one-column table of actions in notation, exactly these (any
    order)."""
    state = scene.settled()
    expected = sorted(json.dumps(scene.game.action_to_json(scene.game.notation.parse_action(row[0], state)), sort_keys=True)
                      for row in datatable)
    actual = sorted(json.dumps(a, sort_keys=True) for a in scene.legal())
    assert actual == expected, [scene.game.notation.action_text(scene.game.action_from_json(a)) for a in scene.legal()]
    scene.check("/actor")
    scene.check_legal_actions()


@then("the chance outcomes are:")
def then_chance(scene: GameScene, datatable):
    """the chance outcomes are: a table with the columns outcome (notation) and probability
    (a fraction): exactly these (exported as ``expect.chance``)."""
    state = scene.settled()
    game = scene.game
    _, *rows = datatable
    expected = {json.dumps(game.action_to_json(game.notation.parse_action(o, state)), sort_keys=True): Fraction(p)
                for o, p in rows}
    actual = {json.dumps(game.action_to_json(a), sort_keys=True): p for a, p in game.chance_outcomes(state)}
    assert actual == expected, {game.notation.action_text(game.action_from_json(json.loads(a))): str(p)
                                for a, p in actual.items()}
    scene.check("/actor")
    scene.check_chance()


@then(parsers.re(r"the state at (?P<pointer>/\S*) is (?P<value>.+)"))
def then_state_at(scene: GameScene, pointer: str, value: str):
    """the state at /phase is "roll": a value of the state document (JSON)."""
    from tabletop_referee.vectors import pointer_get

    assert pointer_get(scene.game.state_to_json(scene.settled()), pointer) == _json_or_text(value)
    scene.check(f"/state{pointer}")


@then(parsers.re(rf"(?P<name>{PLAYER}) observes (?P<value>.+) at (?P<pointer>/\S*)"))
def then_observes(scene: GameScene, name: str, value: str, pointer: str):
    """Bob observes {"hidden": 3} at /hands/0: a value of Bob's observation (JSON)."""
    from tabletop_referee.vectors import pointer_get

    doc = scene.game.interchange.observation_to_json(scene.settled(), seat(name))
    assert doc["observer"] == seat(name)
    assert pointer_get(doc, pointer) == _json_or_text(value)
    scene.check(f"/observations/{seat(name)}{pointer}")


@then(parsers.re(rf"(?P<name>{PLAYER}) is to act"))
def then_actor(scene: GameScene, name: str):
    """<player> is to act: the one player to act (the actor of the legal actions)."""
    scene.settled()
    assert scene.actor() == seat(name), f"to act: {scene.game.actors(scene.current())}"
    scene.check("/actor")


@then("the game is over")
def then_over(scene: GameScene):
    """the game is over."""
    assert scene.game.is_over(scene.settled())
    scene.check(*scene.over_pointers)


@then("the game is not over")
def then_not_over(scene: GameScene):
    """the game is not over."""
    assert not scene.game.is_over(scene.settled())
    assert scene.game.result_to_json(scene.current())["outcome"] is None
    scene.check(*scene.not_over_pointers)


@then(parsers.re(rf"the winners? (?:is|are) (?P<names>{PLAYERS})"))
def then_winners(scene: GameScene, names: str):
    """the winner is <player> / the winners are <player> and <player>."""
    outcome = scene.game.result_to_json(scene.settled())["outcome"]
    assert outcome is not None, "the game is not over"
    assert outcome["winners"] == sorted(seats(names)), outcome
    scene.check("/outcome/winners")


# -- more shared phrases: a rejection naming a value, the end's reason, malformed documents, the
# phase, the events of the When steps, an event absent, the observer, nobody to act, the scores
# (first written for one game's features, kept game-neutral) -----------------------------------


@then(parsers.re(r'the action is rejected under (?P<clause>[a-z0-9.-]+) naming "(?P<text>[^"]*)"'))
def then_rejected_naming(scene: GameScene, clause: str, text: str):
    """the action is rejected under <clause id> naming "<text>": as without ``naming``, and the
    refusal's message contains the text (the offending value, the player...; the message is not
    part of a vector)."""
    then_rejected(scene, clause)
    assert text in scene.error.message, scene.error.message


@then(parsers.re(r"the game is over because of (?P<reason>[a-z0-9-]+)"))
def then_over_because(scene: GameScene, reason: str):
    """the game is over because of <reason>: over, and the result's ``outcome.reason`` is that
    (the vector checks ``GameScene.reason_pointers``)."""
    state = scene.settled()
    assert scene.game.is_over(state), "the game is not over"
    outcome = scene.game.result_to_json(state)["outcome"]
    assert outcome is not None and outcome.get("reason") == reason, outcome
    scene.check(*scene.reason_pointers)
@then(parsers.re(r"the (?:setup|action) is refused as malformed"))
def then_malformed(scene: GameScene):
    """the setup is refused as malformed / the action is refused as malformed: the document
    does not fit its schema (MalformedInput), so no rule decides it and no vector says it."""
    assert isinstance(scene.error, MalformedInput), scene.error
    scene.unexportable("the document is malformed (refused before the rules)")


@then(parsers.re(r"the phase is (?P<phase>[a-z-]+)"))
def then_phase(scene: GameScene, phase: str):
    """the phase is <phase>: the ``phase`` of the state document."""
    actual = scene.game.state_to_json(scene.settled()).get("phase")
    assert actual == phase, actual
    scene.check("/state/phase")


@then("the events of the When steps are:")
def then_when_events(scene: GameScene, datatable):
    """the events of the When steps are: as ``the events are:`` (columns type, clause and any
    field), but only the events after the state the Given steps built (``given_events``: a
    game whose Given steps play actions, a deal say, leaves their events out), and an empty
    cell states nothing of that event's field. The vector still checks every event
    (``expect.event_list``)."""
    scene.settled()
    assert datatable[0][:2] == ["type", "clause"], datatable[0]
    assert_event_table(datatable, scene.event_docs()[scene.given_events:], blank_states_nothing=True)
    scene.check_event_list()


@then(parsers.re(r"no (?P<type>[a-z-]+) event happened"))
def then_no_event(scene: GameScene, type: str):
    """no <type> event happened: no event so far has that type (the vector's ``events_absent``)."""
    scene.settled()
    seen = [e["type"] for e in scene.event_docs()]
    assert type not in seen, seen
    scene.check_no_event(type=type)


@then(parsers.re(rf"(?P<name>{PLAYER}) is named as the observer"))
def then_observer(scene: GameScene, name: str):
    """<player> is named as the observer: that player's observation says whose it is."""
    doc = scene.game.interchange.observation_to_json(scene.settled(), seat(name))
    assert doc["observer"] == seat(name), doc.get("observer")
    scene.check(f"/observations/{seat(name)}/observer")


@then("no action is legal")
@then("nobody has an action left")
def then_no_action(scene: GameScene):
    """no action is legal / nobody has an action left: no legal action and nobody to act (the
    vector checks both)."""
    state = scene.settled()
    assert not scene.game.legal_actions(state), scene.legal()
    assert tuple(scene.game.actors(state)) == (), scene.game.actors(state)
    scene.check_legal_actions()
    scene.check("/actor")


@then(parsers.re(rf"the scores are (?P<text>{PLAYER} -?\d+(?:(?:, | and ){PLAYER} -?\d+)*)"))
def then_scores(scene: GameScene, text: str):
    """the scores are Alice 0, Bob 3 and Carol 2: every player's ``total`` in the result
    document's ``scores`` (name every player)."""
    expected = {seat(m[1]): int(m[2]) for m in re.finditer(rf"({PLAYER}) (-?\d+)", text)}
    scores = scene.game.result_to_json(scene.settled())["scores"]
    assert len(expected) == len(scores), f"name every player's score: {scores}"
    assert {p: scores[p]["total"] for p in expected} == expected, scores
    scene.check("/scores")


def bind(scene_class: type[GameScene]) -> dict[str, Any]:
    """What a game's ``conftest.py`` adds to the steps, as ``globals().update(STEPS,
    **bind(Scene))``: the ``scene`` fixture (a new ``scene_class``), the tags ``@clause:``,
    ``@id:`` and ``@option:`` as pytest marks, and the hooks of the vector export (a vector
    requires the rule options the scenario gave that differ from their defaults)."""
    game = scene_class.game
    export = VectorExporter(game.info.id, options=lambda scene, final: {
        k: v for k, v in scene.options().items() if v != game.options.option_spec(k).default})
    after_scenario, session_finish = export.hooks()
    return {"scene": pytest.fixture(name="scene")(lambda: scene_class()),
            "pytest_bdd_apply_tag": lambda tag, function: tag_mark(tag, function),
            "pytest_bdd_after_scenario": after_scenario, "pytest_sessionfinish": session_finish}


STEPS = {name: value for name, value in dict(globals()).items() if name.startswith("pytestbdd_stepdef_")}
"""The step definitions above as pytest fixtures: a game's conftest.py binds them with
``globals().update(STEPS)`` (pytest-bdd finds steps among the fixtures a test can see)."""
