"""``referee conform``: the conformance runner against the reference adapter and a zoo of broken ones.

The zoo lives in tests/adapters/ (one small script per way of getting the protocol wrong); the
vectors are the small hand-made files in tests/fixtures/vectors/ (regenerate.py rebuilds them).
Runs call :func:`tabletop_referee.cli.main` in-process; the adapters are real subprocesses.
Every run's report is validated against schemas/conformance/report.schema.json.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tabletop_referee.cli import main
from tabletop_referee.commands.conform import Progress
from tabletop_referee.paths import display_path
from tabletop_referee.perft import PIN_KEYS
from tabletop_referee.conformance.compare import first_difference, resolve, set_difference
from tabletop_referee.schemas import validation_errors

HERE = Path(__file__).resolve().parent
ADAPTERS = HERE / "adapters"
FIXTURES = HERE / "fixtures" / "vectors"
BASIC = FIXTURES / "basic.json"
ALL_IDS = [v["id"] for f in ("basic.json", "perft.json")
           for v in json.loads((FIXTURES / f).read_text(encoding="utf-8"))["vectors"]]
LAST_LINE = re.compile(r"^(\d+) passed, (\d+) failed, (\d+) skipped$")


def adapter(name: str, *args: str) -> str:
    return shlex.join([sys.executable, str(ADAPTERS / name), *args])


class Outcome:
    def __init__(self, code: int, out: str, err: str, report: dict | None) -> None:
        self.code, self.out, self.err, self.report = code, out, err, report

    @property
    def statuses(self) -> dict[str, str]:
        return {r["id"]: r["status"] for r in self.report["results"]}

    def result(self, vid: str) -> dict:
        return next(r for r in self.report["results"] if r["id"] == vid)

    @property
    def last_line(self) -> str:
        return self.out.rstrip("\n").splitlines()[-1]


def run(capsys, *argv: str) -> tuple[int, str, str]:
    capsys.readouterr()
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse usage errors
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


def conform(capsys, tmp_path: Path, *argv: str, vectors: list[Path] | None = None) -> Outcome:
    """Runs ``referee conform --game mlem`` with a report and checks the invariants of every run."""
    report_path = tmp_path / "report.json"
    report_path.unlink(missing_ok=True)
    vector_args = [a for v in (vectors or [FIXTURES]) for a in ("--vectors", str(v))]
    code, out, err = run(capsys, "conform", "--game", "mlem", *vector_args, "--report", str(report_path), *argv)
    report = None
    if code in (0, 1):
        assert "Traceback" not in err
        report = json.loads(report_path.read_text(encoding="utf-8"))
        assert validation_errors("conformance", "report", report) == []
        lines = out.rstrip("\n").splitlines()
        m = LAST_LINE.match(lines[-1])
        assert m, lines[-1]
        assert [int(x) for x in m.groups()] == [report["summary"][k] for k in ("passed", "failed", "skipped")]
        assert lines[-2].startswith("breakdown:") and "xfail" in lines[-2]
        t = report["totals"]
        assert report["summary"]["failed"] == t["failed"] + t["errored"] + t["timeout"] + t["crashed"] + t["xpass"]
        # the exit code is the verdict: a failure, a run that executed nothing, or a skip inside
        # a claimed profile fails it
        assert code == (0 if report["verdict"]["passed"] else 1)
        if report["summary"]["failed"] or report["verdict"]["executed"] == 0:
            assert code == 1
        assert any(ln.startswith("verdict: ") for ln in lines[-6:])
    return Outcome(code, out, err, report)


def assert_usage_error(outcome: Outcome, *fragments: str) -> str:
    assert outcome.code == 2
    assert "Traceback" not in outcome.err
    lines = outcome.err.strip().splitlines()
    assert len(lines) == 1, outcome.err
    for f in fragments:
        assert f in lines[0], lines[0]
    return lines[0]


# -- the reference adapter ---------------------------------------------------------------------


def test_reference_adapter_passes_every_vector(capsys, tmp_path) -> None:
    junit, md = tmp_path / "junit.xml", tmp_path / "summary.md"
    o = conform(capsys, tmp_path, "--junit", str(junit), "--markdown", str(md))
    assert o.code == 0
    assert o.last_line == f"{len(ALL_IDS)} passed, 0 failed, 0 skipped"
    assert set(o.statuses) == set(ALL_IDS)
    assert o.report["adapter"]["implementation"]["name"] == "tabletop-referee"
    assert o.report["protocol"] == 1 and o.report["suite_version"] == "0.0.0-test"
    assert o.report["adapter"]["restarts"] == 0
    # no absolute machine path in a report: the interpreter relative to the current folder (or its name)
    assert o.report["adapter"]["command"] == [display_path(sys.executable), "-m", "tabletop_referee.cli", "adapter",
                                              "--game", "mlem"]
    assert "transcript" not in o.result("mlem-fx-0001")
    rows = {r["clause"]: r for r in o.report["clauses"]}
    assert rows["travel.whole-group"]["passed"] == rows["travel.whole-group"]["total"] == 2
    root = ET.parse(junit).getroot()
    cases = root.findall("./testsuite/testcase")
    assert len(cases) == len(ALL_IDS)
    assert {c.get("name"): c.get("classname") for c in cases}["mlem-fx-0003"] == "travel.distance"
    assert not root.findall(".//failure") and not root.findall(".//error")
    text = md.read_text(encoding="utf-8")
    assert "## Clauses" in text and f"{len(ALL_IDS)} passed, 0 failed, 0 skipped" in text


# -- the zoo: every way of breaking the protocol -------------------------------------------------


def test_adapter_that_exits_at_start_is_a_usage_error(capsys, tmp_path) -> None:
    o = conform(capsys, tmp_path, "--adapter", adapter("exits_at_start.py"))
    line = assert_usage_error(o, "could not start", "status 3", "libmlem.so")
    assert line.startswith("referee conform: error: adapter ")
    assert not (tmp_path / "report.json").exists()  # nothing ran: no report


@pytest.mark.parametrize(("command", "fragment"), [
    (adapter("wrong_protocol.py"), "speaks protocol 3"),
    ("no-such-adapter-command --flag", "cannot run 'no-such-adapter-command'"),
    ("'unbalanced", "No closing quotation"),
])
def test_adapters_that_cannot_start(capsys, tmp_path, command, fragment) -> None:
    assert_usage_error(conform(capsys, tmp_path, "--adapter", command), fragment)


def test_garbage_on_stdout_is_errored_and_the_adapter_restarted(capsys, tmp_path) -> None:
    o = conform(capsys, tmp_path, "--adapter", adapter("garbage.py"), "--tag", "smoke")
    assert o.statuses == {"mlem-fx-0001": "errored", "mlem-fx-0002": "errored"}
    r = o.result("mlem-fx-0001")
    assert "protocol violation" in r["message"] and "not JSON" in r["message"] and "DEBUG" in r["message"]
    assert o.report["adapter"]["restarts"] == 1
    assert o.last_line == "0 passed, 2 failed, 0 skipped"


def test_wrong_seq_is_a_protocol_violation(capsys, tmp_path) -> None:
    o = conform(capsys, tmp_path, "--adapter", adapter("wrong_seq.py"), "--tag", "smoke")
    assert o.statuses == {"mlem-fx-0001": "errored", "mlem-fx-0002": "errored"}
    assert re.search(r"has seq \d+, not the request's \d+", o.result("mlem-fx-0002")["message"])


@pytest.mark.parametrize("mode", ["same-write", "late", "unsolicited"])
def test_a_duplicated_answer_is_blamed_on_its_own_vector_not_the_next(capsys, tmp_path, mode) -> None:
    # mlem-fx-0001 makes game commands 1 and 2; the second one's answer comes twice (or with a
    # stray line after it): mlem-fx-0001 is at fault, mlem-fx-0002 and the rest are innocent
    o = conform(capsys, tmp_path, "--adapter", adapter("duplicates.py", "2", mode))
    assert o.statuses["mlem-fx-0001"] == "errored"
    assert all(s == "passed" for vid, s in o.statuses.items() if vid != "mlem-fx-0001"), o.statuses
    message = o.result("mlem-fx-0001")["message"]
    assert "answers no request" in message
    if mode == "unsolicited":
        assert "an unsolicited line" in message and "entering apply()" in message
    else:
        assert re.search(r"a second answer to (apply|legal_actions|new_game|scores) \(seq \d+\)", message), message
    assert o.report["adapter"]["restarts"] == 0  # back in step: nothing to restart
    assert o.last_line == f"{len(ALL_IDS) - 1} passed, 1 failed, 0 skipped"


def test_a_second_answer_to_start_is_a_fault_between_vectors(capsys, tmp_path) -> None:
    o = conform(capsys, tmp_path, "--adapter", adapter("duplicates.py", "0", "start"), "--tag", "smoke")
    assert set(o.statuses.values()) == {"passed"}  # no vector is blamed for it
    assert o.code == 1 and not o.report["verdict"]["passed"]
    assert "a second answer to start (seq 0)" in o.report["adapter"]["faults"][0]
    assert "between vectors" in o.report["verdict"]["reasons"][0]
    assert "FAULT (the adapter, between vectors)" in o.out


def test_partial_line_then_hang_times_out_and_the_run_goes_on(capsys, tmp_path) -> None:
    started = time.monotonic()
    o = conform(capsys, tmp_path, "--adapter", adapter("hangs.py"), "--timeout", "1", "--tag", "smoke")
    assert time.monotonic() - started < 20
    assert o.statuses == {"mlem-fx-0001": "timeout", "mlem-fx-0002": "timeout"}
    assert "within 1 s" in o.result("mlem-fx-0001")["message"]
    assert o.code == 1


def test_a_100_mb_line_is_oversized_not_a_hang(capsys, tmp_path) -> None:
    started = time.monotonic()
    o = conform(capsys, tmp_path, "--adapter", adapter("huge_line.py"), "--timeout", "5", "--tag", "smoke")
    assert time.monotonic() - started < 30
    assert o.statuses == {"mlem-fx-0001": "errored", "mlem-fx-0002": "errored"}
    assert "oversized" in o.result("mlem-fx-0001")["message"]
    assert len(json.dumps(o.report)) < 1_000_000  # the line itself is never stored


def test_stderr_flood_does_not_block_the_adapter(capsys, tmp_path) -> None:
    o = conform(capsys, tmp_path, "--adapter", adapter("stderr_flood.py"), "--timeout", "5")
    assert o.code == 0
    assert set(o.statuses.values()) == {"passed"}


def test_crash_on_the_nth_request_restarts_and_later_vectors_pass(capsys, tmp_path) -> None:
    marker = tmp_path / "crashed.marker"
    junit, md = tmp_path / "j.xml", tmp_path / "s.md"
    o = conform(capsys, tmp_path, "--adapter", adapter("crash_nth.py", "3", str(marker)),
                "--junit", str(junit), "--markdown", str(md))
    # mlem-fx-0001 makes requests 1 and 2; request 3 is mlem-fx-0002's first apply
    assert o.statuses["mlem-fx-0002"] == "crashed"
    assert all(s == "passed" for vid, s in o.statuses.items() if vid != "mlem-fx-0002")
    r = o.result("mlem-fx-0002")
    assert "status 7" in r["message"] and "panic: index out of range" in r["stderr_tail"]
    assert r["exit_code"] == 7
    assert r["transcript"][-1]["failure"]["status"] == "crashed"
    assert o.report["adapter"]["restarts"] == 1
    assert o.last_line == f"{len(ALL_IDS) - 1} passed, 1 failed, 0 skipped"
    assert ET.parse(junit).getroot().find(".//testcase[@name='mlem-fx-0002']/error").get("type") == "crashed"
    assert "mlem-fx-0002" in md.read_text(encoding="utf-8")


def test_an_adapter_that_cannot_restart_ends_the_run_cleanly(capsys, tmp_path) -> None:
    o = conform(capsys, tmp_path, "--adapter", adapter("dies_for_good.py", str(tmp_path / "marker")))
    assert set(o.statuses.values()) == {"crashed"} and len(o.statuses) == len(ALL_IDS)
    messages = [r["message"] for r in o.report["results"]]
    assert "status 9" in messages[0]
    assert all(m.startswith("the adapter could not be restarted: ") and "status 5" in m for m in messages[1:4])
    assert all(m.startswith("not run: the adapter could not be restarted (3 attempts") for m in messages[4:])
    assert "address already in use" in o.report["results"][1]["stderr_tail"]


def test_skipped_answers_and_missing_capabilities_are_skips_never_passes(capsys, tmp_path) -> None:
    o = conform(capsys, tmp_path, "--adapter", adapter("skips.py"))
    assert o.code == 1  # a run that executed nothing proves nothing: it fails
    assert o.report["verdict"] == {"passed": False, "executed": 0, "reasons": [
        f"no vector was executed ({len(ALL_IDS)} selected, all skipped): a run without evidence cannot pass"],
        "state": "fail"}
    assert "verdict: FAIL: no vector was executed" in o.out
    assert set(o.statuses.values()) == {"skipped"}
    assert o.last_line == f"0 passed, 0 failed, {len(ALL_IDS)} skipped"
    assert o.result("mlem-fx-0001")["message"] == "the adapter lacks capability events"
    assert o.result("mlem-fx-0007")["message"] == "the adapter lacks capability events"
    assert o.result("mlem-fx-0006")["message"] == "the adapter does not support option dice_selection=single-group"
    assert o.result("mlem-fx-0002")["message"] == "the adapter skipped apply: not implemented yet"
    assert "skipped:" in o.out


def test_error_answers_are_errored(capsys, tmp_path) -> None:
    o = conform(capsys, tmp_path, "--adapter", adapter("errors.py"))
    assert set(o.statuses.values()) == {"errored"}
    assert "(internal): NullPointerException" in o.result("mlem-fx-0003")["message"]
    assert o.report["adapter"]["restarts"] == 0  # a proper error answer needs no restart


def test_wrong_rejection_clause_fails_at_the_clause_pointer(capsys, tmp_path) -> None:
    o = conform(capsys, tmp_path, "--adapter", adapter("wrong_rule.py", "clause"))
    failed = {vid for vid, s in o.statuses.items() if s != "passed"}
    assert failed == {"mlem-fx-0002", "mlem-fx-0006"}
    r = o.result("mlem-fx-0002")
    assert r["status"] == "failed"
    assert r["diff"] == {"pointer": "/rejected/clause", "expected": "turn.actor", "actual": "turn.phase",
                         "message": "expected 'turn.actor', got 'turn.phase'"}
    exchange = r["transcript"][-1]
    assert exchange["request"]["cmd"] == "apply" and exchange["response"]["rejected"]["clause"] == "turn.phase"
    assert "at /rejected/clause: expected \"turn.actor\", got \"turn.phase\"" in o.out


def test_wrong_state_field_fails_at_the_first_differing_pointer(capsys, tmp_path) -> None:
    o = conform(capsys, tmp_path, "--adapter", adapter("wrong_rule.py", "start-space"))
    bad = {vid: o.result(vid)["diff"] for vid, s in o.statuses.items() if s != "passed"}
    assert set(bad) == {"mlem-fx-0001", "mlem-fx-0003", "mlem-fx-0004", "mlem-fx-0007"}
    assert (bad["mlem-fx-0001"]["pointer"], bad["mlem-fx-0001"]["expected"], bad["mlem-fx-0001"]["actual"]) == (
        "/state/rocket/space", 3, 4)
    assert bad["mlem-fx-0003"]["pointer"] == "/state/rocket/space"  # values check of a full-state vector
    assert bad["mlem-fx-0004"]["pointer"] == "/legal_actions/actions" and bad["mlem-fx-0004"]["missing"]
    assert bad["mlem-fx-0007"] == {"pointer": "/state/rocket/space", "expected": 0, "actual": 1,
                                   "message": "expected 0, got 1", "checkpoint": 2}
    assert o.result("mlem-fx-0007")["message"].startswith("checkpoint after 2 step(s): ")


def _one_count_too_many(tmp_path: Path) -> tuple[Path, dict, str]:
    """The fixture perft file with its first vector expecting one node too many below its first
    decision (by canonical text): the file, that vector and that decision's key."""
    doc = json.loads((FIXTURES / "perft.json").read_text(encoding="utf-8"))
    v = doc["vectors"][0]
    key = sorted(v["expect"]["perft"]["divide"])[0]
    v["expect"]["perft"]["divide"][key] += 1
    v["expect"]["perft"]["nodes"] += 1
    path = tmp_path / "perft.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path, v, key


