"""Words for people: one line per event, a few lines per state.

With an ``observer``, nothing that player may not see is named: another player's card drawn
from the action deck is "a card"; the deck, the piles and other hands appear as sizes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..interface import Event, Observer
from . import engine
from .model import Hidden, State


def _p(p: int | None) -> str:
    return f"player {p}"


Get = Callable[[str], Any]
"""Reads one field of the event (``Event.get``)."""


def _draw(g: Get, observer: Observer) -> str:
    seen = observer is None or observer == g("player")
    return f"{_p(g('player'))} draws {g('card') if seen else 'a card'}"


def _play(g: Get, observer: Observer) -> str:
    extra = ""
    if g("target") is not None:
        extra = f" on {_p(g('target'))}"
    if g("die") is not None:
        extra = f" on a {g('die')} die"
    return f"{_p(g('player'))} plays {g('card')}{extra}"


def _move(g: Get, observer: Observer) -> str:
    skipped = f" (skipping {', '.join(map(str, g('skipped')))})" if g("skipped") else ""
    return f"the aircraft flies to city {g('city')}{skipped}"


_DESCRIBERS: dict[str, Callable[[Get, Observer], str]] = {
    "draw": _draw,
    "reshuffle": lambda g, o: f"the discard pile is shuffled into a new deck of {g('cards')} cards",
    "no-card": lambda g, o: f"{_p(g('player'))} draws nothing: deck and discard pile are empty",
    "journey": lambda g, o: (f"journey {g('journey')} starts at city {g('city')}, "
                             f"{_p(g('captain'))} is captain"),
    "land": lambda g, o: f"{_p(g('player'))}, alone aboard, lands at city {g('city')}",
    "go": lambda g, o: f"{_p(g('player'))}, alone aboard, flies on",
    "roll": lambda g, o: f"captain {_p(g('player'))} rolls {', '.join(g('faces')) or 'no dice'}",
    "stay": lambda g, o: f"{_p(g('player'))} stays aboard",
    "leave": lambda g, o: f"{_p(g('player'))} leaves at city {g('city')}",
    "treasure": lambda g, o: (f"{_p(g('player'))} takes treasure {g('card')} of city {g('city')} "
                              f"({g('points')} points)"),
    "city-empty": lambda g, o: f"city {g('city')} has no treasure left",
    "no-treasure": lambda g, o: f"{_p(g('player'))} gets no treasure: city {g('city')} has run out",
    "play": _play,
    "pass": lambda g, o: f"{_p(g('player'))} passes",
    "reroll": lambda g, o: (f"the dice rolled again show {', '.join(g('faces'))}; "
                            f"now {', '.join(g('roll'))}"),
    "hazards-cleared": lambda g, o: "the gust blows the hazards away: no die needs answering",
    "meet": lambda g, o: (f"captain {_p(g('player'))} answers the dice with "
                          f"{', '.join(g('cards')) or 'no card'}"),
    "move": _move,
    "captain": lambda g, o: f"{_p(g('player'))} becomes captain",
    "last-city": lambda g, o: f"last city {g('city')}: everyone aboard draws treasure",
    "crash": lambda g, o: f"the aircraft crashes on the way from city {g('city')}",
    "escape": lambda g, o: f"{_p(g('player'))} escapes with a jetpack",
    "wrecked": lambda g, o: ("aboard the wreck, scoring nothing this journey: "
                             + (", ".join(str(p) for p in g("players")) or "nobody")),
    "journey-end": lambda g, o: f"journey {g('journey')} ends",
    "target": lambda g, o: f"{_p(g('player'))} reaches {g('total')} points",
    "game-over": lambda g, o: (f"game over; totals {list(g('totals'))}; winner: "
                               + " and ".join(_p(p) for p in g("winners"))),
}
"""Event type -> its sentence (one per kind of :data:`.events.EVENT_KINDS`)."""


def describe_event(e: Event, state: State | None = None, observer: Observer = None) -> str:
    """One line for event ``e``; ``observer`` hides what that player may not see."""
    describer = _DESCRIBERS.get(e.type)
    return f"{e.type}" if describer is None else describer(e.get, observer)


def describe_state(s: State, observer: Observer = None) -> str:
    """A few lines for people; ``observer`` hides what that player may not see."""
    v = engine.observe(s, observer) if observer is not None else s
    cities = s.setup.treasures.cities
    lines = [
        f"journey {s.journey}, step {s.phase}; aircraft at city {cities[s.city].id}, "
        f"captain player {s.captain}, aboard {list(s.aboard)}",
    ]
    if s.roll:
        lines.append(f"dice: {', '.join(s.roll)}")
    piles = ", ".join(
        f"{c.id}:{p.count if isinstance(p, Hidden) else len(p)}" for c, p in zip(cities, v.piles)
    )
    lines.append(f"treasure left: {piles}")
    deck = v.deck.count if isinstance(v.deck, Hidden) else len(v.deck)
    lines.append(f"deck {deck} cards, discard {len(s.discard)}")
    totals = engine.totals(s)
    for p, h in enumerate(v.hands):
        hand = f"{h.count} cards" if isinstance(h, Hidden) else (", ".join(h) or "no cards")
        lines.append(f"player {p}: {totals[p]} points; hand {hand}")
    out = engine.outcome(s)
    if out:
        lines.append(f"game over ({out.reason}); winners {list(out.winners)}")
    return "\n".join(lines)
