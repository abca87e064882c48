"""Pig's documents in and out (schemas/pig/): every reader checks the schema first, so a bad
document is a MalformedInput naming its JSON pointer; then the rules' facts are checked."""

from __future__ import annotations

from typing import Any

from ...errors import InvalidState, MalformedInput
from ...schemas import validation_errors
from ..interface import Event
from .model import Action, Die, GameEnd, Hold, Options, Phase, Roll, Setup, State

FORMAT = 1


def _checked(doc: Any, name: str) -> Any:
    errors = validation_errors("pig", name, doc)
    if errors:
        raise MalformedInput(" ".join(errors[0].split()))
    return doc


def setup_to_json(s: Setup) -> dict[str, Any]:
    return {"players": s.players, "start_player": s.start_player, "target": s.target,
            "options": {"game_end": s.options.game_end.value}}


def setup_from_json(doc: Any) -> Setup:
    doc = _checked(doc, "setup")
    return Setup(doc["players"], doc.get("start_player", 0), doc.get("target", 100),
                 Options(GameEnd((doc.get("options") or {}).get("game_end", "immediate"))))


def state_to_json(s: State) -> dict[str, Any]:
    return {"format": FORMAT, "game": "pig", "phase": s.phase.value, **setup_to_json(s.setup),
            "scores": list(s.scores), "player": s.player, "turn_total": s.turn_total,
            "reached_by": s.reached_by, "winners": list(s.winners)}


def state_from_json(doc: Any) -> State:
    doc = _checked(doc, "state")
    s = State(setup_from_json({k: doc[k] for k in ("players", "start_player", "target", "options")}),
              Phase(doc["phase"]), tuple(doc["scores"]), doc["player"], doc["turn_total"],
              doc["reached_by"], tuple(doc["winners"]))
    problems = state_problems(s)
    if problems:
        raise InvalidState("interchange.state", problems[0])
    return s


def state_problems(s: State) -> list[str]:
    """Why a well-formed state cannot occur in a game."""
    n, out = s.setup.players, []
    if len(s.scores) != n:
        out.append(f"/scores has {len(s.scores)} entries for {n} players")
    if not 0 <= s.player < n or not 0 <= s.setup.start_player < n:
        out.append(f"/player {s.player} or /start_player {s.setup.start_player} is not a seat of {n}")
    if s.reached_by is not None and not 0 <= s.reached_by < n:
        out.append(f"/reached_by {s.reached_by} is not a seat of {n}")
    if (s.phase is Phase.OVER) != bool(s.winners) or any(not 0 <= w < n for w in s.winners):
        out.append("/winners: a finished game has winners among the seats, a running one none")
    if s.phase is Phase.OVER and s.turn_total:
        out.append("/turn_total must be 0 once the game is over")
    return out


def action_to_json(a: Action) -> dict[str, Any]:
    if isinstance(a, Die):
        return {"type": "die", "face": a.face}
    return {"type": "roll" if isinstance(a, Roll) else "hold", "player": a.player}


def action_from_json(doc: Any) -> Action:
    doc = _checked(doc, "action")
    if doc["type"] == "die":
        return Die(doc["face"])
    return (Roll if doc["type"] == "roll" else Hold)(doc["player"])


def event_to_json(e: Event) -> dict[str, Any]:
    return {"type": e.type, "clause": e.clause,
            **{k: list(v) if isinstance(v, tuple) else v for k, v in e.data}}
