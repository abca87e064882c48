"""Verdicts for every reading (issue 22, docs/conformance.md "Readings").

- Every vector's ``requires.options`` (vector format 2) is what the reference finds it depends on.
- The reference adapter following another sourced reading (``referee adapter --reading``), each
  alone, every source's readings at once, and every first non-default reading at once, announced
  honestly, gets no failure and runs at least 95% of each claimed profile.
"""

from __future__ import annotations

import json
from collections import Counter
from functools import lru_cache
from typing import Any

import pytest

from tabletop_referee.adapter import Adapter
from tabletop_referee.conformance import readings as R
from tabletop_referee.conformance.inprocess import InProcessAdapter
from tabletop_referee.conformance.profiles import EXECUTED, family
from tabletop_referee.conformance.report import result_to_json
from tabletop_referee.conformance.runner import Runner, reference_passes
from tabletop_referee.conformance.vectors import Vector, default_vector_dir, load_vectors
from tabletop_referee.games import GAMES, load
from tabletop_referee.impact import disputes_of

COVERAGE = 0.95
"""The share of the claimed profiles' vectors (families: a vector and its siblings) that must
run under any announced readings (issue 22)."""

@lru_cache(maxsize=None)
def suite(game_id: str) -> tuple[Vector, ...]:
    return tuple(load_vectors([default_vector_dir(game_id)], game_id))


def _chunks(game_id: str, n: int) -> list[tuple[str, int, int]]:
    return [(game_id, i, n) for i in range(n)]


def recorded_dependencies_are_the_reference_s(game_id: str, part: int, parts: int) -> None:
    """For every vector (in four parts, so they can run side by side): replaying it under each
    other value of each reading in play gives exactly the ``requires.options`` it records."""
    wrong = []
    for i, v in enumerate(suite(game_id)):
        if i % parts != part:
            continue
        assert v.format == 2, f"{v.file}: vector format {v.format}"
        found = R.dependencies(game_id, v.doc, reference_passes)
        if found != v.requires.get("options", {}):
            wrong.append(f"{v.id}: recorded {v.requires.get('options')}, the reference finds {found}")
    assert not wrong, "\n".join(wrong[:10])


def test_a_sibling_names_its_vector_and_readings() -> None:
    for game_id in GAMES:
        ids = {v.id for v in suite(game_id)}
        for v in suite(game_id):
            of = v.doc.get("reading_of")
            if of is None:
                assert "@" not in v.id
                continue
            assert of in ids, f"{v.id}: reading_of {of} is not a vector of the suite"
            assert v.id.startswith(of + "@"), v.id
            for pair in v.id.split("@", 1)[1].split(","):
                name, _, value = pair.partition("=")
                held = v.requires["options"].get(name)  # absent: the sibling holds whatever its value
                assert held is None or value in [R._text(x) for x in held], (v.id, held)


def reading_adapters(game_id: str) -> list[tuple[str, dict[str, Any]]]:
    """Every reading set the suite must certify: each non-default value alone, each source's
    readings at once, and the first non-default value of every disputed option at once."""
    game = load(game_id)
    sets: list[tuple[str, dict[str, Any]]] = []
    firsts: dict[str, Any] = {}
    for d in disputes_of(game):
        for value in d.values:
            if value != d.default:
                sets.append((f"{d.option}={R._text(value)}", {d.option: value}))
                firsts.setdefault(d.option, value)
    for tag, pairs in R.source_readings(game_id).items():
        if len(pairs) > 1:
            sets.append((f"source {tag}", pairs))
    sets.append(("every first non-default reading", firsts))
    return sets


def run_under(game_id: str, readings: dict[str, Any], vectors: list[Vector]) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    handle = Adapter([game_id], readings={game_id: readings}).handle
    adapter = InProcessAdapter(handle, own_readers=True)
    hello = adapter.start()
    run = Runner(adapter, game_id).run(vectors)
    game = load(game_id)
    return [result_to_json(r, None, tuple(game.probes.vector_profiles(r.vector.doc))) for r in run.results], hello


def affected(vectors: tuple[Vector, ...], names: set[str]) -> list[Vector]:
    """The vectors whose family depends on one of ``names``; any other runs under the adapter's
    values by construction (its dependencies are checked above), so it is counted as run."""
    families = {v.family for v in vectors if names & set(v.requires.get("options", {}))}
    return [v for v in vectors if v.family in families]


