"""The one game interface: the rules core every game package writes, and the shared values.

Every command (``conform``, ``fuzz``, ``explain``, ``verify``, ``play``, ``simulate``, ``docs``,
``vectors export``, ``adapter``...) talks to a game only through the object
:func:`tabletop_referee.games.load` returns: a :class:`~tabletop_referee.games.roles.GameKit`,
the game's rules core (:class:`Game`, below: about twenty methods) with its roles
(:mod:`tabletop_referee.games.roles`: notation, narration, options, probes... each with defaults
derived from the core). A game package ``games/<id>/`` exports one as ``GAME``; nothing outside
``games/<id>/`` imports the package by name (a test checks this). docs/adding-a-game.md walks
through writing one.

The actor model
---------------
:meth:`Game.actors` says who decides next:

- ``()``: nobody, the game is over;
- ``(CHANCE,)``: a chance node; the next action is one of :meth:`Game.chance_outcomes`
  (dice, a shuffle, a draw), each carrying its outcome: the engine never draws a random number;
- ``(p,)``: player ``p`` alone decides;
- ``(p, q, ...)`` (two or more): a **simultaneous secret choice**. Each listed player submits
  one action, in any order, with ``apply``; an action names its player. Until every listed
  player has chosen, a chosen action is part of the state but is hidden by :meth:`Game.observe`
  from everyone but its author, and the engine reveals all choices together (with an event) when
  the last one is in. A player who has chosen is no longer listed, so ``actors`` shrinks as
  choices arrive. A game may let a player withdraw a choice before the reveal; the withdrawal is
  an ordinary action of that player, offered by ``legal_actions(state, player)``.

``legal_actions(state)`` is for the single actor (a player or chance); at a simultaneous node
pass ``player``. Legal actions come in a deterministic order (each game documents it).

Values
------
States, setups, actions and events are frozen values owned by the game. The shell needs only
what this interface offers: JSON in and out (the interchange layer), short notation for people,
and descriptions for people. Every event has ``type`` and ``clause``; every rejection is a
:class:`~tabletop_referee.errors.IllegalAction` naming its clause.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from typing import Any, Protocol, TypeVar, runtime_checkable

from ..loading import library_document

_T = TypeVar("_T")


CHANCE = "chance"
"""The actor at a chance node (also the ``actor`` of protocol responses)."""

Actor = int | str
"""A player number, or :data:`CHANCE`."""

TABLE = "table"
"""The observer meaning everyone at the table at once (``referee play``: the shared screen)."""

Observer = int | str | None
"""Who reads a description: a player number, :data:`TABLE` (what every player may see), or
``None`` (the referee: everything)."""


# -- shared value types ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Event:
    """What happened, and the clause that made it happen.

    ``data`` holds the event's fields as ``(name, value)`` pairs in the order the interchange
    format writes them; ``event["space"]`` reads one.
    """

    type: str
    clause: str
    data: tuple[tuple[str, Any], ...] = ()

    def __getitem__(self, key: str) -> Any:
        for k, v in self.data:
            if k == key:
                return v
        raise KeyError(key)

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.data:
            if k == key:
                return v
        return default


def event(type_: str, clause: str, **data: Any) -> Event:
    """Builds an :class:`Event`; keyword order is the field order."""
    return Event(type_, clause, tuple(data.items()))


@dataclass(frozen=True, slots=True)
class Transition:
    """The result of :meth:`Game.apply`: the new state and the events, in order."""

    state: Any
    events: tuple[Event, ...]


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One rule option: a closed set of values, the default first.

    Each option selects one reading of a dispute (``spec/<game>/disputes.yaml``), or a game
    mode. ``requires`` names a condition under which the option exists (for MLEM a variant,
    e.g. ``"ufo"``), ``None`` if it always does; ``kind`` is ``"choice"`` (one of ``values``),
    ``"set"`` (any subset of ``values``, e.g. MLEM's ``variants``) or ``"data"`` (a value of a
    documented shape, e.g. Celestia's dice per city; ``values`` then holds the default only,
    and the adapter handshake announces ``"any"``).
    """

    name: str
    values: tuple[Any, ...]
    default: Any
    requires: str | None = None
    kind: str = "choice"
    dispute: str | None = None
    description: str = ""


