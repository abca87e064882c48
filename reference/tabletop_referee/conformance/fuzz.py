"""Differential fuzzing: random games with the reference engine as the oracle.

Each game starts from a random setup (player count, board, the variants and rule options the
adapter announces: each announced variant is on in about half the games); at every step the
adapter is given the reference's own state, asked for its legal actions and for the result of
one action (a random legal one, and now and then a near-legal illegal one whose rejection
clause is compared: ``Probes.near_legal_actions``), at chance nodes the probability of each
outcome when the adapter has ``chance-probabilities`` (under protocol 2 through the steps'
``odds`` digests, when it also announces ``play-odds``), and with the
``observations`` capability for one random player's observation; its answers are compared
with the reference's, events included (in order) when it has the ``events`` capability. Because the adapter always starts
from the reference state, a divergence is pinned to one transition; it is written as a vector
file (docs/vectors.md) that starts from the state just before it, so `referee conform --vectors
FILE` reruns it. Among divergences the one found earliest in its game is kept.

Games run in parallel worker processes (``workers``), each with its own adapter process; game
``i`` of a run with seed ``S`` uses ``random.Random(f"{S}:{i}")``, so a run is reproducible
whatever the number of workers.
"""

from __future__ import annotations

import dataclasses
import multiprocessing
import random
import sys
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, cast

from ..documents import OddsDigests, SameItems, canonical_text
from ..errors import IllegalAction, RefereeError
from ..games import load
from ..games.interface import CHANCE
from ..games.roles import GameKit
from ..gcpolicy import exit_quickly, fewer_full_collections
from ..loading import LoadError, parse_json
from ..style import Progress
from .client import AdapterFailure, ExternalAdapter, ProtocolViolation
from .compare import first_difference
from .http import open_adapter

if TYPE_CHECKING:
    import multiprocessing.queues

DivergenceKey = tuple[str, str, str]
"""Kind, first differing pointer (array indices as ``*``) and clause."""


class _Requester(Protocol):
    """What the step checks use of an adapter: single requests."""

    def request(self, cmd: str, **fields: Any) -> dict[str, Any]: ...


class _Flag(Protocol):
    """A stop flag shared with the workers (a threading or a multiprocessing Event)."""

    def is_set(self) -> bool: ...
    def set(self) -> None: ...


@dataclass
class Divergence:
    game_id: str
    game: int
    step: int
    kind: str
    """``new_game``, ``legal_actions``, ``chance``, ``apply``, ``events``, ``rejection`` or ``observe``."""
    message: str
    setup: dict[str, Any]
    state: dict[str, Any]
    action: dict[str, Any] | None
    expected: Any
    actual: Any
    history: list[dict[str, Any]] = field(default_factory=list)
    key: DivergenceKey = ("", "", "")
    """What makes two divergences the same: kind, first differing pointer (array indices as
    ``*``) and clause (``fuzz --keep-going`` keeps one per key)."""

    def to_vector(self, seed: int) -> dict[str, Any]:
        """A vector that reruns this divergence from the state just before it."""
        game = load(self.game_id)
        fallback = game.probes.fallback_clause  # None: the game names no clause for it
        if self.kind == "legal_actions":
            steps: list[dict[str, Any]] = []
            expect: dict[str, Any] = {"legal_actions": {"actions": self.expected}}
            clauses: list[str | None] = [fallback]
        elif self.kind == "observe":
            steps = []
            player = self.expected["observer"]
            expect = {"values": [{"pointer": f"/observations/{player}", "value": self.expected}]}
            clauses = [game.probes.observation_clause]
        elif self.kind == "events":
            steps = [{"action": self.action}]
            # every event as a pattern: a missing or different event reruns; an order-only
            # difference cannot be said in a vector (patterns match in any order)
            expect = {"state": self.expected["state"], "events": self.expected["events"]}
            clauses = sorted({e["clause"] for e in self.expected["events"]}) or [fallback]
        elif self.kind == "chance":
            steps = []
            expect = {"chance": self.expected}
            clauses = [game.probes.chance_clause]
        elif "rejected" in self.expected:
            steps = [{"action": self.action}]
            clauses = [self.expected["rejected"]["clause"]]
            expect = {"rejected": {"step": 0, "clause": clauses[0]}}
        else:
            steps = [{"action": self.action}]
            expect = {"state": self.expected["state"]}
            clauses = sorted({e["clause"] for e in self.expected.get("events", [])}) or [fallback]
        clauses = [c for c in clauses if c]  # a game may name no clause for chance or observations
        custom = game.interchange.uses_custom_data(self.state)
        requires: dict[str, Any] = {
            "capabilities": sorted((["custom-boards"] if custom else [])
                                   + (["observations"] if self.kind == "observe" else [])
                                   + (["events"] if self.kind == "events" else [])
                                   + (["chance-probabilities"] if self.kind == "chance" else [])),
            "options": {},
        }
        variants = self.state.get("options", {}).get("variants")
        if variants:
            requires["variants"] = list(variants)
        return {
            "id": f"fuzz-{abs(seed)}-{self.game}-{self.step}",
            "kind": "play",
            "description": f"fuzz divergence ({self.kind}) in game {self.game} at step {self.step}",
            "clauses": clauses,
            "tags": ["fuzz"],
            "requires": requires,
            "source": f"referee fuzz --seed {seed} (game {self.game}, step {self.step}): {self.message}",
            "state": self.state,
            "steps": steps,
            "expect": expect,
        }


def _where(expected_state: dict[str, Any], resp: dict[str, Any]) -> str:
    if "state" not in resp:
        return f"answered {str(resp)[:200]}"
    d = first_difference(expected_state, resp["state"])
    return f"state differs at {d.pointer or '/'}: {d.message}" if d else "same state"


