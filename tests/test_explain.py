"""``referee explain``: rules questions answered by the engine, with clauses, sources and disputes.

The rules questions live in ``tests/explain_cases/*.yaml``, one question file each (the same
format ``referee explain`` reads), with an ``expect`` block written from the clauses and their
sources: the legality, the clauses that must (or must not) appear, key facts of the ``--json``
answer, and, for disputed rules, what the other reading gives. The rest pins how a short action
is completed from the position (the notation itself is tested in test_notation.py), the other
input forms (stdin, full states, files) and the one-line errors.
"""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from tabletop_referee.cli import EXIT_OK, EXIT_USAGE, main
from tabletop_referee.errors import InvalidNotation, MalformedInput
from tabletop_referee.explain import ActionSpec
from tabletop_referee.games import mlem
from tabletop_referee.games.mlem.notation import action_text
from tabletop_referee.games.mlem.interchange import state_from_json, state_to_json
from tabletop_referee.games.mlem.position import state_from_position
from tabletop_referee.spec import known_games, load_spec

CASES_DIR = Path(__file__).resolve().parent / "explain_cases"
CASES = sorted(CASES_DIR.glob("*.yaml"))
SPEC = load_spec("mlem")
CLAUSE_IDS = set(SPEC.clause_ids)
DISPUTE_IDS = {d["id"] for d in SPEC.disputes}
FULL_RESERVE = list(mlem.ASTRONAUTS)


def run(capsys, *argv: str) -> tuple[int, str, str]:
    capsys.readouterr()
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse usage errors
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


def explain_json(capsys, *argv: str) -> dict:
    code, out, err = run(capsys, "explain", "--game", "mlem", *argv, "--json")
    assert code == EXIT_OK, err
    assert err == ""
    return json.loads(out)


def referee_command() -> list[str]:
    script = Path(sys.executable).with_name("referee")
    return [str(script)] if script.is_file() else [sys.executable, "-m", "tabletop_referee.cli"]


