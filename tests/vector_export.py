"""Turns any game's feature scenarios into language-neutral test vectors (docs/vectors.md).

Each game's step vocabulary (``GameInfo.bdd_tests``: tests/bdd, tests/celestia/bdd,
tests/seven_knights/bdd) keeps its own phrases and its own ``Scene``; what a scenario checks is
recorded here, the same way for every game, and turned into vectors here:

- :class:`Recording` is a scenario in interchange terms: the start state (or setup), the actions
  played, and what the Then steps read (JSON Pointers into the result document, the legal
  actions, event patterns, a rejection), with the checks made before a later action kept as
  checkpoints.
- :class:`Recorder` is the part of a game's ``Scene`` that Then and When steps call
  (``scene.check("/state/phase")``, ``scene.record_action(...)``...).
- :func:`result_document` is the reference engine's answer about a state, read through the game
  interface only (``tabletop_referee.games.load``), as an implementation answering the protocol
  would give it.
- :class:`VectorExporter` holds one game's vectors during a run; the game's ``export.py`` hands
  it the ``pytest_bdd_after_scenario`` and ``pytest_sessionfinish`` hooks, and says what is
  particular to the game (its non-default rule options, any capability of its own).

Export is active only when the environment variable ``REFEREE_EXPORT_VECTORS`` names an output
folder named after the game (``referee vectors export`` sets it: ``<tmp>/<game>``). Each passing
scenario of ``features/<game>/`` becomes a vector; files are written only if the whole run
passed, each one whole. A scenario that cannot be said in interchange terms is listed with its
reasons in ``<game>-unexportable.json`` beside the output folder instead.
"""

from __future__ import annotations

import dataclasses
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tabletop_referee.conformance.readings import result_document as readings_result_document
from tabletop_referee.errors import IllegalAction
from tabletop_referee.games import load
from tabletop_referee.output import write_atomically
from tabletop_referee.vectors import build_vector, dump, vector_file

ENV = "REFEREE_EXPORT_VECTORS"
OBSERVATIONS = "/observations/"
CLAUSE_TAG = "clause:"
OPTION_TAG = "option:"
ID_TAG = "id:"


def tag_mark(tag: str, function):
    """Maps ``@clause:<id>``, ``@option:<name>`` and ``@id:<vector id>`` to pytest marks
    (``clause``, ``option``, ``vector_id``), so ``-m`` and reports can use them; None for any
    other tag (for a game's ``pytest_bdd_apply_tag``)."""
    marks = ((CLAUSE_TAG, pytest.mark.clause), (OPTION_TAG, pytest.mark.option), (ID_TAG, pytest.mark.vector_id))
    for prefix, mark in marks:
        if tag.startswith(prefix):
            return mark(tag[len(prefix):])(function)
    return None


# -- the recording ----------------------------------------------------------------------------


@dataclasses.dataclass
class Recording:
    """A scenario in interchange terms, for export as a test vector (docs/vectors.md).

    When steps add the actions they play; Then steps name what they checked as JSON Pointers
    into the result document {"state", "actor", "legal_actions", "scores", "outcome",
    "observations"}, as legal actions, or as event patterns. The expected values are read from
    the reference engine at export time. A step that cannot be said in those terms marks the
    scenario unexportable, with a reason.
    """

    state: dict | None = None
    setup: dict | None = None
    """Set when the scenario starts with a new game: the vector then starts with new_game."""
    steps: list[dict] = dataclasses.field(default_factory=list)
    pointers: list[str] = dataclasses.field(default_factory=list)
    legal_actions: bool = False
    events: list[dict] = dataclasses.field(default_factory=list)
    events_absent: list[dict] = dataclasses.field(default_factory=list)
    chance: bool = False
    """Whether a Then step checked the chance outcomes and their probabilities (``expect.chance``)."""
    event_list: bool = False
    """Whether a Then step checked the exact list of events of every step (``expect.event_list``)."""
    rejected: dict | None = None
    unexportable: list[str] = dataclasses.field(default_factory=list)
    checkpoints: list[dict] = dataclasses.field(default_factory=list)
    """Checks made before a later action: {"after": steps applied, "state": the state then,
    plus the pointers / legal_actions / events / events_absent checked}."""

    def pending(self) -> bool:
        """Whether a check was recorded since the last action."""
        return bool(self.pointers or self.legal_actions or self.events or self.events_absent)


