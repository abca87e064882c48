"""``referee suite strength`` (issue 26): mutants of the reference engine by clause, judged by
the vectors. The mutants come from the game interface alone; a patch is undone after its run;
a mutant no vector sees is reported as a survivor (and fails the command) unless the
equivalent-mutants file explains it; and a sample of each game's mutants, as CI runs it, leaves
no unexplained survivor."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabletop_referee.cli import main
from tabletop_referee.conformance import strength
from tabletop_referee.conformance.strengthreport import load_committed, markdown
from tabletop_referee.conformance.vectors import default_vector_dir, load_vectors
from tabletop_referee.games import GAMES, load
from tabletop_referee.spec import load_spec

SAMPLE = 6
"""Mutants per game in the sampled run CI makes (the full run: benchmarks/suite_strength.py)."""


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_check_event_kind_and_threshold_has_mutants_with_unique_ids(game_id: str) -> None:
    game = load(game_id)
    mutants = strength.generate(game_id)
    ids = [m.id for m in mutants]
    assert len(ids) == len(set(ids))
    for clause, checks in game.rule_checks().items():
        for kind in ("check-removed", "check-inverted"):
            assert len([i for i in ids if i.startswith(f"{kind}/{clause}/")]) == len(checks)
    for kind in game.event_kinds().values():
        for clause in kind.clauses:
            assert f"event-dropped/{kind.type}/{clause}" in ids
    assert {m.kind for m in mutants} >= {"check-removed", "event-field", "chance-shifted"}
    spec_clauses = set(load_spec(game_id).clause_ids)
    assert {m.clause for m in mutants} <= spec_clauses | {game.probes.chance_clause}
    # every threshold the game lists is a count some module of the game holds
    for constant, clause, _ in strength.thresholds(game):
        assert clause in spec_clauses
        assert any(constant in vars(m) for m in strength._game_modules(game)), constant


def test_a_check_mutant_changes_the_engine_and_is_undone() -> None:
    game = load("celestia")
    m = next(x for x in strength.generate("celestia") if x.id.startswith("check-removed/power.ejection/"))
    fn = strength._resolve(*m.target)
    code = fn.__code__
    vectors = [v for v in load_vectors([default_vector_dir("celestia")], "celestia") if v.id == "celestia-0087"]
    assert vectors[0].doc["expect"]["rejected"]["clause"] == "power.ejection"
    with strength.active("celestia", m):
        assert fn.__code__ is not code
        assert list(fn(None, None)) == []
    assert fn.__code__ is code
    dropped = next(x for x in strength.generate("celestia") if x.kind == "event-dropped")
    with strength.active("celestia", dropped):
        assert game.apply != game.core.apply
    assert game.apply == game.core.apply  # the core's own apply again


@pytest.fixture(scope="module")
def one_vector(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A vector file holding one vector: Ejection never names the captain (power.ejection)."""
    folder = tmp_path_factory.mktemp("vectors")
    vector = next(v for v in load_vectors([default_vector_dir("celestia")], "celestia") if v.id == "celestia-0087")
    source = json.loads(Path(vector.file).read_text(encoding="utf-8"))
    doc = {k: v for k, v in source.items() if k != "vectors"}
    doc["vectors"] = [vector.doc]
    path = folder / "one.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def test_killed_survived_and_explained_mutants(one_vector: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    mutants = strength.generate("celestia")
    caught = next(m for m in mutants if m.id.startswith("check-removed/power.ejection/"))
    unseen = next(m for m in mutants if m.id.startswith("check-removed/lone-player.land-or-roll/"))
    result = strength.run("celestia", mutants=[caught, unseen], vector_paths=[one_vector], equivalent={})
    doc = result.to_json()
    by_id = {m["id"]: m for m in doc["mutants"]}
    assert by_id[caught.id]["status"] == "killed" and by_id[caught.id]["killed_by"] == "celestia-0087"
    assert by_id[unseen.id]["status"] == "survived"
    assert [m.id for m in result.unexplained()] == [unseen.id]
    assert doc["clauses"]["power.ejection"]["killing_vectors"] == ["celestia-0087"]
    assert doc["clauses"]["lone-player.land-or-roll"]["survivors"] == [unseen.id]
    assert unseen.id in markdown(doc)

    # the command fails on the unexplained survivor ...
    listed = tmp_path / "equivalent.yaml"
    listed.write_text("format: 1\nequivalent: []\n", encoding="utf-8")
    base = ["suite", "strength", "--game", "celestia", "--vectors", str(one_vector), "--quiet",
            "--equivalent", str(listed)]
    code = main([*base, "--json", str(tmp_path / "r.json")])
    err = capsys.readouterr().err
    assert code == 1 and "unexplained survivor" in err
    report = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert report["totals"]["survived"] >= 1
    survivors = [m["id"] for m in report["mutants"] if m["status"] == "survived"]
    assert unseen.id in survivors

    # ... passes once every survivor is explained ...
    entries = "".join(f"  - mutant: {json.dumps(s)}\n    verdict: gap\n    reason: not exercised by this one vector\n"
                      for s in survivors)
    listed.write_text("format: 1\nequivalent:\n" + entries, encoding="utf-8")
    assert main(base) == 0
    capsys.readouterr()

    # ... and fails again when an explained mutant is killed (the list is stale)
    listed.write_text("format: 1\nequivalent:\n" + entries + f"  - mutant: {json.dumps(caught.id)}\n"
                      "    verdict: equivalent\n    reason: wrongly listed, a vector kills it\n", encoding="utf-8")
    assert main(base) == 1
    assert "listed as equivalent but a vector kills it" in capsys.readouterr().err


