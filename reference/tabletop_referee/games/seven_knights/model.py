"""Value objects of Seven Knights Bewitched (ミュルマミウスの虜).

Glossary (spelled as in ``spec/seven-knights/clauses.yaml``):

- *tile*: a face-down character tile. Its *value* is a knight number 1..7, or ``WITCH`` (0).
- *tile id*: the tile in front of a player has that player's seat number; the face-down
  centre tiles (the Knight-errant tiles) have ids ``CENTRE + k``, written ``c0``, ``c1``...
  in JSON and notation.
- *Witch team*: the holder of the Witch tile and every player who inspected it (bewitched).
  Everyone else is on the *Knights team*.
- *round*: one deal, inspections, questions, recommendation, captain, arrangement, final check.

Every class is frozen; the engine returns new objects instead of changing old ones.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from ..interface import set_enum_members

WITCH = 0
"""The value of the Witch tile (it has no number; it counts as in no number set)."""

KNIGHTS: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7)
MODES: tuple[str, ...] = ("standard", "advanced", "darkness")
"""Game modes: 疑心暗鬼 (standard), 前途多難 (advanced), 暗中模索 (groping in the dark)."""

ROUNDS = 3
MIN_PLAYERS, MAX_PLAYERS = 3, 8
MAX_EXPRESSION_SIZE = 16
"""At most this many operands and operators in an expression question (its postfix length)."""

HIDDEN = -1
"""In an observation: a recommendation that has been made but is not yet revealed."""

CHANCE = "chance"

CENTRE = 8
"""Tile ids: a player's tile has the player's seat (0..7); centre tile k has id ``CENTRE + k``
(written ``ck``). ``State.values`` is indexed by tile id (seats without a player hold None)."""

class Phase(StrEnum):
    """What a state waits for (``State.phase``). Each member equals its string (``Phase.DEAL ==
    "deal"``), so the interchange format is unchanged."""

    FIRST_PLAYER = "first-player"
    """Chance: the first player of round 1."""
    DEAL = "deal"
    """Chance: the deal of the round."""
    INSPECT = "inspect"
    """A player inspects a face-down tile (one or two laps)."""
    ASK = "ask"
    """A player asks a question."""
    ANSWER = "answer"
    """The player asked answers."""
    RECOMMEND = "recommend"
    """Everyone recommends a captain, secretly and at once."""
    CAPTAIN_ASK = "captain-ask"
    """The captain asks the last question (or skips it)."""
    CAPTAIN_ANSWER = "captain-answer"
    """The player the captain asked answers."""
    ARRANGE = "arrange"
    """The captain lays the line."""
    REVIEW = "review"
    """Everyone confirms before the next round (option ``review_phase``)."""
    GAME_OVER = "game-over"
    """Nothing: the game is over."""


PHASES: tuple[str, ...] = tuple(p.value for p in Phase)
"""Every phase, as the interchange format writes it."""
_PHASE_OF: dict[str, Phase] = {p.value: p for p in Phase}


@dataclass(frozen=True, slots=True)
class TileSet:
    """Which tiles a round uses, for one player count and mode (spec/seven-knights/tiles.yaml).

    ``pool`` holds the values that may be dealt (sorted; ``WITCH`` first when present). All of
    them are dealt when ``len(pool) == players + centre``; otherwise (advanced, darkness) the
    tiles not dealt are set aside unseen. ``knights_to_players``: players receive knight tiles
    only and the Witch can only be among the centre tiles' draw (darkness). ``leftover``: the
    numbers laid face up out of play (standard), public information.
    """

    pool: tuple[int, ...]
    """The values that may be dealt, ascending (``WITCH`` first when present)."""
    centre: int
    """How many face-down centre tiles are dealt."""
    knights_to_players: bool = False
    """Players receive knight tiles only (darkness) [deal.darkness]."""
    leftover: tuple[int, ...] = ()
    """The numbers laid face up out of play (standard): public."""


class Variant(StrEnum):
    """The values of the ``variant`` option (:attr:`Options.variant`), the default first."""

    STANDARD = "standard"
    ADVANCED = "advanced"
    DARKNESS = "darkness"


class WitchInLine(StrEnum):
    """The values of the ``witch_in_line`` option (:attr:`Options.witch_in_line`), the default first."""

    FAR_RIGHT = "far-right"
    LEFT_OUT = "left-out"


class WitchTeamRecommendation(StrEnum):
    """The values of the ``witch_team_recommendation`` option (:attr:`Options.witch_team_recommendation`), the default first."""

    ALL_PAIRS = "all-pairs"
    WITCH_PAIRS = "witch-pairs"


class CaptainCheckOrder(StrEnum):
    """The values of the ``captain_check_order`` option (:attr:`Options.captain_check_order`), the default first."""

    QUESTION_FIRST = "question-first"
    CHECK_FIRST = "check-first"


class ThreePlayerStandard(StrEnum):
    """The values of the ``three_player_standard`` option (:attr:`Options.three_player_standard`), the default first."""

    DARKNESS = "darkness"
    REFUSED = "refused"


class CaptainNumber(StrEnum):
    """The values of the ``captain_number`` option (:attr:`Options.captain_number`), the default first."""

    HIDDEN = "hidden"
    REVEALED = "revealed"


class LastQuestion(StrEnum):
    """The values of the ``last_question`` option (:attr:`Options.last_question`), the default first."""

    OPTIONAL = "optional"
    REQUIRED = "required"


@dataclass(frozen=True, slots=True)
class Options:
    """Rule options and modes, named as in spec/seven-knights/options.yaml; each default is the
    ruling of spec/seven-knights/disputes.yaml."""

    variant: Variant = Variant.STANDARD
    """[modes.variant] ``standard`` (疑心暗鬼), ``advanced`` (前途多難), ``darkness`` (暗中模索)."""
    cooperative: bool = False
    """一致団結 [modes.cooperative]: no Witch, truthful answers given automatically, everyone
    scores or nobody does."""
    fixed_score: bool = False
    """[modes.fixed-score] round 3 pays like rounds 1-2 (2 / 3) instead of 7."""
    review_phase: bool = False
    """[round.review] after each round but the last every player confirms before the next deal."""
    witch_in_line: WitchInLine = WitchInLine.FAR_RIGHT
    """[command.suspected-witch] ``far-right``: a Witch tile placed last in the line is not a
    mistake (SEED-S); ``left-out``: a placed Witch tile is always a mistake (BGA code)."""
    witch_team_recommendation: WitchTeamRecommendation = WitchTeamRecommendation.ALL_PAIRS
    """[recommendation.witch-team] ``all-pairs``: no Witch-team member may recommend another
    (oneself allowed); ``witch-pairs``: only the Witch's holder and her inspectors may not
    recommend one another (BGA code)."""
    captain_check_order: CaptainCheckOrder = CaptainCheckOrder.QUESTION_FIRST
    """[captain.check-order] ``question-first``: the captain asks the last question, then the
    side check; ``check-first``: a Witch-team captain loses at once (BGA code)."""
    three_player_standard: ThreePlayerStandard = ThreePlayerStandard.DARKNESS
    """[modes.three-player-standard] ``darkness``: standard with 3 players is played as
    darkness; ``refused``: such a setup is refused."""
    captain_number: CaptainNumber = CaptainNumber.HIDDEN
    """[captain.number-hidden] ``hidden``, or ``revealed`` to everyone at the appointment."""
    max_question_tiles: int = 3
    """[question.tile-count] at most 3 tiles per question (only darkness answerers know 3), or 2."""
    last_question: LastQuestion = LastQuestion.OPTIONAL
    """[command.last-question] ``optional`` (the captain may skip it) or ``required``."""


    def __post_init__(self) -> None:
        set_enum_members(self, OPTION_ENUMS)  # document strings become the options' members


OPTION_VALUES: dict[str, tuple[Any, ...]] = {
    "variant": ("standard", "advanced", "darkness"),
    "cooperative": (False, True),
    "fixed_score": (False, True),
    "review_phase": (False, True),
    "witch_in_line": ("far-right", "left-out"),
    "witch_team_recommendation": ("all-pairs", "witch-pairs"),
    "captain_check_order": ("question-first", "check-first"),
    "three_player_standard": ("darkness", "refused"),
    "captain_number": ("hidden", "revealed"),
    "max_question_tiles": (3, 2),
    "last_question": ("optional", "required"),
}
"""Every option's values, the default first."""