class Recorder:
    """What a game's ``Scene`` records for the export, mixed into it. The Scene has the fields
    ``record`` (a :class:`Recording`), ``state`` and ``events`` (what the engine returned so
    far), ``error`` (the last rejection), and a method ``current()`` (the state now, built from
    the Given steps on first use)."""

    record: Recording
    error: Any
    state: Any
    events: list

    def current(self) -> Any:
        raise NotImplementedError  # the game's Scene says how its state is built

    def record_action(self, action: dict, state: Any) -> None:
        """Adds an action (an interchange document) about to be played on ``state``; the checks
        made since the last action become a checkpoint on that state."""
        rec = self.record
        if rec.event_list:
            self.unexportable("checks the exact event list before a later action (a vector checks it at the end)")
        if rec.chance:
            self.unexportable("checks the chance outcomes before a later action (a vector checks them at the end)")
        if rec.pending():
            rec.checkpoints.append({
                "after": len(rec.steps), "state": state, "pointers": rec.pointers,
                "legal_actions": rec.legal_actions, "events": rec.events,
                "events_absent": rec.events_absent,
            })
            rec.pointers, rec.legal_actions, rec.events, rec.events_absent = [], False, [], []
        rec.steps.append({"action": action})

    def play_recorded(self, action: Any, doc: dict, apply: Callable[[Any, Any], Any]) -> None:
        """Plays ``action`` (``doc``: its interchange document) on the current state with the
        engine's ``apply``, recording it first: a rejection (IllegalAction) is kept in ``error``
        for a Then step to inspect, else the state and the events move on."""
        state = self.current()
        self.record_action(doc, state)
        try:
            t = apply(state, action)
        except IllegalAction as exc:
            self.error = exc
            return
        self.state = t.state
        self.events.extend(t.events)

    def check(self, *pointers: str) -> None:
        """Records JSON Pointers (into the result document) a Then step read."""
        self.record.pointers.extend(p for p in pointers if p not in self.record.pointers)

    def check_legal_actions(self) -> None:
        self.record.legal_actions = True

    def check_event(self, **pattern: Any) -> None:
        self.record.events.append(pattern)

    def check_no_event(self, **pattern: Any) -> None:
        self.record.events_absent.append(pattern)

    def check_chance(self) -> None:
        """The chance outcomes of the final state and their probabilities were checked."""
        self.record.chance = True

    def check_event_list(self) -> None:
        """The exact list of events of every step was checked (at the end of the scenario)."""
        self.record.event_list = True

    def check_rejected(self) -> None:
        """The last action was rejected, under the clause of ``error``."""
        assert self.error is not None
        self.record.rejected = {"step": len(self.record.steps) - 1, "clause": self.error.clause}

    def unexportable(self, reason: str) -> None:
        if reason not in self.record.unexportable:
            self.record.unexportable.append(reason)


# -- the result document ----------------------------------------------------------------------


def result_document(game_id: str, state: Any, pointers=()) -> dict:
    """The result document of a state, which a vector's pointers read (docs/vectors.md), as an
    implementation answering the protocol would give it: one definition, shared with the runner's
    siblings (:func:`tabletop_referee.conformance.readings.result_document`)."""
    return readings_result_document(load(game_id), state, pointers)


# -- the export -------------------------------------------------------------------------------


def asks_adapter(rec: Recording) -> bool:
    """Whether a recording with no steps and no setup still asks the adapter something: a check
    other than a value of the given state (the actor, legal actions, scores, observations...)."""
    checks = [{"pointers": rec.pointers, "legal_actions": rec.legal_actions}, *rec.checkpoints]
    return any(c.get("legal_actions") or any(not p.startswith("/state") for p in c.get("pointers", ()))
               for c in checks) or bool(getattr(rec, "chance", None))


def _tags(feature, scenario) -> list[str]:
    tags = set(feature.tags) | set(scenario.tags)
    if scenario.rule is not None:
        tags |= set(scenario.rule.tags)
    return sorted(tags)


