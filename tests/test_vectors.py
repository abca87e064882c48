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
PLAY = [(n, v) for n, v in ALL if v["kind"] == "play"]
SPEC = load_spec("mlem")


def test_there_are_vectors_for_every_feature():
    features = sorted(p.stem for p in (REPO / "features" / "mlem").glob("*.feature"))
    assert [f.stem for f in FILES if f.stem != "perft"] == features
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
    assert [f.name for f in fresh] == [f.name for f in FILES if f.stem != "perft"]
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
