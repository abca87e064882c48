"""The adapter protocol over HTTP (docs/protocol.md, "Transports"): for an implementation that
lives in a web server (or behind one, for a browser) and cannot be started as a process.

``--adapter http://host:port/path`` makes the runner POST each request, one JSON object, to
that URL and read the answer, one JSON object, from the response body (status 200). The
messages, ``seq`` included, are exactly those of the pipe transport. :class:`HttpAdapter` has
the interface of :class:`~tabletop_referee.conformance.client.AdapterProcess`, so the runner
and the fuzzer do not know which transport they use; there is no process to restart, so
"restarting" after a failure repeats the ``start`` handshake.

Answers pass the same input boundary as the pipe transport's (:func:`.client.parse_answer`,
through :mod:`tabletop_referee.loading`): a body is read only up to the answer cap
(:data:`.client.MAX_LINE`, one byte more to tell an oversized one), a ``Content-Length``
above the cap is refused before any of the body is read, and an answer past a limit (too
deep, a huge or non-finite number, not UTF-8) is the same protocol violation, in the same
words, as by pipe. The per-request timeout is one deadline for the whole request: connecting,
sending, the status line and headers (at most 100 header lines, 64 KiB in all) and the body,
not each read.
"""

from __future__ import annotations

import collections
import http.client
import io
import json
import socket
import time
import urllib.parse
from http.client import HTTPException
from typing import Any, cast

from .client import (DEFAULT_TIMEOUT, MAX_LINE, PROTOCOL, PROTOCOLS, TRANSCRIPT_ENTRY_MAX, TRANSCRIPT_KEEP,
                     AdapterCrashed, AdapterFailure, AdapterProcess, AdapterStartError, AdapterTimeout,
                     ProtocolViolation, hello_problem, oversized_problem, parse_answer, preview, seq_problem)

_READ = 64 * 1024
"""The most bytes one read of a body takes (the deadline is checked between reads)."""


def is_url(argv: list[str]) -> bool:
    return len(argv) == 1 and argv[0].startswith(("http://", "https://"))


def open_adapter(argv: list[str], **kwargs: Any) -> AdapterProcess | HttpAdapter:
    """An adapter for a command line (a process on stdin/stdout) or a single http(s) URL."""
    if is_url(argv):
        kwargs = {k: v for k, v in kwargs.items() if k in ("timeout", "protocols", "start_timeout", "max_line", "game")}
        return HttpAdapter(argv[0], **kwargs)
    return AdapterProcess(argv, **kwargs)



MAX_HEADERS = 100
"""The most header lines an answer may have (http.client's own limit, which it enforces)."""
MAX_HEADER_BYTES = 64 * 1024
"""The most bytes the status line and headers of an answer may take."""


class _HeadersTooLarge(HTTPException):
    pass


class _DeadlineReader(io.RawIOBase):
    """Reads a socket with one deadline for all reads (each read waits only what is left), and
    at most ``limit`` bytes while ``limit`` is set (the headers)."""

    def __init__(self, sock: socket.socket, deadline: float, limit: int | None) -> None:
        self.sock, self.deadline, self.limit, self.taken = sock, deadline, limit, 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("the deadline passed")
        self.sock.settimeout(left)
        n = self.sock.recv_into(buffer)
        self.taken += n
        if self.limit is not None and self.taken > self.limit:
            raise _HeadersTooLarge("headers too large")
        return n


class _Wrapped:
    """What :class:`http.client.HTTPResponse` takes for a socket: only ``makefile`` is used."""

    def __init__(self, raw: _DeadlineReader) -> None:
        self.raw = raw

    def makefile(self, mode: str) -> io.BufferedReader:
        return io.BufferedReader(self.raw)


def _connection(url: str, deadline: float) -> http.client.HTTPConnection:
    """A connection to ``url``'s host, made within the deadline. It talks to the adapter's address
    itself: ``http_proxy`` and the like in the environment (set for the internet, say) must not
    send an adapter's answers through a proxy."""
    parts = urllib.parse.urlsplit(url)
    cls = http.client.HTTPSConnection if parts.scheme == "https" else http.client.HTTPConnection
    try:
        port = parts.port
    except ValueError as exc:
        raise OSError(str(exc)) from None
    left = deadline - time.monotonic()
    conn = cls(parts.hostname or "", port, timeout=max(left, 0.001))
    conn.connect()
    return conn


