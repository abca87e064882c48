"""Issue 17 over every game package: no function over 50 lines, and a docstring on every field
of the central types. (Rule checks named after their clauses: tests/test_rule_checks.py;
imports at the top: tests/test_lazy_imports.py; event kinds: tests/test_event_kinds.py.)

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
    assert not found, "functions over 50 lines (split them: a game package keeps functions short):\n" + "\n".join(found)


def undocumented_fields(source: str) -> list[str]:
    """``Class.field`` for every annotated class field without a docstring right below it, and
    ``Class`` for a class without a docstring."""
    out = []
    for cls in (n for n in ast.parse(source).body if isinstance(n, ast.ClassDef)):
        if not ast.get_docstring(cls):
            out.append(cls.name)
        for i, node in enumerate(cls.body):
            if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                after = cls.body[i + 1] if i + 1 < len(cls.body) else None
                if not (isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant)
                        and isinstance(after.value.value, str)):
                    out.append(f"{cls.name}.{node.target.id}")
    return out


def test_the_docstring_check_can_fail():
    assert undocumented_fields('class A:\n    """A."""\n    x: int\n    """X."""\n    y: int\n') == ["A.y"]


@pytest.mark.parametrize("package", PACKAGES, ids=lambda p: p.name)
def test_every_field_of_the_central_types_has_a_docstring(package):
    """The central types (``games/<game>/model.py``) document each field right below it, as
    python-chess does."""
    source = (package / "model.py").read_text(encoding="utf-8")
    assert any(isinstance(n, ast.ClassDef) for n in ast.parse(source).body), (
        f"{package.name}/model.py defines no class: keep the game's central types (setup, state, actions) there")
    missing = undocumented_fields(source)
    assert not missing, (f"{package.name}/model.py: every class and every field needs a docstring (a string right "
                         f"below the field): missing for {missing}")


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_documents_hold_plain_strings_not_the_enums(game_id):
    """Phases and option values are StrEnums inside the engines; the documents they write hold
    plain strings (YAML's safe writer refuses anything else), so the interchange is unchanged."""
    import random

    import yaml

    from tabletop_referee.games import load

    game = load(game_id)
    for seed in range(4):
        setup = game.random_setup(random.Random(seed), vary=True)
        state = game.initial_state(setup)
        for doc in (game.setup_to_json(setup), game.state_to_json(state)):
            assert yaml.safe_load(yaml.safe_dump(doc)) == doc
