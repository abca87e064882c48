"""The no-leak property of ``observe`` [observation.*] on states reached in random games.

Changing another player's hand, the order or content of the face-down deck, or the undrawn
treasure of any city leaves a player's observation unchanged; changing the player's own hand
changes it.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from tabletop_referee.games.celestia import GAME
from tabletop_referee.games.celestia.model import Hidden

from .helpers import random_game


def _states(seed: int, every: int = 9):
    _, steps = random_game(seed, keep=True)
    return [s for s, _, _ in steps[::every]]


def _swap_hands(s, p: int, q: int):
    """``s`` with the cards of players p and q exchanged, hand sizes kept (cards conserved)."""
    hp, hq = list(s.hands[p]), list(s.hands[q])
    k = min(len(hp), len(hq))
    new_p = tuple(sorted(hq[:k] + hp[k:], key=_key))
    new_q = tuple(sorted(hp[:k] + hq[k:], key=_key))
    hands = list(s.hands)
    hands[p], hands[q] = new_p, new_q
    return replace(s, hands=tuple(hands))


def _exchange_with_deck(s, p: int):
    """``s`` with one card of player p's hand swapped for a different card of the deck (cards
    conserved, sizes kept); ``None`` when no such swap exists."""
    for mine in dict.fromkeys(s.hands[p]):
        for theirs in dict.fromkeys(s.deck):
            if theirs != mine:
                hand = list(s.hands[p]); hand.remove(mine); hand.append(theirs)
                deck = list(s.deck); deck.remove(theirs); deck.append(mine)
                hands = list(s.hands)
                hands[p] = tuple(sorted(hand, key=_key))
                return replace(s, hands=tuple(hands), deck=tuple(sorted(deck, key=_key)))
    return None


def _key(card):
    from tabletop_referee.games.celestia.model import CARD_INDEX

    return CARD_INDEX[card]


@pytest.mark.parametrize("seed", range(4))
def test_other_hands_do_not_leak(seed):
    changed = 0
    for s in _states(seed):
        n = s.players
        for observer in range(n):
            for p in range(n):
                if p == observer:
                    continue
                t = _exchange_with_deck(s, p)
                if t is None:
                    continue
                changed += 1
                assert GAME.rules.state_problems(t) == []
                assert GAME.interchange.observation_to_json(t, observer) == GAME.interchange.observation_to_json(s, observer)
                assert GAME.observe(t, observer) == GAME.observe(s, observer)
            others = [p for p in range(n) if p != observer]
            if len(others) < 2:
                continue
            p, q = others[0], others[1]
            t = _swap_hands(s, p, q)
            if t.hands == s.hands:
                continue
            assert GAME.interchange.observation_to_json(t, observer) == GAME.interchange.observation_to_json(s, observer)
            assert GAME.observe(t, observer) == GAME.observe(s, observer)
    assert changed > 0


@pytest.mark.parametrize("seed", range(4))
def test_own_hand_shows(seed):
    seen = 0
    for s in _states(seed):
        for observer in range(s.players):
            t = _exchange_with_deck(s, observer)
            if t is None:
                continue
            seen += 1
            assert GAME.interchange.observation_to_json(t, observer) != GAME.interchange.observation_to_json(s, observer)
            assert GAME.observe(t, observer).hands[observer] == t.hands[observer]
    assert seen > 0


@pytest.mark.parametrize("seed", range(4))
def test_undrawn_treasure_and_deck_do_not_leak(seed):
    rng = random.Random(seed)
    for s in _states(seed):
        # move a card between the deck and a hand is not allowed (sizes public); instead
        # replace the content of the face-down piles by other cards of the same size
        piles = tuple(tuple(rng.sample(list(p), len(p))) if p else p for p in s.piles)
        piles = tuple(tuple(reversed(p)) for p in piles)
        deck = tuple(reversed(s.deck))
        other_piles = tuple(tuple(["25"] * len(p)) for p in s.piles)
        for t in (replace(s, piles=piles, deck=deck), replace(s, piles=other_piles)):
            for observer in range(s.players):
                assert GAME.interchange.observation_to_json(t, observer) == GAME.interchange.observation_to_json(s, observer)


def test_observation_masks_as_hidden_sizes():
    s = _states(1)[3]
    o = GAME.observe(s, 0)
    assert isinstance(o.deck, Hidden) and o.deck.count == len(s.deck)
    assert all(isinstance(p, Hidden) and p.count == len(q) for p, q in zip(o.piles, s.piles))
    assert o.hands[0] == s.hands[0]
    assert all(isinstance(h, Hidden) and h.count == len(s.hands[p])
               for p, h in enumerate(o.hands) if p)
    doc = GAME.interchange.observation_to_json(s, 0)
    assert doc["observer"] == 0 and doc["deck"] == {"hidden": len(s.deck)}
    assert doc["won"] == GAME.state_to_json(s)["won"]  # drawn treasure is public


def test_describe_with_an_observer_hides_cards():
    from tabletop_referee.games.celestia.model import Event

    e = Event("draw", "journey.refill", (("player", 2), ("card", "jetpack")))
    assert "jetpack" not in GAME.narration.describe_event(e, None, observer=1)
    assert "jetpack" in GAME.narration.describe_event(e, None, observer=2)
    s = _states(2)[2]
    text = GAME.narration.describe_state(s, observer=0)
    for p in range(1, s.players):
        for card in set(s.hands[p]) - set(s.hands[0]):
            assert card not in text.split(f"player {p}:")[1].split("\n")[0]
