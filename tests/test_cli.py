"""The ``referee`` command line: exit codes, output shapes and one-line errors.

Most tests call :func:`tabletop_referee.cli.main` in-process and read the output with capsys;
a few run ``python -m tabletop_referee.cli`` as a real subprocess to prove that no traceback
ever reaches stderr.
"""

from __future__ import annotations

import json
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop_referee.cli import EXIT_OK, EXIT_USAGE, main
from tabletop_referee.games.mlem.interchange import board_to_json, load_board
from tabletop_referee.spec import load_spec

TIMING_FIELDS = ("seconds", "games_per_second")
CLAUSE_IDS = [c.id for c in load_spec("mlem").clauses]


def run(capsys, *argv: str) -> tuple[int, str, str]:
    """Runs ``referee ARGV`` in-process; argparse errors (SystemExit) count as exit codes."""
    capsys.readouterr()  # drop anything printed before
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse reports usage errors by exiting
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


def run_process(*argv: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "tabletop_referee.cli", *argv],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=120,
    )


def assert_one_line_error(code: int, err: str, *, argparse_usage: bool = False) -> str:
    """Checks the contract for bad input and returns the error line."""
    assert code == EXIT_USAGE
    assert "Traceback" not in err
    lines = err.splitlines()
    assert lines, "nothing on stderr"
    if argparse_usage:
        assert lines[0].startswith("usage: referee")
        assert lines[-1].startswith("referee")
        assert "error:" in lines[-1]
    else:
        assert len(lines) == 1, err
        assert lines[0].startswith("referee")
        assert "error:" in lines[0]
    return lines[-1]


def simulate_json(capsys, *extra: str) -> dict:
    code, out, err = run(capsys, "simulate", "--game", "mlem", "--json", *extra)
    assert code == EXIT_OK, err
    assert err == ""
    return json.loads(out)


def without_timing(summary: dict) -> dict:
    return {k: v for k, v in summary.items() if k not in TIMING_FIELDS}


# -- clauses ----------------------------------------------------------------------------------


def test_clauses_json_lists_every_clause_with_sources_and_scenarios(capsys):
    code, out, err = run(capsys, "clauses", "--game", "mlem", "--json")
    assert code == EXIT_OK
    assert err == ""
    doc = json.loads(out)
    assert doc["game"] == "mlem"
    assert doc["problems"] == []
    clauses = doc["clauses"]
    assert isinstance(clauses, list) and clauses
    for c in clauses:
        assert isinstance(c["id"], str) and c["id"], c
        assert isinstance(c["title"], str) and c["title"], c
        assert c["confidence"] in ("sourced", "inferred", "provisional"), c
        assert isinstance(c["sources"], list) and c["sources"], c["id"]
        assert c["scenarios"] >= 1, c["id"]
        assert len(c["scenario_refs"]) == c["scenarios"], c["id"]
    ids = [c["id"] for c in clauses]
    assert len(ids) == len(set(ids)), "duplicate clause ids"
    assert ids == CLAUSE_IDS


def test_clauses_text_lists_every_id_and_ends_with_a_summary(capsys):
    code, out, err = run(capsys, "clauses", "--game", "mlem")
    assert code == EXIT_OK
    assert err == ""
    lines = out.splitlines()
    first_words = {line.split()[0] for line in lines if line.strip()}
    for clause_id in CLAUSE_IDS:
        assert clause_id in first_words, clause_id
    summary = lines[-1]
    assert summary.startswith(f"{len(CLAUSE_IDS)} clauses (")
    assert summary.endswith("scenario citations")
    assert not any(line.startswith("problem:") for line in lines)


# -- simulate ---------------------------------------------------------------------------------