def run_process(*argv: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([*referee_command(), *argv], input=stdin, capture_output=True, text=True,
                          timeout=120)


def lookup(doc, path: str):
    """``state.rocket.space`` / ``events.0.points``: a value of the --json answer."""
    value = doc
    for key in path.split("."):
        value = value[int(key)] if isinstance(value, list) else value[key]
    return value


def one_line_error(code: int, err: str) -> str:
    assert code == EXIT_USAGE
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("referee explain: error: ")
    return lines[0]


def write(tmp_path: Path, name: str, doc) -> Path:
    path = tmp_path / name
    path.write_text(doc if isinstance(doc, str) else yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    return path


# -- the rules questions ----------------------------------------------------------------------


def test_there_are_enough_rules_questions():
    assert len(CASES) >= 20
    for path in CASES:
        doc = yaml.safe_load(path.read_text(encoding="utf-8"))
        exp = doc["expect"]
        assert doc.get("question"), f"{path.name}: no question text"
        if "error" in exp:  # a position the rules refuse: a one-line error, no answer
            assert set(exp) == {"error"} and exp["error"], path.name
            continue
        assert isinstance(exp["legal"], bool), path.name
        assert exp.get("clauses") or exp.get("rejection"), f"{path.name}: expects no clause"
        assert doc.get("question"), f"{path.name}: no question text"
        named = set(exp.get("clauses", [])) | set(exp.get("absent_clauses", [])) | (
            {exp["rejection"]} if exp.get("rejection") else set())
        assert named <= CLAUSE_IDS, f"{path.name}: unknown clause(s) {named - CLAUSE_IDS}"
        assert (set(exp.get("disputes", {})) | set(exp.get("rulings", [])) | set(exp.get("absent_rulings", []))
                <= DISPUTE_IDS), path.name


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_rules_question(path, capsys):
    exp = yaml.safe_load(path.read_text(encoding="utf-8"))["expect"]
    if "error" in exp:
        code, out, err = run(capsys, "explain", "--game", "mlem", str(path))
        assert exp["error"] in one_line_error(code, err) and out == ""
        return
    answer = explain_json(capsys, str(path))
    assert answer["legal"] is exp["legal"]
    clauses = {e["clause"] for e in answer["events"]}
    if answer["rejection"]:
        clauses.add(answer["rejection"]["clause"])
    asked = yaml.safe_load(path.read_text(encoding="utf-8")).get("ask")
    assert [f["ask"] for f in answer["findings"]] == ([asked] if isinstance(asked, str) else asked or [])
    for finding in answer["findings"]:  # a question with no action: the clauses that decide it
        assert finding["clauses"] and [i["id"] for i in finding["clause_info"]] == finding["clauses"]
        clauses |= set(finding["clauses"])
    for clause in exp.get("clauses", []):
        assert clause in clauses, f"{clause} not among {sorted(clauses)}"
    for clause in exp.get("absent_clauses", []):
        assert clause not in clauses
    if exp["legal"]:
        assert answer["rejection"] is None and answer["alternatives"] == []
    else:
        assert answer["rejection"]["clause"] == exp["rejection"]
        assert answer["rejection"]["step"] == exp.get("rejected_step", 1)
        assert answer["alternatives"], "an illegal action comes with the legal alternatives"
    shorts = [a["short"] for a in answer["alternatives"]]
    for short in exp.get("alternatives", []):
        assert short in shorts
    for short in exp.get("not_alternatives", []):
        assert short not in shorts
    for fact, value in (exp.get("facts") or {}).items():
        assert lookup(answer, fact) == value, fact
    for dispute, want in (exp.get("disputes") or {}).items():
        entry = next((d for d in answer["disputes"] if dispute in [x["id"] for x in d["disputes"]]), None)
        assert entry is not None, f"dispute {dispute} not shown"
        assert entry["decides"] is want["decides"]
        other = entry["alternatives"][0]
        assert other["options"] == {entry["option"]: other["options"][entry["option"]]}
        assert other["options"][entry["option"]] != entry["in_force"]
        for key, value in want.items():
            if key != "decides":
                assert other["summary"][key] == value, f"{dispute}: {key}"
    rulings = [r["id"] for r in answer["rulings"]]
    for ruling in exp.get("rulings", []):
        assert ruling in rulings
    for ruling in exp.get("absent_rulings", []):  # listed only when one of its clauses took part
        assert ruling not in rulings

    # The text answer says the same: verdict, clauses with their text, the disputes.
    code, text, err = run(capsys, "explain", "--game", "mlem", str(path))
    assert code == EXIT_OK and err == ""
    if answer["actions"]:
        verdict = next(line for line in text.splitlines() if line.startswith("Answer: "))
        assert verdict.startswith("Answer: legal" if exp["legal"] else "Answer: ILLEGAL")
    for finding in answer["findings"]:
        assert f"): {finding['summary'].split(';')[0]}" in text
    for clause in clauses:
        assert f"[{clause}]" in text
        assert SPEC.clause(clause).title in text
    for dispute in exp.get("disputes") or {}:
        assert dispute in text
    if answer["actions"]:
        assert "Resulting position:" in text if exp["legal"] else "Position where it was rejected:" in text


def test_a_question_without_a_disputed_option_says_so(capsys):
    code, text, _ = run(capsys, "explain", "--game", "mlem", str(CASES_DIR / "plus-minus-reach.yaml"))
    assert code == EXIT_OK
    assert "No disputed rule option changes this answer." in text
    assert explain_json(capsys, str(CASES_DIR / "plus-minus-reach.yaml"))["disputes"] == []


def test_sources_carry_their_ref_from_the_registry(capsys):
    answer = explain_json(capsys, str(CASES_DIR / "crash-without-parachute.yaml"))
    crash = next(e for e in answer["events"] if e["type"] == "crashed")
    info = crash["clause_info"]
    assert info["id"] == "crash.trigger" and info["confidence"] == "sourced"
    assert info["text"] == SPEC.clause("crash.trigger").text
    ja = next(s for s in info["sources"] if s["tag"] == "JA")
    # a seed is cited by its public description: the page it copies, never its local file name
    assert ja["ref"] == SPEC.source("JA")["url"] and ja["where"] and ja["title"] == SPEC.source("JA")["title"]
    assert ja["backs"] == "states" and ja["quote"]
    assert info["options"] == ["die_one_rescue"]


def test_dispute_replays_the_positions_roll(capsys, tmp_path):
    """A move-phase position holding a no-usable-die roll: under die_one_rescue=false that roll
    would have crashed, so the other reading replays it instead of accepting the Die-1 move."""
    pos = write(tmp_path, "p.yaml", {
        "players": 2, "board": "short",
        "rocket": {"space": 7, "seats": [[0, "die-one"], [1, "satellite"]], "roll": ["2", "2", "4"]},
    })
    answer = explain_json(capsys, str(pos), "move", "die-one")
    assert answer["legal"] is True
    (entry,) = [d for d in answer["disputes"] if d["option"] == "die_one_rescue"]
    other = entry["alternatives"][0]
    assert other["replayed_roll"] is True
    assert other["summary"]["crashed"] is True and other["legal"] is False
    # a roll that gives the same under both readings is not replayed
    answer = explain_json(capsys, str(CASES_DIR / "groups.yaml"))
    (entry,) = [d for d in answer["disputes"] if d["option"] == "dice_selection"]
    assert entry["alternatives"][0]["replayed_roll"] is False


def test_a_question_with_no_action_may_be_asked_on_the_command_line(capsys, tmp_path):
    pos = write(tmp_path, "p.yaml", POSITION)
    answer = explain_json(capsys, str(pos), "--ask", "actions", "--ask", "score")
    assert [f["ask"] for f in answer["findings"]] == ["score", "actions"]  # in the order of ASKS
    assert answer["actions"] == [] and answer["legal"] is True
    moves = [a["short"] for a in answer["findings"][1]["actions"]]
    assert moves == answer["summary"]["legal_actions"] and "move 1+2" in moves and "move 2" in moves
    # after an action, the question is asked of the resulting position
    answer = explain_json(capsys, str(pos), "move", "1+2", "--ask", "actions")
    assert answer["summary"]["moved_to"] == 6 and answer["findings"][0]["to_act"] == 0
    assert [a["short"] for a in answer["findings"][0]["actions"]] == ["land 6", "stay"]
    code, out, err = run(capsys, "explain", "--game", "mlem", str(pos), "--ask", "score", "--brief")
    assert code == EXIT_OK and err == ""
    assert out.splitlines()[0] == "score: player 0 0; player 1 0 (the game is not over: counted as if it ended now)"
    assert out.splitlines()[1] == "decided by: no clause (nothing happened)"


def test_a_question_with_no_action_is_replayed_under_each_reading(capsys, tmp_path):
    pos = write(tmp_path, "p.yaml", {**POSITION, "rocket": {**POSITION["rocket"], "roll": ["1", "2", "2"]}})
    answer = explain_json(capsys, str(pos), "--ask", "actions")
    entry = next(d for d in answer["disputes"] if d["option"] == "dice_grouping")
    other = entry["alternatives"][0]
    assert entry["decides"] and "move 1x2" in other["summary"]["legal_actions"]
    assert "move 1x2" not in answer["summary"]["legal_actions"]


def test_a_position_may_stop_at_a_seat_the_engine_passes_over(capsys, tmp_path):
    """A crash on space 7: the satellite may not jump (only parachutes land in a crash), which a
    game never asks; a position may, and explain says why not. A state document may not."""
    doc = {"players": 2, "board": "short", "phase": "parachute", "crashes": 1,
           "rocket": {"space": 7, "dice": 3, "seats": [[0, "satellite"], [1, "parachute"]]}}
    pos = write(tmp_path, "p.yaml", doc)
    answer = explain_json(capsys, str(pos), "land 7")
    assert answer["rejection"]["clause"] == "crash.parachute"
    assert [a["short"] for a in answer["alternatives"]] == ["stay"]
    answer = explain_json(capsys, str(pos), "stay")  # it stays aboard, and the parachutist is asked
    assert answer["legal"] and answer["to_act"] == 1
    state = write(tmp_path, "s.json", json.dumps(answer["position"]))
    code, out, err = run(capsys, "explain", "--game", "mlem", str(state), "stay")
    assert "the astronaut in seat 0 has nowhere to land" in one_line_error(code, err)


# -- input forms ------------------------------------------------------------------------------


POSITION = {
    "players": 2, "board": "short",
    "rocket": {"space": 1, "seats": [[0, "satellite"], [1, "parachute"]], "roll": ["1", "2", "2"]},
}


def test_question_file_with_an_action_on_the_command_line(capsys, tmp_path):
    q = write(tmp_path, "q.yaml", {"position": {**POSITION, "rocket": {**POSITION["rocket"], "roll": None, "dice": 3}},
                                   "actions": ["roll 1,2,2"], "question": "Then the 2s?"})
    answer = explain_json(capsys, str(q), "move", "2")
    assert [a["short"] for a in answer["actions"]] == ["roll 1,2,2", "move 2"]
    assert answer["question"] == "Then the 2s?"
    assert answer["summary"]["moved_to"] == 5


def test_full_state_file(capsys, tmp_path):
    state = state_from_position(POSITION)
    path = write(tmp_path, "state.json", json.dumps(state_to_json(state)))
    answer = explain_json(capsys, str(path), "move 1+2")
    assert answer["legal"] and answer["summary"]["moved_to"] == 6
    assert answer["position"] == state_to_json(state)
    assert state_from_json(answer["state"]).rocket.space == 6


def test_action_as_json_text_file_and_list(capsys, tmp_path):
    pos = write(tmp_path, "p.yaml", POSITION)
    doc = {"type": "move", "player": 0, "faces": ["2"], "die_one": []}
    answer = explain_json(capsys, str(pos), json.dumps(doc))
    assert answer["actions"][0]["action"] == doc
    # the player and die_one may be left out: the acting player, no Die-1
    answer = explain_json(capsys, str(pos), '{"type": "move", "faces": ["1", "2"]}')
    assert answer["actions"][0]["action"] == {"type": "move", "player": 0, "faces": ["1", "2"], "die_one": []}
    path = write(tmp_path, "a.json", json.dumps(doc))
    assert explain_json(capsys, str(pos), str(path))["actions"][0]["action"] == doc
    path = write(tmp_path, "a.yaml", "- move 2\n")
    assert explain_json(capsys, str(pos), str(path))["summary"]["moved_to"] == 5


def test_state_on_stdin(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO(yaml.safe_dump(POSITION)))
    answer = explain_json(capsys, "-", "move", "1")
    assert answer["source"] == "<stdin>" and answer["summary"]["moved_to"] == 2


def test_action_on_stdin(monkeypatch, capsys, tmp_path):
    pos = write(tmp_path, "p.yaml", POSITION)
    monkeypatch.setattr(sys, "stdin", io.StringIO('{"type": "stay", "player": 0}'))
    answer = explain_json(capsys, str(pos), "-")
    assert answer["legal"] is False and answer["rejection"]["clause"] == "turn.phase"


def test_option_replaces_the_positions_option(capsys):
    path = str(CASES_DIR / "groups.yaml")
    answer = explain_json(capsys, path, "--option", "dice_selection=single-group")
    assert answer["legal"] is False and answer["rejection"]["clause"] == "travel.group-count"
    assert answer["options"]["dice_selection"] == "single-group"
    answer = explain_json(capsys, str(CASES_DIR / "die-one-no-rescue.yaml"), "--option", "die_one_rescue=true")
    assert answer["legal"] is True and answer["summary"]["crashed"] is False


def test_subprocess_stdin_text_answer():
    proc = run_process("explain", "--game", "mlem", "-", "move", "2", stdin=yaml.safe_dump(POSITION))
    assert proc.returncode == EXIT_OK, proc.stderr
    assert proc.stderr == ""
    assert "Answer: legal" in proc.stdout
    assert "[travel.distance]" in proc.stdout and "[travel.remove-dice]" in proc.stdout


def test_subprocess_illegal_is_an_answer():
    proc = run_process("explain", "--game", "mlem", str(CASES_DIR / "single-group.yaml"), "--json")
    assert proc.returncode == EXIT_OK, proc.stderr
    doc = json.loads(proc.stdout)
    assert doc["legal"] is False and doc["rejection"]["clause"] == "travel.group-count"


# -- --json shape -----------------------------------------------------------------------------


def test_json_shape(capsys):
    answer = explain_json(capsys, str(CASES_DIR / "die-one-rescue.yaml"))
    assert set(answer) >= {"game", "question", "options", "position", "actions", "legal", "events", "rejection",
                           "alternatives", "state", "to_act", "scores", "outcome", "summary", "disputes",
                           "rulings"}
    assert answer["game"] == "mlem"
    for event in answer["events"]:
        assert event["step"] in (1, 2) and event["description"]
        info = event["clause_info"]
        assert info["id"] == event["clause"]
        assert set(info) >= {"title", "text", "confidence", "sources", "options", "disputes"}
        assert all(set(s) >= {"tag", "where", "ref"} for s in info["sources"])
    state_from_json(answer["state"])  # a valid interchange state
    state_from_json(answer["position"])
    assert [s["total"] for s in answer["scores"]] == answer["summary"]["scores"]
    # the die-one-used event cites power.die-one, which both options bear on
    assert {e["option"] for e in answer["disputes"]} >= {"die_one_rescue"}
    entry = next(e for e in answer["disputes"] if e["option"] == "die_one_rescue")
    assert entry["in_force"] is True and entry["ruling"] is True
    assert entry["disputes"][0]["id"] == "die-one-rescue"
    other = entry["alternatives"][0]
    assert other["options"] == {"die_one_rescue": False}
    assert other["reading"]["id"] == "no-rescue" and "JA" in other["reading"]["sources"]
    assert other["rejection"]["clause"] == "turn.phase"
    assert other["differences"]["crashed"] == {"asked": False, "alternative": True}
    state_from_json(other["state"])


def test_json_rejection_shape(capsys):
    answer = explain_json(capsys, str(CASES_DIR / "plus-minus-too-far.yaml"))
    rejection = answer["rejection"]
    assert rejection["clause"] == "power.plus-minus"
    assert "more than one space" in rejection["message"]
    assert rejection["clause_info"]["title"] == SPEC.clause("power.plus-minus").title
    assert answer["state"] == answer["position"]  # nothing was played
    for alt in answer["alternatives"]:
        assert alt["action"]["player"] == 0 and alt["short"].split()[0] in ("land", "stay")


# -- short actions ----------------------------------------------------------------------------


MOVE_STATE = state_from_position({
    "players": 3, "board": "short",
    "rocket": {"space": 9, "seats": [[1, "die-one"], [2, "die-one"], [0, "satellite"]],
               "roll": ["1", "2", "3", "afterburner"]},
})


def resolve(text: str, state):
    """A short action as explain plays it on ``state``."""
    return ActionSpec(None, text).resolve(mlem.GAME, state)


def test_an_action_that_does_not_read_keeps_its_typed_error():
    """build() passes the game's own error on (explain words it without the document path)."""
    with pytest.raises(InvalidNotation) as info:
        ActionSpec(None, "move 2+7").build(mlem.GAME, MOVE_STATE)
    assert info.value.column == 7
    spec = ActionSpec({"type": "move", "faces": "2"}, '{"type": "move", "faces": "2"}')
    with pytest.raises(MalformedInput) as bad:
        spec.build(mlem.GAME, MOVE_STATE)
    assert spec.why(bad.value) == bad.value.message != str(bad.value)


@pytest.mark.parametrize("text, action", [
    ("roll 1,2,2,3", mlem.Roll(("1", "2", "2", "3"))),
    ("move 2+afterburner", mlem.Move(1, ("2", "afterburner"))),   # player 1 is to act
    ("move 1 die-one 2", mlem.Move(1, ("1",), (2,))),
    ("move die-one", mlem.Move(1, ("1",), (1,))),                   # the actor's own Die-1
    ("move 2 player:0", mlem.Move(0, ("2",))),
    ("player:0 move die-one", mlem.Move(0, ("1",), (0,))),
    ("land 7", mlem.Land(1, 7)),
    ("land", mlem.Land(1, 9)),                                      # where the rocket is
    ("STAY player:2", mlem.Stay(2)),
    ("embark Deep_Space_Double", mlem.Embark(1, "deep-space-double")),
])
def test_a_short_action_is_completed_from_the_position(text, action):
    assert resolve(text, MOVE_STATE) == action


def _states():
    """Positions in every deciding phase, with Die-1s, plus-minus and several players."""
    yield MOVE_STATE
    yield state_from_position({"players": 3, "board": "short", "phase": "takeoff", "rocket": {"seats": [[0, "die-one"]]}})
    yield state_from_position({"players": 2, "board": "short", "phase": "landing",
                               "rocket": {"space": 8, "seats": [[0, "plus-minus"], [1, "satellite"]]}})
    yield state_from_position({"players": 2, "board": "short", "rocket": {"space": 0, "dice": 2, "seats": [[0, "satellite"], [1, "parachute"]]}})


def test_short_form_round_trips_every_legal_action():
    count = 0
    for state in _states():
        for action in mlem.legal_actions(state):
            text = action_text(action)
            assert resolve(text, state) == action, text
            # naming the player explicitly survives the trip too
            if not isinstance(action, mlem.Roll):
                named = action_text(action, show_player=True)
                assert named.endswith(f" player:{action.player}") and resolve(named, state) == action
            count += 1
    assert count > 20


# -- bad input --------------------------------------------------------------------------------


BAD = [
    (["nope.yaml", "stay"], "no such file"),
    (["{dir}", "stay"], "is a directory"),
    (["{pos}"], "no ACTION"),
    (["{pos}", "fly", "3"], "not a file, an action document or a short action"),
    (["{pos}", "roll", "1,7"], "action 'roll 1,7': '7' is not a die face"),
    (["{pos}", "move", "2+2"], "action 'move 2+2': '2': the 2 group is named twice"),
    (["{pos}", "embark", "cat"], "'cat' is not an astronaut"),
    (["{pos}", "player:1", "land", "x"], "'x' is not a space number"),
    (["{pos}", '{"type": "move", "faces": ["2", "7"]}'], "'7' is not one of"),
    (["{pos}", '{"type": "jump"'], "not valid YAML/JSON"),
    (["{pos}", "stay", "--option", "speed=fast"], "--option: unknown rule option"),
    (["{pos}", "stay", "--option", "dice_selection=some"], "--option: dice_selection cannot be"),
    (["{bad_yaml}", "stay"], "not valid YAML/JSON"),
    (["{list}", "stay"], "expected a state or position mapping"),
    (["{no_players}", "stay"], "needs 'players'"),
    (["{rocket_int}", "stay"], "rocket must be a mapping"),
    (["{bad_type}", "stay"], "not of type 'integer'"),
    (["{twice}", "stay"], "placed twice"),
    (["{q_unknown}"], "unknown key(s) 'postion'"),
    (["{q_no_actions}"], "no ACTION"),
    (["{q_bad_ask}"], "cannot ask 'moves' (ask: score, winner, actions)"),
    (["{q_ask_int}"], "'ask' is one of score, winner, actions or a list of them"),
    (["{q_bad_action}"], "actions[1]: action 'hop': unknown verb 'hop'"),
    (["{other_game}", "stay"], "not mlem"),
    (["-", "-"], "cannot both be read from stdin"),
]


@pytest.fixture
def bad_files(tmp_path):
    files = {
        "dir": tmp_path,
        "pos": write(tmp_path, "pos.yaml", POSITION),
        "bad_yaml": write(tmp_path, "bad.yaml", "players: [\n"),
        "list": write(tmp_path, "list.yaml", "[1, 2]\n"),
        "no_players": write(tmp_path, "np.yaml", {"board": "short"}),
        "rocket_int": write(tmp_path, "ri.yaml", {"players": 2, "rocket": 5}),
        "bad_type": write(tmp_path, "bt.yaml", {"players": 2, "expedition": "first"}),
        "twice": write(tmp_path, "tw.yaml", {"players": 2, "landed": [[0, "satellite", 8]],
                                              "rocket": {"seats": [[0, "satellite"]]}}),
        "q_unknown": write(tmp_path, "qu.yaml", {"postion": POSITION, "actions": ["stay"], "question": "?"}),
        "q_no_actions": write(tmp_path, "qn.yaml", {"position": POSITION, "actions": []}),
        "q_bad_action": write(tmp_path, "qb.yaml", {"position": POSITION, "actions": ["move 2", "hop"]}),
        "q_bad_ask": write(tmp_path, "qa.yaml", {"position": POSITION, "ask": ["score", "moves"]}),
        "q_ask_int": write(tmp_path, "qi.yaml", {"position": POSITION, "ask": 3}),
        "other_game": write(tmp_path, "og.yaml", {"game": "chess", "format": 1}),
    }
    return {k: str(v) for k, v in files.items()}


@pytest.mark.parametrize("argv, message", BAD, ids=[m for _, m in BAD])
def test_bad_input_is_one_line(argv, message, bad_files, capsys):
    argv = [bad_files.get(a.strip("{}"), a) for a in argv]
    code, out, err = run(capsys, "explain", "--game", "mlem", *argv)
    line = one_line_error(code, err)
    assert message in line
    assert out == ""


@pytest.mark.parametrize("doc", [
    {"players": 2, "rocket": 5},
    {"players": 2, "rocket": {"seats": [[0, "satellite"]], "roll": ["9"]}},
    "players: [\n",
    "\x00\xff",
])
def test_bad_input_in_a_subprocess_has_no_traceback(doc):
    text = doc if isinstance(doc, str) else yaml.safe_dump(doc)
    proc = run_process("explain", "--game", "mlem", "-", "stay", stdin=text)
    one_line_error(proc.returncode, proc.stderr)
    assert proc.stdout == ""


# -- docs -------------------------------------------------------------------------------------


def test_docs_worked_example_is_current(capsys, monkeypatch):
    repo = Path(__file__).resolve().parents[1]
    page = (repo / "docs" / "explain.md").read_text(encoding="utf-8")
    block = page.split("```console\n", 1)[1].split("```", 1)[0]
    command, expected = block.split("\n", 1)
    assert command.startswith("$ referee explain ")
    monkeypatch.chdir(repo)
    code, out, err = run(capsys, *command[len("$ referee "):].split())
    assert code == EXIT_OK and err == ""
    assert out == expected, "docs/explain.md's worked example is stale: paste the command's output"


# -- variants ---------------------------------------------------------------------------------


def variant_state(phase: str, seed: int = 3) -> mlem.State:
    """A state of a random game with all three variants, the first time it reaches ``phase``."""
    import random

    from tabletop_referee.games.mlem.interchange import load_tokens

    setup = mlem.Setup(players=3, board=mlem.load_board("short"), tokens=load_tokens("short"),
                       options=mlem.Options(variants=("exploration", "missions", "ufo")))
    rng = random.Random(seed)
    state = mlem.initial_state(setup)
    while state.phase != phase:
        state = mlem.apply(state, rng.choice(mlem.legal_actions(state))).state
    return state


def test_a_full_variant_state_with_short_variant_actions(capsys, tmp_path):
    state = variant_state("mission-discard")
    path = write(tmp_path, "state.json", json.dumps(state_to_json(state)))
    actor = mlem.current_actor(state)
    mine = [t.id for t in state.missions.hands[actor]]
    answer = explain_json(capsys, str(path), "discard", mine[0].lower())  # ids are matched but for case
    assert answer["legal"] and answer["actions"][0]["action"] == {"type": "discard", "player": actor, "token": mine[0]}
    assert answer["events"][0]["type"] == "mission-discarded" and answer["events"][0]["clause"] == "missions.discard"
    assert answer["position"] == state_to_json(state)
    # a chance draw: the alternatives are the tokens of the pile
    state = variant_state("arrival")
    path = write(tmp_path, "arrival.json", json.dumps(state_to_json(state)))
    answer = explain_json(capsys, str(path), "draw", "Z1")
    assert answer["rejection"]["clause"] == "ufo.arrival"
    assert [a["short"] for a in answer["alternatives"]] == [f"draw {t.id}" for t in state.ufo.pile]
    code, text, _ = run(capsys, "explain", "--game", "mlem", str(path), "draw", "Z1")
    assert "(chance) any token left in the pile, each equally likely: draw A01; " in text
    answer = explain_json(capsys, str(path), '{"type": "draw", "token": "A01"}')
    assert answer["legal"] and answer["events"][0]["type"] == "arrival-revealed"
    assert set(answer["scores"][0]) == {"player", "moons", "planets", "deep_space", "goals", "exploration", "missions",
                                        "ufo", "total"}


def test_variant_options_are_replayed_only_when_their_variant_is_played(capsys):
    from tabletop_referee.games.mlem.model import OPTION_VARIANT

    base = explain_json(capsys, str(CASES_DIR / "die-one-rescue.yaml"))
    assert not {d["option"] for d in base["disputes"]} & set(OPTION_VARIANT)
    ufo = explain_json(capsys, str(CASES_DIR / "ufo-encounter-reach.yaml"))
    shown = {d["option"] for d in ufo["disputes"]}
    assert {"ufo_encounter", "ufo_token_taker", "ufo_after_encounter", "ufo_token_value"} <= shown
    assert not shown & {"tunnel_past_end", "exploration_collision", "dice_reuse_cap"}  # exploration is not played
    for entry in ufo["disputes"]:
        for alt in entry["alternatives"]:
            state_from_json(alt["state"])  # each reading's state is a valid variant state


def test_option_on_a_variant_position(capsys, tmp_path):
    path = str(CASES_DIR / "ufo-encounter-reach.yaml")
    answer = explain_json(capsys, path, "--option", "ufo_encounter=exact")
    assert answer["options"]["ufo_encounter"] == "exact" and answer["summary"]["ufo_met"] is False
    code, out, err = run(capsys, "explain", "--game", "mlem", str(CASES_DIR / "groups.yaml"), "--option",
                         "ufo_encounter=exact")
    assert "--option: option ufo_encounter applies only with the ufo variant" in one_line_error(code, err)
    code, out, err = run(capsys, "explain", "--game", "mlem", path, "--option", "variants=ufo")
    assert "--option: variants cannot be changed" in one_line_error(code, err)


# -- positions with variant sections ------------------------------------------------------------


def test_a_position_names_variant_tokens_by_id_and_fills_the_piles():
    from tabletop_referee.games.mlem.interchange import load_tokens

    tokens = load_tokens("short")
    state = state_from_position({
        "players": 2, "board": "short",
        "rocket": {"space": 7, "seats": [[0, "satellite"], [1, "parachute"]], "roll": ["3", "3"]},
        "exploration": {"spaces": ["E20", {"id": "X1", "space": 9, "effect": "points", "points": 3}],
                        "held": [["E01"], []]},
        "ufo": {"space": 9, "arrival": "A02", "held": [[5], []]},
    })
    assert state.options.variants == ("exploration", "ufo")  # the sections turn their variants on
    assert [t.id for t in state.exploration.spaces] == ["E20", "X1"]
    assert [t.id for t in state.exploration.pile] == [t.id for t in tokens.exploration if t.id not in ("E01", "E20")]
    assert state.ufo.pile == tuple(t for t in tokens.arrivals if t.id != "A02")
    assert (state.ufo.home, state.ufo.stack, state.ufo.held) == (13, (4, 3, 2, 1), ((5,), ()))
    assert state.missions is None
    state_from_json(state_to_json(state))  # a valid interchange state
    # options.variants alone gives the default sections; an empty pile is []
    state = state_from_position({"players": 2, "board": "short", "options": {"variants": ["ufo"]},
                                 "ufo": {"pile": []}})
    assert state.ufo.pile == () and state.ufo.space == 13 and state.rocket.dice == 6
    state = state_from_position({"players": 2, "board": "short", "options": {"variants": ["exploration"]}})
    assert len(state.exploration.pile) == 20 and state.exploration.held == ((), ())


@pytest.mark.parametrize("doc, message", [
    ({"ufo": {"arrival": "A99"}}, "arrivals token 'A99' is not in token set 'short'"),
    ({"ufo": {"speed": 3}}, "unknown key(s) ['speed'] in ufo"),
    ({"missions": {"hands": [["M01"]]}}, "missions.hands needs one list per player (2)"),
    ({"exploration": [1]}, "exploration must be a mapping"),
    ({"tokens": "galaxy", "ufo": {}}, "unknown token set 'galaxy'"),
    ({"options": {"variants": ["aliens"]}}, "variants must be a list drawn from"),
])
def test_a_bad_variant_section_is_one_line(doc, message, capsys, tmp_path):
    pos = write(tmp_path, "p.yaml", {"players": 2, "board": "short"} | doc)
    code, out, err = run(capsys, "explain", "--game", "mlem", str(pos), "stay")
    assert message in one_line_error(code, err)
    assert out == ""


def test_the_variant_position_in_the_docs_is_valid(capsys, tmp_path):
    repo = Path(__file__).resolve().parents[1]
    page = (repo / "docs" / "mlem" / "positions.md").read_text(encoding="utf-8")
    block = next(b.split("```", 1)[0] for b in page.split("```yaml\n")[1:] if "ufo:" in b.split("```", 1)[0])
    doc = yaml.safe_load(block)
    state = state_from_position(doc)
    assert state.options.variants == ("exploration", "missions", "ufo")
    answer = explain_json(capsys, str(write(tmp_path, "doc.yaml", doc)), "move 3")
    assert answer["legal"] and answer["summary"]["ufo_met"] is True and answer["summary"]["moved_to"] == 10


# -- --brief ----------------------------------------------------------------------------------


def test_brief_gives_the_verdict_the_deciding_clause_and_one_line_per_event(capsys):
    case = str(CASES_DIR / "four-moons-spaces.yaml")
    code, out, err = run(capsys, "explain", "--game", "mlem", case, "--brief")
    assert code == EXIT_OK and err == ""
    lines = out.splitlines()
    assert lines[0].startswith("legal — ")
    assert lines[1] == "decided by: landing.moon-slot, power.moon-double, goal.four-moons, landing.commander-change"
    events = [line for line in lines if line.startswith("  1. ")]
    assert len(events) == 4 and "[power.moon-double]" in events[1] and "[goal.four-moons]" in events[2]
    assert lines[-1] == "  disputed: four-moons-meaning (option four_moons) decides this answer"


def test_brief_names_the_rejecting_clause(capsys):
    case = str(CASES_DIR / "part-of-a-group.yaml")
    code, out, err = run(capsys, "explain", "--game", "mlem", case, "--brief")
    assert code == EXIT_OK and err == ""
    lines = out.splitlines()
    assert lines[0].startswith("ILLEGAL [travel.whole-group] — ")
    assert lines[1] == "decided by: travel.whole-group"
    assert lines[2].startswith("  1. rejected [travel.whole-group]: a face is used with all its dice")


# -- every game: position pages, score and winner, --brief, replays, sources ------------------

REPO = Path(__file__).resolve().parents[1]
GAMES = tuple(known_games())  # every game documents its position format
assert set(GAMES) >= {"mlem", "celestia", "seven-knights"}


def _page_blocks(game: str, lang: str) -> list[tuple[str, str]]:
    """(the paragraph line before it, the block) for each ``lang`` fenced block of the game's
    position page."""
    page = (REPO / "docs" / game / "positions.md").read_text(encoding="utf-8")
    found = []
    for chunk in page.split(f"```{lang}\n")[1:]:
        found.append(chunk.split("```", 1)[0])
    heads = [before.rstrip().rsplit("\n", 1)[-1] for before in page.split(f"```{lang}\n")[:-1]]
    return list(zip(heads, found))


@pytest.mark.parametrize("game", GAMES)
def test_each_game_documents_its_position_format_under_docs(game):
    """docs/<game>/positions.md exists, the generated nav lists it (tools/build_docs.py puts
    every game folder's pages there), and the game's overview page links it."""
    import importlib.util
    page = REPO / "docs" / game / "positions.md"
    assert page.is_file(), f"write docs/{game}/positions.md: the position format, with examples"
    spec = importlib.util.spec_from_file_location("build_docs", REPO / "tools" / "build_docs.py")
    hook = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hook)
    assert f"{game}/positions.md" in json.dumps(hook.game_sections(REPO / "docs")), "the docs hook leaves it out of the nav"
    assert "(positions.md)" in (REPO / "docs" / game / "index.md").read_text(encoding="utf-8"), (
        f"docs/{game}/index.md must link positions.md")


@pytest.mark.parametrize("game", GAMES)
def test_every_yaml_block_of_a_position_page_is_a_position_explain_accepts(game, capsys, tmp_path):
    blocks = _page_blocks(game, "yaml")
    assert len(blocks) >= 2, (f"docs/{game}/positions.md shows {len(blocks)} yaml block(s): a position page shows "
                              "the shape of a position and at least one example file (docs/adding-a-game.md)")
    for i, (_, block) in enumerate(blocks):
        path = tmp_path / f"block{i}.yaml"
        path.write_text(block, encoding="utf-8")
        code, out, err = run(capsys, "explain", "--game", game, str(path), "--ask", "actions", "--json")
        assert code == EXIT_OK, f"docs/{game}/positions.md yaml block {i}: {err}"
        assert "actions" in [f["ask"] for f in json.loads(out)["findings"]]


EXAMPLE_FILE = re.compile(r"^`((?:docs|examples)/[\w./-]+\.ya?ml)`:$")
"""The line before a block that shows an example file: its path, in the game's docs folder
(``docs/<game>/position.yaml``, beside the page) or under ``examples/`` (the seed games')."""


@pytest.mark.parametrize("game", GAMES)
def test_the_example_files_a_position_page_shows_are_the_files_themselves(game):
    named = [(EXAMPLE_FILE.match(head), block) for head, block in _page_blocks(game, "yaml")]
    shown = [(m[1], block) for m, block in named if m]
    assert shown, (f"docs/{game}/positions.md shows no example file: show one, e.g. docs/{game}/position.yaml, "
                   "as a yaml block after a line naming it (`docs/<game>/position.yaml`:)")
    for name, block in shown:
        assert (REPO / name).read_text(encoding="utf-8") == block, f"{name} differs from docs/{game}/positions.md"


@pytest.mark.parametrize("game", GAMES)
def test_the_commands_of_a_position_page_print_what_it_shows(game, capsys, monkeypatch):
    import shlex
    commands = [block for _, block in _page_blocks(game, "console")]
    assert commands
    monkeypatch.chdir(REPO)
    for block in commands:
        command, expected = block.split("\n", 1)
        assert command.startswith("$ referee explain --game " + game)
        code, out, err = run(capsys, *shlex.split(command[len("$ referee "):]))
        assert code == EXIT_OK and err == ""
        assert out == expected, f"docs/{game}/positions.md is stale for: {command}"


def _answer(capsys, game: str, *argv: str) -> dict:
    code, out, err = run(capsys, "explain", "--game", game, *argv, "--json")
    assert code == EXIT_OK and err == "", err
    return json.loads(out)


def _write_yaml(tmp_path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


CELESTIA_WON = "players: 3\nwon: {0: [[1, '4'], [2, '6']], 2: [[4, '9']]}\n"
KNIGHTS_DEAL = "players: 4\ndeal: [3, 1, W, 2, 4]\n"


@pytest.mark.parametrize("game, position, score_clause", [
    ("mlem", None, "scoring.moons"),
    ("celestia", CELESTIA_WON, "end.score"),
    ("seven-knights", KNIGHTS_DEAL, "settlement.winners"),
])
def test_score_and_winner_answers_cite_clauses_in_every_game(game, position, score_clause, capsys, tmp_path):
    case = (str(CASES_DIR / "ask-score.yaml") if position is None
            else _write_yaml(tmp_path, "p.yaml", position))
    answer = _answer(capsys, game, case, "--ask", "score", "--ask", "winner")
    findings = {f["ask"]: f for f in answer["findings"]}
    spec = load_spec(game)
    assert score_clause in findings["score"]["clauses"]
    assert findings["winner"]["clauses"][0] == {"mlem": "scoring.winner"}.get(game, "end.winner")
    for f in findings.values():
        assert f["clauses"] and all(c in spec.clause_ids for c in f["clauses"])
        assert all(info["title"] for info in f["clause_info"])


def test_celestia_integer_keys_are_read_as_the_documented_seats_and_cities(capsys, tmp_path):
    """[issue 30] The documented shape {0: ...} was refused (a YAML integer key), and the JSON
    shape {"0": ...} silently ignored: both now mean seat 0 (and 25 city 25)."""
    yaml_keys = _answer(capsys, "celestia", _write_yaml(tmp_path, "a.yaml", CELESTIA_WON), "--ask", "score")
    json_keys = _answer(capsys, "celestia", _write_yaml(
        tmp_path, "b.json", json.dumps({"players": 3, "won": {"0": [[1, "4"], [2, "6"]], "2": [[4, "9"]]}})),
        "--ask", "score")
    totals = [s["total"] for s in yaml_keys["findings"][0]["scores"]]
    assert totals == [10, 0, 9]
    assert [s["total"] for s in json_keys["findings"][0]["scores"]] == totals
    flow = _answer(capsys, "celestia", _write_yaml(   # YAML flow style, which starts like JSON
        tmp_path, "f.yaml", "{players: 3, won: {0: [[1, '4'], [2, '6']], 2: [[4, '9']]}}"), "--ask", "score")
    assert [s["total"] for s in flow["findings"][0]["scores"]] == totals
    piles = _answer(capsys, "celestia", _write_yaml(
        tmp_path, "c.yaml", "players: 2\nwon: {0: [[25, '25']]}\npiles: {25: ['25', '25', '25', '25', '25']}\n"),
        "--ask", "score")
    assert [s["total"] for s in piles["findings"][0]["scores"]] == [25, 0]


@pytest.mark.parametrize("text, message", [
    ("players: 3\nhands: {7: [compass]}\n", "$.hands.7: no seat '7' (seats 0 to 2)"),
    ("players: 3\nwon: {\"x\": []}\n", "$.won.x: no seat 'x'"),
    ("players: 3\npiles: {26: ['25']}\n", "$.piles.26: no city 26"),
    ("players: 3\npiles: {25: ['30']}\n", "$.piles.25: unknown treasure card '30'"),
    ("players: 3\nwon: {true: []}\n", "key True is not a string"),
    ("players: 3\nwon: {2026-01-01: []}\n", "is not a string"),
])
def test_celestia_positions_with_bad_keys_are_refused_in_one_line(text, message, capsys, tmp_path):
    code, out, err = run(capsys, "explain", "--game", "celestia", _write_yaml(tmp_path, "p.yaml", text),
                         "--ask", "score")
    assert message in one_line_error(code, err) and out == ""


LAST_LANDING = ("position:\n  players: 2\n  city: 4\n  captain: 1\n  aboard: [1]\n"
                "  won: {0: [[25, '25'], [25, '25']]}\nactions: [land, treasure 4]\n")


def test_brief_says_the_game_is_over_and_who_won(capsys, tmp_path):
    """[issue 30] --brief printed 'legal — ' with nothing after it on a finished game."""
    code, out, err = run(capsys, "explain", "--game", "celestia", _write_yaml(tmp_path, "q.yaml", LAST_LANDING),
                         "--brief")
    assert code == EXIT_OK and err == ""
    assert out.splitlines()[0] == "legal — the game is over (target): player 0 wins"


POWER_WINDOW = """players: 3
aboard: [0, 1]
captain: 0
city: 2
won: {2: [[1, "1"]]}
hands: {0: [compass], 2: [alternative-route]}
roll: [fog, blank]
phase: power
cursor: 2
"""


def test_a_reading_that_makes_the_turn_pointer_impossible_is_not_replayed_and_says_so(capsys, tmp_path):
    """[issue 30] Player 2 has left and acts in the power window (power_players=all). Under
    power_players=aboard that turn pointer cannot occur: the replay used to keep it and report
    the same outcome."""
    path = _write_yaml(tmp_path, "p.yaml", POWER_WINDOW)
    answer = _answer(capsys, "celestia", path, "pass")
    report = next(r for r in answer["disputes"] if r["option"] == "power_players")
    alt = report["alternatives"][0]
    assert alt["options"] == {"power_players": "aboard"}
    assert alt["impossible"] == ["the player to act in the power window may not take part"]
    assert alt["legal"] is None and report["decides"] is True
    code, out, err = run(capsys, "explain", "--game", "celestia", path, "pass")
    assert "not replayed: under this reading the position cannot occur (the player to act in the power" in out
    assert "legal; the same outcome" not in out.split("power_players=aboard", 1)[1].split("\n  - ", 1)[0]
    # an option under which the position can occur is replayed as before
    jet = next(r for r in answer["disputes"] if r["option"] == "jetpack_timing")
    assert jet["alternatives"][0]["impossible"] == [] and jet["alternatives"][0]["legal"] is True


def test_seven_knights_does_not_replay_a_dealt_position_under_another_mode(capsys):
    answer = _answer(capsys, "seven-knights", str(REPO / "examples/seven-knights/position.yaml"), "answer yes")
    assert {r["option"] for r in answer["disputes"]}.isdisjoint({"variant", "cooperative"})


@pytest.mark.parametrize("game, case", [
    ("mlem", str(CASES_DIR / "die-one-rescue.yaml")),
    ("celestia", str(REPO / "examples/celestia/last-journey.yaml")),
    ("seven-knights", str(REPO / "examples/seven-knights/position.yaml")),
])
def test_sources_are_cited_by_their_public_description_never_a_local_file(game, case, capsys):
    """[issue 30] A seed was cited by its local file name, which a reader cannot open."""
    spec = load_spec(game)
    local = {s["ref"] for s in spec.sources if s.get("kind") == "seed"}
    argv = [case] + (["answer yes"] if game == "seven-knights" else [])
    code, out, err = run(capsys, "explain", "--game", game, *argv)
    assert code == EXIT_OK and out
    assert not [name for name in local if name in out]
    answer = _answer(capsys, game, *argv)
    infos = [e["clause_info"] for e in answer["events"]] + [i for f in answer["findings"] for i in f["clause_info"]]
    cited = [s for info in infos for s in info["sources"]]
    assert cited and all(s["ref"] not in local and s["title"] for s in cited)
    assert all(s["ref"] is None or s["ref"].startswith(("http://", "https://")) for s in cited)


def test_the_french_summary_with_no_public_copy_is_cited_by_its_title(capsys):
    from tabletop_referee.explain import clause_info
    info = clause_info(SPEC, "end.timing")
    fr = next(s for s in info["sources"] if s["tag"] == "FR-seed")
    assert fr["ref"] is None and fr["title"].startswith("Règles du jeu de MLEM")
    assert fr["backs"] == "states" and fr["quote"]
