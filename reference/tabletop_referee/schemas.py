"""JSON Schemas of the interchange formats: lookup, registry and validation.

The schemas live in ``schemas/<game>/<name>.schema.json`` (in a wheel: ``_data/schemas``).
Every schema has an absolute ``$id``; schemas refer to each other by relative ``$ref``
(``"common.schema.json#/$defs/face"``), resolved against that ``$id`` through one
:class:`referencing.Registry` holding every schema of every game.

>>> validation_errors("mlem", "action", {"type": "stay", "player": 0})
[]
>>> validation_errors("mlem", "action", {"type": "stay"})
["$: 'player' is a required property"]

The yes/no question (:func:`is_valid`) goes to jsonschema-rs when it is installed (a
dependency on CPython, and the ``fast`` extra elsewhere) and to the pure-Python validator
otherwise; :data:`FAST` tells which. Both give the same verdicts; errors are always worded by
the Python validator.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator, ValidationError
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

try:
    import jsonschema_rs
except ImportError:  # the optional `fast` extra is not installed
    # None marks the module absent; mypy sees the module where the extra is installed (the
    # test extra installs it), and an untyped stand-in where not (then nothing to ignore)
    jsonschema_rs = None  # type: ignore[assignment, unused-ignore]

FAST: bool = jsonschema_rs is not None
"""Whether the compiled (Rust) validator answers :func:`is_valid` (jsonschema-rs is installed)."""

_SUFFIX = ".schema.json"


def schema_root() -> Path:
    """Returns the folder holding one sub-folder of schemas per game.

    A wheel carries them in ``tabletop_referee/_data/schemas``; a checkout or an editable
    install reads the repository's top-level ``schemas/``.
    """
    bundled = Path(__file__).parent / "_data" / "schemas"
    if bundled.is_dir():
        return bundled
    return Path(__file__).resolve().parents[2] / "schemas"


def _load(path: Path) -> dict[str, Any]:
    with path.open(encoding="utf-8") as handle:
        schema: dict[str, Any] = json.load(handle)  # a schema file of ours: a JSON object
    return schema


@lru_cache(maxsize=None)
def registry() -> Registry[Any]:
    """Returns a registry of every ``*.schema.json`` under :func:`schema_root`, keyed by ``$id``.

    Raises:
        ValueError: a schema has no ``$id``, or two schemas share one.
    """
    resources: dict[str, Resource[Any]] = {}
    for path in sorted(schema_root().rglob(f"*{_SUFFIX}")):
        schema = _load(path)
        uri = schema.get("$id") if isinstance(schema, dict) else None
        if not isinstance(uri, str) or not uri:
            raise ValueError(f"{path}: schema has no $id")
        if uri in resources:
            raise ValueError(f"{path}: duplicate $id {uri}")
        resources[uri] = DRAFT202012.create_resource(schema)
    return Registry().with_resources(resources.items())


@lru_cache(maxsize=None)
def validator(game: str, name: str) -> Draft202012Validator:
    """Returns a validator for ``schemas/<game>/<name>.schema.json`` (format checking on).

    Raises:
        FileNotFoundError: there is no such schema.
        jsonschema.exceptions.SchemaError: the schema itself is not valid 2020-12.
    """
    path = schema_root() / game / f"{name}{_SUFFIX}"
    if not path.is_file():
        raise FileNotFoundError(f"no schema {name!r} for game {game!r} (looked for {path})")
    schema = _load(path)
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(
        schema,
        registry=registry(),
        format_checker=Draft202012Validator.FORMAT_CHECKER,
    )


@lru_cache(maxsize=None)
def fast_validator(game: str, name: str) -> jsonschema_rs.Validator:
    """Returns a compiled (Rust) validator of the same schema, for the yes/no question.

    jsonschema-rs answers "is this valid?" several hundred times faster than the pure-Python
    validator; the Python one is still used to word the errors of an invalid document.

    Raises:
        ModuleNotFoundError: jsonschema-rs is not installed (see :data:`FAST`).
        FileNotFoundError: there is no such schema.
        jsonschema_rs.ValidationError: the schema itself is not valid 2020-12.
    """
    if jsonschema_rs is None:
        raise ModuleNotFoundError(
            "jsonschema-rs is not installed (pip install 'tabletop-referee[fast]')", name="jsonschema_rs"
        )
    path = schema_root() / game / f"{name}{_SUFFIX}"
    if not path.is_file():
        raise FileNotFoundError(f"no schema {name!r} for game {game!r} (looked for {path})")
    resources = [(uri, res.contents) for uri, res in _resources()]
    # jsonschema-rs checks the schema against the 2020-12 meta-schema itself (the Python check
    # of validator() cost 15-60 ms a schema in every process; tests/test_schemas.py checks
    # every shipped schema with it)
    return jsonschema_rs.validator_for(_load(path), registry=jsonschema_rs.Registry(resources))


def _resources() -> list[tuple[str, Resource[Any]]]:
    reg = registry()
    return [(uri, reg[uri]) for uri in reg]


def is_valid(game: str, name: str, instance: Any) -> bool:
    """Returns whether ``instance`` satisfies schema ``<game>/<name>`` (the fast check).

    Without jsonschema-rs (:data:`FAST` false) the pure-Python validator answers.
    """
    if jsonschema_rs is None:
        return validator(game, name).is_valid(instance)
    try:
        return fast_validator(game, name).is_valid(instance)
    except (ValueError, TypeError, OverflowError):  # e.g. an integer beyond 64 bits
        return not validation_errors(game, name, instance, fast=False)


def validation_errors(game: str, name: str, instance: Any, *, fast: bool = True) -> list[str]:
    """Returns the ways ``instance`` breaks schema ``<game>/<name>``, one line each, sorted by path.

    Each line reads ``"<json path>: <message>"``; identical lines appear once; the list is empty
    when the instance is valid.
    When a tagged union (``oneOf`` / ``anyOf``) fails and exactly one branch fits the instance's
    tag (no ``const`` mismatch on a direct property, no ``type`` mismatch of the whole
    instance), that branch's errors are reported instead of "is not valid under any of ...".

    >>> validation_errors("mlem", "action", {"type": "move", "player": 0, "faces": ["2", "7"], "die_one": []})
    ["$.faces[1]: '7' is not one of ['1', '2', '3', '4', 'afterburner']"]
    """
    if fast and jsonschema_rs is not None and is_valid(game, name, instance):
        return []  # without jsonschema-rs the quick check would only repeat the work below
    errors = [
        leaf
        for error in validator(game, name).iter_errors(instance)
        for leaf in _specific(error)
    ]
    errors.sort(key=lambda e: (_path_key(e), e.message))
    lines = (f"{e.json_path}: {' '.join(e.message.splitlines())}" for e in errors)
    return list(dict.fromkeys(lines))  # the same check reached twice (union root and branch) once


def _specific(error: ValidationError) -> Iterator[ValidationError]:
    """Yields the errors of the one union branch meant by the instance, else ``error`` itself."""
    if error.validator in ("oneOf", "anyOf") and error.context:
        branches: dict[Any, list[ValidationError]] = defaultdict(list)
        for sub in error.context:
            branches[sub.relative_schema_path[0]].append(sub)
        meant = [subs for subs in branches.values() if not any(_wrong_branch(s) for s in subs)]
        if len(meant) == 1:
            for sub in meant[0]:
                yield from _specific(sub)
            return
    yield error


def _wrong_branch(error: ValidationError) -> bool:
    """Tells whether ``error`` shows the branch does not describe this kind of instance.

    That is a ``type`` mismatch of the whole instance, or a ``const`` mismatch of a property
    declared at the top of the branch (its tag, e.g. ``{"properties": {"type": {"const": "move"}}}``).
    """
    keywords = [k for k in list(error.relative_schema_path)[1:] if k != "$ref"]
    path = list(error.relative_path)
    if error.validator == "type":
        return not path and keywords == ["type"]
    if error.validator == "const":
        return len(path) == 1 and keywords == ["properties", path[0], "const"]
    return False


def _path_key(error: ValidationError) -> tuple[tuple[int, int | str], ...]:
    """Orders paths element by element, array indices numerically."""
    return tuple((0, p) if isinstance(p, int) else (1, str(p)) for p in error.absolute_path)


def has_schema(game: str, name: str) -> bool:
    """Whether ``schemas/<game>/<name>.schema.json`` exists."""
    return (schema_root() / game / f"{name}{_SUFFIX}").is_file()
