"""Value objects of Celestia (Aaron Weissblum, BLAM!).

Glossary (spelled as in ``spec/celestia/clauses.yaml``):

- *journey*: one trip of the aircraft from the first city until everyone has left, it has
  crashed or it has reached the last city;
- *leg*: one hop from the current city to the next one: roll, passengers' decisions, power
  window, challenge;
- *aboard*: the players still in the aircraft this journey (the captain among them);
- *captain*: the aboard player who rolls and must meet the dice with Equipment cards;
- *deck*: the shared face-down pile of action cards (Equipment, Turbo, Power);
- *pile*: the face-down treasure cards of one city.

Card piles are multisets: the deck, the discard pile, a hand and a treasure pile are kept as
sorted tuples of card names, because cards of one name are interchangeable and the order of a
face-down pile is chance, resolved by the chance action that draws from it. Every class is
frozen; the engine returns new objects instead of changing old ones.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from ..interface import CHANCE as CHANCE  # re-exported (``X as X``: an explicit re-export)
from ..interface import Event as Event
from ..interface import Transition as Transition
from ..interface import event as event
from ..interface import set_enum_members


# -- dice and cards ---------------------------------------------------------------------------

SYMBOLS: tuple[str, ...] = ("fog", "lightning", "bird", "pirates")
"""The four challenge symbols of an event die, in canonical order."""
BLANK = "blank"
FACES: tuple[str, ...] = SYMBOLS + (BLANK,)
"""Distinct die faces in canonical order."""
DIE: tuple[str, ...] = ("fog", "lightning", "bird", "pirates", "blank", "blank")
"""The six sides of one event die: four symbols and two blanks."""
FACE_INDEX = {f: i for i, f in enumerate(FACES)}

EQUIPMENT: dict[str, str] = {
    "compass": "fog",
    "lightning-arrester": "lightning",
    "horn": "bird",
    "cannon": "pirates",
}
"""Each Equipment card and the die symbol it answers."""
ANSWER: dict[str, str] = {v: k for k, v in EQUIPMENT.items()}
TURBO = "turbo"
GRAPPLING_HOOK = "grappling-hook"
POWERS: tuple[str, ...] = ("alternative-route", "ejection", "gust", "jetpack", GRAPPLING_HOOK)
"""Power cards (the promo Grappling Hook last), in canonical order."""
CARDS: tuple[str, ...] = tuple(EQUIPMENT) + (TURBO,) + POWERS
"""Every action card name, in canonical order."""
CARD_INDEX = {c: i for i, c in enumerate(CARDS)}

GAME_TYPES: tuple[str, ...] = ("basic", "basic-promo", "fast")

TELESCOPE = "telescope"
TARGET = 50
"""Points that end the game."""

class Phase(StrEnum):
    """What a state waits for (``State.phase``). Each member equals its string (``Phase.DEAL ==
    "deal"``), so the interchange format is unchanged."""

    DEAL = "deal"
    """Chance: a card for the next player in ``to_deal``."""
    LAND_OR_ROLL = "land-or-roll"
    """The lone captain: land here or go on."""
    ROLL = "roll"
    """Chance: the event dice for the next city."""
    DECIDE = "decide"
    """A passenger: stay or leave."""
    TREASURE = "treasure"
    """Chance: the treasure card of the player in ``to_treasure``."""
    POWER = "power"
    """The power window: play a Power card or pass."""
    REROLL = "reroll"
    """Chance: one die rolled again or added."""
    CHALLENGE = "challenge"
    """The captain: meet the dice or crash."""
    JETPACK = "jetpack"
    """After a crash: players aboard may escape with a Jetpack."""
    GAME_OVER = "game-over"
    """Nothing: the game is over."""


PHASES: tuple[str, ...] = tuple(p.value for p in Phase)
"""Every phase, as the interchange format writes it."""
_PHASE_OF: dict[str, Phase] = {p.value: p for p in Phase}
CHANCE_PHASES = frozenset({"deal", "roll", "treasure", "reroll"})


def card_key(card: str) -> int:
    return CARD_INDEX[card]


def face_key(face: str) -> int:
    return FACE_INDEX[face]


def sort_cards(cards: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(cards, key=CARD_INDEX.__getitem__))


def sort_faces(faces: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(faces, key=FACE_INDEX.__getitem__))


# -- setup data -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class City:
    """One city tile: its id (the number that names it), printed label, the lowest treasure
    value there, the dice rolled to fly to it, its treasure cards."""

    id: int
    """The number that names the city (in JSON, notation and positions)."""
    label: str
    """The name printed on the tile."""
    minimum: int
    """The number printed on the tile: the lowest treasure value there."""
    dice: int
    """The event dice rolled to fly on to this city [roll.dice-count]."""
    treasures: tuple[str, ...]
    """The treasure cards of the city's pile, sorted (see :func:`treasure_key`)."""


