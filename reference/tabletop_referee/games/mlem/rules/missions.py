"""The missions variant [missions.*]: the deal order, the discard, fulfilled missions."""

from __future__ import annotations

from ....errors import IllegalAction
from ..model import MISSION_POINTS, MISSIONS_DEALT, Discard, Hidden, State
from .setup import setup_next
from .work import Work, replace, replace_at


def next_discarder(start_player: int, hands) -> int:
    n = len(hands)
    for i in range(n):
        p = (start_player + i) % n
        if len(hands[p]) == MISSIONS_DEALT:
            return p
    raise AssertionError("no player has a mission to discard")


def mission_dealee(state: State) -> int:
    """The player the next mission goes to, in phase ``mission-deal`` [missions.deal]."""
    return next_dealee(state.start_player, state.missions.hands)


def next_dealee(start_player: int, hands) -> int:
    n = len(hands)
    for i in range(n):
        p = (start_player + i) % n
        if len(hands[p]) < MISSIONS_DEALT:
            return p
    raise AssertionError("every hand is complete")


def discard(w: Work, a: Discard) -> None:
    # [missions.discard]
    m = w.missions
    hand = m.hands[a.player]
    token = next((t for t in hand if t.id == a.token), None)
    if token is None:
        raise IllegalAction(
            "missions.discard",
            f"player {a.player} holds no mission {a.token!r} (they hold: {', '.join(t.id for t in hand)})",
        )
    w.missions = replace(
        m,
        hands=replace_at(m.hands, a.player, tuple(t for t in hand if t is not token)),
        discarded=replace_at(m.discarded, a.player, (token,)),
    )
    w.emit("mission-discarded", "missions.discard", player=a.player, token=token.id)
    setup_next(w)


def fulfilled_missions(state: State, player: int) -> tuple[str, ...]:
    """The ids of the player's kept missions that an astronaut of theirs fulfils [missions.fulfilled]."""
    if state.missions is None:
        return ()
    hand = state.missions.hands[player]
    if isinstance(hand, Hidden):
        return ()
    spaces = {x.space for x in state.landed if x.player == player and x.site in ("moon", "planet")}
    return tuple(t.id for t in hand if t.space in spaces)


def mission_points(state: State, player: int) -> int:
    done = len(fulfilled_missions(state, player))
    return MISSION_POINTS[min(done, len(MISSION_POINTS) - 1)]
