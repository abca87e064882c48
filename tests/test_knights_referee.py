"""Settling Seven Knights disputes from a logged game: `verify` flags a planted Knights-team lie
at its line with its clause and the hidden facts that make it a lie, and `explain` answers
"could this player have answered No here?" from the position."""

from __future__ import annotations

import json
import random

from tabletop_referee.cli import main
from tabletop_referee.games import load
from tabletop_referee.sampler import playout
from tabletop_referee.verify import claimed_scores, log_text, report_json, verify_text

GAME = load("seven-knights")


def logged_game(seed: int):
    """A random logged game with at least one answer given by a Knights-team player."""
    for s in range(seed, seed + 50):
        rng = random.Random(s)
        setup = GAME.random_setup(rng, players=4, options={"variant": "standard", "cooperative": False})
        steps = list(playout(GAME, setup, rng))
        for i, (before, action, _t) in enumerate(steps):
            doc = GAME.action_to_json(action)
            if doc["type"] == "answer":
                legal = [GAME.action_to_json(a) for a in GAME.legal_actions(before)]
                if len(legal) == 1:  # the answer was forced: a Knights-team answerer
                    return setup, [a for _b, a, _t in steps], i, steps[-1][2].state
    raise AssertionError("no forced answer in 50 games")


def test_verify_flags_a_planted_knights_lie_at_its_line_with_the_facts(capsys):
    setup, actions, index, final = logged_game(1)
    docs = [GAME.action_to_json(a) for a in actions]
    docs[index] = {**docs[index], "yes": not docs[index]["yes"]}  # the lie
    text = log_text(GAME, GAME.setup_to_json(setup), docs, claimed_scores(GAME, final))
    report = verify_text(text, "seven-knights")
    assert not report.legal
    bad = report.illegal
    assert bad.line == index + 2 and bad.index == index  # line 1 is the setup line
    assert bad.clause == "answer.knights-truthful"
    assert "team: knights" in bad.facts and any(f.startswith("true answer: ") for f in bad.facts)
    doc = report_json(report, "game.jsonl")
    assert doc["verdict"] == "illegal" and doc["illegal"]["facts"] == list(bad.facts)
    # the untouched log is legal and its claimed scores match
    assert verify_text(log_text(GAME, GAME.setup_to_json(setup), actions, claimed_scores(GAME, final)),
                       "seven-knights").ok


def test_explain_answers_could_this_player_have_answered_no(tmp_path, capsys):
    setup, actions, index, _final = logged_game(7)
    state = GAME.initial_state(setup)
    for a in actions[:index]:
        state = GAME.apply(state, a).state
    forced = GAME.action_to_json(actions[index])
    player = forced["player"]
    path = tmp_path / "position.json"
    path.write_text(json.dumps(GAME.state_to_json(state)), encoding="utf-8")
    lie = "no" if forced["yes"] else "yes"
    truth = "yes" if forced["yes"] else "no"
    assert main(["explain", "--game", "seven-knights", str(path), f"answer {lie} player:{player}", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["legal"] is False and doc["rejection"]["clause"] == "answer.knights-truthful"
    assert "team: knights" in doc["rejection"]["facts"]
    assert main(["explain", "--game", "seven-knights", str(path), f"answer {truth} player:{player}"]) == 0
    assert "Answer: legal" in capsys.readouterr().out