def _events_difference(expected: list[dict[str, Any]], actual: Any) -> str:
    if not isinstance(actual, list):
        return f"events should be a list, got {str(actual)[:100]}"
    texts = [canonical_text(e) for e in expected]
    got = [canonical_text(e) for e in actual]
    if sorted(texts) == sorted(got):
        return ("the same events in another order: expected "
                f"{[e['type'] for e in expected]}, got {[e.get('type') for e in actual]}")
    missing = [t for t in texts if t not in got]
    extra = [t for t in got if t not in texts]
    return f"events differ: missing {missing[:2]}, unexpected {extra[:2]}"


def _legal_texts(actions: list[dict[str, Any]]) -> list[str]:
    return sorted(canonical_text(a) for a in actions)


@dataclass
class PlanStep:
    """One step of a reference game, decided before anything is sent to the adapter."""

    state: Any
    player: int | None
    """The player whose legal actions are compared at a simultaneous node, else ``None``."""
    legal: tuple[Any, ...]
    observe: int | None
    """The player whose observation is compared, or ``None``."""
    probe: dict[str, Any] | None
    """A deliberately illegal action sent before the real one, or ``None``."""
    probe_expected: dict[str, Any] | None
    action: Any
    transition: Any
    digests: dict[str, Any] | None = None
    """The expected protocol-2 answer of this step (``legal``, ``observation``, ``probe``,
    ``events``, ``state``), with ``digest``."""
    rejection: str | None = None
    """The clause that rejects the probe, if there is a probe and the reference rejects it."""


@dataclass
class Plan:
    game: int
    setup: dict[str, Any]
    initial: Any
    steps: list[PlanStep]
    start_digest: str | None = None
    probabilities: bool = False
    """Both sides announce ``chance-probabilities``: the odds at chance nodes are compared too."""
    odds: bool = False
    """Protocol 2 and the adapter also announces ``play-odds``: ``play`` asks for the odds
    digest of each chance node (the steps' ``odds``), so the odds are compared there too."""


def plan_game(g: GameKit, game: int, seed: int, supported: Mapping[str, Sequence[Any]] | None, custom_boards: bool,
              max_steps: int = 2000, variants: Sequence[str] = (), observations: bool = False,
              digests: bool = False, digest_every: int = 1,
              odds: bool = False, steer: Coverage | None = None) -> Plan:
    """Plays one reference game with ``random.Random(f"{seed}:{game}")``: the setup, and per step
    the action, the illegal probe and the observed player (the same draws whatever the protocol).

    With ``steer`` (the coverage of the games planned so far, updated with this one) a player's
    action is the one, among :data:`STEER_CANDIDATES` legal actions drawn at random, whose
    events name the clause reached least so far, and a probe likewise the one whose rejection
    clause is rarest: play is pushed towards rarely exercised rules. Rule thresholds the game
    names (``Probes.thresholds``) are approached on purpose: at a chance node the outcome,
    among :data:`STEER_CANDIDATES` drawn, that leaves the state closest to one; and a game
    starting afresh saves the position where it came closest, from which later games resume
    now and then (:data:`RESUME_RATE`: the setup and the steps up to there are replayed, then
    play goes on with this game's draws). A steered game thus depends on the games planned
    before it in the same worker, so a steered run is reproducible for a given number of
    workers."""
    rng = random.Random(f"{seed}:{game}")
    setup_doc = g.setups.fuzz_setup(rng, _announced_only(g, supported), custom_boards, variants)
    if supported is not None:
        setup_doc = _without_unannounced(g, setup_doc, supported, variants)
    state = g.initial_state(g.setup_from_json(setup_doc))
    plan = Plan(game, setup_doc, state, [], g.interchange.state_digest(state) if digests else None)
    plan.odds = odds and digests
    resumable = steer.resumable() if steer is not None else []
    resumed = bool(resumable) and rng.random() < RESUME_RATE
    if resumed:
        assert steer is not None
        plan, state = _resume(game, steer.resume(rng.choice(resumable)))
    closest: tuple[int, int] | None = None  # the least distance to a threshold, and the first step at it
    for _ in range(max_steps - len(plan.steps)):
        if g.is_over(state):
            break
        if steer is not None and not resumed:
            near = min(g.probes.thresholds(state), default=None)
            if near is not None and (closest is None or near < closest[0]):
                closest = (near, len(plan.steps))
        actors = g.actors(state)
        player: int | None = None
        if len(actors) > 1:
            player = cast(int, rng.choice(actors))  # a simultaneous node lists players only
            legal = g.legal_actions(state, player)
        else:
            legal = g.legal_actions(state)
        observe: int | None = None
        if observations and g.interchange.hides_anything(state):
            observe = rng.randrange(g.player_count(state))
        steered = None
        if steer is not None:
            steered = _steered(g, rng, state, legal, steer) if actors != (CHANCE,) else _closer(g, rng, state)
        if steered is not None:
            action, t = steered
        elif actors == (CHANCE,):
            action = g.rules.sample_chance(state, rng)  # the draws of sampler.choose, without
        else:  # listing the legal actions again
            action = rng.choice(legal)
        probe: dict[str, Any] | None = None
        probe_expected: dict[str, Any] | None = None
        if rng.random() < g.probes.probe_rate(state, action):
            probe, probe_expected = _probe(g, rng, state, action, steer)
        if steered is None:  # a legal action or a chance outcome: the rule checks pass (a
            t = g.rules.apply_legal(state, action)  # property test checks it), not run again
        step = PlanStep(state, player, legal, observe, probe, probe_expected, action, t)
        if probe_expected is not None and "rejected" in probe_expected:
            step.rejection = probe_expected["rejected"]["clause"]
        if digests:
            d: dict[str, Any] = {"legal": _legal_digests(g)(legal)}
            if observe is not None:
                d["observation"] = g.interchange.observation_digest(state, observe)
            if plan.odds and actors == (CHANCE,):
                d["odds"] = _odds_digests(g)(g.chance_outcomes(state))
            if probe is not None and probe_expected is not None:  # set together
                d["probe"] = probe_expected["rejected"]["clause"] if "rejected" in probe_expected else None
            d["events"] = g.interchange.events_digest(t.events)
            if len(plan.steps) % digest_every == digest_every - 1:
                d["state"] = g.interchange.state_digest(t.state)
            step.digests = d
        plan.steps.append(step)
        state = t.state
    if steer is not None:
        steer.add_game(plan, len(plan.steps))
        if closest is not None:
            steer.save(closest[0], plan, closest[1])
    last = plan.steps[-1].digests if digests and plan.steps else None
    if last is not None and "state" not in last:
        last["state"] = g.interchange.state_digest(state)  # the last step always has one
    return plan


