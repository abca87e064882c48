"""JSON interchange for Seven Knights Bewitched: the only place that knows the document shapes
and the only one that reads the tile data (spec/seven-knights/tiles.yaml).

``*_to_json`` return canonical documents (every field present); ``*_from_json`` validate
against ``schemas/seven-knights/*.schema.json`` first (raising
:class:`~tabletop_referee.errors.MalformedInput` with the JSON path), then build frozen values.
In documents a tile is a seat number (the tile in front of that player) or ``"c0"``, ``"c1"``...
(centre tiles); a tile value is ``"W"`` (the Witch), 1..7, or null when masked.
"""

from __future__ import annotations

from enum import StrEnum
import json
from dataclasses import fields
from functools import lru_cache
from collections.abc import Sequence
from typing import Any, cast

from ...errors import IllegalAction, InvalidState, MalformedInput
from ...loading import read_document
from ...paths import spec_dir
from ...schemas import validation_errors
from ..interface import Event
from .model import (
    CENTRE, HIDDEN, PHASES, ROUNDS, WITCH, Action, Answer, Arrange, Ask, Confirm, Deal,
    FirstPlayer, Inspect, Options, Question, Recommend, RoundResult, Setup, Skip, State, TileSet, Withdraw,
    in_play, tile_id, tile_ref, value_ref,
)
from . import engine
from .engine import observe
from .notation import action_text
from .rules.checks import check_setup
from .rules.modes import play_mode
from .rules.settlement import points_each

Doc = dict[str, Any]
"""A JSON document (its shape is checked against the schemas, not by the type checker)."""

GAME_ID = "seven-knights"
FORMAT = 1


def canonical_text(doc: Any) -> str:
    """The canonical JSON text of a document: sorted keys, no spaces, UTF-8 as is."""
    return json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _validate(name: str, doc: Any, what: str) -> None:
    errors = validation_errors(GAME_ID, name, doc)
    if errors:
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        path, _, message = errors[0].partition(": ")
        raise MalformedInput(f"{what}: {message}{more}", path=path)


def _value(doc: Any) -> int | None:
    return WITCH if doc == "W" else doc


# -- tile data ------------------------------------------------------------------------------


@lru_cache(maxsize=1)
def _tiles_doc() -> Doc:
    """spec/seven-knights/tiles.yaml, read once through the input boundary (its counts are keyed
    by player count: YAML integer keys, kept)."""
    doc: Doc = read_document(spec_dir(GAME_ID) / "tiles.yaml", what="tile data", fmt="yaml", json_only=False)
    return doc


def load_tiles(players: int, options: Options = Options()) -> TileSet | None:
    """The tile data of a player count and mode from spec/seven-knights/tiles.yaml
    [modes.tiles-in-play]; None when the data has no entry (the setup is then refused)."""
    mode = play_mode(Setup(players, 0, options))
    doc = _tiles_doc().get(mode, {}).get("cooperative" if options.cooperative else "competitive")
    if not doc or players not in doc:
        return None
    entry = doc[players]
    if mode == "standard":
        # tile data values are "W" or 1-7, never null
        return TileSet(tuple(sorted(cast(int, _value(v)) for v in entry["in_play"])), entry["centre"], False,
                       tuple(entry.get("face_up_leftovers", ())))
    if mode == "advanced":
        return TileSet(tuple(sorted(cast(int, _value(v)) for v in doc["pool"])), entry["centre"])
    pool = [cast(int, _value(v)) for v in doc["player_pool"]]
    if not options.cooperative:
        pool.append(WITCH)
    return TileSet(tuple(sorted(pool)), entry["centre"], True)


def standard_setup(players: int, first_player: int = 0, **options: Any) -> Setup:
    """A setup with the tile data loaded (options by name, the rest default)."""
    opts = Options(**options)
    return Setup(players, first_player, opts, load_tiles(players, opts))


# -- options and setup ----------------------------------------------------------------------


def options_to_json(o: Options) -> Doc:
    # plain strings, not the options' StrEnum members (YAML writers know only str)
    return {f.name: _plain(getattr(o, f.name)) for f in fields(Options)}


