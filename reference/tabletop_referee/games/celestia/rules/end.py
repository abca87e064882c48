"""End of the game [end.*]: 50 points, checked at the end of a journey or at once; ties shared."""

from __future__ import annotations

from ..model import TARGET
from .work import Table, Work


def total(s: Table, player: int) -> int:
    """A player's score: the sum of their treasure values [end.score, treasure.value]; with
    ``landing_points: city-number`` each treasure scores its city's number instead."""
    won = s.won[player]
    if s.setup.options.landing_points == "city-number":
        cities = s.setup.treasures.cities
        return sum(cities[c].minimum for c, _ in won)
    value = s.setup.treasures.value
    return sum(value(card) for _, card in won)


def note_gain(w: Work, player: int) -> bool:
    """Records the first player to reach the target; with ``end_timing: immediate`` ends the
    game at once. Returns whether the game ended."""
    if total(w, player) < TARGET:
        return False
    if w.first_to_target is None:
        w.first_to_target = player
        w.emit("target", "end.fifty-points", player=player, total=total(w, player))
    if w.options.end_timing == "immediate":
        finish_game(w, "target", "end.fifty-points")
        return True
    return False


def reached_at_journey_end(w: Work) -> bool:
    """At the end of a journey: whether someone has reached the target (the game then ends)."""
    if w.first_to_target is not None:
        finish_game(w, "target", "end.fifty-points")
        return True
    return False


def finish_game(w: Work, reason: str, clause: str) -> None:
    w.phase = "game-over"
    w.ended = reason
    w.aboard = []
    w.cursor = None
    w.roll = []
    w.to_deal = []
    w.to_treasure = []
    w.after_treasure = ""
    w.passes = 0
    w.rerolls = 0
    w.jetpacks = []
    totals = tuple(total(w, p) for p in range(w.players))
    w.emit("game-over", clause, reason=reason, totals=totals, winners=winners_of(w))


def winners_of(s: Table) -> tuple[int, ...]:
    """The winners [end.winner, end.ties]: the highest total (ties shared), or under
    ``end_winner: first-to-fifty`` the first player to reach the target."""
    if s.setup.options.end_winner == "first-to-fifty" and s.first_to_target is not None:
        return (s.first_to_target,)
    totals = [total(s, p) for p in range(len(s.hands))]
    best = max(totals)
    return tuple(p for p, t in enumerate(totals) if t == best)
