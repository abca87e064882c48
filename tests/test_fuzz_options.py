"""`referee fuzz` sets only the rule options an adapter announced (issue 23): an adapter that
announces none is sent setups without options, and so agrees with the reference."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tabletop_referee.conformance.fuzz import fuzz, plan_game
from tabletop_referee.games import load

ADAPTER = Path(__file__).resolve().parent / "fuzz_adapters" / "announces_no_options.py"


@pytest.mark.parametrize("protocol", [1, 2])
@pytest.mark.parametrize("game", ["mlem", "celestia", "seven-knights"])
def test_fuzz_sends_no_unannounced_option(game, protocol):
    games = 4 if protocol == 2 else 2  # protocol 1 sends every state in full: slower
    result = fuzz([sys.executable, str(ADAPTER), game], game=game, games=games, seed=2, protocol=protocol,
                  timeout=120)  # a loaded machine answers slowly; a timeout is not what is tested
    assert result.adapter_failures == []
    assert result.games == games and result.transitions > 0
    assert result.divergence is None, result.divergence and result.divergence.message


@pytest.mark.parametrize("game", ["mlem", "celestia", "seven-knights"])
def test_unannounced_options_stay_at_their_defaults(game):
    g = load(game)
    choice = [o for o in g.info.options if o.kind == "choice"]
    announced = {choice[0].name: list(choice[0].values)}
    for i in range(20):
        plan = plan_game(g, i, 9, announced, True, variants=g.info.variants, max_steps=0)
        written = set(plan.setup.get("options", {})) - {"variants"}
        assert written <= set(announced), written
        options = g.setup_from_json(plan.setup).options
        for o in choice[1:]:
            assert getattr(options, o.name) == o.default, o.name


def test_every_announced_value_is_still_drawn():
    g = load("mlem")
    seen = {plan_game(g, i, 1, None, True, max_steps=0).setup["options"].get("tie_break") for i in range(30)}
    assert seen == {"shared", "deep-space"}
    narrowed = {plan_game(g, i, 1, {"tie_break": ["deep-space"]}, True, max_steps=0).setup["options"]["tie_break"]
                for i in range(10)}
    assert narrowed == {"deep-space"}