def test_perft_mismatch_names_the_divide_entry(capsys, tmp_path) -> None:
    path, _v, key = _one_count_too_many(tmp_path)
    o = conform(capsys, tmp_path, vectors=[path])
    assert o.statuses == {"mlem-fx-perft-0001": "failed", "mlem-fx-perft-0002": "passed"}
    diff = o.result("mlem-fx-perft-0001")["diff"]
    assert diff["pointer"] == "/perft/divide/" + key.replace("~", "~0").replace("/", "~1")
    assert diff["expected"] == diff["actual"] + 1


def test_perft_pipelined_sends_the_requests_of_a_walk_one_at_a_time(capsys, tmp_path) -> None:
    """To a protocol-2 adapter a perft walk pipelines a node's applies and its children's legal
    actions; the requests are exactly those a version-1 walk sends one at a time, and the
    verdicts the same."""
    sent = {}
    for protocol in ("1", "2"):
        log = tmp_path / f"requests-{protocol}.jsonl"
        o = conform(capsys, tmp_path, "--adapter", adapter("logs_requests.py", protocol, str(log)),
                    vectors=[FIXTURES / "perft.json"])
        assert o.code == 0 and set(o.statuses.values()) == {"passed"}, o.out
        entries = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
        sent[protocol] = entries

    def requests(entries):
        return sorted(json.dumps({k: v for k, v in e["request"].items() if k not in ("seq", "protocol", "protocols")},
                                 sort_keys=True) for e in entries if e["request"]["cmd"] not in ("start", "stop"))
    assert requests(sent["1"]) == requests(sent["2"])
    assert len(requests(sent["1"])) > 30
    assert max(e["together"] for e in sent["1"]) == 1  # version 1: one request at a time
    assert max(e["together"] for e in sent["2"]) > 1  # version 2: several in one read


