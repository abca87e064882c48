"""The roles of a game: every capability beyond the rules core, each with defaults.

A game package writes the small rules core (:class:`~tabletop_referee.games.interface.Game`,
about twenty methods). Everything else the tools need is grouped into **roles**, one object
each: :class:`Rules` (checks, fast play, pinned chance), :class:`Options`, :class:`Setups`,
:class:`Interchange` (observation documents, digests, the shipped data), :class:`Notation`,
:class:`Narration`, :class:`Positions`, :class:`Scoring`, :class:`Probes` (what conformance and
fuzz send beyond the vectors) and :class:`Impact` (``disputes impact``'s policy and measures).
Each default is derived from the core, and **never names a clause**: a role that cites one
(``Probes.chance_clause``...) is ``None`` until the game says which of its own clauses it is
(tests/test_games_meta.py checks every clause a role names against the game's spec).

A game overrides a role by subclassing it and passing the class to :func:`assemble`
(docs/adding-a-game.md walks through a whole game)::

    class DiceNotation(Notation):
        def action_text(self, action, *, show_player=False):
            ...

    GAME = assemble(DiceGame(), notation=DiceNotation)

Where a game's own module already has a role method's signature, the role binds it rather than
forwarding to it (``violations = staticmethod(engine.violations)``): the parameters a role
method takes in order are positional-only, so the module keeps its own parameter names.

Inside a role, ``self.core`` is the game's core object and ``self.game`` the assembled
:class:`GameKit` (``self.game.notation.action_text(...)`` reaches another role). The tools hold
a :class:`GameKit`: the core's methods on it directly (``game.apply``), each role by name
(``game.narration.describe_event``).
"""

from __future__ import annotations

import copy
import json
import dataclasses
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..documents import canonical_text, digest_text, list_digest
from ..errors import IllegalAction, InvalidNotation, MalformedInput, UsageError
from .interface import CHANCE, Actor, Event, EventKind, Game, GameInfo, Observer, OptionSpec, Transition


_OPTIONS_PATH: dict[type, tuple[str, ...]] = {}
"""State class -> the fields that lead to its options value: ``("options",)``,
``("setup", "options")`` or ``()`` (none found)."""


def _options_path(state: Any) -> tuple[str, ...]:
    kind = type(state)
    path = _OPTIONS_PATH.get(kind)
    if path is None:
        path = ()
        if dataclasses.is_dataclass(kind):
            names = {f.name for f in dataclasses.fields(kind)}
            setup = getattr(state, "setup", None) if "setup" in names else None
            if "options" in names:
                path = ("options",)
            elif dataclasses.is_dataclass(setup) and any(f.name == "options" for f in dataclasses.fields(setup)):
                path = ("setup", "options")
        _OPTIONS_PATH[kind] = path
    return path


class Role:
    """The base of every role: the assembled game and its core."""

    def __init__(self, game: GameKit) -> None:
        self.game = game
        self.core: Game = game.core


class Rules(Role):
    """The rules role's defaults."""

    def input_level(self, action_doc: Mapping[str, Any]) -> int:
        """The event vocabulary level whose interchange format first accepts this action
        document (docs/protocol.md, "Vocabulary levels"); 1 for a game that never changed it."""
        return 1

    def vocabulary(self) -> int:
        """The game's current event vocabulary level: the newest level of its event kinds."""
        return max([1, *(k.since for k in self.core.event_kinds().values())])

    def violations(self, state: Any, action: Any, /) -> Iterator[IllegalAction]:
        """Default, for a game without a check table: the refusal ``apply`` raises, if any."""
        try:
            self.core.apply(state, action)
        except IllegalAction as exc:
            yield exc

    def is_legal(self, state: Any, action: Any) -> bool:
        return next(iter(self.violations(state, action)), None) is None

    def apply_legal(self, state: Any, action: Any, /) -> Transition:
        """Default: :meth:`apply`, checks and all."""
        return self.core.apply(state, action)

    def advance(self, state: Any, action: Any) -> Any:
        """Default: the state of :meth:`apply_legal`."""
        return self.apply_legal(state, action).state

    def sample_chance(self, state: Any, rng: random.Random, /) -> Any:
        outcomes = self.core.chance_outcomes(state)
        x = Fraction(rng.random())
        acc = Fraction(0)
        for action, p in outcomes:
            acc += p
            if x < acc:
                return action
        return outcomes[-1][0]

    def pinned_chance(self, state: Any, pins: Mapping[str, Sequence[Any]],
                      used: Mapping[str, int]) -> tuple[str, Any] | None:
        """Generic pins (docs/vectors.md): ``pins`` maps the ``type`` of the chance outcomes at a
        node (``deal``, ``roll``...) to the outcome documents to use, in order along each path.
        ``None`` (the path ends there) when the list is used up or the pinned document is not
        one of the outcomes here."""
        outcomes = self.core.chance_outcomes(state)
        if not outcomes:
            return None
        key = self.core.action_to_json(outcomes[0][0])["type"]
        n = used.get(key, 0)
        pinned = pins.get(key, ())
        if n >= len(pinned):
            return None
        wanted = canonical_text(pinned[n])
        for action, _ in outcomes:
            if canonical_text(self.core.action_to_json(action)) == wanted:
                return key, action
        return None

    def chance_prefix(self, state: Any) -> tuple[Any, Any] | None:
        """When ``state`` is the result of a chance outcome whose effect a rule option decides:
        ``(state before it, the outcome)``, so ``explain`` can replay it under each reading."""
        return None

    def single_actor(self, state: Any) -> Actor | None:
        actors = self.core.actors(state)
        return actors[0] if len(actors) == 1 else None

    def state_problems(self, state: Any, /) -> list[str]:
        """Why a well-formed state cannot occur in a game (empty when it can); none found by
        default."""
        return []


