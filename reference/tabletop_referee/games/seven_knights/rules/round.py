"""Rounds [round.*] and the end of the game [end.*]: scoring a finished round, the next first
player, the review pause and the next deal."""

from __future__ import annotations

from collections.abc import Iterator

from ....errors import IllegalAction
from ..model import WITCH, Confirm, RoundResult, State, in_play, tile_ref, value_ref
from .bewitch import witch_team
from .end import finish_game, is_last_round
from .settlement import points_each
from .work import Work


def check_round_review(s: State, a: Confirm) -> Iterator[IllegalAction]:
    """[round.review] Every player confirms once."""
    if s.confirmed[a.player]:
        yield IllegalAction("round.review", "you have already confirmed")


def next_first_player(s: State) -> int:
    """The player whose own tile has the lowest knight number [round.next-first-player]."""
    n = s.setup.players
    return min((v, p) for p, v in enumerate(s.values[:n]) if v != WITCH)[1]


def finish(w: Work, s: State, knights_win: bool, reason: str) -> None:
    """Scores the round [settlement.*] and moves on to the review, next deal or game end.

    The review [round.review] pauses only before another round: after the last round the game
    ends at once, review or not [end.after-three-rounds].

    ``s`` is the state whose tiles and inspections decide the teams.
    """
    n = w.players
    team = witch_team(s)
    opts = w.options
    if knights_win:
        winner = "knights"
        winners = [p for p in range(n) if p not in team]
        clause = "settlement.cooperative" if opts.cooperative else "settlement.winners"
    elif opts.cooperative:
        winner, winners, clause = "nobody", [], "settlement.cooperative"
    elif not team:
        winner, winners, clause = "nobody", [], "settlement.no-witch-team"
    else:
        winner, winners, clause = "witch", sorted(team), "settlement.winners"
    each = points_each("knights" if knights_win else "witch", w.round, opts.fixed_score)
    points = [each if p in winners else 0 for p in range(n)]
    for p in range(n):
        w.scores[p] += points[p]
    w.emit("round-scored", clause, round=w.round, winner=winner, points=points,
           scores=list(w.scores), reason=reason)
    assert w.first_player is not None  # drawn before round 1
    w.history.append(RoundResult(w.round, w.first_player, w.captain, winner, tuple(points), reason))
    tiles = in_play(s.setup)
    w.revealed.update(tiles)
    w.emit("tiles-revealed", "observation.round-end",
           tiles=[{"tile": tile_ref(t), "value": value_ref(s.values[t])} for t in tiles])
    if opts.review_phase and not is_last_round(w.round):
        w.phase = "review"
        w.confirmed = [False] * n
        return
    start_next(w, s)


def start_next(w: Work, s: State) -> None:
    """Ends the game after the last round [end.after-three-rounds]; otherwise clears the round
    [round.reset] and waits for the next deal."""
    if is_last_round(w.round):
        finish_game(w)
        return
    first = next_first_player(s)
    w.round += 1
    w.first_player = first
    w.emit("round-started", "round.next-first-player", round=w.round, first_player=first)
    w.phase = "deal"
    w.values = ()
    w.inspections = []
    w.questions = []
    w.recommendations = []
    w.revealed_recommendations = False
    w.captain = None
    w.arrangement = None
    w.confirmed = []
    w.revealed = set()
