"""``referee explain``: pose a rules question to the reference engine and show its reasoning.

A question is a position, one or more actions and, optionally, free text::

    referee explain --game mlem position.yaml "move 1 die-one"
    referee explain --game mlem question.yaml          # {position, actions, question}

Every action is played with :func:`~tabletop_referee.games.mlem.apply`; the answer lists the
events the engine reports, each with the clause that produced it (title, text, confidence and
sources from ``spec/mlem``), or the clause that rejects the action together with the legal
alternatives. Nothing here decides a rule: where the answer hangs on a disputed rule, the same
question is simply replayed under each other reading of the rule option and the outcomes are
compared.

Actions are written in the short notation of :mod:`tabletop_referee.games.mlem.notation`
(shared with ``referee play``): ``roll 1,2,2,3``, ``move 2+afterburner``, ``move 1 die-one:2``,
``land 7``, ``stay``, ``embark satellite``, and with the variants ``draw E07``, ``discard M04``,
``reroll``, ``move extra-face``, ``move 2+3 keep-dice``; any of them with ``player:N``. The
acting player fills in the player when it is not given, and the rocket's space a ``land``
without a number.

Positions with variants show everything (explain is the referee's view, hidden missions
included); rule options of a variant are replayed only when that variant is played.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from .cli import EXIT_OK, UsageError, _emit, _game, _option
from .errors import IllegalAction, RefereeError

GAME = "mlem"
QUESTION_KEYS = ("question", "position", "state", "actions", "title", "notes", "expect")
WIDTH = 100
ROLLS_SHOWN = 8
"""At a chance node the legal alternatives are every distinct roll; text output shows a few."""


def register(sub: argparse._SubParsersAction) -> None:
    """Adds ``referee explain`` to the ``referee`` parser."""
    p = sub.add_parser(
        "explain",
        help="answer a rules question: play actions on a position and show clauses, sources and disputes",
        description=(
            "Plays ACTION on the position in STATE with the reference engine and explains the result: "
            "the events with their clauses and sources, or the clause that forbids the action and the "
            "legal alternatives, and what each other reading of a disputed rule would give. STATE is a "
            "full state (interchange JSON), a compact position (YAML/JSON), or a question file "
            "{position, actions, question}; '-' reads stdin. ACTION is a file, '-', action JSON/YAML, "
            "or a short form such as 'roll 1,2,2,3', 'move 2+afterburner' (or 'move 2 a'), "
            "'move 1 die-one:2' (or 'move 1 die-one 2'), 'land 7', 'stay', 'embark satellite'; with the "
            "variants 'draw E07', 'discard M04', 'reroll', 'move extra-face', 'move 2+3 keep-dice' "
            "(add 'player:N' to act for player N)."
        ),
    )
    p.add_argument("--game", type=_game, required=True)
    p.add_argument("state", metavar="STATE", help="state, position or question file; '-' for stdin")
    p.add_argument("action", metavar="ACTION", nargs="*",
                   help="the action (words are joined: roll 1 2 2 3 works unquoted)")
    p.add_argument("--json", action="store_true", help="print one JSON document instead of text")
    p.add_argument("--option", type=_option, action="append", metavar="NAME=VALUE",
                   help="play under this rule option, replacing the position's (repeatable)")
    p.set_defaults(func=cmd_explain)


def cmd_explain(args: argparse.Namespace) -> int:
    question = load_question(args.state, " ".join(args.action), dict(args.option or []))
    answer = answer_question(question)
    if args.json:
        _emit(json.dumps(answer_to_json(answer), indent=2, ensure_ascii=False) + "\n", None)
    else:
        _emit(render_text(answer), None)
    return EXIT_OK


# -- reading a question -------------------------------------------------------------------


@dataclass(frozen=True)
class ActionSpec:
    """An action as the user wrote it; ``player`` (and ``land``'s space) may be left open."""

    doc: dict | None
    """The action document (``player`` absent: the acting player); None for a short form."""
    text: str
    """How the user wrote it (short form or JSON text), for messages."""

    def resolve(self, state) -> Any:
        """Returns the engine action for ``state``: the acting player, the rocket's space.

        Raises:
            UsageError: the text or document is not a well-formed action.
        """
        try:
            return self.build(default_player(state), state.rocket.space, token_ids(state))
        except ValueError as exc:
            raise UsageError(f"action {self.text!r}: {exc}") from None

    def build(self, player: int, space: int, tokens: tuple[str, ...] = ()) -> Any:
        """The engine action with ``player`` and ``space`` filling what was left open
        (``tokens``: the ids a short ``draw``/``discard`` is matched to, but for case).

        Raises:
            ValueError: the text or document is not a well-formed action (the message says why).
        """
        from .games.mlem.interchange import action_from_json
        from .games.mlem.notation import parse_action

        if self.doc is None:
            return parse_action(self.text, player, here=space, tokens=tokens)
        doc = dict(self.doc)
        if doc.get("type") not in ("roll", "draw"):
            doc.setdefault("player", player)
        if doc.get("type") == "move":
            doc.setdefault("die_one", [])
            if not doc.get("faces") and doc["die_one"]:
                doc["faces"] = ["1"]  # as in the notation: the Die-1 belongs to the 1s group
        try:
            return action_from_json(doc)
        except RefereeError as exc:
            raise ValueError(exc.message) from None


@dataclass(frozen=True)
class Question:
    state: Any
    """The position asked about (a :class:`~tabletop_referee.games.mlem.State`)."""
    steps: tuple[ActionSpec, ...]
    """The actions, played in order; the last is the one asked about."""
    text: str | None = None
    source: str = "STATE"


def token_ids(state) -> tuple[str, ...]:
    """Every token id the state holds: those a ``draw`` or ``discard`` may name."""
    ids: list[str] = []
    for section in (state.exploration, state.missions, state.ufo):
        if section is not None:
            ids += [t.id for t in section.pile]
    if state.missions is not None:
        ids += [t.id for hand in state.missions.hands for t in hand]
    return tuple(ids)


def default_player(state) -> int:
    """The acting player; when nobody is to act (a roll is due, the game is over): the commander."""
    from .games.mlem import current_actor

    actor = current_actor(state)
    if isinstance(actor, int):
        return actor
    seats = state.rocket.seats
    return seats[0].player if seats else state.start_player


def _read(name: str, what: str) -> tuple[str, str]:
    """Returns (label, text) of a file or of stdin (``-``)."""
    if name == "-":
        return "<stdin>", sys.stdin.read()
    path = Path(name)
    try:
        return name, path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise UsageError(f"{what} {name}: no such file") from None
    except IsADirectoryError:
        raise UsageError(f"{what} {name}: is a directory") from None
    except OSError as exc:
        raise UsageError(f"{what} {name}: cannot read: {exc.strerror}") from None
    except UnicodeDecodeError as exc:
        raise UsageError(f"{what} {name}: not UTF-8 text (byte {exc.start})") from None


def _parse(label: str, text: str) -> Any:
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" (line {mark.line + 1}, column {mark.column + 1})" if mark is not None else ""
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise UsageError(f"{label}: not valid YAML/JSON: {problem}{where}") from None


def _is_full_state(doc: Any) -> bool:
    return isinstance(doc, dict) and "format" in doc and doc.get("game") == GAME


def _state(doc: Any, label: str, options: dict):
    """Builds the state a full state document or a position describes, with ``options`` applied."""
    from .games.mlem.interchange import state_from_json, state_to_json
    from .games.mlem.position import state_from_position

    if not isinstance(doc, dict):
        raise UsageError(f"{label}: expected a state or position mapping, not {type(doc).__name__}")
    if "game" in doc and doc["game"] != GAME:
        raise UsageError(f"{label}: a state of game {doc['game']!r}, not {GAME}")
    try:
        if _is_full_state(doc):
            state = state_from_json(doc)
        else:
            if "players" not in doc:
                raise UsageError(f"{label}: a position needs 'players' (or give a full state with game and format)")
            try:
                state = state_from_position(doc)
            except (AttributeError, TypeError, ValueError, KeyError, IndexError) as exc:
                if isinstance(exc, RefereeError):
                    raise
                raise UsageError(f"{label}: position: {exc.__class__.__name__}: {exc}") from None
            # A position fills in defaults but checks few types: the state schema checks them all.
            state_from_json(state_to_json(state))
    except RefereeError as exc:
        where = f"{exc.path}: " if exc.path not in (None, "$") else ""
        raise UsageError(f"{label}: {where}{exc.message}") from None
    if options:
        _options(options, state.options.variants)
        state = dataclasses.replace(state, options=dataclasses.replace(state.options, **options))
    return state


def _options(pairs: dict, variants: tuple[str, ...] = ()) -> dict:
    """Checks ``--option`` pairs: known names, allowed values, and a variant's options only
    while the position plays that variant."""
    from .games.mlem.interchange import options_from_partial

    if "variants" in pairs:
        raise UsageError("--option: variants cannot be changed (the position holds the variants' tokens)")
    try:
        options_from_partial({**pairs, "variants": list(variants)})
    except RefereeError as exc:
        raise UsageError(f"--option: {exc.message}") from None
    return pairs


def load_question(state_arg: str, action_text: str, options: dict) -> Question:
    """Reads STATE and ACTION as the command line gives them.

    Raises:
        UsageError: unreadable input, or a document that is not a position, state or action.
    """
    action_text = action_text.strip()
    if state_arg == "-" and action_text == "-":
        raise UsageError("STATE and ACTION cannot both be read from stdin")
    label, text = _read(state_arg, "STATE")
    doc = _parse(label, text)
    steps: list[ActionSpec] = []
    asked = None
    if isinstance(doc, dict) and not _is_full_state(doc) and (
        {"position", "state", "actions", "question"} & set(doc)
    ):
        unknown = sorted(set(doc) - set(QUESTION_KEYS))
        if unknown:
            raise UsageError(f"{label}: unknown key(s) {', '.join(map(repr, unknown))} in a question file "
                         f"(keys: {', '.join(QUESTION_KEYS)})")
        if ("position" in doc) == ("state" in doc):
            raise UsageError(f"{label}: a question file needs exactly one of 'position' or 'state'")
        position = doc.get("position", doc.get("state"))
        actions = doc.get("actions")
        if actions is None:
            actions = []
        if not isinstance(actions, list):
            raise UsageError(f"{label}: 'actions' must be a list of actions")
        steps = [_action_spec(a, f"{label}: actions[{i}]") for i, a in enumerate(actions)]
        asked = doc.get("question")
        if asked is not None and not isinstance(asked, str):
            raise UsageError(f"{label}: 'question' must be text")
        doc = position
    state = _state(doc, label, options)
    if action_text:
        steps += _action_arg(action_text)
    if not steps:
        raise UsageError("no ACTION: give one after STATE, or a question file with 'actions'")
    return Question(state, tuple(steps), " ".join(asked.split()) if asked else None, label)


def _action_arg(text: str) -> list[ActionSpec]:
    """ACTION on the command line: a short form, '-', a file, or action JSON/YAML text."""
    from .games.mlem.notation import VERBS

    first = text.split()[0].lower()
    if first in VERBS or first.startswith(("player:", "player=")):
        return [_short_spec(text)]
    if text == "-" or Path(text).is_file():
        label, content = _read(text, "ACTION")
        doc = _parse(label, content)
    else:
        label = "ACTION"
        doc = _parse(label, text) if text.lstrip().startswith(("{", "[")) or ": " in text else None
        if not isinstance(doc, (dict, list)):
            raise UsageError(f"ACTION {text!r}: not a file, an action document or a short action "
                         f"(verbs: {', '.join(VERBS)})")
    if isinstance(doc, list):
        if not doc:
            raise UsageError(f"{label}: an empty list of actions")
        return [_action_spec(a, f"{label}[{i}]") for i, a in enumerate(doc)]
    return [_action_spec(doc, label)]


def _action_spec(item: Any, label: str) -> ActionSpec:
    """An action of a question file or ACTION document, checked for shape at once."""
    if isinstance(item, str):
        try:
            return _short_spec(item)
        except UsageError as exc:
            raise UsageError(f"{label}: {exc}") from None
    if not isinstance(item, dict):
        raise UsageError(f"{label}: an action is a short form ('move 2') or a mapping, not {item!r}")
    spec = ActionSpec(dict(item), json.dumps(item, ensure_ascii=False))
    try:
        spec.build(0, 0)  # stand-ins for what is left open
    except ValueError as exc:
        raise UsageError(f"{label}: {exc}") from None
    return spec


def _short_spec(text: str) -> ActionSpec:
    """A short action, its syntax checked at once (player and space are filled in when played).

    Raises:
        UsageError: the text is not a short action.
    """
    spec = ActionSpec(None, text)
    try:
        spec.build(0, 0)  # the syntax does not depend on these stand-ins
    except ValueError as exc:
        raise UsageError(f"action {text!r}: {exc}") from None
    return spec


def _short(action, actor: int | None) -> str:
    """The short form of an engine action, with ``player:N`` when N is not ``actor``."""
    from .games.mlem.notation import action_text

    return action_text(action, show_player=getattr(action, "player", actor) != actor)


# -- answering ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Step:
    number: int
    """1-based position in the question; 0 for a roll replayed to rebuild a position."""
    spec: ActionSpec
    action: Any
    before: Any
    events: tuple = ()
    error: IllegalAction | None = None


@dataclass(frozen=True)
class Run:
    """The question played once, under one set of rule options."""

    steps: tuple[Step, ...]
    state: Any
    """The state after the last legal step (the one the rejected action was posed in)."""

    @property
    def rejected(self) -> Step | None:
        last = self.steps[-1] if self.steps else None
        return last if last is not None and last.error is not None else None

    @property
    def legal(self) -> bool:
        return self.rejected is None

    @property
    def events(self) -> list:
        return [e for s in self.steps for e in s.events]


def play(state, specs, first_number: int = 1) -> Run:
    """Plays the actions in order and stops at the first the engine rejects."""
    from .games import mlem

    steps: list[Step] = []
    for number, spec in enumerate(specs, start=first_number):
        action = spec.resolve(state)
        try:
            t = mlem.apply(state, action)
        except IllegalAction as exc:
            steps.append(Step(number, spec, action, state, error=exc))
            break
        steps.append(Step(number, spec, action, state, tuple(t.events)))
        state = t.state
    return Run(tuple(steps), state)


def summary(run: Run) -> dict:
    """The key facts of a run, compared between readings of a disputed rule."""
    from .games import mlem

    final = run.state
    moves = [e for e in run.events if e.type == "moved"]
    out = mlem.outcome(final)
    rejected = run.rejected
    return {
        "legal": run.legal,
        "rejected_by": rejected.error.clause if rejected else None,
        "rejected_at_step": rejected.number if rejected else None,
        "crashed": any(e.type == "crashed" for e in run.events),
        "crashes": final.crashes,
        "moved_to": moves[-1]["to"] if moves else None,
        "rocket_space": final.rocket.space,
        "dice": final.rocket.dice,
        "phase": final.phase,
        "to_act": mlem.current_actor(final),
        "landed": len(final.landed),
        "goals": {g: h for g, h in zip(mlem.GOALS, final.goals) if h is not None},
        "scores": [s.total for s in mlem.scores(final)],
        "ended": final.ended,
        "winners": list(out.winners) if out else None,
        "clauses": sorted({e.clause for e in run.events} | ({rejected.error.clause} if rejected else set())),
    } | _variant_summary(run)


def _variant_summary(run: Run) -> dict:
    """The key facts of the variants played (none in a base game)."""
    final = run.state
    out: dict[str, Any] = {}
    if final.exploration is not None:
        out["exploration_tokens"] = sorted(t.id for t in final.exploration.spaces)
        out["tunnel_to"] = next((e["to"] for e in reversed(run.events) if e.type == "tunnel"), None)
    if final.missions is not None:
        from .games.mlem.engine import fulfilled_missions

        out["missions_fulfilled"] = [list(fulfilled_missions(final, p)) for p in range(final.players)]
    if final.ufo is not None:
        out["ufo_space"] = final.ufo.space
        out["ufo_met"] = any(e.type == "ufo-encountered" for e in run.events)
        out["ufo_tokens"] = [list(h) for h in final.ufo.held]
        out["ability_used"] = final.ufo.ability_used
    return out


@dataclass(frozen=True)
class Alternative:
    option: str
    value: Any
    reading: dict | None
    run: Run
    summary: dict
    differences: dict
    replayed_roll: bool


@dataclass(frozen=True)
class DisputeReport:
    option: str
    in_force: Any
    ruling_value: Any
    disputes: tuple[dict, ...]
    clauses: tuple[str, ...]
    """The clauses tied to the option that this answer involves under some reading (empty: the
    option matters only through the outcome)."""
    alternatives: tuple[Alternative, ...]

    @property
    def decides(self) -> bool:
        return any(a.differences for a in self.alternatives)


@dataclass(frozen=True)
class Answer:
    question: Question
    run: Run
    summary: dict
    alternatives: tuple
    """Legal actions where the rejected action was posed (empty when legal)."""
    disputes: tuple[DisputeReport, ...]
    rulings: tuple[dict, ...]
    """Disputes of the clauses involved that were ruled without a rule option."""


def answer_question(question: Question) -> Answer:
    from .games import mlem
    from .spec import load_spec

    spec = load_spec(GAME)
    run = play(question.state, question.steps)
    main = summary(run)
    rejected = run.rejected
    alternatives = tuple(mlem.legal_actions(rejected.before)) if rejected else ()
    involved = set(main["clauses"])
    reports = tuple(_disputes(spec, question, main, involved))
    rulings = tuple(
        d for d in spec.disputes if not d.get("option") and involved & set(_dispute_clauses(spec, d))
    )
    return Answer(question, run, main, alternatives, reports, rulings)


def _dispute_clauses(spec, dispute: dict) -> list[str]:
    """A dispute's clauses: those it names and those naming it."""
    named = list(dispute.get("clauses") or ())
    return named + [c.id for c in spec.clauses if dispute["id"] in c.disputes and c.id not in named]


def _option_clauses(spec, option: str) -> set[str]:
    """The clauses tied to a rule option, directly or through a dispute it settles."""
    tied = {c.id for c in spec.clauses if option in c.options}
    for d in spec.disputes:
        if (d.get("option") or {}).get("name") == option:
            tied |= set(_dispute_clauses(spec, d))
    return tied


def _disputes(spec, question: Question, main: dict, involved: set[str]):
    """Replays the question under each other value of each rule option; yields the ones that
    touch a clause of this answer (under any reading) or change its outcome."""
    from .games.mlem.model import OPTION_VALUES, OPTION_VARIANT, Options

    ruling = Options()
    played = question.state.options.variants
    for option, values in OPTION_VALUES.items():
        if option in OPTION_VARIANT and OPTION_VARIANT[option] not in played:
            continue  # the option does not exist in a game without its variant
        in_force = getattr(question.state.options, option)
        disputes = tuple(d for d in spec.disputes if (d.get("option") or {}).get("name") == option)
        alternatives = []
        seen = set(involved)
        for value in values:
            if value == in_force:
                continue
            alt_run, replayed = _replay(question, option, value)
            alt = summary(alt_run)
            seen |= set(alt["clauses"])
            diff = {k: [main[k], alt[k]] for k in main if main[k] != alt[k]}
            reading = _reading(disputes[0], value) if disputes else None
            alternatives.append(Alternative(option, value, reading, alt_run, alt, diff, replayed))
        tied = tuple(sorted(_option_clauses(spec, option) & seen))
        if tied or any(a.differences for a in alternatives):
            yield DisputeReport(option, in_force, getattr(ruling, option), disputes, tied, tuple(alternatives))


def _replay(question: Question, option: str, value) -> tuple[Run, bool]:
    """Plays the question with one option replaced.

    A position in phase ``move`` already holds a roll, and what that roll gives can itself depend
    on the option (die_one_rescue decides whether it crashes). When the position is what its roll
    gives, the roll is played again under the other reading; if that gives something else, the
    question is replayed from before the roll (as step 0).
    """
    from .games import mlem

    state = question.state
    options = dataclasses.replace(state.options, **{option: value})
    asked = dataclasses.replace(state, options=options)
    if state.phase == "move":
        before = dataclasses.replace(state, phase="roll", rocket=dataclasses.replace(state.rocket, roll=None))
        roll = mlem.Roll(state.rocket.roll)
        if mlem.apply(before, roll).state == state:
            before = dataclasses.replace(before, options=options)
            if mlem.apply(before, roll).state != asked:
                spec = ActionSpec({"type": "roll", "faces": list(roll.faces)}, "the position's roll")
                return play(before, (spec, *question.steps), first_number=0), True
    return play(asked, question.steps), False


def _reading(dispute: dict, value) -> dict | None:
    option = dispute.get("option") or {}
    readings = dispute.get("readings") or []
    if value == option.get("default"):
        wanted = dispute.get("ruling")
    else:
        wanted = next((r["id"] for r in readings if r["id"] != dispute.get("ruling")), None)
    return next((r for r in readings if r["id"] == wanted), None)


# -- describing ---------------------------------------------------------------------------


def _value(v) -> str:
    return json.dumps(v) if isinstance(v, bool) else str(v)


def _player(p) -> str:
    return f"player {p}"


def clause_info(spec, clause_id: str) -> dict:
    """Title, text, confidence, options, disputes and sources (with their refs) of a clause."""
    try:
        c = spec.clause(clause_id)
    except KeyError:
        return {"id": clause_id, "title": None, "text": None, "confidence": None, "sources": [],
                "options": [], "disputes": []}
    sources = []
    for cite in c.sources:
        src = spec.source(cite.get("tag")) or {}
        sources.append({"tag": cite.get("tag"), "where": cite.get("where"), "ref": src.get("ref"),
                        "reliability": src.get("reliability")})
    return {"id": c.id, "title": c.title, "text": c.text, "confidence": c.confidence,
            "sources": sources, "options": list(c.options), "disputes": list(c.disputes)}


def _actor_phrase(state) -> str:
    from .games import mlem

    actor = mlem.current_actor(state)
    r = state.rocket
    if state.phase == "takeoff":
        return f"{_player(actor)} boards next (seat {len(r.seats) + 1})"
    if state.phase == "roll":
        return f"a roll of {r.dice} {'die' if r.dice == 1 else 'dice'} is due (chance; {_player(r.seats[0].player)} rolls)"
    if state.phase == "move":
        return f"{_player(actor)}, the commander, chooses the dice"
    if state.phase in ("landing", "parachute"):
        seat = r.seats[r.cursor]
        verb = "jumps with their parachute" if state.phase == "parachute" else "lands"
        return f"{_player(actor)} decides whether their {seat.astronaut} (seat {r.cursor + 1}) {verb}"
    if state.phase in ("exploration-setup", "exploration-draw"):
        left = len(state.exploration.pile)
        what = "revealed" if state.phase == "exploration-setup" else \
            f"drawn to replace a used one ({state.exploration.pending} owed)"
        return f"an exploration token is {what} (chance; {left} face down)"
    if state.phase == "mission-deal":
        return f"a mission is dealt (chance; {len(state.missions.pile)} face down)"
    if state.phase == "mission-discard":
        return f"{_player(actor)} discards one of their four missions"
    if state.phase == "arrival":
        return f"an arrival token is revealed (chance; {len(state.ufo.pile)} face down)"
    return f"nobody: the game is over ({state.ended})"


def _space_phrase(board, landed, space: int) -> str:
    s = board.spaces[space]
    if space == board.end:
        return f"space {space} (deep space: comet {board.comet}, galaxy {board.galaxy})"
    faces = ", ".join(f + (f" ({s.afterburner} dots)" if f == "afterburner" else "") for f in s.faces)
    text = f"space {space} (faces {faces}"
    if s.moons:
        taken = sum(1 for x in landed if x.space == space and x.site == "moon")
        text += f"; moons {', '.join(map(str, s.moons))}: {taken} of {len(s.moons)} taken"
    elif s.planet:
        p = board.planet(s.planet)
        text += f"; planet {s.planet}: {p.gold}/{p.silver}/{p.bronze}"
    else:
        text += "; nothing to land on"
    return text + ")"


def render_position(state, indent: str = "  ") -> list[str]:
    """The state as a few readable lines."""
    from .games import mlem
    from .games.mlem.interchange import options_to_json

    from .play import variant_lines

    board, r = state.board, state.rocket
    ruling = options_to_json(mlem.Options(variants=state.options.variants))
    opts = ", ".join(
        f"{k}={_value(v)}" + ("" if ruling[k] == v else " (not the ruling)")
        for k, v in options_to_json(state.options).items()
    )
    lines = [
        f"board {board.id}, {state.players} players; options: {opts}",
        f"expedition {state.expedition}, start player {state.start_player}; "
        f"crash marker: {state.crashes} of {board.crash_limit}",
        f"phase {state.phase}: {_actor_phrase(state)}",
    ]
    if state.phase != "game-over" and (r.seats or state.phase != "takeoff"):
        lines.append("rocket on " + _space_phrase(board, state.landed, r.space))
        roll = f"; roll: {', '.join(r.roll)}" if r.roll else ""
        lines.append(f"dice available: {r.dice}{roll}")
    if r.seats:
        seats = []
        for i, s in enumerate(r.seats):
            tags = [t for t in ("commander" if i == 0 else "", "used" if s.flipped else "") if t]
            seats.append(f"{i + 1}. {_player(s.player)} {s.astronaut}" + (f" ({', '.join(tags)})" if tags else ""))
        lines.append("seats, front first: " + "; ".join(seats))
    elif state.phase == "takeoff":
        lines.append("seats: empty")
    if state.landed:
        placed = []
        for x in state.landed:
            where = (f"moon {x.space}.{x.slot + 1}" if x.site == "moon"
                     else f"planet {board.spaces[x.space].planet} ({x.space})" if x.site == "planet"
                     else x.site)
            placed.append(f"{_player(x.player)} {x.astronaut} on {where}")
        lines.append("landed, in order: " + "; ".join(placed))
    else:
        lines.append("landed: nobody yet")
    reserves = []
    for p, reserve in enumerate(state.reserves):
        listed = "all 8" if len(reserve) == len(mlem.ASTRONAUTS) else ", ".join(reserve) or "none"
        reserves.append(f"{_player(p)}: {listed}")
    lines.append("reserves: " + "; ".join(reserves))
    goals = [f"{g}: {_player(h)}" for g, h in zip(mlem.GOALS, state.goals) if h is not None]
    lines.append("goals held: " + ("; ".join(goals) if goals else "none"))
    lines += variant_lines(state)
    sheet = mlem.scores(state)
    final = state.phase == "game-over"
    lines.append(("final scores: " if final else "scores (planets as if the game ended now): ") + "; ".join(
        f"{_player(p)} {s['total']} ({_score_parts(s)})" for p, s in enumerate(_score_docs(state, sheet))
    ))
    out = mlem.outcome(state)
    if out:
        lines.append(f"game over ({out.reason}): " + ("winner " if len(out.winners) == 1 else "winners ")
                     + ", ".join(_player(p) for p in out.winners))
    return [part for line in lines
            for part in textwrap.wrap(line, WIDTH, initial_indent=indent, subsequent_indent=indent + "    ",
                                      break_on_hyphens=False)]


def _score_docs(state, sheet) -> list[dict]:
    """Score documents: the four base categories, the variant ones while played, the total."""
    from .games.mlem.interchange import scores_to_json

    return scores_to_json(state, sheet)


def _score_parts(doc: dict) -> str:
    """``moons 3, planets 0, deep space 0, goals 0`` (+ the variant categories) of a score document."""
    return ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in doc.items() if k != "total")


