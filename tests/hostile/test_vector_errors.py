"""Bad vector contents are the vector file's fault, never the adapter's (issue 11).

Each vector below is schema-valid but inconsistent: a state or setup the reference engine
refuses, a step that does not fit, an expected rejection that does not happen. ``conform``
must stop before it starts the adapter, exit 2 and print one line naming the file, the path
inside it, the vector and the problem (a "vector error").
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from tabletop_referee.conformance.vectors import VectorFileError, load_vectors

from .conftest import BASIC, one_line_error, run

NO_ADAPTER = "no-such-adapter-command-for-vector-errors"


def _basic() -> dict:
    return json.loads(BASIC.read_text(encoding="utf-8"))


def _state_refused(doc: dict) -> str:
    # nine astronauts in a reserve of eight: the reference refuses the state
    doc["vectors"][0]["state"]["players"][0]["reserve"].append("satellite")
    return "$.vectors[0].state"


def _step_rejected(doc: dict) -> str:
    # mlem-fx-0002 expects its step 0 rejected; without the expectation it must be accepted
    del doc["vectors"][1]["expect"]["rejected"]
    doc["vectors"][1]["expect"]["values"] = [{"pointer": "/state/phase", "value": "takeoff"}]
    return "$.vectors[1].steps[0].action"


def _rejection_accepted(doc: dict) -> str:
    doc["vectors"][4]["expect"]["rejected"] = {"step": 0, "clause": "turn.actor"}
    return "$.vectors[4].expect.rejected"


def _wrong_clause(doc: dict) -> str:
    doc["vectors"][1]["expect"]["rejected"]["clause"] = "travel.distance"
    return "$.vectors[1].expect.rejected.clause"


def _unreadable_action(doc: dict) -> str:
    doc["vectors"][0]["steps"][1]["action"] = {"type": "embark", "player": 1, "astronaut": "no-such-astronaut"}
    return "$.vectors[0].steps[1].action"


def _setup_refused(doc: dict) -> str:
    v = doc["vectors"][0]
    del v["state"]
    v["setup"] = {"players": 2, "start_player": 1 + 4}
    v["steps"] = []
    v["expect"] = {"values": [{"pointer": "/state/phase", "value": "takeoff"}]}
    return "$.vectors[0].setup"


def _later_step(doc: dict) -> str:
    # mlem-fx-0006 is rejected at step 3; a step inserted before it that does not fit
    v = doc["vectors"][5]
    v["steps"].insert(1, copy.deepcopy(v["steps"][0]))  # player 0 embarks twice in a row
    v["expect"]["rejected"]["step"] = 4
    return "$.vectors[5].steps[1].action"


CASES = {
    "state-refused": (_state_refused, "refuses this state"),
    "step-rejected": (_step_rejected, "rejects this step under turn.actor"),
    "rejection-accepted": (_rejection_accepted, "accepts step 0"),
    "wrong-clause": (_wrong_clause, "under turn.actor, not travel.distance"),
    "unreadable-action": (_unreadable_action, "cannot read this action"),
    "setup-refused": (_setup_refused, "refuses this setup under setup.start-player"),
    "later-step": (_later_step, "rejects this step"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_bad_vector_contents_are_a_vector_error_not_an_adapter_failure(capsys, tmp_path, case) -> None:
    change, needle = CASES[case]
    doc = _basic()
    where = change(doc)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    report = tmp_path / "report.json"
    # the adapter command does not exist: the vector error comes first, before any adapter runs
    code, out, err = run(capsys, "conform", "--game", "mlem", "--vectors", str(path), "--adapter", NO_ADAPTER,
                         "--report", str(report))
    line = one_line_error(code, err)
    assert str(path) in line and where + ":" in line and "vector error" in line and needle in line, line
    assert NO_ADAPTER not in line and out == ""
    assert not report.exists()
    with pytest.raises(VectorFileError, match="vector error"):
        load_vectors([path], "mlem")


def test_only_the_selected_vectors_are_checked(capsys, tmp_path) -> None:
    doc = _basic()
    _state_refused(doc)  # mlem-fx-0001 is bad; mlem-fx-0002 alone is fine
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    code, out, err = run(capsys, "conform", "--game", "mlem", "--vectors", str(path), "--id", "mlem-fx-0002")
    assert code == 0 and "Traceback" not in err, err
    assert out.rstrip().splitlines()[-1] == "1 passed, 0 failed, 0 skipped"


def test_every_shipped_vector_is_consistent_with_the_reference_engine() -> None:
    for game in ("mlem", "celestia", "seven-knights"):
        from tabletop_referee.conformance.vectors import default_vector_dir
        assert load_vectors([default_vector_dir(game)], game, check=True)