class Options(Role):
    """The options role's defaults."""

    def options_of(self, state: Any) -> Any | None:
        """Default: the ``options`` field of a dataclass state, or of the dataclass ``setup``
        it carries (``None`` if neither has one)."""
        path = _options_path(state)
        if not path:
            return None
        value = state
        for name in path:
            value = getattr(value, name)
        return value

    def replace_options(self, state: Any, options: Any) -> Any:
        """Default: the state with the options value that :meth:`options_of` finds replaced."""
        path = _options_path(state)
        if path == ("setup", "options"):
            return dataclasses.replace(state, setup=dataclasses.replace(state.setup, options=options))
        return dataclasses.replace(state, options=options)

    def option_spec(self, name: str) -> OptionSpec:
        for o in self.core.info.options:
            if o.name == name:
                return o
        raise KeyError(name)

    held_by_position: tuple[str, ...] = ()
    """Options whose value a position already holds the consequences of (the deal, the
    components): ``explain`` does not replay a position under another value of them."""

    def options_in_play(self, state: Any) -> tuple[OptionSpec, ...]:
        """The single-valued options that exist in ``state`` (those whose ``requires`` holds),
        but those :attr:`held_by_position`."""
        return tuple(o for o in self.core.info.options
                     if o.kind == "choice" and o.name not in self.held_by_position and self.option_applies(state, o))

    def option_applies(self, state: Any, option: OptionSpec) -> bool:
        return option.requires is None

    def option_value(self, state: Any, name: str) -> Any:
        return self.options_to_json(state).get(name, self.option_spec(name).default)

    def with_options(self, state: Any, pairs: Mapping[str, Any]) -> Any:
        """``state`` with the rule options ``pairs`` replaced; raises MalformedInput on an
        unknown option or value."""
        doc = self.core.state_to_json(state)
        options = dict(doc.get("options") or {})
        for name, value in pairs.items():
            try:
                spec = self.option_spec(name)
            except KeyError:
                known = ", ".join(o.name for o in self.core.info.options)
                raise MalformedInput(f"unknown rule option {name!r} (options: {known})") from None
            if value not in spec.values:
                allowed = ", ".join(str(v).lower() if isinstance(v, bool) else str(v) for v in spec.values)
                raise MalformedInput(f"{name} cannot be {value!r} (one of: {allowed})")
            options[name] = value
        doc["options"] = options
        return self.core.state_from_json(doc)

    def options_to_json(self, state: Any) -> dict[str, Any]:
        return dict(self.core.state_to_json(state).get("options") or {})

    def non_default_options(self, vector: Mapping[str, Any]) -> list[str]:
        """The options of a vector's ``requires.options`` it needs at a value other than the
        default: format 1 names one non-default value; format 2 lists the values the vector
        holds under, and a list without the default needs another reading."""
        requires = vector.get("requires")
        options = requires.get("options") if isinstance(requires, Mapping) else None
        if not isinstance(options, Mapping):
            return []
        defaults = {o.name: o.default for o in self.core.info.options}
        out = []
        for name, value in options.items():
            if name not in defaults:
                continue
            held = value if isinstance(value, list) else [value]
            if defaults[name] not in held:
                out.append(name)
        return out

    def option_context(self, option: OptionSpec) -> dict[str, Any]:
        """The options a setup needs for ``option`` to apply; none by default (an option that
        ``requires`` something must be given a context by its game)."""
        return {}