@dataclass(frozen=True, slots=True)
class Metric:
    """A number measured on a finished game (for ``simulate`` and ``disputes impact``)."""

    name: str
    description: str


@dataclass(frozen=True, slots=True)
class SetupFlag:
    """A command-line flag of a game's own setup data (MLEM: ``--board``, ``--variants``)."""

    name: str
    metavar: str
    help: str


@dataclass(frozen=True)
class GameInfo:
    """Static facts about a game, for listings, the adapter handshake and docs."""

    id: str
    title: str
    players: tuple[int, int]
    """The smallest and largest player count any mode allows."""
    options: tuple[OptionSpec, ...] = ()
    data_sets: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Named data the setup may refer to by id (boards, token sets, treasure sets...)."""
    setup_flags: tuple[SetupFlag, ...] = ()
    """Flags of ``play`` and ``simulate`` that pick the game's setup data."""
    bdd_tests: str = ""
    """The folder (from the repository root) of the pytest-bdd tests that bind the game's
    features; ``referee vectors export`` runs it."""
    variants: tuple[str, ...] = ()
    """Named variants or modes a setup may combine (announced at the adapter handshake)."""


@dataclass(frozen=True, slots=True)
class EventKind:
    """One kind of event a game emits (each game's ``events.py`` lists them: :meth:`Game.event_kinds`)."""

    type: str
    """The event's ``type``."""
    clauses: tuple[str, ...]
    """Every clause an event of this kind may cite (which one depends on the rule that fired)."""
    fields: tuple[str, ...]
    """The names of its data fields, in the order the interchange format writes them."""
    meaning: str
    """What happened, in one line."""
    optional: tuple[str, ...] = ()
    """Fields present only when they apply (e.g. MLEM's ``landed`` moon ``slot``)."""
    since: int = 1
    """The event vocabulary level that added this kind (docs/protocol.md, "Vocabulary levels"):
    an adapter that announces a lower level is not expected to emit it."""


def set_enum_members(value: Any, enums: Mapping[str, type[StrEnum]]) -> None:
    """In a frozen dataclass's ``__post_init__``: each field named in ``enums`` that holds one of
    its enum's values as a plain string (read from a document) becomes the enum member. An
    unknown value is left as it is, for the game's readers to refuse with its clause."""
    for name, enum in enums.items():
        current = getattr(value, name)
        if isinstance(current, str) and not isinstance(current, enum) and current in enum._value2member_map_:
            object.__setattr__(value, name, enum(current))


def check_name(clause: str) -> str:
    """The name of the check function of a clause: ``travel.whole-group`` ->
    ``check_travel_whole_group`` (see :meth:`Game.rule_checks`)."""
    return "check_" + clause.replace(".", "_").replace("-", "_")


# -- the interface ---------------------------------------------------------------------------


