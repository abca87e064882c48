"""Reads the setup data files of ``spec/celestia/`` into plain mappings (used by interchange).

- ``cities.yaml``: the cities in route order (id, label, min_value, dice);
- ``deck.yaml``: the action cards by group (equipment, turbo, power, promo) with counts;
- ``treasures/<set>.yaml``: per city, the telescope count and ``{points: count}``.

Treasure cards are named by their points as text (``"12"``) or ``"telescope"`` (0 points,
clause treasure.telescope).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .model import HAND_SIZES, TELESCOPE

TREASURE_SETS = ("seed-80", "rulebook-78")


def load(read: Callable[[str], Any]) -> dict[str, Any]:
    cities_doc = read("cities.yaml")["cities"]
    cities: list[dict[str, Any]] = [{"id": int(c["id"]), "label": str(c["label"]), "minimum": int(c["min_value"]),
               "dice": int(c["dice"])} for c in cities_doc]
    deck_doc = read("deck.yaml")
    deck: dict[str, int] = {}
    for group in ("equipment", "turbo", "power", "promo"):
        for card in deck_doc.get(group, []):
            deck[card["id"]] = int(card["count"])
    points: dict[str, int] = {TELESCOPE: 0}
    sets: dict[str, dict[int, dict[str, int]]] = {}
    telescopes: dict[str, dict[int, int]] = {"first-four": {}, "every-plus": {}}
    for set_id in TREASURE_SETS:
        doc = read(f"treasures/{set_id}.yaml")
        per_city: dict[int, dict[str, int]] = {}
        for row in doc["cities"]:
            cid = int(row["city"])
            counts = {str(v): int(k) for v, k in row["cards"].items()}
            for v in counts:
                points[v] = int(v)
            per_city[cid] = counts
            if set_id == TREASURE_SETS[0]:
                t = int(row.get("telescope", 0))
                telescopes["first-four"][cid] = t
        sets[set_id] = per_city
    labels = {c["id"]: c["label"] for c in cities}
    for cid, t in telescopes["first-four"].items():
        # every-plus: every city whose label carries a "+" holds at least one telescope
        telescopes["every-plus"][cid] = max(t, 1) if labels[cid].endswith("+") else t
    return {"cities": cities, "deck": deck, "points": points, "treasure_sets": sets,
            "telescopes": telescopes, "hand_sizes": dict(HAND_SIZES)}
