"""The command line's shared conventions (docs/cli.md): help everywhere, one naming scheme for
output flags with the old spellings still working, -q/-x, colour only on a terminal, --json on
stdout with the text on stderr, short green runs and failures first, progress on a terminal
only, and reports without absolute machine paths."""

from __future__ import annotations

import argparse
import json
import os
import pty
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop_referee.cli import build_parser, main

HERE = Path(__file__).resolve().parent
FIXTURES = HERE / "fixtures" / "vectors"
BASIC = FIXTURES / "basic.json"
WRONG_RULE = shlex.join([sys.executable, str(HERE / "adapters" / "wrong_rule.py"), "clause"])
ESC = "\033["


def run(capsys, *argv: str) -> tuple[int, str, str]:
    capsys.readouterr()
    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


# -- help ------------------------------------------------------------------------------------


def _walk(parser: argparse.ArgumentParser, path: list[str]):
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            helps = {a.dest: a.help for a in action._choices_actions}
            for name, sub in action.choices.items():
                yield path + [name], sub, helps.get(name)
                yield from _walk(sub, path + [name])


def missing_help(parser: argparse.ArgumentParser) -> list[str]:
    """Every subcommand without a description or a one-line help, every argument without help;
    a hidden (SUPPRESS) flag is allowed only as another spelling of a visible one."""
    missing = []
    for path, sub, summary in _walk(parser, []):
        name = " ".join(path)
        if not sub.description:
            missing.append(f"{name}: no description")
        if not summary:
            missing.append(f"{name}: no help in the command list")
        visible = {a.dest for a in sub._actions if a.help not in (None, argparse.SUPPRESS)}
        for a in sub._actions:
            if isinstance(a, (argparse._HelpAction, argparse._SubParsersAction)):
                continue
            label = "/".join(a.option_strings) or a.dest
            if a.help is None or (isinstance(a.help, str) and not a.help.strip()):
                missing.append(f"{name} {label}: no help")
            elif a.help == argparse.SUPPRESS and a.dest not in visible:
                missing.append(f"{name} {label}: hidden, and no visible flag does the same")
    return missing


def test_every_subcommand_and_flag_has_help() -> None:
    assert missing_help(build_parser()) == []


def test_the_help_check_can_fail() -> None:
    parser = argparse.ArgumentParser(prog="x")
    sub = parser.add_subparsers()
    p = sub.add_parser("bare")
    p.add_argument("--flag")
    p.add_argument("--ghost", help=argparse.SUPPRESS)
    assert missing_help(parser) == ["bare: no description", "bare: no help in the command list",
                                    "bare --flag: no help", "bare --ghost: hidden, and no visible flag does the same"]


def _helps_to_check(parser: argparse.ArgumentParser):
    """(argv, the usage line's start) for every subcommand, and every mode a positional with
    choices picks (``conform smoke``, ``vectors export``): each prints its own help."""
    yield ["--help"], "usage: referee ["
    for path, sub, _ in _walk(parser, []):
        yield [*path, "--help"], f"usage: referee {' '.join(path)} "
        for a in sub._actions:
            if not a.option_strings and a.choices and not isinstance(a, argparse._SubParsersAction):
                for choice in a.choices:
                    yield [*path, choice, "--help"], f"usage: referee {' '.join(path)} {choice} "


def test_every_subcommand_and_mode_prints_its_own_help(capsys) -> None:
    checked, wrong = [], []
    for argv, start in _helps_to_check(build_parser()):
        code, out, err = run(capsys, *argv)
        checked.append(" ".join(argv))
        if code != 0 or not out.startswith(start):
            wrong.append(f"{' '.join(argv)}: {out.splitlines()[0] if out else err.strip()}")
    assert "conform smoke --help" in checked and "vectors export --help" in checked
    assert wrong == []


def test_a_modes_help_lists_only_its_own_flags(capsys) -> None:
    code, smoke, _ = run(capsys, "conform", "smoke", "--help")
    assert code == 0 and "--adapter" in smoke and "--timeout" in smoke
    assert "--vectors" not in smoke and "--last-failed" not in smoke and "{smoke}" not in smoke
    code, export, _ = run(capsys, "vectors", "export", "-h")
    assert code == 0 and "--output" in export and "{export,assign-ids}" not in export
    code, ids, _ = run(capsys, "vectors", "assign-ids", "-h")
    assert code == 0 and "--game" in ids and "--output" not in ids
    code, parent, _ = run(capsys, "conform", "--help")  # without a mode: the command's whole help
    assert code == 0 and "--vectors" in parent and "--last-failed" in parent


# -- output flags: the scheme and the old spellings ------------------------------------------


def test_fuzz_output_flag_and_its_old_spelling(capsys, tmp_path) -> None:
    for flag in ("-o", "--output", "--out"):
        out = tmp_path / f"d{flag.strip('-')}.json"
        code, text, err = run(capsys, "fuzz", "--game", "mlem", "--games", "1", flag, str(out / "missing" / "x"))
        assert code == 2 and "--output" in err and "does not exist" in err, err
    assert "--out " not in build_parser()._subparsers._group_actions[0].choices["fuzz"].format_help()