def _wrap(text: str, indent: str) -> list[str]:
    return textwrap.wrap(text, WIDTH, initial_indent=indent, subsequent_indent=indent,
                         break_on_hyphens=False) or [indent]


def _clause_block(info: dict, indent: str) -> list[str]:
    if info["title"] is None:
        return [f"{indent}(clause {info['id']} is not in spec/{GAME}/clauses.yaml)"]
    lines = [f"{indent}{info['title']} — {info['confidence']}"]
    lines += _wrap(info["text"], indent)
    cites = "; ".join(
        f"{s['tag']}" + (f" ({s['where']})" if s.get("where") else "") + (f" <{s['ref']}>" if s.get("ref") else "")
        for s in info["sources"]
    )
    lines += _wrap("sources: " + cites, indent)
    return lines


def _alternatives_text(answer: Answer) -> list[str]:
    rejected = answer.run.rejected
    acts = answer.alternatives
    if not acts:
        return ["  none: the game is over"]
    from .games import mlem

    actor = mlem.current_actor(rejected.before)
    shorts = [_short(a, actor if isinstance(actor, int) else None) for a in acts]
    if rejected.before.phase == "roll":
        head = (f"  any roll of exactly {rejected.before.rocket.dice} dice ({len(acts)} distinct results), e.g. "
                + "; ".join(shorts[:ROLLS_SHOWN]) + ("; ..." if len(shorts) > ROLLS_SHOWN else ""))
        return _wrap(head.strip(), "  ")
    if actor == mlem.CHANCE:
        return _wrap(f"(chance) any token left in the pile, each equally likely: {'; '.join(shorts)}", "  ")
    who = f"{_player(actor)} to act" if isinstance(actor, int) else "chance"
    return _wrap(f"({who}) " + "; ".join(shorts), "  ")


