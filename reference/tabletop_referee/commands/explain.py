"""``referee explain``: answer a rules question with clauses, sources and disputes."""

from __future__ import annotations

import argparse

from ..explain import ASKS, answer_question, answer_to_json, load_question, render_brief, render_text
from ..output import dumps
from .common import EXIT_OK, emit, game_arg, option_arg


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "explain",
        help="answer a rules question: play actions on a position and show clauses, sources and disputes",
        description=(
            "Plays ACTION on the position in STATE with the reference engine and explains the result: "
            "the events with their clauses and sources, or the clause that forbids the action and the "
            "legal alternatives, and what each other reading of a disputed rule would give. STATE is a "
            "full state (interchange JSON), a compact position (YAML/JSON), or a question file "
            "{position, actions, question}; '-' reads stdin. ACTION is a file, '-', action JSON/YAML, "
            "or a short form in the game's notation, e.g. for MLEM 'roll 1,2,2,3', 'move 2+afterburner' "
            "(or 'move 2 a'), 'move 1x2+3' (one of the 2s, all 3s), 'move 1 die-one:2' (or 'move 1 die-one 2'), "
            "'land 7', 'stay', "
            "'embark satellite'; with the variants 'draw E07', 'discard M04', 'reroll', 'move extra-face', "
            "'move 2+3 keep-dice' (add 'player:N' to act for player N). With --ask (or 'ask' in a question "
            "file) no action is needed: the answer says what the position scores, who wins, or what the "
            "actor may do, with the clauses that decide it."
        ),
    )
    p.add_argument("--game", type=game_arg, required=True, help="the game id")
    p.add_argument("state", metavar="STATE", help="state, position or question file; '-' for stdin")
    p.add_argument("action", metavar="ACTION", nargs="*",
                   help="the action (words are joined: roll 1 2 2 3 works unquoted)")
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="print one JSON document instead of text")
    out.add_argument("--brief", action="store_true",
                     help="short text: the verdict, the deciding clause and one line per event")
    p.add_argument("--ask", action="append", choices=ASKS, metavar="WHAT",
                   help=f"ask the position (after the actions, if any) a question that needs no action: "
                        f"{', '.join(ASKS)} (what it scores, who wins, what the actor may do; repeatable)")
    p.add_argument("--option", type=option_arg, action="append", metavar="NAME=VALUE",
                   help="play under this rule option, replacing the position's (repeatable)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    question = load_question(args.game, args.state, " ".join(args.action), dict(args.option or []),
                             args.ask or ())
    answer = answer_question(question)
    if args.json:
        emit(dumps(answer_to_json(answer), indent=2) + "\n")
    elif args.brief:
        emit(render_brief(answer))
    else:
        emit(render_text(answer))
    return EXIT_OK