def _odds_digests(g: GameKit) -> OddsDigests:
    """The game's odds digests, kept on it across the games a worker plans."""
    kept: OddsDigests | None = g.__dict__.get("_odds_digests")
    if kept is None:
        kept = g.__dict__["_odds_digests"] = OddsDigests(g.interchange.action_canonical_text)
    return kept


def _legal_digests(g: GameKit) -> SameItems[str]:
    """The game's legal-action digests, kept while a step lists the very same actions."""
    kept: SameItems[str] | None = g.__dict__.get("_legal_digests")
    if kept is None:
        kept = g.__dict__["_legal_digests"] = SameItems(g.interchange.legal_digest)
    return kept


STEER_CANDIDATES = 4
"""How many random legal actions (and probes) a steered step weighs against each other."""


def _steered(g: GameKit, rng: random.Random, state: Any, legal: Sequence[Any],
             steer: Coverage) -> tuple[Any, Any] | None:
    """Among up to :data:`STEER_CANDIDATES` of ``legal`` drawn at random, the action (and its
    transition) whose events name the clause reached least so far; ``None`` with one action."""
    if len(legal) < 2:
        return None
    best: tuple[float, Any, Any] | None = None
    for action in rng.sample(list(legal), min(STEER_CANDIDATES, len(legal))):
        t = g.apply(state, action)
        rarity = min((steer.events.get(e.clause, 0) for e in t.events), default=float("inf"))
        if best is None or rarity < best[0]:
            best = (rarity, action, t)
    assert best is not None
    return best[1], best[2]


RESUME_RATE = 0.5
"""How often a steered game resumes from a saved position, when one is saved."""

SAVED_POSITIONS = 8
"""How many positions close to a threshold a steered worker keeps (the closest, then the latest)."""

RESUME_FROM = 3
"""A resumed game starts from one of this many closest saved positions, drawn at random."""

RESUME_TRIES = 3
"""How many games resume from one saved position before it is dropped."""

RESUME_NEAR = 1
"""Only a position on a threshold or one short of it is resumed from: from a farther one the
rest of a game rarely reaches the threshold, and every resumed game is one fewer fresh game."""


def _closer(g: GameKit, rng: random.Random, state: Any) -> tuple[Any, Any] | None:
    """At a chance node of a game that names thresholds: among :data:`STEER_CANDIDATES`
    outcomes drawn with their probabilities, the one (and its transition) that leaves the
    state closest to a threshold, the first drawn among equals; ``None`` when the game names
    none here (the outcome is then drawn as unsteered)."""
    if not g.probes.thresholds(state):
        return None
    best: tuple[float, Any, Any] | None = None
    for _ in range(STEER_CANDIDATES):
        outcome = g.rules.sample_chance(state, rng)
        t = g.apply(state, outcome)
        near = min(g.probes.thresholds(t.state), default=float("inf"))
        if best is None or near < best[0]:
            best = (near, outcome, t)
    assert best is not None
    return best[1], best[2]


def _resume(game: int, saved: tuple[int, int, Plan, int]) -> tuple[Plan, Any]:
    """A plan for game ``game`` that replays a saved game's setup and first steps, and the
    state it goes on from."""
    _near, _game, origin, k = saved
    steps = [dataclasses.replace(st, digests=dict(st.digests) if st.digests is not None else None)
             for st in origin.steps[:k]]
    plan = Plan(game, origin.setup, origin.initial, steps, origin.start_digest, odds=origin.odds)
    return plan, origin.steps[k].state


def _probe(g: GameKit, rng: random.Random, state: Any, action: Any,
           steer: Coverage | None) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
    """An illegal probe to send before ``action`` and the reference's answer to it: unsteered the
    game's one draw; steered the rarest (:func:`_rarity`) of up to :data:`STEER_CANDIDATES`
    drawn, the first drawn among equals. ``(None, None)`` when no readable probe was drawn."""
    probe: dict[str, Any] | None = None
    probe_expected: dict[str, Any] | None = None
    for _try in range(STEER_CANDIDATES if steer is not None else 1):
        bad = g.probes.illegal_probe(state, action, rng)
        try:
            parsed = g.action_from_json(bad) if bad is not None else None
        except RefereeError:  # not even a readable action: not what this check compares
            parsed = None
        if parsed is not None:
            expected = _reference_apply(g, state, parsed)
            if probe_expected is None or _rarity(steer, bad, expected) < _rarity(steer, probe, probe_expected):
                probe, probe_expected = bad, expected
    return probe, probe_expected


