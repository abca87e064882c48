"""The rule checks of Seven Knights Bewitched, as tables (docs/adding-a-game.md, "Rule checks").

Every clause that refuses an action or a setup has one check function in its area's module,
named after the clause (``inspection.not-own`` -> ``check_inspection_not_own``). A check takes
``(state, action)`` and yields an :class:`~tabletop_referee.errors.IllegalAction` naming its
clause when the action breaks it; a setup check takes ``(None, setup)``.

The tables below list them in the order the engine reports them: the first violation is the
one ``apply`` raises, so the order is part of the behaviour (vectors pin which clause is
reported first). :func:`violations` runs the *gates* first (the phase accepts this kind of
action [turn.phase-kind], the player exists and may act [turn.actor]); when a gate fails
nothing else is checked, because the other checks assume the action fits the phase. Then it
runs the checks of the action's kind, each one whatever the earlier ones found.

    >>> from tabletop_referee.games.seven_knights.interchange import standard_setup
    >>> from tabletop_referee.games.seven_knights import engine
    >>> from tabletop_referee.games.seven_knights.model import Deal, Inspect
    >>> s = engine.apply(engine.initial_state(standard_setup(5)), Deal((1, 2, 3, 4, 0, 5))).state
    >>> [p.clause for p in violations(s, Inspect(0, 0))]
    ['inspection.not-own']
    >>> [p.clause for p in violations(s, Inspect(1, 2))]
    ['turn.actor']
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from ....errors import IllegalAction
from ...checks import Check, Table, clause_table, gated
from ..model import (
    Answer, Arrange, Ask, Confirm, Deal, FirstPlayer, Inspect, Recommend, Setup, Skip, State,
    Withdraw,
)
from .answer import check_answer_by_addressee, check_answer_knights_truthful
from .command import (
    check_command_all_tiles, check_command_cooperative_all, check_command_distinct,
    check_command_last_question, check_command_optional_slot, check_command_standard_slots,
)
from .deal import check_deal_cooperative, check_deal_darkness, check_deal_shuffle_chance
from .inspection import (
    check_inspection_darkness_first_lap, check_inspection_darkness_second_lap,
    check_inspection_not_own, check_inspection_target_exists,
)
from .modes import (
    check_modes_player_limits, check_modes_three_player_standard, check_modes_tiles_in_play,
    check_modes_variant,
)
from .question import (
    check_question_answerer_must_know, check_question_asker_must_not_know,
    check_question_expression, check_question_expression_limits, check_question_number_set,
    check_question_number_set_nonempty, check_question_other_player, check_question_tile_count,
)
from .recommendation import (
    check_recommendation_change, check_recommendation_simultaneous,
    check_recommendation_witch_team,
)
from .round import check_round_review
from .setup import check_setup_first_player, check_setup_player_count
from .turn import check_turn_actor, check_turn_phase_kind


SETUP_GATES: Table = (
    ("setup.player-count", check_setup_player_count),
    ("setup.first-player", check_setup_first_player),
    ("modes.variant", check_modes_variant),
)
SETUP_CHECKS: Table = (
    ("modes.three-player-standard", check_modes_three_player_standard),
    ("modes.player-limits", check_modes_player_limits),
    ("modes.tiles-in-play", check_modes_tiles_in_play),
    ("deal.cooperative", check_deal_cooperative),
)
"""What refuses a setup (``initial_state``), after :data:`SETUP_GATES`."""

GATES: Table = (
    ("turn.phase-kind", check_turn_phase_kind),
    ("turn.actor", check_turn_actor),
)
"""Checked before every action; a failure stops the checking."""

ACTION_CHECKS: Mapping[type, Table] = {
    FirstPlayer: (("setup.first-player", check_setup_first_player),),
    Deal: (
        ("deal.shuffle-chance", check_deal_shuffle_chance),
        ("deal.darkness", check_deal_darkness),
    ),
    Inspect: (
        ("inspection.target-exists", check_inspection_target_exists),
        ("inspection.not-own", check_inspection_not_own),
        ("inspection.darkness-first-lap", check_inspection_darkness_first_lap),
        ("inspection.darkness-second-lap", check_inspection_darkness_second_lap),
    ),
    Ask: (
        ("question.other-player", check_question_other_player),
        ("question.tile-count", check_question_tile_count),
        ("question.answerer-must-know", check_question_answerer_must_know),
        ("question.asker-must-not-know", check_question_asker_must_not_know),
        ("question.expression", check_question_expression),
        ("question.expression-limits", check_question_expression_limits),
        ("question.number-set", check_question_number_set),
        ("question.number-set-nonempty", check_question_number_set_nonempty),
    ),
    Answer: (
        ("answer.by-addressee", check_answer_by_addressee),
        ("answer.knights-truthful", check_answer_knights_truthful),
    ),
    Skip: (("command.last-question", check_command_last_question),),
    Recommend: (
        ("recommendation.change", check_recommendation_change),
        ("recommendation.simultaneous", check_recommendation_simultaneous),
        ("recommendation.witch-team", check_recommendation_witch_team),
    ),
    Withdraw: (("recommendation.change", check_recommendation_change),),
    Arrange: (
        ("command.all-tiles", check_command_all_tiles),
        ("command.distinct", check_command_distinct),
        ("command.cooperative-all", check_command_cooperative_all),
        ("command.standard-slots", check_command_standard_slots),
        ("command.optional-slot", check_command_optional_slot),
    ),
    Confirm: (("round.review", check_round_review),),
}
"""The checks of each kind of action, after :data:`GATES`."""


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
