"""Running a game's rule-check tables (game-neutral; see :meth:`Game.rule_checks`).

A table is an ordered tuple of ``(clause id, check)``; a check takes ``(state, action)`` (or
``(None, setup)``) and yields an :class:`~tabletop_referee.errors.IllegalAction` for each way
the input breaks its clause. *Gates* run first: the first gate that finds a problem ends the
checking (the action does not fit the step at all, so the other checks would only repeat it).

    >>> from tabletop_referee.errors import IllegalAction
    >>> def check_a_even(s, a):
    ...     if a % 2:
    ...         yield IllegalAction("a.even", f"{a} is odd")
    >>> def check_a_small(s, a):
    ...     if a > 9:
    ...         yield IllegalAction("a.small", f"{a} is more than 9")
    >>> [str(e) for e in gated((), (("a.even", check_a_even), ("a.small", check_a_small)), None, 11)]
    ['[a.even] 11 is odd', '[a.small] 11 is more than 9']
    >>> [str(e) for e in gated((("a.even", check_a_even),), (("a.small", check_a_small),), None, 11)]
    ['[a.even] 11 is odd']
    >>> clause_table((("a.even", check_a_even),), (("a.even", check_a_even), ("a.small", check_a_small)))
    {'a.even': (<function check_a_even at ...>,), 'a.small': (<function check_a_small at ...>,)}
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from ..errors import IllegalAction

Check = Callable[[Any, Any], Iterable[IllegalAction]]
"""A rule check: ``(state, action)`` -> the IllegalActions it finds (none when it passes)."""

Table = tuple[tuple[str, Check], ...]
"""Checks in the order they are reported, each with the clause it enforces."""


def gated(gates: Table, table: Table, s: Any, a: Any) -> Iterator[IllegalAction]:
    """Every violation, in order: the gates' first, stopping after the first gate that fails;
    then the table's."""
    for _, gate in gates:
        failed = False
        for problem in gate(s, a):
            failed = True
            yield problem
        if failed:
            return
    for _, check in table:
        yield from check(s, a)


def clause_table(*tables: Table) -> dict[str, tuple[Check, ...]]:
    """Clause id -> its check functions, in the order the tables list them (each once)."""
    out: dict[str, list[Check]] = {}
    for table in tables:
        for clause, check in table:
            if check not in out.setdefault(clause, []):
                out[clause].append(check)
    return {clause: tuple(checks) for clause, checks in out.items()}
