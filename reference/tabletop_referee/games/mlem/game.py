"""MLEM behind the one game interface (:class:`~tabletop_referee.games.interface.Game`).

Every game-neutral tool reaches MLEM through :data:`GAME`: the rules core and the roles, each
bound to the engine, the interchange layer, the notation, positions and the descriptions for
people where those already say it, and written here only where MLEM has something of its own
to say.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

from ...loading import read_document
from ...paths import spec_dir
from ...errors import MalformedInput, RefereeError, UsageError
from ..roles import (Rules, Options as OptionsRole, Setups, Interchange, Notation, Narration, Positions, Scoring, Probes, Impact, assemble)
from ..interface import CHANCE, Event, EventKind, GameInfo, OptionSpec, SetupFlag, Transition, library_reader
from . import describe, engine, notation
from . import interchange as ix
from .position import state_from_position
from .texts import StateTexts
from .canonical import action_to_json
from .rules import scoring
from .events import EVENT_KINDS
from .rules.goals import goal_met
from .rules.work import full
from .model import DIE, GOALS, OPTION_VALUES, OPTION_VARIANT, VARIANTS, Action, Draw, Hidden, Move, Options, Roll, Setup, State

_T = TypeVar("_T")

_OPTIONS = (
    OptionSpec("variants", VARIANTS, (), kind="set", description="the variants played"),
    *(OptionSpec(name, values, values[0], requires=OPTION_VARIANT.get(name))
      for name, values in OPTION_VALUES.items()),
)

GREEDY_LAND_GAIN = 3
"""The greedy policy lands when that adds at least this many points to the owner's total."""
GREEDY_RISKY_DICE = 2
"""... or at any gain once the rocket has this many dice or fewer (a crash is likely)."""

class MlemGame:
    """MLEM: Space Agency, the base game and its three variants."""

    info = GameInfo(
        id="mlem",
        title="MLEM: Space Agency",
        players=(2, 5),
        options=_OPTIONS,
        data_sets={"boards": ("short", "standard"), "tokens": ("short", "standard")},
        setup_flags=(
            SetupFlag("board", "ID|FILE", "MLEM: board id or YAML/JSON file (default: standard)"),
            SetupFlag("variants", "LIST", "MLEM: variants to play, comma-separated: exploration, missions, ufo"),
            SetupFlag("tokens", "ID|FILE",
                      "MLEM: variant token set, an id in spec/mlem/tokens or a YAML/JSON file (default: the board's id)"),
        ),
        bdd_tests="tests/bdd",
        variants=VARIANTS,
    )

    # -- setup -----------------------------------------------------------------------------

    setup_from_json = staticmethod(library_reader(("mlem", "setup"), ix.setup_from_json))
    setup_to_json = staticmethod(ix.setup_to_json)

    def random_setup(self, rng: random.Random, *, players: int | None = None,
                     options: Mapping[str, Any] | None = None, vary: bool = False,
                     board: str = "standard") -> Setup:
        options = dict(options or {})
        if vary:
            variants = [v for v in VARIANTS if rng.random() < 0.5] if "variants" not in options else options["variants"]
            options["variants"] = variants
            for name, values in OPTION_VALUES.items():
                if name not in options and (name not in OPTION_VARIANT or OPTION_VARIANT[name] in variants):
                    options[name] = rng.choice(values)
        opts = ix.options_from_partial(options)
        b = ix.load_board(board)
        players = players or rng.randint(2, 5)
        tokens = ix.load_tokens(b.id) if opts.variants else None
        return Setup(players=players, board=b, start_player=rng.randrange(players), options=opts, tokens=tokens)

    initial_state = staticmethod(engine.initial_state)

    # -- actors, actions, chance -----------------------------------------------------------

    def actors(self, state: Any) -> tuple[Any, ...]:
        actor = engine.current_actor(state)
        return () if actor is None else (actor,)

    legal_actions = staticmethod(engine.legal_actions)
    chance_outcomes = staticmethod(engine.chance_outcomes)
    apply = staticmethod(engine.apply)

    _looked_ahead: tuple[State, Action, State] | None = None
    """The greedy policy's last chosen landing: (state, action, the state it leads to)."""

    def is_over(self, state: State) -> bool:
        return state.phase == "game-over"

    def event_kinds(self) -> Mapping[str, EventKind]:
        """Every kind of event this game emits (events.py)."""
        return EVENT_KINDS

    rule_checks = staticmethod(engine.rule_checks)
    observe = staticmethod(engine.observe)

    def result_to_json(self, state: Any) -> dict[str, Any]:
        result = engine.outcome(state)
        return {"scores": ix.scores_to_json(state, engine.scores(state)),
                "outcome": None if result is None else {"winners": list(result.winners), "reason": result.reason}}

    # -- interchange -----------------------------------------------------------------------

    state_to_json = staticmethod(ix.state_to_json)
    state_from_json = staticmethod(library_reader(("mlem", "state"), ix.state_from_json))
    action_to_json = staticmethod(action_to_json)
    action_from_json = staticmethod(library_reader(("mlem", "action"), ix.action_from_json))
    event_to_json = staticmethod(ix.event_to_json)

    def player_count(self, state: State) -> int:
        return state.players


