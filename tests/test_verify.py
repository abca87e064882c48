"""Game logs and ``referee verify``: simulate --log round trips, injected illegal steps,
tampered claimed scores, and logs that cannot be read (docs/logs.md)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop_referee.cli import EXIT_FAILED, EXIT_OK, EXIT_USAGE, main
from tabletop_referee.games import mlem
from tabletop_referee.games.mlem.interchange import action_from_json, board_to_json, state_to_json
from tabletop_referee.games.mlem.model import FACES
from tabletop_referee.schemas import validation_errors
from tabletop_referee.spec import load_spec
from tabletop_referee.games.mlem.interchange import setup_to_json
from tabletop_referee.verify import (
    InvalidLog,
    compare_claims,
    log_text,
    parse_log,
    verify_text,
)

CLAUSES = load_spec("mlem")

# The clause that decides each claimed category (as the brief for verify names them).
CATEGORY_CLAUSES = {
    "moons": "scoring.moons",
    "planets": "scoring.planets",
    "deep_space": "scoring.deep-space",
    "goals": "scoring.goals",
    "total": "scoring.winner",
}

# (board, options, games): 100 games in all, player counts drawn per game by simulate.
SIMULATIONS = [
    ("standard", [], 25),
    ("short", ["dice_selection=single-group", "game_end=immediate"], 25),
    ("standard", ["tie_break=deep-space", "die_one_rescue=false"], 25),
    ("short", ["game_end=immediate", "tie_break=deep-space"], 25),
]


def run(capsys, *argv: str) -> tuple[int, str, str]:
    capsys.readouterr()
    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


def one_error_line(code: int, err: str) -> str:
    assert code == EXIT_USAGE
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("referee verify: error: ")
    return lines[0]


def lines_of(path: Path) -> list[dict]:
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]


def write_lines(path: Path, docs: list[dict]) -> Path:
    path.write_text("".join(json.dumps(d) + "\n" for d in docs), encoding="utf-8")
    return path


def states_along(docs: list[dict]) -> list[mlem.State]:
    """The state before each action of a (legal) log, by replaying it with the engine."""
    from tabletop_referee.verify import GameLog, setup_from_log

    setup = setup_from_log(GameLog(mlem.GAME, docs[0]["setup"], None, ()))
    state = mlem.initial_state(setup)
    states = []
    for d in docs[1:]:
        if d["type"] != "action":
            break
        states.append(state)
        state = mlem.apply(state, action_from_json(d["action"])).state
    states.append(state)
    return states


@pytest.fixture(scope="module")
def simulated(tmp_path_factory) -> list[Path]:
    """100 logs written by ``referee simulate --log`` (seeded; both boards, several options)."""
    root = tmp_path_factory.mktemp("simulated")
    files: list[Path] = []
    for i, (board, options, games) in enumerate(SIMULATIONS):
        folder = root / f"run{i}"
        argv = ["simulate", "--game", "mlem", "--games", str(games), "--seed", str(40 + i),
                "--board", board, "--json", "--log", str(folder)]
        for o in options:
            argv += ["--option", o]
        assert main(argv) == EXIT_OK
        found = sorted(folder.glob("*.jsonl"))
        assert [p.name for p in found] == [f"game-{n:04d}.jsonl" for n in range(1, games + 1)]
        files += found
    return files


@pytest.fixture(scope="module")
def sample(simulated) -> Path:
    """A standard-board log with at least 3 players (so a player id can be swapped)."""
    for path in simulated:
        head = lines_of(path)[0]["setup"]
        if head["board"] == "standard" and head["players"] >= 3:
            return path
    raise AssertionError("no 3+ player standard game among the simulated logs")


# -- round trip -------------------------------------------------------------------------------


def test_simulated_logs_cover_boards_player_counts_and_options(simulated):
    heads = [lines_of(p)[0] for p in simulated]
    assert len(heads) == 100
    assert {h["setup"]["board"] for h in heads} == {"standard", "short"}
    assert {h["setup"]["players"] for h in heads} == {2, 3, 4, 5}
    assert {h["setup"]["options"]["dice_selection"] for h in heads} == {"groups", "single-group"}
    assert {h["setup"]["options"]["game_end"] for h in heads} == {"end-of-expedition", "immediate"}
    assert all(h["meta"]["source"] == "referee simulate" for h in heads)


def test_every_simulated_log_verifies_legal_with_matching_scores(simulated, capsys):
    for path in simulated:
        docs = lines_of(path)
        for d in docs:
            assert validation_errors("mlem", "log", d) == [], (path, d)
        assert docs[-1]["type"] == "claimed-scores"
        report = verify_text(path.read_text(encoding="utf-8"))
        assert report.legal, (path, report.illegal)
        assert report.game_over
        assert report.actions == len(docs) - 2
        assert report.mismatches == []
        assert docs[-1]["winners"] == list(mlem.outcome(report.state).winners)
    # The command line says the same (a sample of them: the replay above is the same code).
    for path in simulated[::10]:
        code, out, err = run(capsys, "verify", "--game", "mlem", str(path))
        assert (code, err) == (EXIT_OK, "")
        assert out.startswith("legal: ")
        assert "game over" in out
        assert "match" in out.splitlines()[-1]


def test_simulate_log_does_not_change_the_games(capsys, tmp_path):
    def summary(*extra):
        code, out, _ = run(capsys, "simulate", "--game", "mlem", "--games", "3", "--seed", "9", "--json", *extra)
        assert code == EXIT_OK
        doc = json.loads(out)
        return {k: v for k, v in doc.items() if k not in ("seconds", "games_per_second")}

    assert summary() == summary("--log", str(tmp_path / "logs"))
    actions = sum(len(lines_of(p)) - 2 for p in (tmp_path / "logs").glob("*.jsonl"))
    assert actions == summary()["actions"]


def test_simulate_one_game_writes_one_file(capsys, tmp_path):
    target = tmp_path / "one.jsonl"
    code, _, err = run(capsys, "simulate", "--game", "mlem", "--games", "1", "--seed", "2", "--log", str(target))
    assert (code, err) == (EXIT_OK, "")
    assert verify_text(target.read_text(encoding="utf-8")).ok


def test_simulate_with_a_board_file_inlines_the_board(capsys, tmp_path):
    board_file = tmp_path / "mine.json"
    board_file.write_text(json.dumps(board_to_json(mlem.load_board("short")) | {"id": "mine"}), encoding="utf-8")
    target = tmp_path / "g.jsonl"
    code, _, _ = run(capsys, "simulate", "--game", "mlem", "--games", "1", "--board", str(board_file),
                     "--log", str(target))
    assert code == EXIT_OK
    setup = lines_of(target)[0]["setup"]
    assert isinstance(setup["board"], dict) and setup["board"]["id"] == "mine"
    assert verify_text(target.read_text(encoding="utf-8")).ok


def test_simulate_several_games_into_a_file_is_a_usage_error(capsys, tmp_path):
    target = tmp_path / "file.jsonl"
    target.write_text("x", encoding="utf-8")
    code, out, err = run(capsys, "simulate", "--game", "mlem", "--games", "2", "--log", str(target))
    assert code == EXIT_USAGE
    assert len(err.splitlines()) == 1 and "need a folder" in err
    assert target.read_text(encoding="utf-8") == "x"


# -- injected illegal steps -------------------------------------------------------------------


def _first(docs: list[dict], kind: str, where=lambda i, d: True) -> int:
    return next(i for i, d in enumerate(docs) if d["type"] == "action" and d["action"]["type"] == kind and where(i, d))


def inject_bad_face(docs):
    """A move's faces replaced by a face that the rocket's space does not allow."""
    states = states_along(docs)
    for i, d in enumerate(docs):
        if d["type"] == "action" and d["action"]["type"] == "move":
            state = states[i - 1]
            allowed = state.board.spaces[state.rocket.space].faces
            missing = [f for f in FACES if f not in allowed]
            if missing:
                d["action"]["faces"] = [missing[0]]
                d["action"]["die_one"] = []
                return i
    raise AssertionError("no move to tamper with")


def inject_swapped_player(docs):
    """The player of the second embark swapped for another player."""
    i = _first(docs, "embark", lambda i, d: i > 1)
    players = docs[0]["setup"]["players"]
    docs[i]["action"]["player"] = (docs[i]["action"]["player"] + 1) % players
    return i


def inject_short_roll(docs):
    """A roll with one face too few."""
    i = _first(docs, "roll")
    docs[i]["action"]["faces"] = docs[i]["action"]["faces"][:-1]
    return i


def inject_stay_after_the_end(docs):
    """An action after the game is over (inserted before the claimed scores)."""
    docs.insert(len(docs) - 1, {"type": "action", "action": {"type": "stay", "player": 0}})
    return len(docs) - 2


def inject_move_at_takeoff(docs):
    """A move where an embark is due."""
    docs[1] = {"type": "action", "action": {"type": "move", "player": docs[1]["action"]["player"],
                                             "faces": ["2"], "die_one": []}}
    return 1


@pytest.mark.parametrize(
    "inject, clause",
    [
        (inject_bad_face, "travel.allowed-faces"),
        (inject_swapped_player, "turn.actor"),
        (inject_short_roll, "travel.roll"),
        (inject_stay_after_the_end, "turn.phase"),
        (inject_move_at_takeoff, "turn.phase"),
    ],
    ids=["bad-face", "swapped-player", "short-roll", "after-the-end", "move-at-takeoff"],
)
def test_an_injected_illegal_step_is_flagged_at_its_index_with_its_clause(sample, tmp_path, capsys, inject, clause):
    docs = lines_of(sample)
    i = inject(docs)  # index in the list of lines: line number i + 1, action index i - 1
    path = write_lines(tmp_path / "bad.jsonl", docs)

    report = verify_text(path.read_text(encoding="utf-8"))
    assert not report.legal
    assert (report.illegal.line, report.illegal.index) == (i + 1, i - 1)
    assert report.illegal.clause == clause
    assert report.illegal.action == docs[i]["action"]
    assert report.actions == i - 1

    code, out, err = run(capsys, "verify", "--game", "mlem", str(path))
    assert (code, err) == (EXIT_FAILED, "")
    first, second = out.splitlines()[:2]
    assert first.startswith(f"illegal: line {i + 1} (action {i - 1}): ")
    assert json.loads(first.split("): ", 1)[1]) == docs[i]["action"]
    assert second.startswith(f"  rejected under {clause} ({CLAUSES.clause(clause).title}): ")
    assert "state before it" in out

    code, out, err = run(capsys, "verify", "--game", "mlem", "--json", str(path))
    assert code == EXIT_FAILED
    doc = json.loads(out)
    assert doc["verdict"] == "illegal"
    bad = doc["illegal"]
    assert (bad["line"], bad["action_index"], bad["clause"]) == (i + 1, i - 1, clause)
    assert bad["title"] == CLAUSES.clause(clause).title
    assert bad["message"] == report.illegal.message
    # The full state before the step: the original log replayed up to it.
    assert bad["state"] == state_to_json(states_along(lines_of(sample))[i - 1])
    assert validation_errors("mlem", "state", bad["state"]) == []


def test_a_rejected_setup_is_an_illegal_first_line(tmp_path, capsys):
    setup = {"players": 6, "start_player": 0, "board": "short"}
    path = write_lines(tmp_path / "six.jsonl", [{"type": "setup", "game": "mlem", "format": 1, "setup": setup}])
    code, out, _ = run(capsys, "verify", "--game", "mlem", str(path))
    assert code == EXIT_FAILED
    assert out.startswith("illegal: line 1 (setup)")
    assert "setup.players" in out
    code, out, _ = run(capsys, "verify", "--game", "mlem", "--json", str(path))
    assert json.loads(out)["illegal"]["action_index"] is None


# -- claimed scores ---------------------------------------------------------------------------


@pytest.mark.parametrize("category", ["moons", "planets", "deep_space", "goals", "total"])
def test_a_tampered_claimed_score_is_flagged_with_its_clause_and_player(sample, tmp_path, capsys, category):
    docs = lines_of(sample)
    player = 1
    docs[-1]["scores"][player][category] += 3
    path = write_lines(tmp_path / "claim.jsonl", docs)

    report = verify_text(path.read_text(encoding="utf-8"))
    assert report.legal and not report.ok
    [m] = report.mismatches
    assert (m.player, m.category, m.clause) == (player, category, CATEGORY_CLAUSES[category])
    assert m.claimed == m.computed + 3

    code, out, err = run(capsys, "verify", "--game", "mlem", str(path))
    assert (code, err) == (EXIT_FAILED, "")
    line = out.splitlines()[-1]
    assert line.startswith(f"  player {player} {category.replace('_', ' ')}: claimed {m.claimed}, computed {m.computed}")
    assert f"[{CATEGORY_CLAUSES[category]} (" in line

    code, out, _ = run(capsys, "verify", "--game", "mlem", "--json", str(path))
    doc = json.loads(out)
    assert doc["verdict"] == "scores-differ"
    assert [(x["player"], x["category"], x["clause"]) for x in doc["mismatches"]] == [
        (player, category, CATEGORY_CLAUSES[category])
    ]


def test_claimed_winners_that_differ_are_flagged_under_scoring_winner(sample, tmp_path):
    docs = lines_of(sample)
    real = docs[-1]["winners"]
    docs[-1]["winners"] = [p for p in range(docs[0]["setup"]["players"]) if p not in real][:1]
    report = verify_text(write_lines(tmp_path / "w.jsonl", docs).read_text(encoding="utf-8"))
    [m] = report.mismatches
    assert (m.player, m.category, m.clause, m.computed) == (None, "winners", "scoring.winner", real)


def test_claims_with_totals_only_are_compared_on_totals(sample, tmp_path):
    docs = lines_of(sample)
    docs[-1] = {"type": "claimed-scores", "scores": [{"total": s["total"]} for s in docs[-1]["scores"]]}
    assert verify_text(write_lines(tmp_path / "t.jsonl", docs).read_text(encoding="utf-8")).ok
    docs[-1]["scores"][0]["total"] += 1
    report = verify_text(write_lines(tmp_path / "t.jsonl", docs).read_text(encoding="utf-8"))
    assert [(m.player, m.category) for m in report.mismatches] == [(0, "total")]


def test_a_log_without_claims_or_unfinished_is_legal(sample, tmp_path, capsys):
    docs = lines_of(sample)[:40]
    path = write_lines(tmp_path / "part.jsonl", docs)
    code, out, _ = run(capsys, "verify", "--game", "mlem", str(path))
    assert code == EXIT_OK
    assert out.startswith("legal: 39 actions, game not over")
    assert "claimed scores: none in the log" in out
    # Scores of an unfinished game are the engine's "as if it ended now"; winners do not exist yet.
    report = verify_text(path.read_text(encoding="utf-8"))
    claim = {"type": "claimed-scores", "scores": [{"total": s.total} for s in mlem.scores(report.state)]}
    assert compare_claims(claim, report.state, mlem.GAME) == []
    claim["winners"] = [0]
    [m] = compare_claims(claim, report.state, mlem.GAME)
    assert (m.category, m.computed) == ("winners", None)


def test_inline_board_and_stdin(tmp_path):
    setup = mlem.Setup(players=2, board=mlem.load_board("short"))
    doc = setup_to_json(setup)
    assert doc["board"] == "short"
    doc["board"] = board_to_json(setup.board)
    text = log_text(mlem.GAME, doc, [mlem.Embark(0, "satellite"), mlem.Embark(1, "die-one")])
    proc = subprocess.run([sys.executable, "-m", "tabletop_referee.cli", "verify", "--game", "mlem", "-"],
                          input=text, capture_output=True, text=True, timeout=60)
    assert proc.returncode == EXIT_OK, proc.stderr
    assert proc.stdout.startswith("legal: 2 actions, game not over")


# -- unreadable logs --------------------------------------------------------------------------

SETUP = {"type": "setup", "game": "mlem", "format": 1, "setup": {"players": 2, "start_player": 0, "board": "short"}}
EMBARK = {"type": "action", "action": {"type": "embark", "player": 0, "astronaut": "satellite"}}


@pytest.mark.parametrize(
    "text, where",
    [
        ("", "line 1: $: empty log"),
        (json.dumps(SETUP) + "\n{not json\n", "line 2: $: not JSON"),
        (json.dumps(SETUP) + '\n{"type": "action", "action": {"type": "move", "player": 0, "faces": ["5"], "die_one": []}}\n',
         "line 2: $.action.faces[0]: '5' is not one of"),
        (json.dumps(EMBARK) + "\n", "line 1: $.type: the first line must be the setup line"),
        (json.dumps(SETUP) + "\n" + json.dumps(SETUP) + "\n", "line 2: $.type: a second setup line"),
        (json.dumps(SETUP) + '\n{"type": "claimed-scores", "scores": [{"total": 0}, {"total": 0}]}\n' + json.dumps(EMBARK),
         "line 3: $.type: a action line after the claimed-scores line"),
        (json.dumps(SETUP) + '\n{"type": "claimed-scores", "scores": [{"total": 0}, {"total": 0}, {"total": 0}]}\n',
         "line 2: $.scores: 3 score entries for a 2-player game"),
        (json.dumps(SETUP) + '\n\n{"type": "remark"}\n', "line 3: $.type: 'remark' is not one of"),
        (json.dumps(SETUP | {"setup": {"players": 2, "start_player": 0, "board": "huge"}}) + "\n",
         "line 1: $.setup.board: unknown board id 'huge'"),
        (json.dumps(SETUP | {"game": "chess"}) + "\n", "line 1: $.game: a log of game 'chess', not of mlem"),
        (json.dumps(SETUP | {"format": 2}) + "\n", "line 1: $.format: log format 2; this referee reads format 1"),
    ],
    ids=["empty", "not-json", "bad-face", "no-setup", "two-setups", "after-claim", "claim-count",
         "unknown-type", "unknown-board", "other-game", "other-format"],
)
def test_an_unreadable_log_is_one_error_line_naming_file_line_and_path(tmp_path, capsys, text, where):
    path = tmp_path / "log.jsonl"
    path.write_text(text, encoding="utf-8")
    code, out, err = run(capsys, "verify", "--game", "mlem", str(path))
    line = one_error_line(code, err)
    assert line.startswith(f"referee verify: error: {path}: {where}")
    assert out == ""


def test_an_inline_board_that_contradicts_itself_is_unreadable(tmp_path, capsys):
    board = board_to_json(mlem.load_board("short"))
    board["spaces"][5]["planet"] = "P9"
    path = write_lines(tmp_path / "b.jsonl", [SETUP | {"setup": {"players": 2, "start_player": 0, "board": board}}])
    code, _, err = run(capsys, "verify", "--game", "mlem", str(path))
    assert "line 1: $.setup.board: " in one_error_line(code, err)
    assert "'P9' is not in planets" in err


def test_bytes_that_are_not_utf8_and_a_missing_file(tmp_path, capsys):
    path = tmp_path / "latin.jsonl"
    path.write_bytes((json.dumps(SETUP) + "\n").encode() + b'{"type": "act\xe9"}\n')
    code, _, err = run(capsys, "verify", "--game", "mlem", str(path))
    assert "line 2: $: not UTF-8 text" in one_error_line(code, err)
    code, _, err = run(capsys, "verify", "--game", "mlem", str(tmp_path / "missing.jsonl"))
    assert "missing.jsonl: cannot read" in one_error_line(code, err)


def test_no_traceback_from_a_real_process(tmp_path):
    path = tmp_path / "x.jsonl"
    path.write_text("[1, 2]\n", encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "tabletop_referee.cli", "verify", "--game", "mlem", str(path)],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == EXIT_USAGE
    assert proc.stderr.splitlines() == [f"referee verify: error: {path}: line 1: $: [1, 2] is not of type 'object'"]


def test_parse_log_skips_blank_lines_but_keeps_line_numbers():
    text = json.dumps(SETUP) + "\n\n" + json.dumps(EMBARK) + "\n"
    log = parse_log(text)
    assert [(a.line, a.index) for a in log.actions] == [(3, 0)]
    with pytest.raises(InvalidLog) as info:
        parse_log(text + "{}\n")
    assert (info.value.line, info.value.path) == (4, "$")


# -- docs/logs.md -----------------------------------------------------------------------------

DOC = (Path(__file__).resolve().parents[1] / "docs" / "logs.md").read_text(encoding="utf-8")


def test_the_example_log_in_the_docs_is_legal_and_its_illegal_variant_reads_as_shown():
    import re

    example = re.search(r"```jsonl\n(.*?)```", DOC, re.S)[1]
    report = verify_text(example)
    assert report.ok and report.actions == 6 and report.log.claimed is not None
    bad = verify_text(example.replace('"faces": ["4"]', '"faces": ["3"]'))
    from tabletop_referee.verify import report_text

    for line in report_text(bad).splitlines():
        assert "  " + line in DOC, line


# -- variants ---------------------------------------------------------------------------------

VARIANT_CLAUSES = {"exploration": "exploration.points", "missions": "missions.scoring", "ufo": "ufo.scoring"}

# (board, options, games): games with all three variants, the variant options varied.
VARIANT_SIMULATIONS = [
    ("standard", [], 10),
    ("short", ["tunnel_past_end=no-move", "ufo_token_value=penalty", "ufo_token_taker=passengers"], 10),
    ("short", ["exploration_collision=set-aside", "arrivals_exhausted=none", "ufo_encounter=exact"], 10),
]


@pytest.fixture(scope="module")
def variant_logs(tmp_path_factory) -> list[Path]:
    """30 logs of games with exploration, missions and ufo, written by ``referee simulate --log``."""
    root = tmp_path_factory.mktemp("variants")
    files: list[Path] = []
    for i, (board, options, games) in enumerate(VARIANT_SIMULATIONS):
        folder = root / f"run{i}"
        argv = ["simulate", "--game", "mlem", "--games", str(games), "--seed", str(70 + i), "--board", board,
                "--variants", "exploration,missions,ufo", "--json", "--log", str(folder)]
        for o in options:
            argv += ["--option", o]
        assert main(argv) == EXIT_OK
        files += sorted(folder.glob("*.jsonl"))
    return files


def variant_sample(logs: list[Path], category: str) -> Path:
    """A variant log where player 1 scored something in ``category`` (so tampering is visible either way)."""
    for path in logs:
        if lines_of(path)[-1]["scores"][1][category] != 0:
            return path
    return logs[0]


def test_variant_logs_verify_legal_with_the_variant_categories(variant_logs, capsys):
    assert len(variant_logs) == 30
    kinds = set()
    for path in variant_logs:
        docs = lines_of(path)
        for d in docs:
            assert validation_errors("mlem", "log", d) == [], (path, d)
        setup = docs[0]["setup"]
        assert setup["options"]["variants"] == ["exploration", "missions", "ufo"]
        assert setup["tokens"] == setup["board"]  # the shipped token set, by id
        kinds |= {d["action"]["type"] for d in docs[1:-1]}
        claimed = docs[-1]["scores"]
        assert all(list(s) == ["moons", "planets", "deep_space", "goals", "exploration", "missions", "ufo", "total"]
                   for s in claimed)
        report = verify_text(path.read_text(encoding="utf-8"))
        assert report.ok and report.game_over, (path, report.illegal, report.mismatches)
        assert [s.total for s in mlem.scores(report.state)] == [s["total"] for s in claimed]
    assert {"draw", "discard", "reroll", "roll", "move"} <= kinds
    assert any(s["ufo"] < 0 for p in variant_logs for s in lines_of(p)[-1]["scores"])  # the penalty reading
    code, out, err = run(capsys, "verify", "--game", "mlem", str(variant_logs[0]))
    assert (code, err) == (EXIT_OK, "")
    assert re.search(r"^  player 0: -?\d+ \(moons \d+, planets \d+, deep space \d+, goals \d+, exploration \d+, "
                     r"missions \d+, ufo -?\d+\)$", out, re.M)


@pytest.mark.parametrize("category", ["exploration", "missions", "ufo"])
def test_a_tampered_variant_category_is_flagged_with_its_clause(variant_logs, tmp_path, capsys, category):
    docs = lines_of(variant_sample(variant_logs, category))
    docs[-1]["scores"][1][category] += 2
    path = write_lines(tmp_path / "claim.jsonl", docs)
    report = verify_text(path.read_text(encoding="utf-8"))
    assert report.legal and not report.ok
    [m] = report.mismatches
    assert (m.player, m.category, m.clause, m.claimed) == (1, category, VARIANT_CLAUSES[category], m.computed + 2)
    code, out, _ = run(capsys, "verify", "--game", "mlem", str(path))
    assert code == EXIT_FAILED
    assert out.splitlines()[-1].startswith(f"  player 1 {category}: claimed {m.claimed}, computed {m.computed} "
                                           f"[{VARIANT_CLAUSES[category]} (")
    code, out, _ = run(capsys, "verify", "--game", "mlem", "--json", str(path))
    assert [(x["category"], x["clause"]) for x in json.loads(out)["mismatches"]] == [(category, VARIANT_CLAUSES[category])]


def test_a_variant_category_claimed_in_a_base_game_counts_as_zero(sample, tmp_path):
    docs = lines_of(sample)
    docs[-1]["scores"][0]["missions"] = 0
    assert verify_text(write_lines(tmp_path / "zero.jsonl", docs).read_text(encoding="utf-8")).ok
    docs[-1]["scores"][0]["missions"] = 5
    [m] = verify_text(write_lines(tmp_path / "five.jsonl", docs).read_text(encoding="utf-8")).mismatches
    assert (m.category, m.computed, m.clause) == ("missions", 0, "missions.scoring")


def inject_foreign_discard(docs, states):
    """A discard of a mission the player does not hold (the next player's)."""
    i = _first(docs, "discard")
    state = states[i - 1]
    player = docs[i]["action"]["player"]
    other = next(t.id for q, hand in enumerate(state.missions.hands) if q != player for t in hand)
    docs[i]["action"]["token"] = other
    return i


def inject_drawn_twice(docs, states):
    """The second exploration draw repeats the first token's id."""
    i = _first(docs, "draw")
    docs[i + 1]["action"]["token"] = docs[i]["action"]["token"]
    return i + 1


def inject_wrong_ability(docs, states):
    """An ordinary move made with an ability that this expedition's arrival token does not offer."""
    for i, d in enumerate(docs):
        if d["type"] == "action" and d["action"]["type"] == "move" and "ability" not in d["action"]:
            arrival = states[i - 1].ufo.arrival
            if arrival is not None and arrival.ability != "keep-dice":
                d["action"]["ability"] = "keep-dice"
                return i
    raise AssertionError("no move to tamper with")


@pytest.mark.parametrize(
    "inject, clause",
    [(inject_foreign_discard, "missions.discard"), (inject_drawn_twice, "exploration.setup"),
     (inject_wrong_ability, "ufo.ability")],
    ids=["foreign-discard", "drawn-twice", "wrong-ability"],
)
def test_an_injected_illegal_variant_step_is_flagged_with_its_clause(variant_logs, tmp_path, capsys, inject, clause):
    docs = lines_of(variant_logs[0])
    i = inject(docs, states_along(lines_of(variant_logs[0])))
    path = write_lines(tmp_path / "bad.jsonl", docs)
    report = verify_text(path.read_text(encoding="utf-8"))
    assert (report.illegal.line, report.illegal.index, report.illegal.clause) == (i + 1, i - 1, clause)
    code, out, _ = run(capsys, "verify", "--game", "mlem", str(path))
    assert code == EXIT_FAILED
    assert out.splitlines()[1].startswith(f"  rejected under {clause} (")
    assert "  exploration tokens: " in out and "  missions: player 0: " in out  # the state before it, all of it
    code, out, _ = run(capsys, "verify", "--game", "mlem", "--json", str(path))
    state = json.loads(out)["illegal"]["state"]
    assert validation_errors("mlem", "state", state) == []
    assert {"exploration", "missions", "ufo"} <= set(state)


def test_an_inline_token_set_and_token_errors(tmp_path, capsys):
    from tabletop_referee.games.mlem.interchange import load_tokens, tokens_to_json

    setup = {"players": 2, "start_player": 0, "board": "short", "options": {"variants": ["ufo"]},
             "tokens": tokens_to_json(load_tokens("short")) | {"id": "mine"}}
    path = write_lines(tmp_path / "inline.jsonl", [SETUP | {"setup": setup}])
    assert verify_text(path.read_text(encoding="utf-8")).ok
    cases = [
        (setup | {"tokens": "galaxy"}, "line 1: $.setup.tokens: unknown token set id 'galaxy'"),
        (setup | {"tokens": "standard"}, "line 1: $.setup.tokens: token set 'standard' does not fit board 'short'"),
        ({**setup, "options": {"variants": [], "ufo_encounter": "exact"}},
         "line 1: $.setup.options.ufo_encounter: option ufo_encounter applies only with the ufo variant"),
    ]
    for bad, where in cases:
        path = write_lines(tmp_path / "t.jsonl", [SETUP | {"setup": bad}])
        code, out, err = run(capsys, "verify", "--game", "mlem", str(path))
        assert one_error_line(code, err).startswith(f"referee verify: error: {path}: {where}"), err


def test_a_folder_and_several_logs_are_verified_together(variant_logs, sample, tmp_path, capsys):
    folder = variant_logs[0].parent
    count = len(list(folder.glob("*.jsonl")))
    code, out, err = run(capsys, "verify", "--game", "mlem", str(folder))
    assert (code, err) == (EXIT_OK, "")
    assert out.count("\n== ") + out.startswith("== ") == count
    assert out.splitlines()[-1] == f"{count} logs: {count} ok, 0 with an illegal step, 0 with claimed scores that differ"
    docs = lines_of(sample)
    docs[-1]["scores"][0]["total"] += 1
    tampered = write_lines(tmp_path / "tampered.jsonl", docs)
    code, out, _ = run(capsys, "verify", "--game", "mlem", str(variant_logs[0]), str(tampered))
    assert code == EXIT_FAILED
    assert out.splitlines()[-1] == "2 logs: 1 ok, 0 with an illegal step, 1 with claimed scores that differ"
    code, out, _ = run(capsys, "verify", "--game", "mlem", "--json", str(folder), str(tampered))
    doc = json.loads(out)
    assert (doc["logs"], doc["ok"]) == (count + 1, count)
    assert [r["verdict"] for r in doc["reports"]][-1] == "scores-differ"
    empty = tmp_path / "empty"
    empty.mkdir()
    code, _, err = run(capsys, "verify", "--game", "mlem", str(empty))
    assert "a folder without *.jsonl logs" in one_error_line(code, err)
    code, _, err = run(capsys, "verify", "--game", "mlem", str(tampered), "-")
    assert "- (stdin) can only be the one log" in one_error_line(code, err)
