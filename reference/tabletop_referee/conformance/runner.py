"""Running vectors against an adapter and classifying each result (docs/conformance.md).

A result's status is one of :data:`STATUSES`:

- ``passed`` / ``failed``: the vector ran and its expectations held / did not;
- ``errored``: the adapter answered ``error``, or broke the protocol (a line that is not a JSON
  object, a wrong ``seq``, an oversized line, an answer without the fields its command needs);
- ``skipped``: the vector needs a capability, variant or option value the ``start`` answer
  does not list, the adapter answered ``skipped``, or an expectations entry says ``skip``;
- ``timeout`` / ``crashed``: no answer in time / the adapter process exited;
- ``xfail`` / ``xpass``: an ``xfail`` expectation entry matched and the vector did not pass / passed.

Pointers in differences refer to the *result document* of a vector: ``/state`` (the final
state, or the state at a checkpoint), ``/actor`` (the ``legal_actions`` answer), ``/scores`` and
``/outcome`` (the ``scores`` answer), ``/observations/<player>`` (the ``observe`` answer for
that player), ``/legal_actions/actions``, ``/events/<i>`` and
``/events_absent/<i>`` (the pattern that failed), ``/event_list/<i>`` (the exact list of events), ``/rejected/clause``, ``/steps/<i>`` (a step
accepted or rejected against the expectation) and ``/perft`` for counting vectors. A
difference found at a checkpoint carries ``checkpoint``: the number of steps applied.
"""

from __future__ import annotations

import dataclasses
import functools
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .client import (DEFAULT_TIMEOUT, AdapterClient, AdapterFailure, AdapterStartError, AdapterTimeout,
                     StrayTracking)
from ..documents import canonical_text
from ..perft import PIN_KEYS
from .compare import (MISSING, Difference, event_matches, first_difference, pointer_tokens, resolve,
                      set_difference, short)
from .expectations import FAILING, Entry, Expectations
from .readings import adapt, followed_values, for_vocabulary, newer_kinds, vocabulary_level
from .vectors import Vector


BREAKER = 5
"""Consecutive timeouts or crashes after which the run stops (circuit breaker): an adapter that
hangs on every request would otherwise take the timeout times the number of vectors."""
VECTOR_DEADLINE_FACTOR = 30
VECTOR_DEADLINE_MIN = 60.0
"""A vector's deadline: the larger of this and the factor times the per-request timeout."""
TRANSCRIPT_BUDGET = 8 * 1024 * 1024
"""Most response bytes kept in all the transcripts of a run; later failures keep none."""
STATUSES = ("passed", "failed", "errored", "skipped", "timeout", "crashed", "xfail", "xpass")
COUNTED_FAILED = ("failed", "errored", "timeout", "crashed", "xpass")
"""The statuses counted as "failed" in the closing line and the exit code."""
RESTART_ATTEMPTS = 3
"""After this many failed restarts in a row, the remaining vectors are not tried."""


