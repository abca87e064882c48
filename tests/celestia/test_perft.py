"""Perft over spec/celestia/perft.yaml with ``GAME.rules.pinned_chance`` (docs/vectors.md semantics:
depth counts player decisions; chance nodes take the next pinned outcome of their kind)."""

from __future__ import annotations

import pytest
import yaml

from tabletop_referee.games.celestia import GAME
from tabletop_referee.games.celestia.interchange import canonical_text
from tabletop_referee.games.celestia.model import CHANCE
from tabletop_referee.paths import spec_dir

ENTRIES = yaml.safe_load((spec_dir("celestia") / "perft.yaml").read_text(encoding="utf-8"))


def _resolve(state, pins, used):
    while GAME.actors(state) == (CHANCE,):
        pinned = GAME.rules.pinned_chance(state, pins, used)
        if pinned is None:
            return state, used, True
        key, action = pinned
        state = GAME.apply(state, action).state
        used = {**used, key: used.get(key, 0) + 1}
    return state, used, False


def perft(state, depth, pins, used=None) -> int:
    state, used, stuck = _resolve(state, pins, used or {})
    if stuck or depth == 0 or GAME.is_over(state):
        return 1
    return sum(perft(GAME.apply(state, a).state, depth - 1, pins, used)
               for a in GAME.legal_actions(state))


def divide(state, depth, pins) -> dict[str, int]:
    state, used, stuck = _resolve(state, pins, {})
    if stuck or depth == 0 or GAME.is_over(state):
        return {}
    return {canonical_text(GAME.action_to_json(a)): perft(GAME.apply(state, a).state, depth - 1, pins, used)
            for a in GAME.legal_actions(state)}


def _start(entry):
    if "setup" in entry:
        return GAME.initial_state(GAME.setup_from_json(entry["setup"]))
    return GAME.positions.position_to_state(entry["position"])


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["id"] for e in ENTRIES])
def test_perft_entries_are_well_formed(entry):
    clauses = {c["id"] for c in yaml.safe_load((spec_dir("celestia") / "clauses.yaml").read_text())["clauses"]}
    assert set(entry["clauses"]) <= clauses
    state = _start(entry)
    counts = divide(state, entry["depth"], entry["pins"])
    total = perft(state, entry["depth"], entry["pins"])
    assert counts and sum(counts.values()) == total
    assert perft(state, entry["depth"], entry["pins"]) == total  # deterministic


def test_perft_0001_by_hand():
    """Passengers 1 and 2 stay or leave (4 paths); the window starts at player 1, who can only
    pass; player 2 may eject player 1 only when both are still aboard: 2 + 1 + 1 + 1 = 5."""
    entry = ENTRIES[0]
    state = _start(entry)
    assert perft(state, 2, entry["pins"]) == 4
    assert perft(state, 3, entry["pins"]) == 4
    assert perft(state, 4, entry["pins"]) == 5


def test_pins_that_cannot_come_up_end_the_path():
    state = GAME.positions.position_to_state({"players": 2})
    fog = {"type": "roll", "faces": ["fog", "fog"]}
    assert GAME.rules.pinned_chance(state, {"roll": [fog]}, {}) is not None
    assert GAME.rules.pinned_chance(state, {"roll": [fog]}, {"roll": 1}) is None
    assert GAME.rules.pinned_chance(state, {"roll": [{"type": "roll", "faces": ["fog"]}]}, {}) is None  # 2 dice here
    s2 = GAME.positions.position_to_state({"players": 2, "roll": ["fog"]})
    s2 = GAME.apply(s2, GAME.notation.parse_action("leave", s2)).state
    assert GAME.rules.pinned_chance(s2, {"treasure": [{"type": "treasure", "card": "25"}]}, {}) is None  # no 25 at city 1
