"""Facing the hazards [equipment.*]: one matching Equipment card per hazard die, Turbo wild."""

from __future__ import annotations

from ....errors import IllegalAction
from ..model import ANSWER, BLANK, TURBO, Crash, Meet, sort_cards
from . import crash
from .work import Work, resume


def begin(w: Work) -> None:
    w.cursor = None
    w.phase = "challenge"


def needed(roll) -> dict[str, int]:
    """Equipment card -> how many the dice call for; blanks call for nothing
    [equipment.one-per-die]."""
    out: dict[str, int] = {}
    for f in roll:
        if f != BLANK:
            card = ANSWER[f]
            out[card] = out.get(card, 0) + 1
    return out


def answers(hand, roll) -> tuple[tuple[str, ...], int]:
    """The Equipment the captain must play (sorted) and how many dice are left unanswered."""
    cards: list[str] = []
    missing = 0
    for card, n in needed(roll).items():
        have = hand.count(card)
        cards += [card] * min(n, have)
        missing += max(0, n - have)
    return sort_cards(cards), missing


def options(s) -> list:
    """The captain's choices [equipment.must-play, equipment.turbo-never-forced,
    equipment.turbo-shortfall]: the matching Equipment when it answers every die; Equipment
    plus Turbo for the shortfall, or a crash, when Turbo is needed; else only the crash."""
    hand = s.hands[s.captain]
    cards, missing = answers(hand, s.roll)
    if missing == 0:
        return [Meet(s.captain, cards)]
    if hand.count(TURBO) >= missing:
        return [Meet(s.captain, sort_cards(list(cards) + [TURBO] * missing)), Crash(s.captain)]
    return [Crash(s.captain)]


def meet(w: Work, a: Meet) -> None:
    hand = w.hands[a.player]
    for c in set(a.cards):
        if a.cards.count(c) > hand.count(c):
            raise IllegalAction("turn.step", f"player {a.player} does not hold "
                                f"{a.cards.count(c)} {c} card{'s' if a.cards.count(c) > 1 else ''}")
    cards, missing = answers(hand, w.roll)
    expected = sort_cards(list(cards) + [TURBO] * missing)
    played = sort_cards(a.cards)
    if played != expected:
        have = [c for c in played if c != TURBO]
        if missing and hand.count(TURBO) < missing:
            raise IllegalAction("crash.when", "the captain cannot answer every hazard die: the "
                                "aircraft crashes")
        if sorted(have) != sorted(cards):
            raise IllegalAction("equipment.must-play" if missing == 0 else
                                "equipment.turbo-shortfall",
                                f"the dice call for {_names(expected)}, not {_names(played)}: "
                                "matching Equipment in hand must be played, one card per "
                                "hazard die, and Turbo only for dice it cannot answer")
        raise IllegalAction("equipment.turbo-shortfall",
                            f"the dice call for {_names(expected)}, not {_names(played)}")
    for c in played:
        w.remove_card(a.player, c)
        w.discard.append(c)
    w.emit("meet", "equipment.one-per-die", player=a.player, cards=played)
    w.jetpacks = []
    resume(w, "move-on")


def give_up(w: Work, a: Crash) -> None:
    cards, missing = answers(w.hands[a.player], w.roll)
    if missing == 0:
        raise IllegalAction("equipment.must-play",
                            f"the captain holds {_names(cards)} answering every die and must "
                            "play it")
    crash.begin(w)


def _names(cards) -> str:
    return " ".join(cards) if cards else "no cards"