def _rarity(steer: Coverage | None, probe: Any, expected: dict[str, Any]) -> tuple[float, float]:
    """How often the probe's shape (:func:`_probe_shape`), then its rejection clause, was
    reached so far (an accepted probe: never rare)."""
    if steer is None or "rejected" not in expected:
        return float("inf"), float("inf")
    clause = expected["rejected"]["clause"]
    return steer.shapes.get(_probe_shape(probe, clause), 0), steer.rejections.get(clause, 0)


def _probe_shape(probe: Any, clause: str) -> str:
    """A rejected probe's clause with its document's type and the fields it sets (not empty):
    the same clause reached by a rarer kind of action (a move using an astronaut's power, say)
    counts apart, so steering still probes it while the clause itself is common."""
    doc = probe if isinstance(probe, dict) else {}
    fields = sorted(k for k, v in doc.items() if k != "type" and v is not None and v is not False and v != "" and v != [] and v != {})
    return f"{clause} {doc.get('type')} {','.join(fields)}"


def _announced_only(g: GameKit, supported: Mapping[str, Sequence[Any]] | None) -> Mapping[str, Sequence[Any]] | None:
    """The option values a setup may use: the announced ones, and the default alone for an
    option the adapter did not announce (``None``: every value of every option)."""
    if supported is None:
        return None
    return {o.name: (supported[o.name] if o.name in supported else (o.default,))
            for o in g.info.options if o.kind == "choice"}


def _without_unannounced(g: GameKit, setup_doc: dict[str, Any], supported: Mapping[str, Sequence[Any]],
                         variants: Sequence[str]) -> dict[str, Any]:
    """``setup_doc`` with no option the adapter did not announce written into it (issue 23):
    each such option was drawn at its default, so leaving it out is the same game, and an
    adapter written before the option existed can still read the setup. ``variants`` (MLEM's
    set option) stays when the adapter announced a variant."""
    options = setup_doc.get("options")
    if not isinstance(options, dict):
        return setup_doc
    kinds = {o.name: o.kind for o in g.info.options}
    keep = {k: v for k, v in options.items()
            if k in supported or (kinds.get(k) == "set" and variants) or k not in kinds}
    return {**setup_doc, "options": keep}


def check_new_game(g: GameKit, adapter: _Requester, plan: Plan) -> Divergence | None:
    gid = g.info.id
    expected_doc = g.state_to_json(plan.initial)
    resp = adapter.request("new_game", game=gid, setup=plan.setup)
    if resp.get("state") != expected_doc:
        return Divergence(gid, plan.game, 0, "new_game", f"new_game: {_where(expected_doc, resp)}", plan.setup,
                          expected_doc, None, {"state": expected_doc}, resp,
                          key=("new_game", _pointer_of(expected_doc, resp.get("state")), ""))
    return None


def check_step(g: GameKit, adapter: _Requester, plan: Plan, i: int, events: bool, observations: bool) -> Divergence | None:
    """Compares step ``i`` of ``plan`` with version-1 requests (the state sent in full)."""
    gid = g.info.id
    st = plan.steps[i]
    state, setup_doc, game = st.state, plan.setup, plan.game
    doc = g.state_to_json(state)
    if st.player is not None:
        resp = adapter.request("legal_actions", game=gid, state=doc, player=st.player)
    else:
        resp = adapter.request("legal_actions", game=gid, state=doc)
    expected_legal = [g.action_to_json(a) for a in st.legal]
    got = resp.get("actions", [])
    if not isinstance(got, list) or _legal_texts(got) != _legal_texts(expected_legal):
        got = got if isinstance(got, list) else []
        extra = sorted(set(_legal_texts(got)) - set(_legal_texts(expected_legal)))
        missing = sorted(set(_legal_texts(expected_legal)) - set(_legal_texts(got)))
        msg = f"legal actions differ: missing {missing[:3]}, extra {extra[:3]}"
        if "actions" not in resp:
            msg = f"legal_actions answered {str(resp)[:200]}"
        first = (missing or extra or ["{}"])[0]
        what = "missing" if missing else "extra"
        key = ("legal_actions", "/actions", f"{what} {_type_of(first)}")
        return Divergence(gid, game, i, "legal_actions", msg, setup_doc, doc, None,
                          expected_legal, resp.get("actions", resp), key=key)
    if plan.probabilities and g.actors(state) == (CHANCE,):  # both sides announce the odds: compare them
        outcomes = g.chance_outcomes(state)
        want = {canonical_text(g.action_to_json(a)): f"{p.numerator}/{p.denominator}" for a, p in outcomes}
        probs = resp.get("probabilities")
        listed = resp.get("actions")
        answered: list[Any] = listed if isinstance(listed, list) else []
        got = dict(zip((canonical_text(a) for a in answered), probs)) if isinstance(probs, list) else None
        if got != want:
            where = first_difference(want, got) if got is not None else None
            msg = (f"chance probabilities differ at {where.pointer}: {where.message}" if where
                   else f"legal_actions at a chance node has no probabilities ({str(resp)[:200]})")
            return Divergence(
                gid, game, i, "chance", msg, setup_doc, doc, None,
                {"outcomes": [g.action_to_json(a) for a, _p in outcomes],
                 "probabilities": [f"{p.numerator}/{p.denominator}" for _a, p in outcomes]}, probs,
                key=("chance", "/probabilities", ""))
    if st.observe is not None:
        player = st.observe
        expected_obs = g.interchange.observation_to_json(state, player)
        resp = adapter.request("observe", game=gid, state=doc, player=player)
        if resp.get("observation") != expected_obs:
            where = first_difference(expected_obs, resp["observation"]) if "observation" in resp else None
            msg = (f"observation of player {player}: differs at {where.pointer or '/'}: {where.message}"
                   if where else f"observe answered {str(resp)[:200]}")
            return Divergence(gid, game, i, "observe", msg, setup_doc, doc, None,
                              expected_obs, resp.get("observation", resp),
                              key=("observe", _generic(where.pointer) if where else "/", g.probes.observation_clause or ""))
    if st.probe is not None and st.probe_expected is not None:  # set together
        bad, reference = st.probe, st.probe_expected
        resp = adapter.request("apply", game=gid, state=doc, action=bad)
        if "rejected" in reference and resp.get("rejected", {}).get("clause") != reference["rejected"]["clause"]:
            return Divergence(
                gid, game, i, "rejection",
                f"illegal action {canonical_text(bad)}: expected rejection under "
                f"{reference['rejected']['clause']}, got {str(resp)[:200]}",
                setup_doc, doc, bad, reference, resp, key=("rejection", "/rejected", reference["rejected"]["clause"]))
    t = st.transition
    action_doc = g.action_to_json(st.action)
    resp = adapter.request("apply", game=gid, state=doc, action=action_doc)
    expected_next = g.state_to_json(t.state)
    expected_events = [g.event_to_json(e) for e in t.events]
    first_clause = expected_events[0]["clause"] if expected_events else (g.probes.fallback_clause or "")
    if resp.get("state") != expected_next:
        return Divergence(
            gid, game, i, "apply", f"apply {canonical_text(action_doc)}: {_where(expected_next, resp)}",
            setup_doc, doc, action_doc, {"state": expected_next, "events": expected_events}, resp,
            key=("apply", _pointer_of(expected_next, resp.get("state")), first_clause))
    if events and resp.get("events") != expected_events:
        got_events = resp.get("events")
        clause = first_clause
        if isinstance(got_events, list):
            for k in range(max(len(expected_events), len(got_events))):
                e = expected_events[k] if k < len(expected_events) else None
                a = got_events[k] if k < len(got_events) else None
                if e != a:
                    clause = (e or {}).get("clause") or (a.get("clause") if isinstance(a, dict) else None) or clause
                    break
        return Divergence(
            gid, game, i, "events",
            f"apply {canonical_text(action_doc)}: {_events_difference(expected_events, got_events)}",
            setup_doc, doc, action_doc, {"state": expected_next, "events": expected_events},
            got_events, key=("events", "/events", str(clause)))
    return None


