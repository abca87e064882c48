"""The Celestia reference engine: the thin public surface over ``rules/``.

Pure functions of frozen values: no clocks, files or random numbers. Chance (the deal and
later draws from the action deck, treasure draws, event dice) arrives as chance actions
carrying their outcome; :func:`chance_outcomes` gives each with its exact probability.

A short tour. The game starts with the deal, one chance action per card, each listed with
its exact probability:

    >>> from tabletop_referee.games.celestia import engine
    >>> from tabletop_referee.games.celestia.interchange import make_setup
    >>> from tabletop_referee.games.celestia.model import Go, Leave, Stay
    >>> s = engine.initial_state(make_setup(2))
    >>> s.phase, engine.actors(s), engine.chance_outcomes(s)[0]
    (<Phase.DEAL: 'deal'>, ('chance',), (Deal(card='compass'), Fraction(5, 21)))
    >>> while s.phase == "deal":
    ...     s = engine.apply(s, engine.chance_outcomes(s)[0][0]).state
    >>> s.phase, s.captain, s.aboard
    (<Phase.ROLL: 'roll'>, 0, (0, 1))

``apply`` returns the next state and the events, each naming the clause that made it happen
(:mod:`.events` lists every kind); then the passenger decides:

    >>> t = engine.apply(s, engine.chance_outcomes(s)[0][0])
    >>> [(e.type, e.clause) for e in t.events], t.state.phase, engine.legal_actions(t.state)
    ([('roll', 'roll.faces')], <Phase.DECIDE: 'decide'>, (Stay(player=1), Leave(player=1)))

A refused action raises the first rule it breaks (:mod:`.rules.checks` lists the checks in
order), with the action and the phase attached; ``is_legal`` asks the same checks:

    >>> try:
    ...     engine.apply(t.state, Leave(0))
    ... except Exception as e:
    ...     print(e.clause, "/", e.phase, "/", e.action)
    passengers.captain-stays / decide / Leave(player=0)
    >>> engine.is_legal(t.state, Stay(1)), engine.is_legal(t.state, Go(1))
    (True, False)

Legal actions come in this deterministic order: chance outcomes in the order
:func:`chance_outcomes` lists them (card or face order); at the lone captain's choice
``land`` then ``go``; a passenger's ``stay`` then ``leave``; in the power window the Power
card plays (card order, then target/die) then ``pass``; the captain's ``meet`` then ``crash``;
after a crash ``jetpack`` then ``pass``.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from typing import cast

from ...errors import IllegalAction
from ..interface import Actor, Transition
from .model import (
    CARDS,
    Action,
    Crash,
    Deal,
    Go,
    Hidden,
    Land,
    Leave,
    Meet,
    Outcome,
    Pass,
    Play,
    Reroll,
    Roll,
    Score,
    Setup,
    State,
    Stay,
    Treasure,
)
from .rules import (
    checks, crash, deck, end, equipment, journey, lone, passengers, power, roll, treasure, turn,
)
from .rules.deck import deck_cards
from .rules.work import Work, full



def initial_state(setup: Setup) -> State:
    """The state before the deal: every player is owed their starting hand [setup.*].

    Raises:
        IllegalAction: a player count outside 2-6, or a first captain who is not a player.
    """
    checks.check_setup(setup)
    n = setup.players
    size = setup.deck.hand_size(n)
    cards = deck_cards(setup)
    first = setup.first_captain
    to_deal = tuple((first + i) % n for _ in range(size) for i in range(n))
    s = State(
        setup=setup, phase="deal", journey=0, deck=cards, discard=(),
        hands=((),) * n, piles=tuple(c.treasures for c in setup.treasures.cities),
        won=((),) * n, aboard=(), captain=first, first_captain=first, city=0,
        to_deal=to_deal,
    )
    if not cards:
        w = Work(s)
        w.to_deal = []
        if deck.settle(w):
            journey.start(w)
        return w.freeze()
    return s


def actors(s: State) -> tuple[Actor, ...]:
    """Who decides next: ``()`` once the game is over, ``(CHANCE,)`` at chance nodes."""
    return turn.actors(s)


def current_actor(s: State) -> Actor | None:
    return turn.current_actor(s)


def chance_outcomes(s: State) -> tuple[tuple[Action, Fraction], ...]:
    """Every chance outcome with its exact probability; ``()`` off chance nodes."""
    p = s.phase
    if p == "deal":
        return deck.outcomes(s)
    if p == "roll":
        return roll.outcomes(s)
    if p == "treasure":
        return treasure.outcomes(s)
    if p == "reroll":
        return tuple((Reroll(r.faces), q) for r, q in roll.outcomes_for(s.rerolls))
    return ()


def legal_actions(s: State, player: int | None = None) -> tuple[Action, ...]:
    """Every legal action of the one actor, in the order the module docstring gives."""
    p = s.phase
    if p == "game-over":
        return ()
    if p in ("deal", "roll", "treasure", "reroll"):
        return tuple(a for a, _ in chance_outcomes(s))
    actor = cast(int, current_actor(s))  # not a chance step, not over: a player decides
    if player is not None and player != actor:
        return ()
    if p == "land-or-roll":
        return (Land(actor), Go(actor))
    if p == "decide":
        return (Stay(actor), Leave(actor)) if passengers.may_leave(full(s)) else (Stay(actor),)
    if p == "power":
        return tuple(power.plays(full(s), actor)) + (Pass(actor),)
    if p == "challenge":
        return tuple(equipment.options(full(s)))
    if p == "jetpack":
        return tuple(crash.options(full(s), actor))
    return ()


def violations(s: State, action: Action) -> Iterator[IllegalAction]:
    """Every rule ``action`` breaks in ``s``, in the order they are reported
    (:mod:`.rules.checks`); ``apply`` raises the first."""
    return checks.violations(s, action)


def is_legal(s: State, action: Action) -> bool:
    """Whether ``apply(s, action)`` would accept it: no rule check fails."""
    return next(checks.violations(s, action), None) is None


def apply(s: State, action: Action) -> Transition:
    """The state after ``action`` and the events it caused.

    Raises:
        IllegalAction: the first of :func:`violations`; ``clause`` names the rule it breaks,
            ``action`` and ``phase`` say what was refused where.
    """
    problem = next(checks.violations(s, action), None)
    if problem is not None:
        raise problem.with_context(action, s.phase)
    return apply_legal(s, action)


def apply_legal(s: State, action: Action) -> Transition:
    """:func:`apply` without the rule checks, for an action taken from :func:`legal_actions`
    or the chance outcomes of ``s`` (play loops; anything judging an action calls :func:`apply`)."""
    w = Work(s)
    _dispatch(w, s.phase, action)
    return Transition(w.freeze(), tuple(w.events))


def _dispatch(w: Work, phase: str, a: Action) -> None:
    # the checks have passed, so ``a`` is of a kind the phase accepts (turn.PHASE_ACTIONS)
    if phase == "deal":
        if deck.deal(w, cast(Deal, a)):
            journey.start(w)
    elif phase == "roll":
        roll.apply_roll(w, cast(Roll, a))
    elif phase == "treasure":
        treasure.draw(w, cast(Treasure, a))
    elif phase == "reroll":
        power.rerolled(w, cast(Reroll, a).faces)
    elif phase == "land-or-roll":
        if isinstance(a, Land):
            lone.land(w, a)
        else:
            lone.go(w, cast(Go, a))
    elif phase == "decide":
        if isinstance(a, Leave):
            passengers.leave(w, a)
        else:
            passengers.stay(w, cast(Stay, a))
    elif phase == "power":
        if isinstance(a, Play):
            power.play(w, a)
        else:
            power.pass_(w, cast(Pass, a))
    elif phase == "challenge":
        if isinstance(a, Meet):
            equipment.meet(w, a)
        else:
            equipment.give_up(w, cast(Crash, a))
    elif phase == "jetpack":
        if isinstance(a, Play):
            crash.escape(w, a)
        else:
            crash.decline(w, cast(Pass, a))


def is_over(s: State) -> bool:
    return s.phase == "game-over"


def observe(s: State, player: int | str) -> State:
    """What ``player`` may see [observation.*]: their own hand; the deck, the treasure piles and
    every other hand as :class:`Hidden` sizes; everything else is public. (``describe`` passes
    the observer ``TABLE``, a string: every hand is hidden then.)"""
    f = full(s)
    return State(
        s.setup, s.phase, s.journey, Hidden(len(f.deck)), s.discard,
        tuple(h if q == player else Hidden(len(h)) for q, h in enumerate(f.hands)),
        tuple(Hidden(len(p)) for p in f.piles), s.won, s.aboard, s.captain, s.first_captain,
        s.city, s.roll, s.cursor, s.passes, s.rerolls, s.jetpacks, s.first_to_target,
        s.to_deal, s.to_treasure, s.after_treasure, s.ended,
    )


def scores(s: State) -> tuple[Score, ...]:
    """Each player's treasure cards and total now [end.score]."""
    return tuple(Score(p, s.won[p], end.total(full(s), p)) for p in range(s.players))


def totals(s: State) -> tuple[int, ...]:
    return tuple(end.total(full(s), p) for p in range(s.players))


def outcome(s: State) -> Outcome | None:
    """The winners and why the game ended; ``None`` while it goes on [end.winner, end.ties]."""
    if s.phase != "game-over":
        return None
    return Outcome(end.winners_of(full(s)), s.ended or "target")


__all__ = [
    "CARDS", "actors", "apply", "apply_legal", "chance_outcomes", "current_actor", "deck_cards", "is_legal",
    "violations",
    "initial_state", "is_over", "legal_actions", "observe", "outcome", "scores", "totals",
]