TEXT_SKIPPED = ("legal", "rejected_by", "rejected_at_step", "to_act", "dice", "clauses")
"""Summary fields the text leaves out of a difference (the verdict says them; --json has all)."""


def _difference_text(diff: dict) -> str:
    if not diff:
        return "the same outcome"
    labels = {"legal": "legal", "rejected_by": "rejected by", "rejected_at_step": "rejected at step",
              "crashed": "crashed", "crashes": "crashes", "moved_to": "rocket moved to",
              "rocket_space": "rocket space", "dice": "dice", "phase": "phase", "to_act": "to act",
              "landed": "astronauts landed", "goals": "goals held", "scores": "scores", "ended": "game ended",
              "winners": "winners", "clauses": "clauses", "exploration_tokens": "exploration tokens on the board",
              "tunnel_to": "tunnel to", "missions_fulfilled": "missions fulfilled", "ufo_space": "UFO on space",
              "ufo_met": "met the UFO", "ufo_tokens": "UFO tokens held", "ability_used": "UFO ability used"}
    parts = []
    for key, (asked, other) in diff.items():
        if key in TEXT_SKIPPED:
            continue
        def fmt(v):
            if isinstance(v, bool):
                return "yes" if v else "no"
            if v is None:
                return "—"
            if isinstance(v, list):
                return ", ".join(map(str, v)) or "none"
            if isinstance(v, dict):
                return ", ".join(f"{k}: {_player(h)}" for k, h in v.items()) or "none"
            return str(v)
        parts.append(f"{labels.get(key, key)}: {fmt(other)} (as asked: {fmt(asked)})")
    return "; ".join(parts) or "otherwise the same key facts"


