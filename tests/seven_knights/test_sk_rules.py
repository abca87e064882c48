"""Rule areas other than questions: setup and modes, the deal, inspection and bewitching,
recommendation, the captain, command, settlement, rounds and the end of the game."""

from __future__ import annotations

from fractions import Fraction
from math import perm
from pathlib import Path

import pytest
import yaml
from sk_helpers import GAME, act, play, position

from tabletop_referee.errors import IllegalAction
from tabletop_referee.games.seven_knights import engine, interchange
from tabletop_referee.games.seven_knights.model import HIDDEN, WITCH, Deal, Options, Setup
from tabletop_referee.games.seven_knights.rules import captain, settlement

SPEC = Path(__file__).resolve().parents[2] / "spec" / "seven-knights"


def refused(state, text, player=None):
    with pytest.raises(IllegalAction) as exc:
        act(state, text, player)
    return exc.value


def setup_refusal(players, **options):
    with pytest.raises(IllegalAction) as exc:
        engine.initial_state(interchange.standard_setup(players, **options))
    return exc.value.clause


# -- setup and modes ------------------------------------------------------------------------


def test_player_limits_per_mode():
    assert setup_refusal(9) == "setup.player-count"
    assert setup_refusal(2) == "setup.player-count"
    assert setup_refusal(5, variant="darkness") == "modes.player-limits"
    assert setup_refusal(8, variant="advanced") == "modes.player-limits"
    assert setup_refusal(8, cooperative=True) == "modes.player-limits"
    assert setup_refusal(3, three_player_standard="refused") == "modes.three-player-standard"


def test_the_first_player_may_be_drawn_by_chance():
    s = engine.initial_state(interchange.standard_setup(5, first_player=None))
    assert s.phase == "first-player" and GAME.actors(s) == ("chance",)
    outcomes = GAME.chance_outcomes(s)
    assert [a.seat for a, _ in outcomes] == [0, 1, 2, 3, 4]
    assert {p for _, p in outcomes} == {Fraction(1, 5)}
    t = GAME.apply(s, outcomes[3][0])
    assert [e.type for e in t.events] == ["first-player-drawn"]
    assert (t.state.phase, t.state.first_player) == ("deal", 3)
    assert GAME.rules.state_problems(t.state) == [] and GAME.rules.state_problems(s) == []
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, GAME.notation.parse_action("first 5", s))
    assert exc.value.clause == "setup.first-player"
    named = engine.initial_state(interchange.standard_setup(5, first_player=2))
    assert named.phase == "deal" and named.first_player == 2
    assert setup_refusal(5, first_player=5) == "setup.first-player"


def test_three_player_standard_is_played_as_darkness():
    s = engine.initial_state(interchange.standard_setup(3))
    assert s.setup.tiles.knights_to_players and s.setup.tiles.centre == 3
    assert engine.play_mode(s.setup) == "darkness"


@pytest.mark.parametrize(("players", "variant", "coop", "pool", "centre"), [
    (4, "standard", False, (0, 1, 2, 3, 4), 1),
    (5, "standard", False, (0, 1, 2, 3, 4, 5), 1),
    (6, "standard", False, (0, 1, 2, 3, 4, 5), 0),
    (8, "standard", False, (0, 1, 2, 3, 4, 5, 6, 7), 0),
    (4, "standard", True, (1, 2, 3, 4, 5), 1),
    (5, "advanced", False, (0, 1, 2, 3, 4, 5, 6, 7), 1),
    (7, "advanced", True, (1, 2, 3, 4, 5, 6, 7), 0),
    (4, "darkness", False, (0, 1, 2, 3, 4, 5, 6, 7), 3),
    (3, "darkness", True, (1, 2, 3, 4, 5, 6, 7), 4),
])
def test_tile_data_comes_from_tiles_yaml(players, variant, coop, pool, centre):
    t = interchange.load_tiles(players, Options(variant=variant, cooperative=coop))
    assert (t.pool, t.centre) == (pool, centre)