def test_a_bad_equivalent_file_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "eq.yaml"
    bad.write_text("format: 1\nequivalent:\n  - mutant: x\n    reason: no verdict given here\n", encoding="utf-8")
    assert main(["suite", "strength", "--game", "celestia", "--equivalent", str(bad)]) == 2
    err = capsys.readouterr().err
    assert str(bad) in err and "verdict" in err and "Traceback" not in err and err.count("\n") == 1


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_sampled_run_has_no_unexplained_survivor(game_id: str, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["suite", "strength", "--game", game_id, "--sample", str(SAMPLE), "--workers", "2", "--quiet",
                 "--json", "-"])
    out, err = capsys.readouterr()
    doc = json.loads(out)
    assert doc["totals"]["mutants"] == SAMPLE and doc["sampled"] == SAMPLE
    assert code == 0, err
    # the order of the vectors is counted, not timed: a run on two workers on a busy machine
    # names the same killing vector as the committed full run
    committed = {m["id"]: m for m in (load_committed(game_id) or {"mutants": []})["mutants"]}
    for m in doc["mutants"]:
        assert m["id"] in committed, f"{m['id']} is not in spec/{game_id}/strength.json: regenerate it"
        assert (m["status"], m.get("killed_by")) == (committed[m["id"]]["status"], committed[m["id"]].get("killed_by")), (
            f"{m['id']}: a fresh run says {m['status']} by {m.get('killed_by')}, spec/{game_id}/strength.json says "
            f"{committed[m['id']]['status']} by {committed[m['id']].get('killed_by')}: regenerate it "
            f"(`referee suite strength --game {game_id} --workers 2 --json spec/{game_id}/strength.json`)")


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_committed_report_covers_every_mutant(game_id: str) -> None:
    """spec/<game>/strength.json is a full run of the current mutants (regenerate it with the
    command in docs/strength.md when mutants are added)."""
    report = load_committed(game_id)
    assert report is not None and report["sampled"] is None
    assert {m["id"] for m in report["mutants"]} == {m.id for m in strength.generate(game_id)}
    explained = strength.load_equivalent(game_id)
    for m in report["mutants"]:
        assert (m["status"] in ("equivalent", "known-gap")) == (m["id"] in explained), m["id"]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_committed_kill_still_holds(game_id: str) -> None:
    """What CI checks of every mutant (the sampled run above covers the full procedure on a few):
    each killed mutant of the committed full run is still killed by the vector that killed it,
    no mutant is missing from the report and every survivor is still explained. So a change to
    the engine or the vectors that lets a mutant survive fails here, whichever mutant it is."""
    problems = strength.recheck(game_id, load_committed(game_id) or {}, workers=2)
    assert not problems, (f"spec/{game_id}/strength.json no longer holds ({len(problems)}): {problems[:3]}; rerun "
                          f"`referee suite strength --game {game_id} --workers 2 --json spec/{game_id}/strength.json`")


def _smallest_game() -> str:
    """The game whose committed full run has the fewest mutants (the cheapest to recheck)."""
    return min(sorted(GAMES), key=lambda g: len((load_committed(g) or {"mutants": range(10**6)})["mutants"]))


def test_recheck_finds_each_way_a_report_goes_stale() -> None:
    game_id = _smallest_game()
    report = load_committed(game_id)
    assert report is not None
    mutants = [dict(m) for m in report["mutants"]]
    killed = [m for m in mutants if m["status"] == "killed"]
    dropped, kept, gone = killed[0], killed[1], killed[2]
    # an explained survivor outlived every vector: recorded as killed, its "killer" does not kill it
    survivor = next(m for m in mutants if m["status"] == "equivalent")
    survivor.update(status="killed", killed_by=kept["killed_by"])
    gone["killed_by"] = "no-such-vector"
    stale = {**report, "mutants": [m for m in mutants if m is not dropped]}
    problems = strength.recheck(game_id, stale, workers=1, equivalent={})
    assert f"{dropped['id']}: a new mutant, not in the committed report" in problems
    assert f"{survivor['id']}: its killing vector {kept['killed_by']} no longer kills it (survived)" in problems
    assert f"{gone['id']}: its killing vector no-such-vector is gone" in problems
    assert kept["id"] not in " ".join(problems)
    listed = [m for m in mutants if m["status"] in ("equivalent", "known-gap")]
    assert all(any(p.startswith(f"{m['id']}: the report lists it") for p in problems) for m in listed)


def test_recheck_command(capsys: pytest.CaptureFixture[str]) -> None:
    game_id = _smallest_game()
    assert main(["suite", "strength", "--game", game_id, "--recheck"]) == 0
    killed = sum(1 for m in (load_committed(game_id) or {})["mutants"] if m["status"] == "killed")
    assert f"{killed} killed mutants each still killed by its vector" in capsys.readouterr().err
    assert main(["suite", "strength", "--game", game_id, "--recheck", "--sample", "3"]) == 2
    assert "--sample: not with --recheck" in capsys.readouterr().err
