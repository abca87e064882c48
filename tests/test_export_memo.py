"""The export asks the reference oracle through a memo (tabletop_referee.vectors.memo_passes):
same answers as the oracle itself, one question per distinct document, exact equality only."""

from __future__ import annotations

import copy
import json
from pathlib import Path

from tabletop_referee.conformance.runner import reference_passes
from tabletop_referee.vectors import memo_passes

REPO = Path(__file__).resolve().parents[1]


def test_memo_answers_as_the_oracle_and_asks_each_document_once():
    asked: list[dict] = []

    def oracle(game, doc):
        asked.append(doc)
        return reference_passes(game, doc)

    memo = memo_passes(oracle)
    vectors = json.loads((REPO / "vectors" / "mlem" / "travel.json").read_text(encoding="utf-8"))["vectors"][:6]
    broken = copy.deepcopy(vectors[0])
    broken["expect"] = {"values": [{"pointer": "/state/rocket/space", "value": -1}]}
    docs = [*vectors, broken]
    first = [memo("mlem", d) for d in docs]
    assert first == [reference_passes("mlem", d) for d in docs] and False in first and True in first
    assert [memo("mlem", copy.deepcopy(d)) for d in docs] == first  # equal documents: no new question
    assert len(asked) == len(docs)
    # not equal as documents (1.0 for 1, another key order): asked again
    again = copy.deepcopy(broken)
    again["expect"]["values"][0]["value"] = -1.0
    reordered = dict(reversed(list(vectors[0].items())))
    assert memo("mlem", again) is False and memo("mlem", reordered) == first[0]
    assert len(asked) == len(docs) + 2
