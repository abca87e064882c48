"""The mutable working copy of a state, used only inside ``engine.apply`` (like MLEM's ``_Work``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, cast

from ...interface import Event
from ..model import CARD_INDEX, City, Options, Phase, Setup, State


class Table(Protocol):
    """What the rule queries read: a :class:`Work`, or a state of the engine's own (every card
    known; only an observation hides cards, as :class:`~..model.Hidden` counts)."""

    @property
    def setup(self) -> Setup: ...
    @property
    def options(self) -> Options: ...
    @property
    def players(self) -> int: ...
    @property
    def phase(self) -> Phase | str: ...
    @property
    def deck(self) -> Sequence[str]: ...
    @property
    def hands(self) -> Sequence[tuple[str, ...]]: ...
    @property
    def piles(self) -> Sequence[tuple[str, ...]]: ...
    @property
    def won(self) -> Sequence[tuple[tuple[int, str], ...]]: ...
    @property
    def aboard(self) -> Sequence[int]: ...
    @property
    def captain(self) -> int: ...
    @property
    def city(self) -> int: ...
    @property
    def roll(self) -> Sequence[str]: ...
    @property
    def cursor(self) -> int | None: ...
    @property
    def rerolls(self) -> int: ...
    @property
    def jetpacks(self) -> Sequence[int]: ...
    @property
    def first_to_target(self) -> int | None: ...
    @property
    def to_treasure(self) -> Sequence[tuple[int, int]]: ...


def full(s: State) -> Table:
    """``s`` as a :class:`Table`: a state of the engine's own holds every card (no ``Hidden``)."""
    return cast(Table, s)


class Work:
    """A scratch copy of a :class:`State`; the rule modules change it, ``freeze`` makes a State."""

    __slots__ = (
        "setup", "phase", "journey", "deck", "discard", "hands", "piles", "won", "aboard",
        "captain", "first_captain", "city", "roll", "cursor", "passes", "rerolls", "jetpacks",
        "first_to_target", "to_deal", "to_treasure", "after_treasure", "ended", "events",
    )

    def __init__(self, s: State) -> None:
        self.setup: Setup = s.setup
        self.phase: Phase | str = s.phase
        self.journey = s.journey
        # a state of the engine's own: every card known (list() of a Hidden count would fail)
        self.deck: list[str] = list(cast("tuple[str, ...]", s.deck))
        self.discard = list(s.discard)
        # copy on write: tuples, replaced through the methods below
        self.hands: list[tuple[str, ...]] = list(full(s).hands)
        self.piles: list[tuple[str, ...]] = list(full(s).piles)
        self.won = list(s.won)
        self.aboard = list(s.aboard)
        self.captain = s.captain
        self.first_captain = s.first_captain
        self.city = s.city
        self.roll = list(s.roll)
        self.cursor: int | None = s.cursor
        self.passes = s.passes
        self.rerolls = s.rerolls
        self.jetpacks = list(s.jetpacks)
        self.first_to_target: int | None = s.first_to_target
        self.to_deal = list(s.to_deal)
        self.to_treasure = list(s.to_treasure)
        self.after_treasure = s.after_treasure
        self.ended: str | None = s.ended
        self.events: list[Event] = []

    def freeze(self) -> State:
        return State(
            self.setup, self.phase, self.journey, tuple(self.deck),
            tuple(sorted(self.discard, key=CARD_INDEX.__getitem__)),
            tuple(self.hands), tuple(self.piles), tuple(self.won), tuple(self.aboard), self.captain,
            self.first_captain, self.city, tuple(self.roll), self.cursor, self.passes,
            self.rerolls, tuple(self.jetpacks), self.first_to_target, tuple(self.to_deal), tuple(self.to_treasure), self.after_treasure, self.ended,
        )

    def remove_card(self, player: int, card: str) -> None:
        """Takes one ``card`` out of ``player``'s hand."""
        hand = list(self.hands[player])
        hand.remove(card)
        self.hands[player] = tuple(hand)

    def add_card(self, player: int, card: str) -> None:
        self.hands[player] = tuple(sorted(self.hands[player] + (card,), key=CARD_INDEX.__getitem__))

    def take_treasure(self, player: int, city: int, card: str) -> None:
        """Moves one ``card`` from ``city``'s pile to ``player``'s treasure."""
        pile = list(self.piles[city])
        pile.remove(card)
        self.piles[city] = tuple(pile)
        self.won[player] = self.won[player] + ((city, card),)

    def emit(self, type_: str, clause: str, **data: Any) -> None:
        self.events.append(Event(type_, clause, tuple(data.items())))

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def options(self) -> Options:
        return self.setup.options

    @property
    def cities(self) -> tuple[City, ...]:
        return self.setup.treasures.cities

    def left_of(self, player: int) -> int:
        return (player + 1) % len(self.hands)


# -- the route and the steps that resume play ---------------------------------------------------


def next_city(w: Table, after: int) -> int | None:
    """The next city in play after ``after``: cities whose pile is empty are skipped
    [arrival.skip-emptied]; ``None`` past the last one."""
    for i in range(after + 1, len(w.piles)):
        if w.piles[i]:
            return i
    return None


def first_city(w: Table) -> int | None:
    return next_city(w, -1)


RESUME: dict[str, Callable[[Work], None]] = {}
"""The steps play resumes at once owed treasure is drawn (``Work.after_treasure``) or a leg is
over, by name. Each rule module registers its own (``@resumes("decide")``), so the modules
that hand play on (treasure, crash, equipment) need not import the ones that take it up."""


def resumes(name: str) -> Callable[[Callable[[Work], None]], Callable[[Work], None]]:
    def register(step: Callable[[Work], None]) -> Callable[[Work], None]:
        RESUME[name] = step
        return step
    return register


def resume(w: Work, name: str) -> None:
    RESUME[name](w)
