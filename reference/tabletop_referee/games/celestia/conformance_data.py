"""Celestia's material for the vectors generated from whole games (datavectors.py): the setups
on the shipped data with every option left out, refused and unreadable input, and actions
close to legal ones that the rules refuse."""

from __future__ import annotations

import random
from typing import Any

from ..interface import CHANCE, Game

CARDS = ("compass", "lightning-arrester", "horn", "cannon", "turbo", "jetpack", "alternative-route",
         "ejection", "gust", "grappling-hook")
FACES = ("blank", "pirates", "lightning", "fog", "bird")


def conformance_setups() -> list[dict[str, Any]]:
    """Two and four players, every rule option left out (the defaults apply)."""
    return [{"players": 2, "first_captain": 0}, {"players": 4, "first_captain": 1}]


def refusal_cases() -> list[dict[str, Any]]:
    ok = {"players": 3, "first_captain": 0}
    stay = {"type": "stay", "player": 1}

    def setup(description: str, clause: str, doc: dict[str, Any], invalid: bool = True) -> dict[str, Any]:
        return {"description": description, "clause": clause, "setup": doc, "invalid": invalid}

    def action(description: str, clause: str, doc: dict[str, Any]) -> dict[str, Any]:
        return {"description": description, "clause": clause, "setup": ok, "action": doc, "invalid": True}

    return [
        setup("Refused setup: seven players", "setup.players", {"players": 7, "first_captain": 0}, invalid=False),
        setup("Refused setup: one player", "setup.players", {"players": 1, "first_captain": 0}, invalid=False),
        setup("Refused setup: a first captain the table does not have", "setup.first-captain",
              {"players": 3, "first_captain": 3}, invalid=False),
        setup("Unreadable setup: an unknown game type", "setup.game-type", {**ok, "options": {"game_type": "mega"}}),
        setup("Unreadable setup: an unknown rule option", "setup.game-type", {**ok, "options": {"warp": 1}}),
        action("Malformed action: an unknown action type", "turn.step", {"type": "fly", "player": 0}),
        action("Malformed action: a field missing", "turn.step", {"type": "stay"}),
        action("Malformed action: a field too many", "turn.step", {**stay, "speed": 2}),
        action("Malformed action: an unknown card", "components.action-deck", {"type": "deal", "card": "rocket"}),
        action("Malformed action: a face no die has", "components.dice", {"type": "roll", "faces": ["sun"]}),
    ]


def near_legal_actions(game: Game, state: Any, rng: random.Random) -> list[dict[str, Any]]:
    """Another player, another card, another die face, a die more or less."""
    players = game.player_count(state)
    docs = ([game.action_to_json(a) for a in game.legal_actions(state)] if game.actors(state) != (CHANCE,)
            else [game.action_to_json(a) for a, _p in game.chance_outcomes(state)][:3])
    out: list[dict[str, Any]] = []
    for doc in docs[:6]:
        if "player" in doc:
            out.append({**doc, "player": (doc["player"] + 1) % players})
        if isinstance(doc.get("card"), str) and doc["card"] in CARDS:
            out.append({**doc, "card": rng.choice([c for c in CARDS if c != doc["card"]])})
        if isinstance(doc.get("cards"), list):
            out.append({**doc, "cards": [*doc["cards"], rng.choice(CARDS)]})
        if isinstance(doc.get("faces"), list):
            out.append({**doc, "faces": [*doc["faces"], rng.choice(FACES)]})
            if doc["faces"]:
                out.append({**doc, "faces": doc["faces"][1:]})
    if docs and game.actors(state) != (CHANCE,):
        out.append({"type": "roll", "faces": ["blank"]})  # chance's move, by no player
    return out
