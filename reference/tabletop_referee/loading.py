"""The one input boundary: every document the project reads from outside is parsed here.

Vectors, boards, token sets, positions, questions, logs, reports, expectations, adapter
answers and the spec's own YAML all pass through :func:`parse_json`, :func:`parse_yaml` or
:func:`read_document`, which

- refuse a file larger than :data:`Limits.max_bytes` before reading it whole (``/dev/zero``
  is not read to the end);
- refuse ``NaN``/``Infinity`` (JSON) and ``.nan``/``.inf`` (YAML): strict JSON has neither;
- refuse integers longer than :data:`Limits.max_int_digits` digits *before* converting them
  (Python refuses 4,300 digits with a ``ValueError``; we refuse far earlier, with a path);
- turn integral floats (``7.0``, ``1e3``) into ints, as JSON Schema already counts them as
  integers: an engine that stores numbers as doubles is not punished for it;
- cap nesting depth, the number of YAML aliases and the number of values after aliases are
  expanded (a 500-byte alias bomb cannot become gigabytes);
- refuse YAML values JSON cannot hold (dates, binary, sets, non-string keys);
- validate against a schema when one is given.

Everything refused is a :class:`LoadError` (a :class:`~tabletop_referee.errors.MalformedInput`)
whose one-line message names the file, the path inside the document (``$.spaces[3]``) and the
limit that was passed. Domain bounds (how many players, spaces...) belong to each game and are
checked by its own readers before any work proportional to them.
"""

from __future__ import annotations

import json
import math
import os
import stat
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import yaml

from .errors import MalformedInput

T = TypeVar("T")


@dataclass(frozen=True)
class Limits:
    """The caps of the input boundary (see docs/security.md)."""

    max_bytes: int = 16 * 1024 * 1024
    """Largest document read (bytes)."""
    max_depth: int = 64
    """Deepest nesting of arrays/objects."""
    max_nodes: int = 1_000_000
    """Most values in one document, YAML aliases expanded."""
    max_aliases: int = 100
    """Most YAML aliases (``*name``) in one document."""
    max_expansion: int = 100_000
    """Most values copied by expanding YAML aliases."""
    max_int_digits: int = 40
    """Longest integer literal (digits); 2**64 has 20."""
    max_string: int = 1024 * 1024
    """Longest string value (characters)."""


LIMITS = Limits()
_INT_CAP = 10 ** LIMITS.max_int_digits
LOG_MAX_BYTES = 64 * 1024 * 1024
"""Largest game log read (a log of millions of actions is still far below it)."""


class LoadError(MalformedInput):
    """A document refused at the input boundary; ``str()`` is the one-line message."""

    def __init__(self, source: str, pointer: str, problem: str) -> None:
        where = f"{source}: " if source else ""
        if len(pointer) > 120:
            pointer = pointer[:60] + "…" + pointer[-50:]
        at = f"{pointer}: " if pointer and pointer != "$" else ""
        super().__init__(f"{where}{at}{problem}", path="$", clause="interchange.limits")
        self.source = source
        self.pointer = pointer
        self.problem = problem

    def __str__(self) -> str:
        return self.message


# -- reading bytes ---------------------------------------------------------------------------


def read_bytes(path: str | Path, *, what: str = "document", max_bytes: int | None = None,
               within: str | Path | None = None) -> bytes:
    """The bytes of ``path`` (``-``: stdin), at most ``max_bytes``; a longer input is refused.

    Never reads more than ``max_bytes + 1`` bytes, so a device or a huge file costs nothing.
    ``within``: a folder the file was found in (not named by the user); a symlink that leads
    out of it is refused, not followed.
    """
    cap = LIMITS.max_bytes if max_bytes is None else max_bytes
    label = "<stdin>" if str(path) == "-" else str(path)
    if str(path) == "-":
        stream = getattr(sys.stdin, "buffer", None)
        data = stream.read(cap + 1) if stream is not None else sys.stdin.read(cap + 1).encode("utf-8")
    else:
        p = Path(path)
        if within is not None:
            check_within(p, within, what)
        try:
            st = p.stat()
        except FileNotFoundError:
            raise LoadError(label, "", f"cannot read {what}: no such file") from None
        except OSError as exc:
            raise LoadError(label, "", f"cannot read {what}: {exc.strerror or exc}") from None
        if stat.S_ISDIR(st.st_mode):
            raise LoadError(label, "", f"is a folder, not {what}")
        if stat.S_ISREG(st.st_mode) and st.st_size > cap:
            raise LoadError(label, "", f"{what} of {st.st_size} bytes is larger than the limit of {cap} bytes")
        try:
            with open(p, "rb") as fh:
                data = fh.read(cap + 1)
        except OSError as exc:
            raise LoadError(label, "", f"cannot read: {exc.strerror or exc}") from None
    if len(data) > cap:
        raise LoadError(label, "", f"{what} is larger than the limit of {cap} bytes")
    return data


