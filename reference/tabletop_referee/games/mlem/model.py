"""Value objects of MLEM: Space Agency.

Glossary (spelled as in ``spec/mlem/clauses.yaml``):

- *board*: the mat as data: per space its allowed die faces, afterburner dots, moons or planet.
- *reserve*: the astronauts on a player's own board, not yet in space.
- *seat*: a place on the rocket board; seat 0 is the front seat, whose owner is the commander.
- *landed*: the astronauts placed in space, in the order they were placed.
- *expedition*: one round, from takeoff until the rocket is empty, reaches deep space or crashes.

Every class is frozen; the engine returns new objects instead of changing old ones.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..interface import Event, Transition, event  # noqa: F401  (re-exported)

FACES: tuple[str, ...] = ("1", "2", "3", "4", "afterburner")
"""Die faces in canonical order."""

FACE_VALUE = {"1": 1, "2": 2, "3": 3, "4": 4}

DIE: tuple[str, ...] = ("1", "2", "2", "3", "4", "afterburner")
"""The six sides of one die [components.dice]."""

DICE_COUNT = 6

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
GOAL_POINTS = 5

PHASES: tuple[str, ...] = (
    "exploration-setup",
    "mission-deal",
    "mission-discard",
    "arrival",
    "takeoff",
    "roll",
    "move",
    "landing",
    "exploration-draw",
    "parachute",
    "game-over",
)
CHANCE_PHASES = frozenset({"exploration-setup", "mission-deal", "arrival", "exploration-draw", "roll"})

VARIANTS: tuple[str, ...] = ("exploration", "missions", "ufo")
"""The three variants, in canonical order [variants.selection]."""

EXPLORATION_EFFECTS: tuple[str, ...] = ("points", "dice-reuse", "tunnel")
ABILITIES: tuple[str, ...] = ("extra-face", "keep-dice", "reroll")
EXPLORATION_REVEALED = 5
"""Exploration tokens revealed at setup [exploration.setup]."""
MISSIONS_DEALT = 4
MISSION_POINTS = (0, 2, 5, 10)
"""Points for 0, 1, 2, 3 fulfilled missions [missions.scoring]."""
UFO_TOKENS: tuple[int, ...] = (5, 4, 3, 2, 1)
"""The UFO token stack, top first [ufo.setup]."""
TUNNEL_JUMP = 4
UFO_LOWEST_SPACE = 1
SITES: tuple[str, ...] = ("moon", "planet", "comet", "galaxy")

CHANCE = "chance"
"""`current_actor` at a chance node."""

FACE_INDEX = {f: i for i, f in enumerate(FACES)}
ASTRONAUT_INDEX = {a: i for i, a in enumerate(ASTRONAUTS)}


# -- board ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Space:
    """One space of the track [setup.board]."""

    faces: tuple[str, ...]
    afterburner: int | None = None
    """Dot value of an afterburner die rolled here; ``None`` where the symbol is not printed."""
    moons: tuple[int, ...] = ()
    """Moon slot values in fill order [landing.moon-slot]."""
    planet: str | None = None
    provisional: tuple[str, ...] = ()
    """Names of the fields that are a guess, not a sourced fact. The engine ignores them."""

    @property
    def has_site(self) -> bool:
        return bool(self.moons) or self.planet is not None


@dataclass(frozen=True, slots=True)
class Planet:
    gold: int
    silver: int
    bronze: int
    provisional: tuple[str, ...] = ()

    @property
    def awards(self) -> tuple[int, int, int]:
        return (self.gold, self.silver, self.bronze)


@dataclass(frozen=True, slots=True)
class Board:
    """The mat as data [setup.board]."""

    id: str
    spaces: tuple[Space, ...]
    planets: tuple[tuple[str, Planet], ...]
    start_space: int = 0
    satellite_space: int = 3
    crash_limit: int = 11
    comet: int = 7
    galaxy: int = 5
    title: str | None = None
    provisional: tuple[str, ...] = ()

    @property
    def end(self) -> int:
        """The deep-space space: the last one of the track."""
        return len(self.spaces) - 1

    def planet(self, planet_id: str) -> Planet:
        for key, value in self.planets:
            if key == planet_id:
                return value
        raise KeyError(planet_id)


@dataclass(frozen=True, slots=True)
class Options:
    """Rule options: each selects one reading of a dispute (spec/mlem/disputes.yaml)."""

    dice_selection: str = "groups"
    """``groups`` (one or more complete groups) or ``single-group``."""
    tie_break: str = "shared"
    """``shared`` or ``deep-space``."""
    game_end: str = "end-of-expedition"
    """``end-of-expedition`` or ``immediate``."""
    die_one_rescue: bool = True
    """Whether a Die-1 astronaut alone can save a roll in which no die matches."""
    dice_grouping: str = "whole-groups"
    """``whole-groups`` (a face is used with all its dice) or ``any-dice`` (any number of them)."""
    four_moons: str = "slots"
    """``slots`` (every moon slot is a moon) or ``spaces`` (a moon space is one moon)."""
    goal_claims: str = "any-landing"
    """``any-landing`` (parachute landings claim goals too) or ``landing-phase``."""
    die_one: str = "per-expedition"
    """``per-expedition`` (a flipped Die-1 is restored when the expedition ends) or
    ``once-per-game`` (it stays flipped for the rest of the game)."""
    afterburner_dice: str = "kept"
    """``kept`` (used afterburner dice stay available) or ``removed`` (removed like the
    numbered dice)."""
    variants: tuple[str, ...] = ()
    """The variants played, in :data:`VARIANTS` order [variants.selection]."""
    exploration_collision: str = "stack"
    tunnel_past_end: str = "deep-space"
    dice_reuse_cap: str = "expedition"
    ufo_encounter: str = "reach"
    ufo_token_taker: str = "commander"
    ufo_after_encounter: str = "return"
    ufo_token_value: str = "bonus"
    ufo_extra_face: str = "allowed-only"
    ufo_extra_face_use: str = "alone"
    arrivals_exhausted: str = "reshuffle"


OPTION_VALUES: dict[str, tuple[Any, ...]] = {
    "dice_selection": ("groups", "single-group"),
    "tie_break": ("shared", "deep-space"),
    "game_end": ("end-of-expedition", "immediate"),
    "die_one_rescue": (True, False),
    "dice_grouping": ("whole-groups", "any-dice"),
    "four_moons": ("slots", "spaces"),
    "goal_claims": ("any-landing", "landing-phase"),
    "die_one": ("per-expedition", "once-per-game"),
    "afterburner_dice": ("kept", "removed"),
    "exploration_collision": ("stack", "set-aside"),
    "tunnel_past_end": ("deep-space", "no-move"),
    "dice_reuse_cap": ("expedition", "six"),
    "ufo_encounter": ("reach", "exact"),
    "ufo_token_taker": ("commander", "passengers"),
    "ufo_after_encounter": ("return", "stay"),
    "ufo_token_value": ("bonus", "penalty"),
    "ufo_extra_face": ("allowed-only", "any-space"),
    "ufo_extra_face_use": ("alone", "with-dice"),
    "arrivals_exhausted": ("reshuffle", "none"),
}
"""Every single-valued rule option with its values, default first (``variants`` is a list)."""

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
    space: int
    effect: str
    points: int = 0


@dataclass(frozen=True, slots=True)
class MissionToken:
    """[missions.tokens]: the position (space) of a moon or planet."""

    id: str
    space: int


@dataclass(frozen=True, slots=True)
class ArrivalToken:
    """[ufo.components]: UFO movement, dice this expedition, and a once-only ability."""

    id: str
    ufo_move: int
    dice: int
    ability: str
    face: str | None = None


@dataclass(frozen=True, slots=True)
class TokenSet:
    """The printed variant tokens that go with one board (spec/mlem/tokens/<id>.yaml)."""

    id: str
    exploration: tuple[ExplorationToken, ...] = ()
    missions: tuple[MissionToken, ...] = ()
    arrivals: tuple[ArrivalToken, ...] = ()
    ufo_home: int | None = None
    """The "+" space where the UFO starts; ``None`` means the board's last space."""
    provisional: bool = False
    note: str | None = None


