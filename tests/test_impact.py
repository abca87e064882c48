"""``referee disputes impact``: the statistics on a toy game with known effects, the command on
MLEM, identical results however the work is spread, and the optional Dask path."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any
from xml.etree import ElementTree

import pytest

from tabletop_referee import impact as im
from tabletop_referee.games import load
from tabletop_referee.games.roles import Impact, Rules, Scoring, Setups, assemble
from tabletop_referee.games.interface import CHANCE, GameInfo, OptionSpec, Transition
from tabletop_referee.impactreport import markdown_summary, text_report

# -- a toy game whose options have known effects ----------------------------------------------------


@dataclass(frozen=True)
class ToySetup:
    players: int
    start: int
    options: tuple[tuple[str, Any], ...]


@dataclass(frozen=True)
class ToyState:
    setup: ToySetup
    scores: tuple[int, ...]
    turn: int = 0
    roll: int | None = None


ROUNDS = 4


class Toy:
    """Players take turns: a die is rolled (chance), then the player keeps it or takes 3.

    Option ``die``: ``standard`` or ``mirrored`` (a roll k counts as 7-k): the same
    distribution, so no effect on any measure, though each game's path changes. Option
    ``bonus``: ``none`` or ``start-player`` (the start player adds 2 to every choice): a strong,
    planted effect on the start player's wins and on the mean score.
    """

    info = GameInfo(id="toy", title="Toy", players=(2, 3), options=(
        OptionSpec("die", ("standard", "mirrored"), "standard", dispute="toy-die"),
        OptionSpec("bonus", ("none", "start-player"), "none", dispute="toy-bonus"),
    ))

    def random_setup(self, rng, *, players=None, options=None, vary=False):
        opts = {"die": "standard", "bonus": "none", **(options or {})}
        n = players or 2
        return ToySetup(n, rng.randrange(n), tuple(sorted(opts.items())))

    def initial_state(self, setup):
        return ToyState(setup, (0,) * setup.players)

    def _player(self, state):
        return (state.setup.start + state.turn) % state.setup.players

    def actors(self, state):
        if state.turn >= ROUNDS * state.setup.players:
            return ()
        return (CHANCE,) if state.roll is None else (self._player(state),)

    def is_over(self, state):
        return not self.actors(state)

    def legal_actions(self, state, player=None):
        if state.roll is None:
            return tuple(("roll", k) for k in range(1, 7))
        return ("keep", "three")

    def chance_outcomes(self, state):
        return tuple((a, Fraction(1, 6)) for a in self.legal_actions(state))

    def apply(self, state, action):
        if isinstance(action, tuple):
            k = action[1]
            mirrored = dict(state.setup.options)["die"] == "mirrored"
            return Transition(replace(state, roll=7 - k if mirrored else k), ())
        p = self._player(state)
        gain = state.roll if action == "keep" else 3
        if dict(state.setup.options)["bonus"] == "start-player" and p == state.setup.start:
            gain += 2
        scores = tuple(s + gain if i == p else s for i, s in enumerate(state.scores))
        return Transition(replace(state, scores=scores, turn=state.turn + 1, roll=None), ())


class ToyRules(Rules):
    def sample_chance(self, state, rng):
        return ("roll", rng.randint(1, 6))


class ToySetups(Setups):
    def with_seating(self, setup, players, start_player):
        return replace(setup, players=players, start=start_player)


class ToyScoring(Scoring):
    def totals(self, state):
        return state.scores

    def winners(self, state):
        best = max(state.scores)
        return tuple(p for p, s in enumerate(state.scores) if s == best)


class ToyImpact(Impact):
    def greedy_action(self, state, rng, player=None):
        return "keep" if state.roll >= 3 else "three"


TOY = assemble(Toy(), partial=True, rules=ToyRules, setups=ToySetups, scoring=ToyScoring, impact=ToyImpact)


def toy_report(dispute: str, *, policy="uniform", games=600, seed=3):
    return im.impact(TOY, disputes=[dispute], games=games, seed=seed, players=2, policy=policy,
                     runner=im.run_serial, chunk=100).to_json()["disputes"][0]


def test_an_option_with_no_effect_gives_intervals_containing_zero():
    d = toy_report("toy-die")
    diff = d["readings"][1]["difference"]
    for name in ("mean_score", "score_spread", "seat_1_wins", "seat_2_wins"):
        assert diff[name]["low"] <= 0 <= diff[name]["high"], (name, diff[name])
        assert not diff[name]["distinguishable"]
    assert diff["mean_score"]["low"] < diff["mean_score"]["high"]  # a real interval: the paths differ
    assert d["readings"][1]["winner_changed"]["rate"] > 0.2
    assert d["distinguishable"] == []


def test_a_planted_strong_effect_is_detected():
    d = toy_report("toy-bonus")
    diff = d["readings"][1]["difference"]
    assert diff["seat_1_wins"]["distinguishable"] and diff["seat_1_wins"]["low"] > 0.1
    assert diff["seat_2_wins"]["high"] < 0
    assert diff["mean_score"]["distinguishable"] and diff["mean_score"]["diff"] == pytest.approx(2 * ROUNDS / 2)
    assert {"mean_score", "seat_1_wins", "seat_2_wins"} <= set(d["distinguishable"])


def test_same_seed_same_report_and_common_random_numbers():
    a = toy_report("toy-bonus", policy="greedy", games=200)
    b = toy_report("toy-bonus", policy="greedy", games=200)
    assert a == b
    # the bonus does not change the dice: the games are paired exactly, so the action counts agree
    assert a["readings"][1]["difference"]["actions"] == {"diff": 0.0, "low": 0.0, "high": 0.0,
                                                         "distinguishable": False}


def test_chunking_does_not_change_the_result():
    one = im.impact(TOY, games=300, seed=5, players=3, policy="uniform", runner=im.run_serial, chunk=300)
    many = im.impact(TOY, games=300, seed=5, players=3, policy="uniform", runner=im.run_serial, chunk=7)
    assert one.to_json() == many.to_json()


def test_statistics_come_from_scipy_and_handle_constant_samples():
    assert im.mean_interval([2.0, 2.0, 2.0]) == {"mean": 2.0, "low": 2.0, "high": 2.0}
    m = im.mean_interval([1.0, 2.0, 3.0, 4.0])
    assert m["low"] < 2.5 < m["high"]
    r = im.proportion_interval(0, 50)
    assert r["low"] == 0 and 0 < r["high"] < 0.1
    d = im.paired_difference([1.0, 2.0, 3.0], [1.0, 2.0, 3.0])
    assert d == {"diff": 0.0, "low": 0.0, "high": 0.0, "distinguishable": False}


# -- MLEM through the command -----------------------------------------------------------------------


def referee(*args: str, check: bool = True) -> subprocess.CompletedProcess:
    cp = subprocess.run([sys.executable, "-m", "tabletop_referee", *args], capture_output=True, text=True,
                        timeout=600)
    if check:
        assert cp.returncode == 0, cp.stderr
    return cp


def test_every_mlem_dispute_with_an_option_is_measured():
    game = load("mlem")
    options = {o.name for o in game.info.options if o.kind == "choice" and len(o.values) > 1}
    disputes = im.disputes_of(game)
    assert {d.option for d in disputes} == options  # new options are picked up without code here
    ids = [d.id for d in disputes]
    assert "dice-selection" in ids and "die-one-rescue" in ids
    ufo = next(d for d in disputes if d.option == "ufo_encounter")
    assert dict(ufo.context) == {"variants": ("ufo",)}


def test_command_prints_a_table_per_dispute_and_json(tmp_path):
    out = tmp_path / "impact.json"
    cp = referee("disputes", "impact", "--game", "mlem", "--games", "8", "--quiet", "--dispute", "dice-selection",
                 "--dispute", "ufo_token_value", "-o", str(out), "--html", str(tmp_path / "i.html"),
                 "--markdown", str(tmp_path / "i.md"))
    assert "dice-selection: One group or several per roll" in cp.stdout
    assert "winner changed" in cp.stdout and "seat 1 wins" in cp.stdout  # human labels, not seat_1_wins
    assert "which disputes matter, largest effect first" in cp.stdout.splitlines()[0]
    doc = json.loads(out.read_text())
    assert doc["format"] == "tabletop-referee/impact/1"
    assert [d["id"] for d in doc["disputes"]] == ["dice-selection", "ufo-token-scoring"]
    assert "<svg" in (tmp_path / "i.html").read_text()
    assert "| measure |" in (tmp_path / "i.md").read_text()
    js = json.loads(referee("disputes", "impact", "--game", "mlem", "--games", "8", "--quiet", "--json",
                            "--dispute", "dice-selection", "--dispute", "ufo_token_value").stdout)
    assert js == doc


def test_bad_dispute_is_one_line_usage_error():
    cp = referee("disputes", "impact", "--game", "mlem", "--dispute", "nonsense", check=False)
    assert cp.returncode == 2
    assert "--dispute nonsense" in cp.stderr and "Traceback" not in cp.stderr
    assert len(cp.stderr.strip().splitlines()) == 1


def test_workers_give_the_same_report_as_one_process():
    kw = dict(disputes=["die-one-rescue", "tie-break"], games=12, seed=4, players=2, policy="greedy", chunk=5)
    serial = im.impact("mlem", runner=im.run_serial, **kw).to_json()
    runner, close = im.local_runner(2)
    try:
        pooled = im.impact("mlem", runner=runner, **kw).to_json()
    finally:
        close()
    assert serial == pooled
    # the two base-game disputes share their default-reading games
    tie, rescue = {d["id"]: d for d in serial["disputes"]}["tie-break"], \
        {d["id"]: d for d in serial["disputes"]}["die-one-rescue"]
    assert tie["readings"][0]["metrics"] == rescue["readings"][0]["metrics"]


def test_mlem_greedy_policy_plays_legal_actions():
    game = load("mlem")
    rng = random.Random(2)
    state = game.initial_state(game.random_setup(random.Random(2), players=3))
    steps = 0
    while not game.is_over(state):
        if game.actors(state) == (CHANCE,):
            action = game.rules.sample_chance(state, rng)
        else:
            action = game.impact.greedy_action(state, rng)
            assert action in game.legal_actions(state)
        state = game.apply(state, action).state
        steps += 1
    assert steps > 10


def test_local_path_never_imports_the_distributed_extra():
    code = ("import sys; from tabletop_referee import impact as im; from tabletop_referee.cli import main; "
            "im.impact('mlem', disputes=['tie-break'], games=2, seed=0, players=2, policy='uniform', "
            "runner=im.run_serial); "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed', 'ray')))")
    cp = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert cp.returncode == 0, cp.stderr
    assert cp.stdout.strip() == "[]"


def test_dask_backend_gives_the_local_result(tmp_path):
    pytest.importorskip("distributed")
    common = ["disputes", "impact", "--game", "mlem", "--games", "6", "--seed", "9", "--quiet", "--json",
              "--dispute", "game_end", "--dispute", "ufo_encounter", "--chunk", "4"]
    local = json.loads(referee(*common).stdout)
    dask = json.loads(referee(*common, "--backend", "dask", "--workers", "2").stdout)
    assert dask == local


def test_text_and_markdown_render_a_report():
    doc = im.impact(TOY, games=50, seed=1, players=2, policy="uniform", runner=im.run_serial).to_json()
    text = text_report(doc)
    assert "toy-bonus" in text and "difference (start-player)" in text
    md = markdown_summary(doc, doc["disputes"][0])
    assert md.count("<svg") == 2 and "| measure |" in md
    for chunk in md.split("<svg")[1:]:  # each chart is well-formed SVG
        ElementTree.fromstring("<svg" + chunk.split("</svg>")[0] + "</svg>")


# -- sharing each game's path with the default reading's (impact.play_group) ----------------------


@pytest.mark.parametrize("game_id, policy", [("mlem", "greedy"), ("mlem", "uniform"),
                                             ("celestia", "greedy"), ("seven-knights", "greedy")])
def test_sharing_paths_gives_the_very_report_of_playing_every_game(game_id, policy):
    kw = dict(games=10, seed=11, players=None, policy=policy, runner=im.run_serial, chunk=4)
    shared = im.impact(game_id, **kw)
    alone = im.impact(game_id, share=False, **kw)
    assert shared.to_json() == alone.to_json()
    assert alone.actions_played == alone.actions == shared.actions
    if game_id == "mlem":  # most MLEM readings leave the default's path late or never
        assert shared.actions_played < 0.75 * shared.actions, (shared.actions_played, shared.actions)


@dataclass(frozen=True, slots=True)
class LateOptions:
    last: str = "plain"
    """``doubled``: the last turn's gain counts twice (read only then)."""
    start_bonus: str = "none"
    """``plus-one``: every score starts at 1 (read once, by the start state)."""


