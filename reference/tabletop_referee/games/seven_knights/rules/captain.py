"""Captain [captain.*]: the selection chain, the side check and what it reveals."""

from __future__ import annotations

from typing import cast

from ..model import State, tile_ref, value_ref
from .bewitch import on_witch_team, witch_tile
from .work import Work


def select(players: int, first: int, recs: tuple[int, ...]) -> tuple[int, str, tuple[int, ...]]:
    """The captain, the clause that decided, and the recommendation counts.

    Most recommendations [captain.most-votes]; on a tie, a player who did not recommend
    themselves [captain.not-self-voted]; then the player farther clockwise from the first
    player [captain.farthest]. Only recommended players are candidates.
    """
    votes = [0] * players
    for r in recs:
        votes[r] += 1
    top = max(votes)
    tied = [p for p in range(players) if votes[p] == top]
    if len(tied) == 1:
        return tied[0], "captain.most-votes", tuple(votes)
    honest = [p for p in tied if recs[p] != p]
    if len(honest) == 1:
        return honest[0], "captain.not-self-voted", tuple(votes)
    pool = honest or tied
    best = max(pool, key=lambda p: (p - first) % players)
    return best, "captain.farthest", tuple(votes)


def appoint(w: Work) -> None:
    assert w.first_player is not None  # drawn before round 1
    # every player has recommended (the appointment follows the last recommendation)
    recs = cast("tuple[int, ...]", tuple(w.recommendations))
    captain, clause, votes = select(w.players, w.first_player, recs)
    w.captain = captain
    w.emit("captain-appointed", clause, captain=captain, votes=list(votes))
    if w.options.captain_number == "revealed":
        w.revealed.add(captain)
        w.emit("captain-revealed", "captain.number-hidden", captain=captain,
               value=value_ref(w.values[captain]))


def side_check(w: Work, s: State) -> bool:
    """Reveals a Witch-team captain [captain.witch-captain-reveal]; True if the captain is on
    the Witch team [captain.side-check]."""
    c = w.captain
    assert c is not None  # appointed before the side check
    if not on_witch_team(s, c):
        return False
    wt = witch_tile(s)
    assert wt is not None  # the captain is on the Witch team, so the Witch tile is dealt
    w.revealed.add(c)
    w.revealed.add(wt)
    w.emit("witch-captain", "captain.side-check", captain=c, value=value_ref(s.values[c]),
           witch_tile=tile_ref(wt), holder=wt if wt < w.players else None)
    return True
