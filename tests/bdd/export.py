"""Exports the MLEM scenarios as language-neutral test vectors (docs/vectors.md).

The recording and the export are the same for every game (tests/vector_export.py); what is
MLEM's own is said here: the rule options a vector requires (a variant's own options count only
when they differ from that variant's defaults) and the ``custom-boards`` capability, needed by a
scenario played on any board but the standard one. Active only when REFEREE_EXPORT_VECTORS
names an output folder ``mlem`` (``referee vectors export --game mlem`` sets it); a scenario
that cannot be said in interchange terms is listed in vectors/mlem-unexportable.json instead.
"""

from __future__ import annotations

import dataclasses

from tabletop_referee.games.mlem.interchange import board_to_json, load_board, options_to_json
from tabletop_referee.games.mlem.model import Options
from tests.vector_export import VectorExporter

GAME = "mlem"


def _options(scene, final) -> dict:
    """The rule options that differ from the defaults of the same variants (the variants kept)."""
    used = final.options if final is not None else Options(**scene.position.get("options", {}))
    default = options_to_json(dataclasses.replace(Options(), variants=used.variants))
    return {k: v for k, v in options_to_json(used).items() if k == "variants" or default.get(k) != v}


def _capabilities(scene, final) -> list[str]:
    """``custom-boards`` unless the scenario is played on the standard board."""
    board = (scene.board or load_board("short")) if final is None else final.board
    return ["custom-boards"] if board_to_json(board) != board_to_json(load_board("standard")) else []


EXPORT = VectorExporter(GAME, options=_options, capabilities=_capabilities)
pytest_bdd_after_scenario, pytest_sessionfinish = EXPORT.hooks()
