"""Pig's committed vectors are what its features export today (docs/vectors.md), and the
scenarios that pin chance odds and exact event lists export them."""

import json
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
VECTORS = REPO / "vectors" / "pig"


def test_vectors_are_in_step_with_the_features(tmp_path):
    env = dict(os.environ, REFEREE_EXPORT_VECTORS=str(tmp_path / "pig"))
    proc = subprocess.run([sys.executable, "-m", "pytest", str(REPO / "tests" / "pig" / "bdd"), "-q", "-p",
                           "no:cacheprovider"], cwd=REPO, env=env, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout[-2000:]
    fresh = sorted((tmp_path / "pig").glob("*.json"))
    assert [f.stem for f in fresh] == sorted(p.stem for p in (REPO / "features" / "pig").glob("*.feature"))
    for new in fresh:
        assert new.read_text(encoding="utf-8") == (VECTORS / new.name).read_text(encoding="utf-8"), (
            f"vectors/pig/{new.name} drifted from the features: run `referee vectors export --game pig`")


def test_the_die_odds_and_exact_event_lists_are_exported():
    vectors = {v["id"]: v for f in VECTORS.glob("*.json") for v in json.loads(f.read_text("utf-8"))["vectors"]}
    chance = vectors["pig-0012"]["expect"]["chance"]
    assert [o["face"] for o in chance["outcomes"]] == [1, 2, 3, 4, 5, 6]
    assert chance["probabilities"] == ["1/6"] * 6
    assert [e["type"] for e in vectors["pig-0013"]["expect"]["event_list"]] == ["rolled", "pigged-out", "turn-passed"]
