"""Hostile numbers on the command line: every numeric argument of every command is bounded, with
the same error style (argparse's usage, then one line naming the option and the value), exit 2,
no traceback, no "internal error", and no work started (memory bounded before work starts)."""

from __future__ import annotations

import time

import pytest

from tabletop_referee.cli import main

from .conftest import BASIC, referee

HUGE = "1" + "0" * 20          # 10^20: past every limit, still a machine-sized int in Python
HUGER = "1" + "0" * 41         # 10^41
ENORMOUS = "9" * 5000          # past Python's own int-parsing limit
HOSTILE = {"zero": "0", "negative": "-1", "huge": HUGE, "huger": HUGER, "enormous": ENORMOUS, "float": "1.5",
           "nan": "nan", "text": "ten"}

# command line -> the numeric options it takes (each given one hostile value at a time)
COMMANDS = {
    "simulate": (["simulate", "--game", "{game}", "--games", "1"], ["--games", "--seed", "--players"]),
    "fuzz": (["fuzz", "--game", "{game}", "--games", "1"],
             ["--games", "--seed", "--workers", "--timeout", "--max-failures", "--digest-every", "--pipeline"]),
    "conform": (["conform", "--game", "mlem", "--vectors", str(BASIC)], ["--workers", "--timeout"]),
    "impact": (["disputes", "impact", "--game", "{game}", "--games", "1", "--quiet"],
               ["--games", "--seed", "--players", "--workers", "--chunk"]),
    "play": (["play", "--game", "{game}", "--seed", "1"], ["--players", "--start-player", "--seed"]),
    "adapter": (["adapter", "--game", "{game}"], ["--protocol"]),
}
VALID = {("--seed", "zero"), ("--seed", "negative"), ("--start-player", "zero"), ("--timeout", "float")}
"""The few values above an option rightly takes (a seed may be 0 or negative, ...)."""


def _cases():
    for command, (argv, options) in COMMANDS.items():
        for game in (["mlem"] if command == "conform" else ["mlem", "celestia", "seven-knights"]):
            for option in options:
                for name, value in HOSTILE.items():
                    if (option, name) not in VALID:
                        yield pytest.param(command, game, option, value, id=f"{command}-{game}{option}={name}")


def _call(capsys, argv: list[str]) -> tuple[int, str]:
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse's usage errors
        code = exc.code
    return code, capsys.readouterr().err


@pytest.mark.parametrize("command, game, option, value", list(_cases()))
def test_a_hostile_number_is_refused_before_any_work(capsys, monkeypatch, command, game, option, value):
    monkeypatch.setattr("sys.stdin", open("/dev/null"))  # play and adapter read stdin
    argv = [a.format(game=game) for a in COMMANDS[command][0]] + [option, value]
    started = time.monotonic()
    code, err = _call(capsys, argv)
    assert time.monotonic() - started < 20
    assert "Traceback" not in err and "internal error" not in err, err[-2000:]
    assert code == 2, (code, err[-2000:])
    last = err.strip().splitlines()[-1]
    assert last.startswith("referee") and "error:" in last, err[-2000:]
    assert option in last or "player" in last, last
    assert len(last) < 400, last[:600]


@pytest.mark.parametrize("value, phrase", [
    (HUGE, "more than the limit of 256 (worker processes)"),
])
def test_impact_workers_past_the_limit(capsys, value, phrase):
    """Before: an OverflowError reported as an internal error, exit 70."""
    code, err = _call(capsys, ["disputes", "impact", "--game", "mlem", "--games", "1", "--workers", value])
    assert code == 2 and phrase in err, err


def test_impact_games_past_the_limit_is_refused_at_once(capsys):
    """Before: --games 10^41 grew memory with no output (the units of work were listed first)."""
    code, err = _call(capsys, ["disputes", "impact", "--game", "mlem", "--games", HUGER])
    assert code == 2 and "more than the limit of 1,000,000" in err, err


def test_impact_units_of_work_are_bounded(capsys):
    code, err = _call(capsys, ["disputes", "impact", "--game", "mlem", "--games", "1000000", "--chunk", "1"])
    assert code == 2 and "units of work per reading (limit 100,000)" in err.strip().splitlines()[-1], err
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("pair", [("--output", "--markdown"), ("--output", "--html"), ("--html", "--markdown")])
def test_impact_outputs_naming_one_file_are_refused(capsys, tmp_path, pair):
    """Before: ``-o X --markdown X`` was accepted and the JSON report lost."""
    out = tmp_path / "x.json"
    code, err = _call(capsys, ["disputes", "impact", "--game", "mlem", "--games", "1", "--quiet",
                               pair[0], str(out), pair[1], str(out)])
    assert code == 2 and "the same file as" in err and len(err.strip().splitlines()) == 1, err
    assert not out.exists()


def test_impact_unreachable_scheduler_is_one_line(tmp_path):
    """Before: 30 s, then an internal error."""
    pytest.importorskip("distributed")
    started = time.monotonic()
    proc = referee("disputes", "impact", "--game", "mlem", "--games", "1", "--quiet", "--backend", "dask",
                   "--scheduler", "tcp://127.0.0.1:9", timeout=120)
    assert proc.returncode == 2, proc.stderr[-2000:]
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "cannot reach the Dask scheduler" in lines[0], proc.stderr[-2000:]
    assert time.monotonic() - started < 28


@pytest.mark.parametrize("address", ["not an address", "tcp://host:port/x y", "file:///etc/passwd"])
def test_impact_malformed_scheduler_is_refused(capsys, address):
    pytest.importorskip("distributed")
    code, err = _call(capsys, ["disputes", "impact", "--game", "mlem", "--games", "1", "--quiet", "--backend", "dask",
                               "--scheduler", address])
    assert code == 2 and "not a scheduler address" in err and len(err.strip().splitlines()) == 1, err
