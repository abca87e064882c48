"""The missions variant [missions.*]: the deal order, the discard, fulfilled missions."""

from __future__ import annotations

from collections.abc import Iterator

from ....errors import IllegalAction
from ..model import MISSION_POINTS, MISSIONS_DEALT, Discard, Hidden, MissionToken, State
from .check import rule
from .setup import setup_next
from .work import Work, full, on, replace, replace_at

Hands = tuple[tuple[MissionToken, ...] | Hidden, ...]
"""The per-player hands (or discards) of the missions section."""


def next_discarder(start_player: int, hands: Hands) -> int:
    n = len(hands)
    for i in range(n):
        p = (start_player + i) % n
        if len(full(hands[p])) == MISSIONS_DEALT:
            return p
    raise AssertionError("no player has a mission to discard")


def mission_dealee(state: State) -> int:
    """The player the next mission goes to, in phase ``mission-deal`` [missions.deal]."""
    return next_dealee(state.start_player, on(state.missions, "missions").hands)


def next_dealee(start_player: int, hands: Hands) -> int:
    n = len(hands)
    for i in range(n):
        p = (start_player + i) % n
        if len(full(hands[p])) < MISSIONS_DEALT:
            return p
    raise AssertionError("every hand is complete")


@rule("missions.discard")
def check_missions_discard(state: State, a: Discard) -> Iterator[IllegalAction]:
    """The mission discarded is one the player holds."""
    # a Discard is checked only in phase mission-discard, which exists only with missions on
    hand = full(on(state.missions, "missions").hands[a.player])
    if all(t.id != a.token for t in hand):
        yield IllegalAction(
            "missions.discard",
            f"player {a.player} holds no mission {a.token!r} (they hold: {', '.join(t.id for t in hand)})",
        )


CHECKS = (check_missions_discard,)


def discard(w: Work, a: Discard) -> None:
    # [missions.discard]
    m = on(w.missions, "missions")
    hand = full(m.hands[a.player])
    token = next(t for t in hand if t.id == a.token)
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
