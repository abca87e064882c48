"""Hostile answers over HTTP (``--adapter http://...``): they pass the same input boundary as the
pipe transport's, and give the same protocol violation in the same words. The server is the
reference HTTP adapter (tests/adapters/http_adapter.py) told to misbehave on the game commands,
as tests/hostile/adapters/odd_numbers.py does on a pipe; an oversized body is refused after
reading at most the cap (a ``Content-Length`` above it before reading any of it)."""

from __future__ import annotations

import json
import re
import sys
import threading
import time
from collections.abc import Callable, Iterator

import pytest

from .conftest import BASIC, REPO, adapter, referee

sys.path.insert(0, str(REPO / "tests" / "adapters"))
from http_adapter import serve  # noqa: E402

sys.path.remove(str(REPO / "tests" / "adapters"))

GAME_COMMANDS = ("new_game", "apply", "legal_actions")
CAP = 16 * 1024 * 1024  # the answer cap (conformance/client.py MAX_LINE), by pipe or by HTTP


def odd(mode: str, resp: dict) -> bytes:
    """The answer as tests/hostile/adapters/odd_numbers.py spoils it (nan, huge), or deeper than
    the depth cap, or not UTF-8."""
    text = json.dumps(resp)
    if mode == "nan":
        if '"players": [' in text:  # where odd_numbers.py puts it
            return re.sub(r'"players": \[', '"nan": NaN, "players": [', text, count=1).encode()
        return text.replace('"seq": ', '"nan": NaN, "seq": ', 1).encode()
    if mode == "huge":
        return text.replace('"seq": ', '"big": ' + "9" * 5000 + ', "seq": ', 1).encode()
    if mode == "deep":
        return text.replace('"seq": ', '"deep": ' + "[" * 100 + "]" * 100 + ', "seq": ', 1).encode()
    if mode == "latin1":
        return text.replace('"seq": ', '"name": "caf\u00e9", "seq": ', 1).encode("latin-1")
    raise ValueError(mode)


def reply(handler, body: bytes, length: int | None = None) -> None:
    handler.send_response(200)
    handler.send_header("Content-Type", "application/json")
    handler.send_header("Content-Length", str(len(body) if length is None else length))
    handler.end_headers()
    handler.wfile.write(body)
    handler.wfile.flush()


@pytest.fixture
def http_adapter() -> Iterator[Callable[..., str]]:
    """Starts the HTTP adapter with a tamper function; returns its URL. Handlers that hold a
    connection open wait on ``release``, set when the test ends."""
    servers = []
    release = threading.Event()

    def start(tamper) -> str:
        server, url = serve(tamper=lambda h, req, resp: tamper(h, req, resp, release))
        servers.append(server)
        return url

    yield start
    release.set()
    for server in servers:
        server.shutdown()
        server.server_close()


def spoil(mode: str):
    def tamper(handler, req, resp, release) -> bool:
        if req.get("cmd") not in GAME_COMMANDS:
            return False
        reply(handler, odd(mode, resp))
        return True
    return tamper


def conform_one(url: str, tmp_path, *extra: str) -> tuple[object, dict]:
    report = tmp_path / "r.json"
    proc = referee("conform", "--game", "mlem", "--vectors", str(BASIC), "--id", "mlem-fx-0001",
                   "--adapter", url, "--report", str(report), *extra)
    assert "Traceback" not in proc.stderr, proc.stderr[-2000:]
    return proc, json.loads(report.read_text(encoding="utf-8"))["results"][0]


@pytest.mark.parametrize("mode, phrase", [
    ("nan", "NaN"),
    ("huge", "an integer of 5000 digits (limit 40 digits)"),
    ("deep", "nested more than 64 levels deep (limit 64)"),
    ("latin1", "is not JSON"),
])
def test_answers_past_a_limit_are_protocol_violations(http_adapter, tmp_path, mode, phrase):
    proc, result = conform_one(http_adapter(spoil(mode)), tmp_path)
    assert proc.returncode == 1, proc.stderr
    assert result["status"] == "errored", result
    assert result["message"].startswith("protocol violation: the answer to "), result["message"]
    assert phrase in result["message"], result["message"]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="odd_numbers.py is checked on Linux")
