"""Hostile documents for every command that reads one: numbers the schema accepts but code could
not handle, unbounded expansion, and files that are not files. Each case: the exact exit code,
one line on stderr naming the file, no traceback, nothing on stdout."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from .conftest import BASIC, one_line_error, referee, run

DEEP_JSON = "[" * 100_000 + "]" * 100_000
DEEP_YAML = "a: " + "[" * 100_000 + "]" * 100_000
HUGE_INT = "9" * 5000
ALIAS_BOMB = "\n".join(
    ["a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    + [f"{c}: &{c} [{', '.join(['*' + p] * 9)}]" for p, c in zip("abcdefgh", "bcdefghi")]
) + "\n"

# -- readers: (name, argv with FILE, how the file is written: json | yaml) -----------------------

READERS = {
    "vectors": (["conform", "--game", "mlem", "--vectors", "FILE"], "json"),
    "expectations": (["conform", "--game", "mlem", "--vectors", str(BASIC), "--expect", "FILE"], "json"),
    "report": (["report", "FILE", "--html", "OUT"], "json"),
    "report-compare": (["report", "compare", "FILE", "FILE"], "json"),
    "log": (["verify", "--game", "mlem", "FILE"], "jsonl"),
    "board": (["simulate", "--game", "mlem", "--games", "1", "--board", "FILE"], "yaml"),
    "tokens": (["simulate", "--game", "mlem", "--games", "1", "--variants", "exploration", "--tokens", "FILE"],
               "yaml"),
    "position": (["explain", "--game", "mlem", "FILE", "stay"], "yaml"),
    "question": (["explain", "--game", "mlem", "FILE"], "yaml"),
    "action": (["explain", "--game", "mlem", "POSITION", "FILE"], "yaml"),
    "conform-expect": (["conform-expect", "FILE", "--output", "OUT"], "json"),
}

JSON_POISONS = {
    "nan": ('{"x": NaN}', "NaN"),
    "infinity": ('{"x": Infinity}', "Infinity"),
    "minus-infinity": ('{"x": -Infinity}', "Infinity"),
    "overflowing-float": ('{"x": 1e400}', "finite"),
    "huge-int": ('{"x": ' + HUGE_INT + '}', "5000 digits"),
    "deep": (DEEP_JSON, "nested"),
}
YAML_POISONS = {
    "nan": ("x: .nan\n", "finite"),
    "infinity": ("x: .inf\n", "finite"),
    "huge-int": ("x: " + HUGE_INT + "\n", "5000 digits"),
    "deep": (DEEP_YAML, "nested"),
    "alias-bomb": (ALIAS_BOMB, "alias|values (limit"),  # the alias cap, or the cap on values it expands to
    "python-tag": ("x: !!python/object/apply:os.system [echo pwned]\n", "constructor"),
    "date": ("x: 2026-12-01\n", "JSON cannot hold"),
}


def _cases():
    for reader, (_, fmt) in READERS.items():
        table = YAML_POISONS if fmt == "yaml" else JSON_POISONS
        for name, (text, needle) in table.items():
            yield pytest.param(reader, text, needle, id=f"{reader}-{name}")


def _argv(reader: str, path: Path, tmp_path: Path) -> list[str]:
    position = tmp_path / "position.yaml"
    position.write_text("players: 2\n", encoding="utf-8")
    out = {"FILE": str(path), "OUT": str(tmp_path / "out.html"), "POSITION": str(position)}
    return [out.get(a, a) for a in READERS[reader][0]]


@pytest.mark.parametrize("reader, text, needle", list(_cases()))
def test_poisoned_document_is_one_line_error(capsys, tmp_path, reader, text, needle):
    path = tmp_path / ("doc.jsonl" if READERS[reader][1] == "jsonl" else "doc.yaml" if READERS[reader][1] == "yaml"
                       else "doc.json")
    path.write_text(text, encoding="utf-8")
    code, out, err = run(capsys, *_argv(reader, path, tmp_path))
    line = one_line_error(code, err)
    assert any(n in line.lower() for n in needle.lower().split("|")), line
    assert str(path) in line or "line 1" in line, line
    assert out == ""
    assert not (tmp_path / "out.html").exists()


@pytest.mark.parametrize("reader", ["vectors", "report", "log", "board", "position"])
def test_dev_zero_is_refused_without_reading_it_all(capsys, tmp_path, reader):
    started = time.monotonic()
    code, out, err = run(capsys, *_argv(reader, Path("/dev/zero"), tmp_path))
    one_line_error(code, err)
    assert time.monotonic() - started < 20


@pytest.mark.parametrize("reader", ["vectors", "report", "board", "position", "log"])
def test_a_folder_is_refused(capsys, tmp_path, reader):
    folder = tmp_path / "folder.json"
    folder.mkdir()
    code, out, err = run(capsys, *_argv(reader, folder, tmp_path))
    one_line_error(code, err)


@pytest.mark.parametrize("reader", ["vectors", "report", "board", "position", "log"])
def test_not_utf8(capsys, tmp_path, reader):
    path = tmp_path / "latin1.json"
    path.write_bytes(b'{"x": "caf\xe9"}')
    code, out, err = run(capsys, *_argv(reader, path, tmp_path))
    assert "utf-8" in one_line_error(code, err).lower()


def test_oversized_vector_file(capsys, tmp_path):
    path = tmp_path / "big.json"
    with path.open("w") as fh:
        fh.write('{"format": 1, "game": "mlem", "vectors": [], "pad": "')
        fh.write("x" * (17 * 1024 * 1024))
        fh.write('"}')
    code, out, err = run(capsys, "conform", "--game", "mlem", "--vectors", str(path))
    assert "larger than the limit" in one_line_error(code, err)


# -- bounds before work ---------------------------------------------------------------------------


def test_huge_player_count_in_a_position(capsys, tmp_path):
    path = tmp_path / "p.yaml"
    path.write_text("players: 100000000\n", encoding="utf-8")
    started = time.monotonic()
    line = one_line_error(*run(capsys, "explain", "--game", "mlem", str(path), "stay")[::2])
    assert "2 to 5 players" in line and time.monotonic() - started < 10


def test_huge_player_count_in_a_log(capsys, tmp_path):
    path = tmp_path / "g.jsonl"
    path.write_text(json.dumps({"type": "setup", "game": "mlem", "format": 1,
                                "setup": {"players": 100000000, "start_player": 0}}) + "\n", encoding="utf-8")
    code, out, err = run(capsys, "verify", "--game", "mlem", str(path))
    assert code in (1, 2) and "Traceback" not in err


def test_ten_thousand_space_board_is_refused_quickly_on_one_short_line(capsys, tmp_path):
    path = tmp_path / "b.json"
    space = {"faces": ["1"]}
    path.write_text(json.dumps({"id": "big", "spaces": [space] * 10_000, "planets": {},
                                "deep_space": {"space": 9_999, "comet": [1], "galaxy": [1]}}), encoding="utf-8")
    started = time.monotonic()
    line = one_line_error(*run(capsys, "simulate", "--game", "mlem", "--games", "1", "--board", str(path))[::2])
    assert "limit of 200" in line and time.monotonic() - started < 5


@pytest.mark.parametrize("doc, needle", [
    ("players: 2\ncrahses: 1\n", "unknown key(s) 'crahses'"),
    ("players: 2\nrocket: {spcae: 3}\n", "unknown key(s) 'spcae'"),
    ("players: 2\nlanded: {a: 1}\n", "landed must be a list"),
    ("players: two\n", "2 to 5 players"),
    ("players: true\n", "2 to 5 players"),
    ("- players: 2\n", "mapping"),
])
def test_misspelt_or_mistyped_position(capsys, tmp_path, doc, needle):
    path = tmp_path / "p.yaml"
    path.write_text(doc, encoding="utf-8")
    assert needle in one_line_error(*run(capsys, "explain", "--game", "mlem", str(path), "stay")[::2])


# -- integral floats are numbers, not errors -------------------------------------------------------


def test_integral_floats_in_a_position_are_accepted(capsys, tmp_path):
    path = tmp_path / "p.json"
    path.write_text('{"players": 3.0, "start_player": 1.0, "crashes": 0.0}', encoding="utf-8")
    code, out, err = run(capsys, "explain", "--game", "mlem", str(path), "stay", "--json")
    assert code == 0, err
    assert json.loads(out)


def test_integral_floats_in_a_log_are_accepted(capsys, tmp_path):
    src = tmp_path / "g.jsonl"
    assert run(capsys, "simulate", "--game", "mlem", "--games", "1", "--seed", "3", "--log", str(src))[0] == 0
    lines = [json.loads(ln) for ln in src.read_text(encoding="utf-8").splitlines()]
    for doc in lines:
        if doc["type"] == "action" and "player" in doc["action"]:
            doc["action"]["player"] = float(doc["action"]["player"])
    floaty = tmp_path / "f.jsonl"
    floaty.write_text("".join(json.dumps(d) + "\n" for d in lines), encoding="utf-8")
    assert ".0" in floaty.read_text(encoding="utf-8")
    code, out, err = run(capsys, "verify", "--game", "mlem", str(floaty))
    assert code == 0, err


def test_integral_float_seq_from_an_adapter_is_accepted(capsys, tmp_path):
    from .conftest import adapter

    code, out, err = run(capsys, "conform", "--game", "mlem", "--vectors", str(BASIC),
                         "--adapter", adapter("odd_numbers.py", "floats"), "--report", str(tmp_path / "r.json"))
    report = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert "Traceback" not in err
    assert all(r["status"] in ("passed", "failed") for r in report["results"]), err


# -- command-line numbers --------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["conform", "fuzz"])
@pytest.mark.parametrize("value", ["1e10", "nan", "inf", "-1", "0", "abc"])
def test_bad_timeout(command, value):
    proc = referee(command, "--game", "mlem", "--timeout", value)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert "--timeout" in proc.stderr


# -- the reference adapter reads no local file ---------------------------------------------------


@pytest.mark.parametrize("field, value", [
    ("board", "/etc/passwd.yaml"), ("board", "../../spec/mlem/boards/short.yaml"), ("board", "/dev/zero.json"),
])
def test_reference_adapter_reads_boards_only_by_id_or_inline(field, value):
    requests = [{"cmd": "start", "seq": 0, "protocol": 1},
                {"cmd": "new_game", "seq": 1, "game": "mlem", "setup": {"players": 2, "start_player": 0, field: value}},
                {"cmd": "stop", "seq": 2}]
    proc = referee("adapter", "--game", "mlem", stdin="".join(json.dumps(r) + "\n" for r in requests))
    answers = [json.loads(ln) for ln in proc.stdout.splitlines()]
    assert proc.returncode == 0 and "Traceback" not in proc.stderr
    assert "error" in answers[1] and "shipped" in json.dumps(answers[1]), answers[1]


def test_reference_adapter_token_set_by_path_is_refused():
    requests = [{"cmd": "start", "seq": 0, "protocol": 1},
                {"cmd": "new_game", "seq": 1, "game": "mlem",
                 "setup": {"players": 2, "start_player": 0, "options": {"variants": ["exploration"]},
                           "tokens": "/etc/hostname.yaml"}},
                {"cmd": "stop", "seq": 2}]
    proc = referee("adapter", "--game", "mlem", stdin="".join(json.dumps(r) + "\n" for r in requests))
    answers = [json.loads(ln) for ln in proc.stdout.splitlines()]
    assert "error" in answers[1] and "shipped" in json.dumps(answers[1])


@pytest.mark.parametrize("line", [
    '{"cmd": "new_game", "seq": 1, "game": "mlem", "setup": {"players": NaN}}',
    '{"cmd": "new_game", "seq": 1, "game": "mlem", "setup": {"players": ' + HUGE_INT + '}}',
    "[" * 100_000,
    '{"cmd": "new_game", "seq": 1, "game": "mlem", "setup": {"players": 100000000, "start_player": 0}}',
])
def test_reference_adapter_survives_hostile_requests(line):
    stdin = '{"cmd": "start", "seq": 0, "protocol": 1}\n' + line + '\n{"cmd": "stop", "seq": 2}\n'
    proc = referee("adapter", "--game", "mlem", stdin=stdin, timeout=60)
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr[-2000:]
    answers = [json.loads(ln) for ln in proc.stdout.splitlines()]
    assert any("error" in a or "rejected" in a for a in answers[1:]), answers
