"""The committed test vectors: well formed, traceable, and in step with the features."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop_referee.schemas import validation_errors
from tabletop_referee.spec import load_scenarios, load_spec
from tabletop_referee.vectors import ID_TAG

REPO = Path(__file__).resolve().parents[1]
VECTORS = REPO / "vectors" / "mlem"
FILES = sorted(VECTORS.glob("*.json"))
ALL = [(f.name, v) for f in FILES for v in json.loads(f.read_text(encoding="utf-8"))["vectors"]]
GENERATED = ("perft", "standard", "variations")
"""Vector files not exported from the features: perft counts, and the standard-board and
data-variation vectors generated from whole games (tabletop_referee/datavectors.py); and the
siblings under other readings (``readings-<area>.json``, conformance/readings.py)."""


def generated(stem: str) -> bool:
    return stem in GENERATED or stem.startswith("readings-")


PLAY = [(n, v) for n, v in ALL if v["kind"] == "play" and not generated(Path(n).stem)]
SIBLINGS = [v for _n, v in ALL if v.get("reading_of")]
STANDARD = [v for n, v in ALL if Path(n).stem == "standard"]
SPEC = load_spec("mlem")


def load_game(game_id: str):
    from tabletop_referee.games import load

    return load(game_id)


def test_there_are_vectors_for_every_feature():
    features = sorted(p.stem for p in (REPO / "features" / "mlem").glob("*.feature"))
    assert [f.stem for f in FILES if not generated(f.stem)] == features
    assert len(PLAY) >= 150


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_vector_file_matches_its_schema(path):
    assert validation_errors("vectors", "vector-file", json.loads(path.read_text(encoding="utf-8"))) == []


@pytest.mark.parametrize(("name", "vector"), PLAY, ids=[v["id"] for _, v in PLAY])
def test_vector_is_traceable_and_its_documents_are_valid(name, vector):
    assert set(vector["clauses"]) <= set(SPEC.clause_ids)
    assert len(vector["description"]) <= 120 and "should" not in vector["description"].lower()
    assert "state" in vector or vector["expect"]["rejected"]["step"] == -1
    if "state" in vector:
        assert validation_errors("mlem", "state", vector["state"]) == []
    if "setup" in vector:
        assert validation_errors("mlem", "setup", vector["setup"]) == []
    for step in vector["steps"]:
        assert validation_errors("mlem", "action", step["action"]) == []
    source, _, line = vector["source"].rpartition(":")
    text = (REPO / source).read_text(encoding="utf-8").splitlines()
    assert f"@id:{vector['id']}" in "\n".join(text[max(0, int(line) - 4): int(line)])


@pytest.mark.parametrize("vector", SIBLINGS[::10], ids=[v["id"] for v in SIBLINGS[::10]])
def test_a_sibling_is_traceable_to_its_scenario_and_its_documents_are_valid(vector):
    """Every tenth sibling (they are many): its documents are valid and its source line still
    carries the id of the vector it tests under other readings."""
    assert set(vector["clauses"]) <= set(SPEC.clause_ids)
    if "state" in vector:
        assert validation_errors("mlem", "state", vector["state"]) == []
    for step in vector.get("steps", []):
        assert validation_errors("mlem", "action", step["action"]) == []
    source, _, line = vector["source"].rpartition(":")
    if source.startswith("features/"):
        text = (REPO / source).read_text(encoding="utf-8").splitlines()
        assert f"@id:{vector['reading_of']}" in "\n".join(text[max(0, int(line) - 4): int(line)])
    assert vector["id"].startswith(vector["reading_of"] + "@")


def test_vector_ids_are_unique():
    ids = [v["id"] for _, v in ALL]
    assert len(ids) == len(set(ids))


def test_every_scenario_has_one_stable_id():
    ids = []
    for s in load_scenarios("mlem"):
        mine = [t for t in s.tags if ID_TAG.fullmatch(t)]
        assert len(mine) == 1, f"{s.feature}:{s.line} has ids {mine} (run: referee vectors assign-ids --game mlem)"
        ids.append(mine[0])
    assert len(ids) == len(set(ids)), "two scenarios share an id"


def test_unexportable_scenarios_say_why():
    listed = json.loads((REPO / "vectors" / "mlem-unexportable.json").read_text(encoding="utf-8"))
    assert len(listed) + len(PLAY) == len(load_scenarios("mlem"))
    assert all(entry["reasons"] for entry in listed)


def test_vectors_are_in_step_with_the_features(tmp_path):
    """Re-exports the scenarios and compares with the committed files byte for byte."""
    env = dict(os.environ, REFEREE_EXPORT_VECTORS=str(tmp_path / "mlem"))
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", str(REPO / "tests" / "bdd"), "-q", "-p", "no:cacheprovider"],
        cwd=REPO, env=env, capture_output=True, text=True,
    )
    assert proc.returncode == 0, proc.stdout[-2000:]
    fresh = sorted((tmp_path / "mlem").glob("*.json"))
    assert [f.name for f in fresh] == [f.name for f in FILES if not generated(f.stem)]
    for new in fresh:
        old = VECTORS / new.name
        assert new.read_text(encoding="utf-8") == old.read_text(encoding="utf-8"), (
            f"vectors/mlem/{new.name} drifted from the features: run `referee vectors export --game mlem`"
        )
    assert (tmp_path / "mlem-unexportable.json").read_text(encoding="utf-8") == (
        REPO / "vectors" / "mlem-unexportable.json"
    ).read_text(encoding="utf-8")


def test_perft_vectors_are_in_step_with_the_reference():
    from tabletop_referee.perft import perft_vectors
    from tabletop_referee.vectors import dump, vector_file

    fresh = dump(vector_file("mlem", "spec/mlem/perft.yaml", perft_vectors("mlem")))
    assert fresh == (VECTORS / "perft.json").read_text(encoding="utf-8")


def test_perft_divide_adds_up_and_counts_are_not_trivial():
    perfts = [v for _, v in ALL if v["kind"] == "perft"]
    assert len(perfts) >= 3
    for v in perfts:
        p = v["expect"]["perft"]
        assert sum(p["divide"].values()) == p["nodes"] > len(p["divide"]) > 1


# -- the standard-board vectors (docs/vectors.md, "Vectors on the standard board") -------------


def test_standard_board_vectors_are_in_step_with_the_generator():
    from tabletop_referee.datavectors import DATA_SOURCE, generate
    from tabletop_referee.vectors import dump, vector_file

    fresh = dump(vector_file("mlem", DATA_SOURCE, generate("mlem")))
    assert fresh == (VECTORS / "standard.json").read_text(encoding="utf-8"), (
        "vectors/mlem/standard.json drifted: run `referee vectors export --game mlem`")


def test_standard_board_vectors_check_everything_their_steps_do():
    """Each one runs on the standard board (no custom-boards), takes the default options, and
    checks the exact event list, every state field but the board, actor, legal actions, scores
    and outcome; or expects a rejection. Together they reach many base clauses."""
    assert len(STANDARD) >= 35
    for v in STANDARD:
        assert "custom-boards" not in v["requires"]["capabilities"], v["id"]
        # the default readings (format 2 lists the values it holds under, the defaults among them)
        assert not load_game("mlem").options.non_default_options(v) and "variants" not in v["requires"], v["id"]
        doc = v.get("state") or {}
        assert doc.get("board", {}).get("id", "standard") == "standard"
        if "setup" in v and "refusal" not in v["id"]:
            assert "options" not in v["setup"], v["id"]  # the defaults apply
        if {"rejected", "invalid_input", "chance"} & set(v["expect"]):
            continue  # a refusal, unreadable input, or the odds at a chance node
        pointers = {x["pointer"] for x in v["expect"]["values"]}
        assert {"/actor", "/scores", "/outcome", "/state/rocket", "/state/phase", "/state/options"} <= pointers, v["id"]
        assert "/state/board" not in pointers
        assert "event_list" in v["expect"] and "legal_actions" in v["expect"]
        for field in v["requires"].get("board_fields", {}):
            assert f"provisional:{field}" in v["tags"]
    clauses = {c for v in STANDARD for c in v["clauses"]}
    assert len(clauses) >= 25, sorted(clauses)
    # reached only from the positions of spec/mlem/standard-positions.yaml (deep space)
    assert {"travel.overshoot", "goal.deep-space-pair", "power.deep-space-double"} <= clauses
    from_positions = [v for v in STANDARD if "position " in v["source"]]
    assert from_positions and all("setup" not in v and v["state"]["board"]["id"] == "standard"
                                  for v in from_positions)
    assert any("rejected" in v["expect"] for v in STANDARD)
    assert sum("setup" in v for v in STANDARD) >= 5


def test_variation_vectors_are_in_step_with_the_generator_and_vary_the_data():
    """vectors/mlem/variations.json: token sets that are not shipped (inline), and setups that
    leave the token set and every option but the variants out, so the defaults apply."""
    from tabletop_referee.datavectors import VARIATIONS_FILE, VARIATIONS_SOURCE, generate_variations
    from tabletop_referee.games import load
    from tabletop_referee.games.mlem.interchange import load_tokens, token_set_ids, tokens_to_json
    from tabletop_referee.vectors import dump, vector_file

    text = (VECTORS / VARIATIONS_FILE).read_text(encoding="utf-8")
    assert dump(vector_file("mlem", VARIATIONS_SOURCE, generate_variations("mlem"))) == text, (
        "vectors/mlem/variations.json drifted: run `referee vectors export --game mlem`")
    assert VARIATIONS_FILE in (VECTORS / "MANIFEST.txt").read_text(encoding="utf-8").split()
    game = load("mlem")
    vectors = json.loads(text)["vectors"]
    setups = [v for v in vectors if v["id"].endswith("-setup")]
    shipped = [tokens_to_json(load_tokens(t)) for t in token_set_ids()]
    inline = [v for v in setups if isinstance(v["setup"].get("tokens"), dict)]
    omitted = [v for v in setups if "tokens" not in v["setup"]]
    assert len(inline) >= 2 and len(omitted) >= 2
    for v in inline:
        tokens = v["setup"]["tokens"]
        assert all({**tokens, "id": s["id"]} != s for s in shipped), v["id"]  # not a shipped set
        assert "custom-boards" in v["requires"]["capabilities"] and "data-variation" in v["tags"]
        assert "custom-boards" in game.probes.vector_profiles(v)
    for v in setups:
        assert set(v["setup"].get("options", {})) == {"variants"} and not game.options.non_default_options(v), v["id"]
        assert v["requires"]["variants"] == v["setup"]["options"]["variants"]
        assert "state" not in v and "/state/options" in {x["pointer"] for x in v["expect"]["values"]}
    for v in omitted:
        assert "custom-boards" not in v["requires"]["capabilities"] and "defaults" in v["tags"]
        assert game.probes.vector_profiles(v) == ("base", "variants")
    variants = {c.split(".")[0] for v in vectors for c in v["clauses"]} & set(game.info.variants)
    assert len(variants) >= 2, variants
    assert sum(not v["id"].endswith("-setup") for v in vectors) >= 10


def test_every_event_type_is_checked_by_some_vector():
    """Every event type of schemas/mlem/event.schema.json appears in a vector's expected events."""
    schema = json.loads((REPO / "schemas" / "mlem" / "event.schema.json").read_text(encoding="utf-8"))
    types: set[str] = set()

    def walk(node):
        if isinstance(node, dict):
            t = node.get("properties", {}).get("type")
            if isinstance(t, dict):
                types.update([t["const"]] if "const" in t else t.get("enum", []))
            for x in node.values():
                walk(x)
        elif isinstance(node, list):
            for x in node:
                walk(x)

    walk(schema)
    assert len(types) >= 30
    checked = {e["type"] for _, v in ALL if v["kind"] == "play"
               for c in [v["expect"], *(cp["expect"] for cp in v.get("checkpoints", []))]
               for e in [*c.get("events", []), *c.get("event_list", [])] if "type" in e}
    assert sorted(types - checked) == [], "event types no vector checks"


