"""Test vectors: stable ids in the features, and turning a recorded scenario into a vector.

The export itself runs the feature scenarios under pytest-bdd (tests/bdd/conftest.py records
each scenario in interchange terms); this module holds the game-neutral parts: ids, JSON
Pointers, building a vector and writing vector files. Format: docs/vectors.md.
"""

from __future__ import annotations

import hashlib
import json
import marshal
import re
from pathlib import Path
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from . import __version__
from .loading import read_document
from .spec import features_dir
from .versions import VECTOR_FORMAT

ID_TAG = re.compile(r"@id:([a-z][a-z0-9]*(?:-[a-z0-9]+)+)")
SCENARIO_LINE = re.compile(r"^(\s*)(Example|Scenario):")
FORMAT = VECTOR_FORMAT
OBSERVATIONS = "observations"
"""Value pointers rooted at ``/observations/<player>`` read the ``observe`` answer for that player."""


def retired_ids(game: str) -> dict[str, dict[str, Any]]:
    """The retired vector ids of ``spec/<game>/retired.yaml`` (id -> its entry: ``reason``,
    ``replaced_by``, ``version``); empty when the game has retired none."""
    from .paths import spec_dir  # lazy: only a game with retired ids reads the spec folder

    path = spec_dir(game) / "retired.yaml"
    if not path.is_file():
        return {}
    doc = read_document(path, what="retired vector ids", fmt="yaml", json_only=False)
    return {e["id"]: e for e in (doc or {}).get("retired", [])}


def assign_ids(game: str) -> list[str]:
    """Gives every scenario of ``features/<game>/`` without an ``@id:`` tag the next free id.

    Ids are ``<game>-NNNN``, numbered after the highest id in use, in file order; existing ids
    are never changed or reused. Returns the ids added (and rewrites those feature files).
    """
    files = sorted(features_dir(game).glob("**/*.feature"))
    ids = [m.group(1) for f in files for m in ID_TAG.finditer(f.read_text(encoding="utf-8"))]
    ids += list(retired_ids(game))  # a retired id is never given again
    used = [int(i.rsplit("-", 1)[1]) for i in ids if i.startswith(f"{game}-") and i.rsplit("-", 1)[1].isdigit()]
    next_number = max(used, default=0) + 1
    added = []
    for path in files:
        lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
        out: list[str] = []
        changed = False
        for i, line in enumerate(lines):
            m = SCENARIO_LINE.match(line)
            if m:
                j = len(out) - 1
                tags_above = []
                while j >= 0 and out[j].strip().startswith("@"):
                    tags_above.append(out[j])
                    j -= 1
                if not any(ID_TAG.search(t) for t in tags_above):
                    new_id = f"{game}-{next_number:04d}"
                    next_number += 1
                    out.append(f"{m.group(1)}@id:{new_id}\n")
                    added.append(new_id)
                    changed = True
            out.append(line)
        if changed:
            path.write_text("".join(out), encoding="utf-8")
    return added


def pointer_get(doc: Any, pointer: str) -> Any:
    """Returns the value at a JSON Pointer (RFC 6901).

    Raises:
        KeyError: the pointer does not resolve.
    """
    if pointer == "":
        return doc
    value = doc
    for raw in pointer.split("/")[1:]:
        token = raw.replace("~1", "/").replace("~0", "~")
        if isinstance(value, list):
            if not token.isdigit() or int(token) >= len(value):
                raise KeyError(pointer)
            value = value[int(token)]
        elif isinstance(value, dict):
            if token not in value:
                raise KeyError(pointer)
            value = value[token]
        else:
            raise KeyError(pointer)
    return value