def check_within(path: str | Path, folder: str | Path, what: str = "document") -> None:
    """Refuses ``path`` when it is a symlink (or under one) that leads out of ``folder``: a file
    found in a folder is read only if it is there (a link to a system file is not followed)."""
    p = Path(path)
    try:
        real, home = os.path.realpath(p), os.path.realpath(folder)
    except (OSError, ValueError) as exc:
        raise LoadError(str(p), "", f"cannot read {what}: {exc}") from None
    if os.path.commonpath([real, home]) != home:
        raise LoadError(str(p), "", f"is a symlink out of {folder}; refused (not followed)")


def decode(data: bytes, source: str, what: str = "document") -> str:
    """UTF-8 text of ``data`` (a byte-order mark is dropped); refuses other encodings."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise LoadError(source, "", f"not {what}: not UTF-8 (byte {exc.start}, line {line})") from None


# -- JSON --------------------------------------------------------------------------------------


class _Refused:
    """A literal refused by a parse hook; reported with its path by :func:`normalise`."""

    __slots__ = ("problem",)

    def __init__(self, problem: str) -> None:
        self.problem = problem


def _parse_int(text: str) -> Any:
    digits = len(text.lstrip("-"))
    if digits > LIMITS.max_int_digits:
        return _Refused(f"an integer of {digits} digits (limit {LIMITS.max_int_digits} digits)")
    return int(text)


def _parse_float(text: str) -> Any:
    mantissa = text.lower().split("e")[0].lstrip("-").replace(".", "").lstrip("0")
    if len(mantissa) > 4 * LIMITS.max_int_digits:
        return _Refused(f"a number of {len(mantissa)} digits (limit {4 * LIMITS.max_int_digits} digits)")
    value = float(text)
    return _number(value)


def _number(value: float) -> Any:
    if not math.isfinite(value):
        return _Refused(f"{value!r} is not a finite number (NaN and Infinity are not JSON)")
    if value.is_integer():
        if abs(value) >= 10 ** LIMITS.max_int_digits:
            return _Refused(f"a number of more than {LIMITS.max_int_digits} digits "
                            f"(limit {LIMITS.max_int_digits} digits)")
        return int(value)
    return value


def _parse_constant(name: str) -> Any:
    return _Refused(f"{name} is not a number JSON allows (NaN and Infinity are refused)")


def parse_json(text: str | bytes, source: str = "", *, what: str = "JSON") -> Any:
    """Parses strict JSON text through the caps of the module docstring.

    Raises:
        LoadError: not JSON (with line and column), or a value past a limit (with its path).
    """
    if isinstance(text, bytes):
        text = decode(text, source, what)
    if len(text) > LIMITS.max_bytes:
        raise LoadError(source, "", f"{what} is larger than the limit of {LIMITS.max_bytes} bytes")
    refused: list[_Refused] = []

    def parse_float(literal: str) -> Any:
        value = _parse_float(literal)
        if type(value) is _Refused:
            refused.append(value)
        return value

    def parse_constant(name: str) -> Any:
        value = _parse_constant(name)
        refused.append(value)
        return value

    try:
        try:  # integers are checked after parsing (a hook per integer would cost 3x)
            doc = json.loads(text, parse_float=parse_float, parse_constant=parse_constant)
        except ValueError as exc:
            if isinstance(exc, json.JSONDecodeError):
                raise
            # Python's own limit on integer digits: parse again with the hook, which refuses
            # long integers before converting them, so the path can be told.
            doc = json.loads(text, parse_int=_parse_int, parse_float=_parse_float, parse_constant=_parse_constant)
    except json.JSONDecodeError as exc:
        raise LoadError(source, "", f"not {what}: line {exc.lineno} column {exc.colno}: {exc.msg}") from None
    except RecursionError:
        raise LoadError(source, "", f"not {what}: nested too deeply (limit {LIMITS.max_depth} levels)") from None
    if not refused and _plain_text(text):  # the common case, told from the text alone
        return doc
    if _plain_json(doc):  # nothing to refuse, nothing to convert
        return doc
    return normalise(doc, source)  # finds the problem again, with its path


_DIGITS = bytes(range(256)).translate(bytes.maketrans(b"0123456789", b"1111111111")).translate(
    bytes.maketrans(bytes(c for c in range(256) if not 48 <= c <= 57), b"0" * 246))
"""Maps every digit byte to ``1`` and every other byte to ``0``."""
_NOT_BRACKETS = bytes(c for c in range(256) if c not in b"[]{}")


def _plain_text(text: str) -> bool:
    """A conservative test, at C speed, that the document parsed from ``text`` is within the
    limits (:func:`_plain_json` walks the values in Python: ~10x slower on a 4 KB answer).

    ``True`` only when it surely is: the text is no longer than the node and string caps; no
    run of digits anywhere is longer than an integer may be; and the brackets, read without
    regard to strings, fall into balanced pairs within half the depth limit of rounds (each
    round of removing innermost ``[]`` then ``{}`` pairs strips at most two levels). A ``False``
    only sends the document on to the exact walk. (NaN and huge floats are caught by the
    parse hooks.)"""
    if len(text) > LIMITS.max_nodes or len(text) > LIMITS.max_string:
        return False
    data = text.encode("utf-8")
    if b"1" * (LIMITS.max_int_digits + 1) in data.translate(_DIGITS):
        return False
    brackets = data.translate(None, _NOT_BRACKETS)
    for _ in range(LIMITS.max_depth // 2):
        if not brackets:
            return True
        brackets = brackets.replace(b"[]", b"").replace(b"{}", b"")
    return not brackets


def _plain_json(doc: Any) -> bool:
    """Whether a document from :func:`json.loads` (with our hooks) is within the limits as it is:
    no refused literal, not too deep, not too many values, no string too long. Fast: no copy, no
    paths."""
    if not isinstance(doc, (dict, list)):
        if type(doc) is int:
            return bool(-_INT_CAP < doc < _INT_CAP)
        return not isinstance(doc, _Refused) and not (isinstance(doc, str) and len(doc) > LIMITS.max_string)
    stack = [(doc, 0)]
    nodes = 0
    max_depth, max_string, refused = LIMITS.max_depth, LIMITS.max_string, _Refused
    cap = _INT_CAP
    while stack:
        value, depth = stack.pop()
        if depth >= max_depth:
            return False
        items = value.values() if type(value) is dict else value
        nodes += len(items)
        for item in items:
            t = type(item)
            if t is dict or t is list:
                stack.append((item, depth + 1))
            elif t is int:
                if item >= cap or item <= -cap:
                    return False
            elif t is refused or (t is str and len(item) > max_string):
                return False
    return nodes <= LIMITS.max_nodes


def _key(pointer: str, key: Any) -> str:
    if isinstance(key, int):
        return f"{pointer}[{key}]"
    if isinstance(key, str) and key.isidentifier():
        return f"{pointer}.{key}"
    return f"{pointer}[{json.dumps(key, ensure_ascii=False)}]"


def normalise(doc: Any, source: str = "") -> Any:
    """A copy of ``doc`` holding only JSON values (integral floats as ints), within the limits.

    Walks without recursion, so depth is checked before Python's stack is at risk; YAML aliases
    are expanded, each value counting towards :data:`Limits.max_nodes`.

    Raises:
        LoadError: a refused value, too deep, too many values, or a value JSON cannot hold.
    """
    nodes = repeated = 0
    seen: set[int] = set()
    root: list[Any] = [None]
    # (value, container, key, pointer, depth)
    stack: list[tuple[Any, Any, Any, str, int]] = [(doc, root, 0, "$", 0)]
    while stack:
        value, parent, key, pointer, depth = stack.pop()
        nodes += 1
        if nodes > LIMITS.max_nodes:
            raise LoadError(source, pointer, f"more than {LIMITS.max_nodes} values (limit {LIMITS.max_nodes})")
        if isinstance(value, (dict, list)):
            if id(value) in seen:  # a YAML alias: the same container again
                repeated += len(value)
                if repeated > LIMITS.max_expansion:
                    raise LoadError(source, pointer, f"YAML aliases expand to more than {LIMITS.max_expansion}"
                                    f" values (limit {LIMITS.max_expansion})")
            seen.add(id(value))
        if isinstance(value, dict):
            if depth >= LIMITS.max_depth:
                raise LoadError(source, pointer, f"nested more than {LIMITS.max_depth} levels deep "
                                f"(limit {LIMITS.max_depth})")
            out: dict[str, Any] = {}
            for k, v in value.items():
                if not isinstance(k, str):
                    raise LoadError(source, _key(pointer, str(k)),
                                    f"key {k!r} is not a string (JSON keys are strings)")
                out[k] = None
                stack.append((v, out, k, _key(pointer, k), depth + 1))
            parent[key] = out
        elif isinstance(value, list):
            if depth >= LIMITS.max_depth:
                raise LoadError(source, pointer, f"nested more than {LIMITS.max_depth} levels deep "
                                f"(limit {LIMITS.max_depth})")
            items: list[Any] = [None] * len(value)
            for i, v in enumerate(value):
                stack.append((v, items, i, _key(pointer, i), depth + 1))
            parent[key] = items
        elif isinstance(value, _Refused):
            raise LoadError(source, pointer, value.problem)
        elif isinstance(value, bool) or value is None:
            parent[key] = value
        elif isinstance(value, int):
            if abs(value) >= _INT_CAP:
                # str() of a huge int is itself refused by Python (4,300 digits): estimate instead
                digits = int(abs(value).bit_length() * 0.30103) + 1
                raise LoadError(source, pointer, f"an integer of about {digits} digits "
                                f"(limit {LIMITS.max_int_digits} digits)")
            parent[key] = value
        elif isinstance(value, float):
            number = _number(value)
            if isinstance(number, _Refused):
                raise LoadError(source, pointer, number.problem)
            parent[key] = number
        elif isinstance(value, str):
            if len(value) > LIMITS.max_string:
                raise LoadError(source, pointer, f"a string of {len(value)} characters "
                                f"(limit {LIMITS.max_string})")
            parent[key] = value
        else:
            raise LoadError(source, pointer, f"a {type(value).__name__} value, which JSON cannot hold "
                            "(quote it to make it a string)")
    return root[0]


# -- YAML --------------------------------------------------------------------------------------


class _CappedLoader(yaml.SafeLoader):
    """PyYAML's safe loader with caps on aliases, depth and integer length."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._aliases = 0
        self._depth = 0

    def compose_node(self, parent: Any, index: Any) -> Any:  # noqa: D102 - PyYAML hook
        if self.check_event(yaml.AliasEvent):
            self._aliases += 1
            if self._aliases > LIMITS.max_aliases:
                # PyYAML's stubs leave peek_event unannotated (it returns an Event)
                mark = self.peek_event().start_mark  # type: ignore[no-untyped-call]
                raise _YamlLimit(f"more than {LIMITS.max_aliases} aliases (limit {LIMITS.max_aliases}) "
                                 f"at line {mark.line + 1}")
        self._depth += 1
        try:
            if self._depth > LIMITS.max_depth:
                mark = self.peek_event().start_mark  # type: ignore[no-untyped-call]  # as above
                raise _YamlLimit(f"nested more than {LIMITS.max_depth} levels deep (limit {LIMITS.max_depth}) "
                                 f"at line {mark.line + 1}")
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1

    def construct_yaml_int(self, node: Any) -> Any:  # noqa: D102 - PyYAML hook
        digits = sum(c.isalnum() for c in str(node.value))
        if digits > LIMITS.max_int_digits:
            return _Refused(f"an integer of {digits} digits (limit {LIMITS.max_int_digits} digits)")
        return super().construct_yaml_int(node)

    def construct_yaml_float(self, node: Any) -> Any:  # noqa: D102 - PyYAML hook
        if len(str(node.value)) > 4 * LIMITS.max_int_digits:
            return _Refused(f"a number of {len(str(node.value))} characters "
                            f"(limit {4 * LIMITS.max_int_digits})")
        return super().construct_yaml_float(node)


