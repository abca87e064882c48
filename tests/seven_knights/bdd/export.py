"""Exports the Seven Knights Bewitched scenarios as language-neutral test vectors (docs/vectors.md).

The recording and the export are the same for every game (tests/vector_export.py), the result
document included (at a simultaneous secret choice its ``actor`` is the list of the players
still to choose, and ``legal_actions`` every listed player's, player by player). What is Seven
Knights' own is said here: the rule options a vector requires (the setup's non-default values,
the variant included), and that a scenario marked ``@engine-disagrees`` (a strict xfail) is
never exported. Active only when REFEREE_EXPORT_VECTORS names an output folder
``seven-knights`` (vectors/seven-knights); a scenario that cannot be said in interchange terms
is listed with its reasons in vectors/seven-knights-unexportable.json instead.
"""

from __future__ import annotations

from tests.vector_export import VectorExporter

from .support import GAME_ID, Scene


def _options(scene, final) -> dict:
    """The non-default rule option values of the scenario's setup (the variant included)."""
    defaults = {o.name: o.default for o in Scene.game.info.options}
    chosen = dict(scene.setup_doc.get("options") or {})
    return {k: v for k, v in sorted(chosen.items()) if defaults.get(k, object()) != v}


def _setup_of(scene) -> dict | None:
    """The setup whose new game is the scenario's given state (none for a later round)."""
    if scene.state_doc is not None or not scene.setup_doc:
        return None
    return dict(scene.setup_doc)


EXPORT = VectorExporter(
    GAME_ID, options=_options, missing_check_alone=True, setup_of=_setup_of,
    failed_reason="fails against the reference engine (marked @engine-disagrees: see # ENGINE?)")
pytest_bdd_after_scenario, pytest_sessionfinish = EXPORT.hooks()
