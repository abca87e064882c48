"""The spec holds together: clauses, disputes, sources, features, engine and rendered docs.

"One name everywhere": a clause id is the same in spec/mlem/clauses.yaml, the @clause tags of
the features, the engine's errors and events, and the rendered rules page.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tabletop_referee.games.mlem.model import GOALS, OPTION_VALUES
from tabletop_referee.render import render_markdown
from tabletop_referee.spec import coverage, load_scenarios, load_spec, spec_problems

REPO = Path(__file__).resolve().parents[1]
DIGEST = REPO.parent / "shared" / "rules" / "mlem.md"
SPEC = load_spec("mlem")
CLAUSE_ID = re.compile(r"^[a-z]+(\.[a-z0-9-]+)+$")


def test_spec_has_no_problems():
    assert spec_problems("mlem") == []


@pytest.mark.parametrize("clause", SPEC.clause_ids)
def test_every_clause_has_a_scenario_and_a_source(clause):
    assert coverage("mlem")[clause], f"no scenario is tagged @clause:{clause}"
    assert SPEC.clause(clause).sources


def test_every_tag_names_a_known_clause():
    unknown = {c for s in load_scenarios("mlem") for c in s.clauses if c not in SPEC.clause_ids}
    assert unknown == set()


def test_clause_ids_are_stable_slugs():
    for cid in SPEC.clause_ids:
        assert CLAUSE_ID.match(cid), cid
        assert not re.search(r"\.\d", cid), f"{cid} looks like a section number"
    assert len(set(SPEC.clause_ids)) == len(SPEC.clause_ids)


def test_every_scenario_cites_exactly_one_rule_clause():
    for s in load_scenarios("mlem"):
        assert len(s.clauses) == 1, f"{s.feature}:{s.line} cites {s.clauses}"


def _engine_clause_ids() -> set[str]:
    mlem = REPO / "reference/tabletop_referee/games/mlem"
    src = "\n".join(f.read_text(encoding="utf-8") for f in [mlem / "engine.py", *sorted((mlem / "rules").glob("*.py"))])
    areas = {a["id"] for a in SPEC.areas}
    found = {m for m in re.findall(r'"([a-z]+\.[a-z0-9.-]+)"', src) if m.split(".")[0] in areas}
    found |= {f"goal.{g}" for g in GOALS} if 'f"goal.{goal}"' in src else set()
    return found


def test_engine_names_only_known_clauses():
    ids = _engine_clause_ids()
    assert len(ids) > 30  # the scan really finds the engine's clause ids
    assert ids - set(SPEC.clause_ids) == set()


@pytest.mark.parametrize("dispute", [d for d in SPEC.disputes if d.get("option")], ids=lambda d: d["id"])
def test_every_rule_option_is_real_and_has_scenarios_for_each_reading(dispute):
    option = dispute["option"]
    name = option["name"]
    assert name in OPTION_VALUES
    values = {str(v).lower() for v in OPTION_VALUES[name]}
    assert {str(option["default"]).lower(), str(option["other"]).lower()} == values
    clauses = set(dispute["clauses"])
    tagged = [s for s in load_scenarios("mlem") if name in s.options and clauses & set(s.clauses)]
    plain = [s for s in load_scenarios("mlem") if name not in s.options and clauses & set(s.clauses)]
    assert tagged, f"no @option:{name} scenario for the other reading"
    assert plain, f"no scenario for the default reading of {name}"
    # a tagged scenario really selects the option
    for s in tagged:
        assert any(f"rule option {name} is" in text for _, text in s.steps), f"{s.feature}:{s.line}"


def test_option_tags_name_real_options():
    for s in load_scenarios("mlem"):
        assert set(s.options) <= set(OPTION_VALUES), f"{s.feature}:{s.line}: {s.options}"


def test_rulings_named_in_the_issue():
    by_id = {d["id"]: d for d in SPEC.disputes}
    assert by_id["dice-selection"]["ruling"] == "groups"
    assert by_id["dice-selection"]["option"]["other"] == "single-group"
    assert by_id["tie-break"]["option"]["name"] == "tie_break"
    crash = by_id["crash-limit"]
    assert len(crash["readings"]) >= 2 and crash["option"] is None  # the "4" is recorded, rejected
    for needed in ("end-timing", "overshoot", "plus-minus-reach", "parachute-scope"):
        assert by_id[needed]["ruling"], needed
    die_one = [d for d in SPEC.disputes if d["id"].startswith("die-one")]
    die_removal = [d for d in SPEC.disputes if d["id"].startswith("die-removal")]
    assert die_one and die_removal


def _digest_sections() -> tuple[list[str], list[int], list[int]]:
    text = DIGEST.read_text(encoding="utf-8")
    contradictions = text.split("## Contradictions between sources", 1)[1].split("\n## ", 1)[0]
    rows = [
        line.split("|")[1].strip()
        for line in contradictions.splitlines()
        if line.startswith("| ") and not line.startswith("| Topic") and "---" not in line
    ]
    open_q = text.split("## Open questions no source settles", 1)[1]
    questions = [int(m) for m in re.findall(r"^(\d+)\. ", open_q, re.M)]
    ambiguities = text.split("## 6. Known ambiguities", 1)[1].split("## Contradictions", 1)[0]
    items = [int(m) for m in re.findall(r"^(\d+)\. ", ambiguities, re.M)]
    return rows, questions, items


@pytest.mark.skipif(not DIGEST.is_file(), reason=f"the rules digest is not beside the repo ({DIGEST})")
def test_disputes_register_covers_the_whole_digest():
    rows, questions, items = _digest_sections()
    assert len(rows) >= 10 and len(questions) >= 10 and len(items) >= 10
    refs = [r for d in SPEC.disputes for r in d.get("digest_refs") or ()]
    for row in rows:
        assert f"contradictions: {row}" in refs, f"contradiction row {row!r} has no dispute"
    for n in questions:
        assert f"open-questions: {n}" in refs, f"open question {n} has no dispute"
    for n in items:
        assert f"ambiguities: {n}" in refs, f"ambiguity {n} has no dispute"
    for d in SPEC.disputes:
        assert d.get("ruling") and d.get("reason"), d["id"]


def test_rendered_rules_page_is_up_to_date():
    page = REPO / "docs" / "mlem" / "rules.md"
    assert page.read_text(encoding="utf-8") == render_markdown("mlem"), (
        "docs/mlem/rules.md is stale: run `referee spec --game mlem -o docs/mlem/rules.md`"
    )


def test_standard_board_marks_its_guesses_provisional():
    import yaml

    doc = yaml.safe_load((REPO / "spec/mlem/boards/standard.yaml").read_text(encoding="utf-8"))
    spaces = doc["spaces"]
    # sourced facts carry no provisional mark
    assert spaces[0]["faces"] == ["1", "2", "afterburner"] and "faces" not in spaces[0].get("provisional", [])
    assert spaces[5]["faces"] == ["1", "4"] and "faces" not in spaces[5].get("provisional", [])
    assert doc["satellite_space"] == 3 and doc["crash_limit"] == 11
    assert doc["deep_space"]["comet"] == 7 and doc["deep_space"]["galaxy"] == 5
    assert len(doc["planets"]) == 5
    assert all(not s.get("moons") and not s.get("planet") for s in spaces[:6])
    # every guessed field is marked
    for i, s in enumerate(spaces[6:-1], start=6):
        for field in ("moons", "planet", "afterburner"):
            if field in s:
                assert field in s.get("provisional", []), f"space {i} {field}"
        assert "faces" in s.get("provisional", []), f"space {i} faces"
    for pid, p in doc["planets"].items():
        assert set(p.get("provisional", [])) == {"gold", "silver", "bronze"}, pid


# -- the spec files' own schemas (schemas/spec/; docs/adding-a-game.md, "The contract") ---------

SPEC_FILES = sorted(p for name in ("clauses", "disputes", "sources", "perft")
                    for p in (REPO / "spec").glob(f"*/{name}.yaml"))


@pytest.mark.parametrize("path", SPEC_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_spec_file_fits_its_schema(path):
    from tabletop_referee.loading import read_spec_file

    assert read_spec_file(path) is not None


@pytest.mark.parametrize("name, edit, key, hint", [
    # the two keys docs/adding-a-game.md once named wrongly, which the code silently ignored
    ("perft", lambda doc: doc[0].__setitem__("chance", doc[0].pop("pins", [])), "chance", "pins"),
    ("disputes", lambda doc: doc["disputes"][0]["readings"][0].__setitem__(
        "text", doc["disputes"][0]["readings"][0].pop("summary")), "text", "summary"),
    ("clauses", lambda doc: doc["clauses"][0].__setitem__("sauce", []), "sauce", None),
])
def test_an_unknown_key_in_a_spec_file_is_refused_on_one_line(tmp_path, name, edit, key, hint):
    import yaml

    from tabletop_referee.loading import LoadError, read_spec_file

    doc = yaml.safe_load((REPO / "spec" / "celestia" / f"{name}.yaml").read_text(encoding="utf-8"))
    edit(doc)
    path = tmp_path / f"{name}.yaml"
    path.write_text(yaml.safe_dump(doc), encoding="utf-8")
    with pytest.raises(LoadError) as err:
        read_spec_file(path)
    message = str(err.value)
    assert "\n" not in message and message.startswith(str(path)), message
    assert f"'{key}' was unexpected" in message and "$" in message, message
    if hint:
        assert f"`{hint}" in message, message