@dataclass(frozen=True, slots=True)
class TreasureSet:
    """Cities in route order with their treasure piles and the points of each treasure card."""

    id: str
    """The treasure set's id (option ``treasure_set``)."""
    cities: tuple[City, ...]
    """The cities in route order."""
    points: tuple[tuple[str, int], ...]
    """``(card, points)`` for every treasure card name used."""

    def value(self, card: str) -> int:
        for k, v in self.points:
            if k == card:
                return v
        raise KeyError(card)


HAND_SIZES: tuple[tuple[int, int], ...] = ((2, 8), (3, 8), (4, 6), (5, 6), (6, 6))
"""Cards dealt to each player, by player count [setup.hand-size]."""


@dataclass(frozen=True, slots=True)
class DeckSet:
    """The action cards: how many of each, and the hand size dealt per player count."""

    id: str
    """The deck's id (option ``game_type``)."""
    cards: tuple[tuple[str, int], ...]
    """``(card, count)`` in :data:`CARDS` order."""
    hand_sizes: tuple[tuple[int, int], ...]
    """``(players, cards dealt to each)``."""

    def hand_size(self, players: int) -> int:
        for n, k in self.hand_sizes:
            if n == players:
                return k
        raise KeyError(players)


def treasure_key(points: dict[str, int]) -> Callable[[str], tuple[int, str]]:
    """Sort key of treasure cards: by points, then name."""
    return lambda card: (points[card], card)


class GameType(StrEnum):
    """The values of the ``game_type`` option (:attr:`Options.game_type`), the default first."""

    BASIC = "basic"
    BASIC_PROMO = "basic-promo"
    FAST = "fast"


class TreasureSetChoice(StrEnum):
    """The values of the ``treasure_set`` option (:attr:`Options.treasure_set`), the default first."""

    SEED_80 = "seed-80"
    RULEBOOK_78 = "rulebook-78"


class TelescopeCities(StrEnum):
    """The values of the ``telescope_cities`` option (:attr:`Options.telescope_cities`), the default first."""

    FIRST_FOUR = "first-four"
    EVERY_PLUS = "every-plus"


class Telescope(StrEnum):
    """The values of the ``telescope`` option (:attr:`Options.telescope`), the default first."""

    ZERO_POINTS = "zero-points"
    REMOVED = "removed"


class LandingPoints(StrEnum):
    """The values of the ``landing_points`` option (:attr:`Options.landing_points`), the default first."""

    DRAWN_CARD = "drawn-card"
    CITY_NUMBER = "city-number"


class CaptainLeaving(StrEnum):
    """The values of the ``captain_leaving`` option (:attr:`Options.captain_leaving`), the default first."""

    LONE_BEFORE_ROLL = "lone-before-roll"
    NEVER = "never"


class JetpackTiming(StrEnum):
    """The values of the ``jetpack_timing`` option (:attr:`Options.jetpack_timing`), the default first."""

    AFTER_CRASH = "after-crash"
    IN_WINDOW = "in-window"


class JetpackCity(StrEnum):
    """The values of the ``jetpack_city`` option (:attr:`Options.jetpack_city`), the default first."""

    NEXT = "next"
    CURRENT = "current"


class EndTiming(StrEnum):
    """The values of the ``end_timing`` option (:attr:`Options.end_timing`), the default first."""

    JOURNEY_END = "journey-end"
    IMMEDIATE = "immediate"


class EndWinner(StrEnum):
    """The values of the ``end_winner`` option (:attr:`Options.end_winner`), the default first."""

    HIGHEST = "highest"
    FIRST_TO_FIFTY = "first-to-fifty"


class FastGameTurbo(StrEnum):
    """The values of the ``fast_game_turbo`` option (:attr:`Options.fast_game_turbo`), the default first."""

    WITHOUT = "without"
    WITH = "with"


class AlternativeRoute(StrEnum):
    """The values of the ``alternative_route`` option (:attr:`Options.alternative_route`), the default first."""

    ONE_DIE = "one-die"
    ALL_DICE = "all-dice"


class Gust(StrEnum):
    """The values of the ``gust`` option (:attr:`Options.gust`), the default first."""

    EXTRA_DIE = "extra-die"
    PASS_HAZARDS = "pass-hazards"
    INERT = "inert"


