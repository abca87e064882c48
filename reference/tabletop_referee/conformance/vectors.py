"""Loading and selecting test vectors (docs/vectors.md).

Every file is checked against ``schemas/vectors/vector-file.schema.json`` and a few rules a
schema cannot state (the game, unique ids, a rejected step that exists). A bad file raises
:class:`VectorFileError`, whose message names the file and the JSON path.
"""

from __future__ import annotations

import fnmatch
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from ..documents import read_json
from ..errors import MalformedInput
from ..paths import data_root


class VectorFileError(Exception):
    """A vector file that cannot be read or is not a valid vector file (one-line message)."""


@dataclass(frozen=True)
class Vector:
    """One vector as read from its file (``doc`` is the vector object itself, valid per
    schemas/vectors/vector-file.schema.json: the casts below rely on it)."""

    doc: dict[str, Any] = field(repr=False)
    file: str
    index: int
    suite_version: str | None = None

    @property
    def id(self) -> str:
        return cast(str, self.doc["id"])

    @property
    def kind(self) -> str:
        return cast(str, self.doc["kind"])

    @property
    def clauses(self) -> list[str]:
        return list(self.doc["clauses"])

    @property
    def tags(self) -> list[str]:
        return list(self.doc.get("tags", []))

    @property
    def description(self) -> str:
        return cast(str, self.doc["description"])

    @property
    def requires(self) -> dict[str, Any]:
        return cast("dict[str, Any]", self.doc.get("requires", {}))


def default_vector_dir(game: str) -> Path:
    return data_root() / "vectors" / game


def vector_files(paths: list[str | Path]) -> list[Path]:
    """Expands files and folders (every ``*.json`` below a folder, sorted) in the given order."""
    found: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            found += sorted(x for x in p.rglob("*.json") if x.is_file())
        elif p.exists():
            found.append(p)
        else:
            raise VectorFileError(f"{p}: no such file or folder")
    unique = list(dict.fromkeys(found))
    return unique


def load_file(path: Path, game: str) -> list[Vector]:
    """Reads and checks one vector file.

    Raises:
        VectorFileError: unreadable, not JSON, not valid per the schema, or for another game.
    """
    try:
        doc = read_json(path, schema=("vectors", "vector-file"), what="JSON")
    except MalformedInput as exc:
        raise VectorFileError(exc.message) from None
    if doc["game"] != game:
        raise VectorFileError(f"{path}: $.game: vectors for {doc['game']!r}, not {game!r}")
    vectors = []
    for i, v in enumerate(doc["vectors"]):
        if v["kind"] == "play":
            problem = _play_problem(v)
            if problem:
                raise VectorFileError(f"{path}: $.vectors[{i}].{problem}")
        vectors.append(Vector(v, str(path), i, doc.get("suite_version")))
    return vectors


def _play_problem(v: dict[str, Any]) -> str | None:
    """What the schema cannot say about a play vector: steps and checkpoints that exist."""
    steps = len(v["steps"])
    rejected = v["expect"].get("rejected") or v["expect"].get("invalid_input")
    if rejected is not None and rejected["step"] >= steps:
        return f"expect.rejected.step: step {rejected['step']} does not exist (the vector has {steps} steps)"
    last = steps if rejected is None else rejected["step"]
    previous = -1
    for j, cp in enumerate(v.get("checkpoints", [])):
        if cp["after"] > last:
            return (f"checkpoints[{j}].after: {cp['after']} steps are never applied "
                    f"(at most {last}{' before the rejected step' if rejected else ''})")
        if cp["after"] < previous:
            return f"checkpoints[{j}].after: checkpoints must be in step order"
        previous = cp["after"]
    return None


def load_vectors(paths: list[str | Path], game: str) -> list[Vector]:
    """Loads every vector of the given files and folders; ids must be unique across them.

    Raises:
        VectorFileError: see :func:`load_file`; also no vector file found, or a duplicate id.
    """
    files = vector_files(paths)
    if not files:
        raise VectorFileError(f"{', '.join(map(str, paths))}: no vector files (*.json) found")
    seen: dict[str, Vector] = {}
    out: list[Vector] = []
    for f in files:
        for v in load_file(f, game):
            if v.id in seen:
                other = seen[v.id]
                raise VectorFileError(
                    f"{f}: $.vectors[{v.index}].id: duplicate id {v.id!r} "
                    f"(also {other.file} $.vectors[{other.index}])")
            seen[v.id] = v
            out.append(v)
    return out


def clause_matches(pattern: str, clause: str) -> bool:
    """Prefix match on dot boundaries: ``travel`` matches ``travel.roll``, not ``travelling``.

    >>> clause_matches("travel", "travel.roll"), clause_matches("travel", "travelx.y")
    (True, False)
    """
    pattern = pattern.rstrip(".")
    return clause == pattern or clause.startswith(pattern + ".")


def select(vectors: list[Vector], *, clauses: list[str] | None = None, tags: list[str] | None = None,
           ids: list[str] | None = None) -> list[Vector]:
    """Keeps the vectors that pass every given filter kind (values of one kind are alternatives)."""
    out = []
    for v in vectors:
        if clauses and not any(clause_matches(p, c) for p in clauses for c in v.clauses):
            continue
        if tags and not set(tags) & set(v.tags):
            continue
        if ids and not any(fnmatch.fnmatchcase(v.id, g) for g in ids):
            continue
        out.append(v)
    return out
