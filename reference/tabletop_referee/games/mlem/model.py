"""Value objects of MLEM: Space Agency.

Glossary (spelled as in ``spec/mlem/clauses.yaml``):

- *board*: the mat as data: per space its allowed die faces, afterburner dots, moons or planet.
- *reserve*: the astronauts on a player's own board, not yet in space.
- *seat*: a place on the rocket board; seat 0 is the front seat, whose owner is the commander.
- *landed*: the astronauts placed in space, in the order they were placed.
- *expedition*: one round, from takeoff until the rocket is empty, reaches deep space or crashes.

Every class is frozen; the engine returns new objects instead of changing old ones. Indexes
are plain integers counted from 0: a *player* is ``0..players-1`` (seating order), a *space*
is ``0..board.end`` (the start of the track to deep space), a *seat* is ``0..len(seats)-1``
(front first). Closed sets of words are :class:`~enum.StrEnum` s (:class:`Phase`,
:class:`Variant` and one per rule option): a member *is* its string, so it compares equal to
it, hashes like it and is written to JSON as it; the engine may hold either.

A short tour: a setup, the first state, one action.

>>> from tabletop_referee.games import mlem
>>> from tabletop_referee.games.mlem.model import DiceSelection, Phase
>>> setup = mlem.Setup(players=3, board=mlem.load_board("standard"),
...                    options=mlem.Options(dice_selection=DiceSelection.SINGLE_GROUP))
>>> state = mlem.initial_state(setup)
>>> state.phase == Phase.TAKEOFF, state.expedition, state.crashes, state.players
(True, 1, 0, 3)
>>> state.reserves[0][:3]          # player 0's astronauts, in canonical order
('satellite', 'plus-minus', 'parachute')
>>> state.rocket                   # on the start space, all six dice, nobody aboard
Rocket(space=0, dice=6, seats=(), roll=None, cursor=0)
>>> step = mlem.apply(state, mlem.Embark(player=0, astronaut="parachute"))
>>> step.state.rocket.seats
(Seat(player=0, astronaut='parachute', flipped=False),)
>>> [(e.type, e.clause) for e in step.events]
[('boarded', 'takeoff.boarding-order')]
>>> state.rocket.seats             # the old state is unchanged
()
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import TypeVar

from ..interface import Event as Event, Transition as Transition, event as event  # re-exported

FACES: tuple[str, ...] = ("1", "2", "3", "4", "afterburner")
"""Die faces in canonical order."""

FACE_VALUE: dict[str, int] = {"1": 1, "2": 2, "3": 3, "4": 4}
"""The distance of each numbered face [travel.distance]; an afterburner's is its space's dots."""

DIE: tuple[str, ...] = ("1", "2", "2", "3", "4", "afterburner")
"""The six sides of one die [components.dice]."""

DICE_COUNT = 6
"""Dice of the rocket at the start of each expedition [components.dice]."""

ASTRONAUTS: tuple[str, ...] = (
    "satellite",
    "plus-minus",
    "parachute",
    "moon-double",
    "planet-double",
    "deep-space-double",
    "die-removal",
    "die-one",
)
"""The eight astronaut types, in canonical order [components.astronauts]."""

GOALS: tuple[str, ...] = ("deep-space-pair", "planet-trio", "four-moons", "four-planets")
"""The four goal tokens, in canonical order (the order of :attr:`State.goals`) [goal.*]."""
GOAL_POINTS = 5
"""Points of one goal token [scoring.goals]."""


class Phase(StrEnum):
    """What the game waits for; who acts follows from it (see :func:`~.engine.current_actor`).

    The variant phases occur only while their variant is played; the chance phases are
    :data:`CHANCE_PHASES`.
    """

    EXPLORATION_SETUP = "exploration-setup"
    """Chance: the next of the five exploration tokens is revealed [exploration.setup]."""
    MISSION_DEAL = "mission-deal"
    """Chance: the next mission is dealt face down [missions.deal]."""
    MISSION_DISCARD = "mission-discard"
    """Each player in turn puts one of their four missions away [missions.discard]."""
    ARRIVAL = "arrival"
    """Chance: this expedition's arrival token is revealed [ufo.arrival]."""
    TAKEOFF = "takeoff"
    """Players board one astronaut each, from the start player on [takeoff.boarding-order]."""
    ROLL = "roll"
    """Chance: the commander rolls the available dice [travel.roll]."""
    MOVE = "move"
    """The commander chooses the dice groups that move the rocket [travel.group-count]."""
    LANDING = "landing"
    """The astronaut at :attr:`Rocket.cursor` lands or stays [landing.optional]."""
    EXPLORATION_DRAW = "exploration-draw"
    """Chance: replacement exploration tokens are drawn [exploration.replace]."""
    PARACHUTE = "parachute"
    """After a crash: the Parachute astronaut at :attr:`Rocket.cursor` jumps or goes home
    [crash.parachute]."""
    GAME_OVER = "game-over"
    """Nobody acts; :attr:`State.ended` says why [end.*]."""


