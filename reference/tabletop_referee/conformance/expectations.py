"""Expectations files: an implementation's known failures (docs/conformance.md).

::

    {"format": 1, "entries": [{"id": "mlem-perft-*", "status": "skip", "reason": "too slow"},
                              {"id": "mlem-0042", "status": "xfail", "reason": "issue #12"}]}

``skip``: the vector is not run and is reported *skipped* with the reason. ``xfail``: the vector
runs; a failure of any kind is reported *xfail*, a pass is *xpass* and fails the run (strict),
so a fixed bug shrinks the list. The first entry whose ``id`` glob matches a vector applies.
"""

from __future__ import annotations

import fnmatch
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..documents import read_json
from ..errors import MalformedInput

FORMAT = 1
FAILING = ("failed", "errored", "timeout", "crashed")
"""The statuses an ``xfail`` entry turns into ``xfail``."""


class ExpectationsError(Exception):
    """An expectations file that cannot be read or is not valid (one-line message)."""


@dataclass(frozen=True)
class Entry:
    id: str
    status: str
    reason: str
    issue_url: str | None = None
    index: int = 0

    def to_json(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"id": self.id, "status": self.status, "reason": self.reason}
        if self.issue_url:
            doc["issue_url"] = self.issue_url
        return doc


class Expectations:
    """The entries of one expectations file, in file order."""

    def __init__(self, entries: list[Entry], source: str | None = None, game: str | None = None) -> None:
        self.entries = entries
        self.source = source
        self.game = game

    def match(self, vector_id: str) -> Entry | None:
        for e in self.entries:
            if fnmatch.fnmatchcase(vector_id, e.id):
                return e
        return None

    def unused(self, vector_ids: list[str]) -> list[Entry]:
        """Entries that match none of the given ids (stale entries worth deleting)."""
        return [e for e in self.entries if not any(fnmatch.fnmatchcase(v, e.id) for v in vector_ids)]


def load(path: str | Path) -> Expectations:
    """Reads an expectations file.

    Raises:
        ExpectationsError: unreadable, not JSON, or not valid per expectations.schema.json.
    """
    path = Path(path)
    try:
        doc = read_json(path, schema=("conformance", "expectations"), what="JSON")
    except MalformedInput as exc:
        raise ExpectationsError(exc.message) from None
    entries = [
        Entry(e["id"], e["status"], e["reason"], e.get("issue_url"), i)
        for i, e in enumerate(doc["entries"])
    ]
    return Expectations(entries, str(path), doc.get("game"))


def from_results(results: list[dict[str, Any]], game: str | None = None) -> dict[str, Any]:
    """Builds an expectations document from report results (``report["results"]``).

    Every failing vector (failed, errored, timeout, crashed) and every vector that is still an
    expected failure becomes an ``xfail`` entry with its exact id; vectors skipped by an
    expectation keep their ``skip`` entry. Passed, xpass and other skips get no entry.
    """
    entries: list[dict[str, Any]] = []
    for r in results:
        exp = r.get("expectation")
        status = r["status"]
        if status in FAILING:
            reason = f"{status}: {r.get('message') or 'no message'}"
            entries.append({"id": r["id"], "status": "xfail", "reason": _shorten(reason)})
        elif status == "xfail":
            entries.append({"id": r["id"], "status": "xfail",
                            "reason": (exp or {}).get("reason") or _shorten(f"{r.get('underlying')}: {r.get('message')}")}
                           | ({"issue_url": exp["issue_url"]} if exp and exp.get("issue_url") else {}))
        elif status == "skipped" and exp and exp.get("status") == "skip":
            entries.append({"id": r["id"], "status": "skip", "reason": exp["reason"]}
                           | ({"issue_url": exp["issue_url"]} if exp.get("issue_url") else {}))
    doc: dict[str, Any] = {"format": FORMAT}
    if game:
        doc["game"] = game
    doc["entries"] = entries
    return doc


def _shorten(text: str, limit: int = 300) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
