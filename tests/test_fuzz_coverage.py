"""`referee fuzz` reports clause coverage (issue 27): the clauses the compared transitions
exercised (events and probe rejections naming them), how often and in how many games, and the
spec's clauses never reached."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from tabletop_referee.conformance.client import default_command
from tabletop_referee.conformance.fuzz import fuzz, plan_game
from tabletop_referee.errors import RefereeError
from tabletop_referee.games import load
from tabletop_referee.spec import load_spec

REPO = Path(__file__).resolve().parents[1]


def test_coverage_counts_the_events_and_rejections_of_the_games_played():
    g = load("mlem")
    result = fuzz(default_command("mlem"), game="mlem", games=3, seed=4, timeout=120)
    assert result.divergence is None and result.games == 3
    # the same games planned here (the reference adapter announces everything): counted by hand
    events: Counter[str] = Counter()
    rejections: Counter[str] = Counter()
    games: Counter[str] = Counter()
    for i in range(3):
        plan = plan_game(g, i, 4, None, True, variants=g.info.variants, observations=True)
        seen = set()
        for st in plan.steps:
            for e in st.transition.events:
                events[e.clause] += 1
                seen.add(e.clause)
            if st.probe_expected is not None and "rejected" in st.probe_expected:
                rejections[st.probe_expected["rejected"]["clause"]] += 1
                seen.add(st.probe_expected["rejected"]["clause"])
        games.update(seen)
    assert sum(events.values()) > 0 and sum(rejections.values()) > 0
    assert result.coverage.events == dict(events)
    assert result.coverage.rejections == dict(rejections)
    assert result.coverage.games == dict(games)


def test_fuzz_json_lists_reached_and_unreached_clauses():
    proc = subprocess.run([sys.executable, "-m", "tabletop_referee", "fuzz", "--game", "celestia", "--games", "2",
                           "--seed", "1", "--timeout", "120", "--json"], capture_output=True, text=True, cwd=REPO, timeout=600)
    assert proc.returncode == 0, proc.stderr
    cov = json.loads(proc.stdout)["coverage"]
    ids = [c.id for c in load_spec("celestia").clauses]
    assert cov["total"] == len(ids)
    assert set(cov["clauses"]) | set(cov["unreached"]) >= set(ids)
    assert not set(cov["clauses"]) & set(cov["unreached"])
    assert cov["reached"] == len(set(cov["clauses"]) & set(ids)) > 0
    assert "components.dice" in cov["unreached"]  # a component, never named by an event
    assert all(c["games"] >= 1 and c["events"] + c["rejections"] >= c["games"] for c in cov["clauses"].values())
    assert f"clause coverage: {cov['reached']} of {cov['total']} clauses" in proc.stderr


def test_steering_takes_the_candidate_naming_the_rarest_clause():
    from tabletop_referee.conformance.fuzz import STEER_CANDIDATES, Coverage, _steered
    from tabletop_referee.games.interface import CHANCE

    g = load("mlem")
    plan = plan_game(g, 0, 1, None, True, variants=g.info.variants)
    tried = 0
    for st in plan.steps:
        actors = g.actors(st.state)
        if actors == (CHANCE,) or len(actors) != 1 or len(st.legal) < 2:
            continue
        candidates = random.Random(7).sample(list(st.legal), min(STEER_CANDIDATES, len(st.legal)))
        fired = [{e.clause for e in g.apply(st.state, a).events} for a in candidates]
        rare = next((c for f in fired for c in f if sum(c in other for other in fired) == 1), None)
        if rare is None:  # every clause fired by several candidates: nothing to prefer
            continue
        steer = Coverage(events={c: 100 for f in fired for c in f})
        steer.events[rare] = 0
        action, t = _steered(g, random.Random(7), st.state, st.legal, steer)
        assert rare in {e.clause for e in t.events}, (rare, action)
        assert t == g.apply(st.state, action)
        tried += 1
    assert tried >= 3


def test_steering_sends_the_probe_of_the_rarest_shape():
    """A probe's shape is its rejection clause with its type and the fields it sets: a move using
    a Die-1 astronaut counts apart from the same move without; of the probes drawn, the one of
    the shape reached least is sent, whatever the clause counts say."""
    from tabletop_referee.conformance.fuzz import STEER_CANDIDATES, Coverage, _probe, _probe_shape, _reference_apply

    move = {"type": "move", "player": 0, "faces": ["2"], "die_one": []}
    assert _probe_shape(move, "travel.roll") != _probe_shape({**move, "die_one": [0]}, "travel.roll")
    assert _probe_shape(move, "travel.roll") != _probe_shape(move, "turn.actor")
    g = load("mlem")
    plan = plan_game(g, 0, 1, None, True, variants=g.info.variants)
    tried = 0
    for st in plan.steps:
        draws = random.Random(7)
        drawn = [g.probes.illegal_probe(st.state, st.action, draws) for _ in range(STEER_CANDIDATES)]
        try:
            answers = [_reference_apply(g, st.state, g.action_from_json(d)) for d in drawn]
        except (RefereeError, TypeError):  # a probe not even readable (or none): _probe skips it
            continue
        shapes = [_probe_shape(d, a["rejected"]["clause"]) for d, a in zip(drawn, answers) if "rejected" in a]
        # a shape drawn once and not first: the clause counts alone would send the first
        rare = next((sh for sh in shapes[1:] if shapes.count(sh) == 1), None)
        if rare is None:
            continue
        steer = Coverage(rejections={a["rejected"]["clause"]: 5 for a in answers if "rejected" in a},
                         shapes={sh: 100 for sh in shapes})
        steer.shapes[rare] = 0
        probe, expected = _probe(g, random.Random(7), st.state, st.action, steer)
        assert probe is not None and expected is not None and "rejected" in expected
        assert _probe_shape(probe, expected["rejected"]["clause"]) == rare
        tried += 1
        if tried >= 10:
            break
    assert tried >= 3


def test_a_steered_run_against_the_reference_finds_nothing_and_reports_coverage():
    proc = subprocess.run([sys.executable, "-m", "tabletop_referee", "fuzz", "--game", "mlem", "--games", "3",
                           "--seed", "2", "--steer", "--timeout", "120", "--json"], capture_output=True, text=True, cwd=REPO, timeout=600)
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(proc.stdout)
    assert doc["steer"] is True and doc["divergences"] == [] and doc["coverage"]["reached"] > 0


def test_steering_at_a_chance_node_takes_the_outcome_closest_to_a_threshold():
    from tabletop_referee.conformance.fuzz import STEER_CANDIDATES, _closer
    from tabletop_referee.games.interface import CHANCE

    g = load("celestia")
    steps = [st for game in range(4) for st in plan_game(g, game, 3, None, True).steps]
    tried = 0
    for st in steps:
        if g.actors(st.state) != (CHANCE,) or not g.probes.thresholds(st.state):
            continue
        draws = random.Random(7)
        drawn = [g.rules.sample_chance(st.state, draws) for _ in range(STEER_CANDIDATES)]
        near = [min(g.probes.thresholds(g.apply(st.state, o).state), default=float("inf")) for o in drawn]
        outcome, t = _closer(g, random.Random(7), st.state)
        assert outcome == drawn[near.index(min(near))] and t == g.apply(st.state, outcome)
        tried += len(set(near)) > 1  # the draws differed in how close they came
    assert tried >= 3


def test_a_steered_game_may_resume_from_a_saved_position_and_runs_are_reproducible():
    from tabletop_referee.conformance.fuzz import Coverage, play_request

    g = load("celestia")

    def run() -> tuple[Coverage, list]:
        steer = Coverage()
        return steer, [plan_game(g, i, 5, None, True, steer=steer) for i in range(8)]

    steer, plans = run()
    assert [play_request(g, p) for p in plans] == [play_request(g, p) for p in run()[1]]
    assert steer.saved and [s[0] for s in steer.saved] == sorted(s[0] for s in steer.saved)
    resumed = 0
    for i, p in enumerate(plans):
        for origin in plans[:i]:  # a resumed game shares its first positions with the game that saved them
            shared = next((k for k, (a, b) in enumerate(zip(p.steps, origin.steps)) if a.state is not b.state),
                          min(len(p.steps), len(origin.steps)))
            if shared:
                assert p.setup == origin.setup and shared < len(p.steps)
                assert [st.action for st in p.steps[:shared - 1]] == [st.action for st in origin.steps[:shared - 1]]
                resumed += 1
    assert resumed >= 1


PLANTED = REPO / "benchmarks" / "planted"


@pytest.mark.parametrize("adapter, game, seed", [
    ("die_one_unrolled", "mlem", 2),
    ("celestia_fifty_exactly", "celestia", 3),
    ("keep_dice_no_arrival", "mlem", 2),
])
def test_a_steered_run_finds_each_rare_planted_bug(adapter, game, seed):
    """benchmarks/fuzz_steering.py's rare bugs, each found by a steered run within 20 games (for
    this seed; how many games random play needs is the benchmark's business, not a test's)."""
    r = fuzz([sys.executable, str(PLANTED / f"{adapter}.py")], game=game, games=20, seed=seed,
             keep_going=True, max_failures=1, steer=True, timeout=120)
    assert not r.adapter_failures and len(r.divergences) == 1, r.adapter_failures
    d = r.divergences[0]
    if adapter == "die_one_unrolled":  # an illegal probe naming an unrolled face is accepted
        assert d.kind == "rejection" and "rejected" not in d.actual and d.action["die_one"]
        assert set(d.action["faces"]) - {"1"} - set(d.state["rocket"]["roll"])
    elif adapter == "celestia_fifty_exactly":  # the draw that makes exactly 50 misses the target
        assert d.kind == "apply"
        assert any(e["type"] == "target" and e["total"] == 50 for e in d.expected["events"])
    else:  # keep-dice offered in an expedition without an arrival token
        assert d.key == ("legal_actions", "/actions", "extra move")
        extra = [a for a in d.actual if a not in d.expected]
        assert extra and all(a["ability"] == "keep-dice" for a in extra)
        assert d.state["ufo"]["arrival"] is None
