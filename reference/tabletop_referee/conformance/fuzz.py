"""Differential fuzzing: random games with the reference engine as the oracle.

Each game starts from a random setup (player count, board, the variants and rule options the
adapter announces: each announced variant is on in about half the games); at every step the
adapter is given the reference's own state, asked for its legal actions and for the result of
one action (a random legal one, and now and then a near-legal illegal one whose rejection
clause is compared: ``Game.near_legal_actions``), at chance nodes the probability of each
outcome when the adapter has ``chance-probabilities``, and with the
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

import multiprocessing
import random
import time
from dataclasses import dataclass, field
from typing import Any

from ..documents import canonical_text
from ..errors import IllegalAction, RefereeError
from ..games import load
from ..games.interface import CHANCE, Game
from ..sampler import choose
from .client import AdapterFailure, AdapterProcess
from .compare import first_difference


@dataclass
class Divergence:
    game_id: str
    game: int
    step: int
    kind: str
    """``new_game``, ``legal_actions``, ``chance``, ``apply``, ``events``, ``rejection`` or ``observe``."""
    message: str
    setup: dict
    state: dict
    action: dict | None
    expected: Any
    actual: Any
    history: list[dict] = field(default_factory=list)

    def to_vector(self, seed: int) -> dict:
        """A vector that reruns this divergence from the state just before it."""
        game = load(self.game_id)
        fallback = game.fallback_clause
        if self.kind == "legal_actions":
            steps: list[dict] = []
            expect: dict = {"legal_actions": {"actions": self.expected}}
            clauses = [fallback]
        elif self.kind == "observe":
            steps = []
            player = self.expected["observer"]
            expect = {"values": [{"pointer": f"/observations/{player}", "value": self.expected}]}
            clauses = [game.observation_clause]
        elif self.kind == "events":
            steps = [{"action": self.action}]
            # every event as a pattern: a missing or different event reruns; an order-only
            # difference cannot be said in a vector (patterns match in any order)
            expect = {"state": self.expected["state"], "events": self.expected["events"]}
            clauses = sorted({e["clause"] for e in self.expected["events"]}) or [fallback]
        elif self.kind == "chance":
            steps = []
            expect = {"chance": self.expected}
            clauses = [game.chance_clause]
        elif "rejected" in self.expected:
            steps = [{"action": self.action}]
            clauses = [self.expected["rejected"]["clause"]]
            expect = {"rejected": {"step": 0, "clause": clauses[0]}}
        else:
            steps = [{"action": self.action}]
            expect = {"state": self.expected["state"]}
            clauses = sorted({e["clause"] for e in self.expected.get("events", [])}) or [fallback]
        custom = game.uses_custom_data(self.state)
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


def _where(expected_state: dict, resp: dict) -> str:
    if "state" not in resp:
        return f"answered {str(resp)[:200]}"
    d = first_difference(expected_state, resp["state"])
    return f"state differs at {d.pointer or '/'}: {d.message}" if d else "same state"


def _events_difference(expected: list[dict], actual) -> str:
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


def _legal_texts(actions: list[dict]) -> list[str]:
    return sorted(canonical_text(a) for a in actions)


def _illegal_variant(game: Game, rng: random.Random, state: Any, action) -> dict | None:
    """A plausible but illegal action: the right kind from the wrong player, or one of the
    game's near-legal actions (``Game.near_legal_actions``: a field changed, a die more...)."""
    candidates = list(game.near_legal_actions(state, rng))
    doc = game.action_to_json(action)
    players = game.player_count(state)
    if "player" in doc and players >= 2:
        doc["player"] = (doc["player"] + rng.randrange(1, players)) % players
        candidates.append(doc)
    return rng.choice(candidates) if candidates else None



