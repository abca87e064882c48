"""The MLEM reference engine: pure functions over the frozen values of :mod:`.model`.

Public surface:

- :func:`initial_state` (a :class:`Setup` → the first state, phase ``takeoff``);
- :func:`current_actor` (a player number, :data:`CHANCE`, or ``None`` once the game is over);
- :func:`legal_actions` (deterministic order: sorted by canonical JSON text);
- :func:`chance_outcomes` (the distinct rolls with their probabilities);
- :func:`apply` (→ :class:`Transition`: the new state and the events, each naming its clause);
- :func:`violations` and :func:`is_legal` (the rule checks alone), :func:`rule_checks`;
- :func:`play_text` (a short action, read and applied);
- :func:`scores`, :func:`outcome`, :func:`observe`.

Illegal actions raise :class:`~tabletop_referee.errors.IllegalAction` carrying the clause id,
the refused action and the phase. Nothing here reads clocks, files, environment or random
numbers: dice arrive as ``Roll`` actions.

The rules themselves live in :mod:`.rules`, one module per clause area; this module is the
thin public surface over them.

A tour. Two players on the standard board; player 0 boards first:

    >>> from tabletop_referee.games.mlem import Embark, Move, Roll, Setup, load_board
    >>> s = initial_state(Setup(players=2, board=load_board("standard")))
    >>> s.phase, current_actor(s), len(legal_actions(s))
    ('takeoff', 0, 8)
    >>> t = apply(s, Embark(0, "satellite"))
    >>> t.events
    (Event(type='boarded', clause='takeoff.boarding-order', data=(('player', 0), ('astronaut', 'satellite'), ('seat', 0))),)
    >>> s = apply(t.state, Embark(1, "die-one")).state

Everyone is aboard, so chance rolls the six dice: each distinct roll is an action with its
exact probability.

    >>> s.phase, current_actor(s), len(chance_outcomes(s))
    ('roll', 'chance', 210)
    >>> chance_outcomes(s)[0]
    (Roll(faces=('1', '1', '1', '1', '1', '1')), Fraction(1, 46656))
    >>> s = apply(s, Roll(("4", "3", "2", "1", "afterburner", "2"))).state
    >>> s.rocket.space, s.board.spaces[s.rocket.space].faces
    (3, ('1', '2', '4'))

The Satellite started the rocket on space 3, where 1, 2 and 4 may be used. The commander
(the front seat) moves with the 2s and the 4; every event names the clause it follows:

    >>> t = play_text(s, "move 2+4")
    >>> [(e.type, e.clause) for e in t.events]
    [('moved', 'travel.distance'), ('dice-removed', 'travel.remove-dice')]
    >>> t.state.rocket.space, t.state.rocket.dice, t.state.phase
    (11, 3, 'landing')

An illegal action is refused with the clause it breaks, the action and the phase;
:func:`violations` lists every rule it breaks, in the order they are checked:

    >>> try:
    ...     play_text(s, "move 2+afterburner")
    ... except IllegalAction as e:
    ...     print(e.clause, "|", e.phase, "|", e.action)
    travel.allowed-faces | move | Move(player=0, faces=('2', 'afterburner'), die_one=(), ability=None, dice=())
    >>> [v.clause for v in violations(s, Move(0, ("3",), (0,)))]
    ['travel.allowed-faces', 'power.die-one']
    >>> is_legal(s, Move(0, ("2", "4")))
    True
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from fractions import Fraction
from functools import lru_cache
from typing import Any

from ...errors import IllegalAction
from ..interface import Transition
from .model import (
    CHANCE,  # noqa: F401  (re-exported: describe.py imports it from here)
    CHANCE_PHASES,
    Action,
    Discard,
    Draw,
    Embark,
    Land,
    Move,
    Reroll,
    Roll,
    State,
    Stay,
)
from .notation import parse_action
from .rules import dice, draws, landing, missions, roll, setup, takeoff, travel, turn, ufo
from .rules.check import CLAUSE_OF, Check
from .rules.work import full
from .rules.draws import draw_pile
from .rules.goals import goal_met
from .rules.landing import landing_targets
from .rules.missions import fulfilled_missions, mission_dealee
from .rules.observe import observe
from .rules.scoring import outcome, scores, totals
from .rules.setup import initial_state
from .rules.travel import move_target
from .rules.turn import current_actor, known_tokens, text_player
from .rules.work import Work

__all__ = [
    "initial_state",
    "current_actor",
    "legal_actions",
    "chance_outcomes",
    "apply",
    "apply_legal",
    "advance",
    "move_target",
    "is_legal",
    "violations",
    "rule_checks",
    "play_text",
    "scores",
    "totals",
    "outcome",
    "landing_targets",
    "observe",
    "mission_dealee",
    "fulfilled_missions",
]

# -- queries --------------------------------------------------------------------------------


def legal_actions(state: State, player: int | None = None) -> tuple[Action, ...]:
    """Returns every legal action, sorted by canonical JSON text; ``()`` once the game is over.

    At a chance node the actions are the distinct rolls (see :func:`chance_outcomes`). MLEM has
    no simultaneous choice, so ``player`` (the interface's) is never needed and not read.
    """
    phase = state.phase
    if phase == "roll":
        return _roll_actions(state.rocket.dice)
    if phase in CHANCE_PHASES:
        return _draws(tuple(t.id for t in draw_pile(state)))[1]
    if phase == "move":
        return travel.legal_moves(state)
    actor = current_actor(state)
    if not isinstance(actor, int):  # the game is over
        return ()
    if phase == "takeoff":
        return takeoff.embark_actions(actor, state.reserves[actor])
    if phase == "mission-discard" and state.missions is not None:
        return tuple(Discard(actor, t.id) for t in full(state.missions.hands[actor]))
    if phase in ("landing", "parachute"):
        return landing.landing_actions(actor, landing_targets(state, state.rocket.cursor))
    return ()


def chance_outcomes(state: State) -> tuple[tuple[Action, Fraction], ...]:
    """Returns the chance outcomes with their probabilities; ``()`` unless at a chance node.

    In phase ``roll``: the distinct rolls of the available dice [components.dice], each a
    multiset of faces in canonical face order. In the draw phases: one :class:`Draw` per token
    left in the face-down pile, each equally likely, in id order.
    """
    phase = state.phase
    if phase == "roll":
        return roll.roll_outcomes(state.rocket.dice)
    if phase not in CHANCE_PHASES:
        return ()
    return _draws(tuple(t.id for t in draw_pile(state)))[0]


@lru_cache(maxsize=64)
def _roll_actions(dice: int) -> tuple[Action, ...]:
    """The distinct rolls of ``dice`` dice (the actions of :func:`roll.roll_outcomes`), one
    tuple per number of dice: a fuzz step's kept digests recognise it."""
    return tuple(action for action, _ in roll.roll_outcomes(dice))


@lru_cache(maxsize=4096)
def _draws(ids: tuple[str, ...]) -> tuple[tuple[tuple[Action, Fraction], ...], tuple[Action, ...]]:
    """The outcomes and actions of a draw from a pile of tokens with these ids, in pile order,
    each equally likely. Kept per pile: a pile stays as it is for many steps, and a step asks
    for its draws several times (legal actions, odds, sampling)."""
    p = Fraction(1, len(ids))
    outcomes = tuple((Draw(i), p) for i in ids)
    return outcomes, tuple(a for a, _ in outcomes)


def is_legal(state: State, action: Action) -> bool:
    """Whether ``action`` breaks no rule in ``state`` (:func:`violations` finds none)."""
    return next(violations(state, action), None) is None


# -- rule checks and apply ------------------------------------------------------------------

CHECKS: dict[type, tuple[Check, ...]] = {
    Embark: takeoff.CHECKS,
    Roll: roll.CHECKS,
    Move: ufo.MOVE_CHECKS + travel.CHECKS + dice.CHECKS,
    Reroll: ufo.REROLL_CHECKS,
    Land: landing.CHECKS,
    Stay: (),
    Draw: draws.CHECKS,
    Discard: missions.CHECKS,
}
"""The rule checks of each kind of action, in the order :func:`apply` reports them (after
:data:`.rules.turn.CHECKS`)."""


def violations(state: State, action: Action) -> Iterator[IllegalAction]:
    """Yields an :class:`IllegalAction` for every rule check ``action`` fails in ``state``, in
    the order the rules are checked: first whose turn and which step it is [turn.*]; if the
    action passes those, the checks of its kind (:data:`CHECKS`)."""
    wrong_turn = False
    for check in turn.CHECKS:
        for problem in check(state, action):
            wrong_turn = True
            yield problem
    if wrong_turn:
        return  # the other checks assume the action fits the step and comes from the actor
    for check in CHECKS[type(action)]:
        yield from check(state, action)


def rule_checks() -> dict[str, tuple[Check, ...]]:
    """Every clause that rejects actions → its check functions, in the order they run."""
    table: dict[str, tuple[Check, ...]] = {}
    every: tuple[Check, ...] = (*setup.SETUP_CHECKS, *turn.CHECKS,
                                *(c for checks in CHECKS.values() for c in checks))
    for check in every:
        clause = CLAUSE_OF[check]
        if check not in table.get(clause, ()):
            table[clause] = table.get(clause, ()) + (check,)
    return table


def apply(state: State, action: Action) -> Transition:
    """Returns the state after ``action`` and the events it caused.

    Raises:
        IllegalAction: the action is not allowed here; ``clause`` names the rule it breaks,
            ``action`` and ``phase`` the refused action and the phase of ``state``.
    """
    for problem in violations(state, action):
        raise problem.with_context(action, state.phase)
    return apply_legal(state, action)


def apply_legal(state: State, action: Action) -> Transition:
    """:func:`apply` without the rule checks, for an action taken from :func:`legal_actions`
    or the chance outcomes of ``state`` (play loops such as ``referee disputes impact`` and the
    greedy policy's look-ahead; anything judging an action calls :func:`apply`)."""
    w = Work(state)
    _HANDLERS[type(action)](w, action)
    return Transition(w.freeze(), tuple(w.events))


def advance(state: State, action: Action) -> State:
    """The state :func:`apply_legal` leads to, without building its events (play loops that
    discard them: ``referee disputes impact``, the greedy policy's look-ahead)."""
    w = Work(state, quiet=True)
    _HANDLERS[type(action)](w, action)
    return w.freeze()


def play_text(state: State, text: str) -> Transition:
    """Reads a short action (:mod:`.notation`) for the player to act and applies it, like
    python-chess's ``push_san``: ``play_text(state, "move 2+afterburner")``.

    The player is the one whose decision it is (a roll or a draw names none; ``player:N``
    plays for someone else), ``land`` alone lands on the rocket's space, and token ids may be
    written in any case.

    Raises:
        InvalidNotation: the text is not a short action (``column`` says where).
        IllegalAction: the rules refuse the action (see :func:`apply`).
    """
    action = parse_action(text, text_player(state), here=state.rocket.space, tokens=known_tokens(state))
    return apply(state, action)


_HANDLERS: dict[type, Callable[[Work, Any], None]] = {
    Embark: takeoff.embark, Roll: roll.roll, Move: travel.move, Land: landing.land,
    Stay: landing.stay, Draw: draws.draw, Discard: missions.discard, Reroll: ufo.reroll,
}
