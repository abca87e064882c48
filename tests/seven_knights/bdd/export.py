"""Exports the Seven Knights Bewitched scenarios as language-neutral test vectors (docs/vectors.md).

Active only when the environment variable REFEREE_EXPORT_VECTORS names an output folder
called ``seven-knights`` (vectors/seven-knights). Each
passing scenario of ``features/seven-knights/`` is turned into a vector from what its steps
recorded (support.py: Recording); the expected values come from the reference engine's answers,
read through the game interface only (``GAME.state_to_json``, ``GAME.action_to_json``,
``GAME.result_to_json``, ``GAME.observation_to_json``...). Files are written only if the whole
run passed, each one whole. A scenario that cannot be said in interchange terms is listed with
its reasons in ``vectors/seven-knights-unexportable.json`` instead.

The result document of a state is ``{"state", "actor", "legal_actions", "scores", "outcome"}``
(plus ``"observations": {"<player>": ...}`` when a pointer reads them). ``actor`` is the single
actor (a player number or ``"chance"``), ``null`` once the game is over, and at a simultaneous
secret choice the list of the players still to choose; ``legal_actions`` are then every listed
player's legal actions, player by player (each action names its player).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tabletop_referee.output import write_atomically
from tabletop_referee.vectors import build_vector, dump, vector_file

from .support import GAME_ID, game

ENV = "REFEREE_EXPORT_VECTORS"
FEATURES = f"features/{GAME_ID}/"
_collected: dict[str, list[dict]] = {}
_unexportable: list[dict] = []
OBSERVATIONS = "/observations/"


def _ours(feature) -> bool:
    """Only scenarios of features/seven-knights/ (the MLEM plugin handles its own)."""
    return Path(feature.filename).parent.name == GAME_ID


def _tags(feature, scenario) -> list[str]:
    tags = set(feature.tags) | set(scenario.tags)
    if scenario.rule is not None:
        tags |= set(scenario.rule.tags)
    return sorted(tags)


def _observers(pointers) -> list[int]:
    """The players whose observations the pointers read ("/observations/<player>/...")."""
    return sorted({int(p.split("/")[2]) for p in pointers if p.startswith(OBSERVATIONS)})


def actor_doc(state) -> object:
    """The ``actor`` of a result document (see the module docstring)."""
    actors = game().actors(state)
    if not actors:
        return None
    if len(actors) == 1:
        return actors[0]
    return list(actors)


def legal_docs(state) -> list[dict]:
    """Every legal action in interchange form: the single actor's, or each simultaneous
    chooser's in actor order."""
    g = game()
    actors = g.actors(state)
    if len(actors) > 1:
        return [g.action_to_json(a) for p in actors for a in g.legal_actions(state, p)]
    return [g.action_to_json(a) for a in g.legal_actions(state)]


def result_document(state, pointers=()) -> dict:
    """The result document of a state (the engine's answers, through the interface)."""
    g = game()
    res = g.result_to_json(state)
    result = {
        "state": g.state_to_json(state),
        "actor": actor_doc(state),
        "legal_actions": legal_docs(state),
        "scores": res["scores"],
        "outcome": res["outcome"],
    }
    observers = _observers(pointers)
    if observers:
        result["observations"] = {str(p): g.observation_to_json(state, p) for p in observers}
    return result


def _options(scene) -> dict:
    """The non-default rule option values of the scenario's setup (the variant included)."""
    defaults = {o.name: o.default for o in game().info.options}
    chosen = dict(scene.setup.get("options") or {})
    return {k: v for k, v in sorted(chosen.items()) if defaults.get(k, object()) != v}


def pytest_bdd_after_scenario(request, feature, scenario):
    out = os.environ.get(ENV)
    if not out or not _ours(feature):
        return
    scene = request.getfixturevalue("scene")
    rec = scene.record
    tags = _tags(feature, scenario)
    vector_ids = [t[3:] for t in tags if t.startswith("id:")]
    clauses = [t[7:] for t in tags if t.startswith("clause:")]
    source = f"{FEATURES}{Path(feature.filename).name}:{scenario.line_number}"
    reasons = list(rec.unexportable)
    if getattr(scene, "failed", False):
        reasons = ["fails against the reference engine (marked @engine-disagrees: see # ENGINE?)"]
    if len(vector_ids) != 1:
        reasons.append(f"needs exactly one @id tag, has {vector_ids}")
    if rec.state is None and rec.setup is None:
        reasons.append("no state was built")
    if not reasons and not (rec.pending() or rec.rejected or rec.checkpoints):
        reasons.append("no Then step recorded a check")
    if reasons:
        _unexportable.append({"id": vector_ids[0] if vector_ids else None, "source": source,
                              "description": scenario.name, "reasons": reasons})
        return
    setup_rejected = rec.setup is not None and rec.state is None
    g = game()
    result = {} if setup_rejected else result_document(scene.current(), rec.pointers)
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
        options=_options(scene),
        checkpoints=[dict(c, result=result_document(c["state"], c["pointers"])) for c in rec.checkpoints],
        setup=rec.setup,
    )
    _collected.setdefault(Path(feature.filename).stem, []).append(vector)


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session, exitstatus):
    out = os.environ.get(ENV)
    if not out or exitstatus != 0 or not (_collected or _unexportable):
        return
    folder = Path(out)
    if folder.name != GAME_ID:  # e.g. a combined run exporting the MLEM vectors
        return
    folder.mkdir(parents=True, exist_ok=True)
    for area, vectors in sorted(_collected.items()):
        doc = vector_file(GAME_ID, f"{FEATURES}{area}.feature", vectors)
        write_atomically(folder / f"{area}.json", dump(doc))
    write_atomically(
        folder.parent / f"{GAME_ID}-unexportable.json",
        json.dumps(sorted(_unexportable, key=lambda u: u["id"] or ""), indent=1, ensure_ascii=False) + "\n",
    )