def test_simulate_json_summary(capsys):
    summary = simulate_json(capsys, "--games", "5", "--seed", "3")
    assert summary["game"] == "mlem"
    assert summary["board"] == "standard"
    assert summary["seed"] == 3
    assert summary["games"] == 5
    assert summary["actions"] > 0
    assert sum(summary["end_reasons"].values()) == 5
    assert set(summary["end_reasons"]) <= {"crash-limit", "all-placed"}
    assert summary["max_score"] >= summary["mean_score"] >= 0
    assert summary["options"] == {
        "dice_selection": "groups",
        "tie_break": "shared",
        "game_end": "end-of-expedition",
        "die_one_rescue": True,
    }


def test_simulate_all_variants_runs_200_games_clean(capsys):
    """The issue's check: referee simulate --variants exploration,missions,ufo --games 200."""
    summary = simulate_json(capsys, "--variants", "exploration,missions,ufo", "--games", "200")
    assert summary["games"] == 200 and sum(summary["end_reasons"].values()) == 200
    assert summary["options"]["variants"] == ["exploration", "missions", "ufo"]
    assert summary["options"]["ufo_encounter"] == "reach" and summary["tokens"] == "standard"
    base = simulate_json(capsys, "--games", "200")
    # the variants add draws, discards and arrivals: longer games with other scores
    assert summary["actions"] > base["actions"] and summary["mean_score"] != base["mean_score"]


def test_simulate_same_seed_gives_the_same_summary(capsys):
    first = simulate_json(capsys, "--games", "5", "--seed", "3")
    second = simulate_json(capsys, "--games", "5", "--seed", "3")
    for field in TIMING_FIELDS:
        assert field in first and field in second
    assert without_timing(first) == without_timing(second)


def test_simulate_different_seeds_give_different_games(capsys):
    # Seeds 3 and 4 are known to produce 731 and 664 actions over 5 games.
    three = simulate_json(capsys, "--games", "5", "--seed", "3")
    four = simulate_json(capsys, "--games", "5", "--seed", "4")
    assert three["actions"] != four["actions"]


def test_simulate_players_board_and_options_are_accepted_and_reported(capsys):
    default = simulate_json(capsys, "--games", "5", "--seed", "3", "--board", "short")
    summary = simulate_json(
        capsys,
        "--games", "5", "--seed", "3", "--players", "2", "--board", "short",
        "--option", "dice_selection=single-group", "--option", "die_one_rescue=false",
    )
    assert summary["board"] == "short"
    assert summary["games"] == 5
    assert summary["options"] == {
        "dice_selection": "single-group",
        "tie_break": "shared",
        "game_end": "end-of-expedition",
        "die_one_rescue": False,
    }
    assert default["options"]["dice_selection"] == "groups"
    assert without_timing(summary) != without_timing(default)


def test_simulate_players_changes_the_games(capsys):
    random_players = simulate_json(capsys, "--games", "5", "--seed", "3")
    two_players = simulate_json(capsys, "--games", "5", "--seed", "3", "--players", "2")
    assert two_players["games"] == 5
    assert two_players["actions"] != random_players["actions"]


def test_simulate_accepts_a_board_file(capsys, tmp_path):
    path = tmp_path / "mine.json"
    doc = board_to_json(load_board("short")) | {"id": "mine"}
    path.write_text(json.dumps(doc), encoding="utf-8")
    summary = simulate_json(capsys, "--games", "2", "--seed", "1", "--board", str(path))
    assert summary["board"] == "mine"
    assert summary["games"] == 2


def test_simulate_text_form(capsys):
    code, out, err = run(capsys, "simulate", "--game", "mlem", "--games", "3", "--seed", "3")
    assert code == EXIT_OK
    assert err == ""
    assert out.startswith("3 games, ")
    assert "(seed 3, board standard)" in out
    assert out.count("\n") == 1


