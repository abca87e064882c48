"""jsonschema-rs is optional (the ``fast`` extra): without it tabletop_referee.schemas falls back
to the pure-Python validator and gives the same verdicts, document for document.

The missing module is simulated the way Python sees an uninstalled one: ``sys.modules`` maps
``jsonschema_rs`` to ``None`` (so ``import jsonschema_rs`` raises ImportError) and the module
is reloaded; afterwards it is reloaded again with jsonschema-rs back.
"""

from __future__ import annotations

import copy
import importlib
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tabletop_referee import schemas

from .test_schemas import (
    ACTIONS,
    EVENTS,
    INVALID,
    OBSERVATIONS,
    SETUPS,
    TAKEOFF_STATE,
    TINY_TOKENS,
    VARIANT_SETUPS,
    VARIANT_STATES,
)

REPO = Path(__file__).resolve().parents[1]
VECTOR_FILES = sorted((REPO / "vectors" / "mlem").glob("*.json"))


def _with(doc: Any, path: str, value: Any) -> Any:
    doc = copy.deepcopy(doc)
    *parents, last = path.split(".")
    target = doc
    for key in parents:
        target = target[int(key)] if isinstance(target, list) else target[key]
    if isinstance(target, list):
        target[int(last)] = value
    else:
        target[last] = value
    return doc


def _cases() -> list[tuple[str, tuple[str, str], Any]]:
    """(case id, (schema folder, schema name), document): valid and invalid documents alike."""
    cases: list[tuple[str, tuple[str, str], Any]] = []
    mlem = lambda name: ("mlem", name)  # noqa: E731
    cases.append(("valid-state-takeoff", mlem("state"), TAKEOFF_STATE))
    cases += [(f"valid-action-{i}-{a['type']}", mlem("action"), a) for i, a in enumerate(ACTIONS)]
    cases += [(f"valid-event-{i}-{e['type']}", mlem("event"), e) for i, e in enumerate(EVENTS)]
    cases += [(f"valid-setup-{i}", mlem("setup"), s) for i, s in enumerate([*SETUPS, *VARIANT_SETUPS])]
    cases += [(f"valid-variant-state-{i}", mlem("state"), s) for i, s in enumerate(VARIANT_STATES)]
    cases += [(f"valid-observation-{i}", mlem("observation"), o) for i, o in enumerate(OBSERVATIONS)]
    cases.append(("valid-tokens", mlem("tokens"), TINY_TOKENS))
    cases += [(f"invalid-{case_id}", mlem(name), doc) for case_id, name, doc, _ in INVALID]
    for path in VECTOR_FILES:
        doc = json.loads(path.read_text(encoding="utf-8"))
        cases.append((f"vector-file-{path.stem}", ("vectors", "vector-file"), doc))
        first = doc["vectors"][0]
        if "state" in first:
            cases.append((f"vector-state-{path.stem}", mlem("state"), first["state"]))
    # edge cases where implementations of JSON Schema tend to part ways
    cases += [
        ("edge-state-is-null", mlem("state"), None),
        ("edge-state-is-list", mlem("state"), []),
        ("edge-action-is-string", mlem("action"), "stay"),
        ("edge-player-is-bool", mlem("action"), {"type": "stay", "player": True}),
        ("edge-player-is-float-integral", mlem("action"), {"type": "stay", "player": 0.0}),
        ("edge-player-is-float", mlem("action"), {"type": "stay", "player": 0.5}),
        ("edge-player-beyond-64-bits", mlem("action"), {"type": "stay", "player": 2**70}),
        ("edge-crashes-beyond-64-bits", mlem("state"), _with(TAKEOFF_STATE, "crashes", 2**70)),
        ("edge-unicode-type", mlem("action"), {"type": "st\u0430y", "player": 0}),
        ("edge-empty-request", ("protocol", "request"), {}),
        ("edge-start-request", ("protocol", "request"), {"cmd": "start", "seq": 0, "protocol": 1}),
    ]
    return cases


CASES = _cases()


def _verdicts(module: Any) -> dict[str, tuple[bool, list[str]]]:
    return {
        case_id: (module.is_valid(*schema, doc), module.validation_errors(*schema, doc))
        for case_id, schema, doc in CASES
    }


@pytest.fixture(scope="module")
def both() -> dict[str, tuple[tuple[bool, list[str]], tuple[bool, list[str]]]]:
    """Every case's (is_valid, validation_errors) with jsonschema-rs, then without it."""
    pytest.importorskip("jsonschema_rs", reason="the fast path needs jsonschema-rs (the `fast` extra)")
    assert importlib.reload(schemas).FAST
    fast = _verdicts(schemas)
    try:
        with pytest.MonkeyPatch.context() as mp:
            mp.setitem(sys.modules, "jsonschema_rs", None)
            pure_module = importlib.reload(schemas)
            assert pure_module.FAST is False
            with pytest.raises(ModuleNotFoundError, match="tabletop-referee\\[fast\\]"):
                pure_module.fast_validator("mlem", "action")
            pure = _verdicts(pure_module)
    finally:
        importlib.reload(schemas)  # jsonschema-rs back for the tests that follow
    assert schemas.FAST
    return {case_id: (fast[case_id], pure[case_id]) for case_id in fast}


def test_the_cases_cover_both_verdicts(both) -> None:
    verdicts = [fast_valid for (fast_valid, _), _ in both.values()]
    assert verdicts.count(True) >= 30 and verdicts.count(False) >= 30


@pytest.mark.parametrize("case_id", [c[0] for c in CASES])
def test_without_jsonschema_rs_the_verdict_is_the_same(both, case_id: str) -> None:
    (fast_valid, fast_errors), (pure_valid, pure_errors) = both[case_id]
    assert pure_valid == fast_valid
    assert pure_errors == fast_errors
    assert (fast_errors == []) == fast_valid  # the two questions agree with each other too


def test_a_fresh_interpreter_without_jsonschema_rs_validates(tmp_path: Path) -> None:
    """No reload tricks: a process where jsonschema_rs cannot be imported at all."""
    script = (
        "import sys; sys.modules['jsonschema_rs'] = None\n"
        "from tabletop_referee import schemas\n"
        "assert not schemas.FAST\n"
        "print(schemas.is_valid('mlem', 'action', {'type': 'stay', 'player': 0}),"
        " schemas.validation_errors('mlem', 'action', {'type': 'stay'}))\n"
    )
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "True [\"$: 'player' is a required property\"]"