_CappedLoader.add_constructor("tag:yaml.org,2002:int", _CappedLoader.construct_yaml_int)
_CappedLoader.add_constructor("tag:yaml.org,2002:float", _CappedLoader.construct_yaml_float)


class _YamlLimit(Exception):
    pass


def parse_yaml(text: str | bytes, source: str = "", *, what: str = "YAML/JSON", json_only: bool = True) -> Any:
    """Parses YAML (JSON is YAML too) through the caps of the module docstring.

    ``json_only=False`` keeps YAML-only values (dates) for the spec's own files; the caps hold
    either way.

    Raises:
        LoadError: not YAML (with line and column), or past a limit.
    """
    if isinstance(text, bytes):
        text = decode(text, source, what)
    if len(text) > LIMITS.max_bytes:
        raise LoadError(source, "", f"{what} is larger than the limit of {LIMITS.max_bytes} bytes")
    if json_only and text.lstrip().startswith(("{", "[")):
        try:  # JSON is YAML too, and the JSON parser is a hundred times faster
            return parse_json(text, source, what=what)
        except LoadError as exc:
            if exc.pointer or "nested" in exc.problem or "larger" in exc.problem:
                raise  # JSON, but past a limit
    loader = None
    try:
        loader = _CappedLoader(text)
        doc = loader.get_single_data()
    except _YamlLimit as exc:
        raise LoadError(source, "", str(exc)) from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" (line {mark.line + 1}, column {mark.column + 1})" if mark is not None else ""
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise LoadError(source, "", f"not valid {what}: {problem}{where}") from None
    except RecursionError:
        raise LoadError(source, "", f"nested too deeply (limit {LIMITS.max_depth} levels)") from None
    finally:
        if loader is not None:
            loader.dispose()
    if json_only:
        return normalise(doc, source)
    _check_yaml(doc, source)
    return doc


