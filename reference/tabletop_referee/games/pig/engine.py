"""Pig's rules: pure functions over the frozen values of model.py (spec/pig/clauses.yaml).

One check function per clause that refuses input (``rule_checks``); ``apply`` raises the first
violation, then makes the effects, each event naming its clause. No clock, file or random number.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import Any

from ...errors import IllegalAction
from ..interface import Actor, Event, EventKind, Transition, event
from .model import CHANCE, Action, Die, GameEnd, Hold, Phase, Roll, Setup, State

MAX_PLAYERS = 8
FACES = tuple(range(1, 7))

EVENT_KINDS: dict[str, EventKind] = {k.type: k for k in (
    EventKind("rolled", ("roll.die",), ("player", "face"), "chance: the die shows a face"),
    EventKind("added", ("roll.add",), ("player", "turn_total"), "a face of 2 to 6 joins the turn total"),
    EventKind("pigged-out", ("roll.one",), ("player", "lost"), "a 1: the turn ends and its total is lost"),
    EventKind("held", ("hold.bank",), ("player", "banked", "score"), "the turn total is banked"),
    EventKind("target-reached", ("end.last-turn",), ("player", "score"),
              "last-turn: the first to reach the target; everyone else has one more turn"),
    EventKind("turn-passed", ("turn.order",), ("player",), "the next seat's turn begins"),
    EventKind("game-ended", ("end.immediate", "end.last-turn"), ("winners", "reason"), "the game is over"),
)}


# -- checks, one per clause that refuses input --------------------------------------------


def check_setup_players(_: None, setup: Setup) -> Iterator[IllegalAction]:
    if not 2 <= setup.players <= MAX_PLAYERS:
        yield IllegalAction("setup.players", f"Pig is for 2 to {MAX_PLAYERS} players, not {setup.players}")
    elif not 0 <= setup.start_player < setup.players:
        yield IllegalAction("setup.players", f"start player {setup.start_player} is not a seat of {setup.players}")


def check_turn_actor(s: State, a: Action) -> Iterator[IllegalAction]:
    if s.phase is Phase.OVER:
        yield IllegalAction("turn.actor", "the game is over")
    elif isinstance(a, Die) != (s.phase is Phase.ROLL):
        yield IllegalAction("turn.actor", "the die is due" if s.phase is Phase.ROLL else "no die roll is due")
    elif not isinstance(a, Die) and a.player != s.player:
        yield IllegalAction("turn.actor", f"it is player {s.player}'s turn, not player {a.player}'s")


def check_hold_after_roll(s: State, a: Action) -> Iterator[IllegalAction]:
    if isinstance(a, Hold) and s.turn_total == 0:
        yield IllegalAction("hold.after-roll", "a turn starts with a roll: there is nothing to hold yet")


CHECKS = (("turn.actor", check_turn_actor), ("hold.after-roll", check_hold_after_roll))


def rule_checks() -> Mapping[str, Sequence[Any]]:
    return {"setup.players": (check_setup_players,), **{c: (f,) for c, f in CHECKS}}


def violations(s: State, a: Action) -> Iterator[IllegalAction]:
    for _, check in CHECKS:
        yield from check(s, a)


# -- the game --------------------------------------------------------------------------------


def initial_state(setup: Setup) -> State:
    for problem in check_setup_players(None, setup):
        raise problem
    return State(setup, Phase.TURN, (0,) * setup.players, setup.start_player)


def actors(s: State) -> tuple[Actor, ...]:
    return () if s.phase is Phase.OVER else (CHANCE,) if s.phase is Phase.ROLL else (s.player,)


def legal_actions(s: State, player: int | None = None) -> tuple[Action, ...]:
    """Chance: the faces 1 to 6. A player: hold (once the turn total is above 0), then roll."""
    if s.phase is Phase.ROLL:
        return tuple(Die(f) for f in FACES)
    if s.phase is Phase.OVER or (player is not None and player != s.player):
        return ()
    return ((Hold(s.player),) if s.turn_total else ()) + (Roll(s.player),)


def chance_outcomes(s: State) -> tuple[tuple[Action, Fraction], ...]:
    return tuple((Die(f), Fraction(1, 6)) for f in FACES) if s.phase is Phase.ROLL else ()


def apply(s: State, a: Action) -> Transition:
    for problem in violations(s, a):
        raise problem.with_context(a, s.phase.value)
    if isinstance(a, Roll):
        return Transition(replace(s, phase=Phase.ROLL), ())
    events: list[Event] = []
    if isinstance(a, Die):
        events.append(event("rolled", "roll.die", player=s.player, face=a.face))
        if a.face != 1:
            total = s.turn_total + a.face
            events.append(event("added", "roll.add", player=s.player, turn_total=total))
            return Transition(replace(s, phase=Phase.TURN, turn_total=total), tuple(events))
        events.append(event("pigged-out", "roll.one", player=s.player, lost=s.turn_total))
        return _next_turn(s, events)
    score = s.scores[s.player] + s.turn_total
    s = replace(s, scores=s.scores[:s.player] + (score,) + s.scores[s.player + 1:])
    events.append(event("held", "hold.bank", player=s.player, banked=s.turn_total, score=score))
    if score >= s.setup.target:
        if s.setup.options.game_end is GameEnd.IMMEDIATE:
            events.append(event("game-ended", "end.immediate", winners=(s.player,), reason="target"))
            return Transition(replace(s, phase=Phase.OVER, turn_total=0, winners=(s.player,)), tuple(events))
        if s.reached_by is None:
            events.append(event("target-reached", "end.last-turn", player=s.player, score=score))
            s = replace(s, reached_by=s.player)
    return _next_turn(s, events)


def _next_turn(s: State, events: list[Event]) -> Transition:
    nxt = (s.player + 1) % s.setup.players
    if nxt == s.reached_by:
        best = max(s.scores)
        winners = tuple(p for p, v in enumerate(s.scores) if v == best)
        events.append(event("game-ended", "end.last-turn", winners=winners, reason="last-turn"))
        return Transition(replace(s, phase=Phase.OVER, turn_total=0, winners=winners), tuple(events))
    events.append(event("turn-passed", "turn.order", player=nxt))
    return Transition(replace(s, phase=Phase.TURN, player=nxt, turn_total=0), tuple(events))


def is_over(s: State) -> bool:
    return s.phase is Phase.OVER