def the_reference_under_other_readings_is_certified(game_id: str, label: str, readings: dict[str, Any]) -> None:
    """``referee adapter --reading ...`` (the reference following other sourced readings, and
    announcing just those): no failure, and at least 95% of every claimed profile runs."""
    vectors = suite(game_id)
    chosen = affected(vectors, set(readings))
    # and every tenth of the others, which run with these readings swapped in
    picked = {id(v) for v in chosen}  # by identity: Vector's dataclass __eq__ compares whole documents
    others = [v for v in vectors if id(v) not in picked and not v.doc.get("reading_of")]
    chosen += others[::10]
    picked = {id(v) for v in chosen}
    results, hello = run_under(game_id, readings, chosen)
    bad = [f"{r['id']}: {r['status']}: {r['message'][:300]}" for r in results
           if r["status"] not in ("passed", "skipped")]
    assert not bad, "\n".join(bad[:10])
    ran = {family(r) for r in results if r["status"] in EXECUTED}
    ran |= {v.family for v in vectors if id(v) not in picked}
    game = load(game_id)
    claimed = list(hello["profiles"])
    per_profile: Counter[str] = Counter()
    run_profile: Counter[str] = Counter()
    seen: set[tuple[str, str]] = set()
    for v in vectors:
        for p in game.probes.vector_profiles(v.doc):
            if (p, v.family) in seen or p not in claimed:
                continue
            seen.add((p, v.family))
            per_profile[p] += 1
            run_profile[p] += v.family in ran
    claimed_families = {f for (p, f) in seen}
    share = len(claimed_families & ran) / len(claimed_families)
    by_profile = {p: f"{run_profile[p]}/{n}" for p, n in per_profile.items()}
    assert share >= COVERAGE, (f"under {label}: {share:.1%} of the claimed profiles' vectors run, below "
                               f"{COVERAGE:.0%} (per profile: {by_profile})")
    # the profiles' verdicts (over the whole suite: the vectors not run here run with the readings
    # swapped in): none is mostly untested, which would fail the run (profiles.judge)
    mostly_untested = {p for p, n in per_profile.items() if (n - run_profile[p]) * 2 > n}
    assert not mostly_untested, (label, by_profile)


def test_a_vector_is_run_under_the_value_the_adapter_follows() -> None:
    """seven-knights-0029 holds only under last_question=optional: an adapter following
    required runs its sibling instead, which expects the skip refused; a vector that does not
    depend on the option runs with required swapped in, and passes."""
    vectors = [v for v in suite("seven-knights") if v.family in ("seven-knights-0029", "seven-knights-0001")]
    results, _hello = run_under("seven-knights", {"last_question": "required"}, vectors)
    by_id = {r["id"]: r for r in results}
    assert by_id["seven-knights-0029"]["status"] == "skipped"
    assert by_id["seven-knights-0029"]["excused"] == "reading"
    assert "last_question=optional" in by_id["seven-knights-0029"]["message"]
    sibling = by_id["seven-knights-0029@last_question=required"]
    assert sibling["status"] == "passed"
    doc = next(v.doc for v in vectors if v.id == sibling["id"])
    assert doc["expect"]["rejected"]["clause"] == "command.last-question"
    assert by_id["seven-knights-0001"]["status"] == "passed"


def test_an_unannounced_option_means_the_default_reading() -> None:
    """An adapter announcing no options at all follows the defaults: every vector that holds
    under the defaults runs, the siblings of other readings are not applicable."""
    game_id = "seven-knights"
    vectors = list(suite(game_id))
    adapter = InProcessAdapter(Adapter([game_id]).handle, own_readers=True)
    hello = adapter.start()
    hello = json.loads(json.dumps(hello))
    hello["implementation"]["games"][game_id].pop("options")
    adapter.hello = hello
    run = Runner(adapter, game_id).run(vectors)
    statuses = Counter(r.status for r in run.results)
    assert statuses["failed"] == statuses["errored"] == 0, statuses
    for r in run.results:
        if r.vector.doc.get("reading_of") and r.status == "skipped":
            assert r.excused == "reading", (r.vector.id, r.message)
    assert all(r.status == "passed" for r in run.results if not r.vector.doc.get("reading_of")
               and all(load(game_id).options.option_spec(n).default in vals
                       for n, vals in r.vector.requires.get("options", {}).items()))


# -- no green without evidence -------------------------------------------------------------------


def _report_of(game_id: str, run, hello, vectors, **kw):
    from tabletop_referee.conformance.report import build_report

    game = load(game_id)
    args = dict(game=game_id, command=["x"], hello=hello, started_at="2026-12-02T00:00:00Z", suite_versions=["0.2.0"],
                files=[], filters={}, loaded=len(vectors), expectations_file=None, unused_expectations=[],
                fail_fast=False, timeout=1.0, rerun={}, profiles_of=lambda v: game.probes.vector_profiles(v.doc),
                known_profiles=game.probes.conformance_profiles(),
                suite_profiles=[game.probes.vector_profiles(v.doc) for v in vectors], vector_formats=[2])
    args.update(kw)
    return build_report(run, **args)


