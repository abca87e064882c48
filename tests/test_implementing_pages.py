"""Every game's *Implementing* page (docs/<game>/implementing.md, issue 25 item 4): what an
implementer of that game needs, generated from the reference engine. The page is checked for
being current by the docs tests (``stale_pages``); here, that what it says holds."""

from __future__ import annotations

import json
import re

import pytest

from tabletop_referee.adapter import Adapter
from tabletop_referee.conformance.profiles import counts_for
from tabletop_referee.conformance.readings import reading_options
from tabletop_referee.conformance.smoke import game_smoke
from tabletop_referee.games import GAMES, load
from tabletop_referee.implementing import render_implementing_page
from tabletop_referee.loading import read_document
from tabletop_referee.paths import data_root

EXCHANGE = re.compile(r"^\*\*(\w+)\*\*\n\n```json\n(.*)\n(.*)\n```$", re.M)


def exchanges(page: str) -> list[tuple[str, dict, dict]]:
    return [(cmd, json.loads(req), json.loads(ans)) for cmd, req, ans in EXCHANGE.findall(page)]


@pytest.mark.parametrize("game_id", GAMES)
def test_the_worked_exchange_is_what_the_reference_adapter_answers(game_id):
    """Each request shown whole is sent again to a fresh reference adapter; the answer shown
    must be its answer (with the same shortening). Requests that carry a shortened state are
    checked by their answer's fields that were not shortened."""
    steps = exchanges(render_implementing_page(game_id))
    assert [s[0] for s in steps][:3] == ["start", "new_game", "legal_actions"], (
        f"{game_id}: the page's worked exchange should open with start, new_game, legal_actions")
    assert steps[-1][0] == "stop" and "apply" in [s[0] for s in steps]
    adapter = Adapter([game_id])
    for cmd, req, shown in steps:
        if "…" in json.dumps(req, ensure_ascii=False):
            continue
        answer = adapter.handle(req)
        for key, value in shown.items():
            if "…" not in json.dumps(value, ensure_ascii=False):
                assert answer[key] == value, f"{game_id}: {cmd}: the page shows {key}={value!r}, the reference answers {answer[key]!r}"
    new_state = steps[1][2]["state"]
    assert new_state["phase"] == game_smoke(game_id).reference["phase"]


@pytest.mark.parametrize("game_id", GAMES)
def test_the_smoke_table_states_the_reference_plan(game_id):
    page = render_implementing_page(game_id)
    plan = game_smoke(game_id)
    row = next(line for line in page.splitlines() if line.startswith("| `legal_actions` |"))
    assert f"lists {plan.first_count} `{plan.first_kind}` action" in row
    row = next(line for line in page.splitlines() if line.startswith("| `new_game` |"))
    assert json.dumps(plan.setup, ensure_ascii=False, separators=(", ", ": ")) in row
    row = next(line for line in page.splitlines() if line.startswith("| `scores` |"))
    assert all(f"`{f}`" in row for f in plan.score_fields) and f"{plan.players} score entries" in row


@pytest.mark.parametrize("game_id", GAMES)
def test_every_profile_has_vectors_and_the_page_counts_them(game_id):
    """No green without evidence: a profile that no vector counts toward could be claimed and
    pass vacuously, so a game names only the profiles its suite fills (the defaults leave out
    variants, custom boards and options for a game without them)."""
    game = load(game_id)
    counts: dict[str, int] = {}
    for path in sorted((data_root() / "vectors" / game_id).glob("*.json")):
        for vector in read_document(path).get("vectors", []):
            profiles = game.probes.vector_profiles(vector)
            for p in profiles:
                if counts_for(p, profiles):
                    counts[p] = counts.get(p, 0) + 1
    page = render_implementing_page(game_id)
    for name in game.probes.conformance_profiles():
        assert counts.get(name, 0) > 0, (
            f"{game_id}: the profile {name!r} holds no vector, so claiming it proves nothing: add vectors "
            f"for it or leave it out of Probes.conformance_profiles")
        assert f"| `{name}` | {counts[name]} |" in page


@pytest.mark.parametrize("game_id", GAMES)
def test_every_disputed_option_is_listed_with_its_readings(game_id):
    game = load(game_id)
    page = render_implementing_page(game_id)
    readings = page.split("## Readings you can announce", 1)[1].split("\n## ", 1)[0]
    for name in reading_options(game):
        spec = game.options.option_spec(name)
        row = next((line for line in readings.splitlines() if line.startswith(f"| `{name}` |")), None)
        assert row is not None, f"{game_id}: the disputed option {name} is missing from the readings table"
        assert all(json.dumps(v) in row for v in spec.values), row