def _verdict(run: Run) -> str:
    rejected = run.rejected
    if rejected is None:
        return "legal"
    where = "" if len(run.steps) == 1 and rejected.number == 1 else f" at step {rejected.number}"
    return f"ILLEGAL{where} [{rejected.error.clause}]"


def _gist(run: Run) -> str:
    """The answer in a few words: crash or not, where the rocket went, who acts next."""
    parts = []
    events = run.events
    crash = next((e for e in events if e.type == "crashed"), None)
    if crash is not None:
        parts.append(f"the rocket crashed on space {crash['space']}")
    elif any(e.type == "rolled" for e in events):
        parts.append("no crash")
    moves = [e for e in events if e.type == "moved"]
    if moves:
        parts.append(f"the rocket moved to space {moves[-1]['to']}")
    for e in events:
        if e.type == "tunnel":
            parts.append(f"a tunnel took it on to space {e['to']}")
        elif e.type == "tunnel-blocked":
            parts.append(f"the tunnel on space {e['from']} did not move it (past the end)")
        elif e.type == "ufo-encountered":
            parts.append(f"it met the UFO on space {e['space']}")
        elif e.type == "ability-used":
            parts.append(f"{_player(e['player'])} used the {e['ability']} ability")
    if run.state.ended and any(e.type == "game-ended" for e in events):
        parts.append(f"the game ended ({run.state.ended})")
    if run.rejected is not None:
        parts.append(run.rejected.error.message)
    elif run.state.phase != "game-over":
        parts.append("next: " + _actor_phrase(run.state))
    return "; ".join(parts)


