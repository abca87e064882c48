"""Questions and answers [question.*, answer.*]: the expression language, who may ask about
which tile, number sets, the Witch's truth, and truthful Knights."""

from __future__ import annotations

import pytest
from sk_helpers import GAME, act, position

from tabletop_referee.errors import IllegalAction
from tabletop_referee.games.seven_knights import answer_could_be
from tabletop_referee.games.seven_knights.model import WITCH, Ask
from tabletop_referee.games.seven_knights.rules import question as q


# -- the expression language --------------------------------------------------------------


@pytest.mark.parametrize(("text", "values", "expected"), [
    ("A<B", (2, 5), True),
    ("A<B", (5, 2), False),
    ("A+1=B | B+1=A", (4, 3), True),
    ("A+1=B | B+1=A", (4, 6), False),
    ("7 < A+B", (3, 5), True),
    ("7 < A+B", (3, 4), False),
    ("A+B+C=9", (2, 3, 4), True),
    ("(A<B) & (B<C)", (1, 2, 3), True),
    ("(A<B) & (B<C)", (1, 3, 2), False),
    ("A=1 | A=2 & B=7", (1, 5), True),   # & binds tighter than |
    ("(A=1 | A=2) & B=7", (1, 5), False),
    ("0<A", (3,), True),
    ("ab<", (2, 5), True),                    # postfix, as the spec writes it
    ("ab1+=ba1+=|", (4, 3), True),
    ("ab+7<", (3, 4), False),
    ("a b c + + 9 =", (2, 3, 4), True),
])
def test_expressions_evaluate(text, values, expected):
    assert q.truth(values, (), text) is expected


@pytest.mark.parametrize(("text", "clause"), [
    ("A+B", "question.expression"),           # not a yes/no statement
    ("A<B<C", "question.expression"),         # chained comparison
    ("(A<B)+1=C", "question.expression"),     # a statement used as a number
    ("A<B & 3", "question.expression"),       # a number used as a statement
    ("12<A", "question.expression-limits"),   # digits only
    ("A>B", "question.expression-limits"),    # no > operator
    ("A<B)", "question.expression-limits"),   # not well formed
    ("(A<B", "question.expression-limits"),
    ("", "question.expression-limits"),
    ("A+A+A+A+A+A+A+A=B", "question.expression-limits"),  # 17 postfix symbols
    ("ab<<", "question.expression-limits"),   # postfix operator lacking operands
    ("ab<1", "question.expression-limits"),   # postfix value left over
    ("ab+", "question.expression"),           # postfix number, not yes/no
])
def test_bad_expressions_are_refused(text, clause):
    with pytest.raises(q.ExpressionError) as exc:
        q.parse(text)
    assert exc.value.clause == clause


def test_the_size_limit_counts_postfix_symbols():
    # a binary tree has an odd size, so 15 is the largest expression under the limit of 16
    assert q.size(q.parse("A+A+A+A+A+A+A=B")) == 15
    assert q.size(q.parse("(A+1<B) & (B<A) | A+B<9")) == 15
    with pytest.raises(q.ExpressionError):
        q.parse("A+A+A+A+A+A+A+1=B")


def test_the_witch_is_in_no_set_and_makes_expressions_false():
    assert q.truth((WITCH,), (1, 2, 3, 4, 5, 6), "") is False
    assert q.truth((WITCH, 3), (), "A<B") is False
    assert q.truth((WITCH, 3), (), "A<B | B=3") is False  # any Witch tile: the whole is false
    assert q.truth((WITCH,), (), "0<A") is False


# -- legality of questions ----------------------------------------------------------------
# 4 players, standard: p0=3, p1=1, p2=Witch, p3=2, centre c0=4.
# Inspections: p0 -> 1, p1 -> c0, p2 -> 0, p3 -> 2 (p3 sees the Witch and is bewitched).


def asking_state(**extra):
    return position(players=4, deal=[3, 1, "W", 2, 4], inspections=[1, "c0", 0, 2], **extra)


def rejection(state, text, player=None):
    with pytest.raises(IllegalAction) as exc:
        act(state, text, player)
    return exc.value


def test_asking_about_a_tile_you_know_is_refused():
    e = rejection(asking_state(), "ask 1 1,2")
    assert e.clause == "question.asker-must-not-know"
    assert "you already know that tile" in e.message
    # p2 inspected p0's tile, but p0 knows their own tile
    assert rejection(asking_state(), "ask 2 3 on 0").clause == "question.asker-must-not-know"


def test_the_answerer_must_know_the_tile():
    e = rejection(asking_state(), "ask 3 1,2 on c0")
    assert e.clause == "question.answerer-must-know"


def test_a_question_goes_to_another_player():
    assert rejection(asking_state(), "ask 0 1 on c0").clause == "question.other-player"


def test_number_sets_must_be_neither_empty_nor_full():
    s = asking_state()
    assert rejection(s, "ask 1 - on c0").clause == "question.number-set-nonempty"
    assert rejection(s, "ask 1 1,2,3,4,5,6,7 on c0").clause == "question.number-set-nonempty"
    t = act(s, "ask 1 1,2,3,4,5,6 on c0")
    assert t.state.phase == "answer"


