"""Words for people: one line per event, a few lines per state.

With an ``observer``, nothing that player may not see is named: another player's card drawn
from the action deck is "a card"; the deck, the piles and other hands appear as sizes.
"""

from __future__ import annotations

from ..interface import Event
from . import engine
from .model import Hidden, State


def _p(p) -> str:
    return f"player {p}"


def describe_event(e: Event, state: State | None = None, observer: int | None = None) -> str:
    """One line for event ``e``; ``observer`` hides what that player may not see."""
    t = e.type
    g = e.get
    if t == "draw":
        seen = observer is None or observer == g("player")
        return f"{_p(g('player'))} draws {g('card') if seen else 'a card'}"
    if t == "reshuffle":
        return f"the discard pile is shuffled into a new deck of {g('cards')} cards"
    if t == "no-card":
        return f"{_p(g('player'))} draws nothing: deck and discard pile are empty"
    if t == "journey":
        return f"journey {g('journey')} starts at city {g('city')}, {_p(g('captain'))} is captain"
    if t == "land":
        return f"{_p(g('player'))}, alone aboard, lands at city {g('city')}"
    if t == "go":
        return f"{_p(g('player'))}, alone aboard, flies on"
    if t == "roll":
        faces = ", ".join(g("faces")) or "no dice"
        return f"captain {_p(g('player'))} rolls {faces}"
    if t == "stay":
        return f"{_p(g('player'))} stays aboard"
    if t == "leave":
        return f"{_p(g('player'))} leaves at city {g('city')}"
    if t == "treasure":
        return f"{_p(g('player'))} takes treasure {g('card')} of city {g('city')} ({g('points')} points)"
    if t == "city-empty":
        return f"city {g('city')} has no treasure left"
    if t == "no-treasure":
        return f"{_p(g('player'))} gets no treasure: city {g('city')} has run out"
    if t == "play":
        extra = ""
        if g("target") is not None:
            extra = f" on {_p(g('target'))}"
        if g("die") is not None:
            extra = f" on a {g('die')} die"
        return f"{_p(g('player'))} plays {g('card')}{extra}"
    if t == "pass":
        return f"{_p(g('player'))} passes"
    if t == "reroll":
        return f"the dice rolled again show {', '.join(g('faces'))}; now {', '.join(g('roll'))}"
    if t == "hazards-cleared":
        return "the gust blows the hazards away: no die needs answering"
    if t == "meet":
        cards = ", ".join(g("cards")) or "no card"
        return f"captain {_p(g('player'))} answers the dice with {cards}"
    if t == "move":
        skipped = f" (skipping {', '.join(g('skipped'))})" if g("skipped") else ""
        return f"the aircraft flies to city {g('city')}{skipped}"
    if t == "captain":
        return f"{_p(g('player'))} becomes captain"
    if t == "last-city":
        return f"last city {g('city')}: everyone aboard draws treasure"
    if t == "crash":
        return f"the aircraft crashes on the way from city {g('city')}"
    if t == "escape":
        return f"{_p(g('player'))} escapes with a jetpack"
    if t == "wrecked":
        who = ", ".join(str(p) for p in g("players")) or "nobody"
        return f"aboard the wreck, scoring nothing this journey: {who}"
    if t == "journey-end":
        return f"journey {g('journey')} ends"
    if t == "target":
        return f"{_p(g('player'))} reaches {g('total')} points"
    if t == "game-over":
        winners = " and ".join(_p(p) for p in g("winners"))
        return f"game over; totals {list(g('totals'))}; winner: {winners}"
    return f"{t}"


def describe_state(s: State, observer: int | None = None) -> str:
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