PHASES: tuple[str, ...] = tuple(p.value for p in Phase)
"""Every phase as a plain string, in :class:`Phase` order."""
CHANCE_PHASES: frozenset[str] = frozenset(
    {Phase.EXPLORATION_SETUP, Phase.MISSION_DEAL, Phase.ARRIVAL, Phase.EXPLORATION_DRAW, Phase.ROLL}
)
"""The phases in which chance acts (a roll or a draw), not a player."""


class Variant(StrEnum):
    """The three variants, in canonical order [variants.selection]."""

    EXPLORATION = "exploration"
    """Exploration tokens on the track [exploration.*]."""
    MISSIONS = "missions"
    """Secret missions [missions.*]."""
    UFO = "ufo"
    """The UFO and its arrival tokens [ufo.*]."""


VARIANTS: tuple[str, ...] = tuple(v.value for v in Variant)
"""The three variants as plain strings, in canonical order [variants.selection]."""

EXPLORATION_EFFECTS: tuple[str, ...] = ("points", "dice-reuse", "tunnel")
"""What an exploration token does [exploration.tokens]."""
ABILITIES: tuple[str, ...] = ("extra-face", "keep-dice", "reroll")
"""The once-only abilities of arrival tokens [ufo.ability]."""
EXPLORATION_REVEALED = 5
"""Exploration tokens revealed at setup [exploration.setup]."""
MISSIONS_DEALT = 4
"""Missions dealt to each player, of which one is discarded [missions.deal]."""
MISSION_POINTS = (0, 2, 5, 10)
"""Points for 0, 1, 2, 3 fulfilled missions [missions.scoring]."""
UFO_TOKENS: tuple[int, ...] = (5, 4, 3, 2, 1)
"""The UFO token stack, top first [ufo.setup]."""
TUNNEL_JUMP = 4
"""Spaces a tunnel token moves the rocket on [exploration.tunnel]."""
UFO_LOWEST_SPACE = 1
"""The UFO never moves below this space [ufo.arrival]."""
SITES: tuple[str, ...] = ("moon", "planet", "comet", "galaxy")
"""Where a landed astronaut can be (:attr:`Landing.site`); comet and galaxy are deep space."""

CHANCE = "chance"
"""`current_actor` at a chance node."""

FACE_INDEX: dict[str, int] = {f: i for i, f in enumerate(FACES)}
"""A face's place in :data:`FACES` (the sort key of canonical face order)."""
ASTRONAUT_INDEX: dict[str, int] = {a: i for i, a in enumerate(ASTRONAUTS)}
"""An astronaut's place in :data:`ASTRONAUTS` (the sort key of a canonical reserve)."""


# -- board ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Space:
    """One space of the track [setup.board]. Fixed for the whole game, like the board."""

    faces: tuple[str, ...]
    """The die faces allowed here, distinct, in :data:`FACES` order; a roll with none of them
    crashes [crash.trigger]."""
    afterburner: int | None = None
    """Dot value of an afterburner die rolled here; ``None`` where the symbol is not printed."""
    moons: tuple[int, ...] = ()
    """Moon slot values in fill order [landing.moon-slot]."""
    planet: str | None = None
    """The id of the planet here (a key of :attr:`Board.planets`), or ``None``."""
    provisional: tuple[str, ...] = ()
    """Names of the fields that are a guess, not a sourced fact. The engine ignores them."""

    @property
    def has_site(self) -> bool:
        """Whether an astronaut could land here at all: a moon or a planet [landing.no-site]."""
        return bool(self.moons) or self.planet is not None


@dataclass(frozen=True, slots=True)
class Planet:
    """The awards of one planet, by rank of presence [scoring.planets]."""

    gold: int
    """Points for the player with the most astronauts on it."""
    silver: int
    """Points for the second most."""
    bronze: int
    """Points for the third most."""
    provisional: tuple[str, ...] = ()
    """Names of the fields that are a guess, not a sourced fact."""

    @property
    def awards(self) -> tuple[int, int, int]:
        """Gold, silver and bronze points, in that order."""
        return (self.gold, self.silver, self.bronze)