OPTION_ENUMS: dict[str, type[StrEnum]] = {
    "variant": Variant,
    "witch_in_line": WitchInLine,
    "witch_team_recommendation": WitchTeamRecommendation,
    "captain_check_order": CaptainCheckOrder,
    "three_player_standard": ThreePlayerStandard,
    "captain_number": CaptainNumber,
    "last_question": LastQuestion,
}
"""The StrEnum of each option with named values (``OPTION_VALUES`` keeps the plain strings)."""


@dataclass(frozen=True, slots=True)
class Setup:
    """What a game needs: players (3..8), first player, options (the mode among them) and the
    tile data of that player count and mode."""

    players: int
    """How many players, 3 to 8 [setup.player-count]; seats are 0 to ``players - 1``."""
    first_player: int | None = 0
    """The first player of round 1; None: drawn by a chance action at the start
    [setup.first-player]."""
    options: Options = Options()
    """The mode and the rule options."""
    tiles: TileSet | None = None
    """Loaded by ``interchange.load_tiles`` from spec/seven-knights/tiles.yaml (the engine never
    reads files)."""

    @property
    def mode(self) -> str:
        return self.options.variant


# -- actions ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FirstPlayer:
    """Chance: the first player of round 1, drawn with equal odds [setup.first-player]."""

    seat: int
    """The seat drawn."""


