"""Running vectors in the same process: for Python implementations and our own tests.

:class:`InProcessAdapter` stands where :class:`~.client.AdapterProcess` stands for the runner,
but hands each request to a Python callable ``handle(request: dict) -> dict`` that speaks the
adapter protocol (docs/protocol.md) without a pipe in between. No process, no timeout: a
Python exception in ``handle`` is reported as *errored*.
"""

from __future__ import annotations

import collections
from collections.abc import Callable
from typing import Any

from ..documents import json_copy
from ..loading import own_documents
from .client import TRANSCRIPT_KEEP

Handler = Callable[[dict[str, Any]], dict[str, Any]]


def _copy_float_free(value: Any) -> Any:
    """:func:`~tabletop_referee.documents.json_copy`, or :data:`_HAS_FLOAT` when ``value`` holds
    a float anywhere (or anything other than JSON objects, arrays, strings, integers, booleans
    and null): the copy and the walk :func:`~tabletop_referee.loading.library_document` makes
    looking for floats, in one pass."""
    t = type(value)
    if t is dict:
        out: dict[Any, Any] = {}
        for k, v in value.items():
            t = type(v)
            if t is str or t is int or t is bool or v is None:
                out[k] = v
                continue
            c = _copy_float_free(v)
            if c is _HAS_FLOAT:
                return _HAS_FLOAT
            out[k] = c
        return out
    if t is list:
        items = []
        for v in value:
            t = type(v)
            if t is str or t is int or t is bool or v is None:
                items.append(v)
                continue
            c = _copy_float_free(v)
            if c is _HAS_FLOAT:
                return _HAS_FLOAT
            items.append(c)
        return items
    if t is str or t is int or t is bool or value is None:
        return value
    return _HAS_FLOAT


_HAS_FLOAT: Any = object()


def float_free(value: Any) -> bool:
    """Whether ``value`` holds only JSON objects, arrays, strings, integers, booleans and null
    (no float anywhere): what :func:`_copy_float_free` copies, checked without a copy."""
    stack = [value]
    while stack:
        v = stack.pop()
        t = type(v)
        if t is dict:
            stack.extend(v.values())
        elif t is list:
            stack.extend(v)
        elif not (t is str or t is int or t is bool or v is None):
            return False
    return True


class InProcessAdapter:
    """The runner's view of an in-process implementation."""

    def __init__(self, handle: Handler, *, protocol: int = 1, own_readers: bool = False,
                 shares_documents: bool = False) -> None:
        self.handle = handle
        self.protocol = protocol
        self.shares_documents = shares_documents
        """``handle`` is the reference :class:`~tabletop_referee.adapter.Adapter` made with
        ``shares_documents``, and every document of a request is a project document (read
        through the loader, or written by the project's writers: float-free, never changed
        afterwards): a request is handed over as it is, without a copy, within
        :func:`~tabletop_referee.loading.own_documents`, and a state the adapter answered comes
        back to it as the very same document. For the reference oracle only
        (:func:`.runner.reference_passes`)."""
        self.own_readers = own_readers
        """``handle`` reads documents only with the project's readers (``state_from_json`` and
        friends), and only the request's documents or ones the project's writers made (the
        reference :class:`~tabletop_referee.adapter.Adapter`): a request holding no float is then
        handled within :func:`~tabletop_referee.loading.own_documents`, as the readers' walk
        looking for floats would find none (the copy of the request has just walked it all)."""
        self.hello: dict[str, Any] | None = None
        self.starts = 0
        self.transcript: collections.deque[dict[str, Any]] = collections.deque(maxlen=TRANSCRIPT_KEEP)
        self.exchanges = 0
        self._seq = 0

    @property
    def running(self) -> bool:
        return self.hello is not None

    def start(self) -> dict[str, Any]:
        self.hello = self.handle({"cmd": "start", "seq": "start", "protocol": self.protocol})
        self.starts += 1
        return self.hello

    def ensure_running(self) -> None:
        if self.hello is None:
            self.start()

    def stop(self, grace: float = 0.0) -> None:
        if self.hello is not None:
            self.handle({"cmd": "stop", "seq": "stop"})
        self.hello = None

    def kill(self) -> None:
        self.hello = None

    def stderr_tail(self, limit: int = 4000) -> str:
        return ""

    def reset_transcript(self) -> None:
        self.transcript.clear()
        self.exchanges = 0

    def request(self, cmd: str, **fields: Any) -> dict[str, Any]:
        self._seq += 1
        if self.shares_documents:  # handed over as it is (see shares_documents)
            req, float_free = {"cmd": cmd, "seq": self._seq, **fields}, True
        else:
            copied = _copy_float_free(fields) if self.own_readers else _HAS_FLOAT
            float_free = copied is not _HAS_FLOAT
            req = {"cmd": cmd, "seq": self._seq, **(copied if float_free else json_copy(fields))}
        entry: dict[str, Any] = {"request": req}
        self.exchanges += 1
        self.transcript.append(entry)
        if float_free:
            with own_documents():
                resp = self.handle(req)
        else:
            resp = self.handle(req)
        entry["response"] = resp
        return resp

    def observe(self, game: str, state: Any, player: int) -> dict[str, Any]:
        """Sends ``observe`` (capability ``observations``); see :meth:`.client.AdapterProcess.observe`."""
        return self.request("observe", game=game, state=state, player=player)