def test_an_adapter_that_errors_on_every_request_never_passes() -> None:
    """Every vector sends the adapter at least one request, so answering each with an error
    fails every vector."""
    game_id = "seven-knights"
    reference = Adapter([game_id]).handle

    def erring(req: dict[str, Any]) -> dict[str, Any]:
        if req.get("cmd") in ("start", "stop"):
            return reference(req)
        return {"seq": req.get("seq"), "error": {"kind": "internal", "message": "no"}}

    vectors = [v for v in suite(game_id) if not v.doc.get("reading_of")]
    adapter = InProcessAdapter(erring)
    hello = adapter.start()
    run = Runner(adapter, game_id).run(vectors)
    assert not [r.vector.id for r in run.results if r.status == "passed"]
    report = _report_of(game_id, run, hello, vectors)
    assert report["verdict"]["state"] == "fail" and not report["verdict"]["passed"]


def test_every_vector_sends_a_request() -> None:
    for game_id in GAMES:
        for v in suite(game_id):
            if v.kind != "play":
                continue
            checks = [v.doc["expect"], *(c["expect"] for c in v.doc.get("checkpoints", []))]
            asks = bool(v.doc.get("steps")) or "setup" in v.doc or any(
                "legal_actions" in c or "chance" in c
                or any(not p["pointer"].startswith("/state") for p in c.get("values", [])) for c in checks)
            assert asks, f"{v.id} sends the adapter no request: it proves nothing"


def test_a_run_stopped_early_is_incomplete_in_every_format() -> None:
    from tabletop_referee.conformance.report import render_junit, render_markdown, render_text

    game_id = "seven-knights"
    vectors = [v for v in suite(game_id) if not v.doc.get("reading_of")][:5]
    adapter = InProcessAdapter(Adapter([game_id]).handle)
    hello = adapter.start()
    run = Runner(adapter, game_id).run(vectors[:1])
    run.stopped, run.not_run = "interrupted", vectors[1:]
    report = _report_of(game_id, run, hello, vectors)
    assert report["verdict"]["state"] == "incomplete" and report["verdict"]["passed"] is False
    assert "4 of 5 selected vectors not run" in report["verdict"]["reasons"][0]
    assert "verdict: INCOMPLETE" in render_text(report)
    assert "**Verdict: INCOMPLETE**" in render_markdown(report)
    assert 'name="run-complete"' in render_junit(report)


def test_a_filtered_run_is_partial_and_not_a_verdict() -> None:
    from tabletop_referee.conformance.report import render_text

    game_id = "seven-knights"
    vectors = [v for v in suite(game_id) if not v.doc.get("reading_of")]
    adapter = InProcessAdapter(Adapter([game_id]).handle)
    hello = adapter.start()
    run = Runner(adapter, game_id).run(vectors[:3])
    report = _report_of(game_id, run, hello, vectors, filters={"ids": [v.id for v in vectors[:3]]})
    assert report["verdict"]["state"] == "partial" and report["verdict"]["passed"] is True
    assert f"partial run: 3 of {len(vectors)} vectors, not a conformance verdict" in render_text(report)


# -- one class per game and check, so that ``--dist loadscope`` spreads them over the workers ---


def _dependency_class(game_id: str) -> type:
    class Dependencies:
        @pytest.mark.parametrize("part", range(4))
        def test_recorded_dependencies_are_the_reference_s(self, part: int) -> None:
            recorded_dependencies_are_the_reference_s(game_id, part, 4)
    return Dependencies


def _certified_class(game_id: str) -> type:
    class Certified:
        @pytest.mark.parametrize("label,readings", reading_adapters(game_id),
                                 ids=lambda x: x if isinstance(x, str) else "")
        def test_the_reference_under_other_readings_is_certified(self, label: str, readings: dict[str, Any]) -> None:
            the_reference_under_other_readings_is_certified(game_id, label, readings)
    return Certified


TestDependenciesMlem = _dependency_class("mlem")
TestDependenciesCelestia = _dependency_class("celestia")
TestDependenciesSevenKnights = _dependency_class("seven-knights")
TestCertifiedMlem = _certified_class("mlem")
TestCertifiedCelestia = _certified_class("celestia")
TestCertifiedSevenKnights = _certified_class("seven-knights")


def test_every_report_names_the_versions_and_readings() -> None:
    from tabletop_referee.conformance.report import render_junit, render_markdown, render_text
    from tabletop_referee.htmlreport import render_html

    game_id = "seven-knights"
    vectors = [v for v in suite(game_id) if not v.doc.get("reading_of")][:3]
    handle = Adapter([game_id], readings={game_id: {"last_question": "required"}}).handle
    adapter = InProcessAdapter(handle)
    hello = adapter.start()
    report = _report_of(game_id, Runner(adapter, game_id).run(vectors), hello, vectors)
    assert report["versions"] == {"suite": "0.2.0", "vector_formats": [2], "protocol": 1, "vocabulary": 1}
    assert report["readings"]["text"] == "last_question=required, every value of its other 10 options"
    for text in (render_text(report), render_markdown(report), render_junit(report), render_html(report)):
        assert "vocabulary" in text and "last_question=required" in text