def play_game(game_def: GameKit, adapter: ExternalAdapter, game: int, seed: int,
              supported: Mapping[str, Sequence[Any]] | None, custom_boards: bool,
              max_steps: int = 2000, variants: list[str] | tuple[str, ...] = (),
              observations: bool = False, events: bool = False) -> tuple[int, Divergence | None]:
    """Plays one game with version-1 requests; returns (transitions compared, first divergence or None)."""
    plan = plan_game(game_def, game, seed, supported, custom_boards, max_steps, variants, observations)
    return compare_v1(game_def, adapter, plan, events, observations)


def compare_v1(g: GameKit, adapter: _Requester, plan: Plan, events: bool,
               observations: bool) -> tuple[int, Divergence | None]:
    div = check_new_game(g, adapter, plan)
    if div is not None:
        return 0, div
    for i in range(len(plan.steps)):
        div = check_step(g, adapter, plan, i, events, observations)
        if div is not None:
            return i + (div.kind in ("apply", "events")), div
    return len(plan.steps), None


@dataclass
class Coverage:
    """Which clauses the compared transitions exercised: how many events and rejections
    named each clause, and in how many games (the fuzz signal of issue 27)."""

    events: dict[str, int] = field(default_factory=dict)
    rejections: dict[str, int] = field(default_factory=dict)
    games: dict[str, int] = field(default_factory=dict)
    saved: list[tuple[int, int, Plan, int]] = field(default_factory=list, repr=False, compare=False)
    """With ``--steer``, the positions close to a threshold that later games may resume from:
    (distance, game, plan, step), the closest first (:func:`plan_game`); not merged."""
    tries: dict[int, int] = field(default_factory=dict, repr=False, compare=False)
    """How many games resumed from the position saved by each game."""
    shapes: dict[str, int] = field(default_factory=dict, repr=False, compare=False)
    """How many rejected probes of each shape (:func:`_probe_shape`) were compared; steering
    only, not merged."""

    def save(self, near: int, plan: Plan, step: int) -> None:
        """Keeps the position before ``plan``'s step ``step``, ``near`` a threshold, if it is
        among the :data:`SAVED_POSITIONS` closest (then latest) saved."""
        self.saved.append((near, plan.game, plan, step))
        self.saved.sort(key=lambda s: (s[0], -s[1]))
        del self.saved[SAVED_POSITIONS:]

    def resumable(self) -> list[tuple[int, int, Plan, int]]:
        """The saved positions a game may resume from: the :data:`RESUME_FROM` closest, each on
        a threshold or at most :data:`RESUME_NEAR` short of it."""
        return [s for s in self.saved if s[0] <= RESUME_NEAR][:RESUME_FROM]

    def resume(self, saved: tuple[int, int, Plan, int]) -> tuple[int, int, Plan, int]:
        """Counts a game resumed from ``saved``, dropped after :data:`RESUME_TRIES` of them."""
        self.tries[saved[1]] = self.tries.get(saved[1], 0) + 1
        if self.tries[saved[1]] >= RESUME_TRIES:
            self.saved.remove(saved)
        return saved

    def add_game(self, plan: Plan, compared: int) -> None:
        """Counts the first ``compared`` steps of ``plan`` (those compared with the adapter)."""
        seen: set[str] = set()
        for st in plan.steps[:compared]:
            for e in st.transition.events:
                self.events[e.clause] = self.events.get(e.clause, 0) + 1
                seen.add(e.clause)
            if st.rejection is not None:
                self.rejections[st.rejection] = self.rejections.get(st.rejection, 0) + 1
                shape = _probe_shape(st.probe, st.rejection)
                self.shapes[shape] = self.shapes.get(shape, 0) + 1
                seen.add(st.rejection)
        for clause in seen:
            self.games[clause] = self.games.get(clause, 0) + 1

    def merge(self, other: Coverage) -> None:
        for mine, theirs in ((self.events, other.events), (self.rejections, other.rejections),
                             (self.games, other.games)):
            for k, n in theirs.items():
                mine[k] = mine.get(k, 0) + n

    def clauses(self) -> dict[str, dict[str, int]]:
        """Per clause reached, in clause order: ``events``, ``rejections`` and ``games``."""
        return {c: {"events": self.events.get(c, 0), "rejections": self.rejections.get(c, 0),
                    "games": self.games[c]} for c in sorted(self.games)}