class VectorFailed(Exception):
    def __init__(self, message: str, diff: Difference | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.diff = diff

    def at_checkpoint(self, after: int) -> "VectorFailed":
        diff = self.diff
        if diff is not None:
            diff = Difference(diff.pointer, diff.expected, diff.actual, diff.message,
                              {**diff.extra, "checkpoint": after})
        return VectorFailed(f"checkpoint after {after} step(s): {self.message}", diff)


class VectorSkipped(Exception):
    pass


_ChanceStep = tuple[Any, dict[str, int], Callable[[dict[str, Any]], VectorFailed]]
"""A perft chance node's pinned outcome: the action, the pins used after it, and the failure
to raise if the adapter rejects it (given the ``rejected`` answer)."""


@dataclass(frozen=True)
class _Node:
    """A node of a perft walk: the state document, the pinned outcomes used on its path, and
    the adapter's (actor, legal actions) there; ``legal`` None for a leaf (a chance node with no
    pinned outcome left)."""

    state: Any
    used: dict[str, int]
    legal: tuple[Any, list[Any]] | None


class VectorErrored(Exception):
    pass


@dataclass
class Result:
    vector: Vector
    status: str
    seconds: float = 0.0
    message: str = ""
    diff: dict[str, Any] | None = None
    underlying: str | None = None
    expectation: Entry | None = None
    transcript: list[dict[str, Any]] | None = None
    transcript_omitted: int = 0
    stderr_tail: str | None = None
    exit_code: int | None = None
    """For ``crashed``: the adapter's exit status (negative: killed by that signal)."""
    excused: str | None = None
    """For ``skipped``: why the skip is not held against a claimed profile (``board``: the
    adapter's own board differs in a provisional field the vector depends on; ``reading``: the
    vector holds under no reading the adapter follows, see :mod:`.readings`)."""
    readings: dict[str, Any] | None = None
    """The option values the vector ran under in place of its own (the adapter's readings)."""
    counted_by: str | None = None
    """For a perft vector that passed on the adapter's own count (capability ``perft``):
    ``adapter``; ``None`` when the runner walked the tree."""


@dataclass
class Run:
    results: list[Result] = field(default_factory=list)
    not_run: list[Vector] = field(default_factory=list)
    stopped: str | None = None
    """Why the run ended before the last vector: ``fail-fast``, ``interrupted``, or ``None``."""
    restarts: int = 0
    seconds: float = 0.0
    faults: list[str] = field(default_factory=list)
    """Protocol faults of the adapter that belong to no vector (sent between vectors, e.g. a
    second answer to ``start``): each fails the run."""


def needs_events(vector: Vector) -> bool:
    """Tells whether the vector checks events (present or absent), finally or at a checkpoint."""
    if vector.kind != "play":
        return False
    return any("events" in c or "events_absent" in c or "event_list" in c for c in _checks(vector))


OBSERVATIONS = "observations"
"""The root of the value pointers answered by ``observe``: ``/observations/<player>/…``."""


def _checks(vector: Vector) -> list[dict[str, Any]]:
    return [vector.doc["expect"], *(c["expect"] for c in vector.doc.get("checkpoints", []))]


def observation_player(pointer: str) -> int | None:
    """The player of a pointer rooted at ``/observations/<player>``, else ``None``.

    >>> observation_player("/observations/1/missions/hands/0"), observation_player("/state/phase")
    (1, None)
    """
    tokens = pointer_tokens(pointer)
    if len(tokens) < 2 or tokens[0] != OBSERVATIONS:
        return None
    p = tokens[1]
    return int(p) if p.isdigit() and (p == "0" or not p.startswith("0")) else None


def needs_observations(vector: Vector) -> bool:
    """Tells whether a value pointer of the vector is rooted at ``/observations``."""
    if vector.kind != "play":
        return False
    return any(pointer_tokens(v["pointer"])[:1] == [OBSERVATIONS]
               for c in _checks(vector) for v in c.get("values", []))


def needed_variants(vector: Vector) -> list[str]:
    """The variants the vector needs: ``requires.variants`` and those its setup or state turns on."""
    needed = list(vector.requires.get("variants", []))
    invalid = vector.doc.get("expect", {}).get("invalid_input") if vector.kind == "play" else None
    if invalid and invalid.get("step") == -1:
        return needed  # an unreadable setup: whatever it names, it needs nothing but the answer
    for where in ("setup", "state"):
        doc = vector.doc.get(where)
        options = doc.get("options") if isinstance(doc, dict) else None
        variants = options.get("variants") if isinstance(options, dict) else None
        for v in variants if isinstance(variants, list) else []:
            if v not in needed:
                needed.append(v)
    return needed


def _object(value: Any) -> dict[str, Any]:
    """``value`` if it is a JSON object, else an empty one."""
    return value if isinstance(value, dict) else {}


def _array(value: Any) -> list[Any]:
    """``value`` if it is a JSON array, else an empty one."""
    return value if isinstance(value, list) else []


def unmet_requirement(vector: Vector, hello: dict[str, Any], game: str) -> str | None:
    """Returns why the adapter cannot run ``vector`` (from its ``start`` answer), or ``None``."""
    impl = _object(hello.get("implementation"))
    games = _object(impl.get("games"))
    info = _object(games.get(game))
    supported = _array(info.get("variants"))
    lacking = [v for v in needed_variants(vector) if v not in supported]
    if lacking:  # first: the game itself; a variant's own options mean nothing without it
        shown = ", ".join(str(v) for v in lacking)
        return f"the adapter does not support variant{'s' if len(lacking) > 1 else ''} {shown}"
    caps = _array(hello.get("capabilities"))
    needed = list(vector.requires.get("capabilities", []))
    if needs_events(vector) and "events" not in needed:
        needed.append("events")  # event expectations always need the capability
    if vector.kind == "play" and any("chance" in c for c in _checks(vector)) and "chance-probabilities" not in needed:
        needed.append("chance-probabilities")  # so do expected chance probabilities
    if needs_observations(vector) and "observations" not in needed:
        needed.append("observations")  # so do observation pointers
    for cap in needed:
        if cap not in caps:
            return f"the adapter lacks capability {cap}"
    offered = _object(info.get("options"))
    for name, value in vector.requires.get("options", {}).items():
        values = offered.get(name)
        if values == "any":  # a data option (docs/protocol.md): any well-formed value
            continue
        if isinstance(value, list):  # format 2: the values the vector holds under
            follows = followed_values(hello, game, name)
            if not any(v in follows for v in value):
                shown = "|".join(v if isinstance(v, str) else canonical_text(v) for v in value)
                return f"the vector holds only under {name}={shown}, a reading the adapter does not follow"
            continue
        if not isinstance(values, list) or value not in values:
            shown = value if isinstance(value, str) else canonical_text(value)
            return f"the adapter does not support option {name}={shown}"
    return None


@functools.lru_cache(maxsize=None)
def _reference_runner(game: str, shares_documents: bool) -> "Runner":
    """The runner of the reference oracle. ``shares_documents`` (for a float-free vector
    document): the requests are handed to the reference as they are and its answers come back
    to it unread (:class:`~.inprocess.InProcessAdapter`); otherwise each request is copied and
    read as a document from outside would be."""
    from ..adapter import Adapter  # lazy: the reference oracle is built only when a run swaps readings
    from .inprocess import InProcessAdapter  # lazy: as above

    reference = Adapter([game], shares_documents=shares_documents)

    def handle(req: dict[str, Any]) -> dict[str, Any]:
        return reference.handle(req) or {}

    # the reference reads only what it is sent: the vector's documents and its own answers
    adapter = InProcessAdapter(handle, own_readers=True, shares_documents=shares_documents)
    adapter.start()
    return Runner(adapter, game)


def reference_passes(game: str, doc: Mapping[str, Any]) -> bool:
    """Whether a vector document passes against the in-process reference engine of ``game``
    (every capability and option announced): the oracle of :mod:`.readings`. The runner never
    changes a document it sends or receives, so a float-free vector shares its documents with
    the reference (:func:`_reference_runner`)."""
    from .inprocess import float_free  # lazy: as _reference_runner

    vector = Vector(dict(doc), "<reference>", 0)
    return _reference_runner(game, float_free(doc)).run([vector]).results[0].status == "passed"


def perft_difference(want: Mapping[str, Any], got: Mapping[str, Any]) -> Difference | None:
    """The first difference between two perft counts (``nodes`` and ``divide``, as in a perft
    vector's ``expect.perft``), at ``/perft/...``; a count missing from ``got`` is missing."""
    return first_difference({"divide": want["divide"], "nodes": want["nodes"]},
                            {"divide": got.get("divide", MISSING), "nodes": got.get("nodes", MISSING)}, "/perft")


def board_difference(vector: Vector, hello: dict[str, Any]) -> str | None:
    """When the adapter returned its own ``board`` at start: why the vector cannot apply to it
    (it depends on a provisional field where the two boards differ), else ``None``."""
    board = hello.get("board")
    if not isinstance(board, dict):
        return None
    fields = vector.requires.get("board_fields")
    for pointer, value in (fields.items() if isinstance(fields, dict) else ()):
        theirs = resolve(board, pointer)
        if theirs is MISSING and value is None:
            continue
        if theirs is MISSING or first_difference(value, theirs) is not None:
            shown = "absent" if theirs is MISSING else short(theirs, 60)
            return (f"the adapter's board differs at {pointer} (suite: {short(value, 60)}, adapter: {shown}), "
                    "a provisional field this vector depends on")
    return None


class Runner:
    """Runs vectors one by one through one adapter (already started): an
    :class:`~.client.AdapterProcess` or anything else that is an :class:`~.client.AdapterClient`."""

    def __init__(self, adapter: AdapterClient, game: str, *, expectations: Expectations | None = None,
                 fail_fast: bool = False, on_result: Callable[[Result, int, int], None] | None = None,
                 vector_deadline: float | None = None, breaker: int = BREAKER,
                 transcript_budget: int = TRANSCRIPT_BUDGET) -> None:
        self.vector_deadline = vector_deadline or max(
            VECTOR_DEADLINE_MIN, VECTOR_DEADLINE_FACTOR * getattr(adapter, "timeout", DEFAULT_TIMEOUT))
        """Seconds one vector may take in all (perft included): a slow adapter cannot hold the run."""
        self.breaker = breaker
        self.transcript_budget = transcript_budget
        self._deadline = float("inf")
        self.adapter = adapter
        self.game = game
        self.expectations = expectations or Expectations([])
        self.fail_fast = fail_fast
        self.on_result = on_result
        self._span: tuple[int, int] | None = None
        """The seqs of the requests of the vector run last: ``[first, end)``."""
        self.counted = False
        """Whether the vector run last was a perft vector the adapter counted itself."""

    # -- the run ----------------------------------------------------------------------------

    def run(self, vectors: list[Vector]) -> Run:
        run = Run()
        started = time.monotonic()
        starts_before = self.adapter.starts
        failed_restarts = 0
        in_a_row = 0  # consecutive timeouts / crashes
        transcript_bytes = 0
        spans: list[tuple[int, int, Result]] = []
        try:
            for i, vector in enumerate(vectors):
                ran = False
                self._span = None
                if failed_restarts >= RESTART_ATTEMPTS:
                    result = Result(vector, "crashed", message=(
                        f"not run: the adapter could not be restarted ({RESTART_ATTEMPTS} attempts in a row)"))
                else:
                    result, restart_failed = self._one(vector)
                    failed_restarts = failed_restarts + 1 if restart_failed else 0
                    ran = not restart_failed
                run.results.append(result)
                if self._span and self._span[1] > self._span[0]:
                    spans.append((*self._span, result))
                blamed = self._blame_strays(run, result, spans)
                if result.transcript:  # capped per run: a flood of huge answers cannot fill memory
                    size = sum(int(e.get("bytes", 0)) for e in result.transcript)
                    if transcript_bytes + size > self.transcript_budget:
                        result.transcript_omitted += len(result.transcript)
                        result.transcript = []
                    transcript_bytes += size
                if self.on_result:
                    self.on_result(result, i + 1, len(vectors))
                if self.fail_fast and any(r.status in COUNTED_FAILED for r in (result, *blamed)):
                    run.stopped = "fail-fast"
                    run.not_run = vectors[i + 1:]
                    break
                status = result.underlying or result.status
                if ran and status != "skipped":  # failed restarts have their own limit (RESTART_ATTEMPTS)
                    in_a_row = in_a_row + 1 if status in ("timeout", "crashed") else 0
                if self.breaker and in_a_row >= self.breaker and i + 1 < len(vectors):
                    run.stopped = "circuit-breaker"
                    run.not_run = vectors[i + 1:]
                    break
        except KeyboardInterrupt:
            run.stopped = "interrupted"
            done = {id(r.vector) for r in run.results}
            run.not_run = [v for v in vectors if id(v) not in done]
        run.restarts = max(0, self.adapter.starts - starts_before)
        run.seconds = time.monotonic() - started
        return run

    def _blame_strays(self, run: Run, current: Result, spans: list[tuple[int, int, Result]]) -> list[Result]:
        """Gives each stray line the adapter sent (a second answer, an unsolicited line: see
        :meth:`AdapterProcess.drain`) to the vector whose request it answers, or, with no seq
        to go by, to the vector after whose last answer it came; a stray that belongs to no
        vector (a second answer to ``start``) is a fault of the run. Returns the earlier
        results changed (their progress line was already shown)."""
        if not isinstance(self.adapter, StrayTracking):
            return []
        strays, count = self.adapter.take_strays()
        if not count:
            return []
        owners: dict[int, tuple[Result, list[str]]] = {}
        for stray in strays:
            seq = stray["seq"]
            owner = None
            if seq is None:
                if spans and spans[-1][2] is current:
                    owner = current
                what = f"an unsolicited line {stray['line']}"
            else:
                owner = next((r for first, end, r in reversed(spans) if first <= seq < end), None)
                what = f"a second answer to {stray['cmd'] or 'a request'} (seq {seq}): {stray['line']}"
            if owner is None:
                run.faults.append(f"protocol violation between vectors: the adapter sent {what}")
                continue
            owners.setdefault(id(owner), (owner, []))[1].append(what)
        if count > len(strays):
            extra = f"; {count - len(strays)} more stray line(s) not shown"
            if owners:
                next(iter(owners.values()))[1][-1] += extra
            elif run.faults:
                run.faults[-1] += extra
        changed = []
        for owner, whats in owners.values():
            text = (f"protocol violation: after answering, the adapter sent {'; '.join(whats)} "
                    "(a line that answers no request is this vector's fault, not the next one's)")
            if owner.status in ("passed", "skipped", "xpass"):
                owner.status, owner.message = "errored", text
                owner.diff = None
            else:
                owner.message = f"{owner.message}; also, {text}" if owner.message else text
            if owner is not current:
                changed.append(owner)
        return changed

    def _one(self, vector: Vector) -> tuple[Result, bool]:
        """Runs one vector; the flag tells whether restarting the adapter failed."""
        entry = self.expectations.match(vector.id)
        if entry and entry.status == "skip":
            return Result(vector, "skipped", message=f"expectations: {entry.reason}", expectation=entry), False
        try:
            self.adapter.ensure_running()
        except AdapterStartError as exc:
            return Result(vector, "crashed", message=f"the adapter could not be restarted: {exc.message}",
                          stderr_tail=exc.stderr_tail or None, expectation=entry), True
        reason = board_difference(vector, self.adapter.hello or {})
        if reason:  # not held against a claimed profile: the suite's value is itself provisional
            return Result(vector, "skipped", message=reason, expectation=entry, excused="board"), False
        reason = unmet_requirement(vector, self.adapter.hello or {}, self.game)
        if reason:
            excused = "reading" if reason.startswith("the vector holds only under") else None
            return Result(vector, "skipped", message=reason, expectation=entry, excused=excused), False
        doc, reason, swapped = adapt(vector.doc, self.game, self.adapter.hello or {}, vector.format,
                                     reference_passes)
        if doc is None:
            return Result(vector, "skipped", message=f"not applicable: it {reason}", expectation=entry,
                          excused="reading"), False
        doc, reason = for_vocabulary(doc, self.game, vocabulary_level(self.adapter.hello or {}, self.game))
        if doc is None:
            return Result(vector, "skipped", message=f"not applicable: it {reason}", expectation=entry,
                          excused="vocabulary"), False
        played = vector if doc == vector.doc else dataclasses.replace(vector, doc=doc)
        self.adapter.reset_transcript()
        started = time.monotonic()
        self._deadline = started + self.vector_deadline
        result = Result(vector, "passed", readings=swapped or None)
        tracker = self.adapter if isinstance(self.adapter, StrayTracking) else None
        first = tracker.next_seq if tracker is not None else None
        self.counted = False
        try:
            if played.kind == "perft":
                self._perft(played)
            else:
                self._play(played)
        except VectorFailed as exc:
            result.status, result.message = "failed", exc.message
            result.diff = exc.diff.to_json() if exc.diff else None
        except VectorSkipped as exc:
            result.status, result.message = "skipped", str(exc)
        except VectorErrored as exc:
            result.status, result.message = "errored", str(exc)
        except AdapterFailure as exc:
            result.status, result.message = exc.status, exc.message
            result.stderr_tail = exc.stderr_tail or None
            result.exit_code = getattr(exc, "returncode", None)
        except (KeyboardInterrupt, SystemExit):
            raise
        except Exception as exc:  # an answer shaped in a way no check foresaw: keep the run going
            result.status = "errored"
            result.message = (f"the adapter's answer has a shape no check foresaw "
                              f"({type(exc).__name__}: {exc}); if the answer follows docs/protocol.md, "
                              "this is a runner bug: please report it")
        result.seconds = time.monotonic() - started
        if self.counted and result.status == "passed":
            result.counted_by = "adapter"
        if tracker is not None and first is not None:
            tracker.drain()  # lines that came after the last answer are this vector's, not the next one's
            self._span = (first, tracker.next_seq)
        if entry and entry.status == "xfail":
            result.expectation = entry
            if result.status in FAILING:
                result.underlying, result.status = result.status, "xfail"
            elif result.status == "passed":
                result.status = "xpass"
                result.message = f"expected to fail ({entry.reason}) but passed"
        if result.status in (*FAILING, "xfail"):
            result.transcript = list(self.adapter.transcript)
            result.transcript_omitted = self.adapter.exchanges - len(result.transcript)
            if result.stderr_tail is None:
                result.stderr_tail = self.adapter.stderr_tail() or None
        return result, False

    # -- requests ---------------------------------------------------------------------------

    def _call(self, cmd: str, **fields: Any) -> dict[str, Any]:
        self._before(cmd)
        return self._answer(cmd, self.adapter.request(cmd, game=self.game, **fields))

    def _calls(self, cmd: str, many: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """:meth:`_call` for each of ``many`` (the fields of one request each), in order; sent
        pipelined (all of them before reading the answers, a window at a time) when the adapter
        client can (:meth:`~.client.AdapterProcess.request_all`: an adapter process that speaks
        protocol 2). Every answer is read before the first bad one raises."""
        request_all = getattr(self.adapter, "request_all", None)
        if request_all is None or len(many) < 2:
            return [self._call(cmd, **fields) for fields in many]
        self._before(cmd)
        answers = request_all(cmd, [{"game": self.game, **fields} for fields in many])
        return [self._answer(cmd, resp) for resp in answers]

    def _before(self, cmd: str) -> None:
        if time.monotonic() > self._deadline:
            raise AdapterTimeout(f"the vector took more than its deadline of {self.vector_deadline:g} s in all "
                                 f"(before request {cmd}); the adapter is slow or repeats work")

    @staticmethod
    def _answer(cmd: str, resp: dict[str, Any]) -> dict[str, Any]:
        if "skipped" in resp:
            body = resp["skipped"]
            reason = body.get("reason") if isinstance(body, dict) else body
            raise VectorSkipped(f"the adapter skipped {cmd}: {reason or 'no reason given'}")
        if "error" in resp:
            body = resp["error"] if isinstance(resp["error"], dict) else {"message": resp["error"]}
            raise VectorErrored(
                f"the adapter answered {cmd} with an error ({body.get('kind', 'no kind')}): "
                f"{body.get('message', 'no message')}")
        return resp

    @staticmethod
    def _missing(cmd: str, resp: dict[str, Any], wanted: str) -> VectorErrored:
        keys = ", ".join(sorted(resp)) or "none"
        return VectorErrored(f"protocol violation: the answer to {cmd} has no {wanted} (keys: {keys})")

    def _apply(self, state: Any, action: Any) -> dict[str, Any]:
        """Returns the apply answer: ``{"state": ...}`` (with events) or ``{"rejected": ...}``."""
        return self._apply_answer(self._call("apply", state=state, action=action))

    def _apply_answer(self, resp: dict[str, Any]) -> dict[str, Any]:
        if "rejected" in resp:
            rej = resp["rejected"]
            if not isinstance(rej, dict) or not isinstance(rej.get("clause"), str):
                raise VectorErrored("protocol violation: apply's rejected has no clause string")
            return resp
        if not isinstance(resp.get("state"), dict):
            raise self._missing("apply", resp, "state (object) and no rejected")
        if "events" in resp and not isinstance(resp["events"], list):
            raise VectorErrored("protocol violation: apply's events is not a list")
        return resp

    def _legal(self, state: Any) -> tuple[Any, list[Any]]:
        return self._legal_answer(self._call("legal_actions", state=state))

    def _legal_answer(self, resp: dict[str, Any]) -> tuple[Any, list[Any]]:
        if not isinstance(resp.get("actions"), list):
            raise self._missing("legal_actions", resp, "actions list")
        if "actor" not in resp:
            raise self._missing("legal_actions", resp, "actor")
        return resp["actor"], resp["actions"]

    def _observations(self, values: list[dict[str, Any]], state: Any) -> dict[str, Any]:
        """Asks ``observe`` once per player named by a ``/observations/<player>`` pointer.

        Returns ``{"<player>": observation}``, so the pointers resolve in the result document.
        """
        observations: dict[str, Any] = {}
        for v in values:
            if pointer_tokens(v["pointer"])[:1] != [OBSERVATIONS]:
                continue
            player = observation_player(v["pointer"])
            if player is None:
                raise VectorErrored(f"bad vector: {v['pointer']} does not name a player after /observations "
                                    "(expected /observations/<player number>/…)")
            if str(player) in observations:
                continue
            resp = self._call("observe", state=state, player=player)
            if not isinstance(resp.get("observation"), dict):
                raise self._missing("observe", resp, "observation object")
            observations[str(player)] = resp["observation"]
        return observations

    # -- play vectors -----------------------------------------------------------------------

    def _play(self, vector: Vector) -> None:
        doc = vector.doc
        expect = doc["expect"]
        want_reject = expect.get("rejected")
        checkpoints = list(doc.get("checkpoints", []))
        events: list[Any] = []
        invalid = expect.get("invalid_input")
        if "setup" in doc and invalid and invalid["step"] == -1:
            self._expect_invalid("new_game", "the setup", setup=doc["setup"])
            return
        if "setup" in doc:
            resp = self._call("new_game", setup=doc["setup"])
            if "rejected" in resp:
                got = resp["rejected"].get("clause")
                if want_reject and want_reject["step"] == -1:
                    if got != want_reject["clause"]:
                        raise VectorFailed(
                            f"the setup was rejected under {got}, expected {want_reject['clause']}",
                            Difference("/rejected/clause", want_reject["clause"], got,
                                       f"expected {want_reject['clause']!r}, got {got!r}"))
                    return
                raise VectorFailed(
                    f"new_game rejected the setup under {got}; expected a game",
                    Difference("/setup", "accepted", {"rejected": resp["rejected"]},
                               f"expected the setup to be accepted, got a rejection under {got}"))
            if want_reject and want_reject["step"] == -1:
                raise VectorFailed(
                    f"new_game accepted the setup; expected a rejection under {want_reject['clause']}",
                    Difference("/rejected/clause", want_reject["clause"], MISSING,
                               f"expected a rejection under {want_reject['clause']!r}, the setup was accepted"))
            if not isinstance(resp.get("state"), dict):
                raise self._missing("new_game", resp, "state object")
            if "state" in doc:
                diff = first_difference(doc["state"], resp["state"], "/state")
                if diff:
                    raise VectorFailed(f"new_game returned a different state at {diff.pointer}: {diff.message}", diff)
            state = resp["state"]
        else:
            state = doc["state"]

        def checkpoints_after(applied: int) -> None:
            while checkpoints and checkpoints[0]["after"] == applied:
                try:
                    self._check(checkpoints.pop(0)["expect"], state, events)
                except VectorFailed as exc:
                    raise exc.at_checkpoint(applied) from None

        checkpoints_after(0)
        for i, step in enumerate(doc["steps"]):
            action = step["action"]
            if invalid and invalid["step"] == i:
                self._expect_invalid("apply", f"step {i} {short(action, 100)}", state=state, action=action)
                return
            resp = self._apply(state, action)
            if "rejected" in resp:
                rej = resp["rejected"]
                got = rej["clause"]
                if want_reject and want_reject["step"] == i:
                    if got != want_reject["clause"]:
                        raise VectorFailed(
                            f"step {i} was rejected under {got}, expected {want_reject['clause']}"
                            f" (adapter's message: {rej.get('message', '')})",
                            Difference("/rejected/clause", want_reject["clause"], got,
                                       f"expected {want_reject['clause']!r}, got {got!r}"))
                    break
                raise VectorFailed(
                    f"step {i} {short(action, 100)} was rejected under {got} ({rej.get('message', '')}); "
                    "expected it to be accepted",
                    Difference(f"/steps/{i}", "accepted", {"rejected": rej},
                               f"expected the step to be accepted, got a rejection under {got}"))
            if want_reject and want_reject["step"] == i:
                raise VectorFailed(
                    f"step {i} {short(action, 100)} was accepted; expected a rejection under {want_reject['clause']}",
                    Difference("/rejected/clause", want_reject["clause"], MISSING,
                               f"expected a rejection under {want_reject['clause']!r}, the step was accepted"))
            state = resp["state"]
            events += resp.get("events") or []
            checkpoints_after(i + 1)
        self._check(expect, state, events)

    def _check_chance(self, want: dict[str, Any], state: Any) -> None:
        """The chance outcomes of the state and each one's probability (capability
        chance-probabilities): compared as a map from the outcome's canonical text."""
        resp = self._call("legal_actions", state=state)
        actions, probs = resp.get("actions"), resp.get("probabilities")
        if resp.get("actor") != "chance":
            raise VectorFailed(f"expected a chance node, the actor is {short(resp.get('actor'))}",
                               Difference("/actor", "chance", resp.get("actor"), "expected a chance node"))
        if not isinstance(actions, list) or not isinstance(probs, list) or len(probs) != len(actions):
            raise VectorErrored("protocol violation: legal_actions at a chance node has no probabilities "
                                "list as long as its actions (capability chance-probabilities)")
        expected = {canonical_text(a): p for a, p in zip(want["outcomes"], want["probabilities"])}
        actual = {canonical_text(a): p for a, p in zip(actions, probs)}
        diff = first_difference(expected, actual, "/chance")
        if diff:
            raise VectorFailed(f"chance outcomes or probabilities differ at {diff.pointer}: {diff.message}", diff)

    def _expect_invalid(self, cmd: str, what: str, **fields: Any) -> None:
        """The answer must be an ``error`` of kind ``invalid-input`` (docs/vectors.md)."""
        resp = self.adapter.request(cmd, game=self.game, **fields)
        if "skipped" in resp:
            body = resp["skipped"]
            reason = body.get("reason") if isinstance(body, dict) else body
            raise VectorSkipped(f"the adapter skipped {cmd}: {reason or 'no reason given'}")
        err = resp.get("error")
        kind = err.get("kind") if isinstance(err, dict) else None
        if kind == "invalid-input":
            return
        got = ("a rejection under " + str(resp["rejected"].get("clause")) if isinstance(resp.get("rejected"), dict)
               else f"an error of kind {kind!r}" if err is not None else "an accepted answer")
        raise VectorFailed(
            f"{what} is input the adapter cannot read: expected an error of kind invalid-input, got {got}",
            Difference("/invalid_input", "invalid-input", got, f"expected an invalid-input error, got {got}"))

    def _check(self, expect: dict[str, Any], state: Any, events: list[Any]) -> None:
        """Checks the keys of ``expect`` (except ``rejected``) against the state reached."""
        if "state" in expect:
            diff = first_difference(expect["state"], state, "/state")
            if diff:
                raise VectorFailed(f"the state differs at {diff.pointer}: {diff.message}", diff)
        if "values" in expect:
            doc: dict[str, Any] = {"state": state}
            roots = {tuple(pointer_tokens(v["pointer"])[:1]) for v in expect["values"]}
            if ("actor",) in roots:
                doc["actor"], _actions = self._legal(state)
            if ("scores",) in roots or ("outcome",) in roots:
                resp = self._call("scores", state=state)
                if not isinstance(resp.get("scores"), list):
                    raise self._missing("scores", resp, "scores list")
                doc["scores"] = resp["scores"]
                if "outcome" in resp:
                    doc["outcome"] = resp["outcome"]
            if (OBSERVATIONS,) in roots:
                doc[OBSERVATIONS] = self._observations(expect["values"], state)
            for v in expect["values"]:
                actual = resolve(doc, v["pointer"])
                player = observation_player(v["pointer"])
                whose = f" (player {player}'s observation)" if player is not None else ""
                if actual is MISSING:
                    diff = Difference(v["pointer"], v["value"], MISSING,
                                      f"nothing at {v['pointer']}{whose} (expected {short(v['value'])})")
                else:
                    diff = first_difference(v["value"], actual, v["pointer"])
                if diff:
                    raise VectorFailed(f"value at {diff.pointer}{whose}: {diff.message}", diff)
        if "chance" in expect:
            self._check_chance(expect["chance"], state)
        if "legal_actions" in expect:
            _actor, actions = self._legal(state)
            diff = set_difference(expect["legal_actions"]["actions"], actions, "/legal_actions/actions")
            if diff:
                raise VectorFailed(f"legal actions differ at {diff.pointer}: {diff.message}", diff)
        newer = self._newer_kinds()
        if newer:  # kinds added after the adapter's announced level: neither expected nor held against it
            events = [e for e in events if not (isinstance(e, dict) and e.get("type") in newer)]
        if "event_list" in expect:
            diff = first_difference(expect["event_list"], events, "/event_list")
            if diff:
                raise VectorFailed(f"the events of the steps differ at {diff.pointer}: {diff.message}", diff)
        seen = [e for e in events if isinstance(e, dict)]
        for i, pattern in enumerate(expect.get("events", [])):
            if not any(event_matches(pattern, e) for e in seen):
                listed = ", ".join(short(e, 80) for e in seen) or "none"
                raise VectorFailed(
                    f"no event matches {short(pattern)} among the {len(seen)} event(s) of the steps "
                    f"applied (got: {short(listed, 300)})",
                    Difference(f"/events/{i}", pattern, MISSING, f"no event matches {short(pattern)}"))
        for i, pattern in enumerate(expect.get("events_absent", [])):
            hit = next((e for e in seen if event_matches(pattern, e)), None)
            if hit is not None:
                raise VectorFailed(
                    f"event {short(hit)} matches {short(pattern)}, which must not occur",
                    Difference(f"/events_absent/{i}", MISSING, hit, f"unexpected event {short(hit)}"))

    def _newer_kinds(self) -> frozenset[str]:
        """The event kinds added after the vocabulary level the adapter announced."""
        return newer_kinds(self.game, vocabulary_level(self.adapter.hello or {}, self.game))

    # -- perft vectors ----------------------------------------------------------------------

    def _perft(self, vector: Vector) -> None:
        """Counts the decision sequences of ``depth`` decisions from the vector's state, with its
        pinned chance outcomes, and compares the count per first action (divide).

        An adapter with capability ``perft`` (protocol 2) is asked for the count in one request;
        when its answer is the vector's, the vector passes, counted by the adapter. Otherwise,
        and for every other adapter, the runner walks the tree through ``legal_actions`` and
        ``apply`` (:meth:`_walk`): a difference there fails the vector and says where; an
        adapter whose own count differs from its walk fails too.

        The walk goes depth first, a node's children at once: the applies of all its
        actions, then the legal actions of all the children, each batch pipelined to an adapter
        that speaks protocol 2 (:meth:`_calls`). The requests and what is checked are those of a
        walk one request at a time; only their order differs."""
        doc = vector.doc
        want = doc["expect"]["perft"]
        asked = self._adapter_counts()
        wrong = self._counted_by_adapter(doc) if asked else None
        if asked and wrong is None:
            self.counted = True
            return
        self._walk(doc)  # a failure here locates the bug: it is the verdict
        if wrong is not None:  # the walk agrees with the vector; the adapter's own count does not
            message, answered = wrong
            raise VectorFailed(
                f"the adapter's answer to perft differs from the walk of its own legal_actions and apply, "
                f"which gives the expected {want['nodes']} nodes: {message}",
                Difference("/perft", {"divide": want["divide"], "nodes": want["nodes"]}, answered,
                           f"the answer to perft differs from the walk: {message}"))

    def _adapter_counts(self) -> bool:
        """Whether the adapter counts perft trees itself: protocol 2 and capability ``perft``."""
        hello = self.adapter.hello or {}
        return getattr(self.adapter, "protocol", 1) >= 2 and "perft" in _array(hello.get("capabilities"))

    def _counted_by_adapter(self, doc: Mapping[str, Any]) -> tuple[str, Any] | None:
        """Asks the adapter to count the vector's tree (capability ``perft``): ``None`` when its
        count and divide are the vector's, else what differs and the answer (the runner then
        walks the tree)."""
        fields = {k: doc[k] for k in PIN_KEYS if k in doc}
        saved = getattr(self.adapter, "timeout", None)
        if isinstance(saved, (int, float)):  # one count stands for a whole walk: it may take the vector's time
            self.adapter.timeout = max(saved, self._deadline - time.monotonic())  # type: ignore[attr-defined]
        try:
            resp = self._call("perft", state=doc["state"], depth=doc["depth"], **fields)
        finally:
            if isinstance(saved, (int, float)):
                self.adapter.timeout = saved  # type: ignore[attr-defined]
        if "rejected" in resp:
            rej = resp["rejected"]
            clause = rej.get("clause") if isinstance(rej, dict) else None
            return f"it rejected the count under {clause!r}", {"rejected": rej}
        got = resp.get("perft")
        if not isinstance(got, dict):
            raise self._missing("perft", resp, "perft (object) and no rejected")
        want = doc["expect"]["perft"]
        diff = perft_difference(want, got)
        return None if diff is None else (f"{diff.pointer}: {diff.message}", got)

    def _walk(self, doc: Mapping[str, Any]) -> None:
        """Walks the vector's tree through ``legal_actions`` and ``apply`` and compares the counts."""
        self._rolls = doc.get("rolls") or []
        self._draws = doc.get("draws") or {}
        self._pins: dict[str, Any] | None = doc.get("pins")
        depth = doc["depth"]
        root = self._settle([_Node(doc["state"], {}, self._legal(doc["state"]))])[0]
        divide: dict[str, int] = {}
        nodes = 1  # game over, or a chance node with no pinned outcome left: one leaf
        if root.legal is not None and root.legal[0] is not None:
            actions = root.legal[1]
            counts = ([1] * len(actions) if depth == 1
                      else self._counts(self._children(root, actions), depth - 1))
            for action, count in zip(actions, counts):
                key = canonical_text(action)
                divide[key] = divide.get(key, 0) + count
            nodes = sum(divide.values())
        want = doc["expect"]["perft"]
        diff = perft_difference(want, {"divide": divide, "nodes": nodes})
        if diff:
            raise VectorFailed(
                f"perft depth {depth}: {nodes} nodes, expected {want['nodes']}; first difference at "
                f"{diff.pointer}: {diff.message}", diff)

    def _counts(self, nodes: list["_Node"], depth: int) -> list[int]:
        """The decision sequences of ``depth`` (>= 1) more decisions below each node (settled:
        its legal actions known, not a chance node)."""
        out = []
        for node in nodes:
            if node.legal is None or node.legal[0] is None:  # a leaf: game over, or no pinned outcome left
                out.append(1)
            elif depth == 1:
                out.append(len(node.legal[1]))
            else:
                out.append(sum(self._counts(self._children(node, node.legal[1]), depth - 1)))
        return out

    def _children(self, node: "_Node", actions: list[Any]) -> list["_Node"]:
        """The settled children of a decision node: one batch of applies, then their legal actions."""
        answers = self._applies([(node.state, a) for a in actions])
        for action, resp in zip(actions, answers):
            if "rejected" in resp:
                raise VectorFailed(
                    f"apply rejected {short(action)} under {resp['rejected']['clause']}, "
                    "though legal_actions listed it",
                    Difference("/perft", "accepted", {"action": action, "rejected": resp["rejected"]},
                               "a listed legal action was rejected"))
        states = [resp["state"] for resp in answers]
        return self._settle([_Node(st, node.used, legal) for st, legal in zip(states, self._legals(states))])

    def _settle(self, nodes: list["_Node"]) -> list["_Node"]:
        """Applies the pinned outcome at every chance node, in batches, until each node is a
        decision, the end of the game, or a leaf (no pinned outcome left: ``legal`` None)."""
        while True:
            moving: list[tuple[int, _ChanceStep]] = []
            for i, n in enumerate(nodes):
                if n.legal is None or n.legal[0] != "chance":
                    continue
                step = self._chance_step(n.state, n.used, n.legal[1])
                if step is None:  # no pinned outcome left: the path ends here
                    nodes[i] = _Node(n.state, n.used, None)
                else:
                    moving.append((i, step))
            if not moving:
                return nodes
            answers = self._applies([(nodes[i].state, step[0]) for i, step in moving])
            for (_i, (_action, _used, rejected)), resp in zip(moving, answers):
                if "rejected" in resp:
                    raise rejected(resp["rejected"])
            states = [resp["state"] for resp in answers]
            for (i, (_action, used, _rejected)), st, legal in zip(moving, states, self._legals(states)):
                nodes[i] = _Node(st, used, legal)

    def _chance_step(self, state: Any, used: dict[str, int], outcomes: list[Any]) -> "_ChanceStep | None":
        """The pinned outcome to apply at a chance node: (action, the pins used after it, the
        failure if the adapter rejects it); ``None`` when none is left (the path ends there)."""
        if self._pins is not None:
            return self._pinned(used, outcomes)
        return self._legacy_chance(state, used, outcomes)

    def _pinned(self, used: dict[str, int], outcomes: list[Any]) -> "_ChanceStep | None":
        """Generic pins: the next outcome document pinned for the ``type`` of the outcomes listed
        here; ``None`` (the path ends) when none is left or the pinned one is not listed."""
        kinds = {o.get("type") for o in outcomes if isinstance(o, dict)}
        if len(kinds) != 1:
            return None
        key = str(kinds.pop())
        n = used.get(key, 0)
        assert self._pins is not None  # _chance_step calls this only for a vector with pins
        pinned = self._pins.get(key) or []
        if n >= len(pinned) or canonical_text(pinned[n]) not in {canonical_text(o) for o in outcomes}:
            return None

        def rejected(rej: dict[str, Any]) -> VectorFailed:
            return VectorFailed(
                f"the pinned outcome {short(pinned[n])} (pins.{key}[{n}]) was rejected under {rej['clause']}",
                Difference(f"/perft/pins/{key}/{n}", "accepted", {"rejected": rej}, "the pinned outcome was rejected"))
        return pinned[n], {**used, key: n + 1}, rejected

    def _legacy_chance(self, state: Any, used: dict[str, int], outcomes: list[Any]) -> "_ChanceStep | None":
        """The next pinned outcome at a chance node: at a draw (the listed outcomes are ``draw``
        actions) the next token pinned for the state's phase in ``draws``, else the next roll
        (cut to the dice available: the size of the listed outcomes); ``None`` when none is left."""
        phase = state.get("phase") if isinstance(state, dict) else None
        drawing = any(isinstance(o, dict) and o.get("type") == "draw" for o in outcomes)
        key = str(phase) if drawing else "rolls"
        n = used.get(key, 0)
        if key == "rolls":
            if n >= len(self._rolls):
                return None
            faces = self._rolls[n]
            sizes = {len(o["faces"]) for o in outcomes if isinstance(o, dict) and isinstance(o.get("faces"), list)}
            if len(sizes) == 1:
                faces = faces[: sizes.pop()]
            roll = {"type": "roll", "faces": faces}

            def roll_rejected(rej: dict[str, Any]) -> VectorFailed:
                return VectorFailed(
                    f"the pinned roll {short(roll)} (rolls[{n}]) was rejected under {rej['clause']}",
                    Difference(f"/perft/rolls/{n}", "accepted", {"rejected": rej}, "the pinned roll was rejected"))
            return roll, {**used, key: n + 1}, roll_rejected
        pinned = self._draws.get(key) or []
        if n >= len(pinned):
            return None
        draw = {"type": "draw", "token": pinned[n]}

        def draw_rejected(rej: dict[str, Any]) -> VectorFailed:
            return VectorFailed(
                f"the pinned draw {short(draw)} (draws.{key}[{n}]) was rejected under {rej['clause']}",
                Difference(f"/perft/draws/{key}/{n}", "accepted", {"rejected": rej}, "the pinned draw was rejected"))
        return draw, {**used, key: n + 1}, draw_rejected

    def _applies(self, pairs: list[tuple[Any, Any]]) -> list[dict[str, Any]]:
        """:meth:`_apply` of each (state, action), as one batch."""
        answers = self._calls("apply", [{"state": st, "action": a} for st, a in pairs])
        for resp in answers:
            self._apply_answer(resp)
        return answers

    def _legals(self, states: list[Any]) -> list[tuple[Any, list[Any]]]:
        """:meth:`_legal` of each state, as one batch."""
        return [self._legal_answer(resp) for resp in self._calls("legal_actions", [{"state": st} for st in states])]
