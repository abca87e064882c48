"""The in-process pytest route for Python implementations, exercised with the reference engine:
every vector becomes one test named by its id (so the reference passes every vector here too)."""

from tabletop_referee.adapter import Adapter
from tabletop_referee.pytest_plugin import conformance_tests

test_reference_conformance = conformance_tests("mlem", Adapter(["mlem"]).handle)
