"""The input boundary's fast path (a test on the text) never lets through what the exact walk
refuses: it may only say "surely within the limits" when the walk agrees."""

from __future__ import annotations

import json

from hypothesis import given, settings, strategies as st

from tabletop_referee import loading
from tabletop_referee.loading import LIMITS, LoadError, parse_json

scalars = st.one_of(
    st.none(), st.booleans(),
    st.integers(min_value=-10 ** 45, max_value=10 ** 45),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(alphabet="[]{}\"\\ab1", max_size=12),
)
documents = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(alphabet="[]{}ab", max_size=4), inner, max_size=4)),
    max_leaves=40)


def nested(depth: int, inner: object = 0) -> object:
    doc = inner
    for i in range(depth):
        doc = [doc] if i % 2 else {"k": doc}
    return doc


@settings(max_examples=400, deadline=None)
@given(doc=documents, depth=st.integers(min_value=0, max_value=80))
def test_the_fast_path_only_passes_what_the_walk_passes(doc, depth):
    text = json.dumps(nested(depth, doc))
    if loading._plain_text(text):
        assert loading._plain_json(json.loads(text))


def test_the_fast_path_is_taken_for_ordinary_answers_and_refuses_each_limit():
    assert loading._plain_text(json.dumps({"state": {"spaces": list(range(30)), "name": "x[]y"}}))
    assert not loading._plain_text("1" * (LIMITS.max_int_digits + 1))
    assert not loading._plain_text("[" * (LIMITS.max_depth + 1) + "]" * (LIMITS.max_depth + 1))
    assert not loading._plain_text('"' + "a" * (LIMITS.max_string + 1) + '"')


def test_parse_json_still_refuses_past_every_limit_with_a_path():
    for text, pointer in (
        ('{"a": [' + "1" * (LIMITS.max_int_digits + 1) + "]}", "$.a[0]"),
        ('{"a": NaN}', "$.a"),
        ('{"a": 1e999}', "$.a"),
        ("[" * (LIMITS.max_depth + 1) + "]" * (LIMITS.max_depth + 1), None),
    ):
        try:
            parse_json(text, "answer")
        except LoadError as exc:
            if pointer:
                assert pointer in str(exc), str(exc)
        else:
            raise AssertionError(f"accepted {text[:40]!r}")
    assert parse_json('{"space": 7.0, "p": "[]"}') == {"space": 7, "p": "[]"}