def _target(url: str) -> str:
    parts = urllib.parse.urlsplit(url)
    return (parts.path or "/") + (f"?{parts.query}" if parts.query else "")

class HttpAdapter:
    """An adapter reached by HTTP POST, one request per call."""

    def __init__(self, url: str, *, timeout: float = DEFAULT_TIMEOUT, protocols: tuple[int, ...] = PROTOCOLS,
                 start_timeout: float | None = None, max_line: int = MAX_LINE, game: str | None = None) -> None:
        self.url = url
        self.game = game
        """The game the run is about: the ``start`` answer's ``board`` claim is checked against it."""
        self.max_line = max_line
        """The largest answer body read (bytes); a larger one is a protocol violation."""
        self.argv = [url]
        self.timeout = timeout
        self.start_timeout = start_timeout or timeout
        self.protocols = tuple(protocols)
        self.protocol = PROTOCOL
        self.hello: dict[str, Any] | None = None
        self.starts = 0
        self.transcript: collections.deque[dict[str, Any]] = collections.deque(maxlen=TRANSCRIPT_KEEP)
        self.exchanges = 0
        self._seq = 0
        self._started = False
        self._pending: collections.deque[dict[str, Any]] = collections.deque()

    @property
    def running(self) -> bool:
        return self._started

    def start(self) -> dict[str, Any]:
        self._started = False
        self.starts += 1
        try:
            answer = self._exchange({"cmd": "start", "protocol": PROTOCOL, "protocols": list(self.protocols)},
                                    record=False, timeout=self.start_timeout)
        except ProtocolViolation as exc:
            raise AdapterStartError(f"{self.url}: bad answer to start: {exc.message}") from None
        except AdapterFailure as exc:
            raise AdapterStartError(f"{self.url}: {exc.message}") from None
        if "error" in answer or answer.get("protocol") not in self.protocols:
            raise AdapterStartError(f"{self.url}: bad answer to start: {preview(json.dumps(answer))}")
        problem = hello_problem(answer, self.game)
        if problem:
            raise AdapterStartError(f"{self.url}: {problem}")
        self.hello, self.protocol, self._started = answer, answer["protocol"], True
        return answer

    def ensure_running(self) -> None:
        if not self._started:
            self.start()

    def stop(self, grace: float = 1.0) -> dict[str, Any]:
        if not self._started:
            return {"answer": None, "problem": "the adapter was not running", "returncode": None}
        answer = problem = None
        try:
            answer = self._exchange({"cmd": "stop"}, record=False, timeout=grace)
        except AdapterFailure as exc:
            problem = exc.message
        self._started = False
        return {"answer": answer, "problem": problem, "returncode": 0 if answer else None}

    def kill(self) -> None:
        self._started = False
        self._pending.clear()

    def stderr_tail(self, limit: int = 4000) -> str:
        return ""

    def reset_transcript(self) -> None:
        self.transcript.clear()
        self.exchanges = 0

    def request(self, cmd: str, **fields: Any) -> dict[str, Any]:
        if not self._started:
            raise AdapterCrashed("the adapter is not running")
        return self._exchange({"cmd": cmd, **fields}, record=True)

    def observe(self, game: str, state: Any, player: int) -> dict[str, Any]:
        return self.request("observe", game=game, state=state, player=player)

    # pipelining: HTTP answers one request per call, so submitted requests are sent on collect
    def submit(self, cmd: str, **fields: Any) -> int:
        self._pending.append({"cmd": cmd, **fields})
        return self._seq + len(self._pending) - 1

    @property
    def pending(self) -> int:
        return len(self._pending)

    def collect(self) -> dict[str, Any]:
        body = self._pending.popleft()
        try:
            return self.request(body.pop("cmd"), **body)
        except AdapterFailure:
            self._pending.clear()
            raise

    def _exchange(self, body: dict[str, Any], *, record: bool, timeout: float | None = None) -> dict[str, Any]:
        seq = self._seq
        self._seq += 1
        req = {"cmd": body["cmd"], "seq": seq, **{k: v for k, v in body.items() if k != "cmd"}}
        entry: dict[str, Any] = {"request": req}
        if record:
            self.exchanges += 1
            self.transcript.append(entry)
        started = time.monotonic()
        try:
            raw = self._post(req, timeout or self.timeout)
            resp, problem = parse_answer(req["cmd"], seq, raw)  # the input boundary, as by pipe
            if resp is not None:
                problem = seq_problem(req["cmd"], resp["seq"], seq)
            if resp is None or problem:
                raise ProtocolViolation("protocol violation: " + problem)
        except AdapterFailure as exc:
            entry["failure"] = {"status": exc.status, "message": exc.message}
            raise
        finally:
            entry["seconds"] = round(time.monotonic() - started, 4)
        entry["bytes"] = len(raw)
        entry["response"] = resp if len(raw) <= TRANSCRIPT_ENTRY_MAX else {
            "omitted": f"a response of {len(raw)} bytes (the transcript keeps up to {TRANSCRIPT_ENTRY_MAX})"}
        return resp

    def _post(self, req: dict[str, Any], timeout: float) -> bytes:
        """POSTs ``req``; the body of the answer, at most :attr:`max_line` bytes. ``timeout`` is
        one deadline for the whole request: connecting, sending, the status line and headers
        (at most :data:`MAX_HEADERS` of them, :data:`MAX_HEADER_BYTES` in all) and the body. A
        server that sends its headers a byte at a time cannot stretch it."""
        deadline = time.monotonic() + timeout
        data = json.dumps(req, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
        late = AdapterTimeout(f"no answer to {req['cmd']} within {timeout:g} s")
        oversized = ProtocolViolation("protocol violation: " + oversized_problem(req["cmd"], self.max_line, "a body"))
        conn = None
        try:
            conn = _connection(self.url, deadline)
            conn.request("POST", _target(self.url), body=data, headers={"Content-Type": "application/json"})
            reader = _DeadlineReader(conn.sock, deadline, MAX_HEADER_BYTES + io.DEFAULT_BUFFER_SIZE)
            reply = http.client.HTTPResponse(cast(socket.socket, _Wrapped(reader)), method="POST")
            try:
                reply.begin()
            except _HeadersTooLarge:
                raise ProtocolViolation(f"protocol violation: the answer to {req['cmd']} has more than "
                                        f"{MAX_HEADER_BYTES} bytes of headers (limit {MAX_HEADER_BYTES})") from None
            except HTTPException as exc:
                if "more than" not in str(exc) or "headers" not in str(exc):
                    raise
                raise ProtocolViolation(f"protocol violation: the answer to {req['cmd']} has more than "
                                        f"{MAX_HEADERS} headers (limit {MAX_HEADERS})") from None
            reader.limit = None
            if reply.status != 200:
                raise ProtocolViolation(f"protocol violation: the answer to {req['cmd']} is HTTP "
                                        f"{reply.status} {preview(reply.reason, 80)}")
            length = (reply.headers.get("Content-Length") or "").strip()
            if length.isascii() and length.isdigit() and (len(length) > 20 or int(length) > self.max_line):
                raise oversized  # refused from the header: none of the body is read
            chunks: list[bytes] = []
            size = 0
            while size <= self.max_line:  # one byte past the cap tells an oversized body
                chunk = reply.read1(min(_READ, self.max_line + 1 - size))
                if not chunk:
                    break
                chunks.append(chunk)
                size += len(chunk)
            if size > self.max_line:
                raise oversized
            return b"".join(chunks)
        except (socket.timeout, TimeoutError):
            self._started = False
            raise late from None
        except HTTPException as exc:  # a status line, header or chunk that is not HTTP
            raise ProtocolViolation(f"protocol violation: the answer to {req['cmd']} is not a valid HTTP "
                                    f"response ({type(exc).__name__}: {preview(str(exc), 120)})") from None
        except OSError as exc:
            self._started = False
            raise AdapterCrashed(f"cannot reach the adapter at {self.url}: {preview(str(exc), 200)}") from None
        finally:
            if conn is not None:
                conn.close()

    def __enter__(self) -> "HttpAdapter":
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()
