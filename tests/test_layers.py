"""The shape of the package: one game interface, layers that import downwards, no cycles.

Every import statement of every module (at the top or inside a function) is read with ``ast``,
resolved to a module of the package, and checked:

- no module outside ``games/<game>/`` imports a game package by name;
- the import graph has no cycle;
- each layer imports only from the layers below it (docs/adding-a-game.md, "Layers").
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import tabletop_referee
from tabletop_referee.games import GAMES, package_name

ROOT = Path(tabletop_referee.__file__).parent
PACKAGE = "tabletop_referee"
GAME_PACKAGES = {f"{PACKAGE}.games.{package_name(g)}" for g in GAMES}

# Lower number = lower layer. A module may import from its own layer or below.
LAYERS: dict[str, int] = {
    "errors": 0, "paths": 0, "schemas": 0, "documents": 0, "output": 0, "loading": 0, "style": 0,
    "spec": 1,
    "games": 2,
    # game-neutral services
    "sampler": 3, "perft": 3, "impact": 3, "impactreport": 3, "datavectors": 3, "simulate": 3, "adapter": 3, "vectors": 3, "render": 3,
    "playthrough": 3,
    "verify": 3, "play": 4, "explain": 3, "htmlreport": 3, "conformance": 3, "pytest_plugin": 4,
    "commands": 5,
    "cli": 6, "__main__": 7, "__init__": 0, "versions": 0,
}


def module_name(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = [PACKAGE, *rel.parts]
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def all_modules() -> dict[str, Path]:
    return {module_name(p): p for p in ROOT.rglob("*.py") if "_data" not in p.parts}


MODULES = all_modules()


def resolve(importer: str, is_package: bool, node: ast.ImportFrom | ast.Import) -> list[str]:
    """The package modules an import statement names (a submodule when ``from x import sub``)."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names if a.name.split(".")[0] == PACKAGE]
    if node.level:
        base = importer.split(".") if is_package else importer.split(".")[:-1]
        base = base[: len(base) - (node.level - 1)]
        target = ".".join(base + ([node.module] if node.module else []))
    else:
        target = node.module or ""
    if target.split(".")[0] != PACKAGE:
        return []
    found = []
    for alias in node.names:
        sub = f"{target}.{alias.name}"
        found.append(sub if sub in MODULES else target)
    return found


def imports() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for name, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        is_package = path.name == "__init__.py"
        edges: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                edges.update(t for t in resolve(name, is_package, node) if t in MODULES and t != name)
        graph[name] = edges
    return graph


GRAPH = imports()


def owner_game(module: str) -> str | None:
    return next((g for g in GAME_PACKAGES if module == g or module.startswith(g + ".")), None)


def test_every_registered_game_has_a_package():
    for game in GAME_PACKAGES:
        assert game in MODULES, f"{game} is registered in games/__init__.py but has no package"


def test_no_module_outside_a_game_imports_that_game():
    offenders = []
    for importer, targets in GRAPH.items():
        for target in targets:
            game = owner_game(target)
            if game is not None and owner_game(importer) != game:
                offenders.append(f"{importer} imports {target}")
    assert not offenders, "game packages are reached only through games.load(): " + "; ".join(sorted(offenders))


def test_the_check_sees_a_planted_game_import(tmp_path):
    """The resolver finds both spellings of a game import (so the check above can fail)."""
    tree = ast.parse("from .games import mlem\nfrom .games.mlem.model import Roll\nimport tabletop_referee.games.mlem\n")
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.update(resolve(f"{PACKAGE}.explain", False, node))
    assert {f"{PACKAGE}.games.mlem", f"{PACKAGE}.games.mlem.model"} <= found


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of the graph as a list of modules, or None (iterative depth-first search)."""
    colour: dict[str, int] = {}
    for start in sorted(graph):
        if colour.get(start):
            continue
        stack = [(start, iter(sorted(graph[start])))]
        path = [start]
        colour[start] = 1
        while stack:
            node, children = stack[-1]
            child = next(children, None)
            if child is None:
                colour[node] = 2
                stack.pop()
                path.pop()
                continue
            if colour.get(child) == 1:
                return path[path.index(child):] + [child]
            if not colour.get(child):
                colour[child] = 1
                path.append(child)
                stack.append((child, iter(sorted(graph.get(child, ())))))
    return None


def test_no_import_cycles():
    cycle = find_cycle(GRAPH)
    assert cycle is None, "import cycle: " + " -> ".join(cycle)


def test_the_cycle_finder_finds_a_planted_cycle():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def layer(module: str) -> int:
    parts = module.split(".")
    top = parts[1] if len(parts) > 1 else "__init__"
    assert top in LAYERS, f"{module}: no layer assigned in tests/test_layers.py"
    return LAYERS[top]


@pytest.mark.parametrize("module", sorted(MODULES))
def test_imports_go_downwards(module):
    upward = [t for t in GRAPH[module] if layer(t) > layer(module)]
    assert not upward, f"{module} (layer {layer(module)}) imports from a higher layer: {sorted(upward)}"


def test_commands_import_no_other_command_nor_cli():
    bad = []
    for importer, targets in GRAPH.items():
        if importer.startswith(f"{PACKAGE}.commands."):
            for t in targets:
                if t == f"{PACKAGE}.cli" or (t.startswith(f"{PACKAGE}.commands.") and not t.endswith(".common")):
                    bad.append(f"{importer} imports {t}")
    assert not bad, "; ".join(bad)