def build_vector(
    *,
    vector_id: str,
    description: str,
    clauses: list[str],
    tags: list[str],
    source: str,
    state: dict[str, Any],
    steps: list[dict[str, Any]],
    result: dict[str, Any],
    pointers: list[str],
    legal_actions: list[dict[str, Any]] | None,
    events: list[dict[str, Any]],
    events_absent: list[dict[str, Any]],
    rejected: dict[str, Any] | None,
    capabilities: list[str],
    options: dict[str, Any],
    checkpoints: Sequence[dict[str, Any]] = (),
    setup: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Returns a play vector; expected values are read from ``result`` (the reference's answer).

    ``requires``: ``capabilities`` as given, plus ``observations`` when a pointer is rooted at
    ``/observations/<player>`` (``result`` then holds ``{"observations": {"<player>": …}}``);
    ``options`` as given (the non-default rule option values) except ``variants``, which
    becomes ``requires.variants``: taken from ``options`` if given there, else from the
    options of ``state`` (or ``setup``); absent when no variant is on.

    ``checkpoints`` are earlier checks: ``{"after": n, "result": doc, "pointers": [...],
    "legal_actions": bool, "events": [...], "events_absent": [...]}``. With ``setup`` the vector
    starts with ``new_game``; ``state`` is then the state it must return (``None`` when the
    setup itself is expected to be rejected: ``rejected.step == -1``).
    """
    expect = expectation(result, pointers, legal_actions is not None, events, events_absent)
    if rejected is not None:
        expect["rejected"] = rejected
    wanted = set(capabilities)
    if any(p.startswith(f"/{OBSERVATIONS}/") for p in [*pointers, *(q for c in checkpoints for q in c["pointers"])]):
        wanted.add("observations")
    options = dict(options)
    variants = options.pop("variants", None)
    if variants is None:
        variants = _variants_of(state) or _variants_of(setup)
    requires: dict[str, Any] = {"capabilities": sorted(wanted), "options": options}
    if variants:  # absent for the base game, so base-game vectors never change
        requires["variants"] = list(variants)
    vector: dict[str, Any] = {
        "id": vector_id,
        "kind": "play",
        "description": description,
        "clauses": clauses,
        "tags": tags,
        "requires": requires,
        "source": source,
        "state": state,
        "steps": steps,
        "expect": expect,
    }
    if setup is not None:
        vector["setup"] = setup
    if state is None:
        del vector["state"]
    if checkpoints:
        vector["checkpoints"] = [
            {"after": c["after"], "expect": expectation(
                c["result"], c["pointers"], c["legal_actions"], c["events"], c["events_absent"])}
            for c in checkpoints
        ]
    return vector


def _variants_of(doc: dict[str, Any] | None) -> list[str]:
    """The variants a state or setup document turns on (``options.variants``; none when absent)."""
    options = doc.get("options") if isinstance(doc, dict) else None
    return list(options.get("variants") or []) if isinstance(options, dict) else []


def expectation(result: dict[str, Any], pointers: Sequence[str], legal_actions: bool,
                events: Sequence[dict[str, Any]], events_absent: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The expectations a set of checks makes of a result document (docs/vectors.md)."""
    expect: dict[str, Any] = {}
    if pointers:
        expect["values"] = [{"pointer": p, "value": pointer_get(result, p)} for p in pointers]
    if legal_actions:
        expect["legal_actions"] = {"actions": result["legal_actions"]}
    if events:
        expect["events"] = events
    if events_absent:
        expect["events_absent"] = events_absent
    return expect


def vector_file(game: str, source: str, vectors: list[dict[str, Any]],
                passes: Callable[[str, Mapping[str, Any]], bool] | None = None) -> dict[str, Any]:
    """A vector file of the current format: each vector's ``requires.options`` is what the
    reference finds it depends on (:func:`.conformance.readings.dependencies`); ``passes`` is
    the oracle it asks (default :func:`.conformance.runner.reference_passes`; the export gives
    a memo of it, :func:`memo_passes`)."""
    from .conformance.readings import dependencies, input_vocabulary  # lazy: the conformance layer, only when writing vector files
    from .conformance.runner import reference_passes  # lazy: as above

    for v in vectors:
        v.setdefault("requires", {})["options"] = dependencies(game, v, passes or reference_passes)
        level = input_vocabulary(game, v)
        if level > 1:
            v["requires"]["vocabulary"] = level
    return {
        "format": FORMAT,
        "game": game,
        "suite_version": __version__,
        "source": source,
        "vectors": sorted(vectors, key=lambda v: v["id"]),
    }


def memo_passes(passes: Callable[[str, Mapping[str, Any]], bool]) -> Callable[[str, Mapping[str, Any]], bool]:
    """``passes`` (whether a vector document passes against the reference), asked once per distinct
    document: the export asks the same question several times (a sibling's dependencies while it
    is written, then again for its vector file). The reference is pure, so an equal document gets
    the same answer; "equal" is exact (the document's marshal bytes: key order, ``1`` against
    ``1.0`` or ``true`` all differ), and a document marshal cannot write is simply asked again."""
    seen: dict[tuple[str, bytes], bool] = {}

    def memo(game: str, doc: Mapping[str, Any]) -> bool:
        try:
            key = (game, hashlib.sha256(marshal.dumps(doc, 2)).digest())  # type: ignore[arg-type]  # ValueError below
        except ValueError:  # not plain data (or not a dict): no memo
            return passes(game, doc)
        found = seen.get(key)
        if found is None:
            found = seen[key] = passes(game, doc)
        return found

    return memo


def dump(doc: dict[str, Any]) -> str:
    """The committed text of a vector file: stable key order, one vector per block."""
    return json.dumps(doc, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def load_vector_files(path: Path) -> list[tuple[Path, dict[str, Any]]]:
    files = [path] if path.is_file() else sorted(path.glob("**/*.json"))
    return [(f, read_document(f, what="vector file")) for f in files]
