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


def reference2() -> Adapter:
    """The reference adapter agreeing to protocol 2 (play requests, digests)."""
    return Adapter(["mlem"], protocols=(1, 2))


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