def _plain(value: Any) -> Any:
    return value.value if isinstance(value, StrEnum) else value


def options_from_json(doc: Doc | None) -> Options:
    """Options from a partial document: missing options take their defaults."""
    return Options(**(doc or {}))


def tiles_to_json(t: TileSet) -> Doc:
    return {"pool": [value_ref(v) for v in t.pool], "centre": t.centre,
            "knights_to_players": t.knights_to_players, "leftover": list(t.leftover)}


def tiles_from_json(doc: Doc) -> TileSet:
    # validated: a pool value is "W" or 1-7 (common.schema.json, tiles), never null
    return TileSet(tuple(sorted(cast(int, _value(v)) for v in doc["pool"])), doc["centre"],
                   doc.get("knights_to_players", False), tuple(doc.get("leftover", ())))


def setup_to_json(s: Setup) -> Doc:
    doc = {"players": s.players, "first_player": s.first_player,
           "options": options_to_json(s.options)}
    if s.tiles is not None:
        doc["tiles"] = tiles_to_json(s.tiles)
    return doc


def setup_from_json(doc: Any) -> Setup:
    """A setup; without ``tiles`` the tile data of its player count and mode is loaded.
    ``first_player`` absent means seat 0; null means it is drawn by chance at the start."""
    _validate("setup", doc, "setup")
    opts = options_from_json(doc.get("options"))
    tiles = tiles_from_json(doc["tiles"]) if "tiles" in doc else load_tiles(doc["players"], opts)
    return Setup(doc["players"], doc.get("first_player", 0), opts, tiles)


# -- actions --------------------------------------------------------------------------------


def action_to_json(a: Action) -> Doc:
    """An action document (canonical: every field present)."""
    if isinstance(a, FirstPlayer):
        return {"type": "first-player", "seat": a.seat}
    if isinstance(a, Deal):
        return {"type": "deal", "values": [value_ref(v) for v in a.values]}
    if isinstance(a, Inspect):
        return {"type": "inspect", "player": a.player, "tile": tile_ref(a.tile)}
    if isinstance(a, Ask):
        return {"type": "ask", "player": a.player, "answerer": a.answerer,
                "tiles": [tile_ref(t) for t in a.tiles], "numbers": list(a.numbers),
                "expression": a.expression}
    if isinstance(a, Answer):
        return {"type": "answer", "player": a.player, "yes": a.yes}
    if isinstance(a, Skip):
        return {"type": "skip", "player": a.player}
    if isinstance(a, Recommend):
        return {"type": "recommend", "player": a.player, "target": a.target}
    if isinstance(a, Withdraw):
        return {"type": "withdraw", "player": a.player}
    if isinstance(a, Arrange):
        return {"type": "arrange", "player": a.player, "order": [tile_ref(t) for t in a.order]}
    return {"type": "confirm", "player": a.player}


def action_from_json(doc: Any) -> Action:
    """Builds an action from its document (``numbers`` / ``expression`` of ``ask`` may be
    left out). Raises MalformedInput when it does not match action.schema.json."""
    _validate("action", doc, "action")
    kind = doc["type"]
    if kind == "first-player":
        return FirstPlayer(doc["seat"])
    if kind == "deal":
        # validated: a dealt value is "W" or 1-7 (action.schema.json), never null
        return Deal(tuple(cast(int, _value(v)) for v in doc["values"]))
    p = doc["player"]
    if kind == "inspect":
        return Inspect(p, tile_id(doc["tile"]))
    if kind == "ask":
        return Ask(p, doc["answerer"], tuple(tile_id(t) for t in doc["tiles"]),
                   tuple(doc.get("numbers", ())), doc.get("expression", ""))
    if kind == "answer":
        return Answer(p, doc["yes"])
    if kind == "skip":
        return Skip(p)
    if kind == "recommend":
        return Recommend(p, doc["target"])
    if kind == "withdraw":
        return Withdraw(p)
    if kind == "arrange":
        return Arrange(p, tuple(tile_id(t) for t in doc["order"]))
    return Confirm(p)


def event_to_json(e: Event) -> Doc:
    doc: dict[str, Any] = {"type": e.type, "clause": e.clause}
    for key, value in e.data:
        doc[key] = list(value) if isinstance(value, tuple) else value
    return doc


