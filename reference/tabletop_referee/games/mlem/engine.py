"""The MLEM reference engine: pure functions over the frozen values of :mod:`.model`.

Public surface:

- :func:`initial_state` (a :class:`Setup` → the first state, phase ``takeoff``);
- :func:`current_actor` (a player number, :data:`CHANCE`, or ``None`` once the game is over);
- :func:`legal_actions` (deterministic order: sorted by canonical JSON text);
- :func:`chance_outcomes` (the distinct rolls with their probabilities);
- :func:`apply` (→ :class:`Transition`: the new state and the events, each naming its clause);
- :func:`scores`, :func:`outcome`.

Illegal actions raise :class:`~tabletop_referee.errors.IllegalAction` carrying the clause id.
Nothing here reads clocks, files, environment or random numbers: dice arrive as ``Roll``
actions.

The rules themselves live in :mod:`.rules`, one module per clause area; this module is the
thin public surface over them.
"""

from __future__ import annotations

from fractions import Fraction

from ...errors import IllegalAction
from .model import (
    CHANCE,
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
    Transition,
)
from .rules import draws, landing, missions, roll, takeoff, travel, ufo
from .rules.draws import draw_pile
from .rules.goals import goal_met
from .rules.landing import landing_targets
from .rules.missions import fulfilled_missions, mission_dealee, next_discarder
from .rules.observe import observe
from .rules.scoring import outcome, scores
from .rules.setup import initial_state
from .rules.work import Work

__all__ = [
    "initial_state",
    "current_actor",
    "legal_actions",
    "chance_outcomes",
    "apply",
    "is_legal",
    "scores",
    "outcome",
    "landing_targets",
    "observe",
    "mission_dealee",
    "fulfilled_missions",
]

_PHASE_ACTIONS = {
    "exploration-setup": (Draw,),
    "mission-deal": (Draw,),
    "mission-discard": (Discard,),
    "arrival": (Draw,),
    "takeoff": (Embark,),
    "roll": (Roll,),
    "move": (Move, Reroll),
    "landing": (Land, Stay),
    "exploration-draw": (Draw,),
    "parachute": (Land, Stay),
}


# -- queries --------------------------------------------------------------------------------


def current_actor(state: State) -> int | str | None:
    """Returns who decides next: a player number, :data:`CHANCE`, or ``None`` (game over)."""
    phase = state.phase
    if phase == "takeoff":
        return (state.start_player + len(state.rocket.seats)) % state.players
    if phase in CHANCE_PHASES:
        return CHANCE
    if phase == "mission-discard":
        return next_discarder(state.start_player, state.missions.hands)
    if phase == "move":
        return state.rocket.seats[0].player
    if phase in ("landing", "parachute"):
        return state.rocket.seats[state.rocket.cursor].player
    return None


def legal_actions(state: State) -> tuple[Action, ...]:
    """Returns every legal action, sorted by canonical JSON text; ``()`` once the game is over.

    At a chance node the actions are the distinct rolls (see :func:`chance_outcomes`).
    """
    phase = state.phase
    if phase == "takeoff":
        player = current_actor(state)
        return takeoff.embark_actions(player, state.reserves[player])
    if phase in CHANCE_PHASES:
        return tuple(action for action, _ in chance_outcomes(state))
    if phase == "move":
        return travel.legal_moves(state)
    if phase == "mission-discard":
        player = current_actor(state)
        return tuple(Discard(player, t.id) for t in state.missions.hands[player])
    if phase in ("landing", "parachute"):
        player = current_actor(state)
        return landing.landing_actions(player, landing_targets(state, state.rocket.cursor))
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
    pile = draw_pile(state)
    p = Fraction(1, len(pile))
    return tuple((Draw(t.id), p) for t in pile)


def is_legal(state: State, action: Action) -> bool:
    try:
        apply(state, action)
    except IllegalAction:
        return False
    return True


# -- apply ----------------------------------------------------------------------------------


def apply(state: State, action: Action) -> Transition:
    """Returns the state after ``action`` and the events it caused.

    Raises:
        IllegalAction: the action is not allowed here; ``clause`` names the rule it breaks.
    """
    phase = state.phase
    if phase == "game-over":
        raise IllegalAction("turn.phase", f"the game is over ({state.ended}); no {action.type} action")
    kind = type(action)
    expected = _PHASE_ACTIONS[phase]
    if kind not in expected:
        names = " or ".join(k.type for k in expected)
        raise IllegalAction(
            "turn.phase", f"phase {phase} accepts {names}, not a {action.type} action"
        )
    if kind is not Roll and kind is not Draw:
        actor = current_actor(state)
        if action.player != actor:
            raise IllegalAction(
                "turn.actor", f"it is player {actor}'s decision, not player {action.player}'s"
            )
    w = Work(state)
    _HANDLERS[kind](w, action)
    return Transition(w.freeze(), tuple(w.events))


_HANDLERS = {
    Embark: takeoff.embark, Roll: roll.roll, Move: travel.move, Land: landing.land,
    Stay: landing.stay, Draw: draws.draw, Discard: missions.discard, Reroll: ufo.reroll,
}
