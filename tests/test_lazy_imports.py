"""Imports sit at the top of a module; one inside a function says why, with ``# lazy: <reason>``.

A function-level import is deliberate only for start-up time (the CLI imports every command
module), an optional extra (dask's ``distributed``, the test extras) or breaking a same-layer
cycle. Every import statement inside a function (or method) must carry a ``# lazy:`` comment on
one of its lines.

Scope: the whole package, the game packages included (``EXCLUDED`` names folders left out).
"""

from __future__ import annotations

import ast
from pathlib import Path

import tabletop_referee

ROOT = Path(tabletop_referee.__file__).parent
EXCLUDED: tuple[str, ...] = ()
"""Top-level folders of the package not checked yet (see the module docstring)."""
MARK = "# lazy:"


def unmarked_imports(source: str) -> list[tuple[int, str]]:
    """(line, text) of each import inside a function whose lines carry no ``# lazy:`` comment."""
    lines = source.splitlines()
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for inner in ast.walk(node):
            if isinstance(inner, (ast.Import, ast.ImportFrom)):
                text = lines[inner.lineno - 1: inner.end_lineno]
                if not any(MARK in line for line in text):
                    found.append((inner.lineno, text[0].strip()))
    return sorted(set(found))


def checked_modules() -> list[Path]:
    return sorted(p for p in ROOT.rglob("*.py")
                  if "_data" not in p.parts and p.relative_to(ROOT).parts[0] not in EXCLUDED)


def test_every_function_level_import_says_why_it_is_lazy():
    offenders = []
    for path in checked_modules():
        for line, text in unmarked_imports(path.read_text(encoding="utf-8")):
            offenders.append(f"{path.relative_to(ROOT)}:{line}: {text}")
    assert not offenders, ("move these imports to the top of the module, or say why they are lazy with "
                           "'# lazy: <reason>':\n" + "\n".join(offenders))


def test_the_check_sees_a_planted_unmarked_import():
    source = (
        "import os\n"
        "def f():\n"
        "    import json\n"
        "    from scipy import stats  # lazy: start-up time\n"
        "    class C:\n"
        "        def g(self):\n"
        "            from . import (\n"
        "                x,\n"
        "            )\n"
        "    return json\n"
    )
    assert unmarked_imports(source) == [(3, "import json"), (7, "from . import (")]


def test_the_check_covers_the_package_outside_the_excluded_folders():
    names = {p.relative_to(ROOT).as_posix() for p in checked_modules()}
    assert {"cli.py", "impact.py", "commands/common.py", "conformance/client.py"} <= names
    assert {"games/roles.py", "games/mlem/engine.py", "games/celestia/engine.py"} <= names  # games/ included