def play_game(game_def: Game, adapter: AdapterProcess, game: int, seed: int, supported, custom_boards: bool,
              max_steps: int = 2000, variants: list[str] | tuple[str, ...] = (),
              observations: bool = False, events: bool = False,
              probabilities: bool = False) -> tuple[int, Divergence | None]:
    """Plays one game; returns (transitions compared, first divergence or None)."""
    g = game_def
    gid = g.info.id
    rng = random.Random(f"{seed}:{game}")
    setup_doc = g.fuzz_setup(rng, supported, custom_boards, variants)
    state = g.initial_state(g.setup_from_json(setup_doc))
    expected_doc = g.state_to_json(state)
    resp = adapter.request("new_game", game=gid, setup=setup_doc)
    if resp.get("state") != expected_doc:
        return 0, Divergence(gid, game, 0, "new_game", f"new_game: {_where(expected_doc, resp)}", setup_doc,
                             expected_doc, None, {"state": expected_doc}, resp)
    compared = 0
    for step in range(max_steps):
        if g.is_over(state):
            break
        doc = g.state_to_json(state)
        actors = g.actors(state)
        if len(actors) > 1:
            player = rng.choice(actors)
            legal = g.legal_actions(state, player)
            resp = adapter.request("legal_actions", game=gid, state=doc, player=player)
        else:
            legal = g.legal_actions(state)
            resp = adapter.request("legal_actions", game=gid, state=doc)
        expected_legal = [g.action_to_json(a) for a in legal]
        if _legal_texts(resp.get("actions", [])) != _legal_texts(expected_legal):
            extra = sorted(set(_legal_texts(resp.get("actions", []))) - set(_legal_texts(expected_legal)))
            missing = sorted(set(_legal_texts(expected_legal)) - set(_legal_texts(resp.get("actions", []))))
            msg = f"legal actions differ: missing {missing[:3]}, extra {extra[:3]}"
            if "actions" not in resp:
                msg = f"legal_actions answered {str(resp)[:200]}"
            return compared, Divergence(gid, game, step, "legal_actions", msg, setup_doc, doc, None,
                                        expected_legal, resp.get("actions", resp))
        if probabilities and actors == (CHANCE,):  # both sides announce them: compare the odds
            outcomes = g.chance_outcomes(state)
            want = {canonical_text(g.action_to_json(a)): f"{p.numerator}/{p.denominator}" for a, p in outcomes}
            probs = resp.get("probabilities")
            got = dict(zip((canonical_text(a) for a in resp["actions"]), probs)) if isinstance(probs, list) else None
            if got != want:
                where = first_difference(want, got) if got is not None else None
                msg = (f"chance probabilities differ at {where.pointer}: {where.message}" if where
                       else f"legal_actions at a chance node has no probabilities ({str(resp)[:200]})")
                return compared, Divergence(
                    gid, game, step, "chance", msg, setup_doc, doc, None,
                    {"outcomes": [g.action_to_json(a) for a, _p in outcomes],
                     "probabilities": [f"{p.numerator}/{p.denominator}" for _a, p in outcomes]}, probs)
        if observations and g.hides_anything(state):
            player = rng.randrange(g.player_count(state))
            expected_obs = g.observation_to_json(state, player)
            resp = adapter.request("observe", game=gid, state=doc, player=player)
            if resp.get("observation") != expected_obs:
                where = first_difference(expected_obs, resp["observation"]) if "observation" in resp else None
                msg = (f"observation of player {player}: differs at {where.pointer or '/'}: {where.message}"
                       if where else f"observe answered {str(resp)[:200]}")
                return compared, Divergence(gid, game, step, "observe", msg, setup_doc, doc, None,
                                            expected_obs, resp.get("observation", resp))
        action = rng.choice(legal) if len(actors) > 1 else choose(g, rng, state)
        if rng.random() < 0.1:
            bad = _illegal_variant(g, rng, state, action)
            try:
                parsed = g.action_from_json(bad) if bad is not None else None
            except RefereeError:  # not even a readable action: not what this check compares
                parsed = None
            if parsed is not None:
                reference = _reference_apply(g, state, parsed)
                resp = adapter.request("apply", game=gid, state=doc, action=bad)
                if "rejected" in reference and resp.get("rejected", {}).get("clause") != reference["rejected"]["clause"]:
                    return compared, Divergence(
                        gid, game, step, "rejection",
                        f"illegal action {canonical_text(bad)}: expected rejection under "
                        f"{reference['rejected']['clause']}, got {str(resp)[:200]}",
                        setup_doc, doc, bad, reference, resp)
        t = g.apply(state, action)
        action_doc = g.action_to_json(action)
        resp = adapter.request("apply", game=gid, state=doc, action=action_doc)
        expected_next = g.state_to_json(t.state)
        compared += 1
        expected_events = [g.event_to_json(e) for e in t.events]
        if resp.get("state") != expected_next:
            return compared, Divergence(
                gid, game, step, "apply", f"apply {canonical_text(action_doc)}: {_where(expected_next, resp)}",
                setup_doc, doc, action_doc, {"state": expected_next, "events": expected_events}, resp)
        if events and resp.get("events") != expected_events:
            return compared, Divergence(
                gid, game, step, "events",
                f"apply {canonical_text(action_doc)}: {_events_difference(expected_events, resp.get('events'))}",
                setup_doc, doc, action_doc, {"state": expected_next, "events": expected_events},
                resp.get("events"))
        state = t.state
    return compared, None


