"""Who may act [turn.*]: turn order within the one-at-a-time phases."""

from __future__ import annotations

from ..model import State
from .modes import play_mode


def seat(s: State, k: int) -> int:
    """The k-th player clockwise from the first player [turn.clockwise]."""
    return (s.first_player + k) % s.setup.players


def inspection_laps(s: State) -> int:
    """Two laps in darkness [inspection.darkness-laps], one otherwise."""
    return 2 if play_mode(s.setup) == "darkness" else 1


def phase_questions(s: State) -> int:
    """Questions asked in the question phase so far (the captain's last one excluded)."""
    return sum(1 for q in s.questions if not q.last)


def actors(s: State) -> tuple:
    ph = s.phase
    if ph in ("deal", "first-player"):
        return ("chance",)
    if ph == "inspect":
        return (seat(s, len(s.inspections)),)
    if ph == "ask":
        return (seat(s, phase_questions(s)),)
    if ph in ("answer", "captain-answer"):
        return (s.questions[-1].answerer,)
    if ph == "recommend":
        return tuple(p for p, r in enumerate(s.recommendations) if r is None)
    if ph in ("captain-ask", "arrange"):
        return (s.captain,)
    if ph == "review":
        return tuple(p for p, c in enumerate(s.confirmed) if not c)
    return ()