@dataclass(frozen=True, slots=True)
class Board:
    """The mat as data [setup.board]: the track, its planets and its fixed numbers.

    A board never changes during a game; every state of a game shares the same object.
    Checked for contradictions by :func:`~.interchange.board_problems`.
    """

    id: str
    """The board's name (a shipped board's file stem, e.g. ``standard``)."""
    spaces: tuple[Space, ...]
    """The track, space 0 first; the last one (:attr:`end`) is deep space."""
    planets: tuple[tuple[str, Planet], ...]
    """Each planet's id and awards, in document order."""
    start_space: int = 0
    """Where the rocket starts an expedition [takeoff.rocket-start]."""
    satellite_space: int = 3
    """Where it starts when a Satellite astronaut is aboard [power.satellite]."""
    crash_limit: int = 11
    """Crashes that end the game [end.crash-limit]."""
    comet: int = 7
    """Points of the comet: the commander's site in deep space [landing.deep-space]."""
    galaxy: int = 5
    """Points of the galaxy: every other passenger's site in deep space [landing.deep-space]."""
    title: str | None = None
    """A name for people, or ``None``."""
    provisional: tuple[str, ...] = ()
    """Names of the fields that are a guess, not a sourced fact."""

    @property
    def end(self) -> int:
        """The deep-space space: the last one of the track."""
        return len(self.spaces) - 1

    def planet(self, planet_id: str) -> Planet:
        """The planet with that id; ``KeyError`` if there is none."""
        for key, value in self.planets:
            if key == planet_id:
                return value
        raise KeyError(planet_id)


# -- rule options -----------------------------------------------------------------------
# One StrEnum per option with named values, the default first; the dispute each settles is
# in spec/mlem/disputes.yaml (its ``option.name`` is the field name of Options).


class DiceSelection(StrEnum):
    """How many groups a move may use [travel.group-count] (dispute dice-selection)."""

    GROUPS = "groups"
    SINGLE_GROUP = "single-group"


class TieBreak(StrEnum):
    """Who wins a tie on points [scoring.winner] (dispute tie-break)."""

    SHARED = "shared"
    DEEP_SPACE = "deep-space"


class GameEnd(StrEnum):
    """When an all-placed game ends [end.timing] (dispute end-timing)."""

    END_OF_EXPEDITION = "end-of-expedition"
    IMMEDIATE = "immediate"


class DiceGrouping(StrEnum):
    """Whether a face is used with all its dice [travel.whole-group] (dispute whole-group)."""

    WHOLE_GROUPS = "whole-groups"
    ANY_DICE = "any-dice"


class FourMoons(StrEnum):
    """What counts as a moon for the goal [goal.four-moons] (dispute four-moons-meaning)."""

    SLOTS = "slots"
    SPACES = "spaces"


class GoalClaims(StrEnum):
    """Which landings claim goals [goal.first-come] (dispute parachute-goals)."""

    ANY_LANDING = "any-landing"
    LANDING_PHASE = "landing-phase"


class DieOne(StrEnum):
    """When a flipped Die-1 astronaut is restored [power.die-one] (dispute die-one-reset)."""

    PER_EXPEDITION = "per-expedition"
    ONCE_PER_GAME = "once-per-game"


class AfterburnerDice(StrEnum):
    """What becomes of the afterburner dice a move used [travel.remove-dice] (dispute
    afterburner-kept)."""

    KEPT = "kept"
    REMOVED = "removed"


class ExplorationCollision(StrEnum):
    """A token revealed on an occupied space [exploration.collision]."""

    STACK = "stack"
    SET_ASIDE = "set-aside"


class TunnelPastEnd(StrEnum):
    """A tunnel that would pass deep space [exploration.tunnel-past-end]."""

    DEEP_SPACE = "deep-space"
    NO_MOVE = "no-move"


class DiceReuseCap(StrEnum):
    """The cap on dice given back by a dice-reuse token [exploration.dice-reuse]."""

    EXPEDITION = "expedition"
    SIX = "six"


class UfoEncounter(StrEnum):
    """When the rocket meets the UFO [ufo.encounter]."""

    REACH = "reach"
    EXACT = "exact"


class UfoTokenTaker(StrEnum):
    """Who takes UFO tokens at an encounter [ufo.tokens]."""

    COMMANDER = "commander"
    PASSENGERS = "passengers"