def render_text(answer: Answer) -> str:
    from .games import mlem
    from .games.mlem.notation import event_line
    from .spec import load_spec

    spec = load_spec(GAME)
    q, run = answer.question, answer.run
    out: list[str] = []
    if q.text:
        out += _wrap(f"Question: {q.text}", "")
    out += ["Position:", *render_position(q.state)]
    out.append("Actions: " + "; ".join(
        f"{i}. {s.text}" for i, s in enumerate(q.steps, start=1)
    ))
    rejected = run.rejected
    out += ["", *_wrap(f"Answer: {_verdict(run)} — {_gist(run)}", "")]
    shown: set[str] = set()
    for step in run.steps:
        actor = mlem.current_actor(step.before)
        who = ("a roll is due" if actor == mlem.CHANCE else f"{_player(actor)} to act" if actor is not None
               else "the game is over")
        status = "legal" if step.error is None else f"ILLEGAL [{step.error.clause}]"
        written = _short(step.action, default_player(step.before))
        out += ["", f"Step {step.number}: {written} ({who}) — {status}"]
        for n, e in enumerate(step.events, start=1):
            out.append(f"  {n}. {event_line(e, step.before.board)}")
            if e.clause not in shown:
                shown.add(e.clause)
                out += _clause_block(clause_info(spec, e.clause), "       ")
        if step.error is not None:
            info = clause_info(spec, step.error.clause)
            out += [f"  Forbidden by [{step.error.clause}]:", *_clause_block(info, "    ")]
            out += _wrap(f"Engine: {step.error.message}", "  ")
            out.append("  Legal instead:")
            out += ["  " + line for line in _alternatives_text(answer)]
    unplayed = len(q.steps) - len(run.steps)
    if unplayed:
        out.append(f"  (the {unplayed} action(s) after it were not played)")
    out += ["", "Resulting position:" if rejected is None else "Position where it was rejected:"]
    out += render_position(run.state)
    deciding = [r for r in answer.disputes if r.decides]
    quiet = [r for r in answer.disputes if not r.decides]
    if deciding:
        out += ["", "Disputed rules that decide this answer:"]
        out += [line for r in deciding for line in _dispute_text(r)]
    if quiet:
        out += ["", "Disputed rules involved (same answer under every reading):"]
        out += [line for r in quiet for line in _dispute_text(r)]
    if answer.rulings:
        out += ["", "Other rulings involved (no rule option):"]
        for d in answer.rulings:
            out += _wrap(f"- {d['id']}: {d['title']} — ruled {d['ruling']}", "  ")
    if not answer.disputes:
        out += ["", "No disputed rule option changes this answer."]
    return "\n".join(out) + "\n"


