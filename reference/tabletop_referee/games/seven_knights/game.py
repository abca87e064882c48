"""Seven Knights Bewitched through the one game interface: the rules core and the roles, each
bound to engine, interchange, notation, describe and position where those already say it, and
written here only where the game has something of its own to say."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from typing import Any

from ...errors import IllegalAction, MalformedInput

from ..roles import (Rules, Options as OptionsRole, Setups, Interchange, Notation, Narration, Positions, Scoring, Probes, Impact,
                     assemble)
from ..interface import EventKind, GameInfo, OptionSpec, library_reader
from . import conformance_data, describe, engine, interchange, notation, position
from .events import EVENT_KINDS
from .model import OPTION_VALUES, Options, Setup, State
from .rules.checks import check_setup, rule_checks

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
    "review_phase": "every player confirms after each round but the last before play goes on",
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
        bdd_tests="tests/seven_knights/bdd",
    )

    setup_from_json = staticmethod(library_reader(("seven-knights", "setup"), interchange.setup_from_json))
    setup_to_json = staticmethod(interchange.setup_to_json)

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

    initial_state = staticmethod(engine.initial_state)
    actors = staticmethod(engine.actors)
    legal_actions = staticmethod(engine.legal_actions)
    chance_outcomes = staticmethod(engine.chance_outcomes)
    apply = staticmethod(engine.apply)
    is_over = staticmethod(engine.is_over)
    observe = staticmethod(engine.observe)
    rule_checks = staticmethod(rule_checks)

    def event_kinds(self) -> Mapping[str, EventKind]:
        """Every kind of event this game emits (events.py)."""
        return EVENT_KINDS

    def result_to_json(self, state: State) -> dict[str, Any]:
        o = engine.outcome(state)
        return {"scores": [{"total": t} for t in state.scores],
                "outcome": None if o is None else {"winners": list(o.winners), "reason": o.reason}}

    state_to_json = staticmethod(interchange.state_to_json)
    state_from_json = staticmethod(library_reader(("seven-knights", "state"), interchange.state_from_json))
    action_to_json = staticmethod(interchange.action_to_json)
    action_from_json = staticmethod(library_reader(("seven-knights", "action"), interchange.action_from_json))
    event_to_json = staticmethod(interchange.event_to_json)

    def player_count(self, state: State) -> int:
        return state.setup.players


class SevenKnightsRules(Rules):
    """Seven Knights' rules."""

    core: SevenKnightsGame

    sample_chance = staticmethod(engine.sample_chance)
    apply_legal = staticmethod(engine.apply_legal)
    violations = staticmethod(engine.violations)
    state_problems = staticmethod(interchange.state_problems)


class SevenKnightsOptions(OptionsRole):
    """Seven Knights' options."""

    core: SevenKnightsGame

    # options
    def option_applies(self, state: State, option: OptionSpec) -> bool:
        if option.requires == "not cooperative":
            return not state.options.cooperative
        return option.requires is None

    def option_value(self, state: State, name: str) -> Any:
        return getattr(state.options, name)

    held_by_position = ("variant", "cooperative")
    """Options that choose the mode and so the deal (which tiles, how many in the centre, who
    can be bewitched): a position already holds its deal, so ``explain`` does not replay it
    under another mode; they settle no dispute."""

    def options_to_json(self, state: State) -> dict[str, Any]:
        return {name: getattr(state.options, name) for name in OPTION_VALUES}

    def with_options(self, state: State, pairs: Mapping[str, Any]) -> State:
        for name, value in pairs.items():
            if name not in OPTION_VALUES:
                raise MalformedInput(f"unknown rule option {name!r} (options: {', '.join(OPTION_VALUES)})")
            if value not in OPTION_VALUES[name]:
                allowed = ", ".join(str(v).lower() if isinstance(v, bool) else str(v) for v in OPTION_VALUES[name])
                raise MalformedInput(f"{name} cannot be {value!r} (one of: {allowed})")
        options = dataclasses.replace(state.options, **pairs)
        return dataclasses.replace(state, setup=dataclasses.replace(state.setup, options=options))