class UfoAfterEncounter(StrEnum):
    """Where the UFO goes after an encounter [ufo.after-encounter]."""

    RETURN = "return"
    STAY = "stay"


class UfoTokenValue(StrEnum):
    """Whether UFO tokens add or subtract points [ufo.scoring]."""

    BONUS = "bonus"
    PENALTY = "penalty"


class UfoExtraFace(StrEnum):
    """Where the extra-face ability may be used [ufo.extra-face]."""

    ALLOWED_ONLY = "allowed-only"
    ANY_SPACE = "any-space"


class UfoExtraFaceUse(StrEnum):
    """Whether the extra face moves alone or joins the rolled dice [ufo.extra-face]."""

    ALONE = "alone"
    WITH_DICE = "with-dice"


class ArrivalsExhausted(StrEnum):
    """What happens when the arrival pile is empty [ufo.arrivals-exhausted]."""

    RESHUFFLE = "reshuffle"
    NONE = "none"


@dataclass(frozen=True, slots=True)
class Options:
    """Rule options: each selects one reading of a dispute (spec/mlem/disputes.yaml).

    Every default is the ruling. The fields from ``exploration_collision`` on matter only
    while their variant (:data:`OPTION_VARIANT`) is played. Values read from documents are
    the option's :class:`~enum.StrEnum` members; plain strings work the same.
    """

    dice_selection: DiceSelection = DiceSelection.GROUPS
    """``groups`` (one or more complete groups) or ``single-group`` [travel.group-count]."""
    tie_break: TieBreak = TieBreak.SHARED
    """``shared`` or ``deep-space`` (a tie goes to whoever has the most astronauts in deep
    space) [scoring.winner]."""
    game_end: GameEnd = GameEnd.END_OF_EXPEDITION
    """``end-of-expedition`` or ``immediate`` [end.timing]."""
    die_one_rescue: bool = True
    """Whether a Die-1 astronaut alone can save a roll in which no die matches [power.die-one]."""
    dice_grouping: DiceGrouping = DiceGrouping.WHOLE_GROUPS
    """``whole-groups`` (a face is used with all its dice) or ``any-dice`` (any number of them)
    [travel.whole-group]."""
    four_moons: FourMoons = FourMoons.SLOTS
    """``slots`` (every moon slot is a moon) or ``spaces`` (a moon space is one moon)
    [goal.four-moons]."""
    goal_claims: GoalClaims = GoalClaims.ANY_LANDING
    """``any-landing`` (parachute landings claim goals too) or ``landing-phase``
    [goal.first-come]."""
    die_one: DieOne = DieOne.PER_EXPEDITION
    """``per-expedition`` (a flipped Die-1 is restored when the expedition ends) or
    ``once-per-game`` (it stays flipped for the rest of the game) [power.die-one]."""
    afterburner_dice: AfterburnerDice = AfterburnerDice.KEPT
    """``kept`` (used afterburner dice stay available) or ``removed`` (removed like the
    numbered dice) [travel.remove-dice]."""
    variants: tuple[Variant, ...] = ()
    """The variants played, in :data:`VARIANTS` order [variants.selection]."""
    exploration_collision: ExplorationCollision = ExplorationCollision.STACK
    """``stack`` (tokens share a space) or ``set-aside`` [exploration.collision]."""
    tunnel_past_end: TunnelPastEnd = TunnelPastEnd.DEEP_SPACE
    """``deep-space`` (a tunnel that would pass the end carries the rocket to deep space) or ``no-move``
    [exploration.tunnel-past-end]."""
    dice_reuse_cap: DiceReuseCap = DiceReuseCap.EXPEDITION
    """``expedition`` (a dice-reuse token gives back nothing once the rocket has the
    expedition's own dice count) or ``six`` (only at six dice) [exploration.dice-reuse]."""
    ufo_encounter: UfoEncounter = UfoEncounter.REACH
    """``reach`` (reaching or passing the UFO) or ``exact`` (stopping on it) [ufo.encounter]."""
    ufo_token_taker: UfoTokenTaker = UfoTokenTaker.COMMANDER
    """``commander`` or ``passengers`` (everyone aboard, one token each, front first)
    [ufo.tokens]."""
    ufo_after_encounter: UfoAfterEncounter = UfoAfterEncounter.RETURN
    """``return`` (the UFO goes home) or ``stay`` [ufo.after-encounter]."""
    ufo_token_value: UfoTokenValue = UfoTokenValue.BONUS
    """``bonus`` or ``penalty`` points for UFO tokens [ufo.scoring]."""
    ufo_extra_face: UfoExtraFace = UfoExtraFace.ALLOWED_ONLY
    """``allowed-only`` (the token's face must be allowed on the space) or ``any-space``
    [ufo.extra-face]."""
    ufo_extra_face_use: UfoExtraFaceUse = UfoExtraFaceUse.ALONE
    """``alone`` (the face moves the rocket by itself) or ``with-dice`` [ufo.extra-face]."""
    arrivals_exhausted: ArrivalsExhausted = ArrivalsExhausted.RESHUFFLE
    """``reshuffle`` (the used tokens become the pile) or ``none`` [ufo.arrivals-exhausted]."""