def _dispute_text(r: DisputeReport) -> list[str]:
    names = ", ".join(f"{d['id']} ({d['title']})" for d in r.disputes) or r.option
    ruling = "ruling" if r.in_force == r.ruling_value else "NOT the ruling"
    lines = textwrap.wrap(f"- {names}: option {r.option}, asked under {r.option}={_value(r.in_force)} ({ruling})",
                          WIDTH, initial_indent="  ", subsequent_indent="    ", break_on_hyphens=False)
    if r.clauses:
        lines += _wrap("clauses involved: " + ", ".join(r.clauses), "    ")
    else:
        lines += _wrap("no event or rejection here cites it, but the outcome changes with it", "    ")
    for a in r.alternatives:
        reading = ""
        if a.reading:
            srcs = ", ".join(a.reading.get("sources") or []) or "no source"
            reading = f" (reading {a.reading['id']}: {' '.join(str(a.reading.get('summary', '')).split())} — {srcs})"
        lines += _wrap(f"under {a.option}={_value(a.value)}{reading}:", "    ")
        verdict = _verdict(a.run)
        rejected = a.run.rejected
        if rejected is not None:
            verdict += f" {rejected.error.message}"
        if a.replayed_roll:
            verdict += " (the position's roll was played again under this reading)"
        lines += _wrap(f"{verdict}; {_difference_text(a.differences)}", "      ")
    return lines


