"""The :class:`~tabletop_referee.games.interface.Game` object of Seven Knights Bewitched: it
only delegates to engine, interchange, notation, describe and position."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

from ...errors import IllegalAction
from ..interface import Event, GameInfo, OptionSpec, Transition
from . import describe, engine, interchange, notation, position
from .model import OPTION_VALUES, WITCH, Deal, FirstPlayer, Options, Setup, State
from .rules.setup import check_setup

_DISPUTES = {
    "witch_in_line": "suspected-witch",
    "witch_team_recommendation": "witch-team-recommendation",
    "captain_check_order": "captain-check-order",
    "three_player_standard": "three-player-standard",
    "captain_number": "captain-number",
    "fixed_score": "round-three-score",
    "max_question_tiles": "question-tile-limit",
    "last_question": "last-question-optional",
}
_DESCRIPTIONS = {
    "variant": "standard (疑心暗鬼), advanced (前途多難: a random subset of tiles) or darkness "
               "(暗中模索: own knight, three centre tiles, two inspections)",
    "cooperative": "一致団結: no Witch, automatic true answers, everyone scores or nobody",
    "fixed_score": "round 3 pays 2 / 3 like rounds 1-2 instead of 7",
    "review_phase": "every player confirms after each round before play goes on",
    "witch_in_line": "far-right: a Witch placed last is no mistake; left-out: any placed Witch is",
    "witch_team_recommendation": "all-pairs: no Witch-team member recommends another; "
                                 "witch-pairs: only the Witch and her inspectors",
    "captain_check_order": "question-first: last question, then side check; check-first: "
                           "side check at the appointment",
    "three_player_standard": "a 3-player standard game is played as darkness, or refused",
    "captain_number": "the captain's number stays hidden or is shown at the appointment",
    "max_question_tiles": "the most tiles one question may name",
    "last_question": "the captain may decline the last question, or must ask it",
}
_REQUIRES = {"witch_in_line": "not cooperative", "witch_team_recommendation": "not cooperative",
             "captain_check_order": "not cooperative"}


class SevenKnightsGame:
    """Seven Knights Bewitched through the shared game interface."""

    info = GameInfo(
        id="seven-knights",
        title="Seven Knights Bewitched",
        players=(3, 8),
        options=tuple(
            OptionSpec(name, values, values[0], requires=_REQUIRES.get(name),
                       dispute=_DISPUTES.get(name), description=_DESCRIPTIONS[name])
            for name, values in OPTION_VALUES.items()),
    )

    # setup and options
    def setup_from_json(self, doc: Any) -> Setup:
        return interchange.setup_from_json(doc)

    def setup_to_json(self, setup: Setup) -> dict[str, Any]:
        return interchange.setup_to_json(setup)

    def random_setup(self, rng: random.Random, *, players: int | None = None,
                     options: Mapping[str, Any] | None = None, vary: bool = False) -> Setup:
        given = dict(options or {})
        for _ in range(1000):
            opts = dict(given)
            if vary:
                for name, values in OPTION_VALUES.items():
                    opts.setdefault(name, rng.choice(values))
            o = Options(**opts)
            n = players if players is not None else rng.randint(3, 8)
            setup = Setup(n, None, o, interchange.load_tiles(n, o))  # the engine draws it
            try:
                check_setup(setup)
            except IllegalAction:
                continue
            return setup
        raise IllegalAction("modes.player-limits",
                            f"no playable setup with players={players} and options={given}")

    def initial_state(self, setup: Setup) -> State:
        return engine.initial_state(setup)

    # actors, actions, chance
    def actors(self, state: State):
        return engine.actors(state)

    def legal_actions(self, state: State, player: int | None = None):
        return engine.legal_actions(state, player)

    def chance_outcomes(self, state: State) -> tuple[tuple[Deal, Fraction], ...]:
        return engine.chance_outcomes(state)

    def sample_chance(self, state: State, rng: random.Random) -> Deal:
        return engine.sample_chance(state, rng)

    def apply(self, state: State, action: Any) -> Transition:
        return engine.apply(state, action)

    def is_over(self, state: State) -> bool:
        return engine.is_over(state)

    # results and hidden information
    def observe(self, state: State, player: int) -> State:
        return engine.observe(state, player)

    def result_to_json(self, state: State) -> dict[str, Any]:
        o = engine.outcome(state)
        return {"scores": list(state.scores),
                "outcome": None if o is None else {"winners": list(o.winners), "reason": o.reason}}

    def winners(self, state: State) -> tuple[int, ...]:
        o = engine.outcome(state)
        return () if o is None else o.winners

    def totals(self, state: State) -> tuple[int, ...]:
        return engine.scores(state)

    # interchange
    def state_to_json(self, state: State) -> dict[str, Any]:
        return interchange.state_to_json(state)

    def state_from_json(self, doc: Any) -> State:
        return interchange.state_from_json(doc)

    def state_problems(self, state: State) -> list[str]:
        return interchange.state_problems(state)

    def action_to_json(self, action: Any) -> dict[str, Any]:
        return interchange.action_to_json(action)

    def action_from_json(self, doc: Any) -> Any:
        return interchange.action_from_json(doc)

    def event_to_json(self, event: Event) -> dict[str, Any]:
        return interchange.event_to_json(event)

    def observation_to_json(self, state: State, player: int) -> dict[str, Any]:
        return interchange.observation_to_json(state, player)

    def player_count(self, state: State) -> int:
        return state.setup.players

    # for people
    def parse_action(self, text: str, state: Any, player: int | None = None) -> Any:
        return notation.parse_action(text, state, player)

    def action_text(self, action: Any) -> str:
        return notation.action_text(action)

    def describe_event(self, event: Event, state: Any, observer: int | None = None) -> str:
        return describe.describe_event(event, observer)

    def describe_state(self, state: State, observer: int | None = None) -> str:
        return describe.describe_state(state, observer)

    def position_to_state(self, doc: Mapping[str, Any], base: Path | None = None) -> State:
        return position.state_from_position(doc, base)

    # perft
    def pinned_chance(self, state: State, pins: Mapping[str, Sequence[Any]],
                      used: Mapping[str, int]) -> tuple[str, Any] | None:
        """At the deal, the next of ``pins["deal"]`` (each a list of values: players' tiles
        then centre tiles, ``"W"`` for the Witch); at the first-player draw, the next of
        ``pins["first_player"]`` (seats)."""
        if state.phase == "first-player":
            k = used.get("first_player", 0)
            seats = pins.get("first_player", ())
            return ("first_player", FirstPlayer(seats[k])) if k < len(seats) else None
        if state.phase != "deal":
            return None
        k = used.get("deal", 0)
        deals = pins.get("deal", ())
        if k >= len(deals):
            return None
        return "deal", Deal(tuple(WITCH if v in ("W", 0) else v for v in deals[k]))

    # simulation
    def metrics(self, state: State) -> dict[str, float]:
        """Rounds won by each side, rounds lost by a Witch-team captain, and the spread of the
        final scores."""
        h = state.history
        return {
            "knights_rounds": float(sum(r.winner == "knights" for r in h)),
            "witch_rounds": float(sum(r.winner == "witch" for r in h)),
            "nobody_rounds": float(sum(r.winner == "nobody" for r in h)),
            "witch_captain_rounds": float(sum(r.reason == "witch-captain" for r in h)),
            "winners": float(len(self.winners(state))),
        }


GAME = SevenKnightsGame()
