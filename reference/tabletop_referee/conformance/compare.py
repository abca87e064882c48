"""JSON comparison for vectors: equality, the first differing JSON Pointer, pointer lookup.

Comparison is JSON equality (docs/vectors.md): numbers by value (``1 == 1.0``) but never a
boolean for a number, objects by key (visited in sorted key order), arrays by index. The first
difference is the one met first in that canonical walk.

>>> first_difference({"a": 1, "b": [1, 2]}, {"b": [1, 3], "a": 1.0})
Difference(pointer='/b/1', expected=2, actual=3, message='expected 2, got 3')
>>> first_difference({"a": 1}, {"a": 1, "b": None}).message
'unexpected member (got null)'
>>> resolve({"state": {"rocket": {"space": 3}}}, "/state/rocket/space")
3
"""

from __future__ import annotations

from dataclasses import dataclass, field
from collections.abc import Mapping
from typing import Any

from ..documents import canonical_text

MISSING: Any = object()
"""Marks a side of a difference where the document has nothing."""


def short(doc: Any, limit: int = 160) -> str:
    """Compact JSON for messages, shortened with an ellipsis."""
    text = canonical_text(doc)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def escape(token: str) -> str:
    return token.replace("~", "~0").replace("/", "~1")


def pointer_tokens(pointer: str) -> list[str]:
    if pointer == "":
        return []
    if not pointer.startswith("/"):
        raise ValueError(f"{pointer!r} is not a JSON Pointer")
    return [t.replace("~1", "/").replace("~0", "~") for t in pointer[1:].split("/")]


def resolve(doc: Any, pointer: str) -> Any:
    """Returns the value at ``pointer`` in ``doc``, or :data:`MISSING`."""
    node = doc
    for token in pointer_tokens(pointer):
        if isinstance(node, dict):
            if token not in node:
                return MISSING
            node = node[token]
        elif isinstance(node, list):
            if not token.isdigit() or (token != "0" and token.startswith("0")) or int(token) >= len(node):
                return MISSING
            node = node[int(token)]
        else:
            return MISSING
    return node


@dataclass(frozen=True)
class Difference:
    """Where two documents first differ; ``expected``/``actual`` is :data:`MISSING` for an absent side."""

    pointer: str
    expected: Any = MISSING
    actual: Any = MISSING
    message: str = ""
    extra: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def to_json(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"pointer": self.pointer, "message": self.message}
        if self.expected is not MISSING:
            doc["expected"] = self.expected
        if self.actual is not MISSING:
            doc["actual"] = self.actual
        doc.update(self.extra)
        return doc


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    if isinstance(value, dict):
        return "object"
    return type(value).__name__


def json_equal(a: Any, b: Any) -> bool:
    return first_difference(a, b) is None


def first_difference(expected: Any, actual: Any, pointer: str = "") -> Difference | None:
    """Returns the first place where ``actual`` differs from ``expected``, or ``None``."""
    ek, ak = _kind(expected), _kind(actual)
    if ek != ak:
        return Difference(pointer, expected, actual,
                          f"expected {ek} {short(expected)}, got {ak} {short(actual)}")
    if ek == "object":
        for key in sorted(set(expected) | set(actual)):
            here = f"{pointer}/{escape(key)}"
            if key not in actual:
                return Difference(here, expected[key], MISSING, f"missing member (expected {short(expected[key])})")
            if key not in expected:
                return Difference(here, MISSING, actual[key], f"unexpected member (got {short(actual[key])})")
            found = first_difference(expected[key], actual[key], here)
            if found:
                return found
        return None
    if ek == "array":
        for i in range(max(len(expected), len(actual))):
            here = f"{pointer}/{i}"
            if i >= len(actual):
                return Difference(here, expected[i], MISSING,
                                  f"missing item (expected {short(expected[i])}; array has {len(actual)} items, expected {len(expected)})")
            if i >= len(expected):
                return Difference(here, MISSING, actual[i],
                                  f"unexpected item (got {short(actual[i])}; array has {len(actual)} items, expected {len(expected)})")
            found = first_difference(expected[i], actual[i], here)
            if found:
                return found
        return None
    if expected != actual:
        return Difference(pointer, expected, actual, f"expected {short(expected)}, got {short(actual)}")
    return None


def set_difference(expected: list[Any], actual: list[Any], pointer: str) -> Difference | None:
    """Compares two lists as sets of canonical JSON texts (duplicates in ``actual`` count)."""
    want = {canonical_text(x): x for x in expected}
    got: dict[str, Any] = {}
    dupes: list[Any] = []
    for x in actual:
        key = canonical_text(x)
        if key in got:
            dupes.append(x)
        got[key] = x
    missing = [want[k] for k in sorted(want) if k not in got]
    unexpected = [got[k] for k in sorted(got) if k not in want]
    if not missing and not unexpected and not dupes:
        return None
    parts = []
    if missing:
        parts.append(f"{len(missing)} missing (first: {short(missing[0])})")
    if unexpected:
        parts.append(f"{len(unexpected)} unexpected (first: {short(unexpected[0])})")
    if dupes:
        parts.append(f"{len(dupes)} listed twice (first: {short(dupes[0])})")
    return Difference(pointer, message="; ".join(parts),
                      extra={"missing": missing, "unexpected": unexpected, "duplicates": dupes,
                             "expected_count": len(want), "actual_count": len(actual)})


def event_matches(pattern: Mapping[str, Any], event: Mapping[str, Any]) -> bool:
    """An event matches when it has every field of the pattern with an equal (JSON) value."""
    return all(k in event and first_difference(v, event[k]) is None for k, v in pattern.items())
