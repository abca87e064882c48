"""Exports the Celestia scenarios as language-neutral test vectors (docs/vectors.md).

The recording and the export are the same for every game (tests/vector_export.py); what is
Celestia's own is said here: the rule options a vector requires (those of the final state that
differ from the defaults, or those of a refused setup). Active only when REFEREE_EXPORT_VECTORS
names an output folder ``celestia``; a scenario that cannot be said in interchange terms is
listed in vectors/celestia-unexportable.json instead.
"""

from __future__ import annotations

from tabletop_referee.games.celestia import GAME
from tests.vector_export import VectorExporter

from .support import GAME_ID


def _options(scene, final) -> dict:
    """The rule options that differ from the defaults (``requires.options``)."""
    if final is None:  # the setup itself was refused
        return dict(scene.record.setup.get("options", {}))
    setup = GAME.state_to_json(final)["setup"]
    default = GAME.setup_to_json(GAME.setup_from_json({"players": setup["players"]}))["options"]
    return {k: v for k, v in setup["options"].items() if default.get(k) != v}


EXPORT = VectorExporter(GAME_ID, options=_options)
pytest_bdd_after_scenario, pytest_sessionfinish = EXPORT.hooks()
