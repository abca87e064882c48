"""Exports the MLEM scenarios as language-neutral test vectors (docs/vectors.md).

Active only when the environment variable REFEREE_EXPORT_VECTORS names an output folder
(``referee vectors export`` sets it). Each passing scenario is turned into a vector from what
its steps recorded (tests/bdd/support.py: Recording); the expected values come from the
reference engine's answers. Files are written only if the whole run passed, each one whole.
A scenario that cannot be said in interchange terms is listed in ``unexportable.json`` with
its reasons instead, in vectors/mlem-unexportable.json.
"""

from __future__ import annotations

import dataclasses
import json
import os
from pathlib import Path

import pytest

from tabletop_referee.adapter import Adapter
from tabletop_referee.output import write_atomically
from tabletop_referee.games.mlem.interchange import board_to_json, load_board, options_to_json, state_to_json
from tabletop_referee.games.mlem.model import Options
from tabletop_referee.vectors import build_vector, dump, vector_file

ENV = "REFEREE_EXPORT_VECTORS"
GAME = "mlem"
_collected: dict[str, list[dict]] = {}
_unexportable: list[dict] = []


def _tags(feature, scenario) -> list[str]:
    tags = set(feature.tags) | set(scenario.tags)
    if scenario.rule is not None:
        tags |= set(scenario.rule.tags)
    return sorted(tags)


OBSERVATIONS = "/observations/"


def _observers(pointers) -> list[int]:
    """The players whose observations the pointers read ("/observations/<player>/...")."""
    return sorted({int(p.split("/")[2]) for p in pointers if p.startswith(OBSERVATIONS)})


def _result_document(adapter: Adapter, state_doc: dict, pointers=()) -> dict:
    legal = adapter.handle({"cmd": "legal_actions", "game": GAME, "state": state_doc})
    assert "actions" in legal, legal
    scores = adapter.handle({"cmd": "scores", "game": GAME, "state": state_doc})
    result = {
        "state": state_doc,
        "actor": legal["actor"],
        "legal_actions": legal["actions"],
        "scores": scores["scores"],
        "outcome": scores["outcome"],
    }
    observers = _observers(pointers)
    if observers:
        # "/observations/<player>/..." reads what that player may see of the state.
        from tabletop_referee.games.mlem.interchange import observation_to_json, state_from_json

        state = state_from_json(state_doc)
        result["observations"] = {str(p): observation_to_json(state, p) for p in observers}
    return result


def pytest_bdd_after_scenario(request, feature, scenario):
    out = os.environ.get(ENV)
    if not out:
        return
    scene = request.getfixturevalue("scene")
    rec = scene.record
    tags = _tags(feature, scenario)
    vector_ids = [t[3:] for t in tags if t.startswith("id:")]
    clauses = [t[7:] for t in tags if t.startswith("clause:")]
    source = f"features/{GAME}/{Path(feature.rel_filename).name}:{scenario.line_number}"
    reasons = list(rec.unexportable)
    if len(vector_ids) != 1:
        reasons.append(f"needs exactly one @id tag, has {vector_ids}")
    if rec.state is None and rec.setup is None:
        reasons.append("no state was built")
    if not (rec.pending() or rec.rejected or rec.checkpoints):
        reasons.append("no Then step recorded a check")
    if reasons:
        _unexportable.append({"id": vector_ids[0] if vector_ids else None, "source": source,
                              "description": scenario.name, "reasons": reasons})
        return
    adapter = Adapter([GAME])
    setup_rejected = rec.setup is not None and rec.state is None
    result = {} if setup_rejected else _result_document(adapter, state_to_json(scene.current()), rec.pointers)
    board = scene.board or load_board("short")
    options_used = scene.current().options if not setup_rejected else Options(**scene.position.get("options", {}))
    capabilities = []
    if board_to_json(board if setup_rejected else scene.current().board) != board_to_json(load_board("standard")):
        capabilities.append("custom-boards")
    if rec.events or rec.events_absent or any(c["events"] or c["events_absent"] for c in rec.checkpoints):
        capabilities.append("events")
    # the defaults of the same variants: a variant's own options count only when not default
    default = options_to_json(dataclasses.replace(Options(), variants=options_used.variants))
    options = {k: v for k, v in options_to_json(options_used).items() if k == "variants" or default.get(k) != v}
    vector = build_vector(
        vector_id=vector_ids[0],
        description=scenario.name,
        clauses=clauses,
        tags=[t for t in tags if not t.startswith(("id:", "clause:"))],
        source=source,
        state=rec.state,
        steps=rec.steps,
        result=result,
        pointers=rec.pointers,
        legal_actions=result["legal_actions"] if rec.legal_actions else None,
        events=rec.events,
        events_absent=rec.events_absent,
        rejected=rec.rejected,
        capabilities=capabilities,
        options=options,
        checkpoints=[dict(c, result=_result_document(adapter, c["state"], c["pointers"])) for c in rec.checkpoints],
        setup=rec.setup,
    )
    _collected.setdefault(Path(feature.rel_filename).stem, []).append(vector)


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session, exitstatus):
    out = os.environ.get(ENV)
    if not out or exitstatus != 0:
        return
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    for area, vectors in sorted(_collected.items()):
        doc = vector_file(GAME, f"features/{GAME}/{area}.feature", vectors)
        write_atomically(folder / f"{area}.json", dump(doc))
    write_atomically(
        folder.parent / f"{GAME}-unexportable.json",
        json.dumps(sorted(_unexportable, key=lambda u: u["id"] or ""), indent=1, ensure_ascii=False) + "\n",
    )
