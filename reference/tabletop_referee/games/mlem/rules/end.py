"""The end of an expedition [expedition.end] [crash.return-home] and of the game [end.*]."""

from __future__ import annotations

from ..model import ASTRONAUT_INDEX, DICE_COUNT, Seat
from .scoring import final_scoring
from .setup import start_expedition
from .work import Work, replace, replace_at


def ends_now(w: Work) -> bool:
    """[end.timing] with game_end=immediate: the game ends right after the 8th placement."""
    if not any(len(r) == 0 and not _aboard(w, p) for p, r in enumerate(w.reserves)):
        return False
    if w.options.game_end != "immediate":  # looked at only when it can matter (impact sharing)
        return False
    for seat in w.seats:
        go_home(w, seat, "end.timing")
    w.seats = []
    w.emit("expedition-ended", "end.timing", expedition=w.expedition, reason="game-end",
           next_start_player=(w.start_player + 1) % w.players)
    game_over(w, "all-placed", "end.all-placed")
    return True


def _aboard(w: Work, player: int) -> bool:
    return any(s.player == player for s in w.seats)


def go_home(w: Work, seat: Seat, clause: str) -> None:
    reserve = w.reserves[seat.player] + (seat.astronaut,)
    w.reserves = replace_at(
        w.reserves, seat.player, tuple(sorted(reserve, key=ASTRONAUT_INDEX.__getitem__))
    )
    w.emit("returned-home", clause, player=seat.player, astronaut=seat.astronaut)


def end_expedition(w: Work, reason: str) -> None:
    # [crash.return-home] [expedition.end]
    for seat in w.seats:
        go_home(w, seat, "crash.return-home")
    w.seats = []
    w.roll = None
    w.cursor = 0
    w.dice = DICE_COUNT
    w.space = w.board.start_space
    w.start_player = (w.start_player + 1) % w.players
    w.emit("expedition-ended", "expedition.end", expedition=w.expedition, reason=reason,
           next_start_player=w.start_player)
    w.expedition += 1
    if w.ufo is not None and w.ufo.arrival is not None:
        w.ufo = replace(w.ufo, used=w.ufo.used + (w.ufo.arrival,), arrival=None, ability_used=False)
    if w.crashes >= w.board.crash_limit:
        game_over(w, "crash-limit", "end.crash-limit")
    elif any(len(r) == 0 for r in w.reserves):
        game_over(w, "all-placed", "end.all-placed")
    else:
        start_expedition(w)


def game_over(w: Work, reason: str, clause: str) -> None:
    w.phase = "game-over"
    w.ended = reason
    w.roll = None
    w.cursor = 0
    w.emit("game-ended", clause, reason=reason)
    # [scoring.planets] [scoring.planet-ties] [power.planet-double] [scoring.winner]
    if not w.quiet:
        w.events += final_scoring(w.freeze())
