"""The public surface of the Seven Knights Bewitched reference engine.

    >>> from tabletop_referee.games.seven_knights import engine, model
    >>> from tabletop_referee.games.seven_knights.interchange import standard_setup
    >>> s = engine.initial_state(standard_setup(5))
    >>> engine.actors(s), s.phase
    (('chance',), 'deal')

Order of ``legal_actions``: first players by seat; deals in lexicographic order of the values; inspections by tile
index; questions by answerer seat, then tile, then number sets by size and lexicographically,
then the expression templates (:func:`.rules.question.questions`; other well-formed
expressions are legal but not listed); answers Yes before No; recommendations by target seat
(a player who has chosen gets only ``Withdraw``); the captain's last questions then ``Skip``;
lines shorter first, each length lexicographically; ``Confirm``.
"""

from __future__ import annotations

import random
from fractions import Fraction

from ...errors import IllegalAction
from ..interface import Transition
from .model import (
    Answer, Arrange, Ask, Confirm, Deal, FirstPlayer, Inspect, Outcome, Question, Recommend, Setup, Skip,
    State, Withdraw, tile_ref, value_ref,
)
from .rules import answer as answer_rules
from .rules import captain as captain_rules
from .rules import command as command_rules
from .rules import deal as deal_rules
from .rules import inspection as inspection_rules
from .rules import question as question_rules
from .rules import recommendation as recommendation_rules
from .rules import round as round_rules
from .rules import turn as turn_rules
from .rules.bewitch import on_witch_team, witch_team
from .rules import end as end_rules
from .rules import setup as setup_rules
from .rules.modes import play_mode
from .rules.observation import observe
from .rules.settlement import mistakes
from .rules.work import Work

__all__ = [
    "initial_state", "actors", "legal_actions", "chance_outcomes", "sample_chance", "apply",
    "observe", "scores", "outcome", "is_over", "answer_could_be", "play_mode", "witch_team",
]


def initial_state(setup: Setup) -> State:
    """The state before the first deal; raises IllegalAction for a refused setup [setup.*]."""
    return setup_rules.initial_state(setup)


def actors(s: State) -> tuple:
    """Who decides next (the interface's actor model) [turn.actor]."""
    return turn_rules.actors(s)


def is_over(s: State) -> bool:
    return s.phase == "game-over"


def chance_outcomes(s: State) -> tuple:
    """The first-player draw [setup.first-player] or every deal [deal.shuffle-chance], with
    exact probabilities; ``()`` off chance nodes."""
    if s.phase == "first-player":
        return setup_rules.first_player_outcomes(s.setup)
    return deal_rules.outcomes(s.setup) if s.phase == "deal" else ()


def sample_chance(s: State, rng: random.Random):
    """One chance outcome drawn with its probability from ``rng``."""
    if s.phase == "first-player":
        return FirstPlayer(rng.randrange(s.setup.players))
    return deal_rules.sample(s.setup, rng)


def legal_actions(s: State, player: int | None = None) -> tuple:
    ph = s.phase
    acts = actors(s)
    if ph in ("deal", "first-player"):
        return tuple(a for a, _ in chance_outcomes(s))
    if player is None:
        if len(acts) != 1:
            return ()
        player = acts[0]
    if ph == "recommend":
        if s.recommendations[player] is not None:
            return (Withdraw(player),)
        return tuple(Recommend(player, t) for t in recommendation_rules.targets(s, player))
    if ph == "review":
        return () if s.confirmed[player] else (Confirm(player),)
    if player not in acts:
        return ()
    if ph == "inspect":
        return tuple(Inspect(player, t) for t in inspection_rules.targets(s, player))
    if ph == "ask":
        return question_rules.questions(s, player)
    if ph == "captain-ask":
        skip = (Skip(player),) if s.setup.options.last_question == "optional" else ()
        return question_rules.questions(s, player) + skip
    if ph in ("answer", "captain-answer"):
        return answer_rules.answers(s)
    if ph == "arrange":
        return command_rules.arrangements(s)
    return ()


