"""``referee play``: hot-seat games fed through stdin, and the position summary; with the
variants, token draws sampled like rolls and hidden missions kept off the shared screen.

The notation of actions and events (shared with ``referee explain``) is tested in test_notation.py.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop_referee.games import mlem
from tabletop_referee.games.mlem.notation import event_line
from tabletop_referee.games.mlem.describe import describe_state
from tabletop_referee.sampler import playout
from tabletop_referee.spec import load_spec
from tabletop_referee.verify import verify_text

CLAUSE_IDS = set(load_spec("mlem").clause_ids)


def play(*argv: str, stdin: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "tabletop_referee.cli", "play", "--game", "mlem", *argv],
        input=stdin, capture_output=True, text=True, timeout=120, cwd=cwd,
    )


def event_lines(out: str) -> list[str]:
    return [line for line in out.splitlines() if line.startswith("  - ")]


# -- whole games ------------------------------------------------------------------------------


def test_a_full_game_always_choosing_1_ends_with_scores_and_a_legal_log(tmp_path):
    log = tmp_path / "game.jsonl"
    proc = play("--players", "3", "--seed", "5", "--board", "short", "--log", str(log), stdin="1\n" * 3000)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    out = proc.stdout
    assert "game over (" in out
    winners = re.search(r"^winners?( \(shared\))?: (.*)$", out, re.M)
    assert winners
    # Every event names a clause of the spec.
    events = event_lines(out)
    assert events
    for line in events:
        clause = re.fullmatch(r"  - .* \[([a-z0-9.-]+)\]", line)
        assert clause and clause[1] in CLAUSE_IDS, line
    # The log replays as legal and its claimed scores are those printed.
    report = verify_text(log.read_text(encoding="utf-8"))
    assert report.ok and report.game_over
    printed = re.findall(r"^  player (\d): (\d+) \(moons", out.rsplit("final scores", 1)[1], re.M)  # the last: the closing table, after the final-scores event
    assert [(int(p), int(t)) for p, t in printed] == [(p, s.total) for p, s in enumerate(mlem.scores(report.state))]
    assert winners[2] == ", ".join(f"player {p}" for p in mlem.outcome(report.state).winners)
    # Each action of the log was echoed as "> short form".
    moves = [line[2:] for line in out.splitlines() if line.startswith("> ")]
    assert len(moves) == report.actions
    verify = subprocess.run([sys.executable, "-m", "tabletop_referee.cli", "verify", "--game", "mlem", str(log)],
                            capture_output=True, text=True, timeout=60)
    assert verify.returncode == 0 and verify.stdout.startswith("legal: ")


def test_the_same_seed_and_choices_play_the_same_game():
    first = play("--seed", "11", "--board", "short", stdin="1\n" * 3000)
    second = play("--seed", "11", "--board", "short", stdin="1\n" * 3000)
    other = play("--seed", "12", "--board", "short", stdin="1\n" * 3000)
    assert first.stdout == second.stdout
    assert first.stdout != other.stdout


# -- manual dice, bad entries, quit -----------------------------------------------------------


def test_manual_roll_bad_entries_and_quit(tmp_path):
    log = tmp_path / "table.jsonl"
    entries = [
        "9",                        # no such choice
        "fly away",                 # not an action
        "move 2 with 3",            # not a face
        "move 4",                   # not this phase: the engine refuses under turn.phase
        "embark satellite",         # short form
        "2",                        # player 1: embark die-one (the 2nd choice, sorted)
        "1 2 4",                    # a roll: wrong count, checked by the engine
        "1 2 2 3 4 x",              # not a face: the notation cannot read it
        "1 2 2 3 4 a",              # the real table's roll
        "move 4",                   # space 3 (satellite) allows 1 2 4: to space 7, a moon
        "quit",                     # asked whether to land there
        "1",                        # never read
    ]
    proc = play("--board", "short", "--dice", "manual", "--log", str(log), stdin="\n".join(entries) + "\n")
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    out = proc.stdout
    assert "Traceback" not in out
    assert "no choice 9: pick 1 to 8" in out
    assert ("cannot read 'fly away': unknown verb 'fly' (verbs: embark, roll, move, land, stay, draw, discard, "
            "reroll)") in out
    assert "cannot read 'move 2 with 3': 'with' is not a die face" in out
    assert "not allowed: phase takeoff accepts embark, not a move action [turn.phase]" in out
    assert "not accepted: the roll has 3 faces but 6 dice are available [travel.roll]" in out
    assert "cannot read '1 2 2 3 4 x': 'x' is not a die face" in out
    assert "  - rolled 1, 2, 2, 3, 4, afterburner [travel.roll]" in out
    assert "  - boarding is complete: the rocket starts on space 3 [power.satellite]" in out
    assert "stopped (quit) after 4 actions" in out
    # Every refusal was followed by the prompt again.
    assert out.count("player 0> ") == 5 + 1 + 1  # 4 refused + embark, the move, the landing
    docs = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert docs[0]["meta"] == {"source": "referee play", "dice": "manual"}
    assert [d["action"] for d in docs[1:]] == [
        {"type": "embark", "player": 0, "astronaut": "satellite"},
        {"type": "embark", "player": 1, "astronaut": "die-one"},
        {"type": "roll", "faces": ["1", "2", "2", "3", "4", "afterburner"]},
        {"type": "move", "player": 0, "faces": ["4"], "die_one": []},
    ]
    report = verify_text(log.read_text(encoding="utf-8"))
    assert report.ok and not report.game_over
    assert report.log.claimed is None  # an unfinished game claims nothing


def test_a_move_the_rules_forbid_is_refused_with_its_clause():
    # Short board, no satellite: the rocket stays on space 0 (faces 1 2 afterburner).
    proc = play("--board", "short", "--dice", "manual",
                stdin="embark parachute\nembark parachute\n3 3 4 4 4 1\nmove 3\nmove 1\nquit\n")
    assert proc.returncode == 0
    assert "not allowed: face '3' is not allowed on space 0 (allowed: 1, 2, afterburner) [travel.allowed-faces]" in proc.stdout
    assert "player 0 moves with 1: 1 from space 0 to space 1 [travel.distance]" in proc.stdout


def test_the_prompt_reads_the_notation_explain_uses_too():
    # explain's spellings (commas, player:N, land alone = here) typed at play's prompts.
    entries = ["EMBARK Parachute", "embark parachute player:0", "embark deep_space_double", "roll 2,2,2,3,3,3",
               "move 2 player:0", "land", "quit"]
    proc = play("--board", "short", "--dice", "manual", stdin="\n".join(entries) + "\n")
    assert (proc.returncode, proc.stderr) == (0, "")
    out = proc.stdout
    # player:0 at player 1's prompt reaches the engine as an action of player 0
    assert "not allowed: it is player 1's decision, not player 0's [turn.actor]" in out
    echoed = [line[2:] for line in out.splitlines() if line.startswith("> ")]
    assert echoed == ["embark parachute", "embark deep-space-double", "roll 2,2,2,3,3,3", "move 2", "land 6"]
    assert "  - player 0's parachute lands on the moon of space 6 (slot 1), 4 points [landing.moon-slot]" in out
    assert "stopped (quit) after 5 actions" in out


def test_end_of_input_stops_cleanly_and_writes_the_log_so_far(tmp_path):
    log = tmp_path / "eof.jsonl"
    proc = play("--seed", "1", "--log", str(log), stdin="1\n1\n")
    assert (proc.returncode, proc.stderr) == (0, "")
    assert "stopped (end of input) after 3 actions" in proc.stdout  # 2 embarks, the roll, then EOF at the move
    report = verify_text(log.read_text(encoding="utf-8"))
    assert report.ok and report.actions == 3
    assert report.state.phase == "move"


def test_empty_input_quits_at_once(tmp_path):
    log = tmp_path / "none.jsonl"
    proc = play("--log", str(log), stdin="")
    assert (proc.returncode, proc.stderr) == (0, "")
    assert "stopped (end of input) after 0 actions" in proc.stdout
    assert len(log.read_text(encoding="utf-8").splitlines()) == 1


@pytest.mark.parametrize(
    "argv, needle",
    [
        (["--players", "7"], "--players 7: MLEM is for 2 to 5 players"),
        (["--start-player", "2"], "--start-player 2: not one of players 0..1"),
        (["--option", "tie_break=coin"], "--option tie_break=coin: not one of shared, deep-space"),
        (["--board", "huge"], "unknown board 'huge'"),
        (["--log", "/nonexistent-folder/x.jsonl"], "--log /nonexistent-folder/x.jsonl: not a file in an existing folder"),
        (["--variants", "ufo,aliens"], "--variants ufo,aliens: unknown variant 'aliens'"),
        (["--option", "ufo_encounter=exact"], "--option ufo_encounter: applies only with --variants ufo"),
        (["--variants", "ufo", "--option", "ufo_encounter=near"], "--option ufo_encounter=near: not one of reach, exact"),
        (["--tokens", "short"], "--tokens: the token set is for the variants"),
        (["--variants", "ufo", "--tokens", "nowhere"], "unknown token set 'nowhere'"),
        (["--variants", "missions", "--board", "short", "--tokens", "standard"], "--tokens standard: does not fit board short"),
    ],
    ids=["players", "start-player", "option", "board", "log-folder", "variant", "variant-option", "variant-value",
         "tokens-alone", "tokens-unknown", "tokens-misfit"],
)
def test_usage_errors_are_one_line(argv, needle):
    proc = play(*argv, stdin="1\n")
    assert proc.returncode == 2
    assert proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("referee play: error: ") and needle in lines[0], proc.stderr


# -- text forms -------------------------------------------------------------------------------


def test_events_and_positions_read_well():
    state = mlem.initial_state(mlem.Setup(players=2, board=mlem.load_board("short")))
    state = mlem.apply(state, mlem.Embark(0, "satellite")).state
    t = mlem.apply(state, mlem.Embark(1, "parachute"))
    assert [event_line(e, t.state.board) for e in t.events] == [
        "player 1 boards their parachute astronaut (seat 2) [takeoff.boarding-order]",
        "boarding is complete: the rocket starts on space 3 [power.satellite]",
    ]
    lines = describe_state(t.state)
    assert lines[0] == "expedition 1, phase roll, crashes 0/11, start player 0, board short"
    assert lines[1] == "rocket on space 3 (faces 1 2 4), 6 dice"
    assert lines[2] == "seats: 1. player 0 satellite  2. player 1 parachute"
    assert lines[-1] == "next: the commander (player 0) rolls 6 dice"


def test_every_event_of_random_games_has_a_sentence_and_its_clause():
    rng = random.Random(8)
    kinds = set()
    for game in range(30):
        options = mlem.Options(game_end="immediate") if game % 3 == 0 else mlem.Options()
        setup = mlem.Setup(players=2 + game % 4, board=mlem.load_board(("short", "standard")[game % 2]), options=options)
        for _before, _action, t in playout(mlem.GAME, setup, rng):
            for e in t.events:
                text = event_line(e, setup.board)
                assert text.endswith(f" [{e.clause}]"), text
                assert not text.startswith(f"{e.type} {{"), text  # not the fallback for unknown event types
                kinds.add(e.type)
        lines = describe_state(t.state)
        assert lines[-1].startswith("game over (")
    assert kinds >= {"boarded", "rocket-placed", "rolled", "moved", "dice-removed", "crashed", "landed",
                     "stayed", "commander-changed", "goal-claimed", "returned-home", "expedition-ended",
                     "game-ended", "die-one-used", "no-landing", "passed-over"}


# -- variants ---------------------------------------------------------------------------------

VARIANTS = "exploration,missions,ufo"
MISSION_ID = re.compile(r"\bM\d\d\b")


def blocks(out: str) -> list[list[str]]:
    """The transcript cut before each echoed action: the echo, its events, the position shown
    (ending with "next: ..."), then the choices of the player to act."""
    found, current = [], []
    for line in out.splitlines():
        if line.startswith("> ") and current:
            found.append(current)
            current = []
        current.append(line)
    return found + [current]


def test_a_full_variant_game_keeps_missions_hidden_and_logs_legally(tmp_path):
    log = tmp_path / "variants.jsonl"
    proc = play("--players", "3", "--seed", "4", "--variants", VARIANTS, "--log", str(log), stdin="1\n" * 3000)
    assert (proc.returncode, proc.stderr) == (0, "")
    out = proc.stdout
    assert out.splitlines()[0].startswith("MLEM: 3 players, board standard, variants exploration, missions, ufo "
                                          "(tokens standard), dice random (seed ")
    report = verify_text(log.read_text(encoding="utf-8"))
    assert report.ok and report.game_over
    # the draws were sampled like the rolls and logged as actions
    kinds = {json.loads(x)["action"]["type"] for x in log.read_text(encoding="utf-8").splitlines()[1:-1]}
    assert {"draw", "discard", "roll"} <= kinds
    hands = report.state.missions.hands
    owner = {t.id: p for p, hand in enumerate(hands) for t in hand}
    owner |= {t.id: p for p, gone in enumerate(report.state.missions.discarded) for t in gone}
    # Before the game is over a mission id is shown only to its owner, when they are to act.
    shown_to = 0
    playing = [b for b in blocks(out) if not any(line.startswith("  game over (") for line in b)]
    for block in playing:
        nxt = next((line for line in block if line.startswith("  next: ")), "")
        viewer = int(nxt.split("player ")[1].split(" ")[0]) if re.match(r"  next: player \d \(", nxt) else None
        for line in block:
            if line.startswith(("> ", "  - ")):
                assert not MISSION_ID.search(line), line  # echoes and events never name a mission
            for mission in MISSION_ID.findall(line):
                assert viewer is not None and owner[mission] == viewer, (line, nxt)
                shown_to += 1
    assert shown_to > 0  # each player did see their own missions
    for block in playing:
        for line in block:
            if line.startswith("  missions: "):
                assert line.count("hidden") >= 2  # 3 players: at least two hands hidden from any viewer
    # a discard choice shows the mission's space
    assert re.search(r"^  1\. discard M\d\d  \(the mission for space \d+, (moon|planet P\d)", out, re.M)
    # final scores with the variant categories, and everyone's kept missions revealed
    final = out.split("final scores [scoring.winner]:")[1]
    sheet = mlem.scores(report.state)
    for p, s in enumerate(sheet):
        assert (f"  player {p}: {s.total} (moons {s.moons}, planets {s.planets}, deep space {s.deep_space}, "
                f"goals {s.goals}, exploration {s.exploration}, missions {s.missions}, ufo {s.ufo})") in final
    kept = next(line for line in final.splitlines() if line.startswith("  kept missions: "))
    assert set(MISSION_ID.findall(kept)) == {t.id for hand in hands for t in hand}  # discards stay hidden
    claimed = json.loads(log.read_text(encoding="utf-8").splitlines()[-1])
    assert set(claimed["scores"][0]) == {"moons", "planets", "deep_space", "goals", "exploration", "missions", "ufo",
                                         "total"}


def test_variant_short_forms_and_manual_draws_at_the_prompts(tmp_path):
    """Exploration + UFO on the short board, everything typed in as at a real table."""
    from tabletop_referee.games.mlem.interchange import load_tokens

    tokens = load_tokens("short")
    ex = [t.id for t in tokens.exploration]
    arrival = next(t for t in tokens.arrivals if t.ability == "reroll")
    entries = [
        "",                                   # a draw needs an id
        "Z99",                                # not in the pile: refused by the engine
        *[x.lower() for x in ex[:5]],         # the five setup draws, case does not matter
        f"draw {arrival.id}",                 # the arrival token
        "embark satellite", "embark parachute",
        " ".join(["2"] * (arrival.dice - 1) + ["4"]),   # a roll of the arrival token's dice
        "reroll",                             # the UFO ability: roll again
        " ".join(["1"] * arrival.dice),       # the new roll
        "reroll",                             # not twice in one expedition
        "quit",
    ]
    log = tmp_path / "manual.jsonl"
    proc = play("--board", "short", "--dice", "manual", "--variants", "exploration,ufo", "--log", str(log),
                stdin="\n".join(entries) + "\n")
    assert (proc.returncode, proc.stderr) == (0, "")
    out = proc.stdout
    assert "draw an exploration token (20 face down): type the token drawn, or quit: " in out
    assert "type the id of the token drawn, e.g. 'E01'" in out
    assert "not accepted: token 'Z99' is not in the face-down pile" in out and "[exploration.setup]" in out
    assert f"> draw {ex[0]}" in out
    assert f"  - arrival token {arrival.id} is revealed: the UFO moves {arrival.ufo_move} toward Earth" in out
    assert "> reroll" in out
    assert "uses the arrival token" in out and "[ufo.reroll]" in out
    assert "not allowed: the reroll ability was already used this expedition [ufo.ability]" in out
    docs = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert docs[0]["setup"]["options"]["variants"] == ["exploration", "ufo"]
    assert docs[0]["setup"]["tokens"] == "short"
    assert [d["action"] for d in docs[1:7]] == [{"type": "draw", "token": t} for t in (*ex[:5], arrival.id)]
    assert {"type": "reroll", "player": 0} in [d["action"] for d in docs[1:]]
    assert verify_text(log.read_text(encoding="utf-8")).ok


def test_describe_state_shows_each_viewer_only_what_they_may_see():
    from tabletop_referee.games.mlem.interchange import load_tokens
    from tabletop_referee.games.mlem.describe import TABLE

    setup = mlem.Setup(players=2, board=mlem.load_board("short"), tokens=load_tokens("short"),
                       options=mlem.Options(variants=("missions", "ufo")))
    state = mlem.initial_state(setup)
    rng = random.Random(1)
    while state.phase != "takeoff":
        state = mlem.apply(state, rng.choice(mlem.legal_actions(state))).state
    mine = [t.id for t in state.missions.hands[0]]
    theirs = [t.id for t in state.missions.hands[1]]
    lines = describe_state(state, 0)
    text = "\n".join(lines)
    assert all(m in text for m in mine) and not any(m in text for m in theirs)
    assert "player 1: 3 hidden" in text
    assert re.search(r"^player 1: 0 \+ \? points \(.*missions \?, ufo 0\)", text, re.M)
    table = "\n".join(describe_state(state, TABLE))
    assert not MISSION_ID.search(table)
    everything = "\n".join(describe_state(state))  # the referee's view (referee verify)
    assert all(m in everything for m in mine + theirs)
    assert lines[0].endswith("board short, variants missions, ufo")
    assert any(line.startswith("UFO on space ") for line in lines)
    assert any(re.match(r"this expedition's arrival token A\d\d: UFO moves \d, \d dice, ability ", line)
               for line in lines)
