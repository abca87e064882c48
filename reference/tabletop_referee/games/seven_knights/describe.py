"""Sentences for people: one line per event, a few lines per state. With an ``observer`` they
word only what that player may see (others' tile values and pending recommendations are
left out); the observer :data:`~tabletop_referee.games.interface.TABLE` (what every player
may see, ``referee play``'s shared screen) sees only what the rules show to all; with
``observer=None`` they tell everything."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..interface import Event, Observer
from .model import HIDDEN, State, in_play, tile_ref, value_ref
from .rules.observation import observe, public_view


def _tile(ref: int | str) -> str:
    return f"player {ref}'s tile" if isinstance(ref, int) else f"centre tile {ref}"


def _value(v: int | str | None) -> str:
    return "the Witch" if v == "W" else str(v)


Fields = dict[str, Any]
"""An event's data by field name (see :data:`.events.EVENT_KINDS`)."""


def _dealt(d: Fields, clause: str, observer: Observer) -> str:
    if observer is None:
        return f"Round {d['round']}: the tiles are dealt: {', '.join(map(str, d['values']))}."
    if not isinstance(observer, int):  # the table: nobody's tile
        return f"Round {d['round']}: the tiles are dealt."
    own = d["values"][observer] if observer < len(d["values"]) else None
    return f"Round {d['round']}: the tiles are dealt; player {observer} receives {_value(own)}."


def _inspected(d: Fields, clause: str, observer: Observer) -> str:
    line = f"Player {d['player']} inspects {_tile(d['tile'])}"
    if observer is None or observer == d["player"]:
        line += f" and sees {_value(d['value'])}"
    return line + "."


def _bewitched(d: Fields, clause: str, observer: Observer) -> str:
    if observer is None or observer == d["player"]:
        return f"Player {d['player']} has seen the Witch and is bewitched: now on the Witch team."
    return ""


def _asked(d: Fields, clause: str, observer: Observer) -> str:
    tiles = ", ".join(_tile(x) for x in d["tiles"])
    if d["expression"]:
        return (f"Player {d['player']} asks player {d['answerer']}: is {d['expression']} "
                f"true (A, B, C = {tiles})?")
    nums = ", ".join(map(str, d["numbers"]))
    return f"Player {d['player']} asks player {d['answerer']}: is {tiles} one of {nums}?"


def _recommended(d: Fields, clause: str, observer: Observer) -> str:
    if observer is None or observer == d["player"]:
        return f"Player {d['player']} recommends player {d['target']} (secret until all have chosen)."
    return f"Player {d['player']} has chosen a recommendation."


_CAPTAIN_WHY = {"captain.most-votes": "most recommendations",
                "captain.not-self-voted": "tie broken: did not recommend themselves",
                "captain.farthest": "tie broken: farthest clockwise from the first player"}


def _witch_captain(d: Fields, clause: str, observer: Observer) -> str:
    line = f"Captain {d['captain']} is on the Witch team ({_value(d['value'])})"
    if d["holder"] is not None and d["holder"] != d["captain"]:
        line += f", bewitched by player {d['holder']}"
    return line + ": the Witch team wins the round."


def _line_revealed(d: Fields, clause: str, observer: Observer) -> str:
    pairs = ", ".join(f"{_tile(r)}={_value(v)}" for r, v in zip(d["order"], d["values"]))
    verdict = "no mistake" if not d["mistakes"] else f"{len(d['mistakes'])} mistake(s)"
    return f"Captain {d['captain']} lines up {pairs}: {verdict}."


_SIDES = {"knights": "the Knights team", "witch": "the Witch team", "nobody": "nobody"}


def _round_scored(d: Fields, clause: str, observer: Observer) -> str:
    pts = ", ".join(f"{p}: +{x}" for p, x in enumerate(d["points"]) if x)
    return f"Round {d['round']} goes to {_SIDES[d['winner']]}" + (
        f" ({pts})." if pts else "; no points.")


Describer = Callable[[Fields, str, Observer], str]