class SevenKnightsSetups(Setups):
    """Seven Knights' setups."""

    core: SevenKnightsGame

    setup_clause = "setup.player-count"

    conformance_setups = staticmethod(conformance_data.conformance_setups)
    refusal_cases = staticmethod(conformance_data.refusal_cases)

    seat_field = "first_player"

    # fuzzing
    def fuzz_setup(self, rng: random.Random, supported: Mapping[str, Sequence[Any]] | None,
                   custom_data: bool, variants: Sequence[str] = ()) -> dict[str, Any]:
        """Options drawn from the announced values, a player count the mode allows."""
        for _ in range(200):
            options = {}
            for name, values in OPTION_VALUES.items():
                allowed = [v for v in values if not supported or name not in supported or v in supported[name]]
                if allowed:
                    options[name] = rng.choice(allowed)
            players = rng.randint(*self.core.info.players)
            setup = Setup(players, None, Options(**options), interchange.load_tiles(players, Options(**options)))
            try:
                check_setup(setup)
            except IllegalAction:
                continue
            doc = self.core.setup_to_json(setup)
            doc["first_player"] = rng.randrange(players)
            return doc
        raise IllegalAction("modes.player-limits", "no playable setup with the announced option values")

    def with_seating(self, setup: Setup, players: int, start_player: int) -> Setup:
        doc = self.core.setup_to_json(setup)
        # The tiles in play follow the player count: unless the template's were chosen by hand,
        # they are worked out again for the new count (a 6-player deal cannot seat 7).
        default = self.core.setup_to_json(self.core.setup_from_json({k: v for k, v in doc.items() if k != "tiles"}))
        if doc.get("tiles") == default.get("tiles"):
            doc.pop("tiles", None)
        doc["players"] = players
        doc["first_player"] = start_player
        return self.core.setup_from_json(doc)


class SevenKnightsInterchange(Interchange):
    """Seven Knights' interchange."""

    core: SevenKnightsGame

    observation_to_json = staticmethod(interchange.observation_to_json)

    def default_player(self, state: State) -> int:
        actors = self.core.actors(state)
        for actor in actors:
            if isinstance(actor, int):
                return actor
        return state.first_player or 0


class SevenKnightsNotation(Notation):
    """Seven Knights' notation."""

    core: SevenKnightsGame

    verbs = notation.VERBS

    # for people
    def parse_action(self, text: str, state: Any, player: int | None = None) -> Any:
        """A short action; without a state the syntax alone is checked (player 0 stands in)."""
        if state is None and player is None:
            player = 0
        return notation.parse_action(text, state, player)

    action_text = staticmethod(notation.action_text)


class SevenKnightsNarration(Narration):
    """Seven Knights' narration."""

    core: SevenKnightsGame

    describe_event = staticmethod(describe.describe_event)
    describe_state = staticmethod(describe.describe_state)

    def rejection_facts(self, state: State, action: Any, clause: str) -> list[str]:
        """For an answer: the values asked about, the true answer and the answerer's team."""
        doc = self.core.action_to_json(action)
        if doc.get("type") != "answer":
            return []
        _, _, facts = engine.answer_could_be(state, doc["player"], doc["yes"])
        return [f"{name}: {'the Witch' if name.startswith('tile') and value == 0 else value}"
                for name, value in facts]


class SevenKnightsPositions(Positions):
    """Seven Knights' positions."""

    core: SevenKnightsGame

    position_to_state = staticmethod(position.state_from_position)


class SevenKnightsScoring(Scoring):
    """Seven Knights' scoring."""

    core: SevenKnightsGame

    categories = ("total",)  # one total; no categories
    # what a total is made of, and who wins (referee explain --ask score|winner cites them)
    category_clauses = {"total": "settlement.winners", "winners": "end.winner"}

    totals = staticmethod(engine.scores)

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
            "winner_count": float(len(self.winners(state))),
        }