_KINDS = {
    "first-player": (FirstPlayer,), "deal": (Deal,), "inspect": (Inspect,), "ask": (Ask,), "answer": (Answer,),
    "recommend": (Recommend, Withdraw), "captain-ask": (Ask, Skip),
    "captain-answer": (Answer,), "arrange": (Arrange,), "review": (Confirm,), "game-over": (),
}
_NAMES = {FirstPlayer: "a first-player draw", Deal: "a deal", Inspect: "an inspection", Ask: "a question", Answer: "an answer",
          Recommend: "a recommendation", Withdraw: "a withdrawal", Skip: "a skip",
          Arrange: "a line", Confirm: "a confirmation"}


def apply(s: State, a) -> Transition:
    """The state after ``a`` and its events; raises IllegalAction naming the clause."""
    ph = s.phase
    if ph == "game-over":
        raise IllegalAction("turn.phase-kind", "the game is over: no action is accepted")
    if not isinstance(a, _KINDS[ph]):
        raise IllegalAction("turn.phase-kind",
                            f"{_NAMES.get(type(a), 'that')} is not possible now: the phase is {ph}")
    w = Work(s)
    if isinstance(a, FirstPlayer):
        setup_rules.apply_first_player(w, a)
        return Transition(w.freeze(), tuple(w.events))
    if isinstance(a, Deal):
        deal_rules.apply(w, a)
        return Transition(w.freeze(), tuple(w.events))
    n = s.setup.players
    if not isinstance(a.player, int) or not 0 <= a.player < n:
        raise IllegalAction("turn.actor", f"there is no player {a.player}")
    acts = actors(s)
    if isinstance(a, Withdraw):
        if s.revealed_recommendations:
            raise IllegalAction("recommendation.change", "the recommendations are already revealed")
        recommendation_rules.withdraw(w, s, a)
        return Transition(w.freeze(), tuple(w.events))
    if isinstance(a, Recommend) and a.player not in acts:
        recommendation_rules.check(s, a)  # names recommendation.change
    if isinstance(a, Confirm) and a.player not in acts:
        raise IllegalAction("round.review", "you have already confirmed")
    if a.player not in acts:
        who = " or ".join(f"player {p}" for p in acts)
        raise IllegalAction("turn.actor", f"it is not your turn: {who} decides now")
    if isinstance(a, Inspect):
        inspection_rules.apply(w, s, a)
    elif isinstance(a, Ask):
        _ask(w, s, a)
    elif isinstance(a, Answer):
        _answer(w, s, a)
    elif isinstance(a, Skip):
        if s.setup.options.last_question == "required":
            raise IllegalAction("command.last-question",
                                "the captain must ask the last question (option last_question)")
        w.emit("last-question-skipped", "command.last-question", player=a.player)
        _after_last_question(w, s)
    elif isinstance(a, Recommend):
        if recommendation_rules.apply(w, s, a):
            captain_rules.appoint(w)
            if s.setup.options.captain_check_order == "check-first":
                if captain_rules.side_check(w, s):
                    round_rules.finish(w, s, False, "witch-captain")
                    return Transition(w.freeze(), tuple(w.events))
            w.phase = "captain-ask"
    elif isinstance(a, Arrange):
        _arrange(w, s, a)
    elif isinstance(a, Confirm):
        w.confirmed[a.player] = True
        w.emit("confirmed", "round.review", player=a.player)
        if all(w.confirmed):
            round_rules.start_next(w, s)
    return Transition(w.freeze(), tuple(w.events))


