"""Pig through the game interface: the rules core (delegating to engine and interchange) and
the few roles Pig says better than the defaults (notation, narration, probes)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ...errors import InvalidNotation, MalformedInput
from ..interface import Event, GameInfo, Observer, OptionSpec
from ..roles import Impact, Interchange, Notation, Narration, Positions, Probes, Rules, assemble
from . import engine, interchange
from .model import Die, GameEnd, Hold, Options, Roll, Setup, State


class PigGame:
    """The rules core of Pig (docs/adding-a-game.md walks through it)."""

    info = GameInfo(id="pig", title="Pig", players=(2, engine.MAX_PLAYERS), bdd_tests="tests/pig/bdd", options=(
        OptionSpec("game_end", ("immediate", "last-turn"), "immediate", dispute="game-end",
                   description="immediate: the first to bank the target wins; last-turn: the others get one more turn"),))
    setup_from_json = staticmethod(interchange.setup_from_json)
    setup_to_json = staticmethod(interchange.setup_to_json)
    initial_state = staticmethod(engine.initial_state)
    actors = staticmethod(engine.actors)
    legal_actions = staticmethod(engine.legal_actions)
    chance_outcomes = staticmethod(engine.chance_outcomes)
    apply = staticmethod(engine.apply)
    is_over = staticmethod(engine.is_over)
    state_to_json = staticmethod(interchange.state_to_json)
    state_from_json = staticmethod(interchange.state_from_json)
    action_to_json = staticmethod(interchange.action_to_json)
    action_from_json = staticmethod(interchange.action_from_json)
    event_to_json = staticmethod(interchange.event_to_json)
    rule_checks = staticmethod(engine.rule_checks)

    def random_setup(self, rng: random.Random, *, players: int | None = None,
                     options: Mapping[str, Any] | None = None, vary: bool = False) -> Setup:
        end = (options or {}).get("game_end") or (rng.choice(list(GameEnd)) if vary else GameEnd.IMMEDIATE)
        return Setup(players or rng.randint(2, 4), 0, 100, Options(GameEnd(end)))

    def observe(self, state: State, player: int) -> State:
        return state  # nothing is hidden (observation.public)

    def result_to_json(self, state: State) -> dict[str, Any]:
        reason = "target" if state.setup.options.game_end is GameEnd.IMMEDIATE else "last-turn"
        outcome = {"winners": list(state.winners), "reason": reason} if engine.is_over(state) else None
        return {"scores": [{"total": t} for t in state.scores], "outcome": outcome}

    def player_count(self, state: State) -> int:
        return state.setup.players

    def event_kinds(self) -> Mapping[str, Any]:
        return engine.EVENT_KINDS


class PigRules(Rules):
    violations = staticmethod(engine.violations)
    state_problems = staticmethod(interchange.state_problems)


class PigInterchange(Interchange):
    def hides_anything(self, state: Any) -> bool:
        return False


class PigNotation(Notation):
    """``roll``, ``hold`` (for the player to act) and ``die N`` (a chance outcome)."""

    verbs = ("roll", "hold", "die")

    def parse_action(self, text: str, state: State, player: int | None = None) -> Any:
        words = text.split()
        who = player if player is not None else state.player if state is not None else 0
        if words in (["roll"], ["hold"]):
            return Roll(who) if words[0] == "roll" else Hold(who)
        if len(words) == 2 and words[0] == "die" and words[1] in "123456":
            return Die(int(words[1]))
        raise InvalidNotation(f"{text!r}: write roll, hold or die 1 to die 6", text=text, column=0)

    def action_text(self, action: Any, *, show_player: bool = False) -> str:
        if isinstance(action, Die):
            return f"die {action.face}"
        verb = "roll" if isinstance(action, Roll) else "hold"
        return f"player {action.player}: {verb}" if show_player else verb

    def notation_help(self, state: Any) -> str:
        return "type a number, roll or hold; quit to stop"


SENTENCES = {
    "rolled": "player {player} rolls a {face}", "added": "player {player}'s turn total is {turn_total}",
    "pigged-out": "player {player} rolled a 1 and loses {lost}", "turn-passed": "player {player}'s turn",
    "held": "player {player} banks {banked}: score {score}", "game-ended": "game over: winners {winners}",
    "target-reached": "player {player} reached the target with {score}: one last turn for the others",
}


class PigNarration(Narration):
    def describe_event(self, event: Event, state: Any, observer: Observer = None) -> str:
        return SENTENCES[event.type].format(**self.core.event_to_json(event)) + f" [{event.clause}]"

    def describe_state(self, state: State, observer: Observer = None) -> str:
        now = {"turn": "to roll or hold", "roll": "rolling: the die is due"}.get(state.phase)
        return (f"scores {', '.join(map(str, state.scores))} (target {state.setup.target}); " + (
            f"player {state.player} {now}, turn total {state.turn_total}" if now else f"won by {list(state.winners)}"))


class PigProbes(Probes):
    chance_clause = "roll.die"
    fallback_clause = "turn.choice"
    observation_clause = "observation.public"

    def near_legal_actions(self, state: State, rng: random.Random) -> list[dict[str, Any]]:
        return [{"type": "hold", "player": state.player}, {"type": "die", "face": 6}]


class PigPositions(Positions):
    SETUP, FACTS = ("players", "start_player", "target", "options"), ("scores", "player", "turn_total", "reached_by")

    def position_to_state(self, doc: Mapping[str, Any], base: Any = None) -> State:
        """A setup's fields plus any of scores, player, turn_total, reached_by (docs/pig/positions.md)."""
        unknown = sorted(set(doc) - {*self.SETUP, *self.FACTS})
        if unknown:
            raise MalformedInput(f"unknown position field {unknown[0]!r} (fields: {', '.join(self.SETUP + self.FACTS)})")
        start = engine.initial_state(interchange.setup_from_json({k: doc[k] for k in self.SETUP if k in doc}))
        return interchange.state_from_json({**interchange.state_to_json(start), **{k: doc[k] for k in self.FACTS if k in doc}})


class PigImpact(Impact):
    def greedy_action(self, state: State, rng: random.Random, player: int | None = None) -> Any:
        """Hold at 20: hold once the turn total is 20 or more, or would reach the target; else roll."""
        legal = engine.legal_actions(state, player)
        if isinstance(legal[0], Hold) and (state.turn_total >= 20 or
                                           state.scores[state.player] + state.turn_total >= state.setup.target):
            return legal[0]
        return legal[-1]


GAME = assemble(PigGame(), rules=PigRules, interchange=PigInterchange, notation=PigNotation,
                narration=PigNarration, probes=PigProbes, positions=PigPositions, impact=PigImpact)
