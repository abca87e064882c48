"""Loading and selecting test vectors (docs/vectors.md).

Every file is checked against ``schemas/vectors/vector-file.schema.json`` and a few rules a
schema cannot state (the game, unique ids, a rejected step that exists). Then the reference
engine reads each vector's inputs (:func:`reference_problem`): a setup or state it cannot read or
refuses, or a step that does not fit (rejected where the vector expects it accepted, or the
other way round), is a *vector error*, never an adapter's failure. A bad file raises
:class:`VectorFileError`, whose message names the file and the JSON path.
"""

from __future__ import annotations

import fnmatch
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from ..documents import read_json
from ..errors import IllegalAction, MalformedInput, RefereeError
from ..games import load  # the game interface only: this module names no game
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
    format: int = 1
    """The vector file format (format 2: ``requires.options`` lists the values a vector holds under)."""

    @property
    def family(self) -> str:
        """The vector a sibling tests under other readings (``reading_of``), else its own id."""
        return cast(str, self.doc.get("reading_of") or self.doc["id"])

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


def load_file(path: Path, game: str, *, check: bool = True) -> list[Vector]:
    """Reads and checks one vector file; with ``check``, the reference engine reads each
    vector's inputs too (:func:`reference_problem`).

    Raises:
        VectorFileError: unreadable, not JSON, not valid per the schema, for another game, or
            a vector error (inputs the reference engine cannot read or that do not fit).
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
        vectors.append(Vector(v, str(path), i, doc.get("suite_version"), doc["format"]))
    if check:
        check_vectors(vectors, game)
    return vectors


def check_vectors(vectors: list[Vector], game: str) -> None:
    """Has the reference engine read each vector's inputs (:func:`reference_problem`).

    Raises:
        VectorFileError: the first vector error, naming the file, the path in it and the problem.
    """
    if not vectors:
        return
    engine = load(game)
    for v in vectors:
        try:
            problem = reference_problem(engine, v.doc)
        except (RecursionError, MemoryError):
            raise
        except Exception as exc:  # the engine met input no check of its own foresaw
            problem = ("", f"the reference engine cannot read it ({type(exc).__name__}: {short_text(exc)})")
        if problem:
            where, what = problem
            raise VectorFileError(f"{v.file}: $.vectors[{v.index}]{where}: vector error ({v.id}): {what}")


def short_text(exc: BaseException) -> str:
    text = " ".join(str(exc).split())
    return text if len(text) <= 160 else text[:159] + "…"


def _said(exc: RefereeError) -> str:
    text = " ".join(str(exc.message).split())
    return text if len(text) <= 160 else text[:159] + "…"


def reference_problem(game: Any, v: dict[str, Any]) -> tuple[str, str] | None:
    """Why the reference engine says a vector's inputs are inconsistent, as ``(path, problem)``
    with the path below the vector (``.steps[2].action``), or ``None``.

    It reads the setup (or state), applies the steps in order and checks that each is accepted,
    rejected or unreadable exactly where the vector says. Expected values are not compared: a
    vector may state what the reference gets wrong; but a vector whose inputs the reference
    engine itself refuses would blame every adapter for the file's fault.
    """
    expect = v["expect"]
    invalid = expect.get("invalid_input")
    rejected = expect.get("rejected")
    want = ("invalid", invalid["step"]) if invalid else ("rejected", rejected["step"]) if rejected else None
    if v["kind"] == "play" and "setup" in v:
        try:
            setup = game.setup_from_json(v["setup"])
            state = game.initial_state(setup)
        except IllegalAction as exc:
            if want == ("rejected", -1):
                if exc.clause != rejected["clause"]:
                    return (".expect.rejected.clause", f"the reference engine refuses the setup under {exc.clause}, "
                            f"not {rejected['clause']} ({_said(exc)})")
                return None
            return ".setup", f"the reference engine refuses this setup under {exc.clause} ({_said(exc)})"
        except RefereeError as exc:
            if want == ("invalid", -1):
                return None
            return ".setup", f"the reference engine cannot read this setup: {_said(exc)}"
        if want and want[1] == -1:
            return f".expect.{'invalid_input' if want[0] == 'invalid' else 'rejected'}", (
                "the reference engine accepts this setup; the vector expects it "
                + ("to be unreadable" if want[0] == "invalid" else f"refused under {rejected['clause']}"))
    else:
        try:
            state = game.state_from_json(v["state"])
        except RefereeError as exc:
            return ".state", f"the reference engine refuses this state: {_said(exc)}"
    if v["kind"] != "play":
        return None
    for i, step in enumerate(v["steps"]):
        where = f".steps[{i}].action"
        try:
            action = game.action_from_json(step["action"])
            state = game.apply(state, action).state
        except IllegalAction as exc:
            if want == ("rejected", i):
                if exc.clause != rejected["clause"]:
                    return (".expect.rejected.clause", f"the reference engine rejects step {i} under {exc.clause}, "
                            f"not {rejected['clause']} ({_said(exc)})")
                return None
            return where, f"the reference engine rejects this step under {exc.clause} ({_said(exc)}); " \
                          "the vector expects it to be accepted"
        except RefereeError as exc:
            if want == ("invalid", i):
                return None
            return where, f"the reference engine cannot read this action: {_said(exc)}"
        if want and want[1] == i:
            return f".expect.{'invalid_input' if want[0] == 'invalid' else 'rejected'}", (
                f"the reference engine accepts step {i}; the vector expects it "
                + ("to be unreadable" if want[0] == "invalid" else f"rejected under {rejected['clause']}"))
    return None


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


def load_vectors(paths: list[str | Path], game: str, *, check: bool = True) -> list[Vector]:
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
        for v in load_file(f, game, check=check):
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
