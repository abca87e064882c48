"""``referee explain``: pose a rules question to a reference engine and show its reasoning.

A question is a position, one or more actions and, optionally, free text::

    referee explain --game mlem position.yaml "move 1 die-one"
    referee explain --game mlem question.yaml          # {position, actions, question}

Every action is played with the game's ``apply`` (through the one game interface); the answer
lists the events the engine reports, each with the clause that produced it (title, text,
confidence and sources from ``spec/<game>``), or the clause that rejects the action together
with the legal alternatives. Nothing here decides a rule: where the answer hangs on a disputed
rule, the same question is simply replayed under each other value of the rule option and the
outcomes are compared.

Actions are written in the game's short notation (shared with ``referee play``), any of them
with ``player:N`` to act for someone else; the acting player fills in the player when it is not
given. Positions show everything (explain is the referee's view, hidden information included);
a rule option that exists only in some games (a variant's) is replayed only where it exists.
"""

from __future__ import annotations

import dataclasses
import json
import textwrap
from dataclasses import dataclass
from pathlib import Path
from collections.abc import Iterator, Sequence
from typing import Any, cast

from .errors import IllegalAction, RefereeError, UsageError
from .games import load
from .games.interface import CHANCE, Event
from .games.roles import GameKit
from .loading import LoadError, decode, normalise, parse_json, parse_yaml, read_bytes
from .spec import Spec, load_spec

QUESTION_KEYS = ("question", "position", "state", "actions", "ask", "title", "notes", "expect")
ASKS = ("score", "winner", "actions")
"""Questions about a position that need no action: what it scores, who wins, what the actor
may do (asked of the position after the actions, when there are any)."""
WIDTH = 100


# -- reading a question -------------------------------------------------------------------


@dataclass(frozen=True)
class ActionSpec:
    """An action as the user wrote it; ``player`` (and ``land``'s space) may be left open."""

    doc: dict[str, Any] | None
    """The action document (``player`` absent: the acting player); None for a short form."""
    text: str
    """How the user wrote it (short form or JSON text), for messages."""

    def resolve(self, game: GameKit, state: Any) -> Any:
        """Returns the engine action for ``state`` (the acting player fills in the player).

        Raises:
            UsageError: the text or document is not a well-formed action.
        """
        try:
            return self.build(game, state)
        except ValueError as exc:
            raise UsageError(f"action {self.text!r}: {self.why(exc)}") from None

    def build(self, game: GameKit, state: Any) -> Any:
        """The engine action, what was left open filled in from ``state`` (``None``: stand-ins,
        to check the syntax alone).

        Raises:
            ValueError: the text or document is not a well-formed action: the game's typed
                error as raised (``InvalidNotation``, ``MalformedInput``); :meth:`why` words it.
        """
        if self.doc is None:
            return game.notation.parse_action(self.text, state)
        return game.action_from_json(game.interchange.complete_action_doc(dict(self.doc), state))

    def why(self, exc: ValueError) -> str:
        """What :meth:`build`'s error says is wrong (a document's error without its path)."""
        return exc.message if self.doc is not None and isinstance(exc, RefereeError) else str(exc)


@dataclass(frozen=True)
class Question:
    game: GameKit
    state: Any
    """The position asked about (a state of ``game``)."""
    steps: tuple[ActionSpec, ...]
    """The actions, played in order; the last is the one asked about."""
    text: str | None = None
    source: str = "STATE"
    asks: tuple[str, ...] = ()
    """What is asked of the resulting position (see :data:`ASKS`); may stand without actions."""


def _read(name: str, what: str) -> tuple[str, str]:
    """Returns (label, text) of a file or of stdin (``-``)."""
    if name != "-":
        path = Path(name)
        if not path.exists():
            raise UsageError(f"{what} {name}: no such file")
        if path.is_dir():
            raise UsageError(f"{what} {name}: is a directory")
    label = "<stdin>" if name == "-" else name
    try:
        data = read_bytes(name, what=what, max_bytes=MAX_QUESTION_BYTES)
        return label, decode(data, f"{what} {label}", "text")
    except LoadError as exc:
        raise UsageError(exc.message if name == "-" else f"{what} {exc.message}") from None


MAX_QUESTION_BYTES = 1024 * 1024
"""Largest question, position, state or action file read."""


def _parse(label: str, text: str) -> Any:
    """A question, position or action document. YAML map keys that are whole numbers (a seat,
    a city: ``hands: {1: [compass]}``, ``piles: {25: ["25"]}``) are read as their decimal text,
    as JSON would write them; everything else is held to the JSON-only checks of the input
    boundary (:func:`~tabletop_referee.loading.normalise`)."""
    try:
        if text.lstrip().startswith(("{", "[")):  # JSON (its keys are text): the fast path
            try:
                return parse_json(text, label, what="YAML/JSON")
            except LoadError as exc:
                if exc.pointer or "nested" in exc.problem or "larger" in exc.problem:
                    raise  # JSON, but past a limit
                # not JSON: YAML flow style ({players: 3, hands: {1: [...]}}), read below
        raw = parse_yaml(text, label, what="YAML/JSON", json_only=False)  # capped; keeps int keys
        return normalise(_number_keys_as_text(raw), label)
    except LoadError as exc:
        raise UsageError(exc.message) from None