def test_the_score_table_matches_scoring_yaml():
    doc = yaml.safe_load((SPEC / "scoring.yaml").read_text(encoding="utf-8"))
    for table, fixed in (("standard_rules", False), ("fixed_score", True)):
        for rnd, row in doc["points"][table].items():
            assert settlement.points_each("knights", rnd, fixed) == row["knights"]
            assert settlement.points_each("witch", rnd, fixed) == row["witch"]


# -- the deal -------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "options", "count"), [
    (4, {}, perm(5, 5)),
    (6, {}, perm(6, 6)),
    (5, {"variant": "advanced"}, perm(8, 6)),
    (3, {"variant": "darkness"}, perm(7, 3) * perm(5, 3)),
    (4, {"variant": "darkness", "cooperative": True}, perm(7, 4) * perm(3, 3)),
])
def test_deals_are_equally_likely_and_exact(players, options, count):
    s = engine.initial_state(interchange.standard_setup(players, **options))
    outcomes = GAME.chance_outcomes(s)
    assert len(outcomes) == count
    assert len({a for a, _ in outcomes}) == count
    assert all(p == Fraction(1, count) for _, p in outcomes)
    assert sum(p for _, p in outcomes) == 1
    if s.setup.tiles.knights_to_players:
        assert all(WITCH not in a.values[:players] for a, _ in outcomes)


def test_a_deal_outside_the_tile_data_is_refused():
    s = engine.initial_state(interchange.standard_setup(4))
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, Deal((1, 2, 3, 4, 5)))  # 5 is a face-up leftover with 4 players
    assert exc.value.clause == "deal.shuffle-chance"
    d = engine.initial_state(interchange.standard_setup(4, variant="darkness"))
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(d, Deal((WITCH, 1, 2, 3, 4, 5, 6)))
    assert exc.value.clause == "deal.darkness"


# -- inspection and bewitching ----------------------------------------------------------------


def test_inspection_turns_and_targets():
    s = position(players=4, first_player=2, deal=[3, 1, "W", 2, 4])
    assert GAME.actors(s) == (2,)
    assert [a.tile for a in GAME.legal_actions(s)] == [0, 1, 3, 8]
    assert refused(s, "inspect 2").clause == "inspection.not-own"
    assert refused(s, "inspect c1").clause == "inspection.target-exists"
    assert refused(s, "inspect 0", 3).clause == "turn.actor"
    s = play(s, "inspect 1")
    assert GAME.actors(s) == (3,)


def test_darkness_has_two_laps_of_different_targets():
    s = position(players=3, options={"variant": "darkness"}, deal=[5, 2, 7, "W", 1, 4])
    assert refused(s, "inspect c0").clause == "inspection.darkness-first-lap"
    s = play(s, "inspect 1", "inspect 2", "inspect 0")
    assert s.phase == "inspect" and GAME.actors(s) == (0,)
    assert refused(s, "inspect 1").clause == "inspection.darkness-second-lap"
    t = act(s, "inspect c0")
    assert [e.type for e in t.events] == ["inspected", "bewitched"]
    s = play(t.state, "inspect c1", "inspect c2")
    assert s.phase == "ask"


def test_seeing_the_witch_bewitches_at_once():
    s = position(players=4, deal=[3, 1, "W", 2, 4])
    t = act(s, "inspect 2")
    assert t.events[-1].type == "bewitched" and t.events[-1].clause == "bewitch.on-sight"
    assert engine.witch_team(t.state) == frozenset({0, 2})


# -- recommendation -------------------------------------------------------------------------

# 4 players: p0=3 p1=1 p2=W p3=2 c0=4; p3 inspects the Witch.
ASKED = dict(players=4, deal=[3, 1, "W", 2, 4], inspections=[1, "c0", 0, 2],
             questions=["ask 1 1,2,3 on c0 -> no", "ask 2 1,2 on 2 -> yes",
                        "ask 3 2 -> yes", "ask 0 1 on 0 -> no"])