# -- JSON ---------------------------------------------------------------------------------


def answer_to_json(answer: Answer) -> dict:
    """The whole answer as one JSON document (see docs/explain.md)."""
    from .games import mlem
    from .games.mlem.interchange import action_to_json, event_to_json, options_to_json, state_to_json
    from .games.mlem.notation import describe_event
    from .spec import load_spec

    spec = load_spec(GAME)
    q, run = answer.question, answer.run
    rejected = run.rejected

    def step_doc(step: Step, actor) -> dict:
        return {"step": step.number, "short": _short(step.action, actor if isinstance(actor, int) else None),
                "written": step.spec.text, "action": action_to_json(step.action), "legal": step.error is None}

    def rejection_doc(step: Step | None) -> dict | None:
        if step is None:
            return None
        return {"step": step.number, "clause": step.error.clause, "message": step.error.message,
                "clause_info": clause_info(spec, step.error.clause)}

    events = []
    for step in run.steps:
        for e in step.events:
            events.append({"step": step.number, **event_to_json(e),
                           "description": describe_event(e, step.before.board),
                           "clause_info": clause_info(spec, e.clause)})
    actor = mlem.current_actor(rejected.before) if rejected else None
    alternatives = [{"short": _short(a, actor if isinstance(actor, int) else None), "action": action_to_json(a)}
                    for a in answer.alternatives]
    sheet = mlem.scores(run.state)
    out = mlem.outcome(run.state)
    disputes = []
    for r in answer.disputes:
        disputes.append({
            "option": r.option,
            "in_force": r.in_force,
            "ruling": r.ruling_value,
            "disputes": [{"id": d["id"], "title": d["title"], "ruling": d["ruling"]} for d in r.disputes],
            "clauses": list(r.clauses),
            "decides": r.decides,
            "alternatives": [
                {
                    "options": {a.option: a.value},
                    "reading": ({"id": a.reading["id"], "summary": " ".join(str(a.reading.get("summary", "")).split()),
                                 "sources": list(a.reading.get("sources") or [])} if a.reading else None),
                    "legal": a.run.legal,
                    "rejection": rejection_doc(a.run.rejected),
                    "replayed_roll": a.replayed_roll,
                    "summary": a.summary,
                    "differences": {k: {"asked": v[0], "alternative": v[1]} for k, v in a.differences.items()},
                    "state": state_to_json(a.run.state),
                }
                for a in r.alternatives
            ],
        })
    return {
        "game": GAME,
        "question": q.text,
        "source": q.source,
        "options": options_to_json(q.state.options),
        "position": state_to_json(q.state),
        "actions": [step_doc(s, mlem.current_actor(s.before)) for s in run.steps],
        "unplayed": [s.text for s in q.steps[len(run.steps):]],
        "legal": run.legal,
        "events": events,
        "rejection": rejection_doc(rejected),
        "alternatives": alternatives,
        "state": state_to_json(run.state),
        "to_act": mlem.current_actor(run.state),
        "scores": [{"player": p, **doc} for p, doc in enumerate(_score_docs(run.state, sheet))],
        "outcome": {"winners": list(out.winners), "reason": out.reason} if out else None,
        "summary": answer.summary,
        "disputes": disputes,
        "rulings": [{"id": d["id"], "title": d["title"], "ruling": d["ruling"]} for d in answer.rulings],
    }

