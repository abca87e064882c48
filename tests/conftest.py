"""Settings shared by the whole test suite.

Hypothesis profiles (docs/benchmarks.md, "Test suite"); pick one with
``--hypothesis-profile NAME``:

- ``default``: Hypothesis' own settings; a property test that needs more examples than
  Hypothesis' default (or fewer, for a slow one) says so in its own ``@settings``, and those
  counts are what every profile runs.
- ``ci``: loaded when the ``CI`` variable is set (``.ci/run`` runs with CI=true): the same
  example counts as ``default`` (no weaker), derandomized so that a red CI run reruns the very
  same examples, no example database left behind, the failing example's reproduction blob
  printed, no deadline (the machine is shared, so timings say nothing about the code).

The suite runs in parallel (``pytest -n auto --dist loadscope``, the README's test command):
each test module runs on one worker, so a module-scoped fixture (the wheel, the docs site,
the simulated logs) is built once, and no test may rely on another module having run first.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

from tests import bdd_lookup

bdd_lookup.install()  # pytest-bdd's step lookup, memoized (tests/bdd_lookup.py)

settings.register_profile(
    "ci",
    parent=settings.get_profile("default"),
    derandomize=True,
    database=None,
    print_blob=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)

if os.environ.get("CI"):
    settings.load_profile("ci")
