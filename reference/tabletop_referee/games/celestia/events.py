"""The kinds of event Celestia emits: one documented table.

Every :class:`~tabletop_referee.games.interface.Event` the engine emits has a ``type`` listed
here, cites one of the kind's ``clauses``, and carries the kind's ``fields`` in that order
(the order the interchange format writes them); the fields in ``optional`` come after them,
only when they apply.
``tests/test_event_kinds.py`` checks this against every event of the vectors and of
random games. Cities are written by id, cards and die faces by name.

    >>> EVENT_KINDS["treasure"].fields
    ('player', 'city', 'card', 'points')
"""

from __future__ import annotations

from ..interface import EventKind


_POWER_CLAUSES = ("power.ejection", "power.jetpack", "power.alternative-route", "power.gust",
                  "power.grappling-hook")

EVENT_KINDS: dict[str, EventKind] = {k.type: k for k in (
    EventKind("draw", ("setup.hand-size", "journey.refill"), ("player", "card"),
              "chance: a player draws a card from the action deck (seen by them alone)"),
    EventKind("reshuffle", ("equipment.reshuffle",), ("cards",),
              "the discard pile becomes the new deck"),
    EventKind("no-card", ("equipment.reshuffle",), ("player",),
              "a player owed a card gets none: deck and discard pile are empty"),
    EventKind("journey", ("journey.start",), ("journey", "city", "captain"),
              "a journey starts from the first city with everyone aboard"),
    EventKind("land", ("lone-player.land-or-roll",), ("player", "city"),
              "the lone captain lands before rolling"),
    EventKind("go", ("lone-player.land-or-roll",), ("player",),
              "the lone captain rolls for the next city"),
    EventKind("roll", ("roll.faces",), ("player", "faces"),
              "chance: the captain's event dice"),
    EventKind("stay", ("passengers.stay",), ("player",), "a passenger stays aboard"),
    EventKind("leave", ("passengers.leave", "power.ejection"), ("player", "city"),
              "a passenger leaves the aircraft (by choice, or ejected)"),
    EventKind("treasure", ("treasure.draw",), ("player", "city", "card", "points"),
              "chance: a player takes the top treasure card of a city"),
    EventKind("city-empty", ("treasure.city-empty",), ("city",),
              "a city's treasure pile has run out"),
    EventKind("no-treasure", ("treasure.city-empty",), ("player", "city"),
              "a player gets no treasure: the city has run out"),
    EventKind("play", _POWER_CLAUSES, ("player", "card"),
              "a Power card is played (its clause is the card's)", ("target", "die")),
    EventKind("pass", ("power.window", "power.jetpack"), ("player",),
              "a player passes in the power window, or declines a Jetpack after a crash"),
    EventKind("reroll", ("roll.faces",), ("faces", "roll"),
              "chance: the dice a Power card set rolling, and the roll now"),
    EventKind("hazards-cleared", ("power.gust",), (),
              "the Gust clears the hazards (option gust pass-hazards)"),
    EventKind("meet", ("equipment.one-per-die",), ("player", "cards"),
              "the captain answers the dice with Equipment cards"),
    EventKind("move", ("arrival.move",), ("city", "skipped", "aboard"),
              "the aircraft reaches the next city, skipping emptied ones"),
    EventKind("captain", ("captain.rotation",), ("player",), "a new captain"),
    EventKind("last-city", ("arrival.last-city",), ("city", "order"),
              "the last city: everyone aboard draws treasure, in this order"),
    EventKind("crash", ("crash.when",), ("captain", "city", "roll"),
              "the captain does not answer the dice: the aircraft crashes"),
    EventKind("escape", ("power.jetpack",), ("player",), "a player escapes with a Jetpack"),
    EventKind("wrecked", ("crash.everyone-aboard",), ("players",),
              "the players still aboard score nothing this journey"),
    EventKind("journey-end", ("journey.end",), ("journey",), "a journey ends"),
    EventKind("target", ("end.fifty-points",), ("player", "total"),
              "a player reaches the target score"),
    EventKind("game-over", ("end.fifty-points",), ("reason", "totals", "winners"),
              "the game ends: why, the totals and the winners"),
)}
"""Event type -> its kind."""
