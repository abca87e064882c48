"""The public surface of the Seven Knights Bewitched reference engine.

A short tour. A game starts from a setup; chance (the deal) is an action carrying its outcome,
listed with exact probabilities:

    >>> from tabletop_referee.games.seven_knights import engine
    >>> from tabletop_referee.games.seven_knights.interchange import standard_setup
    >>> from tabletop_referee.games.seven_knights.model import Deal, Inspect
    >>> s = engine.initial_state(standard_setup(4))
    >>> engine.actors(s), s.phase, s.phase == "deal"
    (('chance',), <Phase.DEAL: 'deal'>, True)
    >>> engine.chance_outcomes(s)[0]
    (Deal(values=(0, 1, 2, 3, 4)), Fraction(1, 120))

``apply`` returns the next state and the events, each naming the clause that made it happen
(:mod:`.events` lists every kind):

    >>> t = engine.apply(s, Deal((3, 1, 0, 2, 4)))
    >>> [(e.type, e.clause) for e in t.events], t.state.phase, engine.actors(t.state)
    ([('dealt', 'deal.shuffle-chance')], <Phase.INSPECT: 'inspect'>, (0,))
    >>> t = engine.apply(t.state, Inspect(0, 2))
    >>> [(e.type, dict(e.data)) for e in t.events][1]
    ('bewitched', {'player': 0})

A refused action raises the first rule it breaks (:mod:`.rules.checks` lists the checks in
order), with the action and the phase attached; ``is_legal`` asks the same checks:

    >>> try:
    ...     engine.apply(t.state, Inspect(1, 1))
    ... except Exception as e:
    ...     print(e, "/", e.phase)
    [inspection.not-own] you may not inspect your own tile / inspect
    >>> engine.is_legal(t.state, Inspect(1, 0)), engine.is_legal(t.state, Inspect(2, 0))
    (True, False)

Order of ``legal_actions``: first players by seat; deals in lexicographic order of the values; inspections by tile
index; questions by answerer seat, then tile, then number sets by size and lexicographically,
then the expression templates (:func:`.rules.question.questions`; other well-formed
expressions are legal but not listed); answers Yes before No; recommendations by target seat
(a player who has chosen gets only ``Withdraw``); the captain's last questions then ``Skip``;
lines shorter first, each length lexicographically; ``Confirm``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import Any, cast

from ...errors import IllegalAction
from ..interface import Actor, Transition
from .model import (
    Action, Answer, Arrange, Ask, Confirm, Deal, FirstPlayer, Inspect, Outcome, Question, Recommend, Setup, Skip,
    State, Withdraw, tile_ref, value_ref,
)
from .rules import answer as answer_rules
from .rules import captain as captain_rules
from .rules import checks
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
    "initial_state", "actors", "legal_actions", "chance_outcomes", "sample_chance", "apply", "apply_legal",
    "violations", "is_legal",
    "observe", "scores", "outcome", "is_over", "answer_could_be", "play_mode", "witch_team",
]


def initial_state(setup: Setup) -> State:
    """The state before the first deal; raises IllegalAction for a refused setup [setup.*,
    modes.*] (the first of :func:`.rules.checks.setup_violations`)."""
    checks.check_setup(setup)
    return setup_rules.initial_state(setup)


def actors(s: State) -> tuple[Actor, ...]:
    """Who decides next (the interface's actor model) [turn.actor]."""
    return turn_rules.actors(s)


def is_over(s: State) -> bool:
    return s.phase == "game-over"


def chance_outcomes(s: State) -> tuple[tuple[FirstPlayer | Deal, Fraction], ...]:
    """The first-player draw [setup.first-player] or every deal [deal.shuffle-chance], with
    exact probabilities; ``()`` off chance nodes."""
    if s.phase == "first-player":
        return setup_rules.first_player_outcomes(s.setup)
    return deal_rules.outcomes(s.setup) if s.phase == "deal" else ()


def sample_chance(s: State, rng: random.Random) -> FirstPlayer | Deal:
    """One chance outcome drawn with its probability from ``rng``."""
    if s.phase == "first-player":
        return FirstPlayer(rng.randrange(s.setup.players))
    return deal_rules.sample(s.setup, rng)


def legal_actions(s: State, player: int | None = None) -> tuple[Action, ...]:
    ph = s.phase
    acts = actors(s)
    if ph in ("deal", "first-player"):
        return tuple(a for a, _ in chance_outcomes(s))
    if player is None:
        if len(acts) != 1:
            return ()
        player = cast(int, acts[0])  # not a chance node (handled above): a player
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


def violations(s: State, a: object) -> Iterator[IllegalAction]:
    """Every rule ``a`` breaks in ``s``, in the order they are reported
    (:mod:`.rules.checks`); ``apply`` raises the first."""
    return checks.violations(s, a)


def is_legal(s: State, a: object) -> bool:
    """Whether ``apply(s, a)`` would accept ``a``: no rule check fails."""
    return next(checks.violations(s, a), None) is None


def apply(s: State, a: object) -> Transition:
    """The state after ``a`` and its events; raises the first violation (an IllegalAction
    naming the clause, with the action and the phase attached)."""
    problem = next(checks.violations(s, a), None)
    if problem is not None:
        raise problem.with_context(a, s.phase)
    return apply_legal(s, a)


def apply_legal(s: State, a: object) -> Transition:
    """:func:`apply` without the rule checks, for an action taken from :func:`legal_actions`
    or the chance outcomes of ``s`` (play loops; anything judging an action calls :func:`apply`)."""
    w = Work(s)
    _EFFECTS[type(a)](w, s, a)
    return Transition(w.freeze(), tuple(w.events))


# -- effects (the checks have passed) --------------------------------------------------------


def _first_player(w: Work, s: State, a: FirstPlayer) -> None:
    setup_rules.apply_first_player(w, a)


def _deal(w: Work, s: State, a: Deal) -> None:
    deal_rules.apply(w, a)


def _withdraw(w: Work, s: State, a: Withdraw) -> None:
    recommendation_rules.withdraw(w, s, a)


def _inspect(w: Work, s: State, a: Inspect) -> None:
    inspection_rules.apply(w, s, a)


def _skip(w: Work, s: State, a: Skip) -> None:
    w.emit("last-question-skipped", "command.last-question", player=a.player)
    _after_last_question(w, s)


def _recommend(w: Work, s: State, a: Recommend) -> None:
    if not recommendation_rules.apply(w, s, a):
        return
    captain_rules.appoint(w)
    if s.setup.options.captain_check_order == "check-first" and captain_rules.side_check(w, s):
        round_rules.finish(w, s, False, "witch-captain")
        return
    w.phase = "captain-ask"


def _confirm(w: Work, s: State, a: Confirm) -> None:
    w.confirmed[a.player] = True
    w.emit("confirmed", "round.review", player=a.player)
    if all(w.confirmed):
        round_rules.start_next(w, s)


def _ask(w: Work, s: State, a: Ask) -> None:
    last = s.phase == "captain-ask"
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
    w.arrangement = a.order
    found = mistakes(s, a.order)
    w.emit("line-revealed", "settlement.reveal", captain=a.player,
           order=[tile_ref(t) for t in a.order],
           values=[value_ref(s.values[t]) for t in a.order],
           mistakes=[{"tile": tile_ref(t), "clause": c} for t, c in found])
    round_rules.finish(w, s, not found, "line" if not found else "mistake")


_EFFECTS: dict[type, Callable[[Work, State, Any], None]] = {
    FirstPlayer: _first_player, Deal: _deal, Inspect: _inspect, Ask: _ask, Answer: _answer,
    Skip: _skip, Recommend: _recommend, Withdraw: _withdraw, Arrange: _arrange,
    Confirm: _confirm,
}
"""What each kind of action does, once :func:`violations` found nothing."""


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