def _number_keys_as_text(doc: Any) -> Any:
    """``doc`` with every integer map key (not a boolean) replaced by its decimal text.

    Walks without recursion; :func:`parse_yaml` has already capped the size and depth."""
    root: list[Any] = [None]
    stack: list[tuple[Any, Any, Any]] = [(doc, root, 0)]
    while stack:
        value, parent, key = stack.pop()
        if isinstance(value, dict):
            out: dict[Any, Any] = {}
            for k, v in value.items():
                k = str(k) if isinstance(k, int) and not isinstance(k, bool) else k
                out[k] = None
                stack.append((v, out, k))
            parent[key] = out
        elif isinstance(value, list):
            items: list[Any] = [None] * len(value)
            stack.extend((v, items, i) for i, v in enumerate(value))
            parent[key] = items
        else:
            parent[key] = value
    return root[0]


def _state(game: GameKit, doc: Any, label: str, options: dict[str, Any], base: Path | None) -> Any:
    """Builds the state a full state document or a position describes, with ``options`` applied."""
    if not isinstance(doc, dict):
        raise UsageError(f"{label}: expected a state or position mapping, not {type(doc).__name__}")
    if "game" in doc and doc["game"] != game.info.id:
        raise UsageError(f"{label}: a state of game {doc['game']!r}, not {game.info.id}")
    try:
        if game.interchange.is_full_state(doc):
            state = game.state_from_json(doc)
        else:
            if "players" not in doc:
                raise UsageError(f"{label}: a position needs 'players' (or give a full state with game and format)")
            try:
                state = game.positions.position_to_state(doc, base)
            except (AttributeError, TypeError, ValueError, KeyError, IndexError) as exc:
                if isinstance(exc, RefereeError):
                    raise
                raise UsageError(f"{label}: position: {exc.__class__.__name__}: {exc}") from None
            # A position fills in defaults but checks few types: the state schema checks them all.
            game.positions.check_position(state)
            problems = game.positions.position_problems(state)
            if problems:
                raise UsageError(f"{label}: inconsistent position: {'; '.join(problems)}")
    except RefereeError as exc:
        where = f"{exc.path}: " if exc.path not in (None, "$") else ""
        raise UsageError(f"{label}: {where}{exc.message}") from None
    if options:
        try:
            state = game.options.with_options(state, options)
        except RefereeError as exc:
            raise UsageError(f"--option: {exc.message}") from None
    return state


def _asks(value: Any, label: str) -> tuple[str, ...]:
    """``ask`` of a question file or ``--ask``: one of :data:`ASKS` or a list of them."""
    items = [value] if isinstance(value, str) else value
    if not isinstance(items, list) or not items or not all(isinstance(x, str) for x in items):
        raise UsageError(f"{label}: 'ask' is one of {', '.join(ASKS)} or a list of them")
    unknown = [x for x in items if x not in ASKS]
    if unknown:
        raise UsageError(f"{label}: cannot ask {unknown[0]!r} (ask: {', '.join(ASKS)})")
    return tuple(dict.fromkeys(items))