def test_perft_capability_counts_each_vector_in_one_request(capsys, tmp_path) -> None:
    """An adapter with the capability perft (protocol 2) is asked each perft vector's count in
    one request and is not walked; the report says which vectors passed on its own count."""
    log = tmp_path / "requests.jsonl"
    o = conform(capsys, tmp_path, "--adapter", adapter("logs_requests.py", "2", str(log), "perft"),
                vectors=[FIXTURES / "perft.json"])
    assert o.code == 0 and set(o.statuses.values()) == {"passed"}, o.out
    sent = [json.loads(line)["request"] for line in log.read_text(encoding="utf-8").splitlines()]
    asked = [r for r in sent if r["cmd"] not in ("start", "stop")]
    vectors = json.loads((FIXTURES / "perft.json").read_text(encoding="utf-8"))["vectors"]
    assert [r["cmd"] for r in asked] == ["perft"] * len(vectors)
    for r, v in zip(asked, vectors):
        assert (r["state"], r["depth"]) == (v["state"], v["depth"])
        assert {k: r[k] for k in PIN_KEYS if k in r} == {k: v[k] for k in PIN_KEYS if k in v}
    assert {o.result(v["id"]).get("counted_by") for v in vectors} == {"adapter"}
    assert f"perft: all {len(vectors)} perft vectors passed on the adapter's own count" in o.out


@pytest.mark.parametrize("kind,shown", [("nodes", "/perft/nodes"), ("divide", "/perft/divide/"),
                                        ("rejects", "it rejected the count under 'turn.phase'")])
def test_perft_capability_a_wrong_count_fails_though_the_walk_agrees(capsys, tmp_path, kind, shown) -> None:
    """An adapter whose own count differs from the vector is walked: its legal_actions and apply
    give the vector's counts, so the vector fails on the count, naming what differs."""
    o = conform(capsys, tmp_path, "--adapter", adapter("perft_miscounts.py", kind), vectors=[FIXTURES / "perft.json"])
    assert o.code != 0
    assert set(o.statuses.values()) == {"failed"}, o.statuses
    for vid in o.statuses:
        r = o.result(vid)
        assert "the adapter's answer to perft differs from the walk of its own legal_actions and apply" in r["message"]
        assert shown in r["message"], r["message"]
        assert r["diff"]["pointer"] == "/perft" and set(r["diff"]["expected"]) == {"divide", "nodes"}
        assert ("rejected" in r["diff"]["actual"]) == (kind == "rejects"), r["diff"]
        assert "counted_by" not in r
        assert any(e["request"]["cmd"] == "legal_actions" for e in r["transcript"])  # it was walked


def test_perft_capability_a_count_may_take_longer_than_one_request(capsys, tmp_path) -> None:
    """One count stands for a whole walk: it may take longer than the per-request timeout (up to
    the vector's deadline)."""
    o = conform(capsys, tmp_path, "--timeout", "1", "--adapter", adapter("perft_miscounts.py", "slow"),
                vectors=[FIXTURES / "perft.json"])
    assert o.code == 0 and set(o.statuses.values()) == {"passed"}, o.out
    assert {r.get("counted_by") for r in o.report["results"]} == {"adapter"}


def test_perft_capability_a_wrong_tree_fails_where_the_walk_differs(capsys, tmp_path) -> None:
    """A vector whose count the adapter does not give is walked, and the walk's difference is
    the verdict (the same message and pointer as without the capability)."""
    path, v, _key = _one_count_too_many(tmp_path)
    verdicts = {}
    for perft in ([], ["perft"]):
        o = conform(capsys, tmp_path, "--adapter", adapter("logs_requests.py", "2", str(tmp_path / "log.jsonl"), *perft),
                    vectors=[path])
        r = o.result(v["id"])
        verdicts[bool(perft)] = (r["status"], r["message"], r["diff"]["pointer"])
    assert verdicts[True] == verdicts[False]
    assert verdicts[True][0] == "failed" and verdicts[True][2].startswith("/perft/divide/")


@pytest.mark.parametrize("kind,message", [("land", "though legal_actions listed it"),
                                          ("roll", "was rejected under turn.phase")])
def test_perft_pipelined_reports_a_rejected_listed_action(capsys, tmp_path, kind, message) -> None:
    """A pipelined perft walk that meets a rejection reads every answer in flight before it
    fails the vector: the failure names the action, and the next vectors run clean."""
    shipped = HERE.parent / "vectors" / "mlem" / "perft.json"
    clean = conform(capsys, tmp_path, vectors=[shipped])
    o = conform(capsys, tmp_path, "--adapter", adapter("perft_rejects.py", kind), vectors=[shipped])
    failed = {vid for vid, status in o.statuses.items() if status != "passed"}
    assert failed and failed != set(o.statuses), o.statuses  # some vectors meet the planted bug, some not
    for vid in failed:
        r = o.result(vid)
        assert r["status"] == "failed" and message in r["message"], r
    assert set(clean.statuses.values()) == {"passed"}
    assert not o.report.get("faults"), o.report.get("faults")


