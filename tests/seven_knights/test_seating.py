"""with_seating (used by simulate and disputes impact) deals the tiles for the new player count."""

from __future__ import annotations

from tabletop_referee.games import load

GAME = load("seven-knights")


def test_a_template_reseated_gets_the_tiles_of_its_new_player_count():
    template = GAME.setups.setup_from_args(players=None, start_player=None, options={}, flags={})
    low, high = GAME.info.players
    for players in range(low, high + 1):
        seated = GAME.setups.with_seating(template, players, 0)
        fresh = GAME.setups.setup_from_args(players=players, start_player=None, options={}, flags={})
        assert GAME.setup_to_json(seated)["tiles"] == GAME.setup_to_json(fresh)["tiles"], players
        GAME.initial_state(seated)  # deals without a refusal


def test_tiles_chosen_by_hand_are_kept():
    template = GAME.setups.setup_from_args(players=5, start_player=None, options={}, flags={})
    doc = GAME.setup_to_json(template)
    doc["tiles"] = {**doc["tiles"], "centre": 2}
    custom = GAME.setup_from_json(doc)
    assert GAME.setup_to_json(GAME.setups.with_seating(custom, 5, 1))["tiles"]["centre"] == 2