@runtime_checkable
class Game(Protocol):
    """The rules core every game package writes (about twenty members).

    Everything else the tools need (notation, narration, options, conformance probes, the
    impact policy...) is a **role** with defaults derived from this core
    (:mod:`tabletop_referee.games.roles`); a game overrides only what it must, and
    :func:`~tabletop_referee.games.roles.assemble` builds the :class:`~tabletop_referee.games.roles.GameKit`
    the tools use. docs/adding-a-game.md walks through both.
    """

    info: GameInfo

    # setup
    def setup_from_json(self, doc: Any) -> Any:
        """Reads a setup document (schemas/<game>/setup.schema.json); raises MalformedInput."""

    def setup_to_json(self, setup: Any) -> dict[str, Any]:
        """Writes a setup document."""

    def random_setup(self, rng: random.Random, *, players: int | None = None,
                     options: Mapping[str, Any] | None = None, vary: bool = False) -> Any:
        """A setup for random play: ``players`` (random if None), the given ``options`` and
        defaults for the rest; with ``vary`` every option not given is sampled too."""

    def initial_state(self, setup: Any) -> Any:
        """The state at the start of a game; raises IllegalAction for a refused setup."""

    # actors, actions, chance
    def actors(self, state: Any) -> tuple[Actor, ...]:
        """Who decides next (see the module docstring)."""

    def legal_actions(self, state: Any, player: int | None = None) -> tuple[Any, ...]:
        """Every legal action of the single actor (or of ``player`` at a simultaneous node),
        in the game's deterministic order; chance outcomes at a chance node."""

    def chance_outcomes(self, state: Any) -> tuple[tuple[Any, Fraction], ...]:
        """The chance outcomes with their exact probabilities; ``()`` off chance nodes."""

    def apply(self, state: Any, action: Any) -> Transition:
        """The state after ``action`` and its events; raises IllegalAction (with a clause)."""

    def is_over(self, state: Any) -> bool:
        """Whether the game has ended."""

    # results and hidden information
    def observe(self, state: Any, player: int) -> Any:
        """What ``player`` may see of ``state``: a value of the same shape, hidden parts masked."""

    def result_to_json(self, state: Any) -> dict[str, Any]:
        """``{"scores": [{"total": n, ...}, ...], "outcome": {"winners": [...], "reason": ...} | None}``."""

    def player_count(self, state: Any) -> int:
        """How many players the game in ``state`` has."""

    # interchange (JSON in and out)
    def state_to_json(self, state: Any) -> dict[str, Any]:
        """The state document (schemas/<game>/state.schema.json): carries ``format``, ``game``,
        ``phase`` and the rule ``options`` at the top level."""

    def state_from_json(self, doc: Any) -> Any:
        """Reads a state document; raises MalformedInput / InvalidState with a JSON pointer."""

    def action_to_json(self, action: Any) -> dict[str, Any]:
        """The action document (``type``, ``player`` where a player acts)."""

    def action_from_json(self, doc: Any) -> Any:
        """Reads an action document; raises MalformedInput with a JSON pointer."""

    def event_to_json(self, event: Event) -> dict[str, Any]:
        """The event document: ``type``, ``clause`` and the fields in order."""

    # the rules by clause (docs/adding-a-game.md, "Rule checks")
    def rule_checks(self) -> Mapping[str, Sequence[Any]]:
        """Every clause that rejects actions, mapped to its check functions.

        A check function takes ``(state, action)`` and yields (or returns an iterable of)
        :class:`~tabletop_referee.errors.IllegalAction` naming that clause; the engine runs them
        in a fixed order, ``apply`` raises the first. Each function's ``__name__`` is the clause
        id's slug (``travel.whole-group`` -> ``check_travel_whole_group``)."""

    def event_kinds(self) -> Mapping[str, EventKind]:
        """Every kind of event the game emits, by type (``tests/test_event_kinds.py`` checks the
        events of the vectors and of random games against it)."""


def library_reader(schema: tuple[str, str], convert: Callable[[Any], _T]) -> Callable[[Any], _T]:
    """A core's ``*_from_json`` as the Python API takes it: ``convert`` (the game's interchange
    reader) behind :func:`~tabletop_referee.loading.library_document` (integral floats are the
    integers they are; a document the ``schema`` refuses is a typed error). Bound in a core as
    ``state_from_json = staticmethod(library_reader(("mlem", "state"), interchange.state_from_json))``."""
    def read(doc: Any) -> _T:
        return library_document(doc, schema, convert)
    return read


def single_actor(game: Game, state: Any) -> Actor | None:
    """The one actor, or ``None`` (game over or a simultaneous node)."""
    actors = game.actors(state)
    return actors[0] if len(actors) == 1 else None