class Setups(Role):
    """The setups role's defaults."""

    setup_clause: str | None = None
    """The clause the vectors of a new game's state cite (datavectors.py); ``None``: none."""

    def setup_from_args(self, *, players: int | None, start_player: int | None, options: Mapping[str, Any],
                        flags: Mapping[str, str], rng: random.Random | None = None) -> Any:
        """A setup from command-line arguments (``referee play`` / ``simulate``); ``flags`` are
        the game's own setup flags (:attr:`GameInfo.setup_flags`) that were given."""
        if flags:
            raise UsageError(f"--{next(iter(flags))}: not a setup flag of {self.core.info.id}")
        low, high = self.core.info.players
        if players is not None and not low <= players <= high:
            raise UsageError(f"--players {players}: {self.core.info.title} is for {low} to {high} players")
        rng = rng or random.Random(0)
        setup = self.core.random_setup(rng, players=players, options=options)
        if start_player is not None:
            doc = self.core.setup_to_json(setup)
            doc[self.seat_field] = start_player
            setup = self.core.setup_from_json(doc)
        return setup

    seat_field = "start_player"
    """The setup document's field naming who starts (Celestia: ``first_captain``)."""

    def with_seating(self, setup: Any, players: int, start_player: int) -> Any:
        """``setup`` for another player count and start player (everything else kept)."""
        doc = self.core.setup_to_json(setup)
        doc["players"] = players
        doc[self.seat_field] = start_player
        return self.core.setup_from_json(doc)

    def setup_from_log(self, doc: Any) -> Any:
        """The setup of a log's setup line; raises MalformedInput with a path inside ``doc``."""
        return self.core.setup_from_json(doc)

    def setup_facts(self, setup: Any) -> dict[str, Any]:
        """What ``simulate`` reports about the setup it played (options, data sets)."""
        return {"options": dict(self.core.setup_to_json(setup).get("options") or {})}

    def fuzz_setup(self, rng: random.Random, supported: Mapping[str, Sequence[Any]] | None,
                   custom_data: bool, variants: Sequence[str] = ()) -> dict[str, Any]:
        """A random setup document using only the option values an adapter announced."""
        low, high = self.core.info.players
        players = rng.randint(low, high)
        options: dict[str, Any] = {}
        for o in self.core.info.options:
            if o.kind != "choice":
                continue
            allowed = [v for v in o.values if not supported or o.name not in supported or v in supported[o.name]]
            if allowed:
                options[o.name] = rng.choice(allowed)
        doc = self.core.setup_to_json(self.core.random_setup(rng, players=players, options=options))
        doc[self.seat_field] = rng.randrange(players)
        return doc

    def smoke_setup(self) -> dict[str, Any]:
        """The setup document ``conform smoke`` starts a game with: the fewest players, defaults."""
        doc = self.core.setup_to_json(self.core.random_setup(random.Random(0), players=self.core.info.players[0]))
        doc[self.seat_field] = 0
        return self.core.setup_from_json(doc) and doc

    def conformance_setups(self) -> list[dict[str, Any]]:
        """Setup documents on the shipped data with every rule option left out (the defaults
        apply), for the vectors generated from whole games (docs/vectors.md)."""
        doc = self.smoke_setup()
        doc.pop("options", None)
        return [doc]

    def refusal_cases(self) -> list[dict[str, Any]]:
        """Input the rules refuse or an adapter cannot read, as vector material: each case is
        ``{"description", "clause", "setup"}`` (a refused or unreadable setup) or ``{"description",
        "clause", "setup", "action"}`` (an action after that setup), with ``"invalid": True`` when the
        answer must be an ``invalid-input`` error rather than a rejection under ``clause``."""
        return []