def _check_yaml(doc: Any, source: str) -> None:
    """The caps for a YAML document that may keep YAML-only values (walk, no copy)."""
    nodes = 0
    stack: list[tuple[Any, str, int]] = [(doc, "$", 0)]
    while stack:
        value, pointer, depth = stack.pop()
        nodes += 1
        if nodes > LIMITS.max_nodes:
            raise LoadError(source, pointer, f"more than {LIMITS.max_nodes} values (limit {LIMITS.max_nodes})")
        if isinstance(value, _Refused):
            raise LoadError(source, pointer, value.problem)
        if isinstance(value, float) and not math.isfinite(value):
            raise LoadError(source, pointer, f"{value!r} is not a finite number")
        if isinstance(value, dict):
            stack.extend((v, _key(pointer, str(k)), depth + 1) for k, v in value.items())
        elif isinstance(value, list):
            stack.extend((v, _key(pointer, i), depth + 1) for i, v in enumerate(value))


# -- files -------------------------------------------------------------------------------------


def read_document(path: str | Path, *, what: str = "document", fmt: str = "json",
                  schema: tuple[str, str] | None = None, max_bytes: int | None = None,
                  json_only: bool = True) -> Any:
    """Reads, parses (``fmt``: ``json`` or ``yaml``), normalises and validates one document.

    ``json_only=False`` (YAML only) keeps YAML-only values and keys that are not strings (the
    spec's own data files, e.g. tile counts keyed by player count); the caps hold either way.

    Raises:
        LoadError: any refusal, on one line starting with the path.
    """
    label = "<stdin>" if str(path) == "-" else str(path)
    data = read_bytes(path, what=what, max_bytes=max_bytes)
    text = decode(data, label, what)
    doc = (parse_yaml(text, label, what=what, json_only=json_only) if fmt == "yaml"
           else parse_json(text, label, what=what))
    if schema is not None:
        check_schema(doc, schema, label)
    return doc


