"""Sentences for people: one line per event, a few lines per state. With an ``observer`` they
word only what that player may see (others' tile values and pending recommendations are
left out); with ``observer=None`` they tell everything."""

from __future__ import annotations

from ..interface import Event
from .model import HIDDEN, State, in_play, tile_ref, value_ref
from .rules.observation import observe


def _tile(ref) -> str:
    return f"player {ref}'s tile" if isinstance(ref, int) else f"centre tile {ref}"


def _value(v) -> str:
    return "the Witch" if v == "W" else str(v)


def describe_event(e: Event, observer: int | None = None) -> str:
    """One line describing ``e``; ``observer`` hides what that player may not see."""
    t = e.type
    d = dict(e.data)
    sees_all = observer is None
    if t == "first-player-drawn":
        return f"Player {d['first_player']} is drawn as the first player."
    if t == "dealt":
        if sees_all:
            return f"Round {d['round']}: the tiles are dealt: {', '.join(map(str, d['values']))}."
        own = d["values"][observer] if observer < len(d["values"]) else None
        return (f"Round {d['round']}: the tiles are dealt; player {observer} receives "
                f"{_value(own)}.")
    if t == "inspected":
        line = f"Player {d['player']} inspects {_tile(d['tile'])}"
        if sees_all or observer == d["player"]:
            line += f" and sees {_value(d['value'])}"
        return line + "."
    if t == "bewitched":
        if sees_all or observer == d["player"]:
            return f"Player {d['player']} has seen the Witch and is bewitched: now on the Witch team."
        return ""
    if t == "asked":
        tiles = ", ".join(_tile(x) for x in d["tiles"])
        if d["expression"]:
            return (f"Player {d['player']} asks player {d['answerer']}: is {d['expression']} "
                    f"true (A, B, C = {tiles})?")
        nums = ", ".join(map(str, d["numbers"]))
        return f"Player {d['player']} asks player {d['answerer']}: is {tiles} one of {nums}?"
    if t == "answered":
        return f"Player {d['player']} answers {'yes' if d['yes'] else 'no'}."
    if t == "recommended":
        if sees_all or observer == d["player"]:
            return f"Player {d['player']} recommends player {d['target']} (secret until all have chosen)."
        return f"Player {d['player']} has chosen a recommendation."
    if t == "withdrawn":
        return f"Player {d['player']} withdraws their recommendation."
    if t == "recommendations-revealed":
        recs = ", ".join(f"{p}→{r}" for p, r in enumerate(d["recommendations"]))
        return f"The recommendations are revealed: {recs}."
    if t == "captain-appointed":
        why = {"captain.most-votes": "most recommendations",
               "captain.not-self-voted": "tie broken: did not recommend themselves",
               "captain.farthest": "tie broken: farthest clockwise from the first player"}[e.clause]
        return f"Player {d['captain']} is appointed captain ({why})."
    if t == "captain-revealed":
        return f"The captain's tile is shown to all: {_value(d['value'])}."
    if t == "witch-captain":
        line = f"Captain {d['captain']} is on the Witch team ({_value(d['value'])})"
        if d["holder"] is not None and d["holder"] != d["captain"]:
            line += f", bewitched by player {d['holder']}"
        return line + ": the Witch team wins the round."
    if t == "last-question-skipped":
        return f"Captain {d['player']} asks no last question."
    if t == "line-revealed":
        pairs = ", ".join(f"{_tile(r)}={_value(v)}" for r, v in zip(d["order"], d["values"]))
        verdict = "no mistake" if not d["mistakes"] else f"{len(d['mistakes'])} mistake(s)"
        return f"Captain {d['captain']} lines up {pairs}: {verdict}."
    if t == "round-scored":
        who = {"knights": "the Knights team", "witch": "the Witch team", "nobody": "nobody"}[d["winner"]]
        pts = ", ".join(f"{p}: +{x}" for p, x in enumerate(d["points"]) if x)
        return f"Round {d['round']} goes to {who}" + (f" ({pts})." if pts else "; no points.")
    if t == "tiles-revealed":
        return "All tiles are revealed: " + ", ".join(
            f"{_tile(x['tile'])}={_value(x['value'])}" for x in d["tiles"]) + "."
    if t == "round-started":
        return f"Round {d['round']} begins; player {d['first_player']} is the first player."
    if t == "confirmed":
        return f"Player {d['player']} is ready for the next round."
    if t == "game-over":
        return (f"The game is over; scores {d['scores']}; "
                f"winner(s): {', '.join(map(str, d['winners']))}.")
    return f"{t} [{e.clause}]"


def describe_state(s: State, observer: int | None = None) -> str:
    """A few lines describing ``s``; ``observer`` shows only what that player sees."""
    if observer is not None:
        s = observe(s, observer)
    n = s.setup.players
    o = s.setup.options
    lines = [f"Seven Knights Bewitched, {n} players, {o.variant}"
             + (" cooperative" if o.cooperative else "")
             + f"; round {s.round}, first player {s.first_player}, phase {s.phase}."]
    if s.values:
        def show(t):
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
