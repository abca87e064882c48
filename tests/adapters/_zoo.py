"""Shared plumbing of the broken-adapter zoo (tests/adapters/*.py, used by tests/test_conform.py).

Each zoo adapter is a small script that speaks the adapter protocol (docs/protocol.md) badly in
one specific way. Most wrap the reference adapter in-process and change one thing.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

from tabletop_referee.adapter import Adapter

GAME_COMMANDS = ("new_game", "legal_actions", "apply", "scores")


def reference() -> Adapter:
    return Adapter(["mlem"])


def reference2(perft: bool = True) -> Any:
    """The reference adapter agreeing to protocol 2 (play requests, digests); with
    ``perft=False`` it does not announce the capability ``perft``, so the runner walks perft
    trees through legal_actions and apply."""
    ref = Adapter(["mlem"], protocols=(1, 2))
    return ref if perft else _WalksPerft(ref)


class _WalksPerft:
    """An adapter whose start answer leaves out the capability ``perft``."""

    def __init__(self, ref: Adapter) -> None:
        self.ref = ref

    def handle(self, req: Any) -> Any:
        resp = self.ref.handle(req)
        if isinstance(req, dict) and req.get("cmd") == "start" and isinstance(resp, dict):
            resp["capabilities"] = [c for c in resp.get("capabilities", []) if c != "perft"]
        return resp


def send(doc: Any) -> None:
    sys.stdout.write(json.dumps(doc, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def serve(handle: Callable[[dict], dict | None]) -> None:
    """Answers each request line with ``handle(req)`` (``None``: answer nothing) until stop."""
    for line in sys.stdin:
        if not line.strip():
            continue
        req = json.loads(line)
        resp = handle(req)
        if resp is not None:
            send(resp)
        if req.get("cmd") == "stop":
            return