OPTION_ENUMS: dict[str, type[StrEnum]] = {
    "dice_selection": DiceSelection,
    "tie_break": TieBreak,
    "game_end": GameEnd,
    "dice_grouping": DiceGrouping,
    "four_moons": FourMoons,
    "goal_claims": GoalClaims,
    "die_one": DieOne,
    "afterburner_dice": AfterburnerDice,
    "exploration_collision": ExplorationCollision,
    "tunnel_past_end": TunnelPastEnd,
    "dice_reuse_cap": DiceReuseCap,
    "ufo_encounter": UfoEncounter,
    "ufo_token_taker": UfoTokenTaker,
    "ufo_after_encounter": UfoAfterEncounter,
    "ufo_token_value": UfoTokenValue,
    "ufo_extra_face": UfoExtraFace,
    "ufo_extra_face_use": UfoExtraFaceUse,
    "arrivals_exhausted": ArrivalsExhausted,
}
"""The value set of each option with named values (every one but ``die_one_rescue``)."""

OPTION_VALUES: dict[str, tuple[str | bool, ...]] = {
    name: (True, False) if name == "die_one_rescue" else tuple(v.value for v in OPTION_ENUMS[name])
    for name in (
        "dice_selection", "tie_break", "game_end", "die_one_rescue", "dice_grouping", "four_moons",
        "goal_claims", "die_one", "afterburner_dice", "exploration_collision", "tunnel_past_end", "dice_reuse_cap",
        "ufo_encounter", "ufo_token_taker", "ufo_after_encounter", "ufo_token_value",
        "ufo_extra_face", "ufo_extra_face_use", "arrivals_exhausted",
    )
}
"""Every single-valued rule option with its values as plain strings (or booleans), default
first (``variants`` is a list)."""

OPTION_VARIANT: dict[str, str] = {
    "exploration_collision": "exploration",
    "tunnel_past_end": "exploration",
    "dice_reuse_cap": "exploration",
    "ufo_encounter": "ufo",
    "ufo_token_taker": "ufo",
    "ufo_after_encounter": "ufo",
    "ufo_token_value": "ufo",
    "ufo_extra_face": "ufo",
    "ufo_extra_face_use": "ufo",
    "arrivals_exhausted": "ufo",
}
"""Options that exist only while their variant is played."""

LATE_OPTIONS: frozenset[str] = frozenset(
    {"dice_grouping", "four_moons", "goal_claims", "die_one", "afterburner_dice", "ufo_extra_face_use"}
)
"""Options added after format 1.0: an options document carries them only when they differ
from their default, so every document written before them keeps its meaning and form."""


# -- tokens (variants) ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ExplorationToken:
    """[exploration.tokens]: an effect, and the space it is placed on when revealed."""

    id: str
    """Unique within its token set."""
    space: int
    """The track space it is placed on when revealed (never the start or deep space)."""
    effect: str
    """One of :data:`EXPLORATION_EFFECTS`: ``points``, ``dice-reuse`` or ``tunnel``."""
    points: int = 0
    """Points a ``points`` token is worth to the commander who takes it; 0 for the others."""


@dataclass(frozen=True, slots=True)
class MissionToken:
    """[missions.tokens]: the position (space) of a moon or planet."""

    id: str
    """Unique within its token set."""
    space: int
    """The space whose moon or planet the mission asks a player to land on."""


@dataclass(frozen=True, slots=True)
class ArrivalToken:
    """[ufo.components]: UFO movement, dice this expedition, and a once-only ability."""

    id: str
    """Unique within its token set."""
    ufo_move: int
    """Spaces the UFO moves towards the start when revealed [ufo.arrival]."""
    dice: int
    """Dice the rocket has this expedition (instead of :data:`DICE_COUNT`)."""
    ability: str
    """One of :data:`ABILITIES`, usable once this expedition by the commander [ufo.ability]."""
    face: str | None = None
    """For ``extra-face``: the face the token gives; ``None`` for the other abilities."""