@dataclass(frozen=True, slots=True)
class Deal:
    """Chance: the value of every tile in play (players' tiles in seat order, then centre tiles)."""

    values: tuple[int, ...]
    """Players' tiles in seat order, then the centre tiles (``WITCH`` or 1-7)."""


@dataclass(frozen=True, slots=True)
class Inspect:
    """A player looks at a face-down tile [inspection.*]."""

    player: int
    """The inspector."""
    tile: int
    """The tile id inspected (a seat, or ``CENTRE + k``)."""


@dataclass(frozen=True, slots=True)
class Ask:
    """A yes/no question to ``answerer`` about ``tiles``.

    Number-set question: one tile and ``numbers`` (ascending, a proper non-empty subset of
    1..7): "is that tile one of these numbers?". Expression question: ``expression`` over the
    variables ``A``, ``B``, ``C`` bound to ``tiles`` in order (``+ = < & |``, parentheses).
    """

    player: int
    """The asker."""
    answerer: int
    """The player asked."""
    tiles: tuple[int, ...]
    """The tile ids asked about (``A``, ``B``, ``C`` in an expression)."""
    numbers: tuple[int, ...] = ()
    """A number-set question's numbers; ``()`` for an expression question."""
    expression: str = ""
    """An expression question's text; ``""`` for a number-set question."""


@dataclass(frozen=True, slots=True)
class Answer:
    """The answer to the pending question [answer.*]."""

    player: int
    """The answerer."""
    yes: bool
    """The answer given."""


@dataclass(frozen=True, slots=True)
class Skip:
    """The captain asks no last question."""

    player: int
    """The captain."""


@dataclass(frozen=True, slots=True)
class Recommend:
    """A secret recommendation of a captain [recommendation.*]."""

    player: int
    """Who recommends."""
    target: int
    """The player recommended (oneself allowed)."""


@dataclass(frozen=True, slots=True)
class Withdraw:
    """Takes back one's recommendation before all are revealed."""

    player: int
    """Who withdraws."""


@dataclass(frozen=True, slots=True)
class Arrange:
    """The captain's line of tiles, left to right (tile indices)."""

    player: int
    """The captain."""
    order: tuple[int, ...]
    """The tile ids of the line, left to right."""


@dataclass(frozen=True, slots=True)
class Confirm:
    """Review phase: a player is ready for the next round."""

    player: int
    """Who confirms."""


Action = FirstPlayer | Deal | Inspect | Ask | Answer | Skip | Recommend | Withdraw | Arrange | Confirm