class Interchange(Role):
    """The interchange role's defaults."""

    def observation_to_json(self, state: Any, player: int, /) -> dict[str, Any]:
        """The observation document: the state document of what ``player`` sees, plus
        ``observer`` (docs/adding-a-game.md, "The state document")."""
        return {**self.core.state_to_json(self.core.observe(state, player)), "observer": player}

    def uses_custom_data(self, state_doc: Mapping[str, Any]) -> bool:
        """Whether a state document needs the ``custom-boards`` capability (data not shipped)."""
        return False

    def hides_anything(self, state: Any) -> bool:
        """Whether observations of ``state`` can differ from the state (fuzz compares them then)."""
        return True

    _TEXT_CACHE_MAX = 200_000

    def state_canonical_text(self, state: Any) -> str:
        """The canonical JSON text of ``state_to_json(state)``. A game may override it with a
        faster way to the same text (MLEM keeps the board's text); a test checks they agree."""
        return canonical_text(self.core.state_to_json(state))

    def state_digest(self, state: Any) -> str:
        return digest_text(self.state_canonical_text(state))

    def _cached_text(self, cache_name: str, value: Any, to_json: Callable[[Any], Any]) -> str:
        cache: dict[Any, str] = self.__dict__.setdefault(cache_name, {})
        try:
            return cache[value]
        except KeyError:
            text = canonical_text(to_json(value))
            if len(cache) >= self._TEXT_CACHE_MAX:
                cache.clear()
            cache[value] = text
            return text
        except TypeError:  # an unhashable value: no caching
            return canonical_text(to_json(value))

    def action_canonical_text(self, action: Any) -> str:
        """The canonical text of an action document (cached: actions are frozen values)."""
        return self._cached_text("_action_texts", action, self.core.action_to_json)

    def legal_digest(self, actions: Sequence[Any]) -> str:
        """The digest of a legal-action set: its documents sorted by canonical text."""
        return list_digest([self.action_canonical_text(a) for a in actions], as_set=True)

    def events_digest(self, events: Sequence[Event]) -> str:
        """The digest of the events of one transition, in order; kept per tuple of events
        (many transitions repeat the same events: a roll, a boarding, a landing)."""
        kept: dict[Any, str] = self.__dict__.setdefault("_events_digests", {})
        try:
            return kept[events]
        except KeyError:
            pass
        except TypeError:  # an event's data holds a list, or a list of events: written afresh
            return list_digest([self._cached_text("_event_texts", e, self.core.event_to_json) for e in events])
        value = list_digest([self._cached_text("_event_texts", e, self.core.event_to_json) for e in events])
        if len(kept) >= self._TEXT_CACHE_MAX:
            kept.clear()
        kept[events] = value
        return value

    def observation_digest(self, state: Any, player: int) -> str:
        return digest_text(canonical_text(self.observation_to_json(state, player)))

    data_key: str | None = None
    """The key under which a state document carries the game's data set that an implementation
    may hold its own copy of (MLEM: ``board``), announced as ``board`` at the handshake."""

    def provisional_fields(self, data_doc: Mapping[str, Any]) -> dict[str, Any]:
        """The fields of a shipped data document that no source confirms: JSON Pointer (into the
        document) -> value. Vectors on the shipped data name those they depend on."""
        return {}

    def field_alternatives(self, pointer: str, value: Any) -> list[Any]:
        """Other plausible values of a provisional field (to find the vectors that depend on it)."""
        if isinstance(value, bool):
            return [not value]
        if isinstance(value, int):
            return [value + 1] + ([value - 1] if value > 0 else [])
        if isinstance(value, list) and value and all(isinstance(x, int) for x in value):
            return [[x + 1 for x in value]]
        if isinstance(value, list) and len(value) > 1:
            return [value[:-1]]
        return []

    def with_field(self, data_doc: dict[str, Any], pointer: str, value: Any) -> dict[str, Any]:
        """A copy of ``data_doc`` with the field at ``pointer`` set to ``value`` (``None``: removed),
        kept consistent where other fields follow from it. Only the objects and arrays on the
        way to the field are copied; the rest is shared with ``data_doc`` (neither is changed
        afterwards: treat both as read-only)."""
        tokens = [t.replace("~1", "/").replace("~0", "~") for t in pointer.strip("/").split("/")]
        out = copy.copy(data_doc)
        node: Any = out
        for t in tokens[:-1]:
            key: Any = int(t) if isinstance(node, list) else t
            node[key] = copy.copy(node[key])
            node = node[key]
        if isinstance(node, list):
            node[int(tokens[-1])] = value
        elif value is None:
            node.pop(tokens[-1], None)
        else:
            node[tokens[-1]] = value
        return out

    def default_player(self, state: Any, /) -> int:
        """The player a short action without ``player:N`` is played for."""
        for actor in self.core.actors(state):
            if isinstance(actor, int):
                return actor
        return 0

    def complete_action_doc(self, doc: dict[str, Any], state: Any | None) -> dict[str, Any]:
        """An action document with what a question may leave open (the player) filled in."""
        if "player" not in doc and state is not None:
            doc = {**doc, "player": self.default_player(state)}
        return doc

    def is_full_state(self, doc: Any) -> bool:
        return isinstance(doc, dict) and "format" in doc and doc.get("game") == self.core.info.id


