"""The one game interface: what every game package implements, and what every tool uses.

Every command (``conform``, ``fuzz``, ``explain``, ``verify``, ``play``, ``simulate``, ``docs``,
``vectors export``, ``adapter``...) talks to a game only through a :class:`Game` object, got
with :func:`tabletop_referee.games.load`. A game package ``games/<id>/`` exports one such
object as ``GAME``; nothing outside ``games/<id>/`` imports the package by name (a test checks
this). docs/adding-a-game.md walks through writing one.

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
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from ..errors import IllegalAction

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
    """The surface every game package implements (as ``games/<id>.GAME``)."""

    info: GameInfo

    # setup and options
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

    def sample_chance(self, state: Any, rng: random.Random) -> Any:
        """One chance outcome drawn with its probability, from ``rng`` (never a global)."""

    def apply(self, state: Any, action: Any) -> Transition:
        """The state after ``action`` and its events; raises IllegalAction (with a clause)."""

    def apply_legal(self, state: Any, action: Any) -> Transition:
        """:meth:`apply` for an action the caller took from :meth:`legal_actions` or a chance
        outcome of ``state``, which may skip the rule checks (python-chess's ``push`` beside
        ``push_san``). Play loops use it; what it does with any other action is undefined, so
        anything that judges an action (conformance, explain, fuzz) calls :meth:`apply`."""

    def advance(self, state: Any, action: Any) -> Any:
        """The state :meth:`apply_legal` leads to, without its events: for play loops that keep
        neither the checks nor the events (OpenSpiel's ``apply_action``)."""

    def is_over(self, state: Any) -> bool:
        """Whether the game has ended."""

    def options_of(self, state: Any) -> Any | None:
        """The rule options value a state carries (``None``: it carries none). ``referee
        disputes impact`` watches which of its fields a game reads, to play the games of two
        readings once while their paths are the same."""

    def replace_options(self, state: Any, options: Any) -> Any:
        """``state`` with another options value (of :meth:`options_of`), all else the same."""

    # results and hidden information
    def observe(self, state: Any, player: int) -> Any:
        """What ``player`` may see of ``state``: a value of the same shape, hidden parts masked."""

    def result_to_json(self, state: Any) -> dict[str, Any]:
        """``{"scores": [...], "outcome": {"winners": [...], "reason": ...} | None}``."""

    def winners(self, state: Any) -> tuple[int, ...]:
        """The winners of a finished game (``()`` before the end)."""

    def totals(self, state: Any) -> tuple[int, ...]:
        """Each player's total score now."""

    # interchange (JSON in and out)
    def state_to_json(self, state: Any) -> dict[str, Any]: ...
    def state_from_json(self, doc: Any) -> Any: ...
    def state_problems(self, state: Any) -> list[str]:
        """Why a well-formed state cannot occur in a game (empty when it can)."""

    def action_to_json(self, action: Any) -> dict[str, Any]: ...
    def action_from_json(self, doc: Any) -> Any: ...
    def event_to_json(self, event: Event) -> dict[str, Any]: ...
    def observation_to_json(self, state: Any, player: int) -> dict[str, Any]: ...
    def player_count(self, state: Any) -> int: ...

    # for people: notation and descriptions
    def parse_action(self, text: str, state: Any, player: int | None = None) -> Any:
        """Reads a short action (``move 2+afterburner``); raises InvalidNotation."""

    def action_text(self, action: Any, *, show_player: bool = False) -> str:
        """The short notation of an action; ``parse_action`` reads it back. ``show_player``
        writes ``player:N`` even where the notation could leave it out."""

    def describe_event(self, event: Event, state: Any, observer: Observer = None) -> str:
        """One line for people; ``observer`` hides what that player (or the table) may not see."""

    def describe_state(self, state: Any, observer: Observer = None) -> str:
        """A few lines describing a position for people."""

    def position_to_state(self, doc: Mapping[str, Any], base: Path | None = None) -> Any:
        """A state from a compact position document (for ``explain``); ``base`` is the folder
        that relative file names in the document resolve against."""

    def check_position(self, state: Any) -> None:
        """Checks a state built from a position like a state document (for ``explain``); raises
        a RefereeError when it is ill-typed or cannot occur."""

    def position_problems(self, state: Any) -> list[str]:
        """Why a hand-written position cannot occur in a game beyond the state checks (for
        ``explain``, which refuses it); ``[]`` when none."""

    # rule checks (docs/adding-a-game.md, "Rule checks")
    def rule_checks(self) -> Mapping[str, Sequence[Any]]:
        """Every clause that rejects actions, mapped to its check functions.

        A check function takes ``(state, action)`` and yields (or returns an iterable of)
        :class:`~tabletop_referee.errors.IllegalAction` naming that clause; the engine's
        ``violations(state, action)`` runs them in a fixed order, ``apply`` raises the first
        and ``is_legal`` tests for none. Each function's ``__name__`` is the clause id's slug
        (``travel.whole-group`` -> ``check_travel_whole_group``)."""

    def event_kinds(self) -> Mapping[str, EventKind]:
        """Every kind of event the game emits, by type (``tests/test_event_kinds.py`` checks the
        events of the vectors and of random games against it)."""

    def input_level(self, action_doc: Mapping[str, Any]) -> int:
        """The event vocabulary level whose interchange format first accepts this action document."""

    def vocabulary(self) -> int:
        """The game's current event vocabulary level (docs/protocol.md, "Vocabulary levels")."""

    def violations(self, state: Any, action: Any) -> Iterator[IllegalAction]:
        """Every :class:`~tabletop_referee.errors.IllegalAction` the rule checks find for
        ``action`` in ``state``, in the order they run (the first is what ``apply`` raises)."""

    def is_legal(self, state: Any, action: Any) -> bool:
        """Whether no rule check refuses ``action`` in ``state`` (no ``apply`` attempted)."""

    # perft: pinned chance
    def pinned_chance(self, state: Any, pins: Mapping[str, Sequence[Any]],
                      used: Mapping[str, int]) -> tuple[str, Any] | None:
        """At a chance node, the next pinned outcome: ``(key, action)`` where ``key`` names
        the list of ``pins`` it came from (its count in ``used`` goes up by one); ``None``
        when no pinned outcome is left (the perft path ends there)."""

    # simulation
    def metrics(self, state: Any) -> dict[str, float]:
        """Numbers measured on a finished game (see :class:`Metric`)."""

    # dispute impact (``referee disputes impact``; defaults in games.base.BaseGame)
    def impact_metrics(self, state: Any) -> dict[str, float]:
        """Numbers compared between the readings of a dispute, measured on a finished game
        (the command adds the game length and each seat's share of the wins itself)."""

    def greedy_action(self, state: Any, rng: random.Random, player: int | None = None) -> Any:
        """The choice of the game's simple greedy policy (documented by the game)."""

    def option_context(self, option: OptionSpec) -> dict[str, Any]:
        """The other options a setup needs for ``option`` to apply (MLEM: its variant on)."""

    # -- hooks with defaults ---------------------------------------------------------------
    # Every game class derives from games.base.BaseGame, which implements the hooks below
    # (each is documented there); a game overrides those it can say more about. The tools may
    # call any of them, so they are part of the interface (and mypy checks the overrides).

    verbs: tuple[str, ...]
    """The first words of the game's short action notation (``explain`` tells them apart
    from file names)."""
    seat_field: str
    chance_clause: str
    fallback_clause: str
    observation_clause: str
    data_key: str | None
    impact_metric_descriptions: Mapping[str, str]

    # options
    def option_spec(self, name: str) -> OptionSpec: ...
    def options_in_play(self, state: Any) -> tuple[OptionSpec, ...]: ...
    def option_applies(self, state: Any, option: OptionSpec) -> bool: ...
    def option_value(self, state: Any, name: str) -> Any: ...
    def with_options(self, state: Any, pairs: Mapping[str, Any]) -> Any: ...
    def options_to_json(self, state: Any) -> dict[str, Any]: ...

    # setup
    def setup_from_args(self, *, players: int | None, start_player: int | None, options: Mapping[str, Any],
                        flags: Mapping[str, str], rng: random.Random | None = None) -> Any: ...
    def with_seating(self, setup: Any, players: int, start_player: int) -> Any: ...
    def setup_from_log(self, doc: Any) -> Any: ...
    def setup_facts(self, setup: Any) -> dict[str, Any]: ...

    # fuzzing and conformance
    def fuzz_setup(self, rng: random.Random, supported: Mapping[str, Sequence[Any]] | None,
                   custom_data: bool, variants: Sequence[str] = ()) -> dict[str, Any]: ...
    def rejection_facts(self, state: Any, action: Any, clause: str) -> list[str]: ...
    def probe_rate(self, state: Any, action: Any) -> float: ...
    def illegal_probe(self, state: Any, action: Any, rng: random.Random) -> dict[str, Any] | None: ...
    def smoke_setup(self) -> dict[str, Any]: ...
    def uses_custom_data(self, state_doc: Mapping[str, Any]) -> bool: ...
    def hides_anything(self, state: Any) -> bool: ...
    def state_canonical_text(self, state: Any) -> str: ...
    def state_digest(self, state: Any) -> str: ...
    def action_canonical_text(self, action: Any) -> str: ...
    def legal_digest(self, actions: Sequence[Any]) -> str: ...
    def events_digest(self, events: Sequence[Event]) -> str: ...
    def observation_digest(self, state: Any, player: int) -> str: ...
    def conformance_profiles(self) -> dict[str, str]: ...
    def non_default_options(self, vector: Mapping[str, Any]) -> list[str]: ...
    def vector_profiles(self, vector: Mapping[str, Any]) -> tuple[str, ...]: ...
    def provisional_fields(self, data_doc: Mapping[str, Any]) -> dict[str, Any]: ...
    def field_alternatives(self, pointer: str, value: Any) -> list[Any]: ...
    def with_field(self, data_doc: dict[str, Any], pointer: str, value: Any) -> dict[str, Any]: ...
    def conformance_setups(self) -> list[dict[str, Any]]: ...
    def conformance_positions(self) -> list[tuple[str, dict[str, Any]]]: ...
    def refusal_cases(self) -> list[dict[str, Any]]: ...
    def near_legal_actions(self, state: Any, rng: random.Random) -> list[dict[str, Any]]: ...

    # hidden information
    def leak_probes(self, state: Any, player: int, rng: random.Random) -> list[tuple[str, Any]]: ...
    def own_probe(self, state: Any, player: int, rng: random.Random) -> Any | None: ...

    # chance and results
    def chance_prefix(self, state: Any) -> tuple[Any, Any] | None: ...
    def score_sheet(self, state: Any) -> list[dict[str, Any]]: ...
    def score_categories(self) -> tuple[str, ...]: ...
    def category_clause(self, category: str) -> str | None: ...
    def scoring_events(self, state: Any) -> list[Event]: ...
    def ended_reason(self, state: Any) -> str | None: ...
    def status_text(self, state: Any) -> str: ...

    # for people
    def actor_phrase(self, state: Any) -> str: ...
    def key_facts(self, state: Any, events: Sequence[Event]) -> dict[str, Any]: ...
    def gist(self, state: Any, events: Sequence[Event]) -> list[str]: ...
    def quiet_after(self, state: Any) -> bool: ...
    def chance_verb(self, state: Any) -> str: ...
    def chance_example(self, state: Any) -> str: ...
    def parse_chance(self, text: str, state: Any) -> Any: ...
    def event_sentence(self, event: Event, state: Any) -> str: ...
    def describe_position(self, state: Any) -> list[str]: ...
    def describe_alternatives(self, state: Any, actions: Sequence[Any]) -> str | None: ...
    def public_action_text(self, state: Any, action: Any) -> str: ...
    def choice_hint(self, state: Any, action: Any) -> str: ...
    def chance_prompt(self, state: Any) -> str: ...
    def notation_help(self, state: Any) -> str: ...
    def final_lines(self, state: Any, actions: int) -> list[str]: ...
    def default_player(self, state: Any) -> int: ...
    def complete_action_doc(self, doc: dict[str, Any], state: Any | None) -> dict[str, Any]: ...
    def is_full_state(self, doc: Any) -> bool: ...
    def single_actor(self, state: Any) -> Actor | None: ...


def single_actor(game: Game, state: Any) -> Actor | None:
    """The one actor, or ``None`` (game over or a simultaneous node)."""
    actors = game.actors(state)
    return actors[0] if len(actors) == 1 else None