class GrapplingHook(StrEnum):
    """The values of the ``grappling_hook`` option (:attr:`Options.grappling_hook`), the default first."""

    INERT = "inert"
    ABSENT = "absent"


class JourneyCaptain(StrEnum):
    """The values of the ``journey_captain`` option (:attr:`Options.journey_captain`), the default first."""

    AFTER_LAST_CAPTAIN = "after-last-captain"
    AFTER_FIRST_CAPTAIN = "after-first-captain"


class PowerPlayers(StrEnum):
    """The values of the ``power_players`` option (:attr:`Options.power_players`), the default first."""

    ALL = "all"
    ABOARD = "aboard"


@dataclass(frozen=True, slots=True)
class Options:
    """Rule options (spec/celestia/options.yaml): each selects one reading of a dispute
    (spec/celestia/disputes.yaml) or a game mode. Defaults are the spec's rulings."""

    game_type: GameType = GameType.BASIC
    """``basic``, ``basic-promo`` (adds the Grappling Hook) or ``fast`` (no Power cards)."""
    treasure_set: TreasureSetChoice = TreasureSetChoice.SEED_80
    """Which treasure distribution: ``seed-80`` or ``rulebook-78`` [treasure.set]."""
    telescope_cities: TelescopeCities = TelescopeCities.FIRST_FOUR
    """Which cities hold a Magic Telescope: ``first-four`` or ``every-plus``."""
    telescope: Telescope = Telescope.ZERO_POINTS
    """``zero-points`` (a treasure card worth 0) or ``removed`` (not in the piles)."""
    landing_points: LandingPoints = LandingPoints.DRAWN_CARD
    """A treasure scores the drawn card's value (``drawn-card``) or its city's number."""
    captain_leaving: CaptainLeaving = CaptainLeaving.LONE_BEFORE_ROLL
    """``lone-before-roll``: a lone captain may land before rolling; ``never``."""
    jetpack_timing: JetpackTiming = JetpackTiming.AFTER_CRASH
    """``after-crash`` (played once the crash is known) or ``in-window`` (in the power window,
    protecting its player if a crash follows)."""
    jetpack_city: JetpackCity = JetpackCity.NEXT
    """Which city's treasure a Jetpack escape draws: ``next`` or ``current``."""
    end_timing: EndTiming = EndTiming.JOURNEY_END
    """``journey-end`` or ``immediate`` [end.fifty-points]."""
    end_winner: EndWinner = EndWinner.HIGHEST
    """``highest`` total, or ``first-to-fifty``: the first player to reach 50 [end.winner]."""
    fast_game_turbo: FastGameTurbo = FastGameTurbo.WITHOUT
    """Whether the fast game keeps the Turbo cards: ``without`` or ``with``."""
    city_dice: tuple[int, ...] = (2, 2, 2, 3, 3, 3, 4, 4, 4)
    """Dice shown by each city, in route order [roll.dice-count]."""
    alternative_route: AlternativeRoute = AlternativeRoute.ONE_DIE
    """Alternative Route re-rolls ``one-die`` (named by its face) or ``all-dice``."""
    gust: Gust = Gust.EXTRA_DIE
    """Gust adds one die (``extra-die``), blows all hazards away (``pass-hazards``), or does
    nothing (``inert``: it may still be played in the window, which only discards it)."""
    grappling_hook: GrapplingHook = GrapplingHook.INERT
    """In basic-promo the Grappling Hook is in the deck and does nothing (``inert``: played in
    the window, it is only discarded [power.grappling-hook]), or is left out (``absent``)."""
    journey_captain: JourneyCaptain = JourneyCaptain.AFTER_LAST_CAPTAIN
    """First captain of a new journey: left of the last captain of the previous journey, or
    left of its first captain."""
    power_players: PowerPlayers = PowerPlayers.ALL
    """Who may play Power cards in the window: ``all`` players or those ``aboard``."""


    def __post_init__(self) -> None:
        set_enum_members(self, OPTION_ENUMS)  # document strings become the options' members