def _swap_first(
    lists: tuple[tuple[_T, ...] | Hidden, ...], index: int, token: _T
) -> tuple[tuple[_T, ...] | Hidden, ...]:
    """``lists`` with the first token of ``lists[index]`` replaced by ``token`` (of a full state)."""
    changed = (token, *full(lists[index])[1:])
    return lists[:index] + (changed,) + lists[index + 1:]


def _drawable(state: State) -> list[str]:
    """The ids of the tokens a draw may reveal (at a draw phase every legal action is a draw)."""
    return [a.token for a in engine.legal_actions(state) if isinstance(a, Draw)]


def _relative(path: str) -> str:
    return path[1:] if path.startswith("$") else ""


class MlemRules(Rules):
    """MLEM's rules."""

    core: MlemGame

    def sample_chance(self, state: Any, rng: random.Random) -> Any:
        if state.phase == "roll":  # six fair dice, without enumerating the 462 distinct rolls
            return Roll(tuple(rng.choices(DIE, k=state.rocket.dice)))
        return rng.choice(engine.legal_actions(state))  # each token left equally likely

    apply_legal = staticmethod(engine.apply_legal)

    def advance(self, state: Any, action: Any) -> Any:
        # the greedy policy's look-ahead already played the landing it chose
        ahead = self.core._looked_ahead
        if ahead is not None and ahead[0] is state and ahead[1] == action:
            return ahead[2]
        return engine.advance(state, action)

    violations = staticmethod(engine.violations)

    def pinned_chance(
        self, state: Any, pins: Mapping[str, Sequence[Any]], used: Mapping[str, int]
    ) -> tuple[str, Action] | None:
        """Perft pins (docs/vectors.md): ``rolls`` (each truncated to the dice available) and
        token ids per draw phase."""
        key = "rolls" if state.phase == "roll" else state.phase
        n = used.get(key, 0)
        pinned = pins.get(key, ())
        if n >= len(pinned):
            return None
        if key == "rolls":
            return key, Roll(tuple(pinned[n][: state.rocket.dice]))
        return key, Draw(pinned[n])

    def chance_prefix(self, state: Any) -> tuple[State, Roll] | None:
        """A position in phase ``move`` holds a roll whose effect may depend on an option
        (die_one_rescue decides whether it crashes): the state before the roll, and the roll,
        when the position is what that roll gives."""
        if state.phase != "move":
            return None
        before = dataclasses.replace(state, phase="roll", rocket=dataclasses.replace(state.rocket, roll=None))
        roll = Roll(state.rocket.roll)
        if engine.apply(before, roll).state == state:
            return before, roll
        return None

    def input_level(self, action_doc: Mapping[str, Any]) -> int:
        """Level 2 (0.2.0) widened the move document: ``dice`` (a group used in part), an
        extra-face move that names groups too (ufo_extra_face_use=with-dice) and, as a rule
        question rather than a schema error, a move naming no group or a face twice
        (travel.group-count, travel.whole-group)."""
        if action_doc.get("type") != "move":
            return 1
        faces = action_doc.get("faces")
        if "dice" in action_doc:
            return 2
        if action_doc.get("ability") == "extra-face":  # with dice too (ufo_extra_face_use=with-dice)
            return 2 if faces else 1
        if isinstance(faces, list) and ((not faces and "ability" not in action_doc)
                                        or len({str(f) for f in faces}) < len(faces)):
            return 2
        return 1

    state_problems = staticmethod(ix.state_problems)


class MlemOptions(OptionsRole):
    """MLEM's options."""

    core: MlemGame

    def option_context(self, option: OptionSpec) -> dict[str, Any]:
        """A variant's own option is measured in games of that variant alone."""
        return {"variants": [option.requires]} if option.requires else {}

    def option_applies(self, state: Any, option: OptionSpec) -> bool:
        return option.requires is None or option.requires in state.options.variants

    def option_value(self, state: Any, name: str) -> Any:
        return getattr(state.options, name)

    def with_options(self, state: Any, pairs: Mapping[str, Any]) -> Any:
        if "variants" in pairs:
            raise MalformedInput("variants cannot be changed (the position holds the variants' tokens)")
        ix.options_from_partial({**pairs, "variants": list(state.options.variants)})
        return dataclasses.replace(state, options=dataclasses.replace(state.options, **pairs))


