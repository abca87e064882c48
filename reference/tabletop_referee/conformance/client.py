"""The runner's side of the adapter protocol (docs/protocol.md): one adapter process.

:class:`AdapterProcess` starts the adapter command without a shell, speaks JSON lines with it
and classifies everything that can go wrong on the way, so the runner only ever sees a
response object or one of three exceptions:

- :class:`AdapterTimeout` - no complete line within the per-request timeout;
- :class:`AdapterCrashed` - the process exited (its exit status and stderr tail are kept);
- :class:`ProtocolViolation` - a line that is not a JSON object, a wrong ``seq``, or a line
  longer than the limit ("oversized").

Three threads per process keep it from ever blocking on the adapter: a writer (a request
larger than the pipe buffer cannot hang the runner if the adapter stops reading), a stdout
reader that splits lines and drops an oversized one without storing it, and a stderr reader
that keeps only the last :data:`STDERR_KEEP` bytes, so a flood of diagnostics can't stall
the adapter. After a timeout, a crash or a violation the process is killed; the next
:meth:`AdapterProcess.ensure_running` starts a fresh one and repeats the ``start`` handshake.
"""

from __future__ import annotations

import collections
import functools
import hashlib
import json
import os
import queue
import signal
import subprocess
import sys
import threading
import time
import weakref
from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

from ..versions import PROTOCOL_VERSION

from ..loading import LoadError, parse_json

PROTOCOL = 1
"""The version every adapter speaks; ``start`` names it in ``protocol`` for version-1 adapters."""
PROTOCOLS = tuple(range(1, PROTOCOL_VERSION + 1))
"""The versions the runner offers in ``start`` (``protocols``); the adapter answers the one it
chose, and the runner speaks that (docs/protocol.md)."""
DEFAULT_TIMEOUT = 10.0
START_TIMEOUT = 10.0
"""The least time the ``start`` handshake gets: runtimes (a JVM, node) can be slow to boot."""
MAX_LINE = 16 * 1024 * 1024
"""The longest response line kept (bytes); a longer one is a protocol violation."""
STDERR_KEEP = 64 * 1024
"""How much of the adapter's stderr is kept (the last bytes)."""
TRANSCRIPT_KEEP = 16
"""How many request/response exchanges of the current vector are kept for the report."""
TRANSCRIPT_ENTRY_MAX = 64 * 1024
"""A response longer than this (bytes) is kept in the transcript only as its size."""
_CHUNK = 1024 * 1024
_QUEUE_SIZE = 256
PIPELINE_WINDOW = 32
"""Requests :meth:`AdapterProcess.request_all` keeps in flight at most (protocol 2)."""
_EXIT_POLL = 0.25
_EXIT_GRACE = 0.5
"""Seconds an exited adapter's pipe may stay open (held by a child) before it counts as crashed."""
STRAYS_KEPT = 16
"""How many stray lines (a second answer, an unsolicited line) are kept for the verdict."""
_SENT_KEPT = 4096
"""How many recent requests' commands (and answers' digests) are kept, to judge a stray."""
_LIVE: set[int] = set()
_ADAPTERS: "weakref.WeakSet[AdapterProcess]" = weakref.WeakSet()


def kill_all() -> None:
    """Kills every adapter this process runs (and their process groups), then sweeps orphans:
    for a command interrupted where no ``finally`` of its own stops its adapters."""
    for adapter in list(_ADAPTERS):
        adapter.kill()
    sweep_orphans()
"""Process ids of the adapters this process runs (never swept as orphans)."""


