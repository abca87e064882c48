"""The shape of the package: one game interface, layers that import downwards, no cycles.

Every import statement of every module (at the top or inside a function) is read with ``ast``,
resolved to a module of the package, and checked:

- no module outside ``games/<game>/`` imports a game package by name;
- the import graph has no cycle;
- each layer imports only from the layers below it (docs/adding-a-game.md, "Layers");
- no module but ``loading.py`` (the input boundary) parses a file with ``json`` or ``yaml``
  itself, and no module of ``conformance/`` (which reads adapter answers from pipes and
  sockets) parses anything with them (docs/security.md).
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
    "spec": 1, "links": 1,
    "games": 2,
    # game-neutral services
    "sampler": 3, "perft": 3, "impact": 3, "impactreport": 3, "datavectors": 3, "simulate": 3, "adapter": 3, "vectors": 3, "render": 3, "implementing": 3,
    "playthrough": 3,
    "verify": 3, "play": 4, "explain": 3, "htmlreport": 3, "conformance": 3, "pytest_plugin": 4,
    "commands": 5,
    "cli": 6, "__main__": 7, "__init__": 0, "versions": 0, "gcpolicy": 0,
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


# -- the input boundary ----------------------------------------------------------------------
# Every file the package reads is parsed by loading.py (size, depth, number and alias caps;
# one-line LoadError). A module that hands a file's text to json/yaml itself bypasses them.

FILE_PARSERS = {"yaml": {"safe_load", "load", "full_load", "unsafe_load", "safe_load_all", "load_all",
                         "full_load_all", "unsafe_load_all"},
                "json": {"load"}}
"""Parsers of a stream or of a file's text: outside loading.py, any call to one bypasses it."""
TEXT_PARSERS = {"json": {"loads"}}
"""Parsers of a string: a bypass when the string is read from a file in the same function."""
FILE_READS = {"read_text", "read_bytes", "open"}
"""Calls that read a file: ``Path.read_text``, ``Path.read_bytes``, ``open``, ``Path.open``."""
STRICT = f"{PACKAGE}.conformance"
"""The package that reads adapter answers (from a pipe or a socket: not a file read the check
can follow): in it and its modules every ``json.loads`` is a bypass, whatever it is given."""
BOUNDARY = f"{PACKAGE}.loading"
BOUNDARY_EXCEPTIONS = {
    f"{PACKAGE}.schemas": "reads the package's own schema files with json.load; loading.py validates "
                          "with schemas.py, so schemas.py reading through loading.py would be an import cycle",
}


def _strict(module: str) -> bool:
    return module == STRICT or module.startswith(STRICT + ".")


def _own_nodes(scope: ast.AST):
    """The nodes of a module or function body, not those of the functions defined inside it."""
    todo = list(ast.iter_child_nodes(scope))
    while todo:
        node = todo.pop()
        yield node
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            todo.extend(ast.iter_child_nodes(node))


def _reads_a_file(node: ast.AST, read_names: set[str]) -> bool:
    """Whether an expression reads a file, directly or through a name bound to a file read."""
    for n in ast.walk(node):
        if isinstance(n, ast.Call) and ((isinstance(n.func, ast.Attribute) and n.func.attr in FILE_READS)
                                        or (isinstance(n.func, ast.Name) and n.func.id == "open")):
            return True
        if isinstance(n, ast.Name) and n.id in read_names:
            return True
    return False