def check_schema(doc: Any, schema: tuple[str, str], source: str = "") -> None:
    """Validates ``doc`` against ``schema`` = (folder, name); the first error on one line."""
    from .schemas import validation_errors  # lazy: jsonschema is slow to import; most reads have no schema

    errors = validation_errors(*schema, doc)
    if errors:
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        first = " ".join(errors[0].split())
        if len(first) > 400:
            first = first[:399] + "…"
        raise LoadError(source, "", f"{first}{more}")


SPEC_FILE_HINTS = {
    "chance": "pin chance outcomes with `pins: {<outcome type>: [action documents]}`",
    "text": "a reading's words are its `summary`",
}
"""What to write instead of a key the spec files' schemas refuse (docs/adding-a-game.md)."""


def read_spec_file(path: str | Path) -> Any:
    """A spec file (``clauses``, ``disputes``, ``sources`` or ``perft`` ``.yaml``), read at the
    input boundary and checked against ``schemas/spec/<name>.schema.json``: a key no schema
    knows (a perft ``chance:``, a reading's ``text:``) is refused on one line naming the file
    and the path in it, before any missing key it stands for.

    Raises:
        LoadError: the file is unreadable, or breaks its schema.
    """
    from .schemas import validation_errors  # lazy: jsonschema is slow to import; most reads have no schema

    path = Path(path)
    doc = parse_yaml(read_bytes(path, what="YAML"), str(path), what="YAML", json_only=False)
    errors = sorted(validation_errors("spec", path.name.removesuffix(".yaml"), doc),
                    key=lambda e: "was unexpected" not in e)
    if errors:
        first = errors[0]
        hint = next((h for key, h in SPEC_FILE_HINTS.items() if f"'{key}' was unexpected" in first), None)
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        raise LoadError(str(path), "", f"{first}{f': {hint}' if hint else ''}{more}")
    return doc