@dataclass(frozen=True, slots=True)
class Setup:
    """What a new game needs."""

    players: int
    board: Board
    start_player: int = 0
    options: Options = field(default_factory=Options)
    tokens: TokenSet | None = None
    """Variant tokens; ``None`` loads the set named like the board when a variant needs it."""


# -- state --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Seat:
    player: int
    astronaut: str
    flipped: bool = False
    """A Die-1 astronaut whose power has been used this expedition [power.die-one]."""


@dataclass(frozen=True, slots=True)
class Landing:
    player: int
    astronaut: str
    space: int
    site: str
    slot: int | None = None


@dataclass(frozen=True, slots=True)
class Rocket:
    space: int
    dice: int
    seats: tuple[Seat, ...] = ()
    roll: tuple[str, ...] | None = None
    cursor: int = 0


@dataclass(frozen=True, slots=True)
class Hidden:
    """In an observation: a list the observer cannot see, of which only the size is known."""

    count: int


@dataclass(frozen=True, slots=True)
class Exploration:
    """Exploration variant state [exploration.*]."""

    pile: tuple[ExplorationToken, ...]
    """Face down, in id order (the draw order is chance)."""
    spaces: tuple[ExplorationToken, ...] = ()
    """Revealed tokens, in the order they were placed."""
    held: tuple[tuple[ExplorationToken, ...], ...] = ()
    """Per player, the points tokens taken."""
    removed: tuple[ExplorationToken, ...] = ()
    """Used dice-reuse and tunnel tokens, and tokens set aside, in order."""
    pending: int = 0
    """Replacement draws still owed after a movement [exploration.replace]."""


