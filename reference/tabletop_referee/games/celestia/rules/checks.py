"""The rule checks of Celestia, as tables (docs/adding-a-game.md, "Rule checks").

Every clause that refuses an action or a setup has one check function in its area's module,
named after the clause (``turn.pending`` -> ``check_turn_pending``). A check takes
``(state, action)`` and yields an :class:`~tabletop_referee.errors.IllegalAction` naming its
clause when the action breaks it; a setup check takes ``(None, setup)``.

The tables list them in the order the engine reports them: the first violation is the one
``apply`` raises, so the order is part of the behaviour (vectors pin which clause is reported
first). :func:`violations` runs the *gates* first (the game goes on, the step accepts this
kind of action, the one deciding holds the cards played, it is their decision); when a gate
fails nothing else is checked. Then it runs the checks of the action's kind.

    >>> from tabletop_referee.games.celestia import engine
    >>> from tabletop_referee.games.celestia.interchange import make_setup
    >>> from tabletop_referee.games.celestia.model import Go
    >>> s = engine.initial_state(make_setup(3))
    >>> [p.clause for p in violations(s, Go(0))]
    ['turn.chance']
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from ....errors import IllegalAction
from ...checks import Check, Table, clause_table, gated
from ..model import Crash, Land, Leave, Meet, Play, Setup, State
from .crash import check_crash_when
from .equipment import check_equipment_must_play, check_equipment_turbo_shortfall
from .lone import check_lone_player_land_or_roll
from .passengers import check_passengers_captain_stays, check_passengers_emptied_city
from .power import (
    check_power_alternative_route, check_power_ejection, check_power_grappling_hook,
    check_power_gust, check_power_jetpack, check_power_window,
)
from .roll import check_roll_dice_count
from .setup import check_setup_first_captain, check_setup_hand_size, check_setup_players
from .turn import check_turn_chance, check_turn_game_over, check_turn_pending, check_turn_step


SETUP_GATES: Table = (("setup.players", check_setup_players),)
SETUP_CHECKS: Table = (
    ("setup.first-captain", check_setup_first_captain),
    ("roll.dice-count", check_roll_dice_count),
    ("setup.hand-size", check_setup_hand_size),
)
"""What refuses a setup (``initial_state``), after :data:`SETUP_GATES`."""

GATES: Table = (
    ("turn.game-over", check_turn_game_over),
    ("turn.chance", check_turn_chance),
    ("turn.step", check_turn_step),
    ("passengers.captain-stays", check_passengers_captain_stays),
    ("turn.pending", check_turn_pending),
)
"""Checked before every action; a failure stops the checking."""

ACTION_CHECKS: Mapping[type, Table] = {
    Land: (("lone-player.land-or-roll", check_lone_player_land_or_roll),),
    Leave: (("passengers.emptied-city", check_passengers_emptied_city),),
    Play: (
        ("power.window", check_power_window),
        ("power.ejection", check_power_ejection),
        ("power.jetpack", check_power_jetpack),
        ("power.alternative-route", check_power_alternative_route),
        ("power.gust", check_power_gust),
        ("power.grappling-hook", check_power_grappling_hook),
    ),
    Meet: (
        ("crash.when", check_crash_when),
        ("equipment.must-play", check_equipment_must_play),
        ("equipment.turbo-shortfall", check_equipment_turbo_shortfall),
    ),
    Crash: (("equipment.must-play", check_equipment_must_play),),
}
"""The checks of each kind of action, after :data:`GATES` (other kinds have none)."""


def violations(s: State, a: object) -> Iterator[IllegalAction]:
    """Every rule ``a`` breaks in ``s``, in the order they are reported (see the module)."""
    return gated(GATES, ACTION_CHECKS.get(type(a), ()), s, a)


def setup_violations(setup: Setup) -> Iterator[IllegalAction]:
    """Every rule that refuses ``setup``, in order."""
    return gated(SETUP_GATES, SETUP_CHECKS, None, setup)


def check_setup(setup: Setup) -> None:
    """Raises the first violation of :func:`setup_violations` (the setup is refused)."""
    problem = next(setup_violations(setup), None)
    if problem is not None:
        raise problem


def rule_checks() -> dict[str, tuple[Check, ...]]:
    """Clause id -> its check functions (the game interface's ``rule_checks``)."""
    return clause_table(SETUP_GATES, SETUP_CHECKS, GATES, *ACTION_CHECKS.values())