def test_perft_pins_token_draws_per_chance_phase(capsys, tmp_path) -> None:
    """Variant perft vectors pin draws per phase: the counts depend on them, and a pinned token
    that is not in the pile is reported at its place in ``draws``."""
    shipped = json.loads((HERE.parent / "vectors" / "mlem" / "perft.json").read_text(encoding="utf-8"))
    v = next(x for x in shipped["vectors"] if x["id"] == "mlem-perft-0006")
    assert v["draws"]["exploration-draw"] and v["requires"]["variants"] == ["exploration", "ufo"]
    other = json.loads(json.dumps(v))
    other["id"] = "mlem-perft-0006-other-draw"
    other["draws"]["exploration-draw"] = ["E03"] + other["draws"]["exploration-draw"][1:]  # E03 is on the board
    missing = json.loads(json.dumps(v))
    missing["id"] = "mlem-perft-0006-no-such-token"
    missing["draws"]["exploration-draw"][0] = "E99"
    path = tmp_path / "perft.json"
    path.write_text(json.dumps({**shipped, "vectors": [v, other, missing]}), encoding="utf-8")
    o = conform(capsys, tmp_path, vectors=[path])
    assert o.statuses["mlem-perft-0006"] == "passed"
    assert o.statuses["mlem-perft-0006-no-such-token"] == "failed"
    assert o.result("mlem-perft-0006-no-such-token")["diff"]["pointer"] == "/perft/draws/exploration-draw/0"
    # a token of the position's board is not in the pile either: the draw is refused by the rules
    assert o.statuses["mlem-perft-0006-other-draw"] == "failed"
    assert "draws.exploration-draw[0]" in o.result("mlem-perft-0006-other-draw")["message"]


def _vector_0007() -> dict:
    return next(v for v in json.loads(BASIC.read_text(encoding="utf-8"))["vectors"] if v["id"] == "mlem-fx-0007")


@pytest.mark.parametrize(("change", "pointer", "fragment"), [
    (lambda v: v["expect"]["events"].append({"type": "moved", "from": 1}), "/events/2", "no event matches"),
    (lambda v: v["expect"]["events_absent"].append({"type": "moved", "faces": ["2"]}), "/events_absent/1",
     "which must not occur"),
    (lambda v: v["expect"]["values"].__setitem__(0, {"pointer": "/actor", "value": 0}), "/actor",
     'expected number 0, got string "chance"'),
    (lambda v: v["checkpoints"][0]["expect"]["legal_actions"]["actions"].pop(), "/legal_actions/actions",
     "1 unexpected"),
])
def test_event_patterns_actor_and_checkpoints(capsys, tmp_path, change, pointer, fragment) -> None:
    v = _vector_0007()
    change(v)
    path = _write_json(tmp_path / "v.json", {"format": 1, "game": "mlem", "vectors": [v]})
    o = conform(capsys, tmp_path, vectors=[path])
    r = o.result("mlem-fx-0007")
    assert r["status"] == "failed" and r["diff"]["pointer"] == pointer and fragment in r["message"]
    assert ("checkpoint" in r["diff"]) is pointer.startswith("/legal")


def test_a_checkpoint_after_the_last_step_is_a_bad_vector_file(capsys, tmp_path) -> None:
    v = _vector_0007()
    v["checkpoints"][1]["after"] = 9
    path = _write_json(tmp_path / "v.json", {"format": 1, "game": "mlem", "vectors": [v]})
    assert_usage_error(conform(capsys, tmp_path, vectors=[path]), "$.vectors[0].checkpoints[1].after")


# -- selection, fail-fast, output files ----------------------------------------------------------


@pytest.mark.parametrize(("filters", "expected"), [
    (["--clause", "travel"], {"mlem-fx-0003", "mlem-fx-0004", "mlem-fx-0006", "mlem-fx-perft-0002"}),
    (["--clause", "travel.whole-group"], {"mlem-fx-0003", "mlem-fx-perft-0002"}),
    (["--clause", "turn", "--clause", "power"], {"mlem-fx-0001", "mlem-fx-0002"}),
    (["--tag", "smoke"], {"mlem-fx-0001", "mlem-fx-0002"}),
    (["--clause", "takeoff"], {"mlem-fx-0007", "mlem-fx-perft-0001"}),
    (["--id", "mlem-fx-perft-*"], {"mlem-fx-perft-0001", "mlem-fx-perft-0002"}),
    (["--clause", "travel", "--tag", "perft"], {"mlem-fx-perft-0002"}),
    (["--id", "mlem-fx-000[12]", "--id", "mlem-fx-0005"], {"mlem-fx-0001", "mlem-fx-0002", "mlem-fx-0005"}),
])
def test_filters(capsys, tmp_path, filters, expected) -> None:
    o = conform(capsys, tmp_path, "--adapter", adapter("skips.py"), *filters)  # a quick adapter: selection only
    assert set(o.statuses) == expected
    assert o.report["selection"]["loaded"] == len(ALL_IDS)


@pytest.mark.parametrize("filters", [["--clause", "trav"], ["--id", "nope-*"], ["--tag", "missing"]])
def test_a_filter_that_selects_nothing_is_a_usage_error(capsys, tmp_path, filters) -> None:
    assert_usage_error(conform(capsys, tmp_path, *filters), "no vector matches", filters[1])


def test_fail_fast_stops_at_the_first_failure(capsys, tmp_path) -> None:
    o = conform(capsys, tmp_path, "--adapter", adapter("wrong_rule.py", "clause"), "--fail-fast")
    assert list(o.statuses.items()) == [("mlem-fx-0001", "passed"), ("mlem-fx-0002", "failed")]
    assert o.report["stopped"] == "fail-fast" and len(o.report["not_run"]) == len(ALL_IDS) - 2
    assert "-x/--exitfirst" in o.out
    assert o.last_line == "1 passed, 1 failed, 0 skipped"


def test_failure_output_has_a_rerun_command_that_reruns_just_that_vector(capsys, tmp_path) -> None:
    o = conform(capsys, tmp_path, "--adapter", adapter("wrong_rule.py", "clause"), "--timeout", "3")
    lines = [ln.strip() for ln in o.out.splitlines() if ln.strip().startswith("rerun: ")]
    assert len(lines) == 2
    argv = shlex.split(lines[0].removeprefix("rerun: "))
    assert argv[:4] == ["referee", "conform", "--game", "mlem"]
    assert argv[argv.index("--adapter") + 1] == adapter("wrong_rule.py", "clause")
    assert argv[-2:] == ["--id", "mlem-fx-0002"]
    assert o.result("mlem-fx-0002")["rerun"] == lines[0].removeprefix("rerun: ")
    again = conform(capsys, tmp_path, *argv[2:])  # the same command, in-process
    assert again.statuses == {"mlem-fx-0002": "failed"}


def test_an_interrupted_run_keeps_what_it_has() -> None:
    from tabletop_referee.conformance.client import AdapterProcess, default_command
    from tabletop_referee.conformance.runner import Runner
    from tabletop_referee.conformance.vectors import load_vectors

    def interrupt(result, done, total):
        if done == 2:
            raise KeyboardInterrupt

    with AdapterProcess(default_command("mlem"), timeout=5) as process:
        process.start()
        run_ = Runner(process, "mlem", on_result=interrupt).run(load_vectors([BASIC], "mlem"))
    assert run_.stopped == "interrupted"
    assert [r.status for r in run_.results] == ["passed", "passed"]
    assert len(run_.not_run) == len(load_vectors([BASIC], "mlem")) - 2


def test_only_the_process_adapter_tracks_stray_lines() -> None:
    """The runner blames strays (a second answer, an unsolicited line) through the optional
    StrayTracking capability; only the pipe transport has stray lines to tell."""
    from tabletop_referee.conformance.client import AdapterProcess, StrayTracking, default_command
    from tabletop_referee.conformance.http import HttpAdapter
    from tabletop_referee.conformance.inprocess import InProcessAdapter

    process = AdapterProcess(default_command("mlem"))  # not started: nothing runs
    assert isinstance(process, StrayTracking) and process.next_seq == 0
    assert not isinstance(HttpAdapter("http://127.0.0.1:9/"), StrayTracking)
    assert not isinstance(InProcessAdapter(lambda request: request), StrayTracking)


def test_output_folder_must_exist_before_anything_runs(capsys, tmp_path) -> None:
    o = conform(capsys, tmp_path, "--junit", str(tmp_path / "missing" / "j.xml"))
    assert_usage_error(o, "--junit", "does not exist")