@dataclass(frozen=True, slots=True)
class TokenSet:
    """The printed variant tokens that go with one board (spec/mlem/tokens/<id>.yaml)."""

    id: str
    """The set's name, by default the board's id."""
    exploration: tuple[ExplorationToken, ...] = ()
    """The exploration tokens, in id order."""
    missions: tuple[MissionToken, ...] = ()
    """The mission tokens, in id order."""
    arrivals: tuple[ArrivalToken, ...] = ()
    """The arrival tokens, in id order."""
    ufo_home: int | None = None
    """The "+" space where the UFO starts; ``None`` means the board's last space."""
    provisional: bool = False
    """Whether the set is a guess rather than the printed tokens."""
    note: str | None = None
    """A remark for people, or ``None``."""


@dataclass(frozen=True, slots=True)
class Setup:
    """What a new game needs: the input of :func:`~.engine.initial_state`."""

    players: int
    """How many play: 2 to 5 [setup.players]."""
    board: Board
    """The mat [setup.board]."""
    start_player: int = 0
    """Who boards first in the first expedition [setup.start-player]."""
    options: Options = field(default_factory=Options)
    """The rule options; the defaults are the rulings."""
    tokens: TokenSet | None = None
    """Variant tokens; ``None`` loads the set named like the board when a variant needs it."""


# -- state --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Hidden:
    """In an observation: a list the observer cannot see, of which only the size is known."""

    count: int
    """How many items the hidden list holds."""


_Item = TypeVar("_Item")


def shown(items: tuple[_Item, ...] | Hidden) -> tuple[_Item, ...]:
    """The items of a list that an observation may hide; a hidden list shows none."""
    return () if isinstance(items, Hidden) else items


def size(items: tuple[object, ...] | Hidden) -> int:
    """How many items a list holds, whether it is hidden or not."""
    return items.count if isinstance(items, Hidden) else len(items)


@dataclass(frozen=True, slots=True)
class Seat:
    """One astronaut aboard the rocket [takeoff.boarding-order]."""

    player: int
    """Its owner (a player index); the owner of seat 0 is the commander."""
    astronaut: str
    """Its type, one of :data:`ASTRONAUTS`."""
    flipped: bool = False
    """A Die-1 astronaut whose power has been used this expedition (or, with
    ``die_one=once-per-game``, for good) [power.die-one]."""


@dataclass(frozen=True, slots=True)
class Landing:
    """One astronaut placed in space; it stays there for the rest of the game."""

    player: int
    """Its owner (a player index)."""
    astronaut: str
    """Its type, one of :data:`ASTRONAUTS`."""
    space: int
    """The space it is on (:attr:`Board.end` for ``comet`` and ``galaxy``)."""
    site: str
    """One of :data:`SITES`: ``moon``, ``planet``, or in deep space ``comet`` (the commander)
    or ``galaxy`` [landing.deep-space]."""
    slot: int | None = None
    """For a moon: which of the space's :attr:`Space.moons` it took, from 0, filled in order
    [landing.moon-slot]; ``None`` for the other sites."""


@dataclass(frozen=True, slots=True)
class Rocket:
    """The rocket of the current expedition: where it is, its dice and who is aboard."""

    space: int
    """The space it is on; the board's start space between expeditions."""
    dice: int
    """Dice available, 1..:data:`DICE_COUNT`; removed dice stay out until the expedition ends
    [travel.remove-dice] [travel.last-die]."""
    seats: tuple[Seat, ...] = ()
    """Who is aboard, front seat first: at most one astronaut per player; landing ones leave
    and the seats behind move up [landing.seats-move-up]."""
    roll: tuple[str, ...] | None = None
    """The faces just rolled, in :data:`FACES` order, one per die; set in phase ``move`` and
    only then [travel.roll]."""
    cursor: int = 0
    """In phases ``landing`` and ``parachute``: the index in :attr:`seats` of the astronaut
    whose decision it is (land or stay; after a crash: jump or go home). It moves back to
    front: seats before it have already stayed, and a seat that lands leaves, so the cursor
    keeps its value and the next seat moves up to it. Seats with nowhere to land are skipped
    [landing.optional]. Always 0 in every other phase."""