@pytest.mark.parametrize("mode", ["nan", "huge"])
def test_the_words_are_those_of_the_pipe_transport(http_adapter, tmp_path, marker, mode):
    """The same spoiled answer by pipe (odd_numbers.py) and by HTTP: the same message."""
    (tmp_path / "pipe").mkdir()
    (tmp_path / "http").mkdir()
    by_pipe = conform_one(adapter("odd_numbers.py", mode, marker=marker), tmp_path / "pipe")
    by_http = conform_one(http_adapter(spoil(mode)), tmp_path / "http")
    assert by_pipe[0].returncode == by_http[0].returncode == 1
    assert by_http[1]["status"] == by_pipe[1]["status"] == "errored"
    assert by_http[1]["message"] == by_pipe[1]["message"]


def test_a_content_length_past_the_cap_is_refused_before_the_body_is_read(http_adapter, tmp_path):
    """The server claims a terabyte, sends a few bytes and holds the connection: a client that
    read the body would wait for the timeout; the runner refuses it from the header."""
    def tamper(handler, req, resp, release) -> bool:
        if req.get("cmd") not in GAME_COMMANDS:
            return False
        reply(handler, b'{"seq": ', length=10 ** 12)
        release.wait(120)
        return True

    proc, result = conform_one(http_adapter(tamper), tmp_path, "--timeout", "60")
    assert proc.returncode == 1, proc.stderr
    assert result["status"] == "errored", result
    assert f"is a body of more than {CAP} bytes (oversized)" in result["message"], result["message"]


@pytest.mark.parametrize("framing", ["close", "chunked"])
def test_an_endless_body_is_read_only_to_the_cap(http_adapter, tmp_path, framing):
    """No Content-Length: the body ends when the server closes (or never, chunked). The runner
    stops reading one byte past the cap; the server sends at most 4 times the cap."""
    sent = []

    def tamper(handler, req, resp, release) -> bool:
        if req.get("cmd") not in GAME_COMMANDS:
            return False
        handler.send_response(200)
        handler.send_header("Content-Type", "application/json")
        if framing == "chunked":
            handler.send_header("Transfer-Encoding", "chunked")
        handler.close_connection = True
        handler.end_headers()
        block = b" " * (256 * 1024)
        total = 0
        try:
            while total < 4 * CAP and not release.is_set():
                handler.wfile.write(b"%x\r\n%s\r\n" % (len(block), block) if framing == "chunked" else block)
                total += len(block)
        except OSError:  # the runner hung up
            pass
        sent.append(total)
        return True

    proc, result = conform_one(http_adapter(tamper), tmp_path, "--timeout", "60")
    assert proc.returncode == 1, proc.stderr
    assert result["status"] == "errored", result
    assert f"is a body of more than {CAP} bytes (oversized)" in result["message"], result["message"]
    assert sent and max(sent) < 4 * CAP  # the runner hung up; it did not read to the end


def test_a_body_that_trickles_in_times_out(http_adapter, tmp_path):
    """A byte now and then keeps each read within the timeout; the request as a whole is not."""
    def tamper(handler, req, resp, release) -> bool:
        if req.get("cmd") not in GAME_COMMANDS:
            return False
        body = json.dumps(resp).encode()
        handler.send_response(200)
        handler.send_header("Content-Length", str(len(body)))
        handler.end_headers()
        try:
            for i in range(len(body)):
                handler.wfile.write(body[i:i + 1])
                handler.wfile.flush()
                if release.wait(0.3):
                    break
        except OSError:
            pass
        return True

    proc, result = conform_one(http_adapter(tamper), tmp_path, "--timeout", "1")
    assert proc.returncode == 1, proc.stderr
    assert result["status"] == "timeout", result
    assert "within 1 s" in result["message"], result["message"]


def test_a_reply_that_is_not_http_is_a_protocol_violation(http_adapter, tmp_path):
    def tamper(handler, req, resp, release) -> bool:
        if req.get("cmd") not in GAME_COMMANDS:
            return False
        handler.close_connection = True
        handler.wfile.write(b"garbage, not a status line\r\n\r\n")
        return True

    proc, result = conform_one(http_adapter(tamper), tmp_path)
    assert proc.returncode == 1, proc.stderr
    assert result["status"] == "errored", result
    assert "is not a valid HTTP response" in result["message"], result["message"]


@pytest.mark.parametrize("mode", ["nan", "latin1"])
@pytest.mark.parametrize("command", ["conform", "fuzz"])
def test_a_bad_start_answer_is_one_line(http_adapter, tmp_path, mode, command):
    def tamper(handler, req, resp, release) -> bool:
        if req.get("cmd") != "start":
            return False
        reply(handler, odd(mode, resp))
        return True

    url = http_adapter(tamper)
    argv = {"conform": ["conform", "--game", "mlem", "--vectors", str(BASIC), "--adapter", url],
            "fuzz": ["fuzz", "--game", "mlem", "--games", "1", "--adapter", url, "--out", str(tmp_path / "d.json")]}
    proc = referee(*argv[command])
    assert proc.returncode == 2 and "Traceback" not in proc.stderr, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "bad answer to start: protocol violation: the answer to start" in lines[0], lines


