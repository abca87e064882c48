"""Conformance profiles and the run's verdict (docs/conformance.md, "Profiles and the verdict").

A game names the parts of its suite (``Probes.conformance_profiles``) and sorts every vector
into them (``Probes.vector_profiles``: ``base`` plus one profile per kind of requirement). An
adapter claims profiles in its ``start`` answer (``"profiles": [...]``). A vector is *in scope*
when every profile it belongs to is claimed (``base`` is always implied by a claim). The run
passes only when:

- at least one vector was executed (a run that skips everything proves nothing);
- no executed vector failed (failed, errored, timeout, crashed, xpass);
- no vector in scope was skipped, unless an expectations entry lists it (``skip`` with a reason)
  or the adapter's own ``board`` differs in a provisional field the vector depends on;
- every claimed profile is one the suite knows.

Each claimed profile gets a verdict: *conformant* when every vector of it in the selection ran
and passed, otherwise *not conformant* with the reason. A vector counts toward each profile it
names beyond ``base``, and toward ``base`` only when it names no other.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from .runner import COUNTED_FAILED

EXECUTED = ("passed", "failed", "errored", "timeout", "crashed", "xfail", "xpass")


def claimed_profiles(hello: Mapping[str, Any]) -> list[str] | None:
    """The profiles a ``start`` answer claims (``None`` when it claims none: protocol-1 style)."""
    given = hello.get("profiles")
    if not isinstance(given, list):
        return None
    return list(dict.fromkeys(p for p in given if isinstance(p, str)))


def in_scope(profiles: Iterable[str], claimed: list[str] | None) -> bool:
    if not claimed:
        return False
    return set(profiles) <= {"base", *claimed}


def counts_for(name: str, profiles: Iterable[str]) -> bool:
    """Whether a vector with ``profiles`` counts toward the verdict of profile ``name``: for each
    profile it names beyond ``base``; for ``base`` only when it names nothing else (so a failing
    variant vector makes ``variants`` not conformant, not ``base``)."""
    profiles = set(profiles)
    return name in profiles and (name != "base" or profiles == {"base"})


def listed_skip(result: Mapping[str, Any]) -> bool:
    """A skip not held against a claimed profile: an expectations entry asked for it (with a
    reason), or the adapter's own board differs in a provisional field the vector depends on."""
    if result["status"] != "skipped":
        return False
    exp = result.get("expectation")
    return bool(result.get("excused")) or (isinstance(exp, dict) and exp.get("status") == "skip")


def family(result: Mapping[str, Any]) -> str:
    """The vector a result tests (a sibling's ``reading_of``, else its own id)."""
    return str(result.get("reading_of") or result["id"])


