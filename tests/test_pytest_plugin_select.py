"""The pytest plugin feels like pytest: vectors select by clause (``-m "clause(id=...)"``) and by
words of their description (``-k``), and a failing vector reads in rules terms.

Each test runs a real pytest session in a subprocess, in a folder of its own (no pyproject.toml
there: the markers come from the plugin, which the installed package registers as an entry
point), with ``--strict-markers`` on.
"""

from __future__ import annotations

import functools

import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from tabletop_referee.conformance.vectors import default_vector_dir, load_vectors
from tabletop_referee.pytest_plugin import MARKERS, slug, vector_test_id

REPO = Path(__file__).resolve().parents[1]
@functools.cache
def vectors() -> list:
    """MLEM's vectors, loaded when a test first needs them (not at collection)."""
    return load_vectors([default_vector_dir("mlem")], "mlem")

REFERENCE = '''
from tabletop_referee.adapter import Adapter
from tabletop_referee.pytest_plugin import conformance_tests

test_reference = conformance_tests("mlem", Adapter(["mlem"]).handle)
'''

MOON_PLUS_ONE = '''
from tabletop_referee.adapter import Adapter
from tabletop_referee.pytest_plugin import conformance_tests

_ref = Adapter(["mlem"])


def handle(req):
    """The reference, except that every moon scores one point more."""
    resp = _ref.handle(req)
    if req.get("cmd") == "scores" and "scores" in resp:
        for score in resp["scores"]:
            if score["moons"]:
                score["moons"] += 1
                score["total"] += 1
    return resp


test_moons = conformance_tests("mlem", handle)
'''

OWN_MARKS = '''
import pytest


@pytest.mark.clause("crash.parachute")
def test_positional():
    pass


@pytest.mark.clause(id="crash.parachute")
def test_keyword():
    pass


@pytest.mark.clause("travel.roll")
def test_other_clause():
    pass


def test_unmarked():
    pass
'''


def _pytest(tmp_path: Path, source: str, *args: str) -> subprocess.CompletedProcess[str]:
    (tmp_path / "test_suite.py").write_text(source)
    env = {k: v for k, v in os.environ.items() if k != "PYTEST_DISABLE_PLUGIN_AUTOLOAD"}
    return subprocess.run(
        [sys.executable, "-m", "pytest", "test_suite.py", "-p", "no:cacheprovider", "--rootdir", str(tmp_path),
         "-o", "addopts=", "--strict-markers", "-rA", *args],
        cwd=tmp_path, capture_output=True, text=True, env=env,
    )


def _ran(stdout: str, outcome: str = "PASSED") -> set[str]:
    """The vector ids of the tests with that outcome in the ``-rA`` summary."""
    ids = {v.id for v in vectors()}
    found = set()
    for params in re.findall(rf"^{outcome} test_suite\.py::test_\w+\[([^\]]+)\]", stdout, re.MULTILINE):
        # a test id reads <vector id>-<clauses>-<slug>: the longest vector id it starts with
        match = max((i for i in ids if params == i or params.startswith(i + "-")), key=len, default=None)
        if match:
            found.add(match)
    return found


def test_a_clause_mark_selects_that_clause_s_vectors(tmp_path):
    proc = _pytest(tmp_path, REFERENCE, "-m", "clause(id='crash.parachute')")
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr
    expected = {v.id for v in vectors() if "crash.parachute" in v.clauses}
    assert "mlem-0010" in expected and len(expected) >= 3
    assert _ran(proc.stdout) == expected
    assert f"{len(expected)} passed, {len(vectors()) - len(expected)} deselected" in proc.stdout


def test_k_selects_by_clause_and_by_words_of_the_description(tmp_path):
    proc = _pytest(tmp_path, REFERENCE, "-k", "parachute")
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr
    by_clause = {v.id for v in vectors() if any("parachute" in c for c in v.clauses)}
    by_words = {v.id for v in vectors() if "parachute" in v.description.lower()}
    assert by_words - by_clause, "some vector mentions parachutes only in its description"
    assert _ran(proc.stdout) == by_clause | by_words


def test_k_still_selects_one_vector_by_its_id(tmp_path):
    proc = _pytest(tmp_path, REFERENCE, "-k", "mlem-0042")
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr
    assert _ran(proc.stdout) == {"mlem-0042"}