def test_progress_bar_only_on_a_terminal(monkeypatch) -> None:
    monkeypatch.setenv("REFEREE_PLAIN_PROGRESS", "1")  # our own bar (rich's: tests/test_frontdoor.py)

    class Stream:
        def __init__(self, tty: bool) -> None:
            self.tty, self.text = tty, ""

        def isatty(self) -> bool:
            return self.tty

        def write(self, s: str) -> None:
            self.text += s

        def flush(self) -> None:
            pass

    class R:
        status = "failed"

        class vector:
            id = "mlem-0001"

    for tty in (True, False):
        stream = Stream(tty)
        bar = Progress(stream)
        bar(R, 1, 4)
        bar.close()
        assert ("[#######" in stream.text and "1/4" in stream.text and "1 failing" in stream.text) is tty


# -- bad input files -------------------------------------------------------------------------


def _write_json(path: Path, doc) -> Path:
    path.write_text(json.dumps(doc) if not isinstance(doc, str) else doc, encoding="utf-8")
    return path


def _basic() -> dict:
    return json.loads(BASIC.read_text(encoding="utf-8"))


def test_invalid_vector_file_names_file_and_json_path(capsys, tmp_path) -> None:
    doc = _basic()
    doc["vectors"][2]["clauses"] = ["Travel Distance"]
    path = _write_json(tmp_path / "bad.json", doc)
    assert_usage_error(conform(capsys, tmp_path, vectors=[path]), str(path), "$.vectors[2].clauses[0]")


@pytest.mark.parametrize(("content", "fragments"), [
    ("{\"format\": 1,", ["line 1 column", "not JSON"]),
    ({"format": 1, "game": "chess", "vectors": []}, ["$.game", "'chess'"]),
    ({"format": 3, "game": "mlem", "vectors": []}, ["$.format"]),
])
def test_unreadable_vector_files(capsys, tmp_path, content, fragments) -> None:
    path = _write_json(tmp_path / "v.json", content)
    assert_usage_error(conform(capsys, tmp_path, vectors=[path]), str(path), *fragments)


def test_rejected_step_must_exist(capsys, tmp_path) -> None:
    doc = _basic()
    doc["vectors"][1]["expect"]["rejected"]["step"] = 5
    path = _write_json(tmp_path / "v.json", doc)
    assert_usage_error(conform(capsys, tmp_path, vectors=[path]), "$.vectors[1].expect.rejected.step")


def test_duplicate_ids_across_files(capsys, tmp_path) -> None:
    copy = _write_json(tmp_path / "copy.json", _basic())
    assert_usage_error(conform(capsys, tmp_path, vectors=[BASIC, copy]), "duplicate id 'mlem-fx-0001'")


def test_missing_vector_path(capsys, tmp_path) -> None:
    assert_usage_error(conform(capsys, tmp_path, vectors=[tmp_path / "nowhere"]), "no such file or folder")


# -- variants and observations -------------------------------------------------------------------


def _vector(vid: str) -> dict:
    return next(v for v in _basic()["vectors"] if v["id"] == vid)


def _one_vector_file(tmp_path: Path, v: dict) -> Path:
    return _write_json(tmp_path / "v.json", {"format": 1, "game": "mlem", "vectors": [v]})


def test_a_vector_needing_a_variant_the_adapter_lacks_is_skipped_naming_it(capsys, tmp_path) -> None:
    v = _vector("mlem-fx-0005")
    v["requires"] = {"capabilities": [], "options": {"ufo_encounter": "exact"}, "variants": ["ufo"]}
    path = _one_vector_file(tmp_path, v)
    o = conform(capsys, tmp_path, "--adapter", adapter("skips.py"), vectors=[path])  # variants: []
    assert o.statuses == {"mlem-fx-0005": "skipped"}
    # the variant is named, not its option: without the variant its options mean nothing
    assert o.result("mlem-fx-0005")["message"] == "the adapter does not support variant ufo"
    assert o.last_line == "0 passed, 0 failed, 1 skipped"


def test_the_variants_a_state_turns_on_are_needed_even_if_requires_forgets_them(capsys, tmp_path) -> None:
    from tabletop_referee.games import load

    game = load("mlem")  # a real state with the variants on (a hand-edited one is a vector error now)
    v = _vector("mlem-fx-0005")
    v["state"] = game.state_to_json(game.initial_state(game.setup_from_json(
        {"players": 2, "start_player": 0, "options": {"variants": ["missions", "ufo"]}})))
    v["steps"], v["expect"] = [], {"values": [{"pointer": "/state/expedition", "value": 1}]}
    assert "variants" not in v.get("requires", {})
    o = conform(capsys, tmp_path, "--adapter", adapter("skips.py"), vectors=[_one_vector_file(tmp_path, v)])
    assert o.result("mlem-fx-0005")["message"] == "the adapter does not support variants missions, ufo"


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed")
def test_the_javascript_example_declares_the_variants_and_runs_variant_vectors(capsys, tmp_path) -> None:
    """The JS example implements the variants (a variant vector the adapter does not announce
    is skipped: see the skips.py tests above)."""
    js = shlex.join(["node", str(HERE.parent / "examples" / "js" / "adapter.js")])
    v = _vector("mlem-fx-0005")
    v["requires"] = {"capabilities": [], "options": {"ufo_encounter": "exact"}, "variants": ["exploration", "ufo"]}
    o = conform(capsys, tmp_path, "--adapter", js, vectors=[_one_vector_file(tmp_path, v)])
    assert o.report["adapter"]["implementation"]["games"]["mlem"]["variants"] == ["exploration", "missions", "ufo"]
    assert "observations" in o.report["adapter"]["capabilities"]
    assert o.statuses == {"mlem-fx-0005": "passed"}


def test_the_reference_adapter_runs_variant_and_variant_option_vectors(capsys, tmp_path) -> None:
    v = _vector("mlem-fx-0005")
    v["requires"] = {"capabilities": [], "options": {"ufo_encounter": "exact", "dice_reuse_cap": "six"},
                     "variants": ["exploration", "ufo"]}
    o = conform(capsys, tmp_path, vectors=[_one_vector_file(tmp_path, v)])
    assert o.statuses == {"mlem-fx-0005": "passed"}
    games = o.report["adapter"]["implementation"]["games"]["mlem"]
    assert games["variants"] == ["exploration", "missions", "ufo"]
    assert games["options"]["ufo_encounter"] == ["reach", "exact"]
    assert games["options"]["arrivals_exhausted"] == ["reshuffle", "none"]
    assert "observations" in o.report["adapter"]["capabilities"]


def _observation_vector(*values: dict) -> dict:
    v = _vector("mlem-fx-0005")
    v["expect"] = {"values": list(values)}
    return v


def test_observation_pointers_read_the_observe_answer(capsys, tmp_path) -> None:
    v = _observation_vector({"pointer": "/observations/1/observer", "value": 1},
                            {"pointer": "/observations/0/observer", "value": 0},
                            {"pointer": "/observations/1/rocket/space", "value": 0},
                            {"pointer": "/state/rocket/space", "value": 0})
    o = conform(capsys, tmp_path, vectors=[_one_vector_file(tmp_path, v)])
    assert o.statuses == {"mlem-fx-0005": "passed"}


def test_observation_pointers_need_the_capability(capsys, tmp_path) -> None:
    v = _observation_vector({"pointer": "/observations/1/observer", "value": 1})
    o = conform(capsys, tmp_path, "--adapter", adapter("skips.py"), vectors=[_one_vector_file(tmp_path, v)])
    assert o.result("mlem-fx-0005")["message"] == "the adapter lacks capability observations"


def test_a_wrong_observation_fails_at_the_observation_pointer(capsys, tmp_path) -> None:
    v = _observation_vector({"pointer": "/observations/1/observer", "value": 1},
                            {"pointer": "/observations/1/rocket/space", "value": 5})
    o = conform(capsys, tmp_path, vectors=[_one_vector_file(tmp_path, v)])
    r = o.result("mlem-fx-0005")
    assert r["status"] == "failed"
    assert r["diff"] == {"pointer": "/observations/1/rocket/space", "expected": 5, "actual": 0,
                         "message": "expected 5, got 0"}
    assert r["message"] == "value at /observations/1/rocket/space (player 1's observation): expected 5, got 0"
    observes = [x for x in r["transcript"] if x["request"]["cmd"] == "observe"]
    assert [x["request"]["player"] for x in observes] == [1]  # once per player per check
    assert "at /observations/1/rocket/space" in o.out