# -- bad input --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "argv, needle",
    [
        (["clauses", "--game", "chess"], "unknown game 'chess'"),
        (["simulate", "--game", "chess"], "unknown game 'chess'"),
        (["simulate", "--game", "mlem", "--games", "0"], "'0' must be at least 1"),
        (["simulate", "--game", "mlem", "--games", "x"], "'x' is not a whole number"),
        (["simulate", "--game", "mlem", "--option", "novalue"], "'novalue' is not NAME=VALUE"),
        (["simulate", "--game", "mlem", "--players", "two"], "--players"),
        (["simulate"], "--game"),
        ([], "COMMAND"),
    ],
    ids=["clauses-unknown-game", "simulate-unknown-game", "games-0", "games-x", "option-novalue",
         "players-not-int", "missing-game", "no-command"],
)
def test_argparse_errors_exit_2_with_usage_and_one_error_line(capsys, argv, needle):
    code, out, err = run(capsys, *argv)
    line = assert_one_line_error(code, err, argparse_usage=True)
    assert needle in line
    assert out == ""


@pytest.mark.parametrize(
    "extra, needle",
    [
        (["--players", "7"], "--players 7: MLEM is for 2 to 5 players"),
        (["--players", "1"], "--players 1: MLEM is for 2 to 5 players"),
        (["--option", "foo=bar"], "--option foo: unknown rule option"),
        (["--option", "dice_selection=maybe"], "not one of groups, single-group"),
        (["--option", "die_one_rescue=maybe"], "not one of true, false"),
        (["--board", "nope"], "unknown board 'nope' (shipped boards: short, standard)"),
        (["--variants", "ufo,bogus"], "unknown variant 'bogus' (known: exploration, missions, ufo)"),
        (["--option", "ufo_encounter=exact"], "--option ufo_encounter: applies only with --variants ufo"),
        (["--variants", "ufo", "--option", "ufo_encounter=maybe"], "not one of reach, exact"),
        (["--variants", "missions", "--tokens", "nope"], "unknown token set 'nope' (shipped token sets: short, standard)"),
    ],
    ids=["players-7", "players-1", "option-foo", "option-maybe", "option-bool-maybe", "board-nope",
         "variant-bogus", "variant-option-without-variant", "variant-option-maybe", "tokens-nope"],
)
def test_simulate_usage_errors_are_one_line(capsys, extra, needle):
    code, out, err = run(capsys, "simulate", "--game", "mlem", "--games", "1", *extra)
    line = assert_one_line_error(code, err)
    assert line.startswith("referee simulate: error: ")
    assert needle in line
    assert out == ""


def test_board_file_with_invalid_yaml(capsys, tmp_path):
    path = tmp_path / "broken.yaml"
    path.write_text("id: [unclosed\nspaces: {\n", encoding="utf-8")
    code, out, err = run(capsys, "simulate", "--game", "mlem", "--board", str(path))
    line = assert_one_line_error(code, err)
    assert str(path) in line
    assert "not valid YAML/JSON" in line
    assert out == ""


def test_board_file_that_is_json_but_not_a_board_names_the_file(capsys, tmp_path):
    path = tmp_path / "notaboard.json"
    path.write_text(json.dumps({"id": "x", "spaces": 3}), encoding="utf-8")
    code, out, err = run(capsys, "simulate", "--game", "mlem", "--board", str(path))
    line = assert_one_line_error(code, err)
    assert str(path) in line
    assert "is a required property" in line
    assert out == ""


def test_board_file_with_a_nested_schema_error_names_the_json_path(capsys, tmp_path):
    doc = board_to_json(load_board("short"))
    doc["spaces"][1]["faces"] = ["9"]
    path = tmp_path / "badface.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    code, out, err = run(capsys, "simulate", "--game", "mlem", "--board", str(path))
    line = assert_one_line_error(code, err)
    assert "$.spaces[1].faces[0]" in line
    assert str(path) in line
    assert "'9' is not one of" in line


def test_board_file_that_contradicts_itself(capsys, tmp_path):
    doc = board_to_json(load_board("short"))
    doc["deep_space"]["space"] = 12
    path = tmp_path / "inconsistent.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    code, out, err = run(capsys, "simulate", "--game", "mlem", "--board", str(path))
    line = assert_one_line_error(code, err)
    assert "deep_space.space is 12 but spaces has 14 entries" in line
    assert line.endswith("[setup.board]")


