"""Journeys and legs [journey.*, arrival.*, captain.*, lone-player.*]."""

from __future__ import annotations

from . import deck, end, lone, roll, treasure
from .work import Table, Work, first_city, next_city, resumes


def start(w: Work) -> None:
    """A new journey: everyone aboard at the first city in play [journey.start]."""
    city = first_city(w)
    if city is None:
        end.finish_game(w, "no-treasure", "end.fifty-points")
        return
    w.journey += 1
    w.aboard = list(range(w.players))
    w.city = city
    w.captain = w.first_captain
    w.emit("journey", "journey.start", journey=w.journey, city=w.cities[city].id,
           captain=w.captain)
    begin_leg(w)


def begin_leg(w: Work) -> None:
    """A leg starts: the last city's draws, the lone player's choice, or the roll."""
    w.roll = []
    w.cursor = None
    w.passes = 0
    w.jetpacks = []
    if not w.aboard:
        finish(w)
        return
    if next_city(w, w.city) is None:
        arrive_last(w)
        return
    if len(w.aboard) == 1 and lone.may_land(w):
        w.phase = "land-or-roll"
        return
    roll.start(w)


def arrive_last(w: Work) -> None:
    """At the last city in play everyone aboard draws, from the captain clockwise
    [arrival.last-city]."""
    order = [p for p in _clockwise(w, w.captain) if p in w.aboard]
    w.emit("last-city", "arrival.last-city", city=w.cities[w.city].id, order=tuple(order))
    w.aboard = []
    for p in order:
        treasure.owe(w, p, w.city, "journey-end")
    if not order:
        finish(w)
        return
    treasure.settle(w)


@resumes("move-on")
def move_on(w: Work) -> None:
    """After a met challenge: the aircraft moves and the captaincy passes [arrival.move,
    captain.rotation, captain.lone]."""
    target = next_city(w, w.city)
    assert target is not None
    skipped = tuple(w.cities[i].id for i in range(w.city + 1, target))
    w.city = target
    w.emit("move", "arrival.move", city=w.cities[target].id, skipped=skipped,
           aboard=tuple(w.aboard))
    if len(w.aboard) > 1 and next_city(w, target) is not None:
        w.captain = next(p for p in _clockwise(w, w.left_of(w.captain)) if p in w.aboard)
        w.emit("captain", "captain.rotation", player=w.captain)
    begin_leg(w)


@resumes("journey-end")
def finish(w: Work) -> None:
    """The journey is over [journey.end]: the end check, then one card each and a new journey."""
    w.aboard = []
    w.roll = []
    w.cursor = None
    w.passes = 0
    w.emit("journey-end", "journey.end", journey=w.journey)
    if end.reached_at_journey_end(w):
        return
    # [captain.new-journey]
    if w.options.journey_captain == "after-last-captain":
        w.first_captain = w.left_of(w.captain)
    else:
        w.first_captain = w.left_of(w.first_captain)
    w.to_deal = list(_clockwise(w, w.first_captain))
    if deck.settle(w):
        start(w)


def _clockwise(w: Table, start: int) -> list[int]:
    n = w.players
    return [(start + i) % n for i in range(n)]


@resumes("land")
def landed(w: Work) -> None:
    """After a lone captain's landing treasure: nobody is aboard, and the journey ends."""
    w.aboard = []
    finish(w)