def load_question(game_id: str, state_arg: str, action_text: str, options: dict[str, Any],
                  asks: tuple[str, ...] | list[str] = ()) -> Question:
    """Reads STATE and ACTION (and ``--ask``) as the command line gives them.

    Raises:
        UsageError: unreadable input, or a document that is not a position, state or action.
    """
    game = load(game_id)
    action_text = action_text.strip()
    if state_arg == "-" and action_text == "-":
        raise UsageError("STATE and ACTION cannot both be read from stdin")
    label, text = _read(state_arg, "STATE")
    doc = _parse(label, text)
    steps: list[ActionSpec] = []
    asked = None
    wanted = _asks(list(asks), "--ask") if asks else ()
    if isinstance(doc, dict) and not game.interchange.is_full_state(doc) and (
        {"position", "state"} & set(doc)
        # a position may have keys named like a question file's (Seven Knights' 'actions'):
        # a document with 'players' and no 'position' or 'state' is a position
        or ("players" not in doc and {"actions", "question", "ask"} & set(doc))
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
        steps = [_action_spec(game, a, f"{label}: actions[{i}]") for i, a in enumerate(actions)]
        asked = doc.get("question")
        if asked is not None and not isinstance(asked, str):
            raise UsageError(f"{label}: 'question' must be text")
        if doc.get("ask") is not None:
            wanted = tuple(dict.fromkeys((*_asks(doc["ask"], label), *wanted)))
        doc = position
    base = Path(state_arg).parent if state_arg != "-" else None
    state = _state(game, doc, label, options, base)
    if action_text:
        steps += _action_arg(game, action_text)
    if not steps and not wanted:
        raise UsageError("no ACTION: give one after STATE, a question file with 'actions' or 'ask', "
                         f"or --ask {'|'.join(ASKS)}")
    return Question(game, state, tuple(steps), " ".join(asked.split()) if asked else None, label, wanted)


def _action_arg(game: GameKit, text: str) -> list[ActionSpec]:
    """ACTION on the command line: a short form, '-', a file, or action JSON/YAML text."""
    verbs = game.notation.verbs
    first = text.split()[0].lower()
    if first in verbs or first.startswith(("player:", "player=")):
        return [_short_spec(game, text)]
    if text == "-" or Path(text).is_file():
        label, content = _read(text, "ACTION")
        doc = _parse(label, content)
    else:
        label = "ACTION"
        doc = _parse(label, text) if text.lstrip().startswith(("{", "[")) or ": " in text else None
        if not isinstance(doc, (dict, list)):
            raise UsageError(f"ACTION {text!r}: not a file, an action document or a short action "
                         f"(verbs: {', '.join(verbs)})")
    if isinstance(doc, list):
        if not doc:
            raise UsageError(f"{label}: an empty list of actions")
        return [_action_spec(game, a, f"{label}[{i}]") for i, a in enumerate(doc)]
    return [_action_spec(game, doc, label)]


def _action_spec(game: GameKit, item: Any, label: str) -> ActionSpec:
    """An action of a question file or ACTION document, checked for shape at once."""
    if isinstance(item, str):
        try:
            return _short_spec(game, item)
        except UsageError as exc:
            raise UsageError(f"{label}: {exc}") from None
    if not isinstance(item, dict):
        raise UsageError(f"{label}: an action is a short form ('move 2') or a mapping, not {item!r}")
    spec = ActionSpec(dict(item), json.dumps(item, ensure_ascii=False))
    try:
        spec.build(game, None)  # stand-ins for what is left open
    except ValueError as exc:
        raise UsageError(f"{label}: {spec.why(exc)}") from None
    return spec


def _short_spec(game: GameKit, text: str) -> ActionSpec:
    """A short action, its syntax checked at once (player and space are filled in when played).

    Raises:
        UsageError: the text is not a short action.
    """
    spec = ActionSpec(None, text)
    try:
        spec.build(game, None)  # the syntax does not depend on these stand-ins
    except ValueError as exc:
        raise UsageError(f"action {text!r}: {spec.why(exc)}") from None
    return spec


def _short(game: GameKit, action: Any, actor: int | None) -> str:
    """The short form of an engine action, with ``player:N`` when N is not ``actor``."""
    return game.notation.action_text(action, show_player=getattr(action, "player", actor) != actor)


# -- answering ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Step:
    number: int
    """1-based position in the question; 0 for a roll replayed to rebuild a position."""
    spec: ActionSpec
    action: Any
    before: Any
    events: tuple[Event, ...] = ()
    error: IllegalAction | None = None

    @property
    def refusal(self) -> IllegalAction:
        """The rejection of a rejected step (:attr:`Run.rejected` is one)."""
        assert self.error is not None, "a legal step has no rejection"
        return self.error


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
    def events(self) -> list[Any]:
        return [e for s in self.steps for e in s.events]


def play(game: GameKit, state: Any, specs: Sequence[ActionSpec], first_number: int = 1) -> Run:
    """Plays the actions in order and stops at the first the engine rejects."""
    steps: list[Step] = []
    for number, spec in enumerate(specs, start=first_number):
        action = spec.resolve(game, state)
        try:
            t = game.apply(state, action)
        except IllegalAction as exc:
            steps.append(Step(number, spec, action, state, error=exc))
            break
        steps.append(Step(number, spec, action, state, tuple(t.events)))
        state = t.state
    return Run(tuple(steps), state)


def summary(game: GameKit, run: Run, asks: tuple[str, ...] = ()) -> dict[str, Any]:
    """The key facts of a run, compared between readings of a disputed rule (with what is
    asked of the resulting position: its findings' clauses, and the legal actions if asked)."""
    rejected = run.rejected
    findings = findings_for(game, run.state, asks)
    out = {
        "legal": run.legal,
        "rejected_by": rejected.refusal.clause if rejected else None,
        "rejected_at_step": rejected.number if rejected else None,
        **game.narration.key_facts(run.state, run.events),
        "clauses": sorted({e.clause for e in run.events} | ({rejected.refusal.clause} if rejected else set())
                          | {c for f in findings for c in f.clauses}),
    }
    for f in findings:
        if f.ask == "actions":
            out["legal_actions"] = [a["short"] for a in f.data["actions"]]
    return out


# -- questions with no action ---------------------------------------------------------------


@dataclass(frozen=True)
class Finding:
    """The answer to one of :data:`ASKS` about a position."""

    ask: str
    summary: str
    """The answer in one line."""
    lines: tuple[str, ...]
    """The details, one line each."""
    clauses: tuple[str, ...]
    """The clauses that decide it, in order."""
    events: tuple[Event, ...] = ()
    """The game's events it rests on (for a score: the end-of-game scoring, as if now)."""
    data: dict[str, Any] = dataclasses.field(default_factory=dict)
    """The same in JSON form (``--json``)."""


MAX_OUTCOMES = 400
"""Most actions (or chance outcomes) applied to say what each does; beyond it only listed."""


def findings_for(game: GameKit, state: Any, asks: tuple[str, ...]) -> tuple[Finding, ...]:
    """What is asked of ``state``, in the order of :data:`ASKS`."""
    makers = {"score": _score_finding, "winner": _winner_finding, "actions": _actions_finding}
    return tuple(makers[a](game, state) for a in ASKS if a in asks)


def _categories(game: GameKit, sheet: list[dict[str, Any]]) -> list[str]:
    order: tuple[str, ...] = game.scoring.score_categories() or tuple(sheet[0]) if sheet else ()
    return [c for c in order if c != "total" and any(c in row for row in sheet)]


def _score_finding(game: GameKit, state: Any) -> Finding:
    sheet = game.scoring.score_sheet(state)
    cats = _categories(game, sheet)
    decider = game.scoring.category_clause("winners")
    events = tuple(e for e in game.scoring.scoring_events(state) if e.clause != decider)  # who wins: asked apart
    clauses = [game.scoring.category_clause(c) for c in cats if any(row.get(c) for row in sheet)]
    if not cats:  # a game that scores one total: the clause that says what it is made of
        clauses.append(game.scoring.category_clause("total"))
    clauses += [e.clause for e in events]
    when = "" if game.is_over(state) else " (the game is not over: counted as if it ended now)"
    lines = [f"{_player(p)}: {row['total']}"
             + (" (" + ", ".join(f"{c.replace('_', ' ')} {row[c]}" for c in cats if c in row) + ")" if cats else "")
             for p, row in enumerate(sheet)]
    lines += [game.narration.describe_event(e, state) for e in events]
    text = "; ".join(f"{_player(p)} {row['total']}" for p, row in enumerate(sheet)) + when
    return Finding("score", text, tuple(lines), tuple(dict.fromkeys(c for c in clauses if c)), events,
                   {"scores": [{"player": p, **row} for p, row in enumerate(sheet)], "over": game.is_over(state)})


def _winner_finding(game: GameKit, state: Any) -> Finding:
    totals = game.scoring.totals(state)
    events = tuple(e for e in game.scoring.scoring_events(state) if e.clause == game.scoring.category_clause("winners"))
    clauses = [game.scoring.category_clause("winners"), *(e.clause for e in events)]
    if game.is_over(state):
        winners = list(game.scoring.winners(state))
        names = " and ".join(_player(p) for p in winners)
        verdict = (f"{names} wins" if len(winners) == 1 else f"{names} share the victory" if winners
                   else "nobody wins")
        text = f"the game is over ({game.scoring.ended_reason(state)}): {verdict}"
    else:
        top = max(totals) if totals else 0
        winners = []
        # the game's own scoring, as if it ended now, when it names the winners; else the top totals
        named = next((list(e["winners"]) for e in events if e.get("winners") is not None), None)
        leaders = named if named is not None else [p for p, t in enumerate(totals) if t == top]
        text = (f"nobody yet: the game is not over; if it ended now, "
                f"{' and '.join(_player(p) for p in leaders)} would {'win' if len(leaders) == 1 else 'share the victory'}"
                f" (with {top})")
    lines = [f"totals: " + ", ".join(f"{_player(p)} {t}" for p, t in enumerate(totals))]
    lines += [game.narration.describe_event(e, state) for e in events]
    return Finding("winner", text, tuple(lines), tuple(dict.fromkeys(c for c in clauses if c)), events,
                   {"over": game.is_over(state), "winners": winners, "totals": list(totals)})


def _actions_finding(game: GameKit, state: Any) -> Finding:
    acts = _legal_here(game, state)
    actor = game.rules.single_actor(state)
    mine = actor if isinstance(actor, int) else None
    done: list[dict[str, Any]] = []
    clauses: list[str] = []
    for a in acts[:MAX_OUTCOMES]:
        try:
            events = tuple(game.apply(state, a).events)
        except IllegalAction:  # a listed action the engine refuses would be an engine bug
            events = ()
        clauses += [e.clause for e in events]
        done.append({"short": _short(game, a, mine), "action": game.action_to_json(a),
                     "clauses": list(dict.fromkeys(e.clause for e in events)),
                     "does": game.narration.describe_event(events[0], state) if events else None})
    who = _who(game, state)
    if not acts:
        return Finding("actions", "nothing: the game is over", (), (), data={"to_act": None, "actions": []})
    special = game.narration.describe_alternatives(state, acts)
    lines: tuple[str, ...]
    if special is not None:
        lines = (special,)
    else:
        lines = tuple(f"{d['short']}: {d['does'] or 'nothing happens'}"
                      + "".join(f", then [{c}]" for c in d["clauses"][1:])
                      for d in done)
    text = f"{who}: {len(acts)} legal action{'s' if len(acts) != 1 else ''}"
    return Finding("actions", text, lines, tuple(dict.fromkeys(clauses)),
                   data={"to_act": actor, "actions": done})


@dataclass(frozen=True)
class Alternative:
    option: str
    value: Any
    reading: dict[str, Any] | None
    run: Run
    summary: dict[str, Any]
    differences: dict[str, Any]
    replayed_roll: bool
    impossible: tuple[str, ...] = ()
    """Why the position cannot occur under this reading (a turn pointer it makes impossible,
    say); the question is then not replayed, and the alternative says so."""


@dataclass(frozen=True)
class DisputeReport:
    option: str
    in_force: Any
    ruling_value: Any
    disputes: tuple[dict[str, Any], ...]
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
    summary: dict[str, Any]
    alternatives: tuple[Any, ...]
    """Legal actions where the rejected action was posed (empty when legal)."""
    disputes: tuple[DisputeReport, ...]
    rulings: tuple[dict[str, Any], ...]
    """Disputes of the clauses involved that were ruled without a rule option."""
    findings: tuple[Finding, ...] = ()
    """What was asked of the resulting position (questions with no action)."""


def answer_question(question: Question) -> Answer:
    game = question.game
    spec = load_spec(game.info.id)
    run = play(game, question.state, question.steps)
    main = summary(game, run, question.asks)
    rejected = run.rejected
    alternatives = tuple(_legal_here(game, rejected.before)) if rejected else ()
    involved = set(main["clauses"])
    reports = tuple(_disputes(spec, question, main, involved))
    rulings = tuple(
        d for d in spec.disputes if not d.get("option") and involved & set(_dispute_clauses(spec, d))
    )
    return Answer(question, run, main, alternatives, reports, rulings,
                  findings_for(game, run.state, question.asks))


def _legal_here(game: GameKit, state: Any) -> tuple[Any, ...]:
    actors = game.actors(state)
    if len(actors) > 1:
        # a simultaneous node lists players only
        return tuple(a for p in actors for a in game.legal_actions(state, cast(int, p)))
    return game.legal_actions(state) if actors else ()


def _dispute_clauses(spec: Spec, dispute: dict[str, Any]) -> list[str]:
    """A dispute's clauses: those it names and those naming it."""
    named = list(dispute.get("clauses") or ())
    return named + [c.id for c in spec.clauses if dispute["id"] in c.disputes and c.id not in named]


def _option_clauses(spec: Spec, option: str) -> set[str]:
    """The clauses tied to a rule option, directly or through a dispute it settles."""
    tied = {c.id for c in spec.clauses if option in c.options}
    for d in spec.disputes:
        if (d.get("option") or {}).get("name") == option:
            tied |= set(_dispute_clauses(spec, d))
    return tied


def _disputes(spec: Spec, question: Question, main: dict[str, Any], involved: set[str]) -> Iterator[DisputeReport]:
    """Replays the question under each other value of each rule option; yields the ones that
    touch a clause of this answer (under any reading) or change its outcome."""
    game = question.game
    for option_spec in game.options.options_in_play(question.state):
        option = option_spec.name
        in_force = game.options.option_value(question.state, option)
        disputes = tuple(d for d in spec.disputes if (d.get("option") or {}).get("name") == option)
        alternatives = []
        seen = set(involved)
        for value in option_spec.values:
            if value == in_force:
                continue
            reading = _reading(disputes[0], value) if disputes else None
            impossible = _impossible_under(question, option, value)
            if impossible:  # not replayed: the reading makes the position itself impossible
                alt_run = Run((), game.options.with_options(question.state, {option: value}))
                diff: dict[str, Any] = {"position": ["possible", "impossible under this reading"]}
                alternatives.append(Alternative(option, value, reading, alt_run, {}, diff, False, impossible))
                continue
            alt_run, replayed = _replay(question, option, value)
            alt = summary(game, alt_run, question.asks)
            seen |= set(alt["clauses"])
            diff = {k: [main[k], alt.get(k)] for k in main if main[k] != alt.get(k)}
            alternatives.append(Alternative(option, value, reading, alt_run, alt, diff, replayed))
        tied = tuple(sorted(_option_clauses(spec, option) & seen))
        if tied or any(a.differences for a in alternatives):
            yield DisputeReport(option, in_force, option_spec.default, disputes, tied, tuple(alternatives))


def _impossible_under(question: Question, option: str, value: Any) -> tuple[str, ...]:
    """Why the asked position cannot occur with ``option`` set to ``value`` (beyond what is
    already wrong with it as asked): for instance a turn pointer, set by hand, on a player the
    other reading leaves out. Empty when it can occur."""
    game = question.game
    if game.rules.chance_prefix(question.state) is not None:
        return ()  # replayed from before the chance outcome, which rebuilds the position
    asked = game.options.with_options(question.state, {option: value})
    before = set(game.rules.state_problems(question.state)) | set(game.positions.position_problems(question.state))
    now = [*game.rules.state_problems(asked), *game.positions.position_problems(asked)]
    return tuple(dict.fromkeys(p for p in now if p not in before))


def _replay(question: Question, option: str, value: Any) -> tuple[Run, bool]:
    """Plays the question with one option replaced.

    A position may be the result of a chance outcome whose effect itself depends on the option
    (in MLEM, a roll that die_one_rescue decides whether it crashes): when the game says so
    (:meth:`~tabletop_referee.games.roles.Rules.chance_prefix`) and the outcome gives something
    else under the other reading, the question is replayed from before it (as step 0).
    """
    game = question.game
    state = question.state
    asked = game.options.with_options(state, {option: value})
    prefix = game.rules.chance_prefix(state)
    if prefix is not None:
        before, outcome = prefix
        before = game.options.with_options(before, {option: value})
        if game.apply(before, outcome).state != asked:
            spec = ActionSpec(game.action_to_json(outcome), "the position's roll")
            return play(game, before, (spec, *question.steps), first_number=0), True
    return play(game, asked, question.steps), False


def _reading(dispute: dict[str, Any], value: Any) -> dict[str, Any] | None:
    option = dispute.get("option") or {}
    readings = dispute.get("readings") or []
    if value == option.get("default"):
        wanted = dispute.get("ruling")
    else:
        wanted = next((r["id"] for r in readings if r["id"] != dispute.get("ruling")), None)
    return next((r for r in readings if r["id"] == wanted), None)


# -- describing ---------------------------------------------------------------------------


def _value(v: Any) -> str:
    return json.dumps(v) if isinstance(v, bool) else str(v)


def _player(p: Any) -> str:
    return f"player {p}"


def public_address(source: dict[str, Any]) -> str | None:
    """Where a reader can open a source: its web or repository address, or for a seed text the
    public page it copies; None when there is none (a seed is a local file a reader cannot open,
    so its file name is never given as its address)."""
    ref, url = str(source.get("ref") or ""), source.get("url")
    if source.get("kind") != "seed" and ref.startswith(("http://", "https://")):
        return ref
    return str(url) if url else None


def clause_info(spec: Spec, clause_id: str) -> dict[str, Any]:
    """Title, text, confidence, options, disputes and sources of a clause; each source by its
    public description (title and public address, see :func:`public_address`), with how the
    citation backs the clause where the spec says (``backs``, and its ``quote``)."""
    try:
        c = spec.clause(clause_id)
    except KeyError:
        return {"id": clause_id, "title": None, "text": None, "confidence": None, "sources": [],
                "options": [], "disputes": []}
    sources = []
    for cite in c.sources:
        src = spec.source(cite.get("tag")) or {}
        sources.append({"tag": cite.get("tag"), "where": cite.get("where"), "title": src.get("title"),
                        "ref": public_address(src), "reliability": src.get("reliability"),
                        **({"backs": cite["backs"]} if cite.get("backs") else {}),
                        **({"quote": cite["quote"]} if cite.get("quote") else {})})
    return {"id": c.id, "title": c.title, "text": c.text, "confidence": c.confidence,
            "sources": sources, "options": list(c.options), "disputes": list(c.disputes)}


def render_position(game: GameKit, state: Any, indent: str = "  ") -> list[str]:
    """The state as a few readable lines."""
    lines = game.narration.describe_position(state)
    return [part for line in lines
            for part in textwrap.wrap(line, WIDTH, initial_indent=indent, subsequent_indent=indent + "    ",
                                      break_on_hyphens=False)]


def _wrap(text: str, indent: str) -> list[str]:
    return textwrap.wrap(text, WIDTH, initial_indent=indent, subsequent_indent=indent,
                         break_on_hyphens=False) or [indent]


def _clause_block(info: dict[str, Any], indent: str, game_id: str) -> list[str]:
    if info["title"] is None:
        return [f"{indent}(clause {info['id']} is not in spec/{game_id}/clauses.yaml)"]
    lines = [f"{indent}{info['title']} — {info['confidence']}"]
    lines += _wrap(info["text"], indent)
    cites = "; ".join(
        f"{s['tag']}" + (f" ({s['where']})" if s.get("where") else "")
        + (f" <{s['ref']}>" if s.get("ref") else f" “{s['title']}”" if s.get("title") else "")
        + (f" [{s['backs']}]" if s.get("backs") else "")
        for s in info["sources"]
    )
    lines += _wrap("sources: " + cites, indent)
    return lines


def _alternatives_text(answer: Answer) -> list[str]:
    rejected = answer.run.rejected
    acts = answer.alternatives
    if not acts:
        return ["  none: the game is over"]
    game = answer.question.game
    assert rejected is not None  # alternatives are listed for a rejected action only
    special = game.narration.describe_alternatives(rejected.before, acts)
    if special is not None:
        return _wrap(special, "  ")
    actor = game.rules.single_actor(rejected.before)
    shorts = [_short(game, a, actor if isinstance(actor, int) else None) for a in acts]
    who = f"{_player(actor)} to act" if isinstance(actor, int) else "chance" if actor == CHANCE else "players choosing"
    return _wrap(f"({who}) " + "; ".join(shorts), "  ")


TEXT_SKIPPED = ("legal", "rejected_by", "rejected_at_step", "to_act", "dice", "clauses")
"""Summary fields the text leaves out of a difference (the verdict says them; --json has all)."""


def _difference_text(diff: dict[str, Any]) -> str:
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
        def fmt(v: Any) -> str:
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
    return f"ILLEGAL{where} [{rejected.refusal.clause}]"


def _gist(game: GameKit, run: Run) -> str:
    """The answer in a few words: what happened, and who acts next."""
    parts = game.narration.gist(run.state, run.events)
    if run.rejected is not None:
        parts.append(run.rejected.refusal.message)
    elif not game.is_over(run.state):
        parts.append("next: " + game.narration.actor_phrase(run.state))
    elif not parts:  # a finished game the game's own gist says nothing about
        winners = list(game.scoring.winners(run.state))
        reason = game.scoring.ended_reason(run.state)
        parts.append("the game is over" + (f" ({reason})" if reason else "") + ": "
                     + (f"{' and '.join(_player(p) for p in winners)} "
                        f"{'wins' if len(winners) == 1 else 'share the victory'}" if winners else "nobody wins"))
    return "; ".join(parts)


def _who(game: GameKit, state: Any) -> str:
    actors = game.actors(state)
    if not actors:
        return "the game is over"
    if actors == (CHANCE,):
        return "a roll is due" if game.notation.chance_verb(state) == "roll" else "a chance outcome is due"
    if len(actors) > 1:
        return "players " + ", ".join(map(str, actors)) + " choosing"
    return f"{_player(actors[0])} to act"


def render_text(answer: Answer) -> str:
    q, run = answer.question, answer.run
    game = q.game
    gid = game.info.id
    spec = load_spec(gid)
    out: list[str] = []
    if q.text:
        out += _wrap(f"Question: {q.text}", "")
    out += ["Position:", *render_position(game, q.state)]
    out.append("Actions: " + ("; ".join(f"{i}. {s.text}" for i, s in enumerate(q.steps, start=1))
                              or "none"))
    if q.asks:
        out.append("Asked: " + ", ".join(ASK_TITLES[a] for a in q.asks))
    rejected = run.rejected
    shown: set[str] = set()
    if not q.steps:
        out += _findings_text(answer, spec, shown)
        return _tail_text(answer, out)
    out += ["", *_wrap(f"Answer: {_verdict(run)} — {_gist(game, run)}", "")]
    for step in run.steps:
        who = _who(game, step.before)
        status = "legal" if step.error is None else f"ILLEGAL [{step.error.clause}]"
        written = _short(game, step.action, game.interchange.default_player(step.before))
        out += ["", f"Step {step.number}: {written} ({who}) — {status}"]
        for n, e in enumerate(step.events, start=1):
            out.append(f"  {n}. {game.narration.describe_event(e, step.before)}")
            if e.clause not in shown:
                shown.add(e.clause)
                out += _clause_block(clause_info(spec, e.clause), "       ", gid)
        if step.error is not None:
            info = clause_info(spec, step.error.clause)
            out += [f"  Forbidden by [{step.error.clause}]:", *_clause_block(info, "    ", gid)]
            out += _wrap(f"Engine: {step.error.message}", "  ")
            facts = game.narration.rejection_facts(step.before, step.action, step.error.clause)
            if facts:
                out += _wrap("Because: " + "; ".join(facts), "  ")
            out.append("  Legal instead:")
            out += ["  " + line for line in _alternatives_text(answer)]
    unplayed = len(q.steps) - len(run.steps)
    if unplayed:
        out.append(f"  (the {unplayed} action(s) after it were not played)")
    out += ["", "Resulting position:" if rejected is None else "Position where it was rejected:"]
    out += render_position(game, run.state)
    out += _findings_text(answer, spec, shown)
    return _tail_text(answer, out)


ASK_TITLES = {"score": "what does this position score", "winner": "who wins",
              "actions": "what may the actor do here"}


def _findings_text(answer: Answer, spec: Spec, shown: set[str]) -> list[str]:
    """Each asked question's answer, with the clauses that decide it (their text the first time)."""
    gid = answer.question.game.info.id
    out: list[str] = []
    for f in answer.findings:
        out += ["", *_wrap(f"Answer ({ASK_TITLES[f.ask]}): {f.summary}", "")]
        out += [line for text in f.lines for line in _wrap(text, "  ")]
        if f.clauses:
            out.append("  Decided by: " + ", ".join(f"[{c}]" for c in f.clauses))
        for c in f.clauses:
            if c not in shown:
                shown.add(c)
                out += [f"    [{c}]", *_clause_block(clause_info(spec, c), "       ", gid)]
    return out


def _tail_text(answer: Answer, out: list[str]) -> str:
    """The disputes and rulings involved, after the answer proper."""
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


def deciding_clauses(answer: Answer) -> list[str]:
    """The clauses that decided the answer: the rejecting clause, else those of the last step's
    events, in order, then those of what was asked of the position."""
    rejected = answer.run.rejected
    if rejected is not None:
        return [rejected.refusal.clause]
    steps = answer.run.steps
    found = [c for f in answer.findings for c in f.clauses]
    return list(dict.fromkeys([*(e.clause for e in steps[-1].events), *found] if steps else found))


def render_brief(answer: Answer) -> str:
    """The short text form: the verdict, the deciding clause(s), then one line per event (and
    the disputes whose readings change the answer)."""
    q, run = answer.question, answer.run
    game = q.game
    clauses = deciding_clauses(answer)
    first = [f"{_verdict(run)} — {_gist(game, run)}"] if q.steps else []
    first += [f"{f.ask}: {f.summary}" for f in answer.findings]
    out = [*first, "decided by: " + (", ".join(clauses) if clauses else "no clause (nothing happened)")]
    for step in run.steps:
        for e in step.events:
            out.append(f"  {step.number}. {game.narration.describe_event(e, step.before)}")
        if step.error is not None:
            out.append(f"  {step.number}. rejected [{step.error.clause}]: {step.error.message}")
    for f in answer.findings:
        out += [f"  {f.ask}: {line}" for line in f.lines]
    for r in answer.disputes:
        if r.decides:
            names = ", ".join(d["id"] for d in r.disputes) or "the rule option"
            out.append(f"  disputed: {names} (option {r.option}) decides this answer")
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
        if a.impossible:
            lines += _wrap("not replayed: under this reading the position cannot occur ("
                           + "; ".join(a.impossible) + ")", "      ")
            continue
        verdict = _verdict(a.run)
        rejected = a.run.rejected
        if rejected is not None:
            verdict += f" {rejected.refusal.message}"
        if a.replayed_roll:
            verdict += " (the position's roll was played again under this reading)"
        lines += _wrap(f"{verdict}; {_difference_text(a.differences)}", "      ")
    return lines


# -- JSON ---------------------------------------------------------------------------------


def answer_to_json(answer: Answer) -> dict[str, Any]:
    """The whole answer as one JSON document (see docs/explain.md)."""
    q, run = answer.question, answer.run
    game = q.game
    spec = load_spec(game.info.id)
    rejected = run.rejected

    def step_doc(step: Step, actor: Any) -> dict[str, Any]:
        return {"step": step.number, "short": _short(game, step.action, actor if isinstance(actor, int) else None),
                "written": step.spec.text, "action": game.action_to_json(step.action),
                "legal": step.error is None}

    def rejection_doc(step: Step | None) -> dict[str, Any] | None:
        if step is None:
            return None
        return {"step": step.number, "clause": step.refusal.clause, "message": step.refusal.message,
                "facts": game.narration.rejection_facts(step.before, step.action, step.refusal.clause),
                "clause_info": clause_info(spec, step.refusal.clause)}

    events = []
    for step in run.steps:
        for e in step.events:
            events.append({"step": step.number, **game.event_to_json(e),
                           "description": game.narration.event_sentence(e, step.before),
                           "clause_info": clause_info(spec, e.clause)})
    actor = game.rules.single_actor(rejected.before) if rejected else None
    alternatives = [{"short": _short(game, a, actor if isinstance(actor, int) else None),
                     "action": game.action_to_json(a)}
                    for a in answer.alternatives]
    result = game.result_to_json(run.state)
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
                    "legal": None if a.impossible else a.run.legal,
                    "impossible": list(a.impossible),
                    "rejection": rejection_doc(a.run.rejected),
                    "replayed_roll": a.replayed_roll,
                    "summary": a.summary,
                    "differences": {k: {"asked": v[0], "alternative": v[1]} for k, v in a.differences.items()},
                    "state": game.state_to_json(a.run.state),
                }
                for a in r.alternatives
            ],
        })
    return {
        "game": game.info.id,
        "question": q.text,
        "source": q.source,
        "options": game.options.options_to_json(q.state),
        "position": game.state_to_json(q.state),
        "actions": [step_doc(s, game.rules.single_actor(s.before)) for s in run.steps],
        "unplayed": [s.text for s in q.steps[len(run.steps):]],
        "legal": run.legal,
        "events": events,
        "rejection": rejection_doc(rejected),
        "alternatives": alternatives,
        "state": game.state_to_json(run.state),
        "to_act": game.rules.single_actor(run.state),
        "scores": [{"player": p, **doc} for p, doc in enumerate(result["scores"])],
        "outcome": result["outcome"],
        "summary": answer.summary,
        "disputes": disputes,
        "rulings": [{"id": d["id"], "title": d["title"], "ruling": d["ruling"]} for d in answer.rulings],
        "ask": list(q.asks),
        "findings": [{"ask": f.ask, "summary": f.summary, "lines": list(f.lines), "clauses": list(f.clauses),
                      "clause_info": [clause_info(spec, c) for c in f.clauses],
                      "events": [{**game.event_to_json(e), "description": game.narration.event_sentence(e, run.state)}
                                 for e in f.events],
                      **f.data}
                     for f in answer.findings],
    }

