"""The order of legal actions: sorted by their canonical JSON text."""

from __future__ import annotations

import json
from collections.abc import Iterable
from functools import lru_cache
from typing import TypeVar

from ..canonical import action_to_json
from ..model import Action

_A = TypeVar("_A", bound=Action)


def sorted_actions(actions: Iterable[_A]) -> tuple[_A, ...]:
    return tuple(sorted(actions, key=sort_key))


@lru_cache(maxsize=4096)
def sort_key(action: Action) -> str:
    """The canonical JSON text of an action (actions are values, so the text is cached)."""
    return json.dumps(action_to_json(action), sort_keys=True, separators=(",", ":"))
