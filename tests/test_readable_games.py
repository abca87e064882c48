"""Issue 17's length rule over every game package: no function over 50 lines. (Rule checks
named after their clauses: tests/test_rule_checks.py; imports at the top:
tests/test_lazy_imports.py.)

Game-neutral: the packages are found on disk (``games/<package>/``), not named here.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import tabletop_referee
from tabletop_referee.games import GAMES

GAMES_DIR = Path(tabletop_referee.__file__).parent / "games"
PACKAGES = sorted(p for p in GAMES_DIR.iterdir() if p.is_dir() and (p / "__init__.py").is_file())
LIMIT = 50
"""Longest function allowed in a game package (lines, decorators and docstring included)."""


def long_functions(source: str, limit: int = LIMIT) -> list[str]:
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            length = (node.end_lineno or node.lineno) - first + 1
            if length > limit:
                out.append(f"{node.name} ({length} lines, line {node.lineno})")
    return out


def test_the_length_check_can_fail():
    assert long_functions("def f():\n" + "    x = 1\n" * LIMIT) == [f"f ({LIMIT + 1} lines, line 1)"]
    assert long_functions("def f():\n" + "    x = 1\n" * (LIMIT - 1)) == []


def test_every_game_has_a_package():
    assert len(PACKAGES) == len(GAMES) >= 3


@pytest.mark.parametrize("package", PACKAGES, ids=lambda p: p.name)
def test_no_function_in_a_game_package_runs_over_50_lines(package):
    found = [f"{path.relative_to(GAMES_DIR)}: {name}"
             for path in sorted(package.rglob("*.py")) for name in long_functions(path.read_text(encoding="utf-8"))]
    assert not found, "functions over 50 lines:\n" + "\n".join(found)
