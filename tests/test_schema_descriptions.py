"""Every game's schemas explain themselves (issue 25): each property a document may carry has a
``description`` of its own, so an implementer reading ``schemas/<game>/`` learns what a field
holds, in which order and when it changes, without reading the engine or the vectors.

A bare ``$ref`` does not count: the referenced definition says what a *player* or a *list of
cards* is, not what ``cursor`` or ``jetpacks`` means. Properties inside a conditional subschema
(``if`` / ``then`` / ``else`` / ``not``) only narrow a field defined elsewhere in the same
file; they need no description, but the field they narrow must be defined (and described)
outside a condition (in one of the game's schema files: an observation narrows the state's).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tabletop_referee.games import GAMES, load
from tabletop_referee.paths import data_root

CONDITIONAL = frozenset({"if", "then", "else", "not"})


def schema_files(game_id: str) -> list[Path]:
    files = sorted((data_root() / "schemas" / game_id).glob("*.schema.json"))
    assert files, game_id
    return files


def properties(node: Any, path: str = "#", conditional: bool = False) -> Iterator[tuple[str, str, Any, bool]]:
    """``(pointer, name, subschema, conditional)`` of every property declared in ``node``."""
    if isinstance(node, dict):
        props = node.get("properties")
        if isinstance(props, dict):
            for name, sub in props.items():
                yield f"{path}/properties/{name}", name, sub, conditional
        for key, value in node.items():
            yield from properties(value, f"{path}/{key}", conditional or key in CONDITIONAL)
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from properties(value, f"{path}/{i}", conditional)


def undescribed(doc: Any) -> list[str]:
    """The pointers of the properties (outside conditions) without a non-empty description."""
    out = []
    for pointer, _name, sub, conditional in properties(doc):
        if conditional or not isinstance(sub, dict):
            continue
        text = sub.get("description")
        if not isinstance(text, str) or not text.strip():
            out.append(pointer)
    return out


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_property_of_every_schema_has_a_description(game_id):
    missing = []
    counted = 0
    for f in schema_files(game_id):
        doc = json.loads(f.read_text(encoding="utf-8"))
        counted += sum(1 for *_, c in properties(doc) if not c)
        missing += [f"{f.name}{p}" for p in undescribed(doc)]
    # the walk really reaches the properties: at least those at the top of the game's own state schema
    state = next((f for f in schema_files(game_id) if f.name == "state.schema.json"), None)
    top = len(json.loads(state.read_text(encoding="utf-8")).get("properties", {})) if state else 0
    assert counted >= top > 0, f"{game_id}: the walk reached {counted} properties, the state schema has {top} at its top"
    assert missing == [], (f"{game_id}: every property of schemas/{game_id}/ needs a \"description\" of its own "
                           f"(a bare $ref does not count); {len(missing)} without one:\n" + "\n".join(missing))


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_field_narrowed_by_a_condition_is_defined_outside_one(game_id):
    docs = [json.loads(f.read_text(encoding="utf-8")) for f in schema_files(game_id)]
    defined = {name for doc in docs for _p, name, _s, conditional in properties(doc) if not conditional}
    narrowed = {name for doc in docs for _p, name, _s, conditional in properties(doc) if conditional}
    assert narrowed <= defined, sorted(narrowed - defined)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_event_kind_has_a_described_branch_in_the_event_schema(game_id):
    """The event schema's branch of each kind the engine emits carries a description."""
    doc = json.loads((data_root() / "schemas" / game_id / "event.schema.json").read_text(encoding="utf-8"))
    branches = {}
    for node in [*doc.get("$defs", {}).values(), *doc.get("oneOf", [])]:
        const = node.get("properties", {}).get("type", {}).get("const") if isinstance(node, dict) else None
        if const is not None:
            branches[const] = node
    kinds = load(game_id).event_kinds()
    assert set(kinds) == set(branches)
    assert [t for t, node in branches.items() if not node.get("description")] == []


def test_the_check_finds_a_missing_description():
    """The checks above can fail: a bare $ref, an empty text and a nested property are caught;
    a property in a condition is not asked for one."""
    doc = {
        "properties": {
            "a": {"$ref": "#/$defs/x"},
            "b": {"description": " ", "type": "integer"},
            "c": {"description": "fine", "type": "object",
                  "properties": {"d": {"type": "string"}}},
        },
        "if": {"properties": {"a": {"const": 1}}},
    }
    assert undescribed(doc) == ["#/properties/a", "#/properties/b", "#/properties/c/properties/d"]
