"""Landing [landing.*]: who may land where, landing on moons and planets, deep space, and the
decisions seat by seat (also those of a crash's parachute phase [crash.parachute])."""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from ....errors import IllegalAction
from ..model import Action, Board, Land, Landing, Seat, State, Stay
from .check import rule
from .end import end_expedition, ends_now
from .goals import claim_goals
from .order import sorted_actions
from .work import Work, remove_dice


def landing_targets(state: State, seat_index: int) -> tuple[int, ...]:
    """Returns the spaces the astronaut in that seat could land on now, ascending.

    In a landing phase: the rocket's space, and for a Plus-minus astronaut the spaces next to
    it [power.plus-minus]; in a parachute phase: the crash space, for Parachute astronauts only
    [crash.parachute]. A full moon or a space with nothing to land on offers nothing
    [landing.full-moon] [landing.no-site].
    """
    r = state.rocket
    return targets(state.board, state.phase, r.space, r.seats[seat_index].astronaut, state.landed)


def targets(
    board: Board, phase: str, here: int, astronaut: str, landed: tuple[Landing, ...]
) -> tuple[int, ...]:
    if phase == "parachute":
        if astronaut != "parachute":
            return ()
    elif astronaut == "plus-minus":
        end = board.end
        return tuple(
            s for s in (here - 1, here, here + 1) if 0 <= s < end and _has_room(board, landed, s)
        )
    # Only the rocket's own space (never deep space: everyone lands there automatically).
    return (here,) if here < board.end and _has_room(board, landed, here) else ()


def _has_room(board: Board, landed: tuple[Landing, ...], space: int) -> bool:
    spec = board.spaces[space]
    if spec.planet is not None:
        return True
    if spec.moons:
        return moon_count(landed, space) < len(spec.moons)
    return False


def moon_count(landed: tuple[Landing, ...], space: int) -> int:
    n = 0
    for x in landed:
        if x.space == space and x.site == "moon":
            n += 1
    return n


@lru_cache(maxsize=4096)
def landing_actions(player: int, targets: tuple[int, ...]) -> tuple[Action, ...]:
    return sorted_actions([*(Land(player, s) for s in targets), Stay(player)])


def arrive(w: Work) -> None:
    if w.space == w.board.end:
        deep_space(w)
        return
    begin_landing(w)


def begin_landing(w: Work) -> None:
    # [landing.no-site]: nothing to land on here, so no landing phase.
    if not w.board.spaces[w.space].has_site:
        w.emit("no-landing", "landing.no-site", space=w.space)
        w.phase = "roll"
        return
    w.phase = "landing"
    w.cursor = 0
    advance_decisions(w)


def advance_decisions(w: Work) -> None:
    """Moves the cursor to the next seat that has a decision to make, or ends the phase.

    Seats with nowhere to land are not asked [landing.optional].
    """
    while w.cursor < len(w.seats):
        seat = w.seats[w.cursor]
        if targets(w.board, w.phase, w.space, seat.astronaut, w.landed):
            return
        if w.phase == "landing" or seat.astronaut == "parachute":
            spec = w.board.spaces[w.space]
            clause = "landing.full-moon" if spec.moons else "landing.no-site"
            w.emit("passed-over", clause, player=seat.player, astronaut=seat.astronaut, space=w.space)
        w.cursor += 1
    w.cursor = 0
    if w.phase == "parachute":
        end_expedition(w, "crash")  # the crash is over once every parachute decision is made
    elif not w.seats:
        end_expedition(w, "empty")
    else:
        w.phase = "roll"  # [expedition.continue]


def land(w: Work, a: Land) -> None:
    seat = w.seats[w.cursor]
    clause = "landing.planet"
    spec = w.board.spaces[a.space]
    if w.phase == "parachute":
        clause = "crash.parachute"
    elif a.space != w.space:
        clause = "power.plus-minus"
    if spec.moons:
        slot = moon_count(w.landed, a.space)
        points = spec.moons[slot] * (2 if seat.astronaut == "moon-double" else 1)
        landing = Landing(seat.player, seat.astronaut, a.space, "moon", slot)
        if clause == "landing.planet":
            clause = "landing.moon-slot"
        w.landed = w.landed + (landing,)
        w.emit("landed", clause, player=seat.player, astronaut=seat.astronaut, space=a.space,
               site="moon", slot=slot, points=points)
        if seat.astronaut == "moon-double":
            w.emit("points-doubled", "power.moon-double", player=seat.player, astronaut=seat.astronaut,
                   space=a.space, points=points)
    else:
        w.landed = w.landed + (Landing(seat.player, seat.astronaut, a.space, "planet"),)
        w.emit("landed", clause, player=seat.player, astronaut=seat.astronaut, space=a.space,
               site="planet", points=0)
    _after_landing(w, seat)