class Notation(Role):
    """The notation role's defaults."""

    verbs: tuple[str, ...]
    """The first words of the game's short action notation (``explain`` tells them apart from
    file names); by default none: actions are written as their JSON documents."""

    def __init__(self, game: GameKit) -> None:
        super().__init__(game)
        if not hasattr(self, "verbs"):
            self.verbs = ()

    def parse_action(self, text: str, state: Any, player: int | None = None) -> Any:
        """Reads an action written as its JSON document (a game with a short notation overrides
        this); raises InvalidNotation."""
        try:
            doc = json.loads(text)
        except ValueError:
            raise InvalidNotation(f"{text!r}: {self.core.info.id} actions are written as JSON documents") from None
        if isinstance(doc, dict) and "player" not in doc and player is not None:
            doc = {**doc, "player": player}
        return self.core.action_from_json(doc)

    def action_text(self, action: Any, /, *, show_player: bool = False) -> str:
        """An action as its JSON document on one line (what :meth:`parse_action` reads back)."""
        return canonical_text(self.core.action_to_json(action))

    def chance_verb(self, state: Any) -> str:
        return ""

    def chance_example(self, state: Any) -> str:
        return f"type an outcome, e.g. '{self.action_text(self.core.chance_outcomes(state)[0][0])}'"

    def parse_chance(self, text: str, state: Any) -> Any:
        return self.parse_action(text, state)

    def public_action_text(self, state: Any, action: Any, /) -> str:
        """An action as the whole table may read it (what is secret left out)."""
        return self.action_text(action)

    def choice_hint(self, state: Any, action: Any, /) -> str:
        return ""

    def chance_prompt(self, state: Any) -> str:
        example = self.action_text(self.core.chance_outcomes(state)[0][0])
        return f"chance: type the outcome (e.g. '{example}'), or quit: "

    def notation_help(self, state: Any) -> str:
        return "type a number or a short form; quit to stop"


class Narration(Role):
    """The narration role's defaults."""

    def describe_event(self, event: Event, state: Any, /, observer: Observer = None) -> str:
        """An event as its type and fields (a game with words for its events overrides this)."""
        fields = ", ".join(f"{k} {v}" for k, v in event.data)
        return f"{event.type}" + (f": {fields}" if fields else "") + f" [{event.clause}]"

    def describe_state(self, state: Any, /, observer: Observer = None) -> str:
        """A position as its state document, one top-level field per line (what ``observer``
        may see of it)."""
        seen = state if not isinstance(observer, int) else self.core.observe(state, observer)
        doc = self.core.state_to_json(seen)
        return "\n".join(f"{k}: {canonical_text(v)}" for k, v in doc.items() if k not in ("format", "game"))

    def rejection_facts(self, state: Any, action: Any, clause: str) -> list[str]:
        """The facts of ``state`` (hidden ones included: this is the referee's view) that make
        ``action`` break ``clause``, one phrase each, for ``verify`` and ``explain``."""
        return []

    def status_text(self, state: Any) -> str:
        reason = self.game.scoring.ended_reason(state)
        return f"game over ({reason})" if self.core.is_over(state) else "game not over"

    def actor_phrase(self, state: Any, /) -> str:
        actors = self.core.actors(state)
        if not actors:
            return f"nobody: the game is over ({self.game.scoring.ended_reason(state)})"
        if actors == (CHANCE,):
            return "a chance outcome is due"
        if len(actors) == 1:
            return f"player {actors[0]} to act"
        return "players " + ", ".join(map(str, actors)) + " choose at once (secretly)"

    def key_facts(self, state: Any, events: Sequence[Event], /) -> dict[str, Any]:
        winners = self.game.scoring.winners(state)
        return {
            "to_act": list(self.core.actors(state)),
            "scores": list(self.game.scoring.totals(state)),
            "ended": self.game.scoring.ended_reason(state),
            "winners": list(winners) if self.core.is_over(state) else None,
        }

    def gist(self, state: Any, events: Sequence[Event], /) -> list[str]:
        return []

    def quiet_after(self, state: Any) -> bool:
        """Whether ``play`` skips showing the position after a step that led to ``state``
        (setup draws that follow one another without a decision)."""
        return False

    def event_sentence(self, event: Event, state: Any, /) -> str:
        """An event as a sentence (the ``description`` of explain's JSON)."""
        return self.describe_event(event, state)

    def describe_position(self, state: Any, /) -> list[str]:
        return self.describe_state(state, None).splitlines()

    def describe_alternatives(self, state: Any, actions: Sequence[Any]) -> str | None:
        return None

    def final_lines(self, state: Any, actions: int) -> list[str]:
        result = self.core.result_to_json(state)
        lines = [f"game over ({self.game.scoring.ended_reason(state)}) after {actions} actions; final scores:"]
        for p, s in enumerate(result["scores"]):
            parts = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in s.items() if k != "total")
            lines.append(f"  player {p}: {s.get('total')}" + (f" ({parts})" if parts else ""))
        winners = self.game.scoring.winners(state)
        lines.append(("winners (shared): " if len(winners) > 1 else "winner: ")
                     + ", ".join(f"player {p}" for p in winners))
        return lines