def test_an_observation_pointer_must_name_a_player(capsys, tmp_path) -> None:
    v = _observation_vector({"pointer": "/observations/first/observer", "value": 1})
    assert_usage_error(conform(capsys, tmp_path, vectors=[_one_vector_file(tmp_path, v)]),
                       "$.vectors[0].expect.values[0].pointer")


def test_build_vector_requires_variants_only_when_a_variant_is_on() -> None:
    from tabletop_referee.vectors import build_vector

    base = _vector("mlem-fx-0005")
    common = dict(vector_id="mlem-9999", description="d", clauses=["turn.phase"], tags=[], source="s",
                  steps=[], result={"state": base["state"], "observations": {"1": {"observer": 1}}},
                  legal_actions=None, events=[], events_absent=[], rejected=None, capabilities=[])
    plain = build_vector(state=base["state"], pointers=["/state/phase"], options={}, **common)
    assert plain["requires"] == {"capabilities": [], "options": {}}  # base-game vectors do not change
    ufo = dict(base["state"], options={**base["state"]["options"], "variants": ["ufo"], "ufo_encounter": "exact"})
    v = build_vector(state=ufo, pointers=["/observations/1/observer"],
                     options={"variants": ["ufo"], "ufo_encounter": "exact"}, **common)
    assert v["requires"] == {"capabilities": ["observations"], "options": {"ufo_encounter": "exact"},
                             "variants": ["ufo"]}
    assert build_vector(state=ufo, pointers=[], options={}, **common)["requires"]["variants"] == ["ufo"]
    assert validation_errors("vectors", "vector-file", {"format": 1, "game": "mlem", "vectors": [v]}) == []


# -- expectations ------------------------------------------------------------------------------


def _expect(tmp_path: Path, *entries: dict) -> str:
    return str(_write_json(tmp_path / "expect.json", {"format": 1, "entries": list(entries)}))


def test_expectations_skip_does_not_run(capsys, tmp_path) -> None:
    exp = _expect(tmp_path, {"id": "mlem-fx-perft-*", "status": "skip", "reason": "too slow for CI"})
    o = conform(capsys, tmp_path, "--expect", exp)
    assert o.statuses["mlem-fx-perft-0001"] == o.statuses["mlem-fx-perft-0002"] == "skipped"
    r = o.result("mlem-fx-perft-0001")
    assert r["message"] == "expectations: too slow for CI" and r["expectation"]["status"] == "skip"
    assert r["seconds"] == 0
    assert o.code == 0 and o.last_line == f"{len(ALL_IDS) - 2} passed, 0 failed, 2 skipped"


def test_xfail_turns_known_failures_into_a_green_run(capsys, tmp_path) -> None:
    exp = _expect(tmp_path, {"id": "mlem-fx-0002", "status": "xfail", "reason": "issue 7"},
                  {"id": "mlem-fx-0006", "status": "xfail", "reason": "issue 7",
                   "issue_url": "https://example.org/issues/7"})
    o = conform(capsys, tmp_path, "--adapter", adapter("wrong_rule.py", "clause"), "--expect", exp)
    assert o.code == 0
    assert o.statuses["mlem-fx-0002"] == o.statuses["mlem-fx-0006"] == "xfail"
    assert o.result("mlem-fx-0002")["underlying"] == "failed"
    assert o.last_line == f"{len(ALL_IDS) - 2} passed, 0 failed, 0 skipped"
    assert "2 xfail" in o.out.splitlines()[-2]


def test_xpass_fails_the_run(capsys, tmp_path) -> None:
    exp = _expect(tmp_path, {"id": "mlem-fx-0001", "status": "xfail", "reason": "was broken once"})
    o = conform(capsys, tmp_path, "--adapter", adapter("wrong_rule.py", "clause"), "--expect", exp, "--tag", "smoke")
    assert o.statuses == {"mlem-fx-0001": "xpass", "mlem-fx-0002": "failed"}
    assert "expected to fail (was broken once) but passed" in o.result("mlem-fx-0001")["message"]
    assert o.code == 1 and o.last_line == "0 passed, 2 failed, 0 skipped"
    assert "XPASS mlem-fx-0001" in o.out


def test_first_matching_entry_wins_and_stale_entries_are_reported(capsys, tmp_path) -> None:
    exp = _expect(tmp_path, {"id": "mlem-fx-0001", "status": "skip", "reason": "first"},
                  {"id": "mlem-fx-*", "status": "xfail", "reason": "second"},
                  {"id": "mlem-9999", "status": "skip", "reason": "gone"})
    o = conform(capsys, tmp_path, "--expect", exp, "--tag", "smoke")
    assert o.statuses == {"mlem-fx-0001": "skipped", "mlem-fx-0002": "xpass"}
    assert [e["id"] for e in o.report["expectations"]["unused"]] == ["mlem-9999"]
    assert "stale?" in o.out and "mlem-9999" in o.out


@pytest.mark.parametrize(("entries", "fragment"), [
    ([{"id": "x", "status": "maybe", "reason": "r"}], "$.entries[0].status"),
    ([{"id": "x", "status": "skip"}], "'reason' is a required property"),
    ([{"id": "x", "status": "skip", "reason": "r", "stauts": 1}], "$.entries[0]"),
])
def test_invalid_expectations_file(capsys, tmp_path, entries, fragment) -> None:
    exp = _expect(tmp_path, *entries)
    assert_usage_error(conform(capsys, tmp_path, "--expect", exp), exp, fragment)


def test_write_expect_round_trip(capsys, tmp_path) -> None:
    written = tmp_path / "known.json"
    wrong = adapter("wrong_rule.py", "start-space")
    first = conform(capsys, tmp_path, "--adapter", wrong, "--write-expect", str(written))
    assert first.code == 1
    doc = json.loads(written.read_text(encoding="utf-8"))
    assert validation_errors("conformance", "expectations", doc) == []
    failing = ["mlem-fx-0001", "mlem-fx-0003", "mlem-fx-0004", "mlem-fx-0007"]
    assert sorted(e["id"] for e in doc["entries"]) == failing
    assert all(e["status"] == "xfail" and e["reason"].startswith("failed: ") for e in doc["entries"])
    second = conform(capsys, tmp_path, "--adapter", wrong, "--expect", str(written))
    assert second.code == 0
    assert sorted(vid for vid, s in second.statuses.items() if s == "xfail") == failing
    # the same file from the saved report
    report_path = tmp_path / "first.json"
    report_path.write_text(json.dumps(first.report), encoding="utf-8")
    out_path = tmp_path / "from-report.json"
    code, _, err = run(capsys, "conform-expect", str(report_path), "-o", str(out_path))
    assert code == 0, err
    assert json.loads(out_path.read_text(encoding="utf-8")) == doc
    # fixed bugs leave the list: against the reference adapter every entry is xpass
    third = conform(capsys, tmp_path, "--expect", str(written))
    assert third.code == 1 and third.report["totals"]["xpass"] == len(failing)


def test_conform_expect_rejects_a_file_that_is_not_a_report(capsys, tmp_path) -> None:
    path = _write_json(tmp_path / "r.json", {"format": 1, "results": []})
    code, _, err = run(capsys, "conform-expect", str(path))
    assert_usage_error(Outcome(code, "", err, None), "not a conformance report")


# -- smoke -----------------------------------------------------------------------------------


def test_smoke_passes_for_the_reference_adapter(capsys) -> None:
    code, out, err = run(capsys, "conform", "smoke", "--game", "mlem")
    assert code == 0, out + err
    assert out.splitlines()[-2:] == ["8 passed, 0 failed, 0 skipped", "next: referee conform --game mlem"]
    assert "8 embark actions for player 0" in out
    assert re.search(r"ok\s+observe\s+each of the 2 players observes the whole state plus observer", out)
    assert re.search(r"ok\s+perft\s+64 nodes 2 decisions deep from a new game's first decision, 8 first decisions", out)


