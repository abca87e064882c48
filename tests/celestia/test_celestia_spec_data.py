"""Consistency checks of the Celestia rules spec (spec/celestia/): quotes, data files, options.

The seed file lives outside the repository (the project's shared folder); the quote check
finds it through ``CELESTIA_SEED`` or the default shared path and is skipped without it.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
import yaml

from tabletop_referee.paths import spec_dir
from tabletop_referee.spec import load_spec, spec_problems

SPEC = spec_dir("celestia")
SEED_NAME = "004_c87b5d65c94d97c9.txt"


def _yaml(name: str):
    return yaml.safe_load((SPEC / name).read_text(encoding="utf-8"))


def _seed_path() -> Path | None:
    candidates = [os.environ.get("CELESTIA_SEED"), f"/work/shared/seeds/{SEED_NAME}"]
    for c in candidates:
        if c and Path(c).is_file():
            return Path(c)
    return None


def _all_citations():
    spec = load_spec("celestia")
    for c in spec.clauses:
        for s in c.sources:
            yield c.id, s


def test_seed_source_is_registered_as_the_seed_file():
    seed = load_spec("celestia").source("SEED-C")
    assert seed is not None
    assert seed["kind"] == "seed"
    assert seed["ref"] == SEED_NAME


def test_every_seed_citation_has_a_where_and_a_quote():
    missing = [cid for cid, s in _all_citations()
               if s.get("tag") == "SEED-C" and not (s.get("where") and s.get("quote"))]
    assert missing == []


def test_only_seed_citations_carry_quotes():
    # Quotes are checked against the seed file, so other sources must not carry one.
    stray = [(cid, s["tag"]) for cid, s in _all_citations() if s.get("quote") and s.get("tag") != "SEED-C"]
    assert stray == []


def test_every_quote_occurs_verbatim_in_the_seed():
    path = _seed_path()
    if path is None:
        pytest.skip(f"seed file {SEED_NAME} not available (set CELESTIA_SEED)")
    text = path.read_text(encoding="utf-8")
    quotes = [(cid, s["quote"]) for cid, s in _all_citations() if s.get("quote")]
    assert len(quotes) > 40
    absent = [(cid, q) for cid, q in quotes if q not in text]
    assert absent == []


def test_quotes_are_short_citations_not_copied_passages():
    long = [(cid, s["quote"]) for cid, s in _all_citations() if len(s.get("quote") or "") > 80]
    assert long == []


def test_spec_has_no_problem_but_missing_scenarios():
    problems = [p for p in spec_problems("celestia") if not p.endswith("has no scenario")]
    assert problems == []


def test_clause_ids_are_area_dot_slug_and_areas_are_declared():
    spec = load_spec("celestia")
    areas = {a["id"] for a in spec.areas}
    raw = {c["id"]: c for c in _yaml("clauses.yaml")["clauses"]}
    for c in spec.clauses:
        assert re.fullmatch(r"[a-z-]+\.[a-z0-9-]+", c.id), c.id
        assert c.area in areas, c.id
        assert raw[c.id]["area"] == c.area, c.id


def test_provisional_clauses_name_their_dispute():
    spec = load_spec("celestia")
    assert [c.id for c in spec.clauses if c.confidence == "provisional" and not c.disputes] == []


def test_every_digest_contradiction_and_open_question_is_ruled():
    refs = " ; ".join(r for d in load_spec("celestia").disputes for r in d.get("digest_refs") or [])
    for kind, n in (("contradictions", 10), ("open-questions", 11)):
        covered = {int(x) for part in re.findall(rf"{kind}: ([0-9, ]+)", refs)
                   for x in re.findall(r"[0-9]+", part)}
        assert covered >= set(range(1, n + 1)), (kind, sorted(set(range(1, n + 1)) - covered))


def test_disputes_are_ruled_and_reading_sources_are_registered():
    spec = load_spec("celestia")
    ids = [d["id"] for d in spec.disputes]
    assert len(ids) == len(set(ids))
    for d in spec.disputes:
        assert d["status"] == "ruled", d["id"]
        assert d.get("reason") and d.get("question"), d["id"]
        for r in d["readings"]:
            for tag in r["sources"]:
                assert spec.source(tag) is not None, (d["id"], tag)


def test_options_register_matches_disputes_and_clauses():
    spec = load_spec("celestia")
    options = {o["name"]: o for o in _yaml("options.yaml")["options"]}
    for name in options:
        assert re.fullmatch(r"[a-z][a-z0-9_]*", name), name
    from_disputes = {d["option"]["name"]: d for d in spec.disputes if d.get("option")}
    assert set(from_disputes) == {n for n, o in options.items() if o["dispute"]}
    for name, d in from_disputes.items():
        opt, reg = d["option"], options[name]
        assert reg["dispute"] == d["id"]
        if name != "city_dice":
            other = opt["other"] if isinstance(opt["other"], list) else [opt["other"]]
            assert reg["values"] == [opt["default"], *other], name
            assert opt["default"] == d["ruling"], name
    used = {o for c in spec.clauses for o in c.options}
    assert used <= set(options), used - set(options)
    assert options["game_type"]["values"] == ["basic", "basic-promo", "fast"]


def test_cities_are_nine_in_route_order_with_dice_from_two_to_four():
    cities = _yaml("cities.yaml")["cities"]
    assert [c["id"] for c in cities] == [1, 2, 4, 6, 9, 12, 15, 20, 25]
    assert all(c["min_value"] == c["id"] for c in cities)
    dice = [c["dice"] for c in cities]
    assert dice == sorted(dice) and min(dice) == 2 and max(dice) == 4
    assert all(c.get("dispute") == "city-dice" for c in cities if c.get("provisional"))
    assert all(c.get("sources") for c in cities if not c.get("provisional"))
    default = next(d for d in load_spec("celestia").disputes if d["id"] == "city-dice")["option"]["default"]
    assert default == dice


@pytest.mark.parametrize("name, total", [("seed-80", 80), ("rulebook-78", 78)])
def test_treasure_sets_add_up(name, total):
    doc = _yaml(f"treasures/{name}.yaml")
    assert doc["set"] == name and doc["total"] == total
    assert [c["city"] for c in doc["cities"]] == [1, 2, 4, 6, 9, 12, 15, 20, 25]
    for c in doc["cities"]:
        assert c["telescope"] + sum(c["cards"].values()) == c["total"], c["city"]
        assert min(c["cards"]) == c["city"], c["city"]
    assert sum(c["total"] for c in doc["cities"]) == total


def test_treasure_sets_differ_only_in_cities_four_and_six():
    seed = {c["city"]: c for c in _yaml("treasures/seed-80.yaml")["cities"]}
    book = {c["city"]: c for c in _yaml("treasures/rulebook-78.yaml")["cities"]}
    differ = [k for k in seed if (seed[k]["cards"], seed[k]["telescope"]) != (book[k]["cards"], book[k]["telescope"])]
    assert differ == [4, 6]


def test_deck_counts_match_the_game_types():
    deck = _yaml("deck.yaml")
    groups = {g: sum(card["count"] for card in deck[g]) for g in ("equipment", "turbo", "power", "promo")}
    assert groups["equipment"] == 68 and groups["turbo"] == 8 and groups["power"] == 8
    for name, gt in deck["game_types"].items():
        assert sum(groups[g] for g in gt["groups"]) == gt["total"], name
    assert deck["game_types"]["fast"]["with_turbo_total"] == groups["equipment"] + groups["turbo"]
    faces = deck["dice"]["faces"]
    assert sorted(e["answers"] for e in deck["equipment"]) == sorted(f for f in faces if f != "blank")


def test_every_source_of_the_digest_is_registered():
    digest = Path(os.environ.get("CELESTIA_DIGEST", "/work/shared/rules/celestia.md"))
    if not digest.is_file():
        pytest.skip("the rules digest is not available (set CELESTIA_DIGEST)")
    section = digest.read_text(encoding="utf-8").split("## 0. Sources", 1)[1].split("\n## ", 1)[0]
    tags = set(re.findall(r"^\| ([A-Z0-9][A-Z0-9-]+) \|", section, flags=re.M))
    tags |= set(re.findall(r"\(([A-Z0-9]{4,}[A-Z0-9-]*)[,)]", section))
    assert len(tags) > 25
    registered = {s["tag"] for s in load_spec("celestia").sources}
    assert tags - registered == set()