def test_board_file_that_contradicts_itself_names_the_file(capsys, tmp_path):
    doc = board_to_json(load_board("short"))
    doc["deep_space"]["space"] = 12
    path = tmp_path / "inconsistent.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    code, out, err = run(capsys, "simulate", "--game", "mlem", "--board", str(path))
    line = assert_one_line_error(code, err)
    assert str(path) in line


def test_board_file_that_is_missing(capsys, tmp_path):
    path = tmp_path / "missing.yaml"
    code, out, err = run(capsys, "simulate", "--game", "mlem", "--board", str(path))
    line = assert_one_line_error(code, err)
    assert str(path) in line
    assert "cannot read board file" in line


def test_board_file_that_is_not_utf8(tmp_path):
    path = tmp_path / "binary.yaml"
    path.write_bytes(b"\xff\xfe\x00 not text")
    proc = run_process("simulate", "--game", "mlem", "--board", str(path))
    assert "Traceback" not in proc.stderr
    assert proc.returncode == EXIT_USAGE


# -- spec -------------------------------------------------------------------------------------


def test_spec_prints_markdown_with_every_clause(capsys):
    code, out, err = run(capsys, "spec", "--game", "mlem")
    assert code == EXIT_OK
    assert err == ""
    assert out.startswith("# ")
    for clause_id in CLAUSE_IDS:
        assert f"`{clause_id}`" in out, clause_id


def test_spec_output_file_equals_stdout(capsys, tmp_path):
    code, stdout_text, _ = run(capsys, "spec", "--game", "mlem")
    assert code == EXIT_OK
    target = tmp_path / "rules.md"
    code, out, err = run(capsys, "spec", "--game", "mlem", "-o", str(target))
    assert code == EXIT_OK
    assert out == "" and err == ""
    assert target.read_text(encoding="utf-8") == stdout_text
    assert sorted(p.name for p in tmp_path.iterdir()) == ["rules.md"]  # no temporary left over


def test_spec_output_replaces_an_existing_file_whole(capsys, tmp_path):
    target = tmp_path / "rules.md"
    target.write_text("old content that is much longer than nothing\n" * 10000, encoding="utf-8")
    code, _, _ = run(capsys, "spec", "--game", "mlem", "--output", str(target))
    assert code == EXIT_OK
    text = target.read_text(encoding="utf-8")
    assert "old content" not in text
    assert text.startswith("# ")


def test_spec_into_a_missing_directory(capsys, tmp_path):
    target = tmp_path / "no" / "such" / "dir" / "rules.md"
    code, out, err = run(capsys, "spec", "--game", "mlem", "-o", str(target))
    line = assert_one_line_error(code, err)
    assert line.startswith("referee spec: error: ")
    assert str(target) in line
    assert "cannot write" in line
    assert out == ""
    assert not (tmp_path / "no").exists()


def test_spec_output_file_keeps_the_usual_permissions(capsys, tmp_path):
    target = tmp_path / "rules.md"
    target.write_text("x", encoding="utf-8")
    target.chmod(0o644)
    code, _, _ = run(capsys, "spec", "--game", "mlem", "-o", str(target))
    assert code == EXIT_OK
    assert stat.S_IMODE(target.stat().st_mode) == 0o644


# -- as a real process ------------------------------------------------------------------------


def test_process_clauses_json(tmp_path):
    proc = run_process("clauses", "--game", "mlem", "--json", cwd=tmp_path)
    assert proc.returncode == EXIT_OK
    assert proc.stderr == ""
    assert json.loads(proc.stdout)["problems"] == []


def test_process_simulate_is_reproducible(tmp_path):
    argv = ("simulate", "--game", "mlem", "--games", "3", "--seed", "11", "--json")
    first, second = run_process(*argv, cwd=tmp_path), run_process(*argv, cwd=tmp_path)
    assert first.returncode == second.returncode == EXIT_OK
    assert without_timing(json.loads(first.stdout)) == without_timing(json.loads(second.stdout))


