"""Seven Knights' material for the vectors generated from whole games (datavectors.py): the
setups with every option and the tiles left out (the defaults apply), refused and unreadable
input, and actions close to legal ones that the rules refuse."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from ..interface import CHANCE, Game


def conformance_setups() -> list[dict[str, Any]]:
    """Four and five players: a deal there has 120 and 720 outcomes (three players: 12,600,
    too many for a vector listing each)."""
    return [{"players": 4, "first_player": 0}, {"players": 5, "first_player": 2}]


def refusal_cases() -> list[dict[str, Any]]:
    ok = {"players": 4, "first_player": 0}
    answer = {"type": "answer", "player": 1, "yes": True}

    def setup(description: str, clause: str, doc: dict[str, Any], invalid: bool = True) -> dict[str, Any]:
        return {"description": description, "clause": clause, "setup": doc, "invalid": invalid}

    def action(description: str, clause: str, doc: dict[str, Any]) -> dict[str, Any]:
        return {"description": description, "clause": clause, "setup": ok, "action": doc, "invalid": True}

    return [
        setup("Refused setup: two players", "setup.player-count", {"players": 2, "first_player": 0}, invalid=False),
        setup("Refused setup: a first player the table does not have", "setup.first-player",
              {"players": 4, "first_player": 4}, invalid=False),
        setup("Unreadable setup: an unknown variant", "modes.variant", {**ok, "options": {"variant": "x"}}),
        setup("Unreadable setup: an unknown rule option", "modes.variant", {**ok, "options": {"warp": 1}}),
        action("Malformed action: an unknown action type", "turn.phase-kind", {"type": "fly", "player": 0}),
        action("Malformed action: a field missing", "turn.phase-kind", {"type": "answer", "player": 1}),
        action("Malformed action: a field too many", "turn.phase-kind", {**answer, "speed": 2}),
        action("Malformed action: a tile value no tile has", "components.tiles", {"type": "deal", "values": [9]}),
    ]


def near_legal_actions(game: Game, state: Any, rng: random.Random) -> list[dict[str, Any]]:
    """Another player, another tile, the asker as addressee, an order with a seat twice."""
    players = game.player_count(state)
    # the actions are shuffled and only the first six written out: a shuffle draws the same
    # numbers whatever the list holds, so the documents (and the rng after) are those of
    # shuffling every action's document (tests/test_probe_shortcuts.py)
    actions = (list(game.legal_actions(state)) if game.actors(state) != (CHANCE,)
               else [a for a, _p in game.chance_outcomes(state)][:3])
    rng.shuffle(actions)
    return near_documents((game.action_to_json(a) for a in actions[:6]), players)


def near_documents(docs: Iterable[dict[str, Any]], players: int) -> list[dict[str, Any]]:
    """The near-legal variants of each action document: :func:`near_legal_actions` without the
    choice of actions."""
    out: list[dict[str, Any]] = []
    for doc in docs:
        if "player" in doc:
            out.append({**doc, "player": (doc["player"] + 1) % players})
        if doc["type"] == "ask":
            out.append({**doc, "answerer": doc["player"]})
        if doc["type"] == "recommend":
            out.append({**doc, "target": doc["player"]})
        if isinstance(doc.get("tile"), str):
            out.append({**doc, "tile": f"p{doc['player']}"})
        if isinstance(doc.get("order"), list) and len(doc["order"]) > 1:
            out.append({**doc, "order": [doc["order"][0], *doc["order"][:-1]]})
    return out