OPTION_VALUES: dict[str, tuple[Any, ...]] = {
    "game_type": ("basic", "basic-promo", "fast"),
    "treasure_set": ("seed-80", "rulebook-78"),
    "telescope_cities": ("first-four", "every-plus"),
    "telescope": ("zero-points", "removed"),
    "landing_points": ("drawn-card", "city-number"),
    "captain_leaving": ("lone-before-roll", "never"),
    "jetpack_timing": ("after-crash", "in-window"),
    "jetpack_city": ("next", "current"),
    "end_timing": ("journey-end", "immediate"),
    "end_winner": ("highest", "first-to-fifty"),
    "fast_game_turbo": ("without", "with"),
    "alternative_route": ("one-die", "all-dice"),
    "gust": ("extra-die", "pass-hazards", "inert"),
    "grappling_hook": ("inert", "absent"),
    "journey_captain": ("after-last-captain", "after-first-captain"),
    "power_players": ("all", "aboard"),
}
"""Every choice option with its values, default first (``city_dice`` is a list of counts)."""

OPTION_ENUMS: dict[str, type[StrEnum]] = {
    "game_type": GameType,
    "treasure_set": TreasureSetChoice,
    "telescope_cities": TelescopeCities,
    "telescope": Telescope,
    "landing_points": LandingPoints,
    "captain_leaving": CaptainLeaving,
    "jetpack_timing": JetpackTiming,
    "jetpack_city": JetpackCity,
    "end_timing": EndTiming,
    "end_winner": EndWinner,
    "fast_game_turbo": FastGameTurbo,
    "alternative_route": AlternativeRoute,
    "gust": Gust,
    "grappling_hook": GrapplingHook,
    "journey_captain": JourneyCaptain,
    "power_players": PowerPlayers,
}
"""The StrEnum of each option with named values (``OPTION_VALUES`` keeps the plain strings)."""
OPTION_DISPUTES: dict[str, str | None] = {
    "game_type": None, "treasure_set": "treasure-set", "telescope_cities": "telescope-location",
    "telescope": "telescope-effect", "landing_points": "landing-points",
    "captain_leaving": "captain-leaving", "jetpack_timing": "jetpack-timing",
    "jetpack_city": "jetpack-city", "end_timing": "end-timing", "end_winner": "end-winner",
    "fast_game_turbo": "fast-game-turbo", "city_dice": "city-dice",
    "alternative_route": "alternative-route", "gust": "gust", "grappling_hook": "grappling-hook",
    "journey_captain": "journey-captain", "power_players": "power-eligibility",
}
DEFAULT_CITY_DICE = (2, 2, 2, 3, 3, 3, 4, 4, 4)


@dataclass(frozen=True, slots=True)
class Setup:
    """What a new game needs."""

    players: int
    """How many players, 2 to 6 [setup.players]; seats are 0 to ``players - 1``."""
    treasures: TreasureSet
    """The cities (with their dice and piles) and treasure points for these options."""
    deck: DeckSet
    """The action cards in play for these options (game type, Turbo, Grappling Hook)."""
    first_captain: int = 0
    """The captain of the first journey [setup.first-captain]."""
    options: Options = field(default_factory=Options)
    """The rule options (spec/celestia/options.yaml)."""

    @property
    def game_type(self) -> str:
        return self.options.game_type


# -- state ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Hidden:
    """In an observation: a pile or hand the observer cannot see, of which only the size is known."""

    count: int
    """How many cards it holds."""


@dataclass(frozen=True, slots=True)
class State:
    """A position. ``city`` indexes ``setup.treasures.cities``."""

    setup: Setup
    """The game's setup (never changes)."""
    phase: Phase | str
    """What the game waits for (a :class:`Phase`; a string only for an unknown phase read from
    JSON, which ``state_problems`` reports)."""
    journey: int
    """The journey being flown, from 1 (0 during the first deal)."""
    deck: tuple[str, ...] | Hidden
    """The action deck's cards, sorted (the draw order is chance's)."""
    discard: tuple[str, ...]
    """The discard pile, sorted."""
    hands: tuple[tuple[str, ...] | Hidden, ...]
    """Each player's action cards, sorted, by seat."""
    piles: tuple[tuple[str, ...] | Hidden, ...]
    """Per city, its undrawn treasure cards."""
    won: tuple[tuple[tuple[int, str], ...], ...]
    """Per player, the treasure cards taken as ``(city, card)``, in the order taken."""
    aboard: tuple[int, ...]
    """Players in the aircraft, in seat order."""
    captain: int
    """The captain of the aircraft."""
    first_captain: int
    """The captain who opened this journey."""
    city: int
    """Where the aircraft is: an index into ``setup.treasures.cities``."""
    roll: tuple[str, ...] = ()
    """The event dice showing for the next leg, sorted."""
    cursor: int | None = None
    """Whose decision is next in the decide and power phases."""
    passes: int = 0
    """Power window: passes in a row since the last play."""
    rerolls: int = 0
    """Dice a Power card has set rolling (the reroll chance node)."""
    jetpacks: tuple[int, ...] = ()
    """Players protected by a Jetpack played in the window this leg (``in-window``)."""
    first_to_target: int | None = None
    """The first player whose total reached the target (for ``first-to-fifty``)."""
    to_deal: tuple[int, ...] = ()
    """Players still owed one card from the deck, first first."""
    to_treasure: tuple[tuple[int, int], ...] = ()
    """``(player, city)`` still owed one treasure card, first first."""
    after_treasure: str = ""
    """Where play resumes once ``to_treasure`` is empty (a phase name, or ``journey-end``)."""
    ended: str | None = None
    """Why the game ended (``target``, ``no-treasure``); ``None`` while it goes on."""

    def __post_init__(self) -> None:
        # a known phase is always the Phase member (an unknown one, read from JSON, stays a
        # string for state_problems to report)
        object.__setattr__(self, "phase", _PHASE_OF.get(self.phase, self.phase))

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def options(self) -> Options:
        return self.setup.options


