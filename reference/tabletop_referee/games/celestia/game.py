"""Celestia through the one game interface: the rules core and the roles, each bound to the
modules here where those already say it, and written here only where the game has something
of its own to say."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping
from typing import Any

from ...errors import InvalidState
from ..roles import (Rules, Options as OptionsRole, Setups, Interchange, Notation, Narration, Positions, Scoring, Probes, assemble)
from ..interface import EventKind, GameInfo, OptionSpec, library_reader
from . import conformance_data, describe, engine, interchange, notation, position
from .rules.checks import rule_checks
from .events import EVENT_KINDS
from .model import DEFAULT_CITY_DICE, OPTION_DISPUTES, OPTION_VALUES, TARGET, Setup, State

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


def _option_specs() -> tuple[OptionSpec, ...]:
    specs = [OptionSpec(name, values, values[0], dispute=OPTION_DISPUTES.get(name),
                        description=_DESCRIPTIONS[name])
             for name, values in OPTION_VALUES.items()]
    specs.insert(11, OptionSpec("city_dice", (DEFAULT_CITY_DICE,), DEFAULT_CITY_DICE, kind="data",
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
        bdd_tests="tests/celestia/bdd",
    )

    # setup and options
    setup_from_json = staticmethod(library_reader(("celestia", "setup"), interchange.setup_from_json))
    setup_to_json = staticmethod(interchange.setup_to_json)

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

    initial_state = staticmethod(engine.initial_state)
    actors = staticmethod(engine.actors)
    legal_actions = staticmethod(engine.legal_actions)
    chance_outcomes = staticmethod(engine.chance_outcomes)
    apply = staticmethod(engine.apply)
    is_over = staticmethod(engine.is_over)
    observe = staticmethod(engine.observe)
    result_to_json = staticmethod(interchange.result_to_json)
    rule_checks = staticmethod(rule_checks)

    def event_kinds(self) -> Mapping[str, EventKind]:
        """Every kind of event this game emits (events.py)."""
        return EVENT_KINDS

    # interchange
    state_to_json = staticmethod(interchange.state_to_json)

    def state_from_json(self, doc: Any) -> State:
        state = _read_state(doc)
        problems = interchange.state_problems(state)  # component counts, as MLEM's states are checked
        if problems:
            raise InvalidState("turn.step", "the state cannot occur in a game: " + "; ".join(problems))
        return state

    action_to_json = staticmethod(interchange.action_to_json)
    action_from_json = staticmethod(library_reader(("celestia", "action"), interchange.action_from_json))
    event_to_json = staticmethod(interchange.event_to_json)

    def player_count(self, state: State) -> int:
        return state.players


_read_state = library_reader(("celestia", "state"), interchange.state_from_json)


def _gcd(a: int, b: int) -> int:
    while b:
        a, b = b, a % b
    return a


__all__ = ["CelestiaGame"]


class CelestiaRules(Rules):
    """Celestia's rules."""

    core: CelestiaGame

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

    apply_legal = staticmethod(engine.apply_legal)
    violations = staticmethod(engine.violations)
    state_problems = staticmethod(interchange.state_problems)


class CelestiaOptions(OptionsRole):
    """Celestia's options."""

    core: CelestiaGame

    held_by_position = ("game_type", "treasure_set", "telescope_cities", "telescope", "city_dice",
                        "fast_game_turbo", "grappling_hook")
    """Options that choose the components (deck, treasure piles, dice per city): a position
    already holds its components, so ``explain`` does not replay them under another value."""

    def with_options(self, state: State, pairs: Mapping[str, Any]) -> State:
        current = interchange.options_to_json(state.options)
        options = interchange.options_from_partial({**current, **pairs})
        return dataclasses.replace(state, setup=dataclasses.replace(state.setup, options=options))

    def options_to_json(self, state: State) -> dict[str, Any]:
        return interchange.options_to_json(state.options)

    def option_value(self, state: State, name: str) -> Any:
        return getattr(state.options, name)


class CelestiaSetups(Setups):
    """Celestia's setups."""

    core: CelestiaGame

    setup_clause = "setup.players"

    conformance_setups = staticmethod(conformance_data.conformance_setups)
    refusal_cases = staticmethod(conformance_data.refusal_cases)

    seat_field = "first_captain"


class CelestiaInterchange(Interchange):
    """Celestia's interchange."""

    core: CelestiaGame

    def is_full_state(self, doc: Any) -> bool:
        """A state document (as opposed to a compact position): it has the setup and phase."""
        return isinstance(doc, dict) and "setup" in doc and "phase" in doc


class CelestiaNotation(Notation):
    """Celestia's notation."""

    core: CelestiaGame

    verbs = notation.VERBS

    # for people
    def parse_action(self, text: str, state: State | None = None, player: int | None = None) -> Any:
        """A short action; without ``player`` the player to act (a stand-in 0 without a state:
        the syntax alone is checked)."""
        if player is None:
            player = 0 if state is None else self.game.interchange.default_player(state)
        return notation.parse_action(text, player)

    action_text = staticmethod(notation.action_text)


class CelestiaNarration(Narration):
    """Celestia's narration."""

    core: CelestiaGame

    describe_event = staticmethod(describe.describe_event)
    describe_state = staticmethod(describe.describe_state)