def error_to_json(exc: IllegalAction) -> Doc:
    return {"clause": exc.clause, "message": exc.message}


# -- states and observations ----------------------------------------------------------------


def _question_to_json(q: Question) -> Doc:
    return {"asker": q.asker, "answerer": q.answerer, "tiles": [tile_ref(t) for t in q.tiles],
            "numbers": list(q.numbers), "expression": q.expression, "answer": q.answer,
            "last": q.last}


def _question_from_json(d: Doc) -> Question:
    return Question(d["asker"], d["answerer"], tuple(tile_id(t) for t in d["tiles"]),
                    tuple(d["numbers"]), d["expression"], d["answer"], d["last"])


def state_to_json(s: State) -> Doc:
    n = s.setup.players
    dealt = bool(s.values)
    return {
        "game": GAME_ID,
        "format": FORMAT,
        "setup": setup_to_json(s.setup),
        "round": s.round,
        "first_player": s.first_player,
        "phase": _plain(s.phase),
        "tiles": {
            "players": [value_ref(v) for v in s.values[:n]] if dealt else [],
            "centre": [value_ref(s.values[t]) for t in in_play(s.setup)[n:]] if dealt else [],
        },
        "inspections": [{"player": p, "tile": tile_ref(t)} for p, t in s.inspections],
        "questions": [_question_to_json(q) for q in s.questions],
        "recommendations": ["hidden" if r == HIDDEN else r for r in s.recommendations],
        "recommendations_revealed": s.revealed_recommendations,
        "captain": s.captain,
        "arrangement": None if s.arrangement is None else [tile_ref(t) for t in s.arrangement],
        "confirmed": list(s.confirmed),
        "revealed": [tile_ref(t) for t in s.revealed],
        "scores": list(s.scores),
        "history": [
            {"round": r.round, "first_player": r.first_player, "captain": r.captain,
             "winner": r.winner, "points": list(r.points), "reason": r.reason}
            for r in s.history
        ],
    }


def observation_to_json(s: State, player: int) -> Doc:
    """What ``player`` sees of ``s``: the state document with masked values (null), others'
    recommendations before the reveal as ``"hidden"``, and ``observer`` [observation.*].

    Raises IllegalAction (clause observation.own-tile) if ``player`` is not in the game.
    """
    if not isinstance(player, int) or not 0 <= player < s.setup.players:
        raise IllegalAction("observation.own-tile", f"there is no player {player}")
    return state_to_json(observe(s, player)) | {"observer": player}


def state_from_json(doc: Any, *, check: bool = True) -> State:
    """Builds a state (or an observation: ``observer`` is ignored) from its document.

    Raises:
        MalformedInput: the document does not match state.schema.json.
        InvalidState: with ``check``, a well-formed state no game can reach (problems listed).
    """
    if isinstance(doc, dict) and "observer" in doc:
        _validate("observation", doc, "observation")
    else:
        _validate("state", doc, "state")
    setup = setup_from_json(doc["setup"])
    tiles = doc["tiles"]
    n = setup.players
    values: tuple[int | None, ...] = ()
    if tiles["players"] or tiles["centre"]:
        centre = tuple(_value(v) for v in tiles["centre"])
        values = (tuple(_value(v) for v in tiles["players"]) + (None,) * (CENTRE - n) + centre)
    state = State(
        setup=setup,
        round=doc["round"],
        first_player=doc["first_player"],
        phase=doc["phase"],
        values=values,
        inspections=tuple((x["player"], tile_id(x["tile"])) for x in doc["inspections"]),
        questions=tuple(_question_from_json(q) for q in doc["questions"]),
        recommendations=tuple(HIDDEN if r == "hidden" else r for r in doc["recommendations"]),
        revealed_recommendations=doc["recommendations_revealed"],
        captain=doc["captain"],
        arrangement=None if doc["arrangement"] is None else tuple(tile_id(t) for t in doc["arrangement"]),
        confirmed=tuple(doc["confirmed"]),
        revealed=tuple(sorted(tile_id(t) for t in doc["revealed"])),
        scores=tuple(doc["scores"]),
        history=tuple(RoundResult(r["round"], r["first_player"], r["captain"], r["winner"],
                                  tuple(r["points"]), r["reason"]) for r in doc["history"]),
    )
    if check and "observer" not in doc:
        problems = state_problems(state)
        if problems:
            more = f" (and {len(problems) - 1} more: {'; '.join(problems[1:])})" if len(problems) > 1 else ""
            raise InvalidState("interchange.state", problems[0] + more)
    return state