def _invalid_yaml(tmp_path: Path) -> str:
    path = tmp_path / "broken.yaml"
    path.write_text("spaces: [\n", encoding="utf-8")
    return str(path)


def _not_a_board(tmp_path: Path) -> str:
    path = tmp_path / "list.json"
    path.write_text("[1, 2, 3]", encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(
    "make_argv, argparse_usage",
    [
        (lambda tmp: ["clauses", "--game", "chess"], True),
        (lambda tmp: ["simulate", "--game", "mlem", "--games", "0"], True),
        (lambda tmp: ["simulate", "--game", "mlem", "--players", "7"], False),
        (lambda tmp: ["simulate", "--game", "mlem", "--option", "dice_selection=maybe"], False),
        (lambda tmp: ["simulate", "--game", "mlem", "--board", _invalid_yaml(tmp)], False),
        (lambda tmp: ["simulate", "--game", "mlem", "--board", _not_a_board(tmp)], False),
        (lambda tmp: ["simulate", "--game", "mlem", "--board", str(tmp / "gone.yaml")], False),
        (lambda tmp: ["spec", "--game", "mlem", "-o", str(tmp / "gone" / "x.md")], False),
    ],
    ids=["unknown-game", "games-0", "players-7", "option-value", "invalid-yaml", "not-a-board",
         "missing-board", "missing-dir"],
)
def test_process_bad_input_has_no_traceback(tmp_path, make_argv, argparse_usage):
    proc = run_process(*make_argv(tmp_path), cwd=tmp_path)
    assert proc.stdout == ""
    assert_one_line_error(proc.returncode, proc.stderr, argparse_usage=argparse_usage)


def test_process_version():
    proc = run_process("--version")
    assert proc.returncode == EXIT_OK
    assert proc.stdout.startswith("referee ")


def test_usage_errors_of_subcommand_modules_are_one_line_under_python_dash_m():
    """Under `python -m tabletop_referee.cli`, cli.py is __main__: errors raised by other modules
    must still be caught (UsageError lives in tabletop_referee.errors)."""
    proc = run_process("conform", "--game", "mlem", "--adapter", "")
    assert proc.returncode == EXIT_USAGE
    assert "Traceback" not in proc.stderr
    assert proc.stderr.strip().splitlines() == ["referee conform: error: --adapter: empty command"]


def test_a_command_parser_built_alone_reads_as_the_whole_one():
    """``referee COMMAND`` builds that command's parser alone (start-up: docs/benchmarks.md); it
    must read every argument, and explain itself, as the same parser inside the whole CLI does."""
    from tabletop_referee.cli import ALONE, MODULES, _alone, build_parser

    def commands(parser):
        return next(a for a in parser._actions if a.dest == "command").choices

    whole = build_parser()
    assert set(ALONE) == set(MODULES) and _alone(["fuzz", "adapter"]) == "fuzz"
    assert _alone(["conform-expect"]) is None and _alone(["--version"]) is None
    for name in MODULES:
        alone = build_parser(_alone([name, "--help"]))
        assert name in commands(alone) and len(commands(alone)) < len(commands(whole))
        for command, sub in commands(alone).items():
            assert sub.format_help() == commands(whole)[command].format_help(), command
    for argv in (["adapter", "--game", "mlem"], ["adapter", "--game", "mlem", "--protocol", "1"],
                 ["adapter", "--game", "mlem", "--reading", "tie_break=x", "--readings-of", "JA"],
                 ["conform", "--game", "mlem", "--clause", "travel", "-q"], ["clauses", "--game", "mlem", "--json"],
                 ["simulate", "--game", "mlem", "--games", "3", "--option", "tie_break=x"]):
        got, want = vars(build_parser(_alone(argv)).parse_args(argv)), vars(whole.parse_args(argv))
        assert got == want and got["func"].__module__ == f"tabletop_referee.commands.{argv[0]}"
