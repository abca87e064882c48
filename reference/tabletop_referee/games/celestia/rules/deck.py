"""Drawing action cards from the shared deck [components.action-deck, equipment.reshuffle]."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from ...interface import CHANCE
from ..model import GRAPPLING_HOOK, POWERS, TURBO, Deal, Setup, State, card_key, sort_cards
from .work import Work


_DECKS: dict[int, tuple[Setup, tuple[str, ...]]] = {}


def deck_cards(setup: Setup) -> tuple[str, ...]:
    """The action deck of this game [components.action-deck, setup.game-type]: the fast game
    has no Power cards (and no Turbo unless ``fast_game_turbo: with``); the Grappling Hook is
    in the basic-promo game only (unless ``grappling_hook: absent``)."""
    hit = _DECKS.get(id(setup))
    if hit is not None and hit[0] is setup:
        return hit[1]
    cards = _deck_cards(setup)
    if len(_DECKS) > 256:
        _DECKS.clear()
    _DECKS[id(setup)] = (setup, cards)
    return cards


def _deck_cards(setup: Setup) -> tuple[str, ...]:
    o = setup.options
    out: list[str] = []
    for card, count in setup.deck.cards:
        if card == GRAPPLING_HOOK and (o.game_type != "basic-promo" or o.grappling_hook == "absent"):
            continue
        if o.game_type == "fast" and (card in POWERS or (card == TURBO and o.fast_game_turbo == "without")):
            continue
        out += [card] * count
    return sort_cards(out)


def settle(w: Work) -> bool:
    """Moves on to the next owed card (a deal chance node); returns True once all are dealt, when
    the caller starts the journey (rules/journey.py, which imports this module).

    An empty deck is replaced by the discard pile first [equipment.reshuffle]; with both empty
    the owed card is lost.
    """
    while w.to_deal:
        if not w.deck:
            if w.discard:
                w.deck = sorted(w.discard, key=card_key)
                w.discard = []
                w.emit("reshuffle", "equipment.reshuffle", cards=len(w.deck))
            else:
                w.emit("no-card", "equipment.reshuffle", player=w.to_deal.pop(0))
                continue
        w.phase = "deal"
        return False
    return True


def deal(w: Work, a: Deal) -> bool:
    """Deals the drawn card; True once every owed card is dealt (see :func:`settle`)."""
    player = w.to_deal.pop(0)
    w.deck.remove(a.card)
    w.add_card(player, a.card)
    clause = "setup.hand-size" if w.journey == 0 else "journey.refill"
    w.emit("draw", clause, player=player, card=a.card)
    return settle(w)


def outcomes(s: State) -> tuple[tuple[Deal, Fraction], ...]:
    return _outcomes(s.deck)


@lru_cache(maxsize=4096)
def _outcomes(pile: tuple[str, ...]) -> tuple[tuple[Deal, Fraction], ...]:
    """Each card of a face-down pile, drawn with probability (its copies) / (pile size)."""
    n = len(pile)
    counts: dict[str, int] = {}
    for c in pile:
        counts[c] = counts.get(c, 0) + 1
    return tuple((Deal(c), Fraction(k, n)) for c, k in counts.items())


__all__ = ["CHANCE", "deal", "outcomes", "settle"]
