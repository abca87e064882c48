"""Answers [answer.*]: Knights-team players answer truthfully, the Witch team as they like."""

from __future__ import annotations

from collections.abc import Iterator
from typing import cast

from ....errors import IllegalAction
from ..model import Answer, Question, State
from .bewitch import on_witch_team
from .question import truth


def true_answer(s: State, q: Question) -> bool:
    # the tiles asked about are in play, dealt before any question
    return truth(tuple(cast(int, s.values[t]) for t in q.tiles), q.numbers, q.expression)


def answers(s: State) -> tuple[Answer, ...]:
    """Yes then No for a Witch-team answerer; only the truth for a Knights-team one."""
    q = s.questions[-1]
    if on_witch_team(s, q.answerer):
        return (Answer(q.answerer, True), Answer(q.answerer, False))
    return (Answer(q.answerer, true_answer(s, q)),)


def check_answer_by_addressee(s: State, a: Answer) -> Iterator[IllegalAction]:
    """[answer.by-addressee] The player asked answers, yes or no (the turn checks who)."""
    if not isinstance(a.yes, bool):
        yield IllegalAction("answer.by-addressee", "the answer is yes or no")


def check_answer_knights_truthful(s: State, a: Answer) -> Iterator[IllegalAction]:
    """[answer.knights-truthful] A Knights-team player answers truthfully."""
    if a.yes != true_answer(s, s.questions[-1]) and not on_witch_team(s, a.player):
        yield IllegalAction("answer.knights-truthful",
                            "Knights-team players must answer truthfully")
