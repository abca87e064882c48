"""Process hygiene: no adapter, and no helper of an adapter, outlives `conform`, `smoke` or
`fuzz` (normal stop, crash, timeout, SIGTERM, Ctrl-C, a child holding the pipe, a helper that
escapes the process group); a crashed adapter costs no timeout; the circuit breaker stops an
adapter that times out on everything. The process table is checked after each case."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time

import pytest

from .conftest import BASIC, ENV, REPO, adapter, interruptible, processes_with, referee

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads the Linux process table")


def _settle(marker: str, seconds: float = 3.0) -> list[int]:
    """The marked processes still alive after up to ``seconds`` (killed ones take a moment)."""
    deadline = time.monotonic() + seconds
    while True:
        left = processes_with(marker)
        if not left or time.monotonic() > deadline:
            return left
        time.sleep(0.05)


@pytest.mark.parametrize("command", ["conform", "smoke", "fuzz"])
@pytest.mark.parametrize("script", ["helper_child.py", "escapee.py"])
def test_helpers_die_at_a_normal_stop(tmp_path, marker, command, script):
    cmd = adapter(script, marker=marker)
    if command == "conform":
        proc = referee("conform", "--game", "mlem", "--vectors", str(BASIC), "--adapter", cmd,
                       "--report", str(tmp_path / "r.json"))
        assert proc.returncode == 0, proc.stderr
    elif command == "smoke":
        proc = referee("conform", "smoke", "--game", "mlem", "--adapter", cmd)
        assert proc.returncode == 0, proc.stdout + proc.stderr
    else:
        proc = referee("fuzz", "--game", "mlem", "--games", "2", "--adapter", cmd, "--out", str(tmp_path / "d.json"))
        assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "Traceback" not in proc.stderr
    assert _settle(marker) == []


def test_a_crash_whose_child_holds_the_pipe_costs_no_timeout(tmp_path, marker):
    started = time.monotonic()
    proc = referee("conform", "--game", "mlem", "--vectors", str(BASIC), "--timeout", "30", "--id", "mlem-fx-000[1-3]",
                   "--adapter", adapter("crash_child_holds_pipe.py", marker=marker), "--report", str(tmp_path / "r.json"))
    elapsed = time.monotonic() - started
    report = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    assert {r["status"] for r in report["results"]} == {"crashed"}
    assert elapsed < 30, elapsed  # three crashes, not three 30 s timeouts
    assert _settle(marker) == []


def test_circuit_breaker_stops_an_adapter_that_always_times_out(tmp_path, marker):
    started = time.monotonic()
    proc = referee("conform", "--game", "mlem", "--vectors", str(BASIC), "--timeout", "0.3",
                   "--adapter", adapter("times_out_always.py", marker=marker), "--report", str(tmp_path / "r.json"))
    report = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    assert report["stopped"] == "circuit-breaker"
    assert [r["status"] for r in report["results"]] == ["timeout"] * 5
    assert len(report["not_run"]) == len(json.loads(BASIC.read_text(encoding="utf-8"))["vectors"]) - 5
    assert "circuit breaker" in proc.stdout
    assert time.monotonic() - started < 60
    assert _settle(marker) == []


def _start(argv: list[str]) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "tabletop_referee.cli", *argv], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=ENV, cwd=REPO, text=True,
                            preexec_fn=interruptible)


def _wait_for(marker: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while not processes_with(marker, "time.sleep"):  # the adapter's helper is up
        assert time.monotonic() < deadline, "the adapter never started"
        time.sleep(0.05)


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_conform_interrupted_writes_a_partial_report_and_leaves_nothing(tmp_path, marker, sig):
    report = tmp_path / "r.json"
    proc = _start(["conform", "--game", "mlem", "--vectors", str(BASIC), "--timeout", "60",
                   "--adapter", adapter("hangs_with_helper.py", marker=marker), "--report", str(report)])
    _wait_for(marker)
    time.sleep(1.0)  # the helper and the adapter are up; the first game command hangs
    proc.send_signal(sig)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130 and "Traceback" not in err, err
    doc = json.loads(report.read_text(encoding="utf-8"))
    assert doc["stopped"] == "interrupted" and doc["not_run"]
    assert _settle(marker) == []


@pytest.mark.parametrize("workers", ["1", "2"])
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_fuzz_interrupted_leaves_nothing(tmp_path, marker, sig, workers):
    proc = _start(["fuzz", "--game", "mlem", "--games", "3", "--timeout", "60", "--workers", workers,
                   "--adapter", adapter("hangs_with_helper.py", marker=marker), "--out", str(tmp_path / "d.json")])
    _wait_for(marker)
    time.sleep(1.0)
    proc.send_signal(sig)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode in (130, 143) and "Traceback" not in err, err
    assert _settle(marker) == []


@pytest.mark.parametrize("mode", ["list", "nan", "exit"])
@pytest.mark.parametrize("command", ["conform", "smoke", "fuzz"])
def test_a_bad_start_answer_is_one_line(tmp_path, marker, mode, command):
    cmd = adapter("bad_start.py", mode, marker=marker)
    argv = {"conform": ["conform", "--game", "mlem", "--vectors", str(BASIC), "--adapter", cmd],
            "smoke": ["conform", "smoke", "--game", "mlem", "--adapter", cmd],
            "fuzz": ["fuzz", "--game", "mlem", "--games", "1", "--adapter", cmd, "--out", str(tmp_path / "d.json")]}
    proc = referee(*argv[command], timeout=120)
    assert proc.returncode in (1, 2) and "Traceback" not in proc.stderr, proc.stderr
    if command != "smoke":
        assert proc.returncode == 2 and len(proc.stderr.strip().splitlines()) == 1, proc.stderr
    assert _settle(marker) == []


@pytest.mark.parametrize("command", ["conform", "fuzz"])
@pytest.mark.parametrize("bad", ["'unbalanced", '"also unbalanced', ""])
def test_bad_adapter_command_line(command, bad):
    proc = referee(command, "--game", "mlem", "--adapter", bad)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr and len(proc.stderr.strip().splitlines()) == 1


def test_fuzz_rerun_command_quotes_the_vector_path(tmp_path):
    out = tmp_path / "with space; rm -rf x.json"
    from .conftest import ADAPTERS  # noqa: F401

    proc = referee("fuzz", "--game", "mlem", "--games", "3", "--out", str(out),
                   "--adapter", adapter("../../fuzz_adapters/wrong_event_clause.py"))
    if "rerun:" in proc.stdout:
        assert "'" + str(out) + "'" in proc.stdout
    assert "Traceback" not in proc.stderr


@pytest.mark.parametrize("mode", ["nan", "huge"])
def test_refused_numbers_in_answers_are_protocol_violations(tmp_path, marker, mode):
    proc = referee("conform", "--game", "mlem", "--vectors", str(BASIC), "--id", "mlem-fx-0001",
                   "--adapter", adapter("odd_numbers.py", mode, marker=marker), "--report", str(tmp_path / "r.json"))
    report = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    message = report["results"][0]["message"]
    assert "protocol violation" in message and ("NaN" in message or "digits" in message), message
    assert _settle(marker) == []


def test_huge_answers_keep_the_report_small(tmp_path, marker):
    report = tmp_path / "r.json"
    proc = referee("conform", "--game", "mlem", "--vectors", str(BASIC), "--adapter",
                   adapter("huge_answers.py", marker=marker), "--report", str(report), timeout=300)
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    doc = json.loads(report.read_text(encoding="utf-8"))
    assert any(r.get("transcript") for r in doc["results"])
    assert report.stat().st_size < 2 * 1024 * 1024, report.stat().st_size
    assert "x" * 100_000 not in report.read_text(encoding="utf-8")


def test_injected_html_and_escapes_are_neutralised(tmp_path, marker):
    md, report = tmp_path / "s.md", tmp_path / "r.json"
    proc = referee("conform", "--game", "mlem", "--vectors", str(BASIC), "--id", "mlem-fx-0001", "--verbose",
                   "--adapter", adapter("injects.py", marker=marker), "--markdown", str(md), "--report", str(report))
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    text = md.read_text(encoding="utf-8")
    assert "<script>" not in text and "<img" not in text.split("````")[0]
    fences = [ln for ln in text.splitlines() if ln.startswith("```")]
    assert fences and all(ln.startswith("````") for ln in fences), fences  # longer than the ``` inside
    assert "\x1b" not in text and "\x1b" not in proc.stdout and "\x1b" not in proc.stderr
    assert "\x07" not in proc.stdout