@dataclass(frozen=True)
class LateState:
    players: int
    start: int
    options: LateOptions
    scores: tuple[int, ...]
    turn: int = 0
    roll: int | None = None


class Late(Toy):
    """The toy game with its options in the state: ``last`` is read only on the last turn,
    ``start_bonus`` only when the start state is built (its readings' starts differ)."""

    info = GameInfo(id="late", title="Late", players=(2, 3), options=(
        OptionSpec("last", ("plain", "doubled"), "plain", dispute="late-last"),
        OptionSpec("start_bonus", ("none", "plus-one"), "none", dispute="late-start"),
    ))

    def random_setup(self, rng, *, players=None, options=None, vary=False):
        n = players or 2
        return ToySetup(n, rng.randrange(n), tuple(sorted((options or {}).items())))

    def initial_state(self, setup):
        options = LateOptions(**dict(setup.options))
        first = 1 if options.start_bonus == "plus-one" else 0
        return LateState(setup.players, setup.start, options, (first,) * setup.players)

    def _player(self, state):
        return (state.start + state.turn) % state.players

    def actors(self, state):
        if state.turn >= ROUNDS * state.players:
            return ()
        return (CHANCE,) if state.roll is None else (self._player(state),)

    def apply(self, state, action):
        if isinstance(action, tuple):
            return Transition(replace(state, roll=action[1]), ())
        p = self._player(state)
        gain = state.roll if action == "keep" else 3
        if state.turn == ROUNDS * state.players - 1 and state.options.last == "doubled":
            gain *= 2
        scores = tuple(s + gain if i == p else s for i, s in enumerate(state.scores))
        return Transition(replace(state, scores=scores, turn=state.turn + 1, roll=None), ())