def state_problems(s: State) -> list[str]:
    """Why a well-formed state cannot occur in a game (empty when it can).

    The finished rounds are checked for their bookkeeping (points per the score table, totals);
    the current round is replayed from its deal through the engine, using what the state
    records (inspections, questions and answers, recommendations, the line), and the result
    must equal the state.
    """
    try:
        check_setup(s.setup)
    except IllegalAction as e:
        return [f"the setup is refused: {e.message} [{e.clause}]"]
    for stage in (_shape_problems, _history_problems):
        problems = stage(s)
        if problems:
            return problems
    return _round_problems(s)


def _shape_problems(s: State) -> list[str]:
    """The phase, the round and the number of scores."""
    n = s.setup.players
    if s.phase not in PHASES:
        return [f"unknown phase {s.phase!r}"]
    if not 1 <= s.round <= ROUNDS:
        return [f"round {s.round} is not between 1 and {ROUNDS}"]
    if len(s.scores) != n:
        return [f"{len(s.scores)} scores for {n} players"]
    return []


def _history_problems(s: State) -> list[str]:
    """The finished rounds: how many, and the points of each per the score table."""
    problems: list[str] = []
    n = s.setup.players
    finished = s.phase in ("review", "game-over")
    if s.phase == "game-over" and s.round != ROUNDS:
        problems.append(f"the game ends only after round {ROUNDS}")
    expected_history = s.round if finished else s.round - 1
    if len(s.history) != expected_history:
        return problems + [f"{len(s.history)} finished rounds recorded in round {s.round} "
                           f"(phase {s.phase}); expected {expected_history}"]
    for i, r in enumerate(s.history):
        if r.round != i + 1:
            problems.append(f"history entry {i} is for round {r.round}")
        if len(r.points) != n or not 0 <= r.first_player < n:
            problems.append(f"round {r.round}: the record does not fit {n} players")
            continue
        if r.winner not in ("knights", "witch", "nobody"):
            problems.append(f"round {r.round}: unknown winner {r.winner!r}")
            continue
        side = "knights" if r.winner == "knights" else "witch"
        each = points_each(side, r.round, s.setup.options.fixed_score)
        if any(p not in (0, each) for p in r.points) or (r.winner == "nobody" and any(r.points)):
            problems.append(f"round {r.round}: points {list(r.points)} do not match the score "
                            f"table ({each} to each {r.winner} winner)")
    return problems


def _round_problems(s: State) -> list[str]:
    """The current round: who starts it, then a replay of its record from the deal."""
    setup = s.setup
    n = setup.players
    problems: list[str] = []
    if s.phase == "first-player":
        if s != engine.initial_state(setup) or setup.first_player is not None:
            problems.append("only a new game whose setup leaves the first player to chance "
                            "waits for the first-player draw")
        return problems
    if s.round == 1 and setup.first_player is not None and s.first_player != setup.first_player:
        problems.append("round 1 starts with the setup's first player")
    if not isinstance(s.first_player, int) or not 0 <= s.first_player < n:
        return problems + [f"there is no player {s.first_player} to start the round"]
    before = s.history[:-1] if s.phase in ("review", "game-over") else s.history
    totals = tuple(sum(r.points[p] for r in before) for p in range(n))
    replay = State(setup, s.round, s.first_player, "deal", scores=totals, history=tuple(before))
    if s.phase == "deal":
        if replay != s:
            problems.append("a state waiting for the deal records nothing of the round")
        return problems
    masked = _masked_problem(s)
    if masked:
        return problems + [masked]
    return problems + _replay_problems(s, replay)