@pytest.mark.parametrize("kind,shown", [("nodes", "/perft/nodes"), ("divide", "/perft/divide/"),
                                        ("rejects", "the adapter refused to count under turn.phase")])
def test_smoke_checks_the_count_of_an_adapter_with_the_perft_capability(capsys, kind, shown) -> None:
    code, out, _ = run(capsys, "conform", "smoke", "--game", "mlem", "--adapter", adapter("perft_miscounts.py", kind))
    assert code == 1
    line = next(ln for ln in out.splitlines() if re.match(r"\s*FAIL\s+perft", ln))
    assert shown in line, line
    assert out.splitlines()[-1] == "7 passed, 1 failed, 0 skipped"
    code, out, _ = run(capsys, "conform", "smoke", "--game", "mlem", "--adapter",
                       adapter("logs_requests.py", "2", os.devnull))  # no capability perft: no check
    assert code == 0 and not re.search(r"^\s*\S+\s+perft", out, re.M), out


def test_smoke_tells_a_miswired_adapter_what_is_wrong(capsys) -> None:
    code, out, _ = run(capsys, "conform", "--smoke", "--game", "mlem", "--adapter", adapter("miswired.py"))
    assert code == 1
    assert re.search(r"FAIL\s+new_game\s+the answer has no state object \(keys: game_state, seq\)", out)
    assert re.search(r"FAIL\s+legal_actions\s+the answer has no actions list \(keys: actor, moves, seq\)", out)
    assert re.search(r"ok\s+apply", out) and re.search(r"ok\s+stop", out)
    assert re.search(r"ok\s+observe\s+.*on the reference engine's initial state", out)
    assert out.splitlines()[-1] == "5 passed, 2 failed, 0 skipped"


def test_smoke_reports_an_adapter_that_dies_at_start(capsys) -> None:
    code, out, _ = run(capsys, "conform", "smoke", "--game", "mlem", "--adapter", adapter("exits_at_start.py"))
    assert code == 1
    assert re.search(r"FAIL\s+start\s+the adapter exited with status 3 before answering start; stderr: fatal", out)
    assert out.splitlines()[-1] == "0 passed, 1 failed, 5 skipped"


# -- comparison helpers ----------------------------------------------------------------------


def test_first_difference_walks_keys_sorted_and_arrays_by_index() -> None:
    assert first_difference({"b": 1, "a": [1, 2]}, {"a": [1, 2], "b": 1.0}) is None
    assert first_difference({"b": 1, "a": [1, 2]}, {"b": 2, "a": [1]}).pointer == "/a/1"
    assert first_difference(True, 1).message == "expected boolean true, got number 1"
    assert first_difference({"a/b": {"~": 1}}, {"a/b": {"~": 2}}).pointer == "/a~1b/~0"
    assert first_difference({}, {"x": None}).message == "unexpected member (got null)"
    assert resolve({"a": [{"b": 5}]}, "/a/0/b") == 5
    diff = set_difference([{"t": 1}, {"t": 2}], [{"t": 2}, {"t": 3}, {"t": 3}], "/legal_actions/actions")
    assert diff.extra["missing"] == [{"t": 1}] and diff.extra["unexpected"] == [{"t": 3}]
    assert diff.extra["duplicates"] == [{"t": 3}]


# -- profiles and the verdict (docs/conformance.md) ---------------------------------------------


def test_a_skip_inside_a_claimed_profile_fails_the_run(capsys, tmp_path) -> None:
    o = conform(capsys, tmp_path, "--adapter", adapter("claims.py", "base,options", "defaults-only"))
    assert o.code == 1
    assert o.statuses["mlem-fx-0006"] == "skipped" and o.report["summary"]["failed"] == 0
    verdicts = {v["profile"]: v for v in o.report["profiles"]["verdicts"]}
    assert verdicts["base"]["conformant"] and verdicts["base"]["passed"] == 6
    assert not verdicts["options"]["conformant"] and verdicts["options"]["skipped"] == ["mlem-fx-0006"]
    assert "1 vector(s) of claimed profile options skipped (first: mlem-fx-0006)" in o.report["verdict"]["reasons"][0]
    assert "  options  NOT conformant: 0/1 passed; 1 skipped" in o.out
    junit = tmp_path / "j.xml"
    conform(capsys, tmp_path, "--adapter", adapter("claims.py", "base,options", "defaults-only"), "--junit", str(junit))
    assert 'type="skipped-in-claimed-profile"' in junit.read_text(encoding="utf-8")


def test_an_expectations_entry_with_a_reason_excuses_a_skip_in_a_claimed_profile(capsys, tmp_path) -> None:
    exp = tmp_path / "known.json"
    exp.write_text(json.dumps({"format": 1, "entries": [
        {"id": "mlem-fx-0006", "status": "skip", "reason": "single-group selection not implemented"}]}))
    o = conform(capsys, tmp_path, "--adapter", adapter("claims.py", "base,options", "defaults-only"),
                "--expect", str(exp))
    assert o.code == 0 and o.report["verdict"]["passed"]
    options = next(v for v in o.report["profiles"]["verdicts"] if v["profile"] == "options")
    assert not options["conformant"] and options["listed_skips"] == ["mlem-fx-0006"]  # honest: not conformant


def test_skips_outside_the_claimed_profiles_do_not_count(capsys, tmp_path) -> None:
    o = conform(capsys, tmp_path, "--adapter", adapter("claims.py", "base", "defaults-only"))
    assert o.code == 0
    assert o.report["profiles"]["claimed"] == ["base"]
    [base] = o.report["profiles"]["verdicts"]
    assert base["conformant"] and base["passed"] == base["vectors"] == 6
    assert "  base  conformant: 6/6 passed" in o.out
    assert o.result("mlem-fx-0006")["profiles"] == ["base", "options"]
    assert o.result("mlem-fx-perft-0001")["profiles"] == ["base", "perft"]


def test_an_unknown_claimed_profile_fails_the_run(capsys, tmp_path) -> None:
    o = conform(capsys, tmp_path, "--adapter", adapter("claims.py", "base,teleportation"))
    assert o.code == 1
    assert "the adapter claims an unknown profile 'teleportation'" in o.report["verdict"]["reasons"]


def test_an_adapter_that_claims_nothing_keeps_the_protocol_1_behaviour(capsys, tmp_path) -> None:
    o = conform(capsys, tmp_path, "--adapter", adapter("skips.py"), "--id", "mlem-fx-0001", "--id", "mlem-fx-0006")
    assert o.report["profiles"]["claimed"] is None and o.report["profiles"]["verdicts"] == []
    assert "profiles: the adapter claims none" in o.out


def test_the_reference_adapter_claims_every_profile_and_is_conformant(capsys, tmp_path) -> None:
    o = conform(capsys, tmp_path)
    from tabletop_referee.games import load

    assert o.report["profiles"]["claimed"] == list(load("mlem").probes.conformance_profiles())
    assert o.code == 0 and o.report["verdict"]["passed"]


# -- the standard-board vectors: full checks, refusals, the adapter's own board ------------------

STANDARD = HERE.parent / "vectors" / "mlem" / "standard.json"


def test_an_adapter_that_knows_only_the_standard_board_gets_a_verdict_from_real_vectors(capsys, tmp_path) -> None:
    o = conform(capsys, tmp_path, "--adapter", adapter("claims.py", "base", "defaults-only"), vectors=[STANDARD])
    assert o.code == 0
    [base] = o.report["profiles"]["verdicts"]
    assert base["conformant"] and base["passed"] == base["vectors"] >= 45
    clauses = {c for r in o.report["results"] if r["status"] == "passed" for c in r["clauses"]}
    assert len(clauses) >= 25