LATE = assemble(Late(), partial=True, rules=ToyRules, setups=ToySetups, scoring=ToyScoring, impact=ToyImpact)


def test_a_reading_read_late_shares_the_path_and_one_that_changes_the_start_does_not():
    kw = dict(games=200, seed=2, players=2, policy="uniform", runner=im.run_serial, chunk=30)
    for dispute, shares in (("late-last", True), ("late-start", False)):
        shared = im.impact(LATE, disputes=[dispute], **kw)
        alone = im.impact(LATE, disputes=[dispute], share=False, **kw)
        assert shared.to_json() == alone.to_json(), dispute
        per_reading = shared.actions // 2
        if shares:  # the other reading plays only the last turn's decision and what follows
            assert shared.actions_played - per_reading < per_reading / 5, (dispute, shared.actions_played)
            assert shared.to_json()["disputes"][0]["readings"][1]["difference"]["mean_score"]["distinguishable"]
        else:  # its start state differs beyond the options: played from its own start
            assert shared.actions_played == shared.actions, dispute


def test_seven_knights_measures_which_team_wins_and_says_so_in_words():
    """Seven Knights' team-win measures (rounds won by the Knights team, by the Witch team) are
    in the report with human labels, and a difference in one reads as a sentence in the summary
    (before, the game computed them but the report left them out)."""
    from tabletop_referee import impactreport

    doc = im.impact("seven-knights", disputes=["captain-check-order"], games=30, seed=3, players=None,
                    policy="greedy", runner=im.run_serial).to_json()
    section = doc["disputes"][0]
    default = next(r for r in section["readings"] if r["default"])
    assert {"knights_rounds", "witch_rounds"} <= set(default["metrics"])
    rounds = default["metrics"]["knights_rounds"]["mean"] + default["metrics"]["witch_rounds"]["mean"]
    assert 0 < rounds <= 3  # three rounds, each won by one side or by nobody
    detail = impactreport.text_report(doc).split("In detail:")[1]
    assert "rounds won by the Knights team" in detail and "knights_rounds" not in detail
    # a distinguishable change of the Knights' rounds reads as a sentence, in the team's words
    other = next(r for r in section["readings"] if not r["default"])
    other["difference"]["knights_rounds"] = {"diff": 0.5, "low": 0.2, "high": 0.8, "distinguishable": True}
    summary = impactreport.text_report(doc).split("In detail:")[0]
    assert "“rounds won by the Knights team” goes up by 0.500" in summary, summary
