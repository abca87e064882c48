"""Celestia as a :class:`tabletop_referee.games.interface.Game`: delegates to the modules here."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

from ..interface import Event, GameInfo, OptionSpec, Transition
from . import describe, engine, interchange, notation, position
from .model import (
    DEFAULT_CITY_DICE,
    OPTION_DISPUTES,
    OPTION_VALUES,
    Deal,
    Reroll,
    Roll,
    Setup,
    State,
    Treasure,
    sort_faces,
)
from .rules import roll as _roll

_DESCRIPTIONS = {
    "game_type": "which cards are in the action deck: basic, basic-promo (Grappling Hook), fast (no Power cards)",
    "treasure_set": "the treasure piles: the seed's table (80 cards) or the printed rulebook (78)",
    "telescope_cities": "which cities hold a Magic Telescope",
    "telescope": "the Magic Telescope is worth 0 points, or is left out",
    "landing_points": "a landing scores the card drawn or the city's number",
    "captain_leaving": "a lone captain may land before rolling, or never",
    "jetpack_timing": "a Jetpack is played after the crash, or in the power window beforehand",
    "jetpack_city": "a Jetpack escape draws the next city's treasure or the current city's",
    "end_timing": "the game ends at the end of the journey in which someone reached 50, or at once",
    "end_winner": "the highest total wins, or the first to reach 50",
    "fast_game_turbo": "the fast game keeps the Turbo cards or not",
    "city_dice": "the dice each city shows, in route order",
    "alternative_route": "Alternative Route re-rolls one die or all of them",
    "gust": "Gust adds a die, blows the hazards away, or does nothing",
    "grappling_hook": "the promo Grappling Hook is an inert card, or absent",
    "journey_captain": "who captains a new journey",
    "power_players": "who may play Power cards in the window: everyone or those aboard",
}
CHANCE_KINDS = {"deal": "deal", "roll": "roll", "treasure": "treasure", "reroll": "reroll"}
"""The key of ``pins`` each chance phase uses (perft)."""


def _option_specs() -> tuple[OptionSpec, ...]:
    specs = [OptionSpec(name, values, values[0], dispute=OPTION_DISPUTES.get(name),
                        description=_DESCRIPTIONS[name])
             for name, values in OPTION_VALUES.items()]
    specs.insert(11, OptionSpec("city_dice", (DEFAULT_CITY_DICE,), DEFAULT_CITY_DICE,
                                dispute="city-dice", description=_DESCRIPTIONS["city_dice"]))
    return tuple(specs)


class CelestiaGame:
    """The Celestia reference engine behind the one game interface."""

    info = GameInfo(
        id="celestia",
        title="Celestia",
        players=(2, 6),
        options=_option_specs(),
        data_sets={"treasure_set": ("seed-80", "rulebook-78")},
    )

    # setup and options
    def setup_from_json(self, doc: Any) -> Setup:
        return interchange.setup_from_json(doc)

    def setup_to_json(self, setup: Setup) -> dict[str, Any]:
        return interchange.setup_to_json(setup)

    def make_setup(self, players: int, options: Mapping[str, Any] | None = None,
                   first_captain: int = 0) -> Setup:
        return interchange.make_setup(players, interchange.options_from_partial(dict(options or {})),
                                      first_captain)

    def random_setup(self, rng: random.Random, *, players: int | None = None,
                     options: Mapping[str, Any] | None = None, vary: bool = False) -> Setup:
        n = players if players is not None else rng.randint(2, 6)
        given = dict(options or {})
        if vary:
            for name, values in OPTION_VALUES.items():
                if name not in given:
                    given[name] = rng.choice(values)
        return self.make_setup(n, given, rng.randrange(n))

    def initial_state(self, setup: Setup) -> State:
        return engine.initial_state(setup)

    # actors, actions, chance
    def actors(self, state: State) -> tuple:
        return engine.actors(state)

    def legal_actions(self, state: State, player: int | None = None) -> tuple:
        return engine.legal_actions(state, player)

    def chance_outcomes(self, state: State) -> tuple[tuple[Any, Fraction], ...]:
        return engine.chance_outcomes(state)

    def sample_chance(self, state: State, rng: random.Random) -> Any:
        outcomes = engine.chance_outcomes(state)
        if not outcomes:
            raise ValueError("not a chance node")
        # exact: pick an integer below the common denominator
        denom = 1
        for _, p in outcomes:
            denom = denom * p.denominator // _gcd(denom, p.denominator)
        r = rng.randrange(denom)
        acc = 0
        for a, p in outcomes:
            acc += p.numerator * (denom // p.denominator)
            if r < acc:
                return a
        return outcomes[-1][0]

    def apply(self, state: State, action: Any) -> Transition:
        return engine.apply(state, action)

    def is_over(self, state: State) -> bool:
        return engine.is_over(state)

    # results and hidden information
    def observe(self, state: State, player: int) -> State:
        return engine.observe(state, player)

    def result_to_json(self, state: State) -> dict[str, Any]:
        return interchange.result_to_json(state)

    def winners(self, state: State) -> tuple[int, ...]:
        out = engine.outcome(state)
        return () if out is None else out.winners

    def totals(self, state: State) -> tuple[int, ...]:
        return engine.totals(state)

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
        return state.players

    # for people
    def parse_action(self, text: str, state: State | None = None, player: int | None = None) -> Any:
        if player is None and state is not None:
            actor = engine.current_actor(state)
            player = actor if isinstance(actor, int) else None
        return notation.parse_action(text, player)

    def action_text(self, action: Any) -> str:
        return notation.action_text(action)

    def describe_event(self, event: Event, state: State | None = None, observer: int | None = None) -> str:
        return describe.describe_event(event, state, observer)

    def describe_state(self, state: State, observer: int | None = None) -> str:
        return describe.describe_state(state, observer)

    def position_to_state(self, doc: Mapping[str, Any], base: Path | None = None) -> State:
        return position.state_from_position(dict(doc))

    # perft
    def pinned_chance(self, state: State, pins: Mapping[str, Sequence[Any]],
                      used: Mapping[str, int]) -> tuple[str, Any] | None:
        """The next pinned outcome at a chance node. ``pins`` keys: ``deal`` and ``treasure``
        (card names), ``roll`` and ``reroll`` (face lists, truncated to the dice rolled).
        ``None`` when the list is used up or the pinned outcome cannot come up here."""
        key = CHANCE_KINDS.get(state.phase)
        if key is None:
            return None
        seq = pins.get(key, ())
        n = used.get(key, 0)
        if n >= len(seq):
            return None
        x = seq[n]
        if key == "deal":
            action = Deal(str(x))
        elif key == "treasure":
            action = Treasure(str(x))
        elif key == "roll":
            action = Roll(sort_faces(list(x)[: _roll.dice(state)]))
        else:
            action = Reroll(sort_faces(list(x)[: state.rerolls]))
        if not any(a == action for a, _ in engine.chance_outcomes(state)):
            return None
        return key, action

    # simulation
    def metrics(self, state: State) -> dict[str, float]:
        totals = engine.totals(state)
        return {"journeys": float(state.journey), "top_total": float(max(totals)),
                "winners": float(len(self.winners(state)))}


def _gcd(a: int, b: int) -> int:
    while b:
        a, b = b, a % b
    return a


__all__ = ["CelestiaGame"]
