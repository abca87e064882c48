"""Exports the Celestia scenarios as language-neutral test vectors (docs/vectors.md).

Active only when the environment variable REFEREE_EXPORT_VECTORS names an output folder. Each
passing scenario of features/celestia/ is turned into a vector from what its steps recorded
(support.py: Recording); the expected values come from the reference engine's answers, asked
through the game interface (``GAME``) in interchange terms. Files are written only if the whole
run passed, each one whole. A scenario that cannot be said in interchange terms is listed in
``vectors/celestia-unexportable.json`` (beside the output folder) with its reasons instead.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tabletop_referee.output import write_atomically
from tabletop_referee.games.celestia import GAME
from tabletop_referee.games.interface import CHANCE
from tabletop_referee.vectors import build_vector, dump, vector_file

ENV = "REFEREE_EXPORT_VECTORS"
GAME_ID = "celestia"
_collected: dict[str, list[dict]] = {}
_unexportable: list[dict] = []
OBSERVATIONS = "/observations/"


def _ours(feature) -> bool:
    """Only the Celestia features (another game's export hooks handle their own)."""
    return Path(feature.rel_filename).parent.name == GAME_ID


def _tags(feature, scenario) -> list[str]:
    tags = set(feature.tags) | set(scenario.tags)
    if scenario.rule is not None:
        tags |= set(scenario.rule.tags)
    return sorted(tags)


def _observers(pointers) -> list[int]:
    return sorted({int(p.split("/")[2]) for p in pointers if p.startswith(OBSERVATIONS)})


def result_document(state_doc: dict, pointers=()) -> dict:
    """The result document a vector's pointers read (docs/vectors.md), as an implementation
    answering the protocol would give it: the state, the actor and legal actions, the scores
    and outcome, and the observations of the players the pointers name."""
    state = GAME.state_from_json(state_doc)
    actors = GAME.actors(state)
    actor = None if not actors else (CHANCE if actors == (CHANCE,) else actors[0])
    result = GAME.result_to_json(state)
    doc = {
        "state": state_doc,
        "actor": actor,
        "legal_actions": [GAME.action_to_json(a) for a in GAME.legal_actions(state)],
        "scores": result["scores"],
        "outcome": result["outcome"],
    }
    observers = _observers(pointers)
    if observers:
        doc["observations"] = {str(p): GAME.observation_to_json(state, p) for p in observers}
    return doc


def _non_default_options(state_doc: dict) -> dict:
    """The rule options of the state that differ from the defaults (``requires.options``)."""
    used = state_doc["setup"]["options"]
    players = state_doc["setup"]["players"]
    default = GAME.setup_to_json(GAME.setup_from_json({"players": players}))["options"]
    return {k: v for k, v in used.items() if default.get(k) != v}


def pytest_bdd_after_scenario(request, feature, scenario):
    out = os.environ.get(ENV)
    if not out or not _ours(feature):
        return
    scene = request.getfixturevalue("scene")
    rec = scene.record
    tags = _tags(feature, scenario)
    vector_ids = [t[3:] for t in tags if t.startswith("id:")]
    clauses = [t[7:] for t in tags if t.startswith("clause:")]
    source = f"features/{GAME_ID}/{Path(feature.rel_filename).name}:{scenario.line_number}"
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
    setup_rejected = rec.setup is not None and rec.state is None
    if setup_rejected:
        result: dict = {}
        options = {k: v for k, v in rec.setup.get("options", {}).items()}
    else:
        final = GAME.state_to_json(scene.current())
        result = result_document(final, rec.pointers)
        options = _non_default_options(final)
    capabilities = []
    if rec.events or rec.events_absent or any(c["events"] or c["events_absent"] for c in rec.checkpoints):
        capabilities.append("events")
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
        checkpoints=[dict(c, result=result_document(c["state"], c["pointers"])) for c in rec.checkpoints],
        setup=rec.setup,
    )
    _collected.setdefault(Path(feature.rel_filename).stem, []).append(vector)


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session, exitstatus):
    out = os.environ.get(ENV)
    if not out or exitstatus != 0 or not (_collected or _unexportable):
        return
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    for area, vectors in sorted(_collected.items()):
        doc = vector_file(GAME_ID, f"features/{GAME_ID}/{area}.feature", vectors)
        write_atomically(folder / f"{area}.json", dump(doc))
    write_atomically(
        folder.parent / f"{GAME_ID}-unexportable.json",
        json.dumps(sorted(_unexportable, key=lambda u: u["id"] or ""), indent=1, ensure_ascii=False) + "\n",
    )