@dataclass(frozen=True, slots=True)
class Exploration:
    """Exploration variant state [exploration.*]."""

    pile: tuple[ExplorationToken, ...] | Hidden
    """Face down, in id order (the draw order is chance); :class:`Hidden` in an observation."""
    spaces: tuple[ExplorationToken, ...] = ()
    """Revealed tokens, in the order they were placed."""
    held: tuple[tuple[ExplorationToken, ...], ...] = ()
    """Per player, the points tokens taken."""
    removed: tuple[ExplorationToken, ...] = ()
    """Used dice-reuse and tunnel tokens, and tokens set aside, in order."""
    pending: int = 0
    """Replacement draws still owed after a movement [exploration.replace]; positive exactly
    in phase ``exploration-draw``."""


@dataclass(frozen=True, slots=True)
class Missions:
    """Secret Missions variant state [missions.*]."""

    pile: tuple[MissionToken, ...] | Hidden
    """Not yet dealt, in id order; :class:`Hidden` in an observation."""
    hands: tuple[tuple[MissionToken, ...] | Hidden, ...]
    """Per player, in id order: four while dealing and discarding, then the three kept;
    another player's hand is :class:`Hidden` in an observation until the game is over
    [missions.hidden]."""
    discarded: tuple[tuple[MissionToken, ...] | Hidden, ...]
    """Per player, the mission put away (at most one); :class:`Hidden` to others."""


@dataclass(frozen=True, slots=True)
class Ufo:
    """UFO variant state [ufo.*]."""

    home: int
    """The UFO's home space, where it starts and returns to [ufo.setup]."""
    space: int
    """The space the UFO is on now, 1..:attr:`Board.end`."""
    pile: tuple[ArrivalToken, ...] | Hidden
    """Arrival tokens face down, in id order; :class:`Hidden` in an observation."""
    used: tuple[ArrivalToken, ...] = ()
    """Arrival tokens of finished expeditions, in order."""
    arrival: ArrivalToken | None = None
    """This expedition's arrival token, or ``None`` before it is revealed [ufo.arrival]."""
    ability_used: bool = False
    """Whether the arrival token's ability has been used this expedition [ufo.ability]."""
    stack: tuple[int, ...] = UFO_TOKENS
    """The UFO tokens not yet taken, top first [ufo.tokens]."""
    held: tuple[tuple[int, ...], ...] = ()
    """Per player, the values of the UFO tokens taken, in order."""


@dataclass(frozen=True, slots=True)
class State:
    """Everything about a game at one moment; the engine's functions take and return it.

    Roles: :attr:`board` and :attr:`options` are fixed for the game; :attr:`phase` says
    what is awaited (and so who acts); :attr:`rocket` is the current expedition;
    :attr:`reserves`, :attr:`landed`, :attr:`goals` and :attr:`crashes` are the table; the
    three variant sections are ``None`` unless their variant is played. A state is frozen:
    ``apply`` returns a new one. :func:`~.interchange.state_problems` lists every way a
    state contradicts the rules; ``state_to_json`` / ``state_from_json`` are its document.
    The engine builds states by position in this field order (``_Work.freeze``).
    """

    board: Board
    """The mat, fixed for the game."""
    options: Options
    """The rule options, fixed for the game."""
    phase: str
    """A :class:`Phase` value: what the game waits for."""
    start_player: int
    """The player who boarded first this expedition; moves on by one each expedition
    [expedition.end]."""
    expedition: int
    """The current expedition, counted from 1."""
    crashes: int
    """Crashes so far (the crash marker) [crash.track]; :attr:`Board.crash_limit` ends the game."""
    reserves: tuple[tuple[str, ...], ...]
    """Per player, the astronauts on their own board, canonical order."""
    rocket: Rocket
    """The rocket of the current expedition."""
    landed: tuple[Landing, ...] = ()
    """Every astronaut placed in space, in the order they were placed."""
    goals: tuple[int | None, ...] = (None, None, None, None)
    """Holder of each goal token, in the order of :data:`GOALS`."""
    ended: str | None = None
    """Why the game ended (``crash-limit`` or ``all-placed``), or ``None``."""
    exploration: Exploration | None = None
    """The Exploration variant's tokens, or ``None`` when it is not played."""
    missions: Missions | None = None
    """The Secret Missions variant's tokens, or ``None`` when it is not played."""
    ufo: Ufo | None = None
    """The UFO variant's state, or ``None`` when it is not played."""
    die_one_spent: tuple[int, ...] = ()
    """Players whose Die-1 astronaut has used its power for good (die_one=once-per-game)."""

    @property
    def players(self) -> int:
        """How many play (the number of reserves)."""
        return len(self.reserves)


