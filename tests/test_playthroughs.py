"""The golden playthroughs (tests/playthroughs/): each committed file equals a fresh rendering.

A playthrough is a seeded whole game as text (tabletop_referee/playthrough.py): every step, the
events and their clauses. A rule change that alters any step shows up here as a diff naming the
step; if the change is intended, regenerate with ``referee playthroughs`` and commit the files.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tabletop_referee.cli import main
from tabletop_referee.errors import MalformedInput
from tabletop_referee.games import GAMES, load
from tabletop_referee.games.interface import Transition
from tabletop_referee.paths import data_root
from tabletop_referee.playthrough import (CASES_FILE, FOLDER, MANIFEST, REGENERATE, Case, cases_file,
                                          playthrough_diff, read_cases, read_text, render)

CASES = read_cases()
COMMITTED = data_root() / FOLDER


@pytest.mark.parametrize("case", CASES, ids=[c.file for c in CASES])
def test_committed_playthrough_equals_a_fresh_rendering(case):
    committed = read_text(COMMITTED / case.file)
    assert committed is not None, f"{case.file} is missing: run `{REGENERATE} --game {case.game}`"
    fresh = render(case)
    if committed != fresh:
        pytest.fail(f"{case.file} is stale (if the change is intended, run `{REGENERATE} --game {case.game}` "
                    f"and commit the files):\n{playthrough_diff(committed, fresh, case.file)}", pytrace=False)


def test_every_registered_game_has_a_playthrough():
    covered = {c.game for c in CASES}
    for game in GAMES:
        assert game in covered, (
            f"{game} has no golden playthrough: every game lists at least one case in its own "
            f"{cases_file(game).relative_to(data_root())} (docs/adding-a-game.md, 'Golden playthroughs'), "
            f"then runs `{REGENERATE} --game {game}`")


def test_each_game_keeps_its_cases_in_its_own_test_folder():
    """The cases of a game are in ``tests/<package>/playthroughs.yaml`` (the folder of its step
    definitions), so adding a game edits no shared list; no shared list is left."""
    assert not (data_root() / FOLDER / "cases.yaml").exists(), "the shared list is gone: a game's cases are its own"
    for game in GAMES:
        file = cases_file(game)
        assert file.parent.name == game.replace("-", "_") and file.name == "playthroughs.yaml"
        assert {c.name for c in read_cases(file, game=game)} == {c.name for c in CASES if c.game == game}


def test_a_case_of_another_game_in_a_games_own_list_is_refused(tmp_path, monkeypatch):
    """A game's own list holds only its cases (``game`` may be left out there)."""
    import tabletop_referee.playthrough as playthrough

    own = tmp_path / CASES_FILE.format(package="mlem")
    own.parent.mkdir(parents=True)
    own.write_text("cases:\n  - {name: a, seed: 1, players: 2}\n"
                      "  - {game: celestia, name: b, seed: 1, players: 2}\n", encoding="utf-8")
    monkeypatch.setattr(playthrough, "data_root", lambda: tmp_path)
    with pytest.raises(MalformedInput, match=r"cases\[1\]: a case of celestia belongs in tests/celestia/playthroughs"):
        read_cases()
    own.write_text("cases:\n  - {name: a, seed: 1, players: 2}\n", encoding="utf-8")
    assert [(c.game, c.name) for c in read_cases()] == [("mlem", "a")]


def test_every_committed_file_is_named_by_a_case_and_listed_in_its_manifest():
    for game in GAMES:
        folder = COMMITTED / game
        on_disk = sorted(p.name for p in folder.glob("*.txt") if p.name != MANIFEST)
        named = sorted(f"{c.name}.txt" for c in CASES if c.game == game)
        assert on_disk == named, f"{folder}: files {on_disk} but cases {named}"
        assert (read_text(folder / MANIFEST) or "").split() == named