def boundary_bypasses(source: str, strict: bool = False) -> list[str]:
    """Where ``source`` parses a file with json/yaml itself instead of through loading.py;
    ``strict``: where it parses anything with them (a string parser is a bypass whatever its
    argument)."""
    tree = ast.parse(source)
    modules: dict[str, str] = {}  # local name -> json | yaml ("import yaml as y")
    functions: dict[str, tuple[str, str]] = {}  # local name -> (module, function) ("from json import load")
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules |= {a.asname or a.name: a.name for a in node.names if a.name in FILE_PARSERS}
        elif isinstance(node, ast.ImportFrom) and node.module in FILE_PARSERS:
            functions |= {a.asname or a.name: (node.module, a.name) for a in node.names}
    found = set()
    scopes = [tree, *(n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)))]
    for scope in scopes:
        nodes = list(_own_nodes(scope))
        read_names: set[str] = set()
        for _ in range(2):  # text = fh.read() after "with open(path) as fh"
            for n in nodes:
                if isinstance(n, ast.Assign) and _reads_a_file(n.value, read_names):
                    read_names |= {t.id for t in n.targets if isinstance(t, ast.Name)}
                elif (isinstance(n, ast.withitem) and isinstance(n.optional_vars, ast.Name)
                      and _reads_a_file(n.context_expr, read_names)):
                    read_names.add(n.optional_vars.id)
        for n in nodes:
            if not isinstance(n, ast.Call):
                continue
            if isinstance(n.func, ast.Attribute) and isinstance(n.func.value, ast.Name) and n.func.value.id in modules:
                module, name = modules[n.func.value.id], n.func.attr
            elif isinstance(n.func, ast.Name) and n.func.id in functions:
                module, name = functions[n.func.id]
            else:
                continue
            if name in FILE_PARSERS[module] or (name in TEXT_PARSERS.get(module, ()) and (
                    strict or any(_reads_a_file(a, read_names) for a in n.args))):
                found.add((n.lineno, f"line {n.lineno}: {module}.{name}"))
    return [text for _, text in sorted(found)]


def test_every_file_read_goes_through_the_input_boundary():
    bypasses = [f"{path.relative_to(ROOT)} {b}" for name, path in sorted(MODULES.items())
                if name != BOUNDARY and name not in BOUNDARY_EXCEPTIONS
                for b in boundary_bypasses(path.read_text(encoding="utf-8"), strict=_strict(name))]
    assert not bypasses, ("parse files with loading.py (read_document, or read_bytes + parse_json/parse_yaml), "
                          "not json/yaml directly: " + "; ".join(bypasses))


def test_the_boundary_exceptions_are_still_needed():
    for name, why in BOUNDARY_EXCEPTIONS.items():
        assert boundary_bypasses(MODULES[name].read_text(encoding="utf-8")), f"{name} no longer needs: {why}"


def test_the_boundary_check_sees_planted_bypasses():
    planted = (
        "import json\n"
        "import yaml as y\n"
        "from json import loads as parse\n"
        "def a(path):\n"
        "    return y.safe_load(path.read_text())\n"  # 5
        "def b(path):\n"
        "    text = path.read_text(encoding='utf-8')\n"
        "    return json.loads(text)\n"  # 8
        "def c(path):\n"
        "    with open(path) as fh:\n"
        "        data = fh.read()\n"
        "    return json.loads(data)\n"  # 12
        "def d(path):\n"
        "    return parse(path.read_bytes())\n"  # 14
        "def e(path):\n"
        "    with path.open() as fh:\n"
        "        return json.load(fh)\n"  # 17
        "def fine(text):\n"
        "    return json.loads(text), json.dumps(text), y.safe_dump(text)\n"  # a string given: not a read
    )
    assert [b.split(":")[0] for b in boundary_bypasses(planted)] == [
        "line 5", "line 8", "line 12", "line 14", "line 17"]


def test_the_strict_check_sees_a_planted_answer_parse():
    """In conformance/ an answer read from a socket or a pipe is parsed through loading.py too:
    ``json.loads`` of anything is a bypass there (the check cannot follow a socket read)."""
    planted = (
        "import json\n"
        "from json import loads\n"
        "def answer(reply):\n"
        "    raw = reply.read()\n"
        "    return json.loads(raw)\n"  # 5
        "def line(data):\n"
        "    return loads(data.decode())\n"  # 7
        "def fine(doc):\n"
        "    return json.dumps(doc)\n"
    )
    assert boundary_bypasses(planted) == []  # no file read: the file rule alone misses them
    assert [b.split(":")[0] for b in boundary_bypasses(planted, strict=True)] == ["line 5", "line 7"]


def test_the_strict_check_covers_the_conformance_modules():
    strict = {name for name in MODULES if _strict(name)}
    assert {f"{PACKAGE}.conformance.http", f"{PACKAGE}.conformance.client", f"{PACKAGE}.conformance.fuzz"} <= strict
    assert not _strict(f"{PACKAGE}.conformance_extra") and not _strict(f"{PACKAGE}.loading")
