"""Every kind of MLEM event: its type, the clauses it may cite, its fields and what it means.

An :class:`~tabletop_referee.games.interface.Event` is ``(type, clause, data)``; the engine's
rule modules emit them (``Work.emit``). This table is their one description, checked against
the engine by ``tests/test_event_kinds.py`` (every event of the vectors and of random games
has a listed type, cites a listed clause and carries exactly the listed fields) and, by
``tests/test_mlem_events.py``, against the table of ``docs/mlem/interchange.md``.

    >>> EVENT_KINDS["rolled"].clauses, EVENT_KINDS["rolled"].fields
    (('travel.roll',), ('faces',))
    >>> len(EVENT_KINDS) >= 35
    True
"""

from __future__ import annotations

from ..interface import EventKind


_KINDS = (
    # takeoff and travel
    EventKind("boarded", ("takeoff.boarding-order",), ("player", "astronaut", "seat"),
              "a player's astronaut takes the next seat of the rocket (seat 0 = the front seat)"),
    EventKind("rocket-placed", ("takeoff.rocket-start", "power.satellite"), ("space",),
              "everyone has boarded: the rocket starts on its space (further with a Satellite aboard)"),
    EventKind("rolled", ("travel.roll",), ("faces",), "the available dice are rolled (faces in canonical order)"),
    EventKind("moved", ("travel.distance", "travel.overshoot", "ufo.extra-face"),
              ("player", "faces", "die_one", "from", "to", "distance"),
              "the commander moves the rocket with groups of dice (and Die-1 astronauts)", optional=("dice",)),
    EventKind("die-one-used", ("power.die-one",), ("player",),
              "a Die-1 astronaut counted as an extra 1 and is flipped"),
    EventKind("dice-removed", ("travel.remove-dice", "power.die-removal"), ("count", "dice"),
              "dice used (or a Die-removal landing) leave play; ``dice`` are left"),
    EventKind("die-restored", ("travel.last-die",), ("dice",), "no die would be left: one stays available"),
    # crash and landing
    EventKind("crashed", ("crash.trigger",), ("space", "crashes"), "no usable die: the rocket crashes"),
    EventKind("no-landing", ("landing.no-site",), ("space",), "the space has nothing to land on: no landing phase"),
    EventKind("passed-over", ("landing.full-moon", "landing.no-site"), ("player", "astronaut", "space"),
              "an astronaut with nowhere to land is not asked"),
    EventKind("landed", ("landing.planet", "landing.moon-slot", "power.plus-minus", "crash.parachute",
                         "landing.deep-space"),
              ("player", "astronaut", "space", "site", "points"),
              "an astronaut lands on a moon, a planet, the comet or a galaxy", optional=("slot",)),
    EventKind("stayed", ("landing.optional", "crash.parachute"), ("player",),
              "the astronaut asked stays aboard (in a crash: does not jump)"),
    EventKind("commander-changed", ("landing.commander-change",), ("player",),
              "the front seat emptied: the next astronaut's owner commands"),
    EventKind("goal-claimed", ("goal.four-moons", "goal.planet-trio", "goal.four-planets", "goal.deep-space-pair"),
              ("player", "goal"), "a player first meets a goal's condition and takes its token"),
    # end of an expedition and of the game
    EventKind("returned-home", ("crash.return-home", "end.timing"), ("player", "astronaut"),
              "an astronaut still aboard goes back to its owner's reserve, unscored"),
    EventKind("expedition-ended", ("expedition.end", "end.timing"), ("expedition", "reason", "next_start_player"),
              "the expedition ends (crash, deep-space, empty, or game-end)"),
    EventKind("game-ended", ("end.crash-limit", "end.all-placed"), ("reason",), "the game is over"),
    # scoring and doubling (the end-of-game events follow game-ended)
    EventKind("points-doubled", ("power.moon-double", "power.deep-space-double", "power.planet-double"),
              ("player", "astronaut", "space", "points"),
              "a doubling astronaut's points are doubled (on landing on a moon or in deep space; a "
              "planet's at the end)", since=2),
    EventKind("planet-tie-broken", ("scoring.planet-ties",), ("planet", "players", "astronauts"),
              "players tied on head count on a planet, ranked by their first arrival", since=2),
    EventKind("planet-scored", ("scoring.planets",), ("player", "planet", "rank", "astronauts", "points"),
              "a player takes a planet's medal (rank 1 gold, 2 silver, 3 bronze)", since=2),
    EventKind("final-scores", ("scoring.winner",), ("scores", "winners"),
              "every player's points per category, and the winners", since=2),
    # exploration
    EventKind("token-revealed", ("exploration.setup", "exploration.replace"), ("token", "space"),
              "an exploration token is drawn and placed on its space"),
    EventKind("token-set-aside", ("exploration.collision",), ("token", "space"),
              "a drawn exploration token's space already holds one: it is set aside"),
    EventKind("exploration-triggered", ("exploration.trigger",), ("player", "token", "space", "effect"),
              "the rocket stops on an exploration token: it takes effect for the commander"),
    EventKind("exploration-points", ("exploration.points",), ("player", "token", "points"),
              "the commander keeps a points token"),
    EventKind("die-reused", ("exploration.dice-reuse",), ("player", "dice"), "a removed die comes back"),
    EventKind("dice-reuse-wasted", ("exploration.dice-reuse",), ("player", "dice"),
              "a dice-reuse token with every die already present gives nothing"),
    EventKind("tunnel", ("exploration.tunnel", "exploration.tunnel-past-end"), ("from", "to"),
              "a tunnel jumps the rocket forward"),
    EventKind("tunnel-blocked", ("exploration.tunnel-past-end",), ("from",),
              "a tunnel would pass the end of the track: the rocket stays (tunnel_past_end=no-move)"),
    # missions
    EventKind("mission-dealt", ("missions.deal",), ("player", "token"), "a player is dealt a mission (secret)"),
    EventKind("mission-discarded", ("missions.discard",), ("player", "token"),
              "a player puts one of their four missions away (secret)"),
    # the UFO
    EventKind("arrival-revealed", ("ufo.arrival",), ("token", "ufo_move", "dice"),
              "an arrival token is revealed: how far the UFO moves and the dice of the expedition"),
    EventKind("ufo-moved", ("ufo.movement",), ("from", "to"), "the UFO moves toward Earth"),
    EventKind("arrivals-reshuffled", ("ufo.arrivals-exhausted",), ("count",),
              "the arrival pile is empty: the used tokens become the pile again"),
    EventKind("no-arrival", ("ufo.arrivals-exhausted",), ("expedition",),
              "no arrival token is left for the expedition"),
    EventKind("ability-used", ("ufo.reroll", "ufo.keep-dice", "ufo.extra-face"), ("player", "ability"),
              "the commander uses the arrival token's ability (once per expedition)"),
    EventKind("ufo-encountered", ("ufo.encounter",), ("space", "player"), "the rocket meets the UFO"),
    EventKind("ufo-token-taken", ("ufo.tokens",), ("player", "value"), "a player takes the top UFO token"),
    EventKind("ufo-returned", ("ufo.after-encounter",), ("from", "to"),
              "after an encounter the UFO goes back home (ufo_after_encounter=return)"),
)

EVENT_KINDS: dict[str, EventKind] = {k.type: k for k in _KINDS}
"""Every MLEM event kind by type."""
