"""The strength report of ``referee suite strength`` for people, and the committed one.

``spec/<game>/strength.json`` is the report of a full run (``referee suite strength --game G
--workers 2 --json spec/G/strength.json``); ``referee docs`` shows it on ``docs/<game>/strength.md``
and, per clause, on the rule area pages. Kept apart from :mod:`.strength` so the docs read it
without importing the runner.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from ..errors import MalformedInput
from ..loading import read_committed_report
from ..paths import spec_dir

FORMAT = 1
"""The format of the JSON report."""


def committed_path(game: str) -> Path:
    return spec_dir(game) / "strength.json"


def load_committed(game: str) -> dict[str, Any] | None:
    """The committed report of ``game``, or ``None`` when there is none."""
    return read_committed_report(committed_path(game), what="strength report", fmt=FORMAT)


def markdown(doc: Mapping[str, Any], *, clause_link: Callable[[str], str] | None = None) -> str:
    """The per-clause table (and per area, per kind, the survivors) as Markdown."""
    t = doc["totals"]
    lines = [
        f"Mutants of the reference engine: **{t['mutants']}**"
        + (f" (a sample of the full set)" if doc.get("sampled") else "")
        + f"; killed by the vectors: **{t['killed']}**; equivalent (listed with a reason): {t['equivalent']}; "
          f"known gaps (surviving, listed): **{t['known-gap']}**; unexplained survivors: **{t['survived']}**"
        + (f"; not applicable: {t['not-applied']}" if t["not-applied"] else "")
        + f". {doc['vectors']} vectors, {doc['seconds']:.0f} s.",
        "",
    ]

    def table(title: str, groups: Mapping[str, Any], link: Callable[[str], str] | None) -> None:
        lines.extend([f"### {title}", "", "| | mutants | killed | equivalent | surviving | killing vectors |",
                      "|---|---:|---:|---:|---:|---|"])
        for key, g in groups.items():
            killers = ", ".join(f"`{v}`" for v in g["killing_vectors"][:4])
            if len(g["killing_vectors"]) > 4:
                killers += f" and {len(g['killing_vectors']) - 4} more"
            name = link(key) if link else f"`{key}`"
            surviving = g["survived"] + g["known_gap"]
            lines.append(f"| {name} | {g['mutants']} | {g['killed']} | {g['equivalent']} | "
                         f"{f'**{surviving}**' if surviving else 0} | {killers} |")
        lines.append("")

    table("By clause", doc["clauses"], clause_link)
    table("By rule area", doc["areas"], None)
    table("By kind of mutant", doc["kinds"], None)
    if doc["readings"]:
        lines.extend(["### By reading", "", "| reading | clause | status | killed by |", "|---|---|---|---|"])
        for reading, r in doc["readings"].items():
            lines.append(f"| `{reading}` | `{r['clause']}` | {r['status']} | {('`' + r['killed_by'] + '`') if r['killed_by'] else ''} |")
        lines.append("")
    left = [m for m in doc["mutants"] if m["status"] in ("survived", "known-gap", "equivalent")]
    if left:
        lines.extend(["### Survivors and equivalent mutants", "",
                      "*survived*: not explained (CI fails); *known-gap*: a hole in the vectors, listed to be "
                      "closed; *equivalent*: no vector can tell it apart.", "",
                      "| mutant | clause | status | reason |", "|---|---|---|---|"])
        for m in sorted(left, key=lambda m: (m["status"] != "survived", m["status"], m["id"])):
            lines.append(f"| `{m['id']}` | `{m['clause']}` | {m['status']} | {m.get('reason', '')} |")
        lines.append("")
    return "\n".join(lines)


def base_id(vector_id: str) -> str:
    """The vector a sibling re-reads, from its id alone (``celestia-0008@jetpack_timing=in-window``
    → ``celestia-0008``, the inverse of ``readings.sibling_id``): a committed strength report
    names killing vectors by id only. A conformance result has ``reading_of``
    (``profiles.family``)."""
    return vector_id.split("@", 1)[0]


def catches(doc: Mapping[str, Any] | None) -> dict[str, list[dict[str, str]]]:
    """What each scenario is known to catch (issue 26): per base vector id, the mutants of the
    reference that the committed strength run saw it kill, each with its clause and what it
    breaks. A mutant is credited to the first vector that killed it (the run stops there, trying
    the vectors of the mutant's clause first), so a vector missing here may still catch bugs."""
    out: dict[str, list[dict[str, str]]] = {}
    for m in (doc or {}).get("mutants", []):
        if m.get("status") != "killed" or not m.get("killed_by"):
            continue
        out.setdefault(base_id(str(m["killed_by"])), []).append(
            {"mutant": str(m["id"]), "clause": str(m["clause"]), "description": str(m["description"])})
    return out


def catches_for(game: str) -> dict[str, list[dict[str, str]]]:
    """:func:`catches` of ``game``'s committed report; empty when the game has none or it cannot
    be read (a conformance report still renders without it)."""
    try:
        return catches(load_committed(game))
    except MalformedInput:
        return {}