class Positions(Role):
    """The positions role's defaults."""

    def conformance_positions(self) -> list[tuple[str, dict[str, Any]]]:
        """``(name, state document)`` on the shipped data from which the standard-data vectors
        (datavectors.py) play extra seeded games, to reach what play from a new game does not.
        None by default."""
        return []

    def position_to_state(self, doc: Mapping[str, Any], /, base: Path | None = None) -> Any:
        raise MalformedInput(f"{self.core.info.id} has no compact positions: give a full state")

    def check_position(self, state: Any) -> None:
        """Checks a state built from a position (``referee explain``) as a state document is
        checked: by default the interchange round trip (a game may accept there what only a
        position may hold, such as a decision the engine passes over).

        Raises:
            RefereeError: the state is ill-typed or cannot occur.
        """
        self.core.state_from_json(self.core.state_to_json(state))

    def position_problems(self, state: Any) -> list[str]:
        """Why a position given by hand (``referee explain``) cannot occur in a game, beyond
        what the state checks already catch; ``[]`` by default."""
        return []


class Scoring(Role):
    """The scoring role's defaults."""

    def totals(self, state: Any, /) -> tuple[int, ...]:
        """Each player's total now: the ``total`` of each entry of the result's ``scores``."""
        return tuple(int(s["total"]) for s in self.core.result_to_json(state)["scores"])

    def winners(self, state: Any) -> tuple[int, ...]:
        """The winners of a finished game, from the result's ``outcome`` (``()`` before the end)."""
        outcome = self.core.result_to_json(state).get("outcome")
        return tuple(outcome["winners"]) if outcome else ()

    def score_sheet(self, state: Any, /) -> list[dict[str, Any]]:
        """Each player's score by category, ``total`` included (claimed-score entries)."""
        return list(self.core.result_to_json(state)["scores"])

    categories: tuple[str, ...] = ()
    """Every category a claimed score sheet may name, in order (``()``: those of the sheet)."""

    category_clauses: Mapping[str, str] = {}
    """Score category (``total`` and ``winners`` included) -> the clause that decides it."""

    def score_categories(self) -> tuple[str, ...]:
        """The game's :attr:`categories`."""
        return self.categories

    def category_clause(self, category: str) -> str | None:
        """The clause that decides a score category (``winners`` included), from
        :attr:`category_clauses`; ``None`` when the game names none."""
        return self.category_clauses.get(category)

    def scoring_events(self, state: Any) -> list[Event]:
        """The events of the end-of-game scoring for ``state``, each naming its clause (those
        the game ended with, or, before the end, as if it ended now); none by default.
        ``referee explain`` cites them when asked what a position scores or who wins."""
        return []

    def ended_reason(self, state: Any) -> str | None:
        outcome = self.core.result_to_json(state).get("outcome")
        return None if outcome is None else outcome.get("reason")

    def metrics(self, state: Any) -> dict[str, float]:
        return {}