class SevenKnightsProbes(Probes):
    """Seven Knights' probes."""

    core: SevenKnightsGame

    def near_legal_actions(self, state: Any, rng: random.Random) -> list[dict[str, Any]]:
        return conformance_data.near_legal_actions(self.game, state, rng)

    chance_clause = "deal.shuffle-chance"
    fallback_clause = "turn.phase-kind"
    observation_clause = "observation.hidden"

    def probe_rate(self, state: State, action: Any) -> float:
        """Every forced answer is probed with its lie: lying is the rule implementers get wrong."""
        return 1.0 if self.core.action_to_json(action).get("type") == "answer" else 0.05

    def illegal_probe(self, state: State, action: Any, rng: random.Random) -> dict[str, Any] | None:
        """Where an answer is forced (a Knights-team answerer), the lie; else the default probe."""
        doc = self.core.action_to_json(action)
        if doc.get("type") == "answer":
            legal = [self.core.action_to_json(a) for a in self.core.legal_actions(state)]
            lie = {**doc, "yes": not doc["yes"]}
            if lie not in legal:
                return lie
        return super().illegal_probe(state, action, rng)

    # hidden information
    def leak_probes(self, state: State, player: int, rng: random.Random) -> list[tuple[str, Any]]:
        """Two tiles this player has not seen swapped; another player's pending recommendation
        changed before the reveal."""
        probes = []
        seen = set(self._seen(state, player))
        hidden = [i for i, v in enumerate(state.values) if v is not None and i not in seen]
        if len(hidden) >= 2:
            i, j = hidden[0], hidden[-1]
            values = list(state.values)
            values[i], values[j] = values[j], values[i]
            probes.append((f"the tiles {i} and {j}", dataclasses.replace(state, values=tuple(values))))
        if state.recommendations and not state.revealed_recommendations:
            for q, r in enumerate(state.recommendations):
                if q != player and r is not None:
                    other = next((x for x in range(state.players) if x not in (q, r)), None)
                    if other is not None:
                        recs = state.recommendations[:q] + (other,) + state.recommendations[q + 1:]
                        probes.append((f"player {q}'s pending recommendation",
                                       dataclasses.replace(state, recommendations=recs)))
        return probes

    def own_probe(self, state: State, player: int, rng: random.Random) -> State | None:
        seen = sorted(self._seen(state, player))
        others = [i for i, v in enumerate(state.values) if v is not None and i not in seen]
        mine = [i for i in seen if i < len(state.values) and state.values[i] is not None
                and i not in state.revealed]
        if not mine or not others:
            return None
        i, j = mine[0], others[0]
        if state.values[i] == state.values[j]:
            return None
        values = list(state.values)
        values[i], values[j] = values[j], values[i]
        return dataclasses.replace(state, values=tuple(values))

    # conformance profiles (docs/conformance.md, "Profiles and the verdict")
    profiles = {
        "base": "the standard game (疑心暗鬼) with the default readings",
        "modes": "the other modes: advanced (前途多難), darkness, cooperative (一致団結), the fixed "
                 "round-three score and the review phase",
        "options": "the other readings of the disputed rules (Witch in the line, Witch-team "
                   "recommendations, the captain's checks and number, question size, last question, "
                   "three players)",
        "observations": "what each player may see: the tiles of the others stay hidden",
        "perft": "counting vectors: every legal action, several decisions deep",
        "chance": "the probability of each chance outcome (capability chance-probabilities)",
    }

    def vector_profiles(self, vector: Mapping[str, Any]) -> tuple[str, ...]:
        """``base`` plus, for each option the vector sets to a value other than its default,
        ``modes`` (a game mode) or ``options`` (a disputed reading)."""
        found = [p for p in super().vector_profiles(vector) if p != "options"]
        if not (isinstance(vector.get("profiles"), list) and vector["profiles"]):
            for name in self.game.options.non_default_options(vector):
                found.append("modes" if name in ("variant", "cooperative", "fixed_score", "review_phase")
                             else "options")
        else:
            found = list(super().vector_profiles(vector))
        known = self.conformance_profiles()
        return tuple(p for p in known if p in found) + tuple(dict.fromkeys(p for p in found if p not in known))

    def _seen(self, state: State, player: int) -> list[int]:
        """The tiles whose values ``player``'s observation shows."""
        view = engine.observe(state, player)
        return [i for i, v in enumerate(view.values) if v is not None]


class SevenKnightsImpact(Impact):
    """Seven Knights' impact: the team-win measures besides the common ones."""

    impact_metric_descriptions = {
        **Impact.impact_metric_descriptions,
        # the team-win measures: each round is won by a side (settlement.ascending,
        # captain.side-check), whose members all score (settlement.winners)
        "knights_rounds": "rounds won by the Knights team",
        "witch_rounds": "rounds won by the Witch team",
    }


GAME = assemble(
    SevenKnightsGame(),
    rules=SevenKnightsRules,
    options=SevenKnightsOptions,
    setups=SevenKnightsSetups,
    interchange=SevenKnightsInterchange,
    notation=SevenKnightsNotation,
    narration=SevenKnightsNarration,
    positions=SevenKnightsPositions,
    scoring=SevenKnightsScoring,
    probes=SevenKnightsProbes,
    impact=SevenKnightsImpact,
)