class DigestMismatch(ProtocolViolation):
    """A protocol-2 answer whose digests differ where the same steps asked one by one agree:
    the adapter's digest (or its batch play) is wrong, not its rules."""


def play_request(g: GameKit, plan: Plan, digest_every: int = 1) -> dict[str, Any]:
    """The protocol-2 ``play`` request of a planned game."""
    steps = []
    for st in plan.steps:
        s: dict[str, Any] = {"action": g.action_to_json(st.action)}
        if st.player is not None:
            s["player"] = st.player
        if st.observe is not None:
            s["observe"] = st.observe
        if st.probe is not None:
            s["probe"] = st.probe
        steps.append(s)
    req: dict[str, Any] = {"game": g.info.id, "setup": plan.setup, "steps": steps}
    if plan.odds:
        req["odds"] = True
    if digest_every != 1:
        req["digest_every"] = digest_every
    return req


def compare_v2(g: GameKit, adapter: _Requester, plan: Plan, resp: dict[str, Any], events: bool, observations: bool,
               digest_every: int = 1) -> tuple[int, Divergence | None]:
    """Compares a ``play`` answer with the plan. At the first step whose digests differ, the
    step is asked again with version-1 requests, which pin the divergence and give the
    documents for the vector (with ``digest_every`` k > 1, every step since the last matching
    state digest is asked)."""
    if "start" not in resp or "steps" not in resp:
        if "rejected" in resp or "skipped" in resp or "error" in resp:
            return compare_v1(g, adapter, plan, events, observations)
        raise ProtocolViolation(f"protocol violation: the answer to play has no start or steps: {str(resp)[:200]}")
    if resp["start"] != plan.start_digest:
        div = check_new_game(g, adapter, plan)
        if div is None:
            raise DigestMismatch("protocol violation: the start digest of play is wrong, but new_game agrees")
        return 0, div
    got = resp["steps"]
    if not isinstance(got, list):
        raise ProtocolViolation("protocol violation: the steps of the play answer are not a list")
    checked = 0  # the steps before this one are known to agree (state digest included)
    for i, st in enumerate(plan.steps):
        if i >= len(got):
            raise ProtocolViolation(f"protocol violation: truncated play answer: {len(got)} steps for "
                                    f"{len(plan.steps)} actions, and no rejection")
        a, e = got[i], st.digests
        assert e is not None  # a plan for protocol 2 has the digests of every step
        bad = (not isinstance(a, dict) or a.get("legal") != e["legal"] or "rejected" in a
               or (st.observe is not None and observations and a.get("observation") != e.get("observation"))
               or (st.probe is not None and e.get("probe") is not None and a.get("probe") != e["probe"])
               or ("odds" in e and a.get("odds") != e["odds"])
               or (events and a.get("events") != e["events"]))
        has_state = isinstance(a, dict) and "state" in a and "state" in e
        if not bad and has_state and a["state"] == e["state"]:
            checked = i + 1
            continue
        if not bad and not has_state and (i + 1) % digest_every != 0 and i != len(plan.steps) - 1:
            continue
        # a mismatch at step i, or a state digest mismatch at a checkpoint: ask one by one
        for j in range(checked, i + 1):
            div = check_step(g, adapter, plan, j, events, observations)
            if div is not None:
                return j + (div.kind in ("apply", "events")), div
        raise DigestMismatch(f"protocol violation: the play answer differs at step {i} "
                             f"({_which(a, e)}), but the same step asked alone agrees: a wrong digest")
    if len(got) > len(plan.steps):
        raise ProtocolViolation(f"protocol violation: the play answer has {len(got)} steps for "
                                f"{len(plan.steps)} actions")
    return len(plan.steps), None


def _which(a: Any, e: dict[str, Any]) -> str:
    if not isinstance(a, dict):
        return "not an object"
    if "rejected" in a:
        return "rejected"
    return ", ".join(k for k in ("legal", "odds", "observation", "probe", "events", "state")
                     if (k in a or k == "odds" and k in e) and a.get(k) != e.get(k)) or "?"


def _type_of(text: str) -> str:
    try:
        doc = parse_json(text)  # conformance/ parses nothing itself (tests/test_layers.py)
    except LoadError:
        return "?"
    return str(doc.get("type")) if isinstance(doc, dict) else "?"


def _generic(pointer: str) -> str:
    """A pointer with its array indices replaced by ``*`` (``/landed/3/space`` -> ``/landed/*/space``)."""
    return "/".join("*" if t.isdigit() else t for t in pointer.split("/")) or "/"