class Probes(Role):
    """The probes role's defaults."""

    chance_clause: str | None = None
    """The clause that makes a chance outcome due (vectors that check chance probabilities cite
    it); ``None``: the game names none, and such vectors and divergences cite no clause."""

    fallback_clause: str | None = None
    """The clause a divergence is filed under when no event names one (a legal-action set)."""

    observation_clause: str | None = None
    """The clause a divergence of an observation is filed under."""

    def probe_rate(self, state: Any, action: Any) -> float:
        """How often fuzzing sends an :meth:`illegal_probe` before ``action`` (default 1 in 10)."""
        return 0.1

    def thresholds(self, state: Any) -> tuple[int, ...]:
        """How far ``state`` is from each rule threshold the game names (a score short of its
        target, the tokens left before a pile runs out): 0 exactly on one, none for a threshold
        passed or that no longer matters. ``fuzz --steer`` plays towards them (chance outcomes
        that come closer, games resumed from positions close to one); default: none."""
        return ()

    def illegal_probe(self, state: Any, action: Any, rng: random.Random) -> dict[str, Any] | None:
        """A plausible but illegal action document to send now and then while fuzzing (its
        rejection clause is compared): one of the game's :meth:`near_legal_actions`, or the
        chosen action from the wrong player."""
        candidates = list(self.near_legal_actions(state, rng))
        doc = self.core.action_to_json(action)
        players = self.core.player_count(state)
        if "player" in doc and players >= 2:
            doc["player"] = (doc["player"] + rng.randrange(1, players)) % players
            candidates.append(doc)
        return rng.choice(candidates) if candidates else None

    profiles: Mapping[str, str] = {
        "base": "the rules with the shipped data and default rule options",
        "options": "the other readings of disputed rules (rule options at non-default values)",
        "variants": "the game's variants or modes",
        "observations": "what each player may see (the observe command)",
        "custom-boards": "states carrying data other than the shipped sets",
        "perft": "counting vectors: every legal action, several decisions deep",
        "chance": "the probability of each chance outcome (capability chance-probabilities)",
    }
    """Profile name -> what it covers, ``base`` first (:meth:`conformance_profiles`). The default
    names one profile per kind of requirement a vector can state; a game renames or describes
    them here, and :meth:`vector_profiles` sorts vectors into them."""

    def conformance_profiles(self) -> dict[str, str]:
        """The named parts of this game's conformance suite (docs/conformance.md, "Profiles"):
        its :attr:`profiles`, less what the game does not have (``variants`` without variants,
        ``custom-boards`` without data sets, ``options`` without rule options: a profile no vector
        can be in would pass any claim). An adapter claims some of them at the handshake
        (``profiles``); every vector of a claimed profile must then run and pass."""
        info = self.core.info
        lacks = {"options": not info.options, "variants": not info.variants, "custom-boards": not info.data_sets}
        return {name: text for name, text in self.profiles.items() if not lacks.get(name)}

    def vector_profiles(self, vector: Mapping[str, Any]) -> tuple[str, ...]:
        """The profiles a vector document belongs to: ``base`` always, plus one per kind of
        requirement it states (a vector may also name them itself in ``profiles``). A vector is
        in the scope of a claim when every one of its profiles is claimed."""
        known = self.conformance_profiles()
        given = vector.get("profiles")
        if isinstance(given, list) and given:
            return tuple(dict.fromkeys(["base", *given]))
        given_requires = vector.get("requires")
        requires: Mapping[str, Any] = given_requires if isinstance(given_requires, Mapping) else {}
        found = ["base"]
        if vector.get("kind") == "perft":
            found.append("perft")
        if requires.get("variants"):
            found.append("variants")
        if self.game.options.non_default_options(vector):
            found.append("options")
        for cap in requires.get("capabilities") or ():
            cap = "chance" if cap == "chance-probabilities" else cap
            if cap in known and cap not in found:
                found.append(cap)
        return tuple(p for p in known if p in found) + tuple(p for p in found if p not in known)

    def near_legal_actions(self, state: Any, rng: random.Random) -> list[dict[str, Any]]:
        """Action documents close to legal ones (another player, a changed field) that the rules
        may reject in ``state``; the callers keep those the reference rejects."""
        return []

    def leak_probes(self, state: Any, player: int, rng: random.Random) -> list[tuple[str, Any]]:
        """States that differ from ``state`` only in what ``player`` may not see, each with a
        few words on what changed: the no-leak property says the observation is the same."""
        return []

    def own_probe(self, state: Any, player: int, rng: random.Random) -> Any | None:
        """A state that differs in something hidden from others but seen by ``player`` (so the
        no-leak check cannot pass vacuously); ``None`` when there is none here."""
        return None