# -- state ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Question:
    """A question asked and, once answered, its answer (``None`` while pending)."""

    asker: int
    """Who asked."""
    answerer: int
    """Who was asked."""
    tiles: tuple[int, ...]
    """The tile ids asked about."""
    numbers: tuple[int, ...] = ()
    """A number-set question's numbers (``()`` for an expression)."""
    expression: str = ""
    """An expression question's text (``""`` for a number set)."""
    answer: bool | None = None
    """The answer, ``None`` while pending."""
    last: bool = False
    """Asked by the captain after the appointment."""


@dataclass(frozen=True, slots=True)
class RoundResult:
    """What a finished round left on the record."""

    round: int
    """The round, 1-3."""
    first_player: int
    """Its first player."""
    captain: int | None
    """Its captain (``None`` if none was appointed)."""
    winner: str
    """``knights``, ``witch`` (the Witch team), or ``nobody`` (Knights lost, no Witch team)."""
    points: tuple[int, ...]
    """The points each player scored in the round, by seat."""
    reason: str
    """How it ended: ``line`` (no mistake), ``mistake`` or ``witch-captain``."""


@dataclass(frozen=True, slots=True)
class State:
    """A whole game position (all hidden values included; see ``engine.observe``)."""

    setup: Setup
    """The game's setup (never changes)."""
    round: int = 1
    """The round being played, 1-3."""
    first_player: int | None = 0
    """None only before the first player is drawn."""
    phase: Phase | str = Phase.DEAL
    """What the game waits for (a :class:`Phase`; a string only for an unknown phase read from
    JSON, which ``state_problems`` reports)."""
    values: tuple[int | None, ...] = ()
    """Tile values by tile id (``CENTRE + centre`` long, None at seats nobody sits in);
    ``()`` before the deal; ``None`` also where an observation masks a value."""
    inspections: tuple[tuple[int, int], ...] = ()
    """(inspector, tile index) in the order made."""
    questions: tuple[Question, ...] = ()
    """The round's questions in the order asked (the captain's last one has ``last``)."""
    recommendations: tuple[int | None, ...] = ()
    """Per player: the recommended player, ``None`` if not chosen (``HIDDEN`` when masked)."""
    revealed_recommendations: bool = False
    """Whether the recommendations have been revealed [recommendation.reveal]."""
    captain: int | None = None
    """The round's captain, ``None`` before the appointment."""
    arrangement: tuple[int, ...] | None = None
    """The captain's line (tile ids), ``None`` before it is laid."""
    confirmed: tuple[bool, ...] = ()
    """Review phase: who has confirmed."""
    revealed: tuple[int, ...] = ()
    """Tile indices whose values the rules have shown to everyone, ascending."""
    scores: tuple[int, ...] = ()
    """Each player's total so far, by seat."""
    history: tuple[RoundResult, ...] = ()
    """The finished rounds, in order."""

    def __post_init__(self) -> None:
        # a known phase is always the Phase member (an unknown one, read from JSON, stays a
        # string for state_problems to report)
        object.__setattr__(self, "phase", _PHASE_OF.get(self.phase, self.phase))

    @property
    def players(self) -> int:
        return self.setup.players

    @property
    def options(self) -> Options:
        return self.setup.options


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of the game [end.winner]."""

    winners: tuple[int, ...]
    """Every player tied for the highest total."""
    scores: tuple[int, ...]
    """The final totals, by seat."""
    reason: str
    """Why the game ended."""


# -- JSON-ready spellings (events carry these, so an event document needs no state) ----------


def tile_ref(tile: int) -> int | str:
    """A tile id as written in JSON and notation: a seat number, or ``c0``, ``c1``..."""
    return tile if tile < CENTRE else f"c{tile - CENTRE}"


def tile_id(ref: int | str) -> int:
    """The inverse of :func:`tile_ref` (no range check)."""
    if isinstance(ref, str):
        return CENTRE + int(ref[1:])
    return ref


def in_play(setup: Setup) -> tuple[int, ...]:
    """The ids of the tiles in play: the players' seats, then the centre tiles."""
    assert setup.tiles is not None  # loaded with the setup (interchange.load_tiles)
    return tuple(range(setup.players)) + tuple(range(CENTRE, CENTRE + setup.tiles.centre))


def value_ref(value: int | None) -> int | str | None:
    """A tile value as written in JSON: ``"W"`` for the Witch, the number, or None (masked)."""
    return "W" if value == WITCH else value