def _pointer_of(expected: Any, actual: Any) -> str:
    if actual is None:
        return "(no state)"
    d = first_difference(expected, actual)
    return _generic(d.pointer) if d else "/"


def _reference_apply(game: GameKit, state: Any, action: Any) -> dict[str, Any]:
    try:
        t = game.apply(state, action)
    except IllegalAction as exc:
        return {"rejected": {"clause": exc.clause, "message": exc.message}}
    return {"state": game.state_to_json(t.state)}


@dataclass
class FuzzResult:
    games: int
    transitions: int
    seconds: float
    divergence: Divergence | None
    """The divergence found earliest in its game (the one a run without keep-going reports)."""
    adapter_failures: list[str]
    implementation: dict[str, Any] | None
    divergences: list[Divergence] = field(default_factory=list)
    """With keep-going: one divergence per distinct key (the shortest example), in key order."""
    counts: dict[DivergenceKey, int] = field(default_factory=dict)
    """With keep-going: how many games hit each key."""
    protocol: int = 1
    stopped_early: bool = False
    coverage: Coverage = field(default_factory=Coverage)
    """The clauses exercised by the transitions compared (events and probe rejections)."""


@dataclass
class _Options:
    argv: list[str]
    game_id: str
    games: list[int]
    seed: int
    timeout: float
    protocol: int
    digest_every: int
    pipeline: int
    keep_going: bool
    steer: bool = False


def _run_games(opts: _Options, report: Callable[[str, Any], None], stop: _Flag) -> None:
    """Plays ``opts.games`` against one adapter process; ``report(kind, payload)`` receives
    ``hello``, ``game`` (number, transitions, divergence) and ``failure`` messages. A full
    garbage collection is rarer meanwhile (:mod:`~tabletop_referee.gcpolicy`)."""
    with fewer_full_collections():
        _play_games(opts, report, stop)


def _play_games(opts: _Options, report: Callable[[str, Any], None], stop: _Flag) -> None:
    g = load(opts.game_id)
    protocols = tuple(v for v in (1, 2) if v <= opts.protocol)
    adapter = open_adapter(opts.argv, timeout=opts.timeout, protocols=protocols, game=opts.game_id)
    try:
        hello = adapter.start()
    except Exception as exc:  # AdapterStartError and friends: reported, not raised across processes
        report("failure", f"adapter could not start: {exc}")
        report("done", None)
        return
    info = (hello.get("implementation") or {}).get("games", {}).get(opts.game_id)
    report("hello", {"implementation": hello.get("implementation"), "protocol": adapter.protocol})
    if info is None:
        adapter.stop()
        report("failure", f"the adapter does not declare the game {opts.game_id}")
        report("done", None)
        return
    caps = hello.get("capabilities") or []
    supported = info.get("options") or {}
    variants = [v for v in (info.get("variants") or []) if v in g.info.variants]
    custom, observations, events = "custom-boards" in caps, "observations" in caps, "events" in caps
    v2 = adapter.protocol >= 2
    depth = max(1, opts.pipeline) if v2 else 1

    steer = Coverage() if opts.steer else None  # what this worker's games have reached so far

    def plan(game: int) -> Plan:
        odds = "chance-probabilities" in caps and "play-odds" in caps  # v1 requests pin an odds mismatch
        p = plan_game(g, game, opts.seed, supported, custom, variants=variants,
                      observations=observations, digests=v2, digest_every=opts.digest_every, odds=odds,
                      steer=steer)
        p.probabilities = "chance-probabilities" in caps
        return p

    todo = list(opts.games)
    inflight: list[Plan] = []
    current: int | None = None
    while (todo or inflight) and not stop.is_set():
        try:
            if not v2:
                current = todo[0]
                p = plan(todo.pop(0))
                n, div = compare_v1(g, adapter, p, events, observations)
                report("game", (p.game, n, div, _covered(p, n)))
                continue
            while todo and len(inflight) < depth:
                p = plan(todo.pop(0))
                adapter.submit("play", **play_request(g, p, opts.digest_every))
                inflight.append(p)
            p = inflight[0]
            current = p.game
            resp = adapter.collect()
            inflight.pop(0)
            # the pipe stays full unless the answer differs: pinning a divergence takes
            # single requests, so the answers still in the pipe are taken first
            proxy = _Draining(adapter)
            n, div = compare_v2(g, proxy, p, resp, events, observations, opts.digest_every)
            report("game", (p.game, n, div, _covered(p, n)))
            if proxy.drained:
                for q, r in zip(inflight, proxy.drained):
                    current = q.game
                    n, div = compare_v2(g, adapter, q, r, events, observations, opts.digest_every)
                    report("game", (q.game, n, div, _covered(q, n)))
                inflight.clear()
        except AdapterFailure as exc:
            report("failure", f"game {current}: {type(exc).__name__}: {exc}")
            # the games still in flight are asked again on the fresh process
            todo[:0] = [q.game for q in inflight if q.game != current]
            inflight.clear()
            try:
                adapter.ensure_running()
            except Exception as exc2:
                report("failure", f"adapter could not restart: {exc2}")
                break
    if adapter.pending:  # stopped with answers still in the pipe
        adapter.kill()
    adapter.stop()
    report("done", None)


def _covered(plan: Plan, compared: int) -> Coverage:
    cov = Coverage()
    cov.add_game(plan, compared)
    return cov


class _Draining:
    """An adapter whose first single request first collects the pipelined answers pending."""

    def __init__(self, adapter: ExternalAdapter) -> None:
        self.adapter = adapter
        self.drained: list[dict[str, Any]] = []

    def request(self, cmd: str, **fields: Any) -> dict[str, Any]:
        while self.adapter.pending:
            self.drained.append(self.adapter.collect())
        return self.adapter.request(cmd, **fields)


