"""What the cards of this game allow, as queries (no play): read by the power window, the
hazards and the crash (they need them, and do not import one another that way)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..model import ANSWER, BLANK, POWERS, TURBO, Meet, sort_cards
from .deck import deck_cards
from .work import Table, next_city

_POWER_SET = frozenset(POWERS)

def in_game(s: Table, card: str | None = None) -> bool:
    """Whether this game's deck holds Power cards at all (the fast game has none), or
    ``card`` in particular."""
    cards = deck_cards(s.setup)
    if card is not None:
        return card in cards
    return any(c in _POWER_SET for c in cards)



def jetpack_pile(s: Table) -> bool:
    """Whether the pile a Jetpack escape draws from holds a card [power.jetpack]."""
    city = jetpack_city(s)
    return city is not None and bool(s.piles[city])


def jetpack_city(w: Table) -> int | None:
    """The city a Jetpack escape draws from [power.jetpack]."""
    if w.options.jetpack_city == "current":
        return w.city
    return next_city(w, w.city)


def needed(roll: Iterable[str]) -> dict[str, int]:
    """Equipment card -> how many the dice call for; blanks call for nothing
    [equipment.one-per-die]."""
    out: dict[str, int] = {}
    for f in roll:
        if f != BLANK:
            card = ANSWER[f]
            out[card] = out.get(card, 0) + 1
    return out


def answers(hand: Sequence[str], roll: Iterable[str]) -> tuple[tuple[str, ...], int]:
    """The Equipment the captain must play (sorted) and how many dice are left unanswered."""
    cards: list[str] = []
    missing = 0
    for card, n in needed(roll).items():
        have = hand.count(card)
        cards += [card] * min(n, have)
        missing += max(0, n - have)
    return sort_cards(cards), missing


def names(cards: Sequence[str]) -> str:
    return " ".join(cards) if cards else "no cards"


def meet_mismatch(
        s: Table, a: Meet) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], int] | None:
    """For a Meet that is not the one the dice call for: (expected, played, matching cards in
    hand, missing); ``None`` when it is."""
    hand = s.hands[a.player]
    cards, missing = answers(hand, s.roll)
    expected = sort_cards(list(cards) + [TURBO] * missing)
    played = sort_cards(a.cards)
    if played == expected:
        return None
    return expected, played, cards, missing


def turbo_short(s: Table, a: Meet) -> bool:
    """Whether the captain lacks the Turbo cards a Meet needs [crash.when]."""
    found = meet_mismatch(s, a)
    return found is not None and found[3] > 0 and s.hands[a.player].count(TURBO) < found[3]