def _reference_apply(game: Game, state: Any, action) -> dict:
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
    adapter_failures: list[str]
    implementation: dict | None


def _worker(args) -> tuple[int, int, Divergence | None, list[str], dict | None]:
    argv, game_id, games, seed, timeout = args
    game_def = load(game_id)
    adapter = AdapterProcess(argv, timeout=timeout)
    failures: list[str] = []
    best: Divergence | None = None
    transitions = played = 0
    try:
        hello = adapter.start()
    except Exception as exc:  # AdapterStartError and friends: reported, not raised across processes
        return 0, 0, None, [f"adapter could not start: {exc}"], None
    info = (hello.get("implementation") or {}).get("games", {}).get(game_id)
    if info is None:
        adapter.stop()
        return 0, 0, None, [f"the adapter does not declare the game {game_id}"], hello.get("implementation")
    supported = info.get("options") or {}
    variants = [v for v in (info.get("variants") or []) if v in game_def.info.variants]
    custom = "custom-boards" in (hello.get("capabilities") or [])
    observations = "observations" in (hello.get("capabilities") or [])
    events = "events" in (hello.get("capabilities") or [])
    probabilities = "chance-probabilities" in (hello.get("capabilities") or [])
    for game in games:
        try:
            n, div = play_game(game_def, adapter, game, seed, supported, custom, variants=variants,
                               observations=observations, events=events, probabilities=probabilities)
        except AdapterFailure as exc:
            failures.append(f"game {game}: {type(exc).__name__}: {exc}")
            adapter.ensure_running()
            continue
        transitions += n
        played += 1
        if div is not None and (best is None or (div.step, div.game) < (best.step, best.game)):
            best = div
    adapter.stop()
    return played, transitions, best, failures, hello.get("implementation")


def fuzz(argv: list[str], *, game: str, games: int, seed: int, workers: int = 1,
         timeout: float = 10.0) -> FuzzResult:
    """Plays ``games`` differential games of ``game`` against the adapter ``argv``."""
    chunks = [list(range(i, games, workers)) for i in range(workers)]
    started = time.perf_counter()
    jobs = [(argv, game, chunk, seed, timeout) for chunk in chunks if chunk]
    if workers == 1:
        results = [_worker(jobs[0])] if jobs else []
    else:
        with multiprocessing.get_context("spawn").Pool(len(jobs)) as pool:
            results = pool.map(_worker, jobs)
    seconds = time.perf_counter() - started
    played = sum(r[0] for r in results)
    transitions = sum(r[1] for r in results)
    divergences = [r[2] for r in results if r[2] is not None]
    best = min(divergences, key=lambda d: (d.step, d.game)) if divergences else None
    failures = [f for r in results for f in r[3]]
    impl = next((r[4] for r in results if r[4]), None)
    return FuzzResult(played, transitions, seconds, best, failures, impl)


__all__ = ["fuzz", "FuzzResult", "Divergence"]
