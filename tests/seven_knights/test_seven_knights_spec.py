"""The seven-knights spec holds together: quotes, disputes, options and tile data.

Checks what spec_problems() does not: every seed quote occurs verbatim in the seed file, the
disputes register covers the whole digest, each option names a ruled reading, and the tile
and score data add up.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from tabletop_referee.spec import load_spec, spec_problems

REPO = Path(__file__).resolve().parents[2]
SPEC_DIR = REPO / "spec" / "seven-knights"
SHARED = REPO.parent / "shared"
DIGEST = SHARED / "rules" / "seven-knights.md"
SPEC = load_spec("seven-knights")
CLAUSE_ID = re.compile(r"^[a-z]+(\.[a-z0-9-]+)+$")


def _yaml(name: str):
    return yaml.safe_load((SPEC_DIR / name).read_text(encoding="utf-8"))


def _citations():
    """Every (where-it-is, citation) pair in the spec files that carry citations."""
    for c in SPEC.clauses:
        for s in c.sources:
            yield f"clause {c.id}", s
    for name in ("tiles.yaml", "scoring.yaml"):
        for s in _yaml(name).get("sources") or ():
            yield name, s


def _seed_text(ref: str) -> str:
    path = SHARED / "seeds" / ref
    if not path.is_file():
        pytest.skip(f"the seed is not beside the repo ({path})")
    return path.read_text(encoding="utf-8")


def test_no_problems_except_missing_scenarios():
    problems = [p for p in spec_problems("seven-knights") if not p.endswith("has no scenario")]
    assert problems == []


def test_every_seed_quote_occurs_verbatim_in_the_seed():
    seeds = {s["tag"]: s["ref"] for s in SPEC.sources if s.get("kind") == "seed"}
    assert seeds, "no seed registered"
    checked = 0
    for where, cite in _citations():
        if cite["tag"] in seeds:
            quote = cite.get("quote")
            assert quote, f"{where}: a seed citation needs a quote"
            assert quote in _seed_text(seeds[cite["tag"]]), f"{where}: quote not in seed: {quote!r}"
            checked += 1
        assert cite.get("where"), f"{where}: citation of {cite['tag']} has no 'where'"
    assert checked >= 50


def test_every_citation_names_a_registered_source():
    tags = {s["tag"] for s in SPEC.sources}
    for where, cite in _citations():
        assert cite["tag"] in tags, f"{where} cites {cite['tag']!r}"
    for d in SPEC.disputes:
        for r in d["readings"]:
            assert set(r["sources"]) <= tags, f"dispute {d['id']} reading {r['id']}"


def test_clause_ids_are_slugs_of_declared_areas():
    areas = [a["id"] for a in SPEC.areas]
    for c in SPEC.clauses:
        assert CLAUSE_ID.match(c.id), c.id
        assert c.area in areas, c.id
    raw = _yaml("clauses.yaml")["clauses"]
    for c in raw:
        assert c.get("area", c["id"].split(".")[0]) == c["id"].split(".")[0], c["id"]


def test_inferred_and_provisional_clauses_say_why():
    for c in SPEC.clauses:
        if c.confidence == "inferred":
            assert c.notes, f"{c.id} is inferred but has no notes"
        if c.confidence == "provisional":
            assert c.disputes, f"{c.id} is provisional but names no dispute"


@pytest.mark.skipif(not DIGEST.is_file(), reason=f"the rules digest is not beside the repo ({DIGEST})")
def test_disputes_register_covers_the_whole_digest():
    text = DIGEST.read_text(encoding="utf-8")
    contra = text.split("## Contradictions between sources", 1)[1].split("## Open questions", 1)[0]
    open_q = text.split("## Open questions no source settles", 1)[1]
    rows = [int(m) for m in re.findall(r"^(\d+)\. ", contra, re.M)]
    questions = [int(m) for m in re.findall(r"^(\d+)\. ", open_q, re.M)]
    assert rows == list(range(1, 7)) and questions == list(range(1, 11))
    refs = [r for d in SPEC.disputes for r in d.get("digest_refs") or ()]
    for n in rows:
        assert f"contradictions: {n}" in refs, f"contradiction {n} has no dispute"
    for n in questions:
        assert f"open-questions: {n}" in refs, f"open question {n} has no dispute"


def test_each_dispute_is_ruled_with_an_option_for_every_backed_reading():
    clause_ids = set(SPEC.clause_ids)
    for d in SPEC.disputes:
        readings = [r["id"] for r in d["readings"]]
        assert d["ruling"] in readings and d.get("reason") and d["status"] == "ruled", d["id"]
        assert set(d["clauses"]) <= clause_ids, d["id"]
        backed = [r["id"] for r in d["readings"] if r["sources"] and r["id"] != d["ruling"]]
        opt = d.get("option")
        if not backed:
            assert opt is None, f"{d['id']} has an option but no backed alternative"
            continue
        assert opt, f"{d['id']}: readings {backed} are backed by a source but have no option"
        values = [opt["default"], *opt["other"]]
        assert re.match(r"^[a-z][a-z0-9_]*$", opt["name"]), opt["name"]
        if all(isinstance(v, str) for v in values):
            assert opt["default"] == d["ruling"], d["id"]
            assert set(backed) <= set(opt["other"]), d["id"]


def test_options_file_agrees_with_disputes_and_clauses():
    options = {o["name"]: o for o in _yaml("options.yaml")["options"]}
    for d in SPEC.disputes:
        if d.get("option"):
            o = options[d["option"]["name"]]
            assert o["default"] == d["option"]["default"], o["name"]
            assert o["values"] == [d["option"]["default"], *d["option"]["other"]], o["name"]
            assert o.get("dispute") == d["id"], o["name"]
    for o in options.values():
        assert o["values"][0] == o["default"], o["name"]
        for cid in o["clauses"]:
            assert o["name"] in SPEC.clause(cid).options, f"{cid} does not list option {o['name']}"
    for c in SPEC.clauses:
        assert set(c.options) <= set(options), c.id


KNIGHTS = {1, 2, 3, 4, 5, 6, 7}


def _limits():
    """Player counts per (variant, cooperative), as modes.player-limits states them."""
    base = {"standard": range(4, 9), "advanced": range(4, 8), "darkness": range(3, 5)}
    return {(v, coop): [n for n in r if not (coop and n == 8)] for v, r in base.items() for coop in (False, True)}


def test_tile_data_covers_every_allowed_player_count():
    tiles = _yaml("tiles.yaml")
    for (variant, coop), counts in _limits().items():
        table = tiles[variant]["cooperative" if coop else "competitive"]
        assert sorted(k for k in table if isinstance(k, int)) == counts, (variant, coop)


def test_standard_tiles_add_up():
    tiles = _yaml("tiles.yaml")["standard"]
    for coop, table in ((False, tiles["competitive"]), (True, tiles["cooperative"])):
        for n, row in table.items():
            in_play = row["in_play"]
            assert len(in_play) == n + row["centre"], (coop, n)
            assert row["centre"] == (1 if n < 6 else 0)
            assert ("W" in in_play) is (not coop)
            knights = {t for t in in_play if t != "W"}
            assert knights == set(range(1, len(knights) + 1)), "standard knights run from 1 without gaps"
            assert knights | set(row["face_up_leftovers"]) == KNIGHTS and not knights & set(row["face_up_leftovers"])


def test_random_modes_tiles_add_up():
    tiles = _yaml("tiles.yaml")
    for coop, key in ((False, "competitive"), (True, "cooperative")):
        adv = tiles["advanced"][key]
        for n in (k for k in adv if isinstance(k, int)):
            assert n + adv[n]["centre"] + adv[n]["unused"] == len(adv["pool"]), ("advanced", key, n)
        dark = tiles["darkness"][key]
        for n in (k for k in dark if isinstance(k, int)):
            rest = 7 - n + (0 if coop else 1)
            assert dark[n]["centre"] + dark[n]["unused"] == rest, ("darkness", key, n)


def test_score_table():
    scoring = _yaml("scoring.yaml")
    assert scoring["rounds"] == 3
    std, fixed = scoring["points"]["standard_rules"], scoring["points"]["fixed_score"]
    assert std[1] == std[2] == {"knights": 2, "witch": 3} == fixed[3]
    assert std[3] == {"knights": 7, "witch": 7}