def test_vector_id_marks_select_too(tmp_path):
    proc = _pytest(tmp_path, REFERENCE, "-m", "vector_id(id='mlem-0011') or vector_id(id='mlem-0044')")
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr
    assert _ran(proc.stdout) == {"mlem-0011", "mlem-0044"}


def test_positional_and_keyword_clause_marks_select_alike(tmp_path):
    proc = _pytest(tmp_path, OWN_MARKS, "-m", "clause(id='crash.parachute')")
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr
    passed = set(re.findall(r"^PASSED test_suite\.py::(\w+)", proc.stdout, re.MULTILINE))
    assert passed == {"test_positional", "test_keyword"}
    proc = _pytest(tmp_path, OWN_MARKS, "-m", "clause")
    passed = set(re.findall(r"^PASSED test_suite\.py::(\w+)", proc.stdout, re.MULTILINE))
    assert passed == {"test_positional", "test_keyword", "test_other_clause"}


def test_a_failing_vector_reads_in_rules_terms(tmp_path):
    proc = _pytest(tmp_path, MOON_PLUS_ONE, "-k", "mlem-0010")
    assert proc.returncode == 1, proc.stdout[-3000:] + proc.stderr
    assert _ran(proc.stdout, "FAILED") == {"mlem-0010"}
    out = proc.stdout
    vector = next(v for v in vectors() if v.id == "mlem-0010")
    assert f"mlem-0010 [crash.parachute] {vector.description}" in out
    assert "first difference at /scores/1/total" in out
    assert re.search(r"expected: 3\n\s+actual:\s+4", out), out
    assert "source: features/mlem/crash.feature:" in out
    # pytest's own frames and the plugin's code stay out of the report
    for internal in ("pytest_plugin.py", "runner.py", "Traceback", "def test_vector", "AssertionError"):
        assert internal not in out, internal


def test_markers_are_declared_once_and_match_pyproject(tmp_path):
    """The plugin declares its markers where pyproject.toml does not, with the same text."""
    declared = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]["markers"]
    for name, line in MARKERS.items():
        assert line in declared, f"pyproject.toml's {name} marker differs from the plugin's"
    env = {k: v for k, v in os.environ.items() if k != "PYTEST_DISABLE_PLUGIN_AUTOLOAD"}
    proc = subprocess.run([sys.executable, "-m", "pytest", "--markers", "-p", "no:cacheprovider",
                           "--rootdir", str(tmp_path), "-o", "addopts="],
                          cwd=tmp_path, capture_output=True, text=True, env=env)
    assert proc.returncode == 0, proc.stderr
    for line in MARKERS.values():
        assert proc.stdout.count(f"@pytest.mark.{line}") == 1, proc.stdout


@pytest.mark.parametrize(("text", "expected"), [
    ("A parachutist lands on the moon of the crash space and scores it",
     "a-parachutist-lands-on-the-moon-of-the-crash"),
    ("The last crash's parachute landings are made", "the-last-crashs-parachute-landings-are-made"),
    ("  Die-1: (one) face!  ", "die-1-one-face"),
    ("x" * 60, "x" * 48),
])
def test_slug(text, expected):
    assert slug(text) == expected


def test_every_test_id_starts_with_the_vector_id_and_names_its_clauses():
    ids = [vector_test_id(v) for v in vectors()]
    assert len(set(ids)) == len(ids)
    for v, test_id in zip(vectors(), ids):
        assert test_id.startswith(f"{v.id}-{'+'.join(v.clauses)}-")
        assert len(test_id) <= len(v.id) + len("+".join(v.clauses)) + 2 + 48


MARK_IDS = '''
import pytest

from tabletop_referee.pytest_plugin import mark_ids

pytestmark = pytest.mark.clause("setup.players")


class TestBoth:
    pytestmark = [pytest.mark.clause(id="travel.roll")]

    @pytest.mark.clause("crash.parachute")
    @pytest.mark.vector_id("mlem-0010")
    def test_ids(self, request):
        assert mark_ids(request.node) == ["crash.parachute", "travel.roll", "setup.players"]
        assert mark_ids(request.node, "vector_id") == ["mlem-0010"]
        assert all(m.kwargs["id"] for m in request.node.iter_markers("clause"))
'''


def test_mark_ids_reads_both_forms_nearest_first(tmp_path):
    proc = _pytest(tmp_path, MARK_IDS, "-m", "clause(id='setup.players') and vector_id(id='mlem-0010')")
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr
    assert "1 passed" in proc.stdout