class CelestiaPositions(Positions):
    """Celestia's positions."""

    core: CelestiaGame

    position_to_state = staticmethod(position.state_from_position)


class CelestiaScoring(Scoring):
    """Celestia's scoring."""

    core: CelestiaGame

    categories = ("total",)  # one total; no categories
    # what a total is made of, and who wins (referee explain --ask score|winner cites them)
    category_clauses = {"total": "end.score", "winners": "end.winner"}

    totals = staticmethod(engine.totals)

    # simulation
    def metrics(self, state: State) -> dict[str, float]:
        totals = engine.totals(state)
        return {"journeys": float(state.journey), "top_total": float(max(totals)),
                "winner_count": float(len(self.winners(state)))}


class CelestiaProbes(Probes):
    """Celestia's probes."""

    core: CelestiaGame

    def near_legal_actions(self, state: Any, rng: random.Random) -> list[dict[str, Any]]:
        return conformance_data.near_legal_actions(self.game, state, rng)

    chance_clause = "turn.chance"
    fallback_clause = "turn.step"

    def thresholds(self, state: State) -> tuple[int, ...]:
        """[end.fifty-points]: each player's points short of the target until someone reaches
        it; then 0 if the first to reach it has exactly the target, else nothing."""
        totals = engine.totals(state)
        if state.first_to_target is None:
            return tuple(TARGET - t for t in totals)
        return (0,) if totals[state.first_to_target] == TARGET else ()
    observation_clause = "observation.hands"

    # hidden information
    def leak_probes(self, state: State, player: int, rng: random.Random) -> list[tuple[str, Any]]:
        """Another player's hand swapped with the deck's cards; the deck and every treasure
        pile in another order (piles are unordered sets: a reversed tuple is another draw order)."""
        probes = []
        if isinstance(state.deck, tuple) and len(state.deck) > 1:
            probes.append(("the order of the deck", dataclasses.replace(state, deck=tuple(reversed(state.deck)))))
        for q, hand in enumerate(state.hands):
            if q != player and isinstance(hand, tuple) and hand and isinstance(state.deck, tuple) and state.deck:
                if state.deck[0] != hand[0]:
                    hands = state.hands[:q] + ((state.deck[0], *hand[1:]),) + state.hands[q + 1:]
                    deck = (hand[0], *state.deck[1:])
                    probes.append((f"player {q}'s hand", dataclasses.replace(state, hands=hands, deck=deck)))
        piles = tuple(tuple(reversed(p)) if isinstance(p, tuple) else p for p in state.piles)
        if piles != state.piles:
            probes.append(("the order of the treasure piles", dataclasses.replace(state, piles=piles)))
        return probes

    def own_probe(self, state: State, player: int, rng: random.Random) -> State | None:
        hand = state.hands[player]
        if not (isinstance(hand, tuple) and hand and isinstance(state.deck, tuple) and state.deck):
            return None
        other = next((c for c in state.deck if c != hand[0]), None)
        if other is None:
            return None
        deck = list(state.deck)
        deck.remove(other)
        hands = state.hands[:player] + ((other, *hand[1:]),) + state.hands[player + 1:]
        return dataclasses.replace(state, hands=hands, deck=(hand[0], *deck))

    # conformance profiles (docs/conformance.md, "Profiles and the verdict")
    profiles = {
        "base": "the basic game: its action deck, the seed's 80 treasure cards and default readings",
        "game-types": "the other BGA game types: basic with promo cards (Grappling Hook), the fast "
                      "game (with or without Turbo)",
        "components": "other component sets: the rulebook's 78 treasure cards, other dice per city, "
                      "the Magic Telescope in every plus city",
        "options": "the other readings of the disputed rules (journey captain, lone captain, Jetpack, "
                   "Gust, Alternative Route, landing points, the end)",
        "observations": "what each player may see: the hands of the others are hidden",
        "perft": "counting vectors: every legal action, several decisions deep",
        "chance": "the probability of each chance outcome (capability chance-probabilities)",
    }

    def vector_profiles(self, vector: Mapping[str, Any]) -> tuple[str, ...]:
        """``base`` plus, for each option the vector sets to a value other than its default,
        the profile of that option (game type, component set, or a disputed reading)."""
        found = [p for p in super().vector_profiles(vector) if p != "options"]
        if not (isinstance(vector.get("profiles"), list) and vector["profiles"]):
            for name in self.game.options.non_default_options(vector):
                found.append("game-types" if name in ("game_type", "fast_game_turbo", "grappling_hook")
                             else "components" if name in ("treasure_set", "city_dice", "telescope_cities")
                             else "options")
        else:
            found = list(super().vector_profiles(vector))
        known = self.conformance_profiles()
        return tuple(p for p in known if p in found) + tuple(dict.fromkeys(p for p in found if p not in known))


GAME = assemble(
    CelestiaGame(),
    rules=CelestiaRules,
    options=CelestiaOptions,
    setups=CelestiaSetups,
    interchange=CelestiaInterchange,
    notation=CelestiaNotation,
    narration=CelestiaNarration,
    positions=CelestiaPositions,
    scoring=CelestiaScoring,
    probes=CelestiaProbes,
)
