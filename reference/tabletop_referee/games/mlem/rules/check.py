"""Rule checks: one small function per clause that rejects actions.

A check takes ``(state, action)`` and yields an :class:`~tabletop_referee.errors.IllegalAction`
naming its clause when the action breaks that clause (at most one: the first way it does).
Each rule module gathers its checks in a ``CHECKS`` tuple, in the order ``apply`` reports
them; ``engine.violations`` runs the tuples of the action's kind. A check may assume that the
checks of :mod:`.turn` passed (the action fits the step and comes from the actor), nothing more.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from ....errors import IllegalAction
from ...interface import check_name
from ..model import State

Check = Callable[[State, Any], Iterator[IllegalAction]]
"""A rule check: ``(state, action)`` → the IllegalActions it finds (none when the action is fine)."""

CLAUSE_OF: dict[Check, str] = {}
"""The clause of every check function, filled by :func:`rule`."""

C = TypeVar("C", bound=Check)


def rule(clause: str) -> Callable[[C], C]:
    """Declares the clause a check enforces; its name must be ``check_name(clause)``."""

    def register(check: C) -> C:
        if check.__name__ != check_name(clause):
            raise TypeError(f"the check of {clause} must be called {check_name(clause)}, not {check.__name__}")
        CLAUSE_OF[check] = clause
        return check

    return register
