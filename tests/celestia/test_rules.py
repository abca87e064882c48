"""Unit tests of the Celestia engine, one class per rule area (clause ids in the names)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tabletop_referee.errors import IllegalAction
from tabletop_referee.games.celestia import GAME, Deal, Roll, Treasure
from tabletop_referee.games.celestia.model import CHANCE

from .helpers import act, drain, pos, texts, types


def illegal(state, text: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, GAME.notation.parse_action(text, state))
    return info.value


# -- setup and the action deck -----------------------------------------------------------


class TestSetup:
    def test_deal_probabilities_follow_the_deck(self):  # setup.deck, components.action-deck
        s = GAME.initial_state(GAME.make_setup(4))
        assert GAME.actors(s) == (CHANCE,) and s.phase == "deal"
        outcomes = dict(GAME.chance_outcomes(s))
        assert sum(outcomes.values()) == 1
        assert outcomes[Deal("compass")] == Fraction(20, 84)
        assert outcomes[Deal("jetpack")] == Fraction(2, 84)
        assert Deal("grappling-hook") not in outcomes

    @pytest.mark.parametrize("players, size", [(2, 8), (3, 8), (4, 6), (6, 6)])
    def test_hand_size(self, players, size):  # setup.hand-size
        s = GAME.initial_state(GAME.make_setup(players))
        assert len(s.to_deal) == players * size

    @pytest.mark.parametrize("players", [1, 7])
    def test_player_count_refused(self, players):  # setup.players
        with pytest.raises(IllegalAction) as info:
            GAME.initial_state(GAME.make_setup(players))
        assert info.value.clause == "setup.players"

    @pytest.mark.parametrize("options, size, has", [
        ({"game_type": "basic"}, 84, {"turbo", "gust"}),
        ({"game_type": "basic-promo"}, 85, {"grappling-hook"}),
        ({"game_type": "basic-promo", "grappling_hook": "absent"}, 84, set()),
        ({"game_type": "fast"}, 68, set()),
        ({"game_type": "fast", "fast_game_turbo": "with"}, 76, {"turbo"}),
    ])
    def test_deck_per_game_type(self, options, size, has):  # setup.game-type
        s = GAME.initial_state(GAME.make_setup(4, options))
        assert len(s.deck) == size
        assert has <= set(s.deck)
        if options["game_type"] == "fast":
            assert not {"ejection", "gust", "jetpack", "alternative-route"} & set(s.deck)

    def test_after_the_deal_the_first_journey_starts(self):  # journey.start, setup.first-captain
        s = GAME.initial_state(GAME.make_setup(3, first_captain=2))
        while s.phase == "deal":
            s = GAME.apply(s, GAME.chance_outcomes(s)[0][0]).state
        assert s.journey == 1 and s.phase == "roll"
        assert s.aboard == (0, 1, 2) and s.captain == 2 and s.city == 0
        assert [len(h) for h in s.hands] == [8, 8, 8]


# -- the roll -----------------------------------------------------------------------------


class TestRoll:
    def test_two_dice_probabilities(self):  # roll.faces, components.dice
        s = pos()
        outcomes = dict(GAME.chance_outcomes(s))
        assert sum(outcomes.values()) == 1
        assert outcomes[Roll(("blank", "blank"))] == Fraction(1, 9)
        assert outcomes[Roll(("fog", "lightning"))] == Fraction(2, 36)
        assert outcomes[Roll(("fog", "fog"))] == Fraction(1, 36)
        assert len(outcomes) == 15  # multisets of 2 among 5 faces

    def test_dice_count_of_next_city(self):  # roll.dice-count
        s = pos(city=6, options={"city_dice": [2, 2, 2, 3, 3, 3, 4, 4, 4]})
        assert {len(a.faces) for a in GAME.legal_actions(s)} == {3}

    def test_skipped_city_uses_next_city_in_play(self):  # roll.skipped-city
        s = pos(piles={2: []}, won={0: [[2, "2"]] * 5 + [[2, "4"]] * 3 + [[2, "6"]] * 2 + [[2, "telescope"]]},
                options={"city_dice": [2, 1, 3, 3, 3, 3, 4, 4, 4]})
        assert {len(a.faces) for a in GAME.legal_actions(s)} == {3}

    def test_roll_opens_decisions_from_captains_left(self):  # passengers.decision-order
        s = pos(captain=2)
        s, _ = act(s, "roll fog blank")
        assert s.phase == "decide" and GAME.actors(s) == (3,)
        s, _ = act(s, "stay")
        assert GAME.actors(s) == (0,)

    def test_impossible_roll_refused(self):  # turn.chance
        assert illegal(pos(), "roll fog fog fog").clause == "turn.chance"


# -- passengers ---------------------------------------------------------------------------


class TestPassengers:
    def test_leave_draws_a_treasure_of_the_current_city(self):  # passengers.leave, treasure.draw
        s, ev = act(pos(roll=["fog", "blank"]), "leave")
        assert types(ev) == ["leave"] and s.phase == "treasure"
        outcomes = dict(GAME.chance_outcomes(s))
        assert outcomes[Treasure("1")] == Fraction(5, 11)
        assert outcomes[Treasure("telescope")] == Fraction(1, 11)
        s, ev = act(s, "treasure 4")
        assert s.won[1] == ((0, "4"),) and 1 not in s.aboard
        assert GAME.actors(s) == (2,) and s.phase == "decide"
        assert GAME.scoring.totals(s)[1] == 4

    def test_stayers_and_order(self):  # passengers.stay
        s, ev = act(pos(roll=["fog", "blank"]), "stay", "stay", "stay")
        assert types(ev) == ["stay"] * 3 and s.phase == "power" and s.aboard == (0, 1, 2, 3)

    def test_captain_cannot_leave(self):  # passengers.captain-stays
        s = pos(roll=["fog", "blank"])
        assert illegal(s, "leave player:0").clause == "passengers.captain-stays"

    def test_wrong_passenger(self):  # turn.pending
        assert illegal(pos(roll=["fog"]), "stay player:2").clause == "turn.pending"

    def test_emptied_city_stops_further_landings(self):  # passengers.emptied-city
        s = pos(roll=["fog", "blank"], piles={1: ["2"]}, won={3: drain(1, ["2"])})
        s, ev = act(s, "leave", "treasure 2")
        assert "city-empty" in types(ev)
        assert s.phase == "power" and s.aboard == (0, 2, 3)  # 2 and 3 stay without deciding


# -- power window ---------------------------------------------------------------------------


class TestPowerWindow:
    def test_rounds_close_after_everyone_passes(self):  # power.window
        s = pos(roll=["fog", "pirates"], hands={0: ["compass", "cannon"]})
        s, _ = act(s, "stay", "stay", "stay")
        order = []
        while s.phase == "power":
            order.append(GAME.actors(s)[0])
            s, _ = act(s, "pass")
        assert order == [1, 2, 3, 0] and s.phase == "challenge"
        assert texts(s) == ["meet compass cannon"]

    def test_a_play_restarts_the_round(self):  # power.window, power.alternative-route
        s = pos(roll=["fog", "pirates"], hands={2: ["alternative-route"]})
        s, _ = act(s, "stay", "stay", "stay", "pass", "play alternative-route pirates")
        assert s.phase == "reroll" and s.roll == ("fog",)
        assert sum(p for _, p in GAME.chance_outcomes(s)) == 1
        s, ev = act(s, "reroll blank")
        assert s.roll == ("fog", "blank") and GAME.actors(s) == (3,)
        order = []
        while s.phase == "power":
            order.append(GAME.actors(s)[0])
            s, _ = act(s, "pass")
        assert order == [3, 0, 1, 2]

    def test_all_dice_reading(self):  # power.alternative-route (all-dice)
        s = pos(roll=["fog", "pirates", "bird"], hands={1: ["alternative-route"]},
                options={"alternative_route": "all-dice"}, city=6)
        s, _ = act(s, "stay", "stay", "stay")
        assert texts(s) == ["play alternative-route", "pass"]
        s, _ = act(s, "play alternative-route")
        assert s.rerolls == 3 and s.roll == ()
        s, _ = act(s, "reroll blank blank lightning")
        assert s.roll == ("lightning", "blank", "blank")

    def test_players_who_left_take_part_by_default(self):  # power.eligible
        s = pos(roll=["fog"], aboard=[0, 2, 3], won={1: [[1, "1"]]}, hands={1: ["ejection"]})
        s, _ = act(s, "stay", "stay")
        assert s.phase == "power" and GAME.actors(s) == (1,)
        assert texts(s) == ["pass"]  # Ejection only from aboard
        assert illegal(s, "play ejection 2").clause == "power.ejection"

    def test_aboard_reading_skips_players_who_left(self):  # power.eligible (aboard)
        s = pos(roll=["fog"], aboard=[0, 2, 3], won={1: [[1, "1"]]}, options={"power_players": "aboard"})
        s, _ = act(s, "stay", "stay")
        assert GAME.actors(s) == (2,)

    def test_ejection(self):  # power.ejection
        s = pos(roll=["fog"], hands={3: ["ejection"]})
        s, _ = act(s, "stay", "stay", "stay", "pass", "pass")
        assert texts(s) == ["play ejection 1", "play ejection 2", "pass"]
        assert illegal(s, "play ejection 0").clause == "power.ejection"
        s, ev = act(s, "play ejection 1")
        assert types(ev) == ["play", "leave"] and s.phase == "treasure"
        s, _ = act(s, "treasure 1")
        assert s.aboard == (0, 2, 3) and s.won[1] == ((0, "1"),) and "ejection" in s.discard
        assert GAME.actors(s) == (0,) and s.phase == "power"

    def test_card_not_held(self):  # turn.step
        s, _ = act(pos(roll=["fog"]), "stay", "stay", "stay")
        assert illegal(s, "play gust").clause == "turn.step"

    def test_gust_extra_die(self):  # power.gust (extra-die)
        s = pos(roll=["fog"], hands={1: ["gust", "gust"]})
        s, _ = act(s, "stay", "stay", "stay", "play gust", "reroll bird")
        assert s.roll == ("fog", "bird")
        full = pos(roll=["fog", "fog", "bird", "blank"], hands={1: ["gust"]}, city=15)
        full, _ = act(full, "stay", "stay", "stay")
        assert texts(full) == ["pass"]

    def test_gust_pass_hazards(self):  # power.gust (pass-hazards)
        s = pos(roll=["fog", "pirates"], hands={1: ["gust"]}, options={"gust": "pass-hazards"})
        s, ev = act(s, "stay", "stay", "stay", "play gust", "pass", "pass", "pass", "pass")
        assert "hazards-cleared" in types(ev) and s.phase == "challenge"
        assert texts(s) == ["meet"]

    def test_gust_inert_and_grappling_hook(self):  # power.gust (inert), power.grappling-hook
        s = pos(roll=["fog"], hands={1: ["gust", "grappling-hook"]},
                options={"gust": "inert", "game_type": "basic-promo"})
        s, ev = act(s, "stay", "stay", "stay", "play gust")
        assert s.roll == ("fog",) and "gust" in s.discard and GAME.actors(s) == (2,)
        s, _ = act(s, "pass", "pass", "pass", "play grappling-hook")
        assert "grappling-hook" in s.discard and s.roll == ("fog",)

    def test_fast_game_has_no_window(self):  # setup.game-type
        s = pos(roll=["fog"], hands={0: ["compass"]}, options={"game_type": "fast"})
        s, _ = act(s, "stay", "stay", "stay")
        assert s.phase == "challenge"


# -- answering the dice -----------------------------------------------------------------------


class TestEquipment:
    def test_must_play_matching_equipment(self):  # equipment.must-play
        s = pos(roll=["fog", "pirates"], hands={0: ["compass", "cannon", "turbo"]},
                phase="challenge")
        assert texts(s) == ["meet compass cannon"]
        assert illegal(s, "crash").clause == "equipment.must-play"
        assert illegal(s, "meet compass turbo").clause == "equipment.must-play"

    def test_turbo_shortfall_is_optional(self):  # equipment.turbo-shortfall, turbo-never-forced
        s = pos(roll=["fog", "pirates"], hands={0: ["compass", "turbo", "turbo"]}, phase="challenge")
        assert texts(s) == ["meet compass turbo", "crash"]
        assert illegal(s, "meet turbo turbo").clause == "equipment.turbo-shortfall"

    def test_cards_not_held(self):  # turn.step
        s = pos(roll=["fog", "pirates"], hands={0: ["compass"]}, phase="challenge")
        assert illegal(s, "meet compass cannon").clause == "turn.step"

    def test_cannot_answer(self):  # crash.when
        s = pos(roll=["fog", "fog"], hands={0: ["compass"]}, phase="challenge")
        assert texts(s) == ["crash"]
        assert illegal(s, "meet compass").clause == "crash.when"

    def test_blanks_need_nothing(self):  # equipment.one-per-die
        s = pos(roll=["blank", "blank"], phase="challenge")
        assert texts(s) == ["meet"]

    def test_success_moves_on_and_rotates(self):  # arrival.move, captain.rotation, equipment.discard
        s = pos(roll=["fog", "lightning"], hands={0: ["compass", "lightning-arrester"]}, phase="challenge",
                aboard=[0, 2, 3], won={1: [[1, "1"]]})
        s, ev = act(s, "meet compass lightning-arrester")
        assert types(ev) == ["meet", "move", "captain"]
        assert s.city == 1 and s.captain == 2 and s.phase == "roll"
        assert sorted(s.discard) == ["compass", "lightning-arrester"] and s.hands[0] == ()


# -- crash -------------------------------------------------------------------------------------


class TestCrash:
    def test_everyone_aboard_scores_nothing(self):  # crash.everyone-aboard, journey.refill
        s = pos(roll=["fog", "fog"], phase="challenge", captain=1, aboard=[0, 1, 3],
                won={2: [[1, "4"]]}, options={"game_type": "fast"})
        s, ev = act(s, "crash")
        assert types(ev) == ["crash", "wrecked", "journey-end"]
        assert s.phase == "deal" and s.to_deal == (2, 3, 0, 1)  # new captain: left of the last
        assert GAME.scoring.totals(s) == (0, 0, 4, 0)  # crash.landed-keep

    def test_jetpack_after_crash(self):  # power.jetpack (after-crash, next city)
        s = pos(roll=["fog", "fog"], phase="challenge", hands={2: ["jetpack"], 3: ["compass"]})
        s, ev = act(s, "crash")
        assert GAME.actors(s) == (1,) and texts(s) == ["pass"]
        s, _ = act(s, "pass")
        assert texts(s) == ["play jetpack", "pass"]
        s, _ = act(s, "play jetpack")
        assert s.phase == "treasure" and s.to_treasure == ((2, 1),)  # next city: 2
        s, ev = act(s, "treasure 6", "pass", "pass")
        assert s.won[2] == ((1, "6"),)
        assert ("wrecked", (0, 1, 3)) in [(e.type, e.get("players")) for e in ev]

    def test_jetpack_in_window_current_city(self):  # power.jetpack (in-window, current)
        s = pos(roll=["fog", "fog"], hands={1: ["jetpack"]},
                options={"jetpack_timing": "in-window", "jetpack_city": "current"})
        s, _ = act(s, "stay", "stay", "stay", "play jetpack", "pass", "pass", "pass", "pass")
        assert s.phase == "challenge" and s.jetpacks == (1,)
        s, ev = act(s, "crash")
        assert "escape" in types(ev) and s.to_treasure == ((1, 0),)
        s, _ = act(s, "treasure 2")
        assert s.won[1] == ((0, "2"),)

    def test_jetpack_spent_on_success(self):  # power.jetpack (in-window)
        s = pos(roll=["blank", "blank"], hands={1: ["jetpack"]}, options={"jetpack_timing": "in-window"})
        s, _ = act(s, "stay", "stay", "stay", "play jetpack", "pass", "pass", "pass", "pass", "meet")
        assert s.jetpacks == () and 1 in s.aboard and "jetpack" in s.discard


# -- arrival, treasure ---------------------------------------------------------------------------


class TestArrival:
    def test_emptied_cities_are_skipped(self):  # arrival.skip-emptied
        s = pos(roll=["blank", "blank"], phase="challenge", piles={2: []},
                won={1: [[2, "2"]] * 5 + [[2, "4"]] * 3 + [[2, "6"]] * 2 + [[2, "telescope"]]})
        s, ev = act(s, "meet")
        move = next(e for e in ev if e.type == "move")
        assert move["city"] == 4 and move["skipped"] == (2,)

    def test_last_city_draws_from_the_captain(self):  # arrival.last-city
        s = pos(roll=["blank"], phase="challenge", city=20, captain=2, aboard=[0, 2],
                piles={25: ["25"]}, won={1: drain(25, ["25"])})
        s, ev = act(s, "meet")
        assert s.captain == 2 and s.to_treasure == ((2, 8), (0, 8))
        s, ev = act(s, "treasure 25")
        assert types(ev)[:3] == ["treasure", "city-empty", "no-treasure"]
        assert s.won[2] == ((8, "25"),) and s.won[0] == ()
        assert s.phase == "game-over"  # player 1 holds the five other 25s

    def test_journey_starts_at_first_city_in_play(self):  # journey.start
        s = pos(roll=["fog"], phase="challenge", piles={1: []}, won={1: drain(1, [])},
                options={"game_type": "fast"})
        s, _ = act(s, "crash")
        while s.phase == "deal":
            s = GAME.apply(s, GAME.chance_outcomes(s)[0][0]).state
        assert s.city == 1 and s.setup.treasures.cities[s.city].id == 2

    def test_city_number_scoring(self):  # treasure.value (city-number)
        s = pos(won={0: [[4, "9"], [1, "telescope"]]}, options={"landing_points": "city-number"})
        assert GAME.scoring.totals(s)[0] == 5

    def test_telescope_options(self):  # treasure.telescope, components.telescope
        def telescopes(opts):
            return [c.treasures.count("telescope") for c in GAME.make_setup(4, opts).treasures.cities]
        assert telescopes({}) == [1, 1, 1, 1, 0, 0, 0, 0, 0]
        assert telescopes({"telescope_cities": "every-plus"}) == [1, 1, 1, 1, 1, 1, 0, 0, 0]
        assert telescopes({"telescope": "removed"}) == [0] * 9
        assert GAME.scoring.totals(pos(won={0: [[1, "telescope"]]}))[0] == 0

    def test_treasure_sets(self):  # treasure.set
        assert sum(len(c.treasures) for c in GAME.make_setup(4).treasures.cities) == 80
        assert sum(len(c.treasures) for c in
                   GAME.make_setup(4, {"treasure_set": "rulebook-78"}).treasures.cities) == 78


# -- the lone player, captains -----------------------------------------------------------------


class TestLone:
    def test_lone_player_may_land(self):  # lone-player.land-or-roll
        s = pos(aboard=[3], captain=3, won={0: [[1, "1"]], 1: [[1, "1"]], 2: [[1, "2"]]})
        assert s.phase == "land-or-roll" and texts(s) == ["land", "go"]
        s2, ev = act(s, "land", "treasure 4")
        assert s2.won[3] == ((0, "4"),) and s2.phase == "deal"
        s3, _ = act(s, "go")
        assert s3.phase == "roll"

    def test_never_reading(self):  # lone-player.land-or-roll (never)
        s = pos(aboard=[3], captain=3, options={"captain_leaving": "never"})
        assert s.phase == "roll"

    def test_lone_leg_has_no_decisions(self):  # lone-player.legs
        s, _ = act(pos(aboard=[3], captain=3), "go", "roll fog blank")
        assert s.phase == "power"

    def test_lone_captain_stays_captain(self):  # captain.lone
        s = pos(aboard=[3], captain=3, roll=["blank", "blank"], phase="challenge")
        s, ev = act(s, "meet")
        assert s.captain == 3 and "captain" not in types(ev)

    @pytest.mark.parametrize("reading, first", [("after-last-captain", 3), ("after-first-captain", 1)])
    def test_new_journey_captain(self, reading, first):  # captain.new-journey
        s = pos(roll=["fog"], phase="challenge", captain=2, first_captain=0,
                options={"journey_captain": reading, "game_type": "fast"})
        s, _ = act(s, "crash")
        assert s.first_captain == first and s.to_deal[0] == first


# -- deck exhaustion -----------------------------------------------------------------------------


class TestDeck:
    def test_reshuffle_when_the_deck_runs_out(self):  # equipment.reshuffle
        deck = ["compass"] * 20 + ["lightning-arrester"] * 18 + ["horn"] * 16 + ["cannon"] * 14
        s = pos(roll=["fog"], phase="challenge", options={"game_type": "fast"},
                hands={0: ["compass"]}, discard=deck[1:], deck=[])
        s, ev = act(s, "meet compass")
        assert s.phase == "roll"
        s2 = pos(roll=["fog"], phase="challenge", options={"game_type": "fast"},
                 hands={0: ["lightning-arrester"]}, discard=[c for c in deck if c != "lightning-arrester"] +
                 ["lightning-arrester"] * 17, deck=[])
        s2, ev = act(s2, "crash")
        assert "reshuffle" in types(ev) and s2.phase == "deal" and len(s2.deck) == 67

    def test_nothing_to_draw(self):  # equipment.reshuffle (both empty)
        hands = {0: ["compass"] * 20 + ["lightning-arrester"] * 18, 1: ["horn"] * 16,
                 2: ["cannon"] * 14}
        s = pos(roll=["pirates", "pirates"], phase="challenge", options={"game_type": "fast"},
                hands=hands, deck=[], discard=[])
        s, ev = act(s, "crash")
        assert types(ev).count("no-card") == 4 and s.phase == "roll" and s.journey == 2


# -- end ------------------------------------------------------------------------------------------


class TestEnd:
    def _near_end(self, **options):
        # at city 6 with three fog dice and no cards (fast game: no power window): players 1
        # and 2 hold 45 points each
        return pos(city=6, roll=["fog", "fog", "fog"], options={"game_type": "fast", **options},
                   won={1: [[20, "20"], [25, "25"]], 2: [[25, "25"], [20, "20"]]})

    def test_fifty_ends_at_journey_end(self):  # end.fifty-points, end.winner
        s, ev = act(self._near_end(), "leave", "treasure 6")
        assert "target" in types(ev) and s.phase == "decide"
        s, ev = act(s, "leave", "treasure 12", "stay", "crash")
        assert s.phase == "game-over" and GAME.scoring.winners(s) == (2,)  # 57 beats 51
        assert GAME.result_to_json(s)["outcome"] == {"winners": [2], "reason": "target"}

    def test_immediate(self):  # end.fifty-points (immediate)
        s, ev = act(self._near_end(end_timing="immediate"), "leave", "treasure 6")
        assert s.phase == "game-over" and GAME.scoring.winners(s) == (1,)

    def test_first_to_fifty(self):  # end.winner (first-to-fifty)
        s, _ = act(self._near_end(end_winner="first-to-fifty"), "leave", "treasure 6", "leave",
                   "treasure 12", "stay", "crash")
        assert GAME.scoring.winners(s) == (1,) and GAME.scoring.totals(s)[2] > GAME.scoring.totals(s)[1]

    def test_ties_are_shared(self):  # end.ties
        s, _ = act(self._near_end(), "leave", "treasure 9", "leave", "treasure 9", "stay", "crash")
        assert GAME.scoring.totals(s) == (0, 54, 54, 0)
        assert GAME.scoring.winners(s) == (1, 2)

    def test_no_action_after_the_end(self):  # turn.game-over
        s, _ = act(self._near_end(end_timing="immediate"), "leave", "treasure 6")
        assert illegal(s, "stay player:2").clause == "turn.game-over"
        assert GAME.legal_actions(s) == () and GAME.actors(s) == ()