def test_legal_question_lists_only_legal_questions_and_include_templates():
    s = asking_state()
    asks = GAME.legal_actions(s)
    assert asks and all(isinstance(a, Ask) for a in asks)
    for a in asks[::37]:
        GAME.apply(s, a)  # every listed question is accepted
    assert {a.answerer for a in asks} == {1, 2, 3}
    assert all(0 not in a.tiles and 1 not in a.tiles for a in asks)  # p0 knows tiles 0 and 1
    # p1 knows own tile (p0 knows it) and c0: 126 number sets about c0, no two-tile question
    assert sum(a.answerer == 1 for a in asks) == 126
    # p3 knows own tile 3 and tile 2: 2 x 126 sets + "A<B" both ways + one adjacency question
    to_p3 = [a for a in asks if a.answerer == 3]
    assert len(to_p3) == 2 * 126 + 3
    assert Ask(0, 3, (2, 3), (), "A<B") in to_p3 and Ask(0, 3, (3, 2), (), "A<B") in to_p3


def test_expression_questions_are_checked():
    s = asking_state()
    assert act(s, 'ask 3 "A<B" on 2,3').state.phase == "answer"
    assert rejection(s, 'ask 3 "A<C" on 2,3').clause == "question.expression-limits"  # C unbound
    assert rejection(s, 'ask 3 "A<5" on 2,3').clause == "question.expression-limits"  # B unused
    assert act(s, 'ask 3 "ab<" on 2,3').state.questions[-1].expression == "ab<"  # postfix
    assert rejection(s, 'ask 3 "A>B" on 2,3').clause == "question.expression-limits"


def test_three_tile_questions_in_darkness_and_the_two_tile_option():
    # darkness, 4 players: p0=5 p1=2 p2=7 p3=3, centre c0=W c1=1 c2=4 (6 unused)
    doc = dict(players=4, options={"variant": "darkness"}, deal=[5, 2, 7, 3, "W", 1, 4],
               inspections=[3, 2, 0, 0, "c1", "c2", "c1", "c1"])
    s = position(**doc)
    # p1 knows tiles 1, 2 and c2, none of which p0 (0, 3, c1) knows
    t = act(s, 'ask 1 "A<B+C" on 1,2,c2')
    assert t.state.phase == "answer"
    assert GAME.legal_actions(t.state) == (GAME.notation.parse_action("answer yes", t.state),)
    assert any(len(a.tiles) == 3 for a in GAME.legal_actions(s))
    s2 = position(**doc | {"options": {"variant": "darkness", "max_question_tiles": 2}})
    assert rejection(s2, 'ask 1 "A<B+C" on 1,2,c2').clause == "question.tile-count"
    assert all(len(a.tiles) <= 2 for a in GAME.legal_actions(s2))


# -- answers ------------------------------------------------------------------------------


def test_knights_must_answer_truthfully():
    s = act(asking_state(), "ask 1 1,2,3 on c0").state  # c0 is 4: the truth is No
    assert GAME.legal_actions(s) == (GAME.notation.parse_action("answer no", s),)
    e = rejection(s, "answer yes")
    assert e.clause == "answer.knights-truthful"
    assert e.message == "Knights-team players must answer truthfully"
    ok, clause, facts = answer_could_be(s, 1, True)
    assert (ok, clause) == (False, "answer.knights-truthful")
    assert ("true answer", "no") in facts and ("tile centre tile c0", 4) in facts
    assert act(s, "answer no").state.questions[-1].answer is False


def test_the_bewitched_may_lie():
    s = act(asking_state(), "ask 3 1,2 on 3").state  # p3 holds 2 (Yes) but saw the Witch
    assert len(GAME.legal_actions(s)) == 2
    lie = act(s, "answer no")
    assert lie.state.questions[-1].answer is False
    ok, clause, facts = answer_could_be(s, 3, False)
    assert (ok, clause) == (True, "answer.witch-may-lie")
    assert ("team", "witch") in facts


def test_a_question_about_the_witch_tile_is_false():
    s = act(asking_state(), 'ask 3 "0<A" on 2').state
    ok, _, facts = answer_could_be(s, 3, True)
    assert ok and ("true answer", "no") in facts


def test_only_the_addressee_answers():
    s = act(asking_state(), "ask 1 4 on c0").state
    assert rejection(s, "answer yes", 2).clause == "turn.actor"


def test_cooperative_answers_are_automatic():
    s = position(players=4, options={"cooperative": True}, deal=[3, 1, 5, 2, 4],
                 inspections=[1, "c0", 0, 2])
    t = act(s, "ask 1 1,2,3 on c0")
    answered = [e for e in t.events if e.type == "answered"]
    assert [(e.clause, e["yes"]) for e in answered] == [("answer.cooperative-automatic", False)]
    assert t.state.phase == "ask" and GAME.actors(t.state) == (1,)


def test_a_number_set_names_one_tile():
    e = rejection(asking_state(), "ask 3 1,2 on 2,3")
    assert e.clause == "question.tile-count"