_DESCRIBERS: dict[str, Describer] = {
    "first-player-drawn": lambda d, c, o: f"Player {d['first_player']} is drawn as the first player.",
    "dealt": _dealt,
    "inspected": _inspected,
    "bewitched": _bewitched,
    "asked": _asked,
    "answered": lambda d, c, o: f"Player {d['player']} answers {'yes' if d['yes'] else 'no'}.",
    "recommended": _recommended,
    "withdrawn": lambda d, c, o: f"Player {d['player']} withdraws their recommendation.",
    "recommendations-revealed": lambda d, c, o: "The recommendations are revealed: " + ", ".join(
        f"{p}→{r}" for p, r in enumerate(d["recommendations"])) + ".",
    "captain-appointed": lambda d, c, o: f"Player {d['captain']} is appointed captain ({_CAPTAIN_WHY[c]}).",
    "captain-revealed": lambda d, c, o: f"The captain's tile is shown to all: {_value(d['value'])}.",
    "witch-captain": _witch_captain,
    "last-question-skipped": lambda d, c, o: f"Captain {d['player']} asks no last question.",
    "line-revealed": _line_revealed,
    "round-scored": _round_scored,
    "tiles-revealed": lambda d, c, o: "All tiles are revealed: " + ", ".join(
        f"{_tile(x['tile'])}={_value(x['value'])}" for x in d["tiles"]) + ".",
    "round-started": lambda d, c, o: (f"Round {d['round']} begins; player {d['first_player']} "
                                      "is the first player."),
    "confirmed": lambda d, c, o: f"Player {d['player']} is ready for the next round.",
    "game-over": lambda d, c, o: (f"The game is over; scores {d['scores']}; "
                                  f"winner(s): {', '.join(map(str, d['winners']))}."),
}
"""Event type -> its sentence (one per kind of :data:`.events.EVENT_KINDS`)."""


def describe_event(e: Event, state: Any = None, observer: Observer = None) -> str:
    """One line describing ``e`` (the event alone says it all: ``state`` is not read);
    ``observer`` hides what that player may not see."""
    describer = _DESCRIBERS.get(e.type)
    if describer is None:
        return f"{e.type} [{e.clause}]"
    return describer(dict(e.data), e.clause, observer)


def describe_state(s: State, observer: Observer = None) -> str:
    """A few lines describing ``s``; ``observer`` shows only what that player sees."""
    if isinstance(observer, int):
        s = observe(s, observer)
    elif observer is not None:  # the table
        s = public_view(s)
    n = s.setup.players
    o = s.setup.options
    lines = [f"Seven Knights Bewitched, {n} players, {o.variant}"
             + (" cooperative" if o.cooperative else "")
             + f"; round {s.round}, first player {s.first_player}, phase {s.phase}."]
    if s.values:
        def show(t: int) -> str:
            v = s.values[t]
            return "?" if v is None else _value(value_ref(v))
        lines.append("Tiles: " + ", ".join(f"{tile_ref(t)}={show(t)}" for t in in_play(s.setup)))
    if s.inspections:
        lines.append("Inspections: " + ", ".join(f"{p}→{tile_ref(t)}" for p, t in s.inspections))
    for q in s.questions:
        form = q.expression or ",".join(map(str, q.numbers))
        ans = "?" if q.answer is None else ("yes" if q.answer else "no")
        lines.append(f"Q{' (last)' if q.last else ''}: {q.asker}→{q.answerer} "
                     f"[{','.join(str(tile_ref(t)) for t in q.tiles)}] {form}: {ans}")
    if s.recommendations:
        lines.append("Recommendations: " + ", ".join(
            f"{p}→{'-' if r is None else 'hidden' if r == HIDDEN else r}"
            for p, r in enumerate(s.recommendations)))
    if s.captain is not None:
        lines.append(f"Captain: player {s.captain}.")
    lines.append(f"Scores: {list(s.scores)}.")
    return "\n".join(lines)