def _events(text: str) -> list[str]:
    """The event entries of a playthrough, each joined from its wrapped lines."""
    events: list[str] = []
    inside = False
    for line in text.splitlines():
        if line.startswith("    - "):
            events.append(line[6:])
            inside = True
        elif line.startswith("      ") and inside:
            events[-1] += " " + line.strip()
        else:
            inside = False
    return events


def test_every_case_plays_a_whole_game_with_a_clause_on_each_event():
    clause = re.compile(r" \[[a-z0-9-]+(\.[a-z0-9-]+)+\]$")
    for case in CASES:
        text = read_text(COMMITTED / case.file)
        assert "== result ==" in text and "winner" in text, case.file
        events = _events(text)
        assert events and all(clause.search(e) for e in events), case.file
        assert all(len(line) <= 100 for line in text.splitlines()), case.file


def test_a_secret_simultaneous_choice_says_who_is_still_to_choose():
    """Seven Knights' recommendations: several players choose at once; each line names the
    player who chose and those still to choose (the list shrinks as choices arrive)."""
    text = read_text(COMMITTED / next(c.file for c in CASES if c.game == "seven-knights"))
    waiting = re.findall(r"^step \d+\. player (\d+) \(secret choice; still to choose: ([\d, ]+)\)", text, re.M)
    assert waiting, "no secret choice shown"
    for player, still in waiting:
        assert player in still.split(", ")


class _DroppedEvent:
    """A game whose ``apply`` loses the last event of its ``at``-th call: a planted rule change."""

    def __init__(self, game, at: int) -> None:
        self._game = game
        self._at = at
        self._calls = 0

    def __getattr__(self, name):
        return getattr(self._game, name)

    def apply(self, state, action):
        t = self._game.apply(state, action)
        self._calls += 1
        if self._calls == self._at and t.events:
            return Transition(t.state, t.events[:-1])
        return t


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_planted_rule_change_shows_up_as_a_diff_naming_the_step(game_id):
    case = next(c for c in CASES if c.game == game_id)
    committed = read_text(COMMITTED / case.file)
    # the step to change: the first with an event past the middle of this game (sized by the
    # playthrough itself, not by the length of the other games')
    lines = committed.splitlines()
    step_lines = [line for line in lines if re.match(r"^step \d+\. ", line)]
    target = None
    for i, line in enumerate(lines):
        m = re.match(r"^step (\d+)\. ", line)
        if m and int(m.group(1)) > len(step_lines) // 2 and i + 1 < len(lines) and lines[i + 1].startswith("    - "):
            target = int(m.group(1))
            break
    assert target is not None, (
        f"{case.file}: no step in the second half of the game has an event: a playthrough case plays a whole "
        "game whose steps cite clauses (docs/adding-a-game.md, 'Golden playthroughs'); pick another seed")
    changed = render(case, _DroppedEvent(load(game_id), target))
    diff = playthrough_diff(committed, changed, case.file)
    assert diff, "a dropped event left the playthrough unchanged"
    hunks = [line for line in diff.splitlines() if line.startswith("@@")]
    assert len(hunks) == 1 and f"step {target}. " in hunks[0], diff
    removed = [line[1:] for line in diff.splitlines() if line.startswith("-") and not line.startswith("---")]
    assert _events("\n".join(removed)), diff  # the lost event is shown, with its clause


def test_a_different_rule_option_changes_the_playthrough():
    case = next(c for c in CASES if c.game == "mlem" and not c.options)
    other = Case(game=case.game, name=case.name, seed=case.seed, players=case.players,
                 options={"die_one_rescue": False}, flags=case.flags, position_after=case.position_after)
    diff = playthrough_diff(render(case), render(other), case.file)
    assert "+# options:" in diff and "die_one_rescue=false" in diff


# -- the command -------------------------------------------------------------------------------


def _one_case(tmp_path: Path) -> Path:
    cases = tmp_path / "cases.yaml"
    cases.write_text("cases:\n  - {game: seven-knights, name: short, seed: 3, players: 3}\n", encoding="utf-8")
    return cases