@pytest.mark.parametrize("status", [201, 204, 500])
def test_a_status_other_than_200_is_a_protocol_violation(http_adapter, tmp_path, status):
    def tamper(handler, req, resp, release) -> bool:
        if req.get("cmd") not in GAME_COMMANDS:
            return False
        body = b"" if status == 204 else json.dumps(resp).encode()  # a good answer, a wrong status
        handler.send_response(status)
        handler.send_header("Content-Length", str(len(body)))
        handler.end_headers()
        handler.wfile.write(body)
        return True

    proc, result = conform_one(http_adapter(tamper), tmp_path)
    assert proc.returncode == 1, proc.stderr
    assert result["status"] == "errored", result
    assert f"is HTTP {status} " in result["message"], result["message"]


def test_a_proxy_in_the_environment_is_not_used(http_adapter, tmp_path):
    """``http_proxy`` pointing at a closed port: the runner still talks to the adapter itself."""
    import os
    import subprocess

    from .conftest import ENV

    url = http_adapter(lambda handler, req, resp, release: False)
    report = tmp_path / "r.json"
    env = {**ENV, "http_proxy": "http://127.0.0.1:9", "HTTP_PROXY": "http://127.0.0.1:9", "no_proxy": "",
           "NO_PROXY": ""}
    proc = subprocess.run([sys.executable, "-m", "tabletop_referee.cli", "conform", "--game", "mlem",
                           "--vectors", str(BASIC), "--id", "mlem-fx-0001", "--adapter", url,
                           "--report", str(report)], capture_output=True, text=True, timeout=120, env=env,
                          cwd=REPO)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert json.loads(report.read_text(encoding="utf-8"))["results"][0]["status"] == "passed"
    assert os.environ.get("http_proxy") != env["http_proxy"]  # the test's own process is untouched


@pytest.mark.parametrize("where", ["status-line", "headers"])
def test_headers_that_trickle_in_cannot_stretch_the_timeout(http_adapter, tmp_path, where):
    """One deadline per request: a server that sends its status line or headers a little at a
    time (each piece well within the timeout) is timed out once the whole request took it."""
    def tamper(handler, req, resp, release) -> bool:
        if req.get("cmd") not in GAME_COMMANDS:
            return False
        head = b"HTTP/1.1 200 OK\r\n" + b"".join(b"X-Slow-%d: %d\r\n" % (i, i) for i in range(40))
        if where == "headers":
            pieces = [b"HTTP/1.1 200 OK\r\n"] + [b"X-Slow-%d: %d\r\n" % (i, i) for i in range(40)]
        else:
            pieces = [head[i:i + 1] for i in range(len(head))]
        try:
            for piece in pieces:
                handler.wfile.write(piece)
                handler.wfile.flush()
                if release.wait(0.25):
                    break
        except OSError:
            pass
        return True

    started = time.monotonic()
    proc, result = conform_one(http_adapter(tamper), tmp_path, "--timeout", "1")
    took = time.monotonic() - started
    assert proc.returncode == 1, proc.stderr
    assert result["status"] == "timeout", result
    assert "within 1 s" in result["message"], result["message"]
    assert took < 8, took  # before: 40 headers 0.25 s apart held the request for 10 s
    assert result["seconds"] < 2, result


@pytest.mark.parametrize("what, phrase", [
    ("many", "has more than 100 headers (limit 100)"),
    ("large", "bytes of headers (limit 65536)"),
])
def test_too_many_or_too_large_headers_are_protocol_violations(http_adapter, tmp_path, what, phrase):
    def tamper(handler, req, resp, release) -> bool:
        if req.get("cmd") not in GAME_COMMANDS:
            return False
        body = json.dumps(resp).encode()
        handler.send_response(200)
        if what == "many":
            for i in range(150):
                handler.send_header(f"X-Many-{i}", "x")
        else:
            for i in range(40):
                handler.send_header(f"X-Large-{i}", "x" * 4000)
        handler.send_header("Content-Length", str(len(body)))
        handler.end_headers()
        handler.wfile.write(body)
        return True

    proc, result = conform_one(http_adapter(tamper), tmp_path)
    assert proc.returncode == 1, proc.stderr
    assert result["status"] == "errored", result
    assert phrase in result["message"], result["message"]