def _process_worker(opts: _Options, queue: multiprocessing.queues.Queue[tuple[str, Any]], stop: _Flag) -> None:
    _run_games(opts, lambda kind, payload: queue.put((kind, payload)), stop)
    exit_quickly()  # the worker process ends now (the parent joins it): gcpolicy.py


class _Progress:
    """fuzz's progress through the shared layer (:class:`~tabletop_referee.style.Progress`, as
    every command draws it: rich with the pretty extra, else our own line; nothing unless
    ``enabled``), redrawn at most five times a second."""

    def __init__(self, total: int, enabled: bool) -> None:
        self.bar = Progress(total, "fuzz", unit="games", enabled=enabled)
        self.last = 0.0

    def show(self, games: int, transitions: int, distinct: int, started: float, final: bool = False) -> None:
        now = time.perf_counter()
        if final:
            self.bar.close()
            return
        if now - self.last < 0.2:
            return
        self.last = now
        rate = transitions / (now - started) if now > started else 0
        self.bar.update(games, f"{transitions:,} transitions ({rate:,.0f}/s), "
                               f"{distinct} distinct divergence{'s' if distinct != 1 else ''}")


def fuzz(argv: list[str], *, game: str, games: int, seed: int, workers: int = 1,
         timeout: float = 10.0, keep_going: bool = False, max_failures: int | None = None,
         protocol: int = 2, digest_every: int = 1, pipeline: int = 2,
         progress: bool = False, steer: bool = False) -> FuzzResult:
    """Plays ``games`` differential games of ``game`` against the adapter ``argv``.

    Without ``keep_going`` the run stops at the first divergence (the earliest in its game
    among those in flight); with it the run goes on, keeping one divergence per distinct key,
    until ``games`` are played or ``max_failures`` distinct divergences are found.
    ``protocol`` is the highest version offered at the handshake (1 forces version 1);
    ``steer`` pushes play towards the clauses the worker's games have reached least
    (:func:`plan_game`)."""
    chunks = [list(range(i, games, workers)) for i in range(workers)]
    jobs = [_Options(argv, game, chunk, seed, timeout, protocol, digest_every, pipeline, keep_going, steer)
            for chunk in chunks if chunk]
    started = time.perf_counter()
    played = transitions = 0
    failures: list[str] = []
    impl = None
    agreed = 1
    found: list[Divergence] = []
    best_by_key: dict[DivergenceKey, Divergence] = {}
    counts: dict[DivergenceKey, int] = {}
    coverage = Coverage()
    bar = _Progress(games, progress)
    stopped = False
    limit = max_failures if keep_going else None

    def handle(kind: str, payload: Any, stop: _Flag) -> None:
        nonlocal played, transitions, impl, agreed, stopped
        if kind == "hello":
            impl = impl or payload["implementation"]
            agreed = payload["protocol"]
        elif kind == "failure":
            failures.append(payload)
        elif kind == "game":
            _, n, div, cov = payload
            played += 1
            coverage.merge(cov)
            transitions += n
            if div is not None and limit is not None and len(best_by_key) >= limit and div.key not in best_by_key:
                div = None  # found after the limit was reached (a game still in flight): not kept
            if div is not None:
                found.append(div)
                counts[div.key] = counts.get(div.key, 0) + 1
                old = best_by_key.get(div.key)
                if old is None or _size(div) < _size(old):
                    best_by_key[div.key] = div
                if limit is not None and len(best_by_key) >= limit:
                    stopped = True
                    stop.set()
            bar.show(played, transitions, len(best_by_key), started)

    if len(jobs) <= 1:
        stop: _Flag = threading.Event()
        for job in jobs:
            _run_games(job, lambda kind, payload: handle(kind, payload, stop), stop)
    else:
        ctx = multiprocessing.get_context("spawn")
        q = ctx.Queue()
        stop = ctx.Event()
        procs = [ctx.Process(target=_process_worker, args=(job, q, stop), daemon=True) for job in jobs]
        for proc in procs:
            proc.start()
        done = 0
        try:
            while done < len(procs):
                try:
                    kind, payload = q.get(timeout=1.0)
                except Exception:  # queue.Empty: check that the workers are alive
                    if not any(proc.is_alive() for proc in procs):
                        break
                    continue
                if kind == "done":
                    done += 1
                else:
                    handle(kind, payload, stop)
        except BaseException:  # Ctrl-C, SIGTERM: the workers go first, so their adapters are
            for proc in procs:  # orphaned to us (a subreaper) and the caller's kill_all sweeps them
                proc.terminate()
            for proc in procs:
                proc.join(5)
            raise
        for proc in procs:
            proc.join(5)
    seconds = time.perf_counter() - started
    bar.show(played, transitions, len(best_by_key), started, final=True)
    best = min(found, key=lambda d: (d.step, d.game)) if found else None
    distinct = [best_by_key[k] for k in sorted(best_by_key)] if keep_going else []
    return FuzzResult(played, transitions, seconds, best, failures, impl, distinct,
                      {k: counts[k] for k in sorted(counts)} if keep_going else {}, agreed,
                      stopped and played < games, coverage)


def _size(d: Divergence) -> tuple[int, int, int]:
    """Smaller is a better example: fewer bytes of state, then earlier in its game."""
    return (len(canonical_text(d.state)), d.step, d.game)


__all__ = ["fuzz", "FuzzResult", "Divergence", "Coverage", "plan_game", "play_request", "compare_v2"]