def test_recommendation_is_simultaneous_and_secret():
    s = position(**ASKED)
    assert s.phase == "recommend" and GAME.actors(s) == (0, 1, 2, 3)
    s = act(s, "recommend 1", 0).state
    assert GAME.actors(s) == (1, 2, 3)
    assert GAME.observe(s, 1).recommendations == (HIDDEN, None, None, None)
    assert GAME.observe(s, 0).recommendations == (1, None, None, None)
    assert GAME.legal_actions(s, 0) == (GAME.notation.parse_action("withdraw", s, 0),)
    assert refused(s, "recommend 2", 0).clause == "recommendation.change"
    s = act(s, "withdraw", 0).state
    assert GAME.actors(s) == (0, 1, 2, 3)
    s = play(s, "recommend 0 player:0", "recommend 0 player:1", "recommend 2 player:2")
    t = act(s, "recommend 3", 3)
    types = [e.type for e in t.events]
    assert types[:3] == ["recommended", "recommendations-revealed", "captain-appointed"]
    assert GAME.observe(t.state, 1).recommendations == (0, 0, 2, 3)
    assert refused(t.state, "withdraw", 0).clause in ("turn.phase-kind", "recommendation.change")


@pytest.mark.parametrize(("rule", "holder_to_inspector", "between_inspectors"), [
    ("all-pairs", False, False),
    ("witch-pairs", False, True),
])
def test_witch_team_recommendations(rule, holder_to_inspector, between_inspectors):
    # 5 players: p0=3 p1=1 p2=W p3=2 p4=5, c0=4; p3 and p4 both inspect the Witch
    s = position(players=5, options={"witch_team_recommendation": rule},
                 deal=[3, 1, "W", 2, 5, 4], inspections=[1, "c0", 0, 2, 2],
                 questions=["ask 1 4 on c0 -> yes", "ask 2 3 on 0 -> yes", "ask 3 1 -> no",
                            "ask 4 5 -> yes", "ask 0 3 -> yes"])
    assert (GAME.notation.parse_action("recommend 3", s, 2) in GAME.legal_actions(s, 2)) is holder_to_inspector
    assert (GAME.notation.parse_action("recommend 2", s, 4) in GAME.legal_actions(s, 4)) is holder_to_inspector
    assert (GAME.notation.parse_action("recommend 4", s, 3) in GAME.legal_actions(s, 3)) is between_inspectors
    assert GAME.notation.parse_action("recommend 2", s, 2) in GAME.legal_actions(s, 2)  # oneself
    assert refused(s, "recommend 3", 2).clause == "recommendation.witch-team"


# -- the captain ----------------------------------------------------------------------------


@pytest.mark.parametrize(("first", "recs", "expected", "clause"), [
    (0, (1, 1, 2, 3), 1, "captain.most-votes"),
    (0, (0, 0, 1, 1), 1, "captain.not-self-voted"),
    (0, (0, 0, 3, 3), 3, "captain.farthest"),
    (2, (1, 0, 3, 2), 1, "captain.farthest"),
    (1, (1, 0, 3, 2), 0, "captain.farthest"),
])
def test_captain_selection_chain(first, recs, expected, clause):
    assert captain.select(4, first, recs)[:2] == (expected, clause)


@pytest.mark.parametrize("order", ["question-first", "check-first"])
def test_a_witch_team_captain_loses_at_once(order):
    s = position(**ASKED | {"options": {"captain_check_order": order}},
                 recommendations=[2, 2, 2, 3])
    if order == "question-first":
        assert s.captain == 2
        assert s.phase == "captain-ask"
        t = act(s, "skip")
    else:
        t = None
    final = t.state if t else s
    assert final.phase == "deal" and final.round == 2
    assert final.history[0].captain == 2
    assert final.history[0].winner == "witch" and final.history[0].reason == "witch-captain"
    assert final.scores == (0, 0, 3, 3)
    assert final.first_player == 1  # p1 held the lowest number