def test_conform_exitfirst_and_its_old_spelling(capsys, tmp_path) -> None:
    for flag in ("-x", "--exitfirst", "--fail-fast"):
        report = tmp_path / "r.json"
        code, out, err = run(capsys, "conform", "--game", "mlem", "--vectors", str(FIXTURES),
                             "--adapter", WRONG_RULE, flag, "--report", str(report))
        assert code == 1
        assert json.loads(report.read_text(encoding="utf-8"))["stopped"] == "fail-fast"
        assert "stopped at the first failure (-x/--exitfirst)" in out


def test_report_output_flag_spellings(capsys, tmp_path) -> None:
    report = tmp_path / "r.json"
    assert run(capsys, "conform", "--game", "mlem", "--vectors", str(BASIC), "--report", str(report), "-q")[0] == 0
    for flag in ("--html", "-o", "--output"):
        page = tmp_path / f"p{flag.strip('-')}.html"
        assert run(capsys, "report", str(report), flag, str(page))[0] == 0
        assert page.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


# -- conform: short when green, failures first when red, -q, --json ---------------------------


def test_green_conform_prints_a_short_summary_and_rows_with_verbose(capsys) -> None:
    code, out, err = run(capsys, "conform", "--game", "mlem", "--vectors", str(BASIC))
    assert code == 0
    assert "passed/total" not in out and "travel.distance " not in out
    assert len(out.splitlines()) < 25 and out.splitlines()[-1].endswith("passed, 0 failed, 0 skipped")
    code, verbose, err = run(capsys, "conform", "--game", "mlem", "--vectors", str(BASIC), "-v")
    assert code == 0 and "passed/total" in verbose
    assert re.search(r"^travel\.distance\s+\d+/\d+", verbose, re.M)


def test_red_conform_prints_the_failing_clauses_first(capsys) -> None:
    code, out, err = run(capsys, "conform", "--game", "mlem", "--vectors", str(FIXTURES), "--adapter", WRONG_RULE)
    assert code == 1
    lines = out.splitlines()
    header = lines.index(next(ln for ln in lines if ln.startswith("clause ") and "passed/total" in ln))
    rows = lines[header + 1:lines.index("", header)]
    assert rows and all(re.search(r"\bmlem-", row) for row in rows), rows  # only clauses not passing
    first_failure = next(i for i, ln in enumerate(lines) if ln.startswith("FAILED "))
    verdict = next(i for i, ln in enumerate(lines) if ln.startswith("verdict: "))
    assert header < first_failure < verdict


def test_quiet_prints_one_line(capsys) -> None:
    code, out, err = run(capsys, "conform", "--game", "mlem", "--vectors", str(BASIC), "-q")
    assert code == 0 and re.fullmatch(r"\d+ passed, 0 failed, 0 skipped: PASS\n", out), out
    code, out, err = run(capsys, "conform", "--game", "mlem", "--vectors", str(FIXTURES), "--adapter", WRONG_RULE, "-q")
    assert code == 1 and len(out.splitlines()) == 1 and ": FAIL: " in out


def test_conform_json_on_stdout_and_the_text_on_stderr(capsys) -> None:
    code, out, err = run(capsys, "conform", "--game", "mlem", "--vectors", str(BASIC), "--json")
    assert code == 0
    report = json.loads(out)
    assert report["verdict"]["passed"] is True
    assert err.splitlines()[-1] == f"{report['summary']['passed']} passed, 0 failed, 0 skipped"
    code, out, err = run(capsys, "conform", "--game", "mlem", "--vectors", str(BASIC), "--report", "-")
    assert code == 0 and json.loads(out)["game"] == "mlem" and "verdict: PASS" in err
    code, out, err = run(capsys, "conform", "--game", "mlem", "--vectors", str(BASIC), "--report", "-", "--json")
    assert code == 2 and "give one" in err


