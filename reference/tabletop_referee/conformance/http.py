"""The adapter protocol over HTTP (docs/protocol.md, "Transports"): for an implementation that
lives in a web server (or behind one, for a browser) and cannot be started as a process.

``--adapter http://host:port/path`` makes the runner POST each request, one JSON object, to
that URL and read the answer, one JSON object, from the response body (status 200). The
messages, ``seq`` included, are exactly those of the pipe transport. :class:`HttpAdapter` has
the interface of :class:`~tabletop_referee.conformance.client.AdapterProcess`, so the runner
and the fuzzer do not know which transport they use; there is no process to restart, so
"restarting" after a failure repeats the ``start`` handshake.
"""

from __future__ import annotations

import collections
import json
import socket
import time
import urllib.error
import urllib.request
from typing import Any

from .client import (DEFAULT_TIMEOUT, PROTOCOL, PROTOCOLS, TRANSCRIPT_KEEP, AdapterCrashed, AdapterFailure,
                     AdapterProcess, AdapterStartError, AdapterTimeout, ProtocolViolation, preview)


def is_url(argv: list[str]) -> bool:
    return len(argv) == 1 and argv[0].startswith(("http://", "https://"))


def open_adapter(argv: list[str], **kwargs: Any) -> AdapterProcess | HttpAdapter:
    """An adapter for a command line (a process on stdin/stdout) or a single http(s) URL."""
    if is_url(argv):
        kwargs = {k: v for k, v in kwargs.items() if k in ("timeout", "protocols", "start_timeout")}
        return HttpAdapter(argv[0], **kwargs)
    return AdapterProcess(argv, **kwargs)


class HttpAdapter:
    """An adapter reached by HTTP POST, one request per call."""

    def __init__(self, url: str, *, timeout: float = DEFAULT_TIMEOUT, protocols: tuple[int, ...] = PROTOCOLS,
                 start_timeout: float | None = None) -> None:
        self.url = url
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
        except AdapterFailure as exc:
            raise AdapterStartError(f"{self.url}: {exc.message}") from None
        if "error" in answer or answer.get("protocol") not in self.protocols:
            raise AdapterStartError(f"{self.url}: bad answer to start: {preview(json.dumps(answer))}")
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
        data = json.dumps(req, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
        http = urllib.request.Request(self.url, data=data, method="POST",
                                      headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(http, timeout=timeout or self.timeout) as reply:
                raw = reply.read()
        except urllib.error.HTTPError as exc:
            entry["failure"] = {"status": "errored", "message": f"HTTP {exc.code}"}
            raise ProtocolViolation(f"protocol violation: the answer to {req['cmd']} is HTTP {exc.code} {exc.reason}") from None
        except (socket.timeout, TimeoutError):
            self._started = False
            raise AdapterTimeout(f"no answer to {req['cmd']} within {timeout or self.timeout:g} s") from None
        except (urllib.error.URLError, OSError) as exc:
            self._started = False
            reason = getattr(exc, "reason", exc)
            if isinstance(reason, (socket.timeout, TimeoutError)):
                raise AdapterTimeout(f"no answer to {req['cmd']} within {timeout or self.timeout:g} s") from None
            raise AdapterCrashed(f"cannot reach the adapter at {self.url}: {reason}") from None
        finally:
            entry["seconds"] = round(time.monotonic() - started, 4)
        try:
            resp = json.loads(raw)
        except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
            raise ProtocolViolation(f"protocol violation: the answer to {req['cmd']} is not JSON: {preview(raw)}") from None
        if not isinstance(resp, dict) or resp.get("seq") != seq:
            raise ProtocolViolation(f"protocol violation: the answer to {req['cmd']} is not an object with seq {seq}: "
                                    f"{preview(raw)}")
        entry["response"] = resp
        return resp

    def __enter__(self) -> "HttpAdapter":
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()
