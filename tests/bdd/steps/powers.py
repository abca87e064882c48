"""Steps used only by the powers features (shared ones are in tests/bdd/conftest.py)."""

from __future__ import annotations

from pytest_bdd import given, parsers, then, when  # noqa: F401

from ..support import Scene, parse_faces, parse_players, parse_seats, split_list  # noqa: F401


@then("only one die is available")
def then_one_die(scene: Scene):
    """only one die is available: the rocket has exactly 1 die (singular of "N dice are available")."""
    assert scene.settled().rocket.dice == 1, scene.settled().rocket.dice
    scene.check("/state/rocket/dice")