UNREACHABLE_REJECTIONS = {
    "crash.parachute": "a parachute phase's cursor stops only at Parachute astronauts, so no action from a "
                       "reachable state meets this check; it guards states built by hand",
}


def test_every_documented_rejection_has_a_vector_that_reaches_it():
    """docs/mlem/interchange.md lists, in check order, the clauses that reject an action; each
    has a vector expecting that rejection (or a reason here why no reachable state meets it)."""
    import re

    text = (REPO / "docs" / "mlem" / "interchange.md").read_text(encoding="utf-8")
    base = text.split("## Which rule rejects an illegal action", 1)[1].split("Documents that do not match", 1)[0]
    variant = text.split("### Which rule rejects a variant action", 1)[1].split("\n## ", 1)[0]
    documented = set(re.findall(r"`([a-z]+\.[a-z0-9-]+)`", base + variant))
    assert len(documented) >= 15
    reached = {v["expect"]["rejected"]["clause"] for _, v in ALL if v["kind"] == "play" and "rejected" in v["expect"]}
    assert sorted(documented - reached - set(UNREACHABLE_REJECTIONS)) == []
    assert not set(UNREACHABLE_REJECTIONS) & reached, "a clause listed as unreachable has a vector now"
    assert {"setup.players", "setup.start-player"} <= reached  # refused setups
    invalid = [v for _, v in ALL if v["kind"] == "play" and "invalid_input" in v["expect"]]
    assert {v["clauses"][0] for v in invalid} >= {"setup.board", "variants.selection", "components.astronauts",
                                                  "components.dice"}
