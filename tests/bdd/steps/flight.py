"""Steps used only by the flight features (shared ones are in tests/bdd/conftest.py)."""

from __future__ import annotations

from pytest_bdd import given, parsers, then, when  # noqa: F401

from ..support import Scene, parse_faces, parse_players, parse_seats, split_list  # noqa: F401


@then(parsers.parse("the rocket crashes on space {space:d}"))
def then_crashed_on(scene: Scene, space: int):
    """the rocket crashes on space N: a crashed event names the space the rocket stood on."""
    scene.settled()
    crashes = [e["space"] for e in scene.events if e.type == "crashed"]
    assert crashes == [space], crashes
    scene.check_event(type="crashed", space=space)


@then("the rocket makes no move")
def then_no_move(scene: Scene):
    """the rocket makes no move: no moved event happened."""
    scene.settled()
    assert not any(e.type == "moved" for e in scene.events), [e.type for e in scene.events]
    scene.check_no_event(type="moved")
