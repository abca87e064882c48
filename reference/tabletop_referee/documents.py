"""Reading a JSON document from a file and checking it against one of our schemas.

Every command that reads a JSON file (vector files, expectations, conformance reports) goes
through :func:`read_json`, so they all fail the same way: one line naming the file, and what
is wrong with it (unreadable, not UTF-8, not JSON and where, or the first schema error with its
JSON path).
"""

from __future__ import annotations

import copy
import hashlib
import json
import operator
from collections.abc import Callable
from pathlib import Path
from typing import Any, Generic, TypeVar

from .loading import read_document

_T = TypeVar("_T")


def json_copy(value: Any) -> Any:
    """A deep copy of a JSON document: objects and arrays copied, the immutable values they hold
    shared, anything else through :func:`copy.deepcopy`. The same copy as ``copy.deepcopy``,
    several times faster on the state documents the reference's verdicts copy by the thousand."""
    t = type(value)
    if t is dict:
        return {k: json_copy(v) for k, v in value.items()}
    if t is list:
        return [json_copy(v) for v in value]
    if t is str or t is int or t is bool or t is float or value is None:
        return value
    return copy.deepcopy(value)


def read_json(path: str | Path, *, schema: tuple[str, str] | None = None, what: str = "JSON") -> Any:
    """Returns the document in ``path``, checked against ``schema`` = (folder, name) if given.

    Goes through the input boundary (:mod:`tabletop_referee.loading`): size, depth and number
    caps, strict numbers, integral floats as ints.

    Raises:
        MalformedInput: with a one-line message starting with the path; ``what`` names the
            expected kind of document ("a JSON report").
    """
    return read_document(path, what=what, schema=schema)


def canonical_text(doc: Any) -> str:
    """The canonical JSON text of a document: sorted keys, no spaces, UTF-8 as is."""
    return _encode(doc)


_encode = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode
"""``json.dumps`` with these settings builds an encoder per call; one is enough (the same text)."""


def digest_text(text: str) -> str:
    """The protocol-2 digest of a canonical text: SHA-256 of its UTF-8 bytes, lowercase hex."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def digest(doc: Any) -> str:
    """The protocol-2 digest of a document (docs/protocol.md, "Digests")."""
    return digest_text(canonical_text(doc))


def odds_digest(outcomes: Any) -> str:
    """The protocol-2 ``odds`` digest of a chance node (docs/protocol.md, "Digests"): the JSON
    array of ``[outcome document, "n/d"]`` pairs, each probability a reduced fraction, sorted by
    their canonical texts. ``outcomes`` are ``(outcome document, Fraction)`` pairs.

    >>> from fractions import Fraction
    >>> odds_digest([({"type": "roll", "faces": ["1"]}, Fraction(1, 2))]) == digest([[{"faces": ["1"], "type": "roll"}, "1/2"]])
    True
    """
    return list_digest([canonical_text([doc, f"{p.numerator}/{p.denominator}"]) for doc, p in outcomes], as_set=True)


class OddsDigests:
    """:func:`odds_digest` of a game's chance outcomes, fast: each outcome's text from
    ``action_text`` (the canonical text of an outcome's document, which a game keeps), and the
    digest kept with the outcome tuple it was computed from, reused while a chance node returns
    that very tuple (a game that keeps its outcome lists, such as MLEM's rolls, pays once)."""

    def __init__(self, action_text: Callable[[Any], str]) -> None:
        self._text = action_text
        self._kept: dict[int, tuple[Any, str]] = {}

    def __call__(self, outcomes: Any) -> str:
        hit = self._kept.get(id(outcomes))
        if hit is not None and hit[0] is outcomes:
            return hit[1]
        text = self._text
        value = list_digest([f'[{text(a)},"{p.numerator}/{p.denominator}"]' for a, p in outcomes], as_set=True)
        if isinstance(outcomes, tuple):  # a list may change under the same id
            if len(self._kept) > 1_000:
                self._kept.clear()
            self._kept[id(outcomes)] = (outcomes, value)
        return value


class SameItems(Generic[_T]):
    """``compute(items)`` kept with the items it was computed from, and reused while a later
    sequence holds the very same objects in the same order (a game that keeps its values, such
    as MLEM's rolls at a chance node, passes them again step after step). A kept value is
    handed out again as it is: it must not be changed (a tuple, a text)."""

    def __init__(self, compute: Callable[[Any], _T]) -> None:
        self._compute = compute
        self._kept: dict[tuple[int, int], tuple[tuple[Any, ...], _T]] = {}

    def __call__(self, items: Any) -> _T:
        if not items:
            return self._compute(items)
        key = (len(items), id(items[0]))
        hit = self._kept.get(key)
        if hit is not None and (hit[0] is items or all(map(operator.is_, hit[0], items))):
            return hit[1]  # the very same tuple (a game that keeps its action tuples), or its items
        value = self._compute(items)
        if len(self._kept) > 1_000:
            self._kept.clear()
        self._kept[key] = (tuple(items), value)  # kept alive: the ids stay theirs (a tuple is itself)
        return value


def list_digest(texts: list[str], *, as_set: bool = False) -> str:
    """The digest of a JSON array given the canonical texts of its items; with ``as_set`` the
    items are sorted by their canonical texts first (a legal-action set)."""
    return digest_text("[" + ",".join(sorted(texts) if as_set else texts) + "]")
