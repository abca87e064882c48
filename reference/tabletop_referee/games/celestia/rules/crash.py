"""Crash [crash.*]: everyone still aboard scores nothing this journey; Jetpacks may save some."""

from __future__ import annotations

from collections.abc import Iterator
from typing import cast

from ....errors import IllegalAction
from ..model import Meet, Pass, Play
from . import cards, treasure
from .work import Table, Work, resume, resumes


def begin(w: Work) -> None:
    w.emit("crash", "crash.when", captain=w.captain, city=w.cities[w.city].id,
           roll=tuple(w.roll))
    target = cards.jetpack_city(w)
    if w.options.jetpack_timing == "in-window":
        for p in [p for p in _from_left(w) if p in w.jetpacks]:
            w.aboard.remove(p)
            w.emit("escape", "power.jetpack", player=p)
            # a Jetpack is played in the window only while its pile exists (jetpack_pile)
            treasure.owe(w, p, cast(int, target), "crash")
        w.jetpacks = []
        if w.to_treasure:
            treasure.settle(w)
            return
        finish(w)
        return
    # after-crash: every player aboard is asked once, from the captain's left, unless the
    # game has no Jetpack or the escape's pile is empty (both public)
    w.cursor = None
    if not cards.in_game(w, "jetpack") or not cards.jetpack_pile(w):
        finish(w)
        return
    ask_next(w)


def _from_left(w: Table) -> list[int]:
    n = w.players
    return [(w.captain + 1 + i) % n for i in range(n)]


def ask_next(w: Work) -> None:
    """The next player aboard after ``cursor``, in one round from the captain's left to the
    captain, is asked; after the captain the crash is complete."""
    order = _from_left(w)
    start = 0 if w.cursor is None else order.index(w.cursor) + 1
    for p in order[start:]:
        if p in w.aboard:
            w.cursor = p
            w.phase = "jetpack"
            return
    finish(w)


def options(s: Table, player: int) -> list[Play | Pass]:
    out: list[Play | Pass] = []
    if "jetpack" in s.hands[player] and cards.jetpack_pile(s):
        out.append(Play(player, "jetpack"))
    out.append(Pass(player))
    return out


def check_crash_when(s: Table, a: Meet) -> Iterator[IllegalAction]:
    """[crash.when] A captain who cannot answer every hazard die crashes: no Meet then."""
    if cards.turbo_short(s, a):
        yield IllegalAction("crash.when", "the captain cannot answer every hazard die: the "
                            "aircraft crashes")


def escape(w: Work, a: Play) -> None:
    w.remove_card(a.player, "jetpack")
    w.discard.append("jetpack")
    w.aboard.remove(a.player)
    w.emit("escape", "power.jetpack", player=a.player)
    # the escape is offered only while its pile exists (jetpack_pile)
    treasure.owe(w, a.player, cast(int, cards.jetpack_city(w)), "crash")
    treasure.settle(w)


def decline(w: Work, a: Pass) -> None:
    w.emit("pass", "power.jetpack", player=a.player)
    ask_next(w)


@resumes("crash")
def resume_escapes(w: Work) -> None:
    """After an escape's treasure: on to the next player, or the end of the journey."""
    if w.options.jetpack_timing == "in-window":
        finish(w)
    else:
        ask_next(w)


def finish(w: Work) -> None:
    lost = tuple(sorted(w.aboard))
    w.emit("wrecked", "crash.everyone-aboard", players=lost)
    w.aboard = []
    w.cursor = None
    resume(w, "journey-end")
