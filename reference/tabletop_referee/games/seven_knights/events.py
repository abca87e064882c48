"""The kinds of event Seven Knights Bewitched emits: one documented table.

Every :class:`~tabletop_referee.games.interface.Event` the engine emits has a ``type`` listed
here, cites one of the kind's ``clauses``, and carries exactly the kind's ``fields`` in that
order (the order the interchange format writes them). ``tests/test_event_kinds.py``
checks this against every event of the vectors and of random games.

Tiles are written as in JSON (a seat number or ``c0``, ``c1``...), values as 1-7 or ``"W"``.

    >>> EVENT_KINDS["inspected"].fields
    ('player', 'tile', 'value')
"""

from __future__ import annotations

from ..interface import EventKind


EVENT_KINDS: dict[str, EventKind] = {k.type: k for k in (
    EventKind("first-player-drawn", ("setup.first-player",), ("first_player",),
              "chance: the first player of round 1 is drawn"),
    EventKind("dealt", ("deal.shuffle-chance",), ("round", "values"),
              "chance: every tile in play gets its value (players' tiles, then centre tiles)"),
    EventKind("inspected", ("inspection.public",), ("player", "tile", "value"),
              "a player looks at a face-down tile (the value is seen by them alone)"),
    EventKind("bewitched", ("bewitch.on-sight",), ("player",),
              "the inspector saw the Witch and joins the Witch team (told to them alone)"),
    EventKind("asked", ("question.order", "command.last-question"),
              ("player", "answerer", "tiles", "numbers", "expression"),
              "a question (a number set or an expression); the captain's last one cites "
              "command.last-question"),
    EventKind("answered", ("answer.public", "answer.cooperative-automatic"), ("player", "yes"),
              "the answer, given by the answerer or, in cooperative play, automatically"),
    EventKind("recommended", ("recommendation.secret",), ("player", "target"),
              "a secret recommendation of a captain"),
    EventKind("withdrawn", ("recommendation.change",), ("player",),
              "a recommendation taken back before the reveal"),
    EventKind("recommendations-revealed", ("recommendation.reveal",), ("recommendations",),
              "every recommendation is shown, by seat"),
    EventKind("captain-appointed", ("captain.most-votes", "captain.not-self-voted",
                                    "captain.farthest"), ("captain", "votes"),
              "the captain, with the clause that decided and the votes per player"),
    EventKind("captain-revealed", ("captain.number-hidden",), ("captain", "value"),
              "the captain's tile is shown (option captain_number revealed)"),
    EventKind("witch-captain", ("captain.side-check",), ("captain", "value", "witch_tile", "holder"),
              "the captain is on the Witch team: the Witch team wins the round"),
    EventKind("last-question-skipped", ("command.last-question",), ("player",),
              "the captain asks no last question"),
    EventKind("line-revealed", ("settlement.reveal",), ("captain", "order", "values", "mistakes"),
              "the captain's line and its values, with each mistake and its clause"),
    EventKind("round-scored", ("settlement.winners", "settlement.cooperative",
                               "settlement.no-witch-team"),
              ("round", "winner", "points", "scores", "reason"),
              "who won the round, the points of each player and the totals"),
    EventKind("tiles-revealed", ("observation.round-end",), ("tiles",),
              "every tile in play is shown at the end of the round"),
    EventKind("confirmed", ("round.review",), ("player",),
              "a player is ready for the next round (review phase)"),
    EventKind("round-started", ("round.next-first-player",), ("round", "first_player"),
              "the next round and its first player"),
    EventKind("game-over", ("end.winner",), ("winners", "scores"),
              "the game ends: the winners and the final totals"),
)}
"""Event type -> its kind, in the order a round emits them."""
