"""Compact position documents (YAML or JSON) -> State, for ``referee explain`` and tests.

A position is replayed through the engine from the deal, so every position it builds is a
reachable state (or the document is refused with the clause that forbids it)::

    players: 4
    first_player: 0                 # default 0
    options: {variant: standard}    # any option of spec/seven-knights/options.yaml
    deal: [3, 1, W, 2, 4]           # players' tiles in seat order, then the centre tiles
    inspections: [2, c0, 0, 1]      # the targets, in turn order (the inspector is implied)
    questions:                      # in turn order (the asker is implied); "-> yes/no" answers
      - ask 2 1,2 -> no             # ... leave the answer off to stop at the pending answer
      - ask 3 "A<B" on 3,c0
    recommendations: [1, null, 1, 2]  # per seat; null = not chosen yet
    actions: [skip]                 # any further short actions (notation.py), in order

So "could player 3 have answered No here?" is a position whose last question is to player 3
and has no answer; ``engine.answer_could_be(state, 3, False)`` tells, with the hidden facts.
Optional ``round`` (default 1) and ``history`` (finished rounds: ``{winner, points}``, with
``first_player``, ``captain`` and ``reason`` optional) place the position in a later round.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ...errors import IllegalAction, InvalidNotation, MalformedInput
from . import engine
from .interchange import load_tiles, options_from_json, tiles_from_json
from .model import WITCH, Answer, Deal, Recommend, RoundResult, Setup, State
from .notation import parse_action

_KEYS = {"players", "first_player", "options", "deal", "inspections", "questions",
         "recommendations", "actions", "round", "history", "tiles"}


def _fail(message: str, path: str = "$") -> MalformedInput:
    return MalformedInput(message, path=path)


def _setup(doc: Mapping[str, Any]) -> Setup:
    if not isinstance(doc, Mapping):
        raise _fail("a position is a mapping")
    unknown = set(doc) - _KEYS
    if unknown:
        raise _fail(f"unknown keys: {', '.join(sorted(unknown))}")
    if not isinstance(doc.get("players"), int):
        raise _fail("players (a number) is required", "$.players")
    try:
        opts = options_from_json(doc.get("options"))
    except TypeError as e:
        raise _fail(f"bad options: {e}", "$.options") from None
    n = doc["players"]
    tiles = tiles_from_json(doc["tiles"]) if "tiles" in doc else load_tiles(n, opts)
    if not isinstance(doc.get("first_player", 0), int):
        raise _fail("first_player is a seat number", "$.first_player")
    return Setup(n, doc.get("first_player", 0), opts, tiles)


def _round_start(doc: Mapping[str, Any], setup: Setup) -> State:
    state = engine.initial_state(setup)
    rnd = doc.get("round", 1)
    history = doc.get("history") or []
    if rnd == 1 and not history:
        return state
    if len(history) != rnd - 1:
        raise _fail(f"round {rnd} needs {rnd - 1} finished rounds in history", "$.history")
    results = tuple(
        RoundResult(i + 1, h.get("first_player", 0), h.get("captain"), h["winner"],
                    tuple(h["points"]), h.get("reason", "line"))
        for i, h in enumerate(history))
    scores = tuple(sum(r.points[p] for r in results) for p in range(setup.players))
    return State(setup, rnd, doc.get("first_player", 0), "deal", scores=scores, history=results)


def _questions(state: State, lines: list[Any]) -> State:
    for i, line in enumerate(lines):
        text, _, answer = str(line).partition("->")
        state = _apply(state, text.strip(), f"$.questions[{i}]")
        if answer.strip():
            if state.phase not in ("answer", "captain-answer"):
                continue  # cooperative play answers automatically
            yes = answer.strip().lower() in ("yes", "y", "true")
            state = engine.apply(state, Answer(state.questions[-1].answerer, yes)).state
    return state


def state_from_position(doc: Mapping[str, Any], base: Path | None = None) -> State:
    """The state a position document describes; MalformedInput for a bad document,
    IllegalAction (with its clause) when a recorded step breaks a rule."""
    state = _round_start(doc, _setup(doc))
    if "deal" not in doc:
        return state
    values = tuple(WITCH if v in ("W", "w") else v for v in doc["deal"])
    state = engine.apply(state, Deal(values)).state
    for i, target in enumerate(doc.get("inspections") or []):
        state = _apply(state, f"inspect {target}", f"$.inspections[{i}]")
    state = _questions(state, doc.get("questions") or [])
    for p, r in enumerate(doc.get("recommendations") or []):
        if r is not None:
            state = engine.apply(state, Recommend(p, r)).state
    for i, line in enumerate(doc.get("actions") or []):
        state = _apply(state, str(line), f"$.actions[{i}]")
    return state


def _apply(state: State, text: str, path: str) -> State:
    try:
        action = parse_action(text, state)
    except InvalidNotation as e:
        raise _fail(e.message, path) from None
    after: State = engine.apply(state, action).state
    return after


__all__ = ["state_from_position", "IllegalAction"]