def test_witch_captain_reveal_names_the_holder():
    s = position(**ASKED | {"options": {"captain_check_order": "check-first",
                                         "review_phase": True}},
                 recommendations=[3, 3, 2, 3])
    assert s.phase == "review"
    obs = GAME.observe(s, 0)
    assert obs.values[2] == WITCH and obs.values[3] == 2  # everything revealed at the round's end


# -- command and settlement -------------------------------------------------------------------


def captained(**extra):
    doc = ASKED | {"recommendations": [0, 0, 0, 0], "actions": ["skip"]} | extra
    return position(**doc)


def test_standard_line_holds_every_knight():
    s = captained()
    assert s.phase == "arrange" and GAME.actors(s) == (0,)
    assert refused(s, "arrange 1,3,0").clause == "command.standard-slots"
    assert refused(s, "arrange 1,3,0,0").clause == "command.distinct"
    assert len(GAME.legal_actions(s)) == perm(5, 4) + perm(5, 5)
    assert act(s, "arrange 1,3,0,c0,2").state.history[0].winner == "knights"  # Witch last
    left_out = captained(options={"witch_in_line": "left-out"})
    assert refused(left_out, "arrange 1,3,0,c0,2").clause == "command.standard-slots"
    assert len(GAME.legal_actions(left_out)) == perm(5, 4)
    t = act(s, "arrange 1,3,0,c0")  # 1, 2, 3, 4
    assert t.state.history[0].winner == "knights"
    assert t.state.scores == (2, 2, 0, 0)


def test_a_wrong_line_scores_for_the_witch_team():
    t = act(captained(), "arrange 3,1,0,c0")  # 2, 1, 3, 4
    line = next(e for e in t.events if e.type == "line-revealed")
    assert line["mistakes"] == [{"tile": 1, "clause": "settlement.ascending"}]
    assert t.state.scores == (0, 0, 3, 3)


ADVANCED = dict(players=4, deal=[5, 2, 7, "W", 3], inspections=[1, "c0", 0, 1],
                questions=["ask 1 3 on c0 -> yes", "ask 2 5 on 0 -> yes", "ask 3 2 on 1 -> yes",
                           "ask 0 5 -> yes"],
                recommendations=[0, 0, 0, 0], actions=["skip"])


@pytest.mark.parametrize(("rule", "knights_win"), [("far-right", True), ("left-out", False)])
def test_the_suspected_witch_at_the_far_right(rule, knights_win):
    s = position(**ADVANCED | {"options": {"variant": "advanced", "witch_in_line": rule}})
    t = act(s, "arrange 1,c0,0,2,3")  # 2, 3, 5, 7, Witch
    assert (t.state.history[0].winner == "knights") is knights_win
    left_out = act(s, "arrange 1,c0,0,2")
    assert left_out.state.history[0].winner == "knights"
    assert refused(s, "arrange 1,c0,0").clause == "command.optional-slot"
    if rule == "far-right":
        wrong = act(s, "arrange 1,c0,3,0,2")
        assert wrong.state.history[0].winner == "witch"


def test_no_witch_team_means_no_points():
    s = position(**ADVANCED | {"deal": [5, 2, 7, 1, 3], "options": {"variant": "advanced"},
                               "questions": ["ask 1 3 on c0 -> yes", "ask 2 5 on 0 -> yes",
                                             "ask 3 2 on 1 -> yes", "ask 0 5 -> yes"]})
    t = act(s, "arrange 1,0,2,3")  # 3 is left out: a mistake
    scored = next(e for e in t.events if e.type == "round-scored")
    assert (scored["winner"], scored.clause) == ("nobody", "settlement.no-witch-team")
    assert t.state.scores == (0, 0, 0, 0)


def test_cooperative_everyone_or_nobody():
    doc = dict(players=4, options={"cooperative": True}, deal=[3, 1, 5, 2, 4],
               inspections=[1, "c0", 0, 2], questions=["ask 1 4 on c0", "ask 2 3 on 0",
                                                        "ask 3 2", "ask 0 2"],
               recommendations=[0, 0, 0, 0], actions=["skip"])
    s = position(**doc)
    assert refused(s, "arrange 1,3,0,c0").clause == "command.cooperative-all"
    assert act(s, "arrange 1,3,0,c0,2").state.scores == (2, 2, 2, 2)
    assert act(s, "arrange 3,1,0,c0,2").state.scores == (0, 0, 0, 0)