def test_smoke_json_and_the_next_command(capsys) -> None:
    cmd = shlex.join([sys.executable, "-m", "tabletop_referee.cli", "adapter", "--game", "mlem"])
    code, out, err = run(capsys, "conform", "smoke", "--game", "mlem", "--adapter", cmd)
    assert code == 0
    assert out.splitlines()[-1] == "next: " + shlex.join(["referee", "conform", "--game", "mlem", "--adapter", cmd])
    code, out, err = run(capsys, "conform", "smoke", "--game", "mlem", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["passed"] is True and {c["name"] for c in doc["checks"]} >= {"start", "new_game"}
    assert "next: referee conform --game mlem" in err
    code, out, err = run(capsys, "conform", "smoke", "--game", "mlem", "--adapter",
                         shlex.join([sys.executable, str(HERE / "adapters" / "exits_at_start.py")]))
    assert code == 1 and "next:" not in out


def test_fuzz_json(capsys) -> None:
    code, out, err = run(capsys, "fuzz", "--game", "mlem", "--games", "2", "--json")
    assert code == 0
    doc = json.loads(out)
    assert doc["games"] == 2 and doc["divergences"] == []
    assert "no divergence" in err


def test_report_text_and_json(capsys, tmp_path) -> None:
    report = tmp_path / "r.json"
    assert run(capsys, "conform", "--game", "mlem", "--vectors", str(BASIC), "--report", str(report), "-q")[0] == 0
    code, out, err = run(capsys, "report", str(report))
    assert code == 0 and "verdict: PASS" in out
    code, out, err = run(capsys, "report", str(report), "--json")
    doc = json.loads(out)
    assert code == 0 and doc["verdict"]["passed"] is True and doc["game"] == "mlem"


# -- colour ----------------------------------------------------------------------------------


def test_no_colour_when_not_a_terminal_and_colour_when_forced(capsys, monkeypatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    argv = ["conform", "--game", "mlem", "--vectors", str(BASIC)]
    plain_out = run(capsys, *argv)[1]
    assert ESC not in plain_out
    forced = run(capsys, *argv, "--color", "always")[1]
    assert f"{ESC}32;1mverdict: PASS" in forced
    assert re.sub(r"\033\[[0-9;]*m", "", forced) == plain_out  # the same words, colour aside
    assert run(capsys, *argv, "--color", "never")[1] == plain_out


def _on_a_terminal(argv: list[str], env: dict[str, str]) -> str:
    """Runs referee with stdout and stderr on a pseudo-terminal; everything it printed."""
    leader, follower = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "tabletop_referee", *argv], stdout=follower, stderr=follower,
                            stdin=subprocess.DEVNULL, env=env)
    os.close(follower)
    chunks = []
    while True:
        try:
            data = os.read(leader, 65536)
        except OSError:  # the terminal closed: the process is done
            break
        if not data:
            break
        chunks.append(data)
    os.close(leader)
    assert proc.wait(timeout=300) == 0
    return b"".join(chunks).decode("utf-8", "replace")


@pytest.mark.parametrize("env_change, coloured", [({}, True), ({"NO_COLOR": "1"}, False), ({"TERM": "dumb"}, False)])
def test_colour_on_a_terminal_honours_no_color_and_dumb(env_change, coloured) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "TERM")}
    env.update({"TERM": "xterm", **env_change})
    text = _on_a_terminal(["conform", "--game", "mlem", "--vectors", str(BASIC)], env)
    assert ("\033[32;1mverdict: PASS" in text) is coloured
    assert "verdict: PASS" in text


def test_progress_on_a_terminal_only(tmp_path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    text = _on_a_terminal(["simulate", "--game", "mlem", "--games", "3"], env)
    assert "simulate: game 3 of 3" in text and "\r\033[K" in text
    proc = subprocess.run([sys.executable, "-m", "tabletop_referee", "simulate", "--game", "mlem", "--games", "3"],
                          capture_output=True, text=True, env=env)
    assert proc.returncode == 0 and proc.stderr == "" and "simulate: game" not in proc.stdout


# -- reports carry no absolute machine paths -------------------------------------------------


def test_reports_print_no_absolute_paths(capsys, tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)  # the suite's own vectors, from elsewhere: vectors/mlem/...
    paths = {"json": tmp_path / "r.json", "md": tmp_path / "r.md", "xml": tmp_path / "r.xml"}
    code, out, err = run(capsys, "conform", "--game", "mlem", "--clause", "crash", "--report", str(paths["json"]),
                         "--markdown", str(paths["md"]), "--junit", str(paths["xml"]), "-v")
    assert code == 0
    report = json.loads(paths["json"].read_text(encoding="utf-8"))
    assert report["selection"]["files"] and all(f.startswith("vectors/mlem/") for f in report["selection"]["files"])
    assert all(not os.path.isabs(r["file"]) for r in report["results"])
    assert all(not os.path.isabs(a) for a in report["adapter"]["command"])
    page = tmp_path / "r.html"
    assert run(capsys, "report", str(paths["json"]), "--html", str(page))[0] == 0
    roots = {str(Path.cwd()), str(HERE.parent), str(Path(sys.prefix)), str(tmp_path)}
    for text in (paths["json"].read_text(encoding="utf-8"), paths["md"].read_text(encoding="utf-8"),
                 paths["xml"].read_text(encoding="utf-8"), page.read_text(encoding="utf-8"), out):
        for root in roots:
            assert root not in text
    # a vector file below the current folder is named relative to it
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "basic.json").write_bytes(BASIC.read_bytes())
    assert run(capsys, "conform", "--game", "mlem", "--vectors", str(tmp_path / "mine"), "--report", "r2.json")[0] == 0
    report = json.loads((tmp_path / "r2.json").read_text(encoding="utf-8"))
    assert report["selection"]["files"] == ["mine/basic.json"]