# -- actions ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Deal:
    """Chance: the next card drawn from the deck (to the player ``to_deal`` names)."""

    card: str
    """The card drawn."""
    type = "deal"


@dataclass(frozen=True, slots=True)
class Roll:
    """Chance: the event dice, as a sorted multiset of faces."""

    faces: tuple[str, ...]
    """The faces rolled, sorted."""
    type = "roll"


@dataclass(frozen=True, slots=True)
class Reroll:
    """Chance: the dice a Power card sets rolling (Alternative Route, Gust), sorted."""

    faces: tuple[str, ...]
    """The faces rolled, sorted."""
    type = "reroll"


@dataclass(frozen=True, slots=True)
class Treasure:
    """Chance: the top treasure card of a city's pile."""

    card: str
    """The treasure card drawn."""
    type = "treasure"


@dataclass(frozen=True, slots=True)
class Land:
    """The lone captain lands here before rolling."""

    player: int
    """The lone captain."""
    type = "land"


@dataclass(frozen=True, slots=True)
class Go:
    """The lone captain flies on (rolls for the next city)."""

    player: int
    """The lone captain."""
    type = "go"


@dataclass(frozen=True, slots=True)
class Stay:
    """A passenger stays aboard [passengers.stay]."""

    player: int
    """The passenger deciding."""
    type = "stay"


@dataclass(frozen=True, slots=True)
class Leave:
    """A passenger leaves at this city and takes its treasure [passengers.leave]."""

    player: int
    """The passenger deciding."""
    type = "leave"


@dataclass(frozen=True, slots=True)
class Play:
    """A Power card played in the window. ``target``: Ejection's passenger; ``die``: the face
    of the die Alternative Route rolls again."""

    player: int
    """Who plays the card."""
    card: str
    """The Power card played."""
    target: int | None = None
    """Ejection's passenger; ``None`` for every other card."""
    die: str | None = None
    """The face of the die Alternative Route rolls again (option ``one-die``), else ``None``."""
    type = "play"


@dataclass(frozen=True, slots=True)
class Pass:
    """A pass: in the power window, or declining a Jetpack after a crash."""

    player: int
    """Who passes (in the power window, or offered a Jetpack after a crash)."""
    type = "pass"


@dataclass(frozen=True, slots=True)
class Meet:
    """The captain meets the dice with ``cards`` (Equipment and Turbo, sorted)."""

    player: int
    """The captain."""
    cards: tuple[str, ...]
    """The Equipment and Turbo cards played, sorted."""
    type = "meet"


@dataclass(frozen=True, slots=True)
class Crash:
    """The captain does not meet the dice: the aircraft crashes."""

    player: int
    """The captain."""
    type = "crash"


Action = Deal | Roll | Reroll | Treasure | Land | Go | Stay | Leave | Play | Pass | Meet | Crash
CHANCE_ACTIONS = (Deal, Roll, Reroll, Treasure)
ACTION_TYPES: dict[str, type] = {
    k.type: k for k in (Deal, Roll, Reroll, Treasure, Land, Go, Stay, Leave, Play, Pass, Meet, Crash)
}


# -- results ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Score:
    """A player's score now."""

    player: int
    """The player."""
    cards: tuple[tuple[int, str], ...]
    """The treasure cards taken, as ``(city, card)``."""
    total: int
    """Their points [end.score]."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of the game."""

    winners: tuple[int, ...]
    """The winners [end.winner, end.ties]."""
    reason: str
    """Why the game ended: ``target`` or ``no-treasure``."""
