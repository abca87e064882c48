"""The reference implementation served through the adapter protocol (docs/protocol.md).

``referee adapter --game GAME`` runs :func:`serve` on stdin/stdout: one JSON request per line
in, one JSON response per line out, state in and state out. Third-party implementations speak
the same protocol, so the conformance runner treats this one like any other.
"""

from __future__ import annotations

import json
import sys
import traceback
from typing import IO, Any

from . import __version__
from .errors import IllegalAction, MalformedInput, RefereeError
from .games import load
from .games.interface import CHANCE

PROTOCOL = 1
COMMANDS = ("new_game", "legal_actions", "apply", "scores", "observe")
"""The game commands; each request names its game."""
CAPABILITIES = ("custom-boards", "events", "chance-probabilities", "observations")


def game_handlers(game_id: str):
    """The handshake info and the command handlers of one game, through the game interface."""
    game = load(game_id)

    def new_game(req):
        setup = game.setup_from_json(req["setup"])
        try:
            return {"state": game.state_to_json(game.initial_state(setup))}
        except IllegalAction as exc:
            return {"rejected": {"clause": exc.clause, "message": exc.message}}

    def legal_actions(req):
        state = game.state_from_json(req["state"])
        actors = game.actors(state)
        player = req.get("player")
        if len(actors) > 1 and player is None:
            player = actors[0]
        if player is not None and len(actors) > 1:
            if player not in actors:
                raise MalformedInput(f"player {player!r} is not choosing now (choosing: {list(actors)})",
                                     path="$.player", clause="turn.actor")
            actions = game.legal_actions(state, player)
        else:
            actions = game.legal_actions(state)
        doc: dict[str, Any] = {
            "actor": actors[0] if len(actors) == 1 else None,
            "actions": [game.action_to_json(a) for a in actions],
        }
        if len(actors) > 1:
            doc["actors"] = list(actors)
        if actors == (CHANCE,):
            doc["probabilities"] = [
                f"{p.numerator}/{p.denominator}" for _, p in game.chance_outcomes(state)
            ]
        return doc

    def apply(req):
        state = game.state_from_json(req["state"])
        action = game.action_from_json(req["action"])
        try:
            t = game.apply(state, action)
        except IllegalAction as exc:
            return {"rejected": {"clause": exc.clause, "message": exc.message}}
        return {
            "state": game.state_to_json(t.state),
            "events": [game.event_to_json(e) for e in t.events],
        }

    def scores(req):
        state = game.state_from_json(req["state"])
        return game.result_to_json(state)

    def observe(req):
        state = game.state_from_json(req["state"])
        player = req.get("player")
        players = game.player_count(state)
        if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < players:
            # a player the state does not have is input the adapter cannot read, not a rule
            # the request breaks: an error of kind invalid-input (docs/protocol.md)
            raise MalformedInput(
                f"player must be a player number of the state (0 to {players - 1}), got {player!r}",
                path="$.player", clause="observation.per-player")
        return {"observation": game.observation_to_json(state, player)}

    info: dict[str, Any] = {
        "options": {o.name: list(o.values) for o in game.info.options if o.kind == "choice"},
    }
    if game.info.variants:
        info["variants"] = list(game.info.variants)
    return info, {"new_game": new_game, "legal_actions": legal_actions, "apply": apply,
                  "scores": scores, "observe": observe}


class Adapter:
    """Answers protocol requests for the games it was started with."""

    def __init__(self, games: list[str]) -> None:
        self.games = {}
        self.info = {}
        for g in games:
            self.info[g], self.games[g] = game_handlers(g)

    def handle(self, req: Any) -> dict[str, Any] | None:
        """Returns the response to one request (``None`` for an unanswerable line)."""
        if not isinstance(req, dict):
            return {"seq": None, "error": {"message": "a request must be a JSON object"}}
        seq = req.get("seq")
        cmd = req.get("cmd")
        try:
            body = self._dispatch(cmd, req)
        except RefereeError as exc:
            body = {"error": {"kind": "invalid-input", "message": str(exc), "path": exc.path,
                              "clause": exc.clause}}
        except Exception as exc:  # an adapter reports its own crash instead of dying
            body = {"error": {"kind": "internal", "message": f"{type(exc).__name__}: {exc}",
                              "traceback": traceback.format_exc()}}
        return {"seq": seq, **body}

    def _dispatch(self, cmd: Any, req: dict) -> dict:
        if cmd == "start":
            if req.get("protocol") != PROTOCOL:
                return {"error": {"kind": "protocol", "message":
                                  f"protocol {req.get('protocol')!r} is not supported (this adapter speaks {PROTOCOL})"}}
            return {
                "protocol": PROTOCOL,
                "implementation": {
                    "name": "tabletop-referee",
                    "version": __version__,
                    "language": "python",
                    "homepage": "https://github.com/tabletop-referee/tabletop-referee",
                    "games": self.info,
                },
                "capabilities": list(CAPABILITIES),
                # the reference claims every profile of its games (docs/protocol.md, start)
                "profiles": list(dict.fromkeys(p for g in self.games for p in load(g).conformance_profiles())),
            }
        if cmd == "stop":
            return {"ok": True}
        if cmd in COMMANDS:
            game = req.get("game")
            if game not in self.games:
                return {"skipped": {"reason": f"game {game!r} is not supported (supported: {', '.join(self.games)})"}}
            return self.games[game][cmd](req)
        return {"error": {"kind": "unknown-command", "message": f"unknown command {cmd!r}"}}


def serve(games: list[str], stdin: IO[str] | None = None, stdout: IO[str] | None = None) -> int:
    """Serves requests until ``stop`` or end of input. Returns the exit code."""
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    adapter = Adapter(games)
    for line in stdin:
        if not line.strip():
            continue
        try:
            req = json.loads(line)
        except json.JSONDecodeError as exc:
            resp: dict[str, Any] | None = {"seq": None, "error": {"kind": "bad-json", "message": str(exc)}}
            req = None
        else:
            resp = adapter.handle(req)
        stdout.write(json.dumps(resp, separators=(",", ":"), ensure_ascii=False) + "\n")
        stdout.flush()
        if isinstance(req, dict) and req.get("cmd") == "stop":
            return 0
    return 0