def test_the_last_question_may_be_required():
    s = position(**ASKED | {"options": {"last_question": "required"}},
                 recommendations=[0, 0, 0, 0])
    assert refused(s, "skip").clause == "command.last-question"
    assert not any(a == GAME.notation.parse_action("skip", s) for a in GAME.legal_actions(s))
    t = act(s, "ask 3 2")
    assert t.state.phase == "captain-answer" and t.state.questions[-1].last


def test_captain_number_option():
    hidden = position(**ASKED, recommendations=[0, 0, 0, 0])
    assert GAME.observe(hidden, 1).values[0] is None
    shown = position(**ASKED | {"options": {"captain_number": "revealed"}},
                     recommendations=[0, 0, 0, 0])
    assert GAME.observe(shown, 1).values[0] == 3


# -- rounds and the end -----------------------------------------------------------------------


def test_three_rounds_and_shared_wins():
    from sk_helpers import final_state

    for seed in range(15):
        s = final_state(seed)
        assert s.phase == "game-over" and len(s.history) == 3
        assert s.scores == tuple(sum(r.points[p] for r in s.history) for p in range(s.players))
        top = max(s.scores)
        assert GAME.scoring.winners(s) == tuple(p for p in range(s.players) if s.scores[p] == top)
        result = GAME.result_to_json(s)
        assert result["outcome"]["winners"] == list(GAME.scoring.winners(s))


def test_round_three_pays_seven_unless_fixed():
    assert settlement.points_each("knights", 3, False) == 7
    assert settlement.points_each("witch", 3, False) == 7
    assert settlement.points_each("knights", 3, True) == 2
    assert settlement.points_each("witch", 3, True) == 3


def test_review_phase_waits_for_everyone():
    s = position(**ASKED | {"options": {"review_phase": True}}, recommendations=[0, 0, 0, 0],
                 actions=["skip", "arrange 1,3,0,c0"])
    assert s.phase == "review" and GAME.actors(s) == (0, 1, 2, 3)
    s = play(s, "confirm player:2", "confirm player:0", "confirm player:1")
    assert GAME.actors(s) == (3,)
    s = act(s, "confirm", 3).state
    assert (s.phase, s.round, s.first_player) == ("deal", 2, 1)


def test_over_is_over():
    from sk_helpers import final_state

    s = final_state(3)
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, GAME.notation.parse_action("confirm", s, 0))
    assert exc.value.clause == "turn.phase-kind"
    assert GAME.actors(s) == () and GAME.legal_actions(s) == ()


def test_setup_value_is_not_refused_for_every_option():
    for name, values in __import__(
            "tabletop_referee.games.seven_knights.model", fromlist=["OPTION_VALUES"]).OPTION_VALUES.items():
        for v in values:
            setup = GAME.random_setup(__import__("random").Random(0), options={name: v})
            assert getattr(setup.options, name) == v
            GAME.initial_state(setup)
    assert isinstance(Setup(4).options, Options)


def test_every_clause_the_engine_names_is_in_the_spec():
    import re

    spec = yaml.safe_load((SPEC / "clauses.yaml").read_text(encoding="utf-8"))
    known = {c["id"] for c in spec["clauses"]}
    package = Path(__file__).resolve().parents[2] / "reference/tabletop_referee/games/seven_knights"
    areas = {a["id"] for a in spec["areas"]}
    named = set()
    for path in package.rglob("*.py"):
        for m in re.finditer(r'"([a-z]+\.[a-z0-9-]+)"', path.read_text(encoding="utf-8")):
            if m.group(1).split(".")[0] in areas:
                named.add(m.group(1))
    assert len(named) > 40
    assert named - known == set()
