"""A malformed claim in the ``start`` answer (implementation, games, options, profiles,
capabilities) is refused at the handshake, on one line, by every command that starts an
adapter; before, ``fuzz`` met it later as "internal error: AttributeError", exit 70."""

from __future__ import annotations

import pytest

from .conftest import BASIC, adapter, referee

MODES = {
    "implementation": "$.implementation",
    "capabilities": "$.capabilities",
    "profiles": "$.profiles",
    "games": "$.implementation.games",
    "options": "$.implementation.games.mlem.options",
    "huge-options": "$.implementation.games.mlem.options.dice_selection",
    "board-huge": "$.board: a document of",
    "board-odd": "$.board.spaces",
    "board-unknown": "$.board.id: 'moon-base'",
}


@pytest.mark.parametrize("mode", list(MODES))
@pytest.mark.parametrize("command", ["conform", "fuzz", "smoke"])
def test_a_malformed_start_claim_is_one_line(tmp_path, marker, command, mode):
    cmd = adapter("malformed_start.py", mode, marker=marker)
    argv = {"conform": ["conform", "--game", "mlem", "--vectors", str(BASIC), "--adapter", cmd],
            "smoke": ["conform", "smoke", "--game", "mlem", "--adapter", cmd],
            "fuzz": ["fuzz", "--game", "mlem", "--games", "1", "--adapter", cmd, "--out", str(tmp_path / "d.json")]}
    proc = referee(*argv[command], timeout=120)
    assert "Traceback" not in proc.stderr and "internal error" not in proc.stderr, proc.stderr[-2000:]
    shown = proc.stderr + proc.stdout
    assert "bad answer to start" in shown and MODES[mode] in shown, shown[-2000:]
    if command != "smoke":
        assert proc.returncode == 2, proc.stderr
        lines = proc.stderr.strip().splitlines()
        assert len(lines) == 1 and len(lines[0]) < 600, proc.stderr
    else:
        assert proc.returncode in (1, 2), proc.stderr


def test_an_honest_board_claim_still_passes():
    """The checks of the board claim refuse only what is wrong: a faithful copy of the shipped
    board passes the handshake and every smoke check."""
    proc = referee("conform", "smoke", "--game", "mlem", "--adapter", adapter("malformed_start.py", "board-honest"),
                   timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "bad answer to start" not in proc.stdout + proc.stderr


def test_the_reference_start_answer_still_passes(tmp_path):
    proc = referee("fuzz", "--game", "mlem", "--games", "1", "--out", str(tmp_path / "d.json"), timeout=120)
    assert proc.returncode == 0, proc.stderr


def test_a_duplicate_seq_is_a_protocol_violation_at_once(tmp_path, marker):
    """Before: reported as a timeout, costing the whole timeout each time."""
    import json
    import time

    report = tmp_path / "r.json"
    started = time.monotonic()
    proc = referee("conform", "--game", "mlem", "--vectors", str(BASIC), "--id", "mlem-fx-0001", "--timeout", "60",
                   "--adapter", adapter("duplicate_seq.py", marker=marker), "--report", str(report), timeout=120)
    assert time.monotonic() - started < 40
    assert proc.returncode == 1, proc.stderr
    result = json.loads(report.read_text(encoding="utf-8"))["results"][0]
    assert result["status"] == "errored", result
    assert "duplicate seq" in result["message"], result["message"]
    # at once: an answer under an answered seq that is not a repeat of that answer is this
    # request's answer with a wrong seq (before: a second's grace, waiting for another answer,
    # then "no answer with seq N followed within 1 s"); the words tell the two paths apart, a
    # time limit would not on a loaded machine
    assert "which the adapter already answered" in result["message"], result["message"]
    assert "followed within" not in result["message"], result["message"]