@pytest.mark.parametrize(("bug", "pointer"), [
    (["drops-event", "rolled"], "/event_list"),
    (["drops-event", "passed-over"], "/event_list"),
    (["keeps-roll"], None),
])
def test_the_standard_board_vectors_check_every_event_and_the_whole_state(capsys, tmp_path, bug, pointer) -> None:
    o = conform(capsys, tmp_path, "--adapter", adapter("lenient.py", *bug), vectors=[STANDARD])
    assert o.code == 1
    failed = [r for r in o.report["results"] if r["status"] == "failed"]
    if pointer:
        assert failed and any(r["diff"]["pointer"].startswith(pointer) for r in failed)
    else:  # the reference's own schema refuses the stale roll in the next request: errored
        assert sum(r["status"] in ("failed", "errored") for r in o.report["results"]) >= 10


def test_input_the_adapter_cannot_read_must_be_an_invalid_input_error(capsys, tmp_path) -> None:
    o = conform(capsys, tmp_path, "--adapter", adapter("lenient.py", "rejects-garbage"), "--tag", "invalid-input",
                vectors=[STANDARD])
    assert o.code == 1 and set(o.statuses.values()) == {"failed"} and len(o.statuses) >= 10
    r = next(iter(o.report["results"]))
    assert r["diff"]["pointer"] == "/invalid_input" and "expected an error of kind invalid-input" in r["message"]
    again = conform(capsys, tmp_path, "--tag", "invalid-input", "--tag", "refusal", vectors=[STANDARD])
    assert again.code == 0 and set(again.statuses.values()) == {"passed"}


def test_an_adapter_with_its_own_board_has_only_the_vectors_that_depend_on_a_differing_field_skipped(
        capsys, tmp_path) -> None:
    o = conform(capsys, tmp_path, "--adapter", adapter("claims.py", "base", "board:/spaces/10/moons=[6,4]"),
                vectors=[STANDARD])
    assert o.code == 0  # the suite's value is provisional: these skips are not held against base
    skipped = [r for r in o.report["results"] if r["status"] == "skipped"]
    assert skipped and all(r["excused"] == "board" for r in skipped)
    assert all("provisional:/spaces/10/moons" in r["tags"] for r in skipped)
    assert skipped[0]["message"].startswith("the adapter's board differs at /spaces/10/moons (suite: [5,4], adapter: [6,4])")
    ran = [r for r in o.report["results"] if r["status"] == "passed"]
    assert len(ran) > len(skipped)
    [base] = o.report["profiles"]["verdicts"]
    assert base["conformant"] and base["not_applicable"] == [r["id"] for r in skipped if r["profiles"] == ["base"]]


def test_chance_vectors_check_the_probability_of_each_outcome(capsys, tmp_path) -> None:
    good = conform(capsys, tmp_path, "--tag", "chance", vectors=[STANDARD])
    assert good.code == 0 and len(good.statuses) >= 5 and set(good.statuses.values()) == {"passed"}
    assert all(r["profiles"] == ["base", "chance"] for r in good.report["results"])
    bad = conform(capsys, tmp_path, "--adapter", adapter("lenient.py", "wrong-odds"), "--tag", "chance", vectors=[STANDARD])
    assert bad.code == 1
    failed = [r for r in bad.report["results"] if r["status"] == "failed"]
    assert failed and all(r["diff"]["pointer"].startswith("/chance/") for r in failed)


# -- the profiles of the other games ----------------------------------------------------------

GAME_PROFILE_FILES = {
    "celestia": ["components.json", "observation.json", "perft.json", "end.json", "standard.json"],
    "seven-knights": ["modes.json", "observation.json", "perft.json", "question.json", "standard.json"],
}


def _game_conform(capsys, tmp_path: Path, game: str, *argv: str) -> tuple[int, str, dict]:
    report_path = tmp_path / f"{game}.json"
    report_path.unlink(missing_ok=True)
    files = [a for f in GAME_PROFILE_FILES[game] for a in ("--vectors", str(HERE.parent / "vectors" / game / f))]
    code, out, err = run(capsys, "conform", "--game", game, *files, "--report", str(report_path), *argv)
    assert "Traceback" not in err and code in (0, 1), err
    report = json.loads(report_path.read_text(encoding="utf-8"))
    assert validation_errors("conformance", "report", report) == []
    assert code == (0 if report["verdict"]["passed"] else 1)
    return code, out, report


@pytest.mark.parametrize(("game", "own"), [
    ("celestia", ["game-types", "components", "options", "observations", "perft", "chance"]),
    ("seven-knights", ["modes", "options", "observations", "perft", "chance"]),
])
def test_celestia_and_seven_knights_name_their_own_profiles_and_get_a_verdict_for_each(capsys, tmp_path, game, own) -> None:
    from tabletop_referee.games import load

    known = load(game).probes.conformance_profiles()
    assert list(known) == ["base", *own]
    # the reference adapter claims them all: one verdict per profile, each from vectors that ran
    code, out, report = _game_conform(capsys, tmp_path, game)
    assert code == 0 and report["profiles"]["claimed"] == list(known)
    verdicts = {v["profile"]: v for v in report["profiles"]["verdicts"]}
    assert list(verdicts) == list(known)
    for name, v in verdicts.items():
        assert v["conformant"] and v["passed"] == v["vectors"] > 0, (name, v)
        assert f"  {name:<{max(map(len, known))}}  conformant: {v['passed']}/{v['vectors']} passed" in out
    results = {r["id"]: r for r in report["results"]}
    assert all(set(r["profiles"]) <= set(known) for r in results.values())

    # announcing only the default of every option while claiming every profile: the vectors of
    # the other readings are not applicable (excused: reading), so the options profile is mostly
    # untested, and that fails the run though nothing failed
    adapter_cmd = shlex.join([sys.executable, str(ADAPTERS / "claims_game.py"), game, ",".join(known), "defaults-only"])
    code, out, report = _game_conform(capsys, tmp_path, game, "--adapter", adapter_cmd)
    assert code == 1 and report["summary"]["failed"] == 0 and report["summary"]["skipped"] > 0
    verdicts = {v["profile"]: v for v in report["profiles"]["verdicts"]}
    excused = {r["id"] for r in report["results"] if r.get("excused") == "reading"}
    assert excused and all("a reading the adapter does not follow" in r["message"]
                           for r in report["results"] if r["id"] in excused)
    assert verdicts["base"]["conformant"]
    assert not verdicts["options"]["conformant"] and "hold under no reading" in verdicts["options"]["why"]
    assert any("claimed profile options" in r and "hold under no reading" in r for r in report["verdict"]["reasons"])
    assert "verdict: FAIL" in out


def test_a_report_names_its_vector_set_so_two_reports_say_whether_they_ran_the_same_suite(capsys, tmp_path) -> None:
    first = conform(capsys, tmp_path, "--id", "mlem-fx-0001")
    digest = first.report["selection"]["vectors_sha256"]
    assert len(digest) == 64
    # the same files and another selection: the same set
    assert conform(capsys, tmp_path).report["selection"]["vectors_sha256"] == digest
    # the same vectors written another way (indented, keys sorted): the same set
    same, edited = tmp_path / "same", tmp_path / "edited"
    same.mkdir()
    edited.mkdir()
    for f in sorted(FIXTURES.glob("*.json")):
        doc = json.loads(f.read_text(encoding="utf-8"))
        (same / f.name).write_text(json.dumps(doc, indent=3, sort_keys=True), encoding="utf-8")
        if f.name == "basic.json":
            doc["vectors"][0]["description"] += " (edited)"
        (edited / f.name).write_text(json.dumps(doc), encoding="utf-8")
    assert conform(capsys, tmp_path, vectors=[same]).report["selection"]["vectors_sha256"] == digest
    # one vector changed: another set
    other = conform(capsys, tmp_path, vectors=[edited]).report
    assert other["selection"]["vectors_sha256"] != digest
    old, new = tmp_path / "old.json", tmp_path / "new.json"
    old.write_text(json.dumps(first.report), encoding="utf-8")
    new.write_text(json.dumps(other), encoding="utf-8")
    code, out, err = run(capsys, "report", "compare", str(old), str(new))
    assert "note: different vector sets" in out, out
    code, out, err = run(capsys, "report", "compare", str(old), str(old))
    assert "the same vector set" in out, out
