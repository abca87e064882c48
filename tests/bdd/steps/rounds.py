"""Steps used only by the rounds features (shared ones are in tests/bdd/conftest.py)."""

from __future__ import annotations

from pytest_bdd import given, parsers, then, when  # noqa: F401

from ..support import Scene, parse_faces, parse_players, parse_seats, split_list  # noqa: F401