def judge(results: list[dict[str, Any]], *, claimed: list[str] | None, known: Mapping[str, str],
          suite_profiles: list[tuple[str, ...]], stopped: str | None = None) -> dict[str, Any]:
    """The ``profiles`` and ``verdict`` blocks of the report.

    ``results`` are the report's results (each with ``profiles``); ``suite_profiles`` the
    profiles of every loaded vector (to say how much of a profile the selection holds).
    """
    verdicts = []
    reasons: list[str] = []
    ran = {family(r) for r in results if r["status"] in EXECUTED}
    for name in claimed or []:
        if name not in known:
            verdicts.append({"profile": name, "conformant": False, "vectors": 0, "in_suite": 0, "passed": 0,
                             "not_applicable": [], "note": "",
                             "not_passed": [], "skipped": [], "listed_skips": [], "xfail": [],
                             "why": f"the suite has no profile {name!r} (profiles: {', '.join(known)})"})
            reasons.append(f"the adapter claims an unknown profile {name!r}")
            continue
        mine = [r for r in results if counts_for(name, r["profiles"]) and in_scope(r["profiles"], claimed)]
        in_suite = sum(1 for ps in suite_profiles if counts_for(name, ps) and in_scope(ps, claimed))
        passed = sum(r["status"] == "passed" for r in mine)
        bad = [r["id"] for r in mine if r["status"] in COUNTED_FAILED]
        xfail = [r["id"] for r in mine if r["status"] == "xfail"]
        skipped = [r["id"] for r in mine if r["status"] == "skipped" and not listed_skip(r)]
        listed = [r["id"] for r in mine if listed_skip(r) and not r.get("excused")]
        other_board = [r["id"] for r in mine if r["status"] == "skipped" and r.get("excused") == "board"]
        reading = [r for r in mine if r["status"] == "skipped" and r.get("excused") in ("reading", "vocabulary")]
        families = {family(r) for r in mine}
        uncovered = sorted({family(r) for r in reading} - ran)
        why = []
        if not mine:
            why.append("no vector of this profile was selected")
        if bad:
            why.append(f"{len(bad)} failed")
        if skipped:
            why.append(f"{len(skipped)} skipped")
        if listed:
            why.append(f"{len(listed)} skipped by the expectations file")
        if xfail:
            why.append(f"{len(xfail)} known failure(s) (xfail)")
        if stopped and mine and passed + len(bad) + len(xfail) + len(skipped) + len(listed) < in_suite:
            why.append(f"the run stopped early ({stopped})")
        if families and len(uncovered) * 2 > len(families):
            why.append(f"{len(uncovered)} of its {len(families)} vectors hold under no reading the adapter "
                       "follows (most of the profile untested)")
        notes = []
        if other_board:
            notes.append(f"{len(other_board)} not applicable to the adapter's board (a provisional field differs)")
        if uncovered:
            notes.append(f"{len(uncovered)} not applicable under the adapter's readings (their subject does not "
                         "arise there)")
        note = "; ".join(notes)
        excused = len(other_board) + len(reading)
        verdicts.append({"profile": name, "conformant": passed > 0 and passed + excused == len(mine) and not why,
                         "not_applicable": other_board + [r["id"] for r in reading], "note": note,
                         "families": len(families), "families_run": len(families & ran),
                         "vectors": len(mine), "in_suite": in_suite, "passed": passed, "not_passed": bad,
                         "skipped": skipped, "listed_skips": listed, "xfail": xfail,
                         "why": "; ".join(why)})
        if families and len(uncovered) * 2 > len(families):
            reasons.append(f"claimed profile {name}: {len(uncovered)} of its {len(families)} vectors hold under no "
                           f"reading the adapter announces (first: {uncovered[0]}); announce the readings you follow, "
                           f"or do not claim {name}")
        if skipped:
            reasons.append(f"{len(skipped)} vector(s) of claimed profile {name} skipped "
                           f"(first: {skipped[0]}); list them in an expectations file with a reason, or do not claim {name}")
    executed = sum(r["status"] in EXECUTED for r in results)
    if executed == 0:
        reasons.insert(0, f"no vector was executed ({len(results)} selected, all skipped): a run without evidence cannot pass")
    failed = sum(r["status"] in COUNTED_FAILED for r in results)
    if failed:
        reasons.insert(0, f"{failed} vector(s) failed")
    return {
        "profiles": {"known": dict(known), "claimed": claimed, "verdicts": verdicts},
        "verdict": {"passed": not reasons, "executed": executed, "reasons": reasons},
    }


def verdict_lines(report: Mapping[str, Any]) -> list[str]:
    """The per-profile lines of the text summary."""
    block = report.get("profiles") or {}
    claimed = block.get("claimed")
    out = []
    if claimed is None:
        out.append(f"profiles: the adapter claims none (profiles of this suite: {', '.join(block.get('known', {}))}); "
                   "skips are not held against it")
    else:
        out.append(f"profiles claimed: {', '.join(claimed) or 'none'}")
        width = max([len(v["profile"]) for v in block.get("verdicts", [])] + [0])
        for v in block.get("verdicts", []):
            word = "conformant" if v["conformant"] else "NOT conformant"
            count = f"{v['passed']}/{v['vectors']} passed"
            if v["in_suite"] > v["vectors"]:
                count += f" (selection: {v['vectors']} of {v['in_suite']} in the suite)"
            out.append(f"  {v['profile']:<{width}}  {word}: {count}" + (f"; {v['why']}" if v["why"] else "")
                       + (f"; {v['note']}" if v.get("note") else ""))
    return out