def test_command_writes_checks_and_reports_a_stale_file(tmp_path, capsys):
    cases = _one_case(tmp_path)
    out = tmp_path / "out"
    out.mkdir()
    args = ["playthroughs", "--game", "seven-knights", "--cases", str(cases), "--output", str(out)]
    assert main(args) == 0
    written = out / "seven-knights" / "short.txt"
    assert written.read_text(encoding="utf-8") == render(read_cases(cases)[0])
    assert main([*args, "--check"]) == 0
    assert "1 playthrough(s) up to date" in capsys.readouterr().out
    written.write_text(written.read_text(encoding="utf-8").replace("step 4. ", "step four. "), encoding="utf-8")
    assert main([*args, "--check"]) == 1
    shown = capsys.readouterr().out
    assert "@@" in shown and "+step 4. " in shown and f"{REGENERATE} --game seven-knights" in shown


def test_command_reads_a_case_without_game_as_one_of_the_game_asked(tmp_path, capsys):
    cases = tmp_path / "cases.yaml"
    cases.write_text("cases:\n  - {name: short, seed: 3, players: 3}\n", encoding="utf-8")
    out = tmp_path / "out"
    out.mkdir()
    assert main(["playthroughs", "--game", "seven-knights", "--cases", str(cases), "--output", str(out)]) == 0
    assert (out / "seven-knights" / "short.txt").read_text(encoding="utf-8") == render(
        Case(game="seven-knights", name="short", seed=3, players=3))
    assert main(["playthroughs", "--cases", str(cases), "--output", str(out), "--check"]) == 2  # which game?
    assert "cases[0]: which game? give the case a 'game' field" in capsys.readouterr().err


def test_command_removes_only_files_it_wrote_before(tmp_path, capsys):
    cases = _one_case(tmp_path)
    out = tmp_path / "out"
    (out / "seven-knights").mkdir(parents=True)
    (out / "seven-knights" / "old.txt").write_text("an earlier case\n", encoding="utf-8")
    (out / "seven-knights" / "mine.txt").write_text("not written by the command\n", encoding="utf-8")
    (out / "seven-knights" / MANIFEST).write_text("old.txt\nshort.txt\n", encoding="utf-8")
    args = ["playthroughs", "--game", "seven-knights", "--cases", str(cases), "--output", str(out)]
    assert main([*args, "--check"]) == 1  # old.txt is left over, short.txt missing
    shown = capsys.readouterr().out
    assert "old.txt: left over" in shown and "short.txt: missing" in shown
    assert main(args) == 0
    assert not (out / "seven-knights" / "old.txt").exists()
    assert (out / "seven-knights" / "mine.txt").exists()
    assert (out / "seven-knights" / MANIFEST).read_text(encoding="utf-8") == "short.txt\n"


@pytest.mark.parametrize("text, needle", [
    ("cases: 3\n", "a list 'cases'"),
    ("cases:\n  - {game: chess, name: a, seed: 1, players: 2}\n", "game 'chess' is not registered"),
    ("cases:\n  - {game: mlem, name: A B, seed: 1, players: 2}\n", "name must be"),
    ("cases:\n  - {game: mlem, name: a, seed: x, players: 2}\n", "seed must be a whole number"),
    ("cases:\n  - {game: mlem, name: a, seed: 1, players: 2, colour: red}\n", "unknown field 'colour'"),
    ("cases:\n  - {game: mlem, name: a, seed: 1, players: 9}\n", "is for 2 to 5 players"),
    ("cases: [\n", "not valid"),
])
def test_command_refuses_a_bad_case_list_on_one_line(tmp_path, capsys, text, needle):
    cases = tmp_path / "cases.yaml"
    cases.write_text(text, encoding="utf-8")
    out = tmp_path / "out"
    out.mkdir()
    assert main(["playthroughs", "--game", "mlem", "--cases", str(cases), "--output", str(out), "--check"]) == 2
    err = capsys.readouterr().err
    assert needle in err and len(err.strip().splitlines()) == 1, err