def _ask(w: Work, s: State, a: Ask) -> None:
    question_rules.check_question(s, a)
    last = s.phase == "captain-ask"
    n = s.setup.players
    q = Question(a.player, a.answerer, a.tiles, a.numbers, a.expression, None, last)
    w.emit("asked", "command.last-question" if last else "question.order", player=a.player,
           answerer=a.answerer, tiles=[tile_ref(t) for t in a.tiles], numbers=list(a.numbers),
           expression=a.expression)
    if s.setup.options.cooperative:
        yes = answer_rules.true_answer(s, q)
        w.questions.append(Question(q.asker, q.answerer, q.tiles, q.numbers, q.expression, yes, last))
        w.emit("answered", "answer.cooperative-automatic", player=a.answerer, yes=yes)
        _after_answer(w, s, last)
        return
    w.questions.append(q)
    w.phase = "captain-answer" if last else "answer"


def _answer(w: Work, s: State, a: Answer) -> None:
    answer_rules.check(s, a)
    q = s.questions[-1]
    w.questions[-1] = Question(q.asker, q.answerer, q.tiles, q.numbers, q.expression, a.yes, q.last)
    w.emit("answered", "answer.public", player=a.player, yes=a.yes)
    _after_answer(w, s, q.last)


def _after_answer(w: Work, s: State, last: bool) -> None:
    if last:
        _after_last_question(w, s)
    elif sum(1 for q in w.questions if not q.last) == w.players:
        w.phase = "recommend"
        w.recommendations = [None] * w.players
    else:
        w.phase = "ask"


def _after_last_question(w: Work, s: State) -> None:
    if s.setup.options.captain_check_order == "question-first" and captain_rules.side_check(w, s):
        round_rules.finish(w, s, False, "witch-captain")
        return
    w.phase = "arrange"


def _arrange(w: Work, s: State, a: Arrange) -> None:
    command_rules.check(s, a)
    w.arrangement = a.order
    found = mistakes(s, a.order)
    n = s.setup.players
    w.emit("line-revealed", "settlement.reveal", captain=a.player,
           order=[tile_ref(t) for t in a.order],
           values=[value_ref(s.values[t]) for t in a.order],
           mistakes=[{"tile": tile_ref(t), "clause": c} for t, c in found])
    round_rules.finish(w, s, not found, "line" if not found else "mistake")


# -- results --------------------------------------------------------------------------------


def scores(s: State) -> tuple[int, ...]:
    return s.scores


def outcome(s: State) -> Outcome | None:
    """Winners (all tied for the highest total share the win) [end.winner]; None before the end."""
    return end_rules.outcome(s)


# -- explanations ---------------------------------------------------------------------------


def answer_could_be(s: State, player: int, yes: bool) -> tuple[bool, str, tuple[tuple[str, object], ...]]:
    """Whether ``player`` could give answer ``yes`` to the pending question, the clause that
    decides, and the hidden facts that decide it (for ``explain`` / ``verify``).

    The facts are ``(name, value)`` pairs: the values of the tiles asked about, the true answer,
    and the team of the answerer (with the Witch tile when that makes them Witch team).
    """
    if s.phase not in ("answer", "captain-answer"):
        return False, "turn.phase-kind", (("phase", s.phase),)
    q = s.questions[-1]
    if player != q.answerer:
        return False, "answer.by-addressee", (("answerer", q.answerer),)
    truth = answer_rules.true_answer(s, q)
    facts: list[tuple[str, object]] = [
        (f"tile {question_rules.tile_name(s, t)}", s.values[t]) for t in q.tiles]
    facts.append(("true answer", "yes" if truth else "no"))
    if s.setup.options.cooperative:
        return yes == truth, "answer.cooperative-automatic", tuple(facts)
    if on_witch_team(s, player):
        w = next(i for i, v in enumerate(s.values) if v == 0)
        facts.append(("team", "witch"))
        facts.append(("witch tile", question_rules.tile_name(s, w)))
        return True, "answer.witch-may-lie", tuple(facts)
    facts.append(("team", "knights"))
    return yes == truth, "answer.knights-truthful", tuple(facts)
