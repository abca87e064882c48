"""Facing the hazards [equipment.*]: one matching Equipment card per hazard die, Turbo wild."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ....errors import IllegalAction
from ..model import TURBO, Crash, Meet, sort_cards
from . import crash
from .cards import answers, meet_mismatch, names, turbo_short
from .work import Table, Work, resume


def begin(w: Work) -> None:
    w.cursor = None
    w.phase = "challenge"


def options(s: Table) -> list[Meet | Crash]:
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


def check_equipment_must_play(s: Table, a: Meet | Crash) -> Iterator[IllegalAction]:
    """[equipment.must-play] Matching Equipment in hand must be played: no crash when it
    answers every die, and a Meet plays exactly the matching cards."""
    if isinstance(a, Crash):
        cards, missing = answers(s.hands[a.player], s.roll)
        if missing == 0:
            yield IllegalAction("equipment.must-play",
                                f"the captain holds {names(cards)} answering every die and must "
                                "play it")
        return
    found = meet_mismatch(s, a)
    if found is None or turbo_short(s, a):
        return
    expected, played, cards, missing = found
    have = [c for c in played if c != TURBO]
    if missing == 0 and sorted(have) != sorted(cards):
        yield IllegalAction("equipment.must-play", _must_play_text(expected, played))


def check_equipment_turbo_shortfall(s: Table, a: Meet) -> Iterator[IllegalAction]:
    """[equipment.turbo-shortfall] Turbo answers only the dice the matching Equipment cannot."""
    found = meet_mismatch(s, a)
    if found is None or turbo_short(s, a):
        return
    expected, played, cards, missing = found
    have = [c for c in played if c != TURBO]
    if sorted(have) != sorted(cards):
        if missing:
            yield IllegalAction("equipment.turbo-shortfall", _must_play_text(expected, played))
    else:
        yield IllegalAction("equipment.turbo-shortfall",
                            f"the dice call for {names(expected)}, not {names(played)}")


def _must_play_text(expected: Sequence[str], played: Sequence[str]) -> str:
    return (f"the dice call for {names(expected)}, not {names(played)}: matching Equipment in "
            "hand must be played, one card per hazard die, and Turbo only for dice it cannot "
            "answer")


def meet(w: Work, a: Meet) -> None:
    played = sort_cards(a.cards)
    for c in played:
        w.remove_card(a.player, c)
        w.discard.append(c)
    w.emit("meet", "equipment.one-per-die", player=a.player, cards=played)
    w.jetpacks = []
    resume(w, "move-on")


def give_up(w: Work, a: Crash) -> None:
    crash.begin(w)
