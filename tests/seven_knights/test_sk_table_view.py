"""What the table sees (``referee play``'s shared screen): only what the rules show to all."""

from __future__ import annotations

import random

from tabletop_referee.games import load
from tabletop_referee.games.interface import TABLE
from tabletop_referee.sampler import playout

GAME = load("seven-knights")


def test_the_table_sees_no_dealt_tile_and_no_inspected_value():
    setup = GAME.random_setup(random.Random(3), players=3)
    dealt = inspected = 0
    for state, action, t in playout(GAME, setup, random.Random(3)):
        for e in t.events:
            table, everything = GAME.narration.describe_event(e, state, TABLE), GAME.narration.describe_event(e, state, None)
            if e.type == "dealt":
                dealt += 1
                assert table.endswith("the tiles are dealt."), table
                assert table != everything
            if e.type == "inspected":
                inspected += 1
                assert " and sees " not in table and " and sees " in everything
    assert dealt and inspected


def test_the_table_view_of_a_state_shows_only_revealed_values():
    setup = GAME.random_setup(random.Random(5), players=4)
    for state, action, t in playout(GAME, setup, random.Random(5)):
        if state.values and not state.revealed:
            text = GAME.narration.describe_state(state, TABLE)
            tiles = next(line for line in text.splitlines() if line.startswith("Tiles: "))
            assert set(tiles.replace("Tiles: ", "").replace(" ", "").split(",")) == {
                f"{part.split('=')[0]}=?" for part in tiles.replace("Tiles: ", "").replace(" ", "").split(",")}
            assert "Tiles: " in GAME.narration.describe_state(state, None)
            return
    raise AssertionError("no dealt state without revealed tiles")