def become_subreaper() -> bool:
    """Makes this process the reaper of its orphaned descendants (Linux ``PR_SET_CHILD_SUBREAPER``),
    so an adapter's helper that escapes its process group (double fork, ``setsid``) is adopted by
    us, not by init, and :func:`sweep_orphans` can kill it. Returns whether it worked; elsewhere
    it does nothing (the process group kill is then the only cleanup)."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = _libc()
        return bool(libc.prctl(36, 1, 0, 0, 0) == 0)  # PR_SET_CHILD_SUBREAPER
    except (OSError, AttributeError):
        return False


@functools.lru_cache(maxsize=1)
def _libc() -> Any:
    import ctypes  # lazy: start-up time of every command; only adapters on Linux use libc

    return ctypes.CDLL(None, use_errno=True)


def _is_subreaper() -> bool:
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes  # lazy: start-up time of every command; only adapters on Linux use libc

        libc = _libc()
        flag = ctypes.c_int(0)
        return libc.prctl(37, ctypes.byref(flag), 0, 0, 0) == 0 and flag.value == 1  # PR_GET_CHILD_SUBREAPER
    except (OSError, AttributeError):
        return False


def sweep_orphans() -> list[int]:
    """Kills the adopted orphans of adapters: children of this (subreaper) process that live in
    another session than ours and are not a running adapter. Our own helpers (worker processes)
    share our session and are left alone. Returns the ids killed (Linux with a subreaper only)."""
    if not _is_subreaper():
        return []
    killed: list[int] = []
    try:
        own_sid = os.getsid(0)
    except OSError:
        return []
    for _ in range(20):  # killing an orphan orphans its own children: they are adopted next round
        found = [pid for pid in _children() - _LIVE if _other_session(pid, own_sid)]
        if not found:
            break
        for pid in found:
            try:
                os.killpg(os.getpgid(pid), signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
            try:
                os.kill(pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
            try:
                os.waitpid(pid, 0)
            except ChildProcessError:
                pass
            killed.append(pid)
        time.sleep(0.02)
    return killed


def _children() -> set[int]:
    me, found = os.getpid(), set[int]()
    try:
        tasks = os.listdir(f"/proc/{me}/task")
    except OSError:
        return found
    for tid in tasks:
        try:
            with open(f"/proc/{me}/task/{tid}/children", encoding="ascii") as fh:
                found.update(int(x) for x in fh.read().split())
        except (OSError, ValueError):
            continue
    return found


def _other_session(pid: int, own_sid: int) -> bool:
    try:
        return os.getsid(pid) != own_sid
    except (ProcessLookupError, PermissionError):
        return False


class AdapterClient(Protocol):
    """What the runner, smoke and fuzz use of an adapter: :class:`AdapterProcess`, the HTTP
    adapter (conformance/http.py) and the pytest plugin's in-process adapter all provide it.
    Pipelining (``submit``/``collect``) is protocol 2 and only the first two have it."""

    hello: dict[str, Any] | None
    """The answer to the latest ``start``."""
    protocol: int
    starts: int
    exchanges: int
    transcript: collections.deque[dict[str, Any]]

    @property
    def running(self) -> bool: ...
    def start(self) -> dict[str, Any]: ...
    def ensure_running(self) -> None: ...
    def stop(self, grace: float = ...) -> object: ...
    def kill(self) -> None: ...
    def stderr_tail(self, limit: int = ...) -> str: ...
    def reset_transcript(self) -> None: ...
    def request(self, cmd: str, **fields: Any) -> dict[str, Any]: ...
    def observe(self, game: str, state: Any, player: int) -> dict[str, Any]: ...


class ExternalAdapter(AdapterClient, Protocol):
    """An adapter outside this process (:class:`AdapterProcess` or the HTTP adapter): ``stop``
    reports how it ended (for smoke), and several requests can be in flight (protocol 2, for
    fuzz)."""

    def stop(self, grace: float = ...) -> dict[str, Any]: ...
    def submit(self, cmd: str, **fields: Any) -> int: ...
    @property
    def pending(self) -> int: ...
    def collect(self) -> dict[str, Any]: ...


@runtime_checkable
class StrayTracking(Protocol):
    """An optional capability: an adapter that can tell the lines it received that answer no
    request (a second answer, an unsolicited line) and whose requests carry increasing seqs,
    so the runner can blame each stray on the vector it belongs to. :class:`AdapterProcess`
    has it; the HTTP adapter (one answer per request) and the in-process one have no strays.
    The runner asks ``isinstance(adapter, StrayTracking)``."""

    @property
    def next_seq(self) -> int:
        """The seq the next request will carry."""
        ...

    def drain(self) -> None:
        """Notes the stray lines already received (never waits)."""
        ...

    def take_strays(self) -> tuple[list[dict[str, Any]], int]:
        """The stray lines noted since the last call (some) and how many there were."""
        ...


class AdapterFailure(Exception):
    """The adapter did not answer a request properly. ``status`` is the vector status it causes."""

    status = "errored"

    def __init__(self, message: str, *, stderr_tail: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.stderr_tail = stderr_tail


class AdapterTimeout(AdapterFailure):
    status = "timeout"


class AdapterCrashed(AdapterFailure):
    status = "crashed"

    def __init__(self, message: str, *, returncode: int | None = None, stderr_tail: str = "") -> None:
        super().__init__(message, stderr_tail=stderr_tail)
        self.returncode = returncode


class ProtocolViolation(AdapterFailure):
    """Garbage on stdout, a wrong ``seq``, an oversized line or a response that is not an object."""

    status = "errored"


class AdapterStartError(Exception):
    """The adapter could not be started or refused the ``start`` handshake."""

    def __init__(self, message: str, *, stderr_tail: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.stderr_tail = stderr_tail


def describe_exit(returncode: int | None) -> str:
    """Returns "status 3" or "signal 9 (SIGKILL)" for a process exit code."""
    if returncode is None:
        return "an unknown status"
    if returncode < 0:
        try:
            name = signal.Signals(-returncode).name
        except ValueError:
            name = "?"
        return f"signal {-returncode} ({name})"
    return f"status {returncode}"


def last_line(text: str, limit: int = 300) -> str:
    """Returns the last non-blank line of ``text``, shortened to ``limit`` characters."""
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    if not lines:
        return ""
    line = lines[-1]
    return line if len(line) <= limit else line[: limit - 1] + "…"


def _strings(value: Any) -> bool:
    """A list of distinct strings."""
    return isinstance(value, list) and all(isinstance(v, str) for v in value) and len(set(value)) == len(value)


MAX_DATA_CLAIM = 256 * 1024
"""The largest ``board`` claim (bytes of compact JSON) a ``start`` answer may carry: the
largest board file the game reads (the shipped ones are a few kilobytes)."""


def hello_problem(answer: dict[str, Any], game: str | None = None) -> str | None:
    """Why a ``start`` answer does not have the shape of ``$defs/hello`` in
    schemas/protocol/response.schema.json (the implementation, its games and their options and
    variants, profiles, capabilities, board), or None. Checked once, at the handshake, so no
    later code meets a malformed claim; by hand, so the handshake loads no schema, except for a
    ``board`` claim when the run's ``game`` is given: it must then be a document of the game's
    data schema naming the data set the suite ships (:mod:`.claims`)."""
    def bad(path: str, what: str) -> str:
        return f"bad answer to start: {path}: {what}"

    impl = answer.get("implementation")
    if not isinstance(impl, dict):
        return bad("$.implementation", "must be an object")
    for key in ("name", "version", "language"):
        if not isinstance(impl.get(key), str) or not impl[key]:
            return bad(f"$.implementation.{key}", "must be a non-empty string")
    if "homepage" in impl and not isinstance(impl["homepage"], str):
        return bad("$.implementation.homepage", "must be a string")
    games = impl.get("games")
    if not isinstance(games, dict):
        return bad("$.implementation.games", "must be an object")
    for gid, entry in games.items():
        where = f"$.implementation.games.{gid}"
        if not isinstance(entry, dict):
            return bad(where, "must be an object")
        options = entry.get("options", {})
        if not isinstance(options, dict):
            return bad(f"{where}.options", "must be an object")
        for name, values in options.items():
            if not isinstance(values, list) and values != "any":
                return bad(f"{where}.options.{name}",
                           f"must be a list of values or \"any\", not {preview(repr(values), 60)}")
        if "variants" in entry and not _strings(entry["variants"]):
            return bad(f"{where}.variants", "must be a list of distinct strings")
    for key in ("capabilities", "profiles"):
        if key in answer and not _strings(answer[key]):
            return bad(f"$.{key}", "must be a list of distinct strings")
    if "board" in answer:
        board = answer["board"]
        if not isinstance(board, dict):
            return bad("$.board", "must be an object")
        size = len(json.dumps(board, separators=(",", ":"), ensure_ascii=False).encode("utf-8"))
        if size > MAX_DATA_CLAIM:
            return bad("$.board", f"a document of {size} bytes, more than {MAX_DATA_CLAIM} "
                                  "(a copy of the shipped data is a few kilobytes)")
        if game is not None:
            from .claims import data_claim_problem  # lazy: loads the game and its schema, only for a claim

            problem = data_claim_problem(game, board)
            if problem:
                return f"bad answer to start: {problem}"
    return None


def preview(data: bytes | str, limit: int = 200) -> str:
    """Returns a short printable rendering of a raw line for messages."""
    text = data.decode("utf-8", errors="replace") if isinstance(data, bytes) else data
    text = text.rstrip("\r\n")
    return repr(text if len(text) <= limit else text[:limit] + "…")


def oversized_problem(cmd: str, cap: int, unit: str = "a line") -> str:
    """Why an answer longer than ``cap`` bytes is refused (``unit``: a line, a body): the same
    words for every transport."""
    return f"the answer to {cmd} is {unit} of more than {cap} bytes (oversized); it was dropped"


def parse_answer(cmd: str, seq: Any, data: bytes) -> tuple[dict[str, Any] | None, str]:
    """The answer object in ``data``, parsed through the input boundary
    (:func:`~tabletop_referee.loading.parse_json`: strict numbers, depth, size and number caps),
    or ``None`` and why it is refused (a protocol violation). Every transport parses its
    answers here, so an answer is refused alike, in the same words, by pipe or by HTTP. The
    answer's ``seq`` is only checked to be there (``seq``: the request's, for the message)."""
    try:
        resp = parse_json(data, what="JSON")
    except LoadError as exc:
        if exc.pointer:  # JSON, but past a limit (NaN, a 5,000-digit number, too deep)
            return None, f"the answer to {cmd} is refused: {exc.pointer}: {exc.problem}"
        return None, f"the answer to {cmd} is not JSON: {preview(data)}"
    if not isinstance(resp, dict):
        return None, f"the answer to {cmd} is not a JSON object: {preview(data)}"
    if "seq" not in resp:
        return None, f"the answer to {cmd} has no seq (expected {seq!r})"
    return resp, ""


_DUPLICATE_GRACE = 1.0
"""Seconds the runner waits for a request's own answer after an exact repeat of an earlier
answer (a stray: the same line again) came instead; then it is a duplicate seq, a protocol
violation, not a timeout. An answer that carries an earlier request's seq but differs from
that request's answer is this request's answer under a wrong seq: a duplicate seq at once."""


def seq_problem(cmd: str, got: Any, seq: Any) -> str:
    """Why an answer's ``seq`` (``got``) is not the request's (``True`` is not ``1``); ``""`` if it is."""
    if got == seq and type(got) is type(seq):
        return ""
    return f"the answer to {cmd} has seq {got!r}, not the request's {seq!r}"


class _Pipes:
    """One running adapter process and the threads that move bytes to and from it."""

    def __init__(self, argv: list[str], *, max_line: int, stderr_keep: int,
                 cwd: str | None, env: dict[str, str] | None) -> None:
        kwargs: dict[str, Any] = {}
        if os.name == "posix":
            kwargs["start_new_session"] = True  # its own process group: killed as a whole
        self.proc = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            bufsize=0, cwd=cwd, env=env, **kwargs,
        )
        _LIVE.add(self.proc.pid)
        self.max_line = max_line
        self.stderr_keep = stderr_keep
        self.items: queue.Queue[tuple[str, Any]] = queue.Queue(maxsize=_QUEUE_SIZE)
        """(kind, data) from the stdout reader: line, partial, oversized (the length) or eof."""
        self.outbox: queue.Queue[bytes | None] = queue.Queue()
        """Bytes for stdin; ``None`` closes it."""
        self.closed = threading.Event()
        self._stderr = bytearray()
        self._stderr_lock = threading.Lock()
        self.threads = [
            threading.Thread(target=self._read_stdout, name="adapter-stdout", daemon=True),
            threading.Thread(target=self._read_stderr, name="adapter-stderr", daemon=True),
            threading.Thread(target=self._write_stdin, name="adapter-stdin", daemon=True),
        ]
        for t in self.threads:
            t.start()

    # -- threads ----------------------------------------------------------------------------

    def _put(self, item: tuple[str, Any]) -> None:
        while not self.closed.is_set():
            try:
                self.items.put(item, timeout=0.1)
                return
            except queue.Full:
                continue

    def _put_many(self, batch: list[tuple[str, Any]]) -> None:
        """Queues the lines of one read at once: a runner that takes the first of them (an
        answer) then sees the rest (a duplicate written with it) when it drains the pipe."""
        if len(batch) == 1:
            self._put(batch[0])
            return
        q = self.items
        while batch and not self.closed.is_set():
            with q.not_full:
                size = len(q.queue)  # under the lock already held (qsize() would take it again)
                if size and size + len(batch) > q.maxsize:
                    q.not_full.wait(0.1)
                    continue
                for item in batch:
                    q.queue.append(item)
                q.unfinished_tasks += len(batch)
                q.not_empty.notify(len(batch))
                return

    def _read_stdout(self) -> None:
        assert self.proc.stdout is not None  # opened with PIPE
        fd = self.proc.stdout.fileno()
        buf = bytearray()
        dropping = 0  # > 0 while skipping the rest of an oversized line
        try:
            while True:
                chunk = os.read(fd, _CHUNK)
                if not chunk:
                    break
                batch: list[tuple[str, Any]] = []
                start = 0
                while start < len(chunk):
                    nl = chunk.find(b"\n", start)
                    end = len(chunk) if nl < 0 else nl
                    if dropping:
                        dropping += end - start
                    else:
                        buf += chunk[start:end]
                        if len(buf) > self.max_line:
                            batch.append(("oversized", len(buf)))
                            dropping = len(buf)
                            buf = bytearray()
                    if nl < 0:
                        break
                    if not dropping:
                        batch.append(("line", bytes(buf)))
                    buf = bytearray()
                    dropping = 0
                    start = nl + 1
                if batch:
                    self._put_many(batch)
        except OSError:
            pass
        if buf and not dropping:
            self._put(("partial", bytes(buf)))
        self._put(("eof", None))

    def _read_stderr(self) -> None:
        assert self.proc.stderr is not None  # opened with PIPE
        fd = self.proc.stderr.fileno()
        try:
            while True:
                chunk = os.read(fd, 65536)
                if not chunk:
                    return
                with self._stderr_lock:
                    self._stderr += chunk
                    if len(self._stderr) > 2 * self.stderr_keep:
                        del self._stderr[: len(self._stderr) - self.stderr_keep]
        except OSError:
            return

    def _write_stdin(self) -> None:
        stream = self.proc.stdin
        assert stream is not None  # opened with PIPE
        while True:
            data = self.outbox.get()
            if data is None:
                break
            try:
                view = memoryview(data)
                while view:
                    n = stream.write(view)
                    view = view[n or 0:]
            except (OSError, ValueError):
                break  # the process is gone; the stdout reader reports the exit
        try:
            stream.close()
        except OSError:
            pass

    # -- use --------------------------------------------------------------------------------

    def send(self, data: bytes) -> None:
        self.outbox.put(data)

    def stderr_tail(self, limit: int | None = None) -> str:
        with self._stderr_lock:
            data = bytes(self._stderr[-(limit or self.stderr_keep):])
        return data.decode("utf-8", errors="replace")

    def wait_stderr(self, timeout: float = 1.0) -> None:
        """Waits (briefly) until stderr reached end of file, so the tail is complete."""
        self.threads[1].join(timeout)

    def kill(self) -> None:
        self.closed.set()
        # The whole process group, always: at a normal stop too, when the adapter itself has
        # exited but left helpers behind (they would hold its pipes or live on as orphans).
        if os.name == "posix":
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        if self.proc.poll() is None:
            try:
                self.proc.kill()
            except ProcessLookupError:
                pass
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:  # pragma: no cover
            pass
        _LIVE.discard(self.proc.pid)
        sweep_orphans()
        self.outbox.put(None)
        # Close a pipe only once its reader saw end of file: closing it under a blocked read
        # could hand the descriptor number to the next process's pipe. (A grandchild outside
        # the process group may keep a pipe open; then the descriptor is left to the GC.)
        for thread, stream in ((self.threads[0], self.proc.stdout), (self.threads[1], self.proc.stderr)):
            thread.join(1.0)
            if not thread.is_alive():
                assert stream is not None  # opened with PIPE
                try:
                    stream.close()
                except OSError:
                    pass


class AdapterProcess:
    """An adapter command, started on demand and restarted after it failed.

    >>> adapter = AdapterProcess([sys.executable, "-m", "tabletop_referee.cli", "adapter", "--game", "mlem"])
    >>> adapter.start()["implementation"]["name"]
    'tabletop-referee'
    >>> state = adapter.request("new_game", game="mlem", setup={"players": 2, "start_player": 0})["state"]
    >>> adapter.observe("mlem", state, 1)["observation"] == {**state, "observer": 1}
    True
    >>> adapter.stop()["returncode"]
    0
    """

    def __init__(self, argv: list[str], *, timeout: float = DEFAULT_TIMEOUT, max_line: int = MAX_LINE,
                 stderr_keep: int = STDERR_KEEP, cwd: str | None = None,
                 env: dict[str, str] | None = None, start_timeout: float | None = None,
                 protocols: tuple[int, ...] = PROTOCOLS, game: str | None = None) -> None:
        if not argv:
            raise ValueError("empty adapter command")
        self.argv = list(argv)
        self.game = game
        """The game the run is about: the ``start`` answer's ``board`` claim is checked against it."""
        self.timeout = timeout
        self.start_timeout = max(timeout, START_TIMEOUT) if start_timeout is None else start_timeout
        self.max_line = max_line
        self.stderr_keep = stderr_keep
        self.cwd = cwd
        self.env = env
        self.hello: dict[str, Any] | None = None
        """The adapter's answer to ``start`` (from the latest start)."""
        self.starts = 0
        self.transcript: collections.deque[dict[str, Any]] = collections.deque(maxlen=TRANSCRIPT_KEEP)
        self.exchanges = 0
        """Requests since :meth:`reset_transcript` (the transcript keeps only the last ones)."""
        self._pipes: _Pipes | None = None
        self._seq = 0
        self.protocols = tuple(protocols)
        self.protocol = PROTOCOL
        """The version agreed at the latest ``start``."""
        self._pending: collections.deque[tuple[dict[str, Any], float]] = collections.deque()
        """Pipelined requests sent and not yet answered, oldest first."""
        self._first_seq = 0
        """The seq of the running process's ``start``: older seqs belong to a killed process."""
        self._sent: dict[int, str] = {}
        """The command of each recent request, by seq (to name what a stray answer answers)."""
        self._answers: dict[int, bytes] = {}
        """A digest of each recent answer's line, by seq: a line repeated word for word is a
        stray; another line under an answered seq is a duplicate seq."""
        self.strays: list[dict[str, Any]] = []
        """Lines the adapter sent that answer nothing waited for (see :meth:`take_strays`)."""
        self.stray_count = 0
        _ADAPTERS.add(self)

    # -- lifecycle --------------------------------------------------------------------------

    @property
    def running(self) -> bool:
        return self._pipes is not None

    def start(self) -> dict[str, Any]:
        """Starts the process and performs the ``start`` handshake; returns the answer.

        Raises:
            AdapterStartError: the command cannot run, the process dies or hangs before
                answering, or the answer is an error or names another protocol version.
        """
        self.kill()
        try:
            self._pipes = _Pipes(self.argv, max_line=self.max_line, stderr_keep=self.stderr_keep,
                                 cwd=self.cwd, env=self.env)
        except OSError as exc:
            self._pipes = None
            raise AdapterStartError(f"cannot run {self.argv[0]!r}: {exc.strerror or exc}") from None
        self.starts += 1
        self._first_seq = self._seq
        saved, self.timeout = self.timeout, self.start_timeout
        try:
            answer = self._exchange({"cmd": "start", "protocol": PROTOCOL, "protocols": list(self.protocols)},
                                    record=False)
        except AdapterFailure as exc:
            tail = exc.stderr_tail
            if isinstance(exc, AdapterCrashed):
                message = exc.message.replace("; stderr:", " before answering start; stderr:", 1) \
                    if "; stderr:" in exc.message else exc.message + " before answering start"
            elif isinstance(exc, AdapterTimeout):
                message = f"the adapter did not answer start within {self.start_timeout:g} s"
            else:
                message = f"bad answer to start: {exc.message}"
            self.kill()
            raise AdapterStartError(message, stderr_tail=tail) from None
        finally:
            self.timeout = saved
        problem = None
        if "error" in answer:
            err = answer["error"] if isinstance(answer["error"], dict) else {"message": answer["error"]}
            problem = f"the adapter refused start ({err.get('kind', 'error')}): {err.get('message', '')}".rstrip(": ")
        elif "skipped" in answer:
            problem = "the adapter answered start with skipped"
        elif answer.get("protocol") not in self.protocols or type(answer.get("protocol")) is not int:
            problem = (f"the adapter speaks protocol {answer.get('protocol')!r}, "
                       f"the runner speaks {' or '.join(map(str, self.protocols))}")
        else:
            problem = hello_problem(answer, self.game)
        if problem:
            tail = self._pipes.stderr_tail() if self._pipes else ""
            self.kill()
            raise AdapterStartError(problem, stderr_tail=tail)
        self.hello = answer
        self.protocol = answer["protocol"]
        return answer

    def ensure_running(self) -> None:
        """Starts the adapter again if it is not running (after a failure). See :meth:`start`."""
        if self._pipes is None:
            self.start()

    def stop(self, grace: float = 1.0) -> dict[str, Any]:
        """Sends ``stop``, waits ``grace`` seconds for the answer and the exit, then kills.

        Returns what happened: ``answer`` (the response or ``None``), ``problem`` (why there
        is no proper answer, or ``None``) and ``returncode`` (``None`` if it had to be killed).
        """
        pipes = self._pipes
        if pipes is None:
            return {"answer": None, "problem": "the adapter was not running", "returncode": None}
        saved = self.timeout
        self.timeout = grace
        answer = problem = None
        try:
            answer = self._exchange({"cmd": "stop"}, record=False)
        except AdapterFailure as exc:
            problem = exc.message
        finally:
            self.timeout = saved
        code = None
        if self._pipes is pipes:  # still running (a failure above kills it)
            pipes.outbox.put(None)  # close stdin: end of input
            try:
                code = pipes.proc.wait(timeout=grace)
            except subprocess.TimeoutExpired:
                pass
        else:
            code = pipes.proc.returncode
        self.kill()
        return {"answer": answer, "problem": problem, "returncode": code}

    def kill(self) -> None:
        """Kills the process (and its process group) if one is running."""
        self._pending.clear()
        if self._pipes is not None:
            pipes, self._pipes = self._pipes, None
            pipes.kill()

    def stderr_tail(self, limit: int = 4000) -> str:
        return self._pipes.stderr_tail(limit) if self._pipes else ""

    # -- requests ---------------------------------------------------------------------------

    def reset_transcript(self) -> None:
        self.transcript.clear()
        self.exchanges = 0

    def request(self, cmd: str, **fields: Any) -> dict[str, Any]:
        """Sends one request and returns the response object (``seq`` checked).

        Raises:
            AdapterTimeout, AdapterCrashed, ProtocolViolation: the process is killed first;
                :meth:`ensure_running` starts a new one.
        """
        if self._pipes is None:
            raise AdapterCrashed("the adapter is not running")
        return self._exchange({"cmd": cmd, **fields}, record=True)

    # -- pipelining (protocol 2) -------------------------------------------------------------

    def submit(self, cmd: str, **fields: Any) -> int:
        """Sends a request without waiting for its answer (pipelining); returns its ``seq``.

        Answers must come back in the order of the requests: :meth:`collect` takes the oldest.
        """
        if self._pipes is None:
            raise AdapterCrashed("the adapter is not running")
        seq = self._seq
        self._seq += 1
        req = {"cmd": cmd, "seq": seq, **fields}
        self._remember(seq, cmd)
        self._pending.append((req, time.monotonic()))
        self._pipes.send((json.dumps(req, separators=(",", ":"), ensure_ascii=False) + "\n").encode("utf-8"))
        return seq

    @property
    def pending(self) -> int:
        """How many submitted requests are not collected yet."""
        return len(self._pending)

    def collect(self) -> dict[str, Any]:
        """The answer to the oldest submitted request (see :meth:`submit`); an answer with
        another ``seq`` (an out-of-order reply) is a protocol violation. The timeout counts
        from when the request was sent."""
        pipes = self._pipes
        if pipes is None:
            self._pending.clear()
            raise AdapterCrashed("the adapter is not running")
        req, sent = self._pending.popleft()
        try:
            return self._await(pipes, req, sent)
        except AdapterFailure:
            self._pending.clear()
            raise

    def request_all(self, cmd: str, many: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """:meth:`request` for each of ``many`` (the fields of one request each); the answers in
        order. To an adapter that speaks protocol 2 the requests are pipelined
        (docs/protocol.md), up to :data:`PIPELINE_WINDOW` in flight, and recorded in the
        transcript as :meth:`request` records them; to a version-1 adapter they go one at a
        time. A failure (timeout, crash, violation) raises as :meth:`request` does."""
        if self.protocol < 2 or len(many) < 2:
            return [self.request(cmd, **fields) for fields in many]
        if self._pipes is None:
            raise AdapterCrashed("the adapter is not running")
        if self._pending:
            raise ProtocolViolation(f"{cmd} sent while {len(self._pending)} pipelined request(s) "
                                    "wait for their answers (collect them first)")
        answers: list[dict[str, Any]] = []
        entries: collections.deque[dict[str, Any]] = collections.deque()
        sent = 0
        while len(answers) < len(many):
            while sent < len(many) and len(self._pending) < PIPELINE_WINDOW:
                self.submit(cmd, **many[sent])
                entry: dict[str, Any] = {"request": self._pending[-1][0]}
                self.exchanges += 1
                self.transcript.append(entry)
                entries.append(entry)
                sent += 1
            answers.append(self._recorded(entries.popleft(), self._pending[0][1], self.collect))
        return answers

    def observe(self, game: str, state: Any, player: int) -> dict[str, Any]:
        """Sends ``observe`` (capability ``observations``): what ``player`` sees of ``state``.

        The answer is ``{"seq": …, "observation": {…}}`` or a non-result; see :meth:`request`.
        """
        return self.request("observe", game=game, state=state, player=player)

    def _exchange(self, body: dict[str, Any], *, record: bool) -> dict[str, Any]:
        pipes = self._pipes
        assert pipes is not None
        seq = self._seq
        self._seq += 1
        req = {"cmd": body["cmd"], "seq": seq, **{k: v for k, v in body.items() if k != "cmd"}}
        self._remember(seq, body["cmd"])
        entry: dict[str, Any] = {"request": req}
        if record:
            self.exchanges += 1
            self.transcript.append(entry)
        started = time.monotonic()
        return self._recorded(entry, started, lambda: self._receive(pipes, req, started))

    def _recorded(self, entry: dict[str, Any], started: float, receive: Callable[[], dict[str, Any]]) -> dict[str, Any]:
        """``receive()``, the answer to the request of the transcript ``entry`` sent at
        ``started``, noted in the entry: its time, its size and the answer (or the failure)."""
        try:
            resp = receive()
        except AdapterFailure as exc:
            entry["failure"] = {"status": exc.status, "message": exc.message}
            raise
        finally:
            entry["seconds"] = round(time.monotonic() - started, 4)
        size = getattr(self, "_last_size", 0)
        entry["bytes"] = size
        entry["response"] = resp if size <= TRANSCRIPT_ENTRY_MAX else {
            "omitted": f"a response of {size} bytes (the transcript keeps up to {TRANSCRIPT_ENTRY_MAX})"}
        return resp

    def _receive(self, pipes: _Pipes, req: dict[str, Any], started: float) -> dict[str, Any]:
        if self._pending:
            raise ProtocolViolation(f"{req['cmd']} sent while {len(self._pending)} pipelined request(s) "
                                    "wait for their answers (collect them first)")
        line = json.dumps(req, separators=(",", ":"), ensure_ascii=False) + "\n"
        pipes.send(line.encode("utf-8"))
        return self._await(pipes, req, started)

    def _await(self, pipes: _Pipes, req: dict[str, Any], started: float) -> dict[str, Any]:
        deadline = started + self.timeout
        exited_at = None
        duplicate: Any = None  # the seq of a second answer to an earlier request, received while waiting
        duplicate_by = deadline
        while True:
            if duplicate is not None and time.monotonic() >= duplicate_by:
                tail = pipes.stderr_tail(4000)
                self.kill()
                raise ProtocolViolation(
                    f"protocol violation: duplicate seq: the adapter answered seq {duplicate!r} again while "
                    f"{req['cmd']} (seq {req['seq']!r}) waited, and no answer with seq {req['seq']!r} followed "
                    f"within {_DUPLICATE_GRACE:g} s", stderr_tail=tail)
            remaining = deadline - time.monotonic()
            if duplicate is not None:
                remaining = min(remaining, duplicate_by - time.monotonic())
            try:
                # Wake up now and then: an adapter that exited while a child of it still holds
                # its stdout gives no end of file, and must not cost the whole timeout.
                wait = min(remaining, _EXIT_POLL)
                kind, data = pipes.items.get(timeout=wait) if wait > 0 else pipes.items.get_nowait()
            except queue.Empty:
                if pipes.proc.poll() is not None:
                    exited_at = exited_at or time.monotonic()
                    if time.monotonic() - exited_at >= _EXIT_GRACE or remaining <= 0:
                        raise self._crashed(pipes) from None
                    continue
                if time.monotonic() < deadline:  # (a duplicate seq shortens the wait: checked above)
                    continue
                tail = pipes.stderr_tail(4000)
                self.kill()
                raise AdapterTimeout(
                    f"no answer to {req['cmd']} within {self.timeout:g} s", stderr_tail=tail
                ) from None
            if kind == "line":
                if not data.strip():
                    continue  # a blank line is not an answer; keep waiting
                resp = self._parse(pipes, req, data)
                if resp is None:  # a second answer to an earlier request: noted, not this one's fault,
                    if duplicate is None:  # unless it stands in for this one's (a duplicate seq)
                        duplicate, duplicate_by = self._stray_seq, time.monotonic() + _DUPLICATE_GRACE
                    continue
                return resp
            if kind == "oversized":
                tail = pipes.stderr_tail(4000)
                self.kill()
                raise ProtocolViolation("protocol violation: " + oversized_problem(req["cmd"], self.max_line),
                                        stderr_tail=tail)
            if kind == "partial":
                continue  # the process closed stdout mid-line; "eof" follows
            raise self._crashed(pipes)

    def _crashed(self, pipes: _Pipes) -> AdapterCrashed:
        try:
            code = pipes.proc.wait(timeout=2)
            how = f"the adapter exited with {describe_exit(code)}"
        except subprocess.TimeoutExpired:
            code = None
            how = "the adapter closed its stdout"
        pipes.wait_stderr(1.0)
        tail = pipes.stderr_tail(4000)
        self.kill()
        said = last_line(tail)
        return AdapterCrashed(how + (f"; stderr: {said}" if said else ""), returncode=code, stderr_tail=tail)

    # -- stray lines --------------------------------------------------------------------------

    @property
    def next_seq(self) -> int:
        """The seq the next request will carry (requests before it have smaller ones)."""
        return self._seq

    def _remember(self, seq: int, cmd: str) -> None:
        self._sent[seq] = cmd
        if len(self._sent) > _SENT_KEPT:
            del self._sent[next(iter(self._sent))]

    def _note_answer(self, seq: int, data: bytes) -> None:
        self._answers[seq] = hashlib.blake2b(data.strip(), digest_size=16).digest()
        if len(self._answers) > _SENT_KEPT:
            del self._answers[next(iter(self._answers))]

    def _repeats(self, seq: int, data: bytes) -> bool:
        """Whether ``data`` is, word for word, the answer already received for ``seq``."""
        return self._answers.get(seq) == hashlib.blake2b(data.strip(), digest_size=16).digest()

    def _answered(self, seq: Any, before: int) -> bool:
        """Whether ``seq`` is that of a request of this process already answered (or given up)."""
        return (type(seq) is int and self._first_seq <= seq < before
                and not any(p[0]["seq"] == seq for p in self._pending))

    def _note_stray(self, data: bytes, seq: int | None) -> None:
        self.stray_count += 1
        if len(self.strays) < STRAYS_KEPT:
            self.strays.append({"seq": seq, "cmd": self._sent.get(seq) if seq is not None else None,
                                "line": preview(data, 120)})

    def drain(self) -> None:
        """Takes the lines already received that answer nothing (nothing is waited for now):
        a second answer, an unsolicited line. They are noted in :attr:`strays`, so the fault
        goes to the vector that was running when they were sent, not the next one. It never
        waits: a stray that arrives later is still recognised by its ``seq``
        (:meth:`_parse`). Anything else (end of file, an oversized line) is left for the next
        request to report."""
        pipes = self._pipes
        if pipes is None or self._pending:
            return
        while True:
            with pipes.items.mutex:
                head = pipes.items.queue[0] if pipes.items.queue else None
            if head is None or head[0] != "line":
                return
            _kind, data = pipes.items.get_nowait()
            if not data.strip():
                continue
            try:
                doc = parse_json(data, what="JSON")
            except LoadError:
                doc = None
            seq = doc.get("seq") if isinstance(doc, dict) else None
            self._note_stray(data, seq if self._answered(seq, self._seq) else None)

    def take_strays(self) -> tuple[list[dict[str, Any]], int]:
        """The stray lines noted since the last call (up to :data:`STRAYS_KEPT`) and how many
        there were in all; the record is cleared."""
        strays, count = self.strays, self.stray_count
        self.strays, self.stray_count = [], 0
        return strays, count

    def _parse(self, pipes: _Pipes, req: dict[str, Any], data: bytes) -> dict[str, Any] | None:
        """The answer to ``req``; ``None`` for a second answer to an earlier request (noted in
        :attr:`strays`: the caller keeps waiting for the real one)."""
        self._last_size = len(data)
        resp, problem = parse_answer(req["cmd"], req["seq"], data)  # the input boundary
        if resp is not None:
            if self._answered(resp["seq"], req["seq"]):
                if self._repeats(resp["seq"], data):  # the same line again: a stray, blamed on its own request
                    self._note_stray(data, resp["seq"])
                    self._stray_seq = resp["seq"]
                    return None
                earlier = self._sent.get(resp["seq"])
                tail = pipes.stderr_tail(4000)
                self.kill()
                raise ProtocolViolation(
                    f"protocol violation: duplicate seq: the answer to {req['cmd']} (seq {req['seq']!r}) carries "
                    f"seq {resp['seq']!r}, which the adapter already answered"
                    + (f" (a {earlier} request)" if earlier else ""), stderr_tail=tail)
            problem = seq_problem(req["cmd"], resp["seq"], req["seq"])
            if not problem:
                self._note_answer(req["seq"], data)
                return resp
            if any(p[0]["seq"] == resp["seq"] for p in self._pending):
                problem += " (an out-of-order answer to a pipelined request)"
        tail = pipes.stderr_tail(4000)
        self.kill()  # out of step with the adapter: start afresh
        raise ProtocolViolation("protocol violation: " + problem, stderr_tail=tail)

    def __enter__(self) -> "AdapterProcess":
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def default_command(game: str) -> list[str]:
    """The reference engine as an adapter subprocess (the runner's default)."""
    return [sys.executable, "-m", "tabletop_referee.cli", "adapter", "--game", game]