def _after_landing(w: Work, seat: Seat) -> None:
    # [landing.seats-move-up] [landing.commander-change]
    del w.seats[w.cursor]
    if w.phase == "landing" or w.options.goal_claims == "any-landing":
        claim_goals(w, seat.player)  # [goal.first-come]: with goal_claims=landing-phase not in a crash
    if w.phase == "landing":
        if w.cursor == 0 and w.seats:
            w.emit("commander-changed", "landing.commander-change", player=w.seats[0].player)
        if seat.astronaut == "die-removal":  # [power.die-removal]
            remove_dice(w, 1, "power.die-removal")
    if ends_now(w):
        return
    advance_decisions(w)


def _landing_seat(state: State) -> Seat:
    return state.rocket.seats[state.rocket.cursor]


@rule("crash.parachute")
def check_crash_parachute(state: State, a: Land) -> Iterator[IllegalAction]:
    """In a crash only Parachute astronauts land."""
    astronaut = _landing_seat(state).astronaut
    if state.phase == "parachute" and astronaut != "parachute":
        yield IllegalAction("crash.parachute", f"only Parachute astronauts may land in a crash, not {astronaut!r}")


@rule("power.plus-minus")
def check_power_plus_minus(state: State, a: Land) -> Iterator[IllegalAction]:
    """Only a Plus-minus astronaut lands away from the rocket (not in a crash), one space at
    most, and never in deep space."""
    here, space = state.rocket.space, a.space
    if space != here and (_landing_seat(state).astronaut != "plus-minus" or state.phase == "parachute"):
        yield IllegalAction(
            "power.plus-minus",
            f"only a Plus-minus astronaut may land away from the rocket's space {here}, not on {space}",
        )
    elif abs(space - here) > 1:
        yield IllegalAction("power.plus-minus", f"space {space} is more than one space from the rocket ({here})")
    elif space == state.board.end:
        yield IllegalAction("power.plus-minus", f"deep space ({space}) is reached only by the rocket itself")


@rule("setup.board")
def check_setup_board(state: State, a: Land) -> Iterator[IllegalAction]:
    """The space landed on is on the board."""
    end = state.board.end
    if not 0 <= a.space <= end:
        yield IllegalAction("setup.board", f"space {a.space} is not on the board (0..{end})")


@rule("landing.no-site")
def check_landing_no_site(state: State, a: Land) -> Iterator[IllegalAction]:
    """The space landed on has a moon or a planet."""
    if 0 <= a.space < state.board.end and not state.board.spaces[a.space].has_site:
        yield IllegalAction("landing.no-site", f"space {a.space} has no moon or planet to land on")


@rule("landing.full-moon")
def check_landing_full_moon(state: State, a: Land) -> Iterator[IllegalAction]:
    """A moon space has a free slot left."""
    board = state.board
    if 0 <= a.space < board.end and board.spaces[a.space].has_site and not _has_room(board, state.landed, a.space):
        yield IllegalAction("landing.full-moon", f"every moon slot of space {a.space} is taken")


CHECKS = (
    check_crash_parachute,
    check_power_plus_minus,
    check_setup_board,
    check_landing_no_site,
    check_landing_full_moon,
)
"""The checks of a landing, in order: together they refuse exactly the spaces outside
:func:`landing_targets`."""


def stay(w: Work, a: Stay) -> None:
    seat = w.seats[w.cursor]
    w.emit("stayed", "landing.optional" if w.phase == "landing" else "crash.parachute",
           player=seat.player)
    w.cursor += 1
    advance_decisions(w)


def deep_space(w: Work) -> None:
    # [landing.deep-space] [power.deep-space-double]
    end = w.board.end
    for i, seat in enumerate(w.seats):
        site, value = ("comet", w.board.comet) if i == 0 else ("galaxy", w.board.galaxy)
        points = value * (2 if seat.astronaut == "deep-space-double" else 1)
        w.landed = w.landed + (Landing(seat.player, seat.astronaut, end, site),)
        w.emit("landed", "landing.deep-space", player=seat.player, astronaut=seat.astronaut,
               space=end, site=site, points=points)
        if seat.astronaut == "deep-space-double":
            w.emit("points-doubled", "power.deep-space-double", player=seat.player, astronaut=seat.astronaut,
                   space=end, points=points)
        claim_goals(w, seat.player)
    w.seats = []
    end_expedition(w, "deep-space")