class MlemSetups(Setups):
    """MLEM's setups."""

    core: MlemGame

    setup_clause = "setup.players"

    def setup_from_args(self, *, players: int | None, start_player: int | None, options: Mapping[str, Any],
                        flags: Mapping[str, str], rng: random.Random | None = None) -> Setup:
        raw = flags.get("variants")
        variants = [v.strip() for v in (raw or "").split(",") if v.strip()]
        for v in variants:
            if v not in VARIANTS:
                raise UsageError(f"--variants {raw}: unknown variant {v!r} (known: {', '.join(VARIANTS)})")
        if flags.get("tokens") and not variants:
            raise UsageError("--tokens: the token set is for the variants; give --variants too")
        for name, value in options.items():
            if name not in OPTION_VALUES:
                raise UsageError(f"--option {name}: unknown rule option (known: {', '.join(OPTION_VALUES)})")
            if value not in OPTION_VALUES[name]:
                allowed = ", ".join(str(v).lower() for v in OPTION_VALUES[name])
                raise UsageError(f"--option {name}={value}: not one of {allowed}")
            if name in OPTION_VARIANT and OPTION_VARIANT[name] not in variants:
                raise UsageError(f"--option {name}: applies only with --variants {OPTION_VARIANT[name]}")
        if players is not None and not 2 <= players <= 5:
            raise UsageError(f"--players {players}: MLEM is for 2 to 5 players")
        if players is not None and start_player is not None and not 0 <= start_player < players:
            raise UsageError(f"--start-player {start_player}: not one of players 0..{players - 1}")
        try:
            opts = ix.options_from_partial({**options, "variants": variants})
        except RefereeError as exc:
            raise UsageError(f"--option: {exc.message}") from None
        board = ix.load_board(flags.get("board") or "standard")
        tokens = None
        if variants:
            tokens = ix.load_tokens(flags.get("tokens") or board.id)
            problems = ix.token_set_problems(tokens, board)
            if problems:
                raise UsageError(f"--tokens {flags.get('tokens') or board.id}: does not fit board {board.id}: "
                                 f"{problems[0]}")
        rng = rng or random.Random(0)
        players = players or rng.randint(2, 5)
        start = start_player if start_player is not None else rng.randrange(players)
        return Setup(players=players, board=board, start_player=start, options=opts, tokens=tokens)

    def with_seating(self, setup: Setup, players: int, start_player: int) -> Setup:
        return dataclasses.replace(setup, players=players, start_player=start_player)

    def setup_from_log(self, doc: Any) -> Setup:
        """The setup of a log's setup line. Only shipped boards and token sets may be named by
        id; errors carry a path inside the setup document."""
        board_doc = doc.get("board", "standard")
        if isinstance(board_doc, str):
            if board_doc not in ix.board_ids():
                raise MalformedInput(f"unknown board id {board_doc!r} (shipped boards: "
                                     f"{', '.join(ix.board_ids())}); write any other board inline", path="$.board")
            board = ix.load_board(board_doc)
        else:
            try:
                board = ix.board_from_json(board_doc)
            except RefereeError as exc:
                raise MalformedInput(exc.message, path="$.board" + _relative(exc.path)) from None
        try:
            options = ix.options_from_partial(doc.get("options", {}))
        except RefereeError as exc:
            raise MalformedInput(exc.message, path="$" + _relative(exc.path)) from None
        tokens = None
        if options.variants:
            tokens_doc = doc.get("tokens", board.id)
            if isinstance(tokens_doc, str):
                if tokens_doc not in ix.token_set_ids():
                    default = "" if "tokens" in doc else f" (the default: the board's id {board.id!r})"
                    raise MalformedInput(f"unknown token set id {tokens_doc!r}{default} (shipped token sets: "
                                         f"{', '.join(ix.token_set_ids())}); write any other token set inline",
                                         path="$.tokens")
                tokens = ix.load_tokens(tokens_doc)
            else:
                try:
                    tokens = ix.tokens_from_json(tokens_doc, path="$.tokens")
                except RefereeError as exc:
                    raise MalformedInput(exc.message,
                                         path="$.tokens" + _relative(exc.path).removeprefix(".tokens")) from None
            problems = ix.token_set_problems(tokens, board)
            if problems:
                raise MalformedInput(f"token set {tokens.id!r} does not fit board {board.id!r}: "
                                     + "; ".join(problems), path="$.tokens")
        return Setup(players=doc["players"], board=board, start_player=doc["start_player"], options=options,
                     tokens=tokens)

    def setup_facts(self, setup: Setup) -> dict[str, Any]:
        facts: dict[str, Any] = {"board": setup.board.id, "options": ix.options_to_json(setup.options)}
        if setup.tokens is not None and setup.options.variants:
            facts["tokens"] = setup.tokens.id
        return facts

    def fuzz_setup(self, rng: random.Random, supported: Mapping[str, Sequence[Any]] | None,
                   custom_data: bool, variants: Sequence[str] = ()) -> dict[str, Any]:
        """Each announced variant on with probability 1/2; a variant's own options only when it
        is on. With no variant announced, base games drawn exactly as before variants existed."""
        players = rng.randint(2, 5)
        chosen = [v for v in VARIANTS if v in variants and rng.random() < 0.5] if variants else []
        options: dict[str, Any] = {}
        for name, values in OPTION_VALUES.items():
            if name in OPTION_VARIANT and OPTION_VARIANT[name] not in chosen:
                continue
            allowed = [v for v in values if not supported or name not in supported or v in supported[name]]
            if allowed:
                options[name] = rng.choice(allowed)
        if chosen:
            options["variants"] = chosen
        doc = {
            "players": players,
            "start_player": rng.randrange(players),
            "board": rng.choice(("standard", "short")) if custom_data else "standard",
            "options": options,
        }
        if chosen and custom_data and rng.random() < 0.5:
            tokens = self._fuzz_tokens(rng, doc)
            if tokens is not None:
                doc["tokens"] = tokens
        return doc

    def _fuzz_tokens(self, rng: random.Random, setup: dict[str, Any]) -> dict[str, Any] | None:
        """Another token set for the setup's board: the shipped one with about a quarter of each
        pile left out (inline, so it needs custom data); ``None`` if the result does not fit."""
        tokens = ix.tokens_to_json(ix.load_tokens(setup["board"]))
        tokens["id"] = "fuzz"
        for pile in ("exploration", "missions", "arrivals"):
            items = list(tokens.get(pile) or [])
            keep = max(1, len(items) - rng.randint(0, len(items) // 4))
            tokens[pile] = sorted(rng.sample(items, keep), key=lambda t: t["id"])
        try:
            doc = {**setup, "tokens": tokens}
            engine.initial_state(ix.setup_from_json(doc))
        except RefereeError:
            return None
        return tokens

    def smoke_setup(self) -> dict[str, Any]:
        return {"players": 2, "start_player": 0, "board": "standard", "options": {}}

    def conformance_setups(self) -> list[dict[str, Any]]:
        # the defaults apply: no options, the standard board by id (its absence means the same)
        return [{"players": n, "start_player": n - 2, "board": "standard"} for n in (2, 3, 4, 5)] + \
               [{"players": 3, "start_player": 1}]

    def refusal_cases(self) -> list[dict[str, Any]]:
        ok = {"players": 3, "start_player": 0}
        embark = {"type": "embark", "player": 0, "astronaut": "satellite"}

        def setup(description: str, clause: str, doc: dict[str, Any], invalid: bool = True) -> dict[str, Any]:
            return {"description": description, "clause": clause, "setup": doc, "invalid": invalid}

        def action(description: str, clause: str, doc: dict[str, Any]) -> dict[str, Any]:
            return {"description": description, "clause": clause, "setup": ok, "action": doc, "invalid": True}

        return [
            setup("Refused setup: six players", "setup.players", {"players": 6, "start_player": 0}, invalid=False),
            setup("Refused setup: one player", "setup.players", {"players": 1, "start_player": 0}, invalid=False),
            setup("Refused setup: a start player the table does not have", "setup.start-player",
                  {"players": 3, "start_player": 3}, invalid=False),
            setup("Unreadable setup: an unknown board id", "setup.board", {**ok, "board": "moon"}),
            setup("Unreadable setup: an unknown variant", "variants.selection", {**ok, "options": {"variants": ["warp"]}}),
            setup("Unreadable setup: a variant named twice", "variants.selection",
                  {**ok, "options": {"variants": ["ufo", "ufo"]}}),
            setup("Unreadable setup: a variant's option without the variant", "variants.selection",
                  {**ok, "options": {"ufo_encounter": "exact"}}),
            setup("Unreadable setup: an unknown token set id", "variants.selection",
                  {**ok, "options": {"variants": ["exploration"]}, "tokens": "nope"}),
            action("Malformed action: an unknown action type", "turn.phase", {"type": "fly"}),
            action("Malformed action: a field missing", "turn.phase", {"type": "embark", "player": 0}),
            action("Malformed action: a field too many", "turn.phase", {**embark, "speed": 2}),
            action("Malformed action: an unknown astronaut", "components.astronauts", {**embark, "astronaut": "dog"}),
            action("Malformed action: a face no die has", "components.dice", {"type": "roll", "faces": ["7"]}),
            action("Malformed action: a player number out of range", "turn.actor", {**embark, "player": 9}),
        ]


class MlemInterchange(Interchange):
    """MLEM's interchange."""

    core: MlemGame

    data_key = "board"

    def provisional_fields(self, data_doc: Mapping[str, Any]) -> dict[str, Any]:
        """Every field a ``provisional`` list of the board names (spec/mlem/boards/standard.yaml)."""
        out: dict[str, Any] = {}

        def walk(node: Mapping[str, Any], prefix: str) -> None:
            for name in node.get("provisional", ()):
                head, _, rest = name.partition(".")
                value = node.get(head)
                pointer = f"{prefix}/{head}"
                if rest and isinstance(value, Mapping):
                    value, pointer = value.get(rest), f"{pointer}/{rest}"
                out[pointer] = value

        walk(data_doc, "")
        for pid, planet in sorted((data_doc.get("planets") or {}).items()):
            walk(planet, f"/planets/{pid}")
        for i, space in enumerate(data_doc.get("spaces") or ()):
            walk(space, f"/spaces/{i}")
        return out

    def field_alternatives(self, pointer: str, value: Any) -> list[Any]:
        if pointer.endswith("/faces") and isinstance(value, list):
            # other number faces; the afterburner face stays as it is (its dot value goes with it)
            numbers = [f for f in value if f != "afterburner"]
            rest = [f for f in value if f == "afterburner"]
            others = [f for f in ("1", "2", "3", "4") if f not in numbers]
            out = []
            if others:
                out.append(sorted(others[:max(1, len(numbers))]) + rest)
            if len(numbers) > 1:
                out.append(numbers[1:] + rest)
            return out
        if pointer.endswith("/afterburner") and isinstance(value, int):
            return [v for v in (value + 1, value - 1) if 1 <= v <= 3]
        if pointer.endswith("/planet"):
            return [None, "P1" if value != "P1" else "P2"]
        if value is None:
            return [1]
        return super().field_alternatives(pointer, value)

    def with_field(self, data_doc: dict[str, Any], pointer: str, value: Any) -> dict[str, Any]:
        if pointer != "/deep_space/space":
            return super().with_field(data_doc, pointer, value)
        # the track length is the number of spaces before deep space: add or remove one
        out = super().with_field(data_doc, pointer, value)
        spaces = list(out["spaces"])
        while len(spaces) - 1 < value:
            spaces.insert(-1, {"faces": ["1", "2", "3"]})
        while len(spaces) - 1 > value:
            spaces.pop(-2)
        out["spaces"] = spaces
        return out

    def uses_custom_data(self, state_doc: Mapping[str, Any]) -> bool:
        custom: bool = state_doc["board"]["id"] != "standard"
        return custom

    def hides_anything(self, state: Any) -> bool:
        return bool(state.options.variants)

    def state_canonical_text(self, state: Any) -> str:
        return self._texts().text(state)  # parts kept while unchanged (texts.py)

    def state_digest(self, state: Any) -> str:
        return self._texts().digest(state)

    def observation_digest(self, state: Any, player: int) -> str:
        if not isinstance(player, int) or isinstance(player, bool):  # None too: not "no observer"
            engine.observe(state, player)  # raises IllegalAction (observation.per-player)
        return self._texts().digest(state, player)

    def _texts(self) -> StateTexts:
        texts: StateTexts | None = self.__dict__.get("_state_texts")
        if texts is None:
            texts = self.__dict__["_state_texts"] = StateTexts()
        return texts

    default_player = staticmethod(describe.default_player)

    def complete_action_doc(self, doc: dict[str, Any], state: Any | None) -> dict[str, Any]:
        doc = dict(doc)
        player = 0 if state is None else self.default_player(state)
        if doc.get("type") not in ("roll", "draw"):
            doc.setdefault("player", player)
        if doc.get("type") == "move":
            doc.setdefault("die_one", [])
            if not doc.get("faces") and doc["die_one"]:
                doc["faces"] = ["1"]  # as in the notation: the Die-1 belongs to the 1s group
        return doc


class MlemNotation(Notation):
    """MLEM's notation."""

    core: MlemGame

    verbs = notation.VERBS

    def parse_action(self, text: str, state: Any, player: int | None = None) -> Any:
        if state is None:  # syntax only: the stand-ins do not change what is accepted
            return notation.parse_action(text, player or 0, here=0)
        who = self.game.interchange.default_player(state) if player is None else player
        return notation.parse_action(text, who, here=state.rocket.space, tokens=describe.token_ids(state))

    action_text = staticmethod(notation.action_text)
    public_action_text = staticmethod(describe.echo)
    choice_hint = staticmethod(describe.choice_hint)

    def chance_prompt(self, state: Any) -> str:
        if state.phase == "roll":
            dice = state.rocket.dice
            return f"roll {dice} {'die' if dice == 1 else 'dice'}: type the faces (1 2 3 4 a), or quit: "
        ids = _drawable(state)
        what = {"exploration-setup": "an exploration token", "exploration-draw": "an exploration token",
                "mission-deal": "a mission", "arrival": "an arrival token"}[state.phase]
        return f"draw {what} ({len(ids)} face down): type the token drawn, or quit: "

    def chance_example(self, state: Any) -> str:
        if state.phase == "roll":
            dice = state.rocket.dice
            return f"type the {dice} faces shown, e.g. '{' '.join(['2'] * dice)}'"
        ids = _drawable(state)
        return f"type the id of the token drawn, e.g. '{ids[0]}'"

    def parse_chance(self, text: str, state: Any) -> Any:
        """A chance outcome typed at a real table: faces (``2 2 3``) or a token id."""
        if state.phase == "roll":
            return notation.parse_action(text if text.lower().startswith("roll") else "roll " + text, 0)
        ids = _drawable(state)
        return notation.parse_action(text if text.lower().startswith("draw ") else "draw " + text, 0, tokens=ids)

    def chance_verb(self, state: Any) -> str:
        return "roll" if state.phase == "roll" else "draw"

    def notation_help(self, state: Any) -> str:
        return ("type a number or a short form (embark satellite, move 2+a, move 1 die-one:2, land 7, stay"
                + ("; discard M04, reroll, move extra-face, move 2 keep-dice" if state.options.variants else "")
                + "); quit to stop")


class MlemNarration(Narration):
    """MLEM's narration."""

    core: MlemGame

    def status_text(self, state: Any) -> str:
        if self.core.is_over(state):
            return f"game over ({state.ended})"
        return f"game not over (expedition {state.expedition}, phase {state.phase})"

    def describe_event(self, event: Event, state: Any, observer: Any = None) -> str:
        return notation.event_line(event, state.board, observer=observer)

    def event_sentence(self, event: Event, state: Any) -> str:
        return notation.describe_event(event, state.board)

    def describe_state(self, state: Any, observer: Any = None) -> str:
        return "\n".join(describe.describe_state(state, observer))

    describe_position = staticmethod(describe.render_position)
    actor_phrase = staticmethod(describe.actor_phrase)
    key_facts = staticmethod(describe.key_facts)
    gist = staticmethod(describe.gist)

    def describe_alternatives(self, state: Any, actions: Sequence[Any]) -> str | None:
        if state.phase == "roll":
            shorts = [notation.action_text(a) for a in actions]
            return (f"any roll of exactly {state.rocket.dice} dice ({len(actions)} distinct results), e.g. "
                    + "; ".join(shorts[:8]) + ("; ..." if len(shorts) > 8 else ""))
        if engine.current_actor(state) == CHANCE:
            return ("(chance) any token left in the pile, each equally likely: "
                    + "; ".join(notation.action_text(a) for a in actions))
        return None

    def quiet_after(self, state: Any) -> bool:
        return state.phase in ("exploration-setup", "mission-deal")

    def final_lines(self, state: Any, actions: int) -> list[str]:
        result = engine.outcome(state)
        assert result is not None  # the final lines are those of a finished game
        variants = state.options.variants
        lines = [f"game over ({result.reason}) after {actions} actions; final scores [scoring.winner]:"]
        for p, s in enumerate(result.scores):
            parts = f"moons {s.moons}, planets {s.planets}, deep space {s.deep_space}, goals {s.goals}"
            for name in ("exploration", "missions", "ufo"):
                if name in variants:
                    parts += f", {name} {getattr(s, name)}"
            lines.append(f"  player {p}: {s.total} ({parts})")
        if state.missions is not None:  # kept missions are shown once the game is over [missions.hidden]
            for line in describe.variant_lines(state, notation.TABLE):
                if line.startswith("missions: "):
                    lines.append("  kept " + line)
        names = ", ".join(f"player {p}" for p in result.winners)
        lines.append(("winners (shared): " if len(result.winners) > 1 else "winner: ") + names)
        return lines


class MlemPositions(Positions):
    """MLEM's positions."""

    core: MlemGame

    def conformance_positions(self) -> list[tuple[str, dict[str, Any]]]:
        """The positions of spec/mlem/standard-positions.yaml (explain's position format)."""
        doc = read_document(spec_dir("mlem") / "standard-positions.yaml", what="positions", fmt="yaml")
        return [(p["name"], ix.state_to_json(state_from_position(p["position"]))) for p in doc["positions"]]

    def position_to_state(self, doc: Mapping[str, Any], base: Path | None = None) -> Any:
        doc = dict(doc)
        # A board or token file named in a question file is read from the question file's folder.
        for key in ("board", "tokens"):
            value = doc.get(key)
            if (base is not None and isinstance(value, str) and Path(value).suffix in (".yaml", ".yml", ".json")
                    and not Path(value).is_absolute()):
                doc[key] = str(base / value)
        return state_from_position(doc)

    def check_position(self, state: Any) -> None:
        # A position may stop a landing phase at a seat the engine passes over, to ask why
        # it cannot land [landing.optional]; a state document may not (interchange.state).
        ix.state_from_json(ix.state_to_json(state), position=True)

    def position_problems(self, state: Any) -> list[str]:
        """[goal.first-come]: goals are checked after every landing, so with goal_claims=any-landing
        a goal nobody holds cannot already be met by someone's landed astronauts."""
        if state.options.goal_claims != "any-landing":
            return []
        problems = []
        for goal, holder in zip(GOALS, state.goals):
            met = [p for p in range(state.players) if holder is None and goal_met(state, p, goal)]
            if met:
                problems.append(f"player {met[0]}'s landed astronauts already meet the {goal} goal, which"
                                f" nobody holds: it would have been claimed at that landing (goal.first-come)")
        return problems


class MlemScoring(Scoring):
    """MLEM's scoring."""

    core: MlemGame

    _kept_totals: tuple[tuple[tuple[int, ...], tuple[Any, ...], tuple[int, ...]], ...] = ()
    """The last few totals :meth:`totals` computed, each with the parts of the state that
    scoring reads."""

    def totals(self, state: State, /) -> tuple[int, ...]:
        """:func:`engine.totals`, kept while the parts of the state that scoring reads are the
        very same objects (a stay changes none of them, and the state after a landing is the
        one its look-ahead scored)."""
        parts = (state.board, state.options, state.landed, state.goals, state.exploration,
                 state.missions, state.ufo)
        key = (len(state.reserves), *map(id, parts))  # the parts are kept alive with the key
        for kept, _parts, totals in self._kept_totals:
            if kept == key:
                return totals
        totals = engine.totals(state)
        self._kept_totals = ((key, parts, totals), *self._kept_totals[:3])
        return totals

    def score_sheet(self, state: Any) -> list[dict[str, Any]]:
        return ix.scores_to_json(state, engine.scores(state))

    categories = ("moons", "planets", "deep_space", "goals", "exploration", "missions", "ufo", "total")
    category_clauses = {
        "moons": "scoring.moons",
        "planets": "scoring.planets",
        "deep_space": "scoring.deep-space",
        "goals": "scoring.goals",
        "exploration": "exploration.points",
        "missions": "missions.scoring",
        "ufo": "ufo.scoring",
        "total": "scoring.winner",
        "winners": "scoring.winner",
    }

    def scoring_events(self, state: Any) -> list[Event]:
        # the doublings scored on landing, then the end-of-game scoring (as if it ended now)
        return [*scoring.landing_doubles(state), *scoring.final_scoring(state)]

    def ended_reason(self, state: State) -> str | None:
        return state.ended

    def metrics(self, state: Any) -> dict[str, float]:
        return {"crashes": state.crashes, "expeditions": state.expedition}


class MlemProbes(Probes):
    """MLEM's probes."""

    core: MlemGame

    profiles = {
        "base": "the base game on the standard board, default rule options",
        "options": "the other readings of the disputed rules (dice_selection, tie_break, game_end, "
                   "die_one_rescue, ufo_encounter at non-default values)",
        "variants": "Exploration, Secret Missions and UFO, alone and combined",
        "observations": "what one player may see of a state (secret missions, face-down piles)",
        "custom-boards": "boards and token sets other than the shipped standard ones "
                         "(most feature scenarios use the synthetic short board)",
        "perft": "counting vectors: every legal action, several decisions deep",
        "chance": "the probability of each distinct roll (capability chance-probabilities)",
    }

    chance_clause = "travel.roll"
    fallback_clause = "turn.phase"
    observation_clause = "observation.per-player"

    def thresholds(self, state: Any) -> tuple[int, ...]:
        """[ufo.arrivals-exhausted]: the arrival tokens left in the pile (UFO variant)."""
        ufo = state.ufo
        return (len(ufo.pile),) if ufo is not None and isinstance(ufo.pile, tuple) else ()

    def near_legal_actions(self, state: Any, rng: random.Random) -> list[dict[str, Any]]:
        players = self.core.player_count(state)
        docs = [self.core.action_to_json(a) for a in self.core.legal_actions(state)[:6]] if self.core.actors(state) != (CHANCE,) \
            else [self.core.action_to_json(a) for a, _p in self.core.chance_outcomes(state)[:3]]  # only these are used
        out: list[dict[str, Any]] = []
        faces = ["1", "2", "3", "4", "afterburner"]
        for doc in docs[:6]:
            if "player" in doc:
                out.append({**doc, "player": (doc["player"] + 1) % players})
            if doc["type"] == "move" and doc.get("faces"):
                missing = [f for f in faces if f not in doc["faces"]]
                if missing:
                    out.append({**doc, "faces": sorted([*doc["faces"], rng.choice(missing)], key=faces.index)})
                    out.append({**doc, "faces": [rng.choice(missing)]})
                out.append({**doc, "die_one": [] if doc["die_one"] else [doc["player"]]})
                out.append({**doc, "faces": [doc["faces"][0], *doc["faces"]]})  # a group named twice
                out.append({**doc, "faces": []})  # no group
            if doc["type"] == "roll":
                out.append({**doc, "faces": doc["faces"] + ["1"]})
                if len(doc["faces"]) > 1:
                    out.append({**doc, "faces": doc["faces"][:-1]})
            if doc["type"] == "embark":
                out.append({**doc, "astronaut": rng.choice(["satellite", "parachute", "die-one", "plus-minus"])})
            if doc["type"] == "land":
                out.append({**doc, "space": doc["space"] + 1})
        if docs and "player" in docs[0]:
            out.append({"type": "stay", "player": docs[0]["player"]})
            out.append({"type": "roll", "faces": ["1", "2"]})
        return out

    def leak_probes(self, state: Any, player: int, rng: random.Random) -> list[tuple[str, Any]]:
        """Face-down piles reordered; another player's kept (before the end) or discarded
        missions swapped with a face-down one."""
        probes = []
        for name in ("exploration", "missions", "ufo"):
            section = getattr(state, name)
            if section is not None and len(section.pile) > 1:
                probes.append((f"the order of the {name} pile",
                               dataclasses.replace(state, **{name: dataclasses.replace(
                                   section, pile=tuple(reversed(section.pile)))})))
        m = state.missions
        if m is not None and m.pile:
            over = state.phase == "game-over"
            for q in range(state.players):
                if q == player:
                    continue
                if m.hands[q] and not over:
                    hands = _swap_first(m.hands, q, m.pile[0])
                    probes.append((f"player {q}'s kept missions", dataclasses.replace(
                        state, missions=dataclasses.replace(m, hands=hands, pile=(m.hands[q][0], *m.pile[1:])))))
                if m.discarded[q]:
                    discarded = _swap_first(m.discarded, q, m.pile[0])
                    probes.append((f"player {q}'s discarded mission", dataclasses.replace(
                        state, missions=dataclasses.replace(m, discarded=discarded,
                                                            pile=(m.discarded[q][0], *m.pile[1:])))))
        return probes

    def own_probe(self, state: Any, player: int, rng: random.Random) -> Any | None:
        m = state.missions
        if m is None or not m.pile or not m.hands[player]:
            return None
        return dataclasses.replace(state, missions=dataclasses.replace(
            m, hands=_swap_first(m.hands, player, m.pile[0]), pile=(m.hands[player][0], *m.pile[1:])))


class MlemImpact(Impact):
    """MLEM's impact."""

    core: MlemGame

    impact_metric_descriptions = {
        **Impact.impact_metric_descriptions,
        "expeditions": "expeditions played",
        "crashes": "expeditions that ended in a crash",
        "crash_rate": "crashes per expedition",
    }

    def impact_metrics(self, state: Any) -> dict[str, float]:
        out = super().impact_metrics(state)
        out["crash_rate"] = state.crashes / state.expedition if state.expedition else 0.0
        return out

    def greedy_action(self, state: Any, rng: random.Random, player: int | None = None) -> Any:
        """MLEM's greedy policy (docs/impact.md):

        - the commander moves as far as the roll allows (the move whose ``moved`` event goes
          furthest; the first such in the engine's order), and uses a UFO reroll only when no
          move is left;
        - an astronaut asked whether to land takes the site that adds most to its owner's total
          now, if that is at least :data:`GREEDY_LAND_GAIN` points (a planet award or a good moon
          in reach), or any gain when the rocket has at most :data:`GREEDY_RISKY_DICE` dice left
          (the next leg is likely to crash); otherwise it stays aboard;
        - in a crash a parachute lands whenever that gains anything;
        - boarding and mission discards are uniformly random.
        """
        actions = engine.legal_actions(state)
        phase = state.phase
        if phase == "move":
            fastest: Move | None = None
            furthest = -1
            for action in actions:
                if not isinstance(action, Move):
                    continue
                to = engine.move_target(state, action)
                if to > furthest:
                    fastest, furthest = action, to
            return fastest if fastest is not None else actions[0]
        if phase in ("landing", "parachute"):
            who = engine.current_actor(state)
            assert isinstance(who, int)  # a landing decision is a player's
            now = self.game.scoring.totals(state)[who]
            best: tuple[Action, State] | None = None
            gain = 0
            for action in actions:
                if action.type != "land":
                    continue
                ahead = engine.advance(state, action)
                after = self.game.scoring.totals(ahead)[who] - now
                if after > gain:
                    best, gain = (action, ahead), after
            if best is not None and (phase == "parachute" or gain >= GREEDY_LAND_GAIN
                                     or state.rocket.dice <= GREEDY_RISKY_DICE):
                self.core._looked_ahead = (state, *best)
                return best[0]
            return next(a for a in actions if a.type == "stay")
        return rng.choice(actions)


GAME = assemble(
    MlemGame(),
    rules=MlemRules,
    options=MlemOptions,
    setups=MlemSetups,
    interchange=MlemInterchange,
    notation=MlemNotation,
    narration=MlemNarration,
    positions=MlemPositions,
    scoring=MlemScoring,
    probes=MlemProbes,
    impact=MlemImpact,
)