def _masked_problem(s: State) -> str | None:
    """Masked or misplaced tile values and masked recommendations (an observation)."""
    setup = s.setup
    assert setup.tiles is not None  # state_problems refused a setup without tile data first
    if any(v in (None, HIDDEN) for v in (s.values[t] for t in in_play(setup))
           if len(s.values) == CENTRE + setup.tiles.centre):
        return "some tile values are masked (an observation, not a state)"
    if len(s.values) != CENTRE + setup.tiles.centre or any(
            s.values[t] is not None for t in range(setup.players, CENTRE)):
        return "the tile values do not fit the players and centre tiles"
    if HIDDEN in s.recommendations:
        return "some recommendations are masked (an observation, not a state)"
    return None


class _Record:
    """What the state records of its round, consumed as the replay goes."""

    def __init__(self, s: State) -> None:
        self.s = s
        self.inspections = list(s.inspections)
        self.questions = list(s.questions)


def _next_inspection(r: _Record, replay: State) -> Sequence[Action] | None:
    if replay.phase != "inspect" or not r.inspections:
        return None
    return [Inspect(*r.inspections.pop(0))]


def _next_question(r: _Record, replay: State) -> Sequence[Action] | None:
    if replay.phase not in ("ask", "captain-ask") or not r.questions:
        return None
    q = r.questions[0]
    if r.s.setup.options.cooperative:
        r.questions.pop(0)  # answered at once
    return [Ask(q.asker, q.answerer, q.tiles, q.numbers, q.expression)]


def _next_answer(r: _Record, replay: State) -> Sequence[Action] | None:
    if (replay.phase not in ("answer", "captain-answer") or not r.questions
            or r.questions[0].answer is None):
        return None
    q = r.questions.pop(0)
    return [Answer(q.answerer, cast(bool, q.answer))]  # not None: checked above


def _next_skip(r: _Record, replay: State) -> Sequence[Action] | None:
    if (replay.phase == "captain-ask" and r.s.phase != "captain-ask"
            and r.s.setup.options.last_question == "optional" and replay.captain is not None):
        return [Skip(replay.captain)]
    return None


def _next_recommendations(r: _Record, replay: State) -> Sequence[Action] | None:
    todo = [Recommend(p, t) for p, t in enumerate(r.s.recommendations)
            if t is not None and replay.recommendations[p] is None]
    return todo if replay.phase == "recommend" and todo else None


def _next_line(r: _Record, replay: State) -> Sequence[Action] | None:
    if replay.phase == "arrange" and r.s.arrangement is not None:
        # the replay reached the line, so its captain is appointed
        return [Arrange(cast(int, replay.captain), r.s.arrangement)]
    return None


def _next_confirmations(r: _Record, replay: State) -> Sequence[Action] | None:
    todo = [Confirm(p) for p, c in enumerate(r.s.confirmed) if c and not replay.confirmed[p]]
    return todo if replay.phase == "review" and todo else None


_REPLAY_STEPS = (_next_inspection, _next_question, _next_answer, _next_skip,
                 _next_recommendations, _next_line, _next_confirmations)
"""What the replay of a round plays next, tried in order (the first that applies)."""


def _replay_problems(s: State, replay: State) -> list[str]:
    """Replays the round from its deal; the state must be what the replay reaches."""
    record = _Record(s)
    # _masked_problem found every tile in play dealt (no None)
    actions: Sequence[Action] | None = [Deal(tuple(cast(int, s.values[t]) for t in in_play(s.setup)))]
    for _ in range(201):
        for action in actions or ():
            try:
                replay = engine.apply(replay, action).state
            except IllegalAction as e:
                return [f"{action_text_safe(action)} is not possible there: {e.message} [{e.clause}]"]
        actions = next((a for a in (f(record, replay) for f in _REPLAY_STEPS) if a), None)
        if actions is None:
            break
    if replay != s:
        diffs = [f.name for f in fields(State) if getattr(replay, f.name) != getattr(s, f.name)]
        return ["the state does not follow from its round's record: " + ", ".join(diffs)
                + " differ from the replay"]
    return []


def action_text_safe(action: Action) -> str:
    try:
        return action_text(action)
    except Exception:  # noqa: BLE001 - only for a message
        return repr(action)