class VectorExporter:
    """One game's vectors, collected scenario by scenario and written at the end of the run.

    ``options(scene, final)`` gives the non-default rule option values of a scenario
    (``requires.options``; ``final`` is the final state, None when the setup itself is
    rejected); ``capabilities(scene, final)`` any capability of the game's own the vector needs
    besides ``events`` and ``observations``. A scene with ``failed`` set (a step failed: an
    expected failure) is listed unexportable for ``failed_reason``. ``missing_check_alone``:
    "no Then step recorded a check" is given only when there is no other reason.
    """

    def __init__(self, game_id: str, *, options: Callable[[Any, Any], dict],
                 capabilities: Callable[[Any, Any], list[str]] = lambda scene, final: [],
                 failed_reason: str = "a step failed against the reference engine",
                 missing_check_alone: bool = False,
                 setup_of: Callable[[Any], dict | None] = lambda scene: None) -> None:
        self.game_id = game_id
        self.options = options
        self.capabilities = capabilities
        self.failed_reason = failed_reason
        self.missing_check_alone = missing_check_alone
        self.setup_of = setup_of
        self.collected: dict[str, list[dict]] = {}
        self.skipped: list[dict] = []

    def ours(self, feature) -> bool:
        """Only scenarios of features/<game>/ (each game's hooks handle their own)."""
        return Path(feature.filename).parent.name == self.game_id

    def result(self, state: Any, pointers=()) -> dict:
        return result_document(self.game_id, state, pointers)

    def after_scenario(self, request, feature, scenario) -> None:
        """``pytest_bdd_after_scenario``: the scenario's vector, or why it has none."""
        if not os.environ.get(ENV) or not self.ours(feature):
            return
        scene = request.getfixturevalue("scene")
        rec: Recording = scene.record
        tags = _tags(feature, scenario)
        vector_ids = [t[len(ID_TAG):] for t in tags if t.startswith(ID_TAG)]
        clauses = [t[len(CLAUSE_TAG):] for t in tags if t.startswith(CLAUSE_TAG)]
        source = f"features/{self.game_id}/{Path(feature.filename).name}:{scenario.line_number}"
        reasons = list(rec.unexportable)
        if getattr(scene, "failed", False):
            reasons = [self.failed_reason]
        if len(vector_ids) != 1:
            reasons.append(f"needs exactly one @id tag, has {vector_ids}")
        if rec.state is None and rec.setup is None:
            reasons.append("no state was built")
        if not (rec.pending() or rec.event_list or rec.rejected or rec.checkpoints) and not (self.missing_check_alone and reasons):
            reasons.append("no Then step recorded a check")
        if reasons:
            self.skipped.append({"id": vector_ids[0] if vector_ids else None, "source": source,
                                 "description": scenario.name, "reasons": reasons})
            return
        if not rec.steps and rec.setup is None and not asks_adapter(rec):
            # a check of the given state alone asks the adapter nothing: no evidence (docs/vectors.md);
            # start from the setup the state is a new game of, so new_game must give that state
            setup = self.setup_of(scene)
            if setup is None:
                self.skipped.append({"id": vector_ids[0], "source": source, "description": scenario.name,
                                     "reasons": ["it checks the given state alone: no request to the adapter"]})
                return
            rec.setup = setup
        setup_rejected = rec.setup is not None and rec.state is None
        final = None if setup_rejected else scene.current()
        result = {} if final is None else self.result(final, rec.pointers)
        capabilities = list(self.capabilities(scene, final))
        if rec.events or rec.events_absent or rec.event_list or any(c["events"] or c["events_absent"] for c in rec.checkpoints):
            capabilities.append("events")
        vector = build_vector(
            vector_id=vector_ids[0],
            description=scenario.name,
            clauses=clauses,
            tags=[t for t in tags if not t.startswith((ID_TAG, CLAUSE_TAG))],
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
            options=self.options(scene, final),
            checkpoints=[dict(c, result=self.result(c["state"], c["pointers"])) for c in rec.checkpoints],
            setup=rec.setup,
        )
        if rec.event_list:
            game = load(self.game_id)
            vector["expect"]["event_list"] = [game.event_to_json(e) for e in scene.events]
        if rec.chance:
            outcomes = load(self.game_id).chance_outcomes(final)
            vector["expect"]["chance"] = {"outcomes": [load(self.game_id).action_to_json(a) for a, _ in outcomes],
                                          "probabilities": [f"{p.numerator}/{p.denominator}" for _, p in outcomes]}
        self.collected.setdefault(Path(feature.filename).stem, []).append(vector)

    def hooks(self) -> tuple[Callable[..., None], Callable[..., None]]:
        """The two pytest hooks of this game's export, for its ``conftest.py`` to bind:
        ``pytest_bdd_after_scenario, pytest_sessionfinish = EXPORT.hooks()``."""

        def pytest_bdd_after_scenario(request, feature, scenario):
            self.after_scenario(request, feature, scenario)

        @pytest.hookimpl(trylast=True)
        def pytest_sessionfinish(session, exitstatus):
            self.session_finish(session, exitstatus)

        return pytest_bdd_after_scenario, pytest_sessionfinish

    def session_finish(self, session, exitstatus) -> None:
        """``pytest_sessionfinish``: writes the vector files and the unexportable list, if the
        whole run passed and the output folder is this game's (not another game's export)."""
        out = os.environ.get(ENV)
        if not out or exitstatus != 0 or not (self.collected or self.skipped):
            return
        folder = Path(out)
        if folder.name != self.game_id:
            return
        folder.mkdir(parents=True, exist_ok=True)
        for area, vectors in sorted(self.collected.items()):
            doc = vector_file(self.game_id, f"features/{self.game_id}/{area}.feature", vectors)
            write_atomically(folder / f"{area}.json", dump(doc))
        write_atomically(
            folder.parent / f"{self.game_id}-unexportable.json",
            json.dumps(sorted(self.skipped, key=lambda u: u["id"] or ""), indent=1, ensure_ascii=False) + "\n",
        )