class Impact(Role):
    """The impact role's defaults."""

    impact_metric_descriptions: Mapping[str, str] = {
        "mean_score": "the players' mean total score",
        "score_spread": "the best total minus the worst total",
    }
    """What each key of :meth:`impact_metrics` measures (a game adds its own)."""

    def impact_metrics(self, state: Any) -> dict[str, float]:
        """From the final totals: the mean score and the spread between best and worst, plus
        the game's :meth:`metrics`."""
        totals = self.game.scoring.totals(state)
        out = {k: float(v) for k, v in self.game.scoring.metrics(state).items()}
        out["mean_score"] = sum(totals) / len(totals) if totals else 0.0
        out["score_spread"] = float(max(totals) - min(totals)) if totals else 0.0
        return out

    def greedy_action(self, state: Any, rng: random.Random, player: int | None = None) -> Any:
        """A game without a greedy policy of its own plays uniformly at random."""
        return rng.choice(self.core.legal_actions(state, player))


class GameKit:
    """A game as the tools use it: the rules core, with every role built on it.

    The core's methods are on the kit itself (bound, at no cost: ``game.apply``); each role is
    an attribute (``game.narration``). Built by :func:`assemble`; ``games.load`` returns it.
    """

    core: Game
    info: GameInfo
    action_from_json: Callable[[Any], Any]
    action_to_json: Callable[[Any], dict[str, Any]]
    actors: Callable[[Any], tuple[Actor, ...]]
    apply: Callable[[Any, Any], Transition]
    chance_outcomes: Callable[[Any], tuple[tuple[Any, Fraction], ...]]
    event_kinds: Callable[[], Mapping[str, EventKind]]
    event_to_json: Callable[[Event], dict[str, Any]]
    initial_state: Callable[[Any], Any]
    is_over: Callable[[Any], bool]
    legal_actions: Callable[..., tuple[Any, ...]]
    observe: Callable[[Any, int], Any]
    player_count: Callable[[Any], int]
    random_setup: Callable[..., Any]
    result_to_json: Callable[[Any], dict[str, Any]]
    rule_checks: Callable[[], Mapping[str, Sequence[Any]]]
    setup_from_json: Callable[[Any], Any]
    setup_to_json: Callable[[Any], dict[str, Any]]
    state_from_json: Callable[[Any], Any]
    state_to_json: Callable[[Any], dict[str, Any]]
    rules: Rules
    options: Options
    setups: Setups
    interchange: Interchange
    notation: Notation
    narration: Narration
    positions: Positions
    scoring: Scoring
    probes: Probes
    impact: Impact

    def __init__(self, core: Game, roles: Mapping[str, type[Role]], *, partial: bool = False) -> None:
        self.core = core
        self.info = core.info
        missing = [name for name in CORE_METHODS if not callable(getattr(core, name, None))]
        if missing and not partial:
            raise TypeError(f"{core.info.id}: the rules core lacks {', '.join(missing)} (every game writes "
                            "the methods of games/interface.py's Game: docs/adding-a-game.md, 'The rules core')")
        for name in CORE_METHODS:
            if name not in missing:
                setattr(self, name, getattr(core, name))
        unknown = sorted(set(roles) - set(ROLE_DEFAULTS))
        if unknown:
            raise TypeError(f"{core.info.id}: unknown role(s) {', '.join(unknown)} (roles: {', '.join(ROLE_DEFAULTS)})")
        for name, default in ROLE_DEFAULTS.items():
            cls = roles.get(name, default)
            if not issubclass(cls, default):
                raise TypeError(f"{core.info.id}: the {name} role must subclass {default.__name__}")
            setattr(self, name, cls(self))


CORE_METHODS: tuple[str, ...] = ('action_from_json', 'action_to_json', 'actors', 'apply', 'chance_outcomes', 'event_kinds', 'event_to_json', 'initial_state', 'is_over', 'legal_actions', 'observe', 'player_count', 'random_setup', 'result_to_json', 'rule_checks', 'setup_from_json', 'setup_to_json', 'state_from_json', 'state_to_json')
"""The methods of the rules core, as the kit exposes them."""

ROLE_DEFAULTS: dict[str, type[Role]] = {
    "rules": Rules,
    "options": Options,
    "setups": Setups,
    "interchange": Interchange,
    "notation": Notation,
    "narration": Narration,
    "positions": Positions,
    "scoring": Scoring,
    "probes": Probes,
    "impact": Impact,
}
"""Every role, by attribute name, with its default class."""


def assemble(core: Game, *, partial: bool = False, **roles: type[Role]) -> GameKit:
    """The :class:`GameKit` of a rules core, with the given role classes in place of the defaults.

    Raises TypeError when the core lacks a method of the protocol, unless ``partial`` (for a
    test double that implements only what the tool under test calls)."""
    return GameKit(core, roles, partial=partial)