@dataclass(frozen=True, slots=True)
class Missions:
    """Secret Missions variant state [missions.*]."""

    pile: tuple[MissionToken, ...]
    hands: tuple[tuple[MissionToken, ...], ...]
    """Per player, in id order: four while dealing and discarding, then the three kept."""
    discarded: tuple[tuple[MissionToken, ...], ...]


@dataclass(frozen=True, slots=True)
class Ufo:
    """UFO variant state [ufo.*]."""

    home: int
    space: int
    pile: tuple[ArrivalToken, ...]
    used: tuple[ArrivalToken, ...] = ()
    arrival: ArrivalToken | None = None
    ability_used: bool = False
    stack: tuple[int, ...] = UFO_TOKENS
    held: tuple[tuple[int, ...], ...] = ()


@dataclass(frozen=True, slots=True)
class State:
    board: Board
    options: Options
    phase: str
    start_player: int
    expedition: int
    crashes: int
    reserves: tuple[tuple[str, ...], ...]
    """Per player, the astronauts on their own board, canonical order."""
    rocket: Rocket
    landed: tuple[Landing, ...] = ()
    goals: tuple[int | None, ...] = (None, None, None, None)
    """Holder of each goal token, in the order of :data:`GOALS`."""
    ended: str | None = None
    """Why the game ended (``crash-limit`` or ``all-placed``), or ``None``."""
    exploration: Exploration | None = None
    missions: Missions | None = None
    ufo: Ufo | None = None
    die_one_spent: tuple[int, ...] = ()
    """Players whose Die-1 astronaut has used its power for good (die_one=once-per-game)."""

    @property
    def players(self) -> int:
        return len(self.reserves)


# -- actions --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Embark:
    """Takeoff: put one astronaut from the reserve into the next seat [takeoff.boarding-order]."""

    player: int
    astronaut: str
    type = "embark"


@dataclass(frozen=True, slots=True)
class Roll:
    """Chance: the faces rolled, one per available die [travel.roll]."""

    faces: tuple[str, ...]
    type = "roll"


@dataclass(frozen=True, slots=True)
class Move:
    """The commander's choice of groups (and Die-1 astronauts) [travel.group-count]."""

    player: int
    faces: tuple[str, ...]
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
    space: int
    type = "land"


@dataclass(frozen=True, slots=True)
class Stay:
    """Stay aboard (in a crash: go home) [landing.optional]."""

    player: int
    type = "stay"


@dataclass(frozen=True, slots=True)
class Draw:
    """Chance: the token drawn from the face-down pile the phase names."""

    token: str
    type = "draw"


@dataclass(frozen=True, slots=True)
class Discard:
    """Put one of the four dealt missions away [missions.discard]."""

    player: int
    token: str
    type = "discard"


@dataclass(frozen=True, slots=True)
class Reroll:
    """The UFO reroll ability: roll all available dice again [ufo.reroll]."""

    player: int
    type = "reroll"


Action = Embark | Roll | Move | Land | Stay | Draw | Discard | Reroll


# -- events ---------------------------------------------------------------------------
# Events and transitions are the shared values of the game interface (games/interface.py):
# every game's events have the same shape, so the shell reads them without knowing the game.


@dataclass(frozen=True, slots=True)
class Score:
    """One player's points by category [scoring.*]."""

    moons: int = 0
    planets: int = 0
    deep_space: int = 0
    goals: int = 0
    exploration: int = 0
    missions: int = 0
    ufo: int = 0

    @property
    def total(self) -> int:
        return (self.moons + self.planets + self.deep_space + self.goals
                + self.exploration + self.missions + self.ufo)

    @property
    def immediate(self) -> int:
        """The points scored as they happen (everything but planets)."""
        return self.moons + self.deep_space + self.goals


@dataclass(frozen=True, slots=True)
class Outcome:
    winners: tuple[int, ...]
    scores: tuple[Score, ...]
    reason: str
