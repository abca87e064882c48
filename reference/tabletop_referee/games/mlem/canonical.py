"""The canonical JSON of MLEM actions: shared by the engine (the order of legal actions is
the order of their canonical text) and the interchange layer (which re-exports it)."""

from __future__ import annotations

import json
from typing import Any

from .model import FACE_INDEX, Action, Discard, Draw, Embark, Land, Move, Reroll, Roll


def canonical_text(doc: Any) -> str:
    """The canonical JSON text of a document: sorted keys, no spaces, UTF-8 as is."""
    return json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=False)



def action_to_json(a: Action) -> dict[str, Any]:
    if isinstance(a, Embark):
        return {"type": "embark", "player": a.player, "astronaut": a.astronaut}
    if isinstance(a, Roll):
        return {"type": "roll", "faces": _in_face_order(a.faces)}
    if isinstance(a, Move):
        doc: dict[str, Any] = {
            "type": "move",
            "player": a.player,
            "faces": _in_face_order(a.faces),
            "die_one": sorted(a.die_one) if len(a.die_one) > 1 else list(a.die_one),
        }
        if a.ability is not None:
            doc["ability"] = a.ability
        if a.dice:
            doc["dice"] = dict(a.dice)
        return doc
    if isinstance(a, Land):
        return {"type": "land", "player": a.player, "space": a.space}
    if isinstance(a, Draw):
        return {"type": "draw", "token": a.token}
    if isinstance(a, Discard):
        return {"type": "discard", "player": a.player, "token": a.token}
    if isinstance(a, Reroll):
        return {"type": "reroll", "player": a.player}
    return {"type": "stay", "player": a.player}


def _face_key(face: str) -> int:
    return FACE_INDEX.get(face, len(FACE_INDEX))


_ORDERED: dict[tuple[str, ...], tuple[str, ...]] = {}
"""Faces in canonical order, per tuple of faces met (legal-action lists name the same few
tuples thousands of times: ``referee adapter`` answering a perft vector's requests)."""


def _in_face_order(faces: tuple[str, ...]) -> list[str]:
    ordered = _ORDERED.get(faces)
    if ordered is None:
        ordered = tuple(sorted(faces, key=_face_key))
        if len(_ORDERED) < 100_000:  # the tuples of up to eight dice: far fewer in any game
            _ORDERED[faces] = ordered
    return list(ordered)
