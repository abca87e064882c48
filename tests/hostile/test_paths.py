"""Files found in a folder and files named twice: a playthrough that is a symlink out of its
folder is refused, not followed (nor its target printed); escape sequences in a tampered file
never reach the terminal; a report read back is never the file a run writes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabletop_referee.playthrough import read_cases, render

from .conftest import BASIC, one_line_error, run

SECRET = "a secret line of a file outside the playthroughs folder\n"


def _case(tmp_path: Path) -> tuple[list[str], Path]:
    cases = tmp_path / "cases.yaml"
    cases.write_text("cases:\n  - {game: seven-knights, name: short, seed: 3, players: 3}\n", encoding="utf-8")
    out = tmp_path / "out"
    (out / "seven-knights").mkdir(parents=True)
    return ["playthroughs", "--game", "seven-knights", "--cases", str(cases), "--output", str(out), "--check"], out


@pytest.mark.parametrize("which", ["playthrough", "manifest"])
def test_a_playthrough_that_links_out_of_its_folder_is_refused(capsys, tmp_path, which):
    argv, out = _case(tmp_path)
    secret = tmp_path / "secret.txt"
    secret.write_text(SECRET, encoding="utf-8")
    name = "short.txt" if which == "playthrough" else "MANIFEST.txt"
    (out / "seven-knights" / name).symlink_to(secret)
    code, stdout, err = run(capsys, *argv)
    line = one_line_error(code, err)
    assert "symlink out of" in line and name in line, line
    assert "secret" not in stdout and "secret" not in err


def test_a_link_inside_the_folder_is_followed(capsys, tmp_path):
    argv, out = _case(tmp_path)
    real = out / "seven-knights" / "real.txt"
    real.write_text(render(read_cases(Path(argv[4]))[0]), encoding="utf-8")
    (out / "seven-knights" / "short.txt").symlink_to(real)
    code, stdout, err = run(capsys, *argv)
    assert code == 0 and "1 playthrough(s) up to date" in stdout, (code, stdout, err)


def test_escape_sequences_in_a_tampered_playthrough_do_not_reach_the_terminal(capsys, tmp_path):
    argv, out = _case(tmp_path)
    fresh = render(read_cases(Path(argv[4]))[0])
    (out / "seven-knights" / "short.txt").write_text(
        fresh.replace("step 4. ", "\x1b]0;owned\x07\x1b[2J\x1b[31mstep 4. \x9b1m", 1), encoding="utf-8")
    code, stdout, err = run(capsys, *argv)
    assert code == 1, (code, err)
    assert "step 4. " in stdout and "@@" in stdout
    assert "\x1b" not in stdout and "\x9b" not in stdout and "\x07" not in stdout


# -- --last-failed: the report read back ---------------------------------------------------------


@pytest.fixture(scope="module")
def failed_report(tmp_path_factory) -> Path:
    from .conftest import referee

    folder = tmp_path_factory.mktemp("last-failed")
    path = folder / "r.json"
    proc = referee("conform", "--game", "mlem", "--vectors", str(BASIC), "--report", str(path))
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["results"][0]["status"] = "failed"  # one failure to run again
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def _copy(report: Path, tmp_path: Path, name: str = "r.json") -> Path:
    path = tmp_path / name
    path.write_bytes(report.read_bytes())
    return path


@pytest.mark.parametrize("same", ["same-path", "symlink", "hard-link"])
def test_last_failed_and_report_naming_one_file_is_refused(capsys, tmp_path, failed_report, same):
    report = _copy(failed_report, tmp_path)
    before = report.read_bytes()
    if same == "same-path":
        out = report
    elif same == "symlink":
        out = tmp_path / "out.json"
        out.symlink_to(report)
    else:
        out = tmp_path / "out.json"
        out.hardlink_to(report)
    code, stdout, err = run(capsys, "conform", "--game", "mlem", "--vectors", str(BASIC),
                            "--last-failed", str(report), "--report", str(out))
    line = one_line_error(code, err)
    assert "--report" in line, line
    assert report.read_bytes() == before


def test_last_failed_of_another_game_is_refused(capsys, tmp_path, failed_report):
    report = _copy(failed_report, tmp_path)
    code, stdout, err = run(capsys, "conform", "--game", "celestia", "--last-failed", str(report))
    line = one_line_error(code, err)
    assert "mlem" in line and "celestia" in line and str(report) in line, line


def test_last_failed_with_many_unknown_ids_is_one_short_line(capsys, tmp_path, failed_report):
    doc = json.loads(failed_report.read_text(encoding="utf-8"))
    template = doc["results"][0]
    doc["results"] = [{**template, "id": f"no-such-vector-{i:05d}", "status": "failed"} for i in range(30_000)]
    report = tmp_path / "many.json"
    report.write_text(json.dumps(doc), encoding="utf-8")
    code, stdout, err = run(capsys, "conform", "--game", "mlem", "--vectors", str(BASIC),
                            "--last-failed", str(report))
    line = one_line_error(code, err)
    assert "no-such-vector-00000" in line and "30000" in line.replace(",", ""), line


# -- report compare: text from the reports reaches the terminal clean ----------------------------


def test_report_compare_strips_escape_sequences_from_the_reports(capsys, tmp_path, failed_report):
    doc = json.loads(failed_report.read_text(encoding="utf-8"))
    doc["adapter"]["implementation"]["name"] = "evil\x1b]0;owned\x07\x1b[2J\x9b31m-impl"
    doc["results"][0]["message"] = "boom \x1b[31mred\x1b[0m"
    doc["results"][0]["status"] = "passed"
    old = tmp_path / "old.json"
    old.write_text(json.dumps(doc), encoding="utf-8")
    doc["results"][0]["status"] = "failed"
    new = tmp_path / "new.json"
    new.write_text(json.dumps(doc), encoding="utf-8")
    code, stdout, err = run(capsys, "report", "compare", str(old), str(new))
    assert code == 1, err  # one regression
    assert "evil" in stdout and "-impl" in stdout and "red" in stdout
    assert "\x1b" not in stdout and "\x9b" not in stdout and "\x07" not in stdout


# -- simulate --log DIR/: a folder, never a file of that name -------------------------------------


def test_simulate_log_with_a_trailing_slash_is_a_folder(capsys, tmp_path):
    target = tmp_path / "newdir"
    code, stdout, err = run(capsys, "simulate", "--game", "mlem", "--games", "1", "--log", f"{target}/")
    assert code == 0, err
    assert target.is_dir() and (target / "game-0001.jsonl").is_file()


def test_simulate_log_of_more_games_than_the_limit_is_refused_at_once(capsys, tmp_path):
    code, stdout, err = run(capsys, "simulate", "--game", "mlem", "--games", "1000000", "--log", str(tmp_path / "l"))
    assert "limit 100,000" in one_line_error(code, err)
    assert not (tmp_path / "l").exists()