# -- actions --------------------------------------------------------------------------
# Every action names its acting player (``player``) except the chance actions Roll and Draw;
# ``type`` is a class constant: the action document's "type".


@dataclass(frozen=True, slots=True)
class Embark:
    """Takeoff: put one astronaut from the reserve into the next seat [takeoff.boarding-order]."""

    player: int
    """Who boards: the player whose turn it is."""
    astronaut: str
    """The astronaut boarded, from that player's reserve."""
    type = "embark"


@dataclass(frozen=True, slots=True)
class Roll:
    """Chance: the faces rolled, one per available die [travel.roll]."""

    faces: tuple[str, ...]
    """The faces, in :data:`FACES` order; as many as :attr:`Rocket.dice`."""
    type = "roll"


@dataclass(frozen=True, slots=True)
class Move:
    """The commander's choice of groups (and Die-1 astronauts) [travel.group-count]."""

    player: int
    """The commander."""
    faces: tuple[str, ...]
    """The faces used, distinct, in :data:`FACES` order."""
    die_one: tuple[int, ...] = ()
    """Players whose Die-1 astronaut is used as an extra 1 [power.die-one]."""
    ability: str | None = None
    """``extra-face`` or ``keep-dice``: the UFO arrival token's ability used [ufo.ability]."""
    dice: tuple[tuple[str, int], ...] = ()
    """Per face, how many of its dice are used, for faces used only in part (canonical face
    order); a face not listed is used whole [travel.whole-group]."""
    type = "move"


@dataclass(frozen=True, slots=True)
class Land:
    """Disembark onto the moon or planet of ``space`` [landing.optional]."""

    player: int
    """The owner of the seat at :attr:`Rocket.cursor`."""
    space: int
    """Where to land: the rocket's space, or next to it for a Plus-minus [power.plus-minus]."""
    type = "land"


@dataclass(frozen=True, slots=True)
class Stay:
    """Stay aboard (in a crash: go home) [landing.optional]."""

    player: int
    """The owner of the seat at :attr:`Rocket.cursor`."""
    type = "stay"


@dataclass(frozen=True, slots=True)
class Draw:
    """Chance: the token drawn from the face-down pile the phase names."""

    token: str
    """The id of the token drawn."""
    type = "draw"


@dataclass(frozen=True, slots=True)
class Discard:
    """Put one of the four dealt missions away [missions.discard]."""

    player: int
    """Whose mission: the player whose turn it is to discard."""
    token: str
    """The id of the mission put away, from that player's hand."""
    type = "discard"


@dataclass(frozen=True, slots=True)
class Reroll:
    """The UFO reroll ability: roll all available dice again [ufo.reroll]."""

    player: int
    """The commander."""
    type = "reroll"


Action = Embark | Roll | Move | Land | Stay | Draw | Discard | Reroll
"""Any MLEM action."""


# -- events ---------------------------------------------------------------------------
# Events and transitions are the shared values of the game interface (games/interface.py):
# every game's events have the same shape, so the shell reads them without knowing the game.


@dataclass(frozen=True, slots=True)
class Score:
    """One player's points by category [scoring.*]."""

    moons: int = 0
    """Moon slot values, doubled for a Moon-double [scoring.moons]."""
    planets: int = 0
    """Planet awards by presence [scoring.planets]."""
    deep_space: int = 0
    """Comet and galaxy points [scoring.deep-space]."""
    goals: int = 0
    """Goal tokens held, :data:`GOAL_POINTS` each [scoring.goals]."""
    exploration: int = 0
    """Exploration points tokens taken [exploration.points]."""
    missions: int = 0
    """:data:`MISSION_POINTS` for the missions fulfilled [missions.scoring]."""
    ufo: int = 0
    """UFO tokens, as bonus or penalty [ufo.scoring]."""

    @property
    def total(self) -> int:
        """The sum of every category."""
        return (self.moons + self.planets + self.deep_space + self.goals
                + self.exploration + self.missions + self.ufo)

    @property
    def immediate(self) -> int:
        """The points scored as they happen (everything but planets)."""
        return self.moons + self.deep_space + self.goals


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game: who won and the final scores [scoring.winner]."""

    winners: tuple[int, ...]
    """The winning players, ascending; more than one when tied."""
    scores: tuple[Score, ...]
    """Per player, the final score sheet."""
    reason: str
    """Why the game ended: :attr:`State.ended` (``crash-limit`` or ``all-placed``)."""
