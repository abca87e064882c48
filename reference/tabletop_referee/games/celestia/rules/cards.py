"""What the cards of this game allow, as queries (no play): read by the power window and the
crash (both need them, and neither imports the other)."""

from __future__ import annotations

from .deck import deck_cards
from ..model import POWERS
from .work import next_city

_POWER_SET = frozenset(POWERS)

def in_game(s, card: str | None = None) -> bool:
    """Whether this game's deck holds Power cards at all (the fast game has none), or
    ``card`` in particular."""
    cards = deck_cards(s.setup)
    if card is not None:
        return card in cards
    return any(c in _POWER_SET for c in cards)



def jetpack_pile(s) -> bool:
    """Whether the pile a Jetpack escape draws from holds a card [power.jetpack]."""
    city = jetpack_city(s)
    return city is not None and bool(s.piles[city])


def jetpack_city(w) -> int | None:
    """The city a Jetpack escape draws from [power.jetpack]."""
    if w.options.jetpack_city == "current":
        return w.city
    return next_city(w, w.city)

