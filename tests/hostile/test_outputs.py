"""Output files: checked before any work, never a symlink or device replaced, never an input
overwritten, never a file deleted that we did not write, nothing lost when stdout goes away."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from tabletop_referee.commands.vectors import MANIFEST, read_manifest

from .conftest import BASIC, one_line_error, referee, run


@pytest.fixture(scope="module")
def report_file(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("report") / "report.json"
    proc = referee("conform", "--game", "mlem", "--vectors", str(BASIC), "--report", str(path))
    assert proc.returncode == 0, proc.stderr
    return path


OUTPUTS = {
    "conform-report": ["conform", "--game", "mlem", "--vectors", str(BASIC), "--report", "OUT"],
    "conform-junit": ["conform", "--game", "mlem", "--vectors", str(BASIC), "--junit", "OUT"],
    "conform-markdown": ["conform", "--game", "mlem", "--vectors", str(BASIC), "--markdown", "OUT"],
    "report-html": ["report", "REPORT", "--html", "OUT"],
    "conform-expect": ["conform-expect", "REPORT", "--output", "OUT"],
    "fuzz-out": ["fuzz", "--game", "mlem", "--games", "1", "--out", "OUT"],
    "spec-output": ["spec", "--game", "mlem", "--output", "OUT"],
}


def _argv(name, out, report_file):
    return [str(out) if a == "OUT" else str(report_file) if a == "REPORT" else a for a in OUTPUTS[name]]


@pytest.mark.parametrize("name", OUTPUTS)
def test_symlink_output_is_refused_and_kept(capsys, tmp_path, report_file, name):
    if name == "spec-output" and "--output" not in referee("spec", "--help").stdout:
        pytest.skip("spec has no --output")
    target = tmp_path / "target.txt"
    target.write_text("precious\n", encoding="utf-8")
    link = tmp_path / "link.out"
    link.symlink_to(target)
    code, out, err = run(capsys, *_argv(name, link, report_file))
    if name == "spec-output":  # spec writes through emit: refused at write time, still one line
        assert code == 2 and "Traceback" not in err
    else:
        assert "symbolic link" in one_line_error(code, err)
    assert link.is_symlink() and target.read_text(encoding="utf-8") == "precious\n"


@pytest.mark.parametrize("name", ["conform-report", "report-html", "conform-expect", "fuzz-out"])
def test_device_output_is_refused(capsys, tmp_path, report_file, name):
    code, out, err = run(capsys, *_argv(name, Path("/dev/null"), report_file))
    assert "device" in one_line_error(code, err)
    assert Path("/dev/null").is_char_device()


@pytest.mark.parametrize("name", ["conform-report", "conform-markdown", "report-html", "conform-expect", "fuzz-out"])
def test_missing_folder_is_refused_before_any_work(capsys, tmp_path, report_file, name):
    code, out, err = run(capsys, *_argv(name, tmp_path / "no" / "such" / "x.json", report_file))
    assert "does not exist" in one_line_error(code, err)
    assert out == ""


def test_output_that_is_the_input_report_is_refused(capsys, report_file):
    before = report_file.read_bytes()
    line = one_line_error(*run(capsys, "report", str(report_file), "--html", str(report_file))[::2])
    assert "is also an input" in line and report_file.read_bytes() == before
    line = one_line_error(*run(capsys, "conform-expect", str(report_file), "--output", str(report_file))[::2])
    assert "is also an input" in line and report_file.read_bytes() == before


def test_report_over_a_vector_file_is_refused(capsys, tmp_path):
    vectors = tmp_path / "v.json"
    vectors.write_bytes(BASIC.read_bytes())
    line = one_line_error(*run(capsys, "conform", "--game", "mlem", "--vectors", str(vectors),
                               "--report", str(vectors))[::2])
    assert "is also an input" in line and vectors.read_bytes() == BASIC.read_bytes()


def test_report_into_the_vector_folder_is_refused(capsys, tmp_path):
    folder = tmp_path / "vectors"
    folder.mkdir()
    (folder / "basic.json").write_bytes(BASIC.read_bytes())
    line = one_line_error(*run(capsys, "conform", "--game", "mlem", "--vectors", str(folder),
                               "--report", str(folder / "report.json"))[::2])
    assert "is also an input" in line and sorted(p.name for p in folder.iterdir()) == ["basic.json"]


def test_two_options_naming_one_file_are_refused(capsys, tmp_path):
    out = tmp_path / "same.txt"
    line = one_line_error(*run(capsys, "conform", "--game", "mlem", "--vectors", str(BASIC),
                               "--junit", str(out), "--markdown", str(out))[::2])
    assert "the same file" in line and not out.exists()


def test_output_folder_that_is_a_file_is_refused(capsys, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    line = one_line_error(*run(capsys, "conform", "--game", "mlem", "--vectors", str(BASIC),
                               "--report", str(blocker / "r.json"))[::2])
    assert "does not exist" in line and blocker.read_text(encoding="utf-8") == "x"


def test_unwritable_report_fails_before_the_run(tmp_path):
    if os.geteuid() == 0:
        pytest.skip("root may write anywhere")
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        proc = referee("conform", "--game", "mlem", "--vectors", str(BASIC), "--report", str(folder / "r.json"))
        assert "not writable" in one_line_error(proc.returncode, proc.stderr) and proc.stdout == ""
    finally:
        folder.chmod(0o700)


def test_simulate_log_folder_with_stale_logs_is_refused(capsys, tmp_path):
    logs = tmp_path / "logs"
    logs.mkdir()
    for i in range(1, 6):
        (logs / f"game-{i:04d}.jsonl").write_text("old\n", encoding="utf-8")
    line = one_line_error(*run(capsys, "simulate", "--game", "mlem", "--games", "2", "--log", str(logs))[::2])
    assert "other log(s)" in line
    assert all((logs / f"game-{i:04d}.jsonl").read_text(encoding="utf-8") == "old\n" for i in range(1, 6))


def test_simulate_log_folder_reused_with_the_same_count_is_fine(capsys, tmp_path):
    logs = tmp_path / "logs"
    assert run(capsys, "simulate", "--game", "mlem", "--games", "2", "--log", str(logs))[0] == 0
    assert run(capsys, "simulate", "--game", "mlem", "--games", "2", "--log", str(logs))[0] == 0
    assert sorted(p.name for p in logs.iterdir()) == ["game-0001.jsonl", "game-0002.jsonl"]


def test_simulate_log_symlink_is_refused(capsys, tmp_path):
    target = tmp_path / "t"
    target.write_text("keep", encoding="utf-8")
    (tmp_path / "l.jsonl").symlink_to(target)
    one_line_error(*run(capsys, "simulate", "--game", "mlem", "--games", "1", "--log", str(tmp_path / "l.jsonl"))[::2])
    assert target.read_text(encoding="utf-8") == "keep"


def test_fuzz_out_into_a_missing_folder_is_refused_before_the_run(tmp_path):
    proc = referee("fuzz", "--game", "mlem", "--games", "1", "--out", str(tmp_path / "missing" / "d.json"))
    assert "does not exist" in one_line_error(proc.returncode, proc.stderr)
    assert "games" not in proc.stdout


# -- stdout ---------------------------------------------------------------------------------------


def test_conform_into_a_closed_pipe_still_writes_the_report(tmp_path):
    report = tmp_path / "r.json"
    proc = subprocess.run(
        f"{referee_cmd()} conform --game mlem --vectors {BASIC} --report {report} | true",
        shell=True, capture_output=True, text=True, timeout=300, env=env())
    assert "Traceback" not in proc.stderr
    doc = json.loads(report.read_text(encoding="utf-8"))
    assert doc["totals"]["passed"] > 0


@pytest.mark.parametrize("argv", [["clauses", "--game", "mlem"], ["spec", "--game", "mlem"],
                                  ["simulate", "--game", "mlem", "--games", "2"]])
def test_full_disk_on_stdout_is_one_line(argv):
    with open("/dev/full", "wb") as full:
        proc = referee(*argv, stdout=full)
    assert proc.returncode == 74 and "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1 and "stdout" in proc.stderr


def test_conform_with_a_full_stdout_keeps_the_report(tmp_path):
    report = tmp_path / "r.json"
    with open("/dev/full", "wb") as full:
        proc = referee("conform", "--game", "mlem", "--vectors", str(BASIC), "--report", str(report), stdout=full)
    assert proc.returncode == 0 and "Traceback" not in proc.stderr
    assert "stdout closed" in proc.stderr and json.loads(report.read_text(encoding="utf-8"))["totals"]["passed"] > 0


@pytest.mark.parametrize("argv", [["clauses", "--game", "mlem"], ["spec", "--game", "mlem"]])
def test_broken_pipe_is_quiet(argv):
    proc = subprocess.run(f"{referee_cmd()} {' '.join(argv)} | head -c 10 >/dev/null", shell=True,
                          capture_output=True, text=True, timeout=120, env=env())
    assert "Traceback" not in proc.stderr and "Exception ignored" not in proc.stderr


def referee_cmd() -> str:
    import shlex
    import sys

    return shlex.join([sys.executable, "-m", "tabletop_referee.cli"])


def env():
    from .conftest import ENV

    return ENV


# -- strict JSON ------------------------------------------------------------------------------------


def test_dumps_never_writes_nan():
    from tabletop_referee.output import dumps

    text = dumps({"a": float("nan"), "b": [float("inf"), 1.5]})
    assert json.loads(text, parse_constant=lambda c: pytest.fail(c)) == {"a": None, "b": [None, 1.5]}


# -- vectors export manages only its own files ------------------------------------------------------


def test_read_manifest_stays_inside_its_folder(tmp_path):
    (tmp_path / MANIFEST).write_text("a.json\n../outside.json\n/etc/x.json\n.hidden.json\nnotes.txt\nb.json\n",
                                     encoding="utf-8")
    assert read_manifest(tmp_path) == ["a.json", "b.json"]


def _smallest_game() -> str:
    """The game with the fewest feature scenarios: what this test checks (the files an export
    touches) is the same for every game, and the smallest one exports in seconds."""
    from tabletop_referee.games import GAMES
    from tabletop_referee.spec import load_scenarios

    return min(GAMES, key=lambda game: (len(load_scenarios(game)), game))


def test_vectors_export_keeps_unrelated_files(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    (out / "mine.json").write_text('{"mine": true}', encoding="utf-8")
    (out / "old-export.json").write_text("{}", encoding="utf-8")
    (out / MANIFEST).write_text("old-export.json\n", encoding="utf-8")
    (tmp_path / "sibling.json").write_text("{}", encoding="utf-8")
    proc = referee("vectors", "export", "--game", _smallest_game(), "-o", str(out), timeout=900)
    assert proc.returncode == 0, proc.stderr
    assert (out / "mine.json").read_text(encoding="utf-8") == '{"mine": true}'
    assert not (out / "old-export.json").exists()  # listed in the old manifest: ours to remove
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out", "sibling.json"]  # nothing in the parent
    assert "mine.json" not in read_manifest(out) and "standard.json" in read_manifest(out)
    assert "1 other *.json file(s) left in place" in proc.stdout