# -- the library boundary -----------------------------------------------------------------------


def _has_float(doc: Any) -> bool:
    stack = [doc]
    while stack:
        value = stack.pop()
        t = type(value)
        if t is float:
            return True
        if t is dict:
            stack.extend(value.values())
        elif t is list:
            stack.extend(value)
    return False


_OWN_DOCUMENTS: ContextVar[bool] = ContextVar("own_documents", default=False)


@contextmanager
def own_documents() -> Iterator[None]:
    """Within the block, :func:`library_document` takes every document handed to it as one the
    project's own writers made (``state_to_json`` and friends, which never write a float) and
    skips the walk looking for floats to convert, the one step that only a document from
    outside needs; everything else (the reader's checks, the schema on failure) still applies.
    For the generators that read back only what they wrote (datavectors.py replays each vector
    on other data: thousands of state documents), and for a request :func:`parse_json` has just
    read (``referee adapter``: the parse converted every integral float and refused the rest of
    what the walk looks for, so the walk would find nothing); never around any other document
    from outside."""
    token = _OWN_DOCUMENTS.set(True)
    try:
        yield
    finally:
        _OWN_DOCUMENTS.reset(token)


def library_document(doc: Any, schema: tuple[str, str], convert: Callable[[Any], T]) -> T:
    """``convert(doc)`` for a document handed to the Python API (``state_from_json`` and
    friends), refusing with the typed error what the command line refuses.

    As at every input boundary (docs/security.md), an integral float (``1.0``, ``-0.0``, ``1e3``)
    is the integer it is, and NaN or infinities are refused; a document holding no float is
    passed on as it is (no copy). When ``convert`` fails with a Python error (``TypeError``,
    ``KeyError``, ...), the document is checked against ``schema`` = (folder, name): a document
    the schema refuses is a :class:`LoadError` naming the schema's complaint; one it accepts is
    a bug, re-raised.
    """
    if not _OWN_DOCUMENTS.get() and _has_float(doc):
        doc = normalise(doc)
    try:
        return convert(doc)
    except MalformedInput:
        raise
    except (TypeError, ValueError, KeyError, AttributeError, IndexError, RecursionError):
        check_schema(doc, schema)
        raise


def same_file(a: str | Path, b: str | Path) -> bool:
    """Whether two paths name the same existing file (hard links and symlinks included)."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def read_committed_report(path: Path, *, what: str, fmt: Any) -> dict[str, Any] | None:
    """A report the project commits (``spec/<game>/impact.json``, ``strength.json``) for the docs:
    ``None`` when there is none; MalformedInput naming the file when it is unreadable or carries
    another ``format`` than ``fmt``."""
    if not path.is_file():
        return None
    try:
        doc = read_document(path, what=what)
    except LoadError as exc:
        raise MalformedInput(f"cannot read the {what}: {exc}", path=str(path)) from None
    if not isinstance(doc, dict) or doc.get("format") != fmt:
        raise MalformedInput(f"not a {what} (format {fmt!r} expected)", path=str(path))
    return doc
