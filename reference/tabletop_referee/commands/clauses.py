"""``referee clauses``: every clause of a game with its confidence, sources and scenarios."""

from __future__ import annotations

import argparse
from collections import Counter
from typing import Any

from ..spec import coverage, load_spec, spec_problems
from ..output import dumps
from .common import EXIT_FAILED, EXIT_OK, emit, game_arg


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("clauses", help="list the clauses of a game with their sources and scenarios",
                       description="Lists every clause of a game's spec: id, confidence, number of "
                                   "scenarios, title and sources, each source with how it backs the "
                                   "clause (states, implies or context) where the spec says; exit 1 if "
                                   "a clause has no scenario or the spec has another problem.")
    p.add_argument("--game", type=game_arg, required=True, help="the game id (referee clauses --game mlem)")
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    spec = load_spec(args.game)
    table = coverage(args.game)
    rows: list[dict[str, Any]] = []
    for c in spec.clauses:
        scenarios = table.get(c.id, [])
        rows.append(
            {
                "id": c.id,
                "title": c.title,
                "confidence": c.confidence,
                "sources": [dict(s) for s in c.sources],
                "options": list(c.options),
                "disputes": list(c.disputes),
                "scenarios": len(scenarios),
                "scenario_refs": [f"{s.feature}:{s.line}" for s in scenarios],
            }
        )
    problems = spec_problems(args.game)
    if args.json:
        doc = {"game": args.game, "clauses": rows, "problems": problems}
        emit(dumps(doc, indent=2) + "\n")
    else:
        width = max(len(r["id"]) for r in rows)
        lines = []
        for r in rows:
            srcs = ", ".join(str(s.get("tag", "?")) + (f" {s['backs']}" if s.get("backs") else "")
                             for s in r["sources"])
            lines.append(
                f"{r['id']:<{width}}  {r['confidence']:<11}  {r['scenarios']:>3}  {r['title']}  [{srcs}]"
            )
        counts = Counter(r["confidence"] for r in rows)
        lines.append("")
        lines.append(
            f"{len(rows)} clauses ({', '.join(f'{n} {k}' for k, n in sorted(counts.items()))}), "
            f"{sum(r['scenarios'] for r in rows)} scenario citations"
        )
        lines += [f"problem: {p}" for p in problems]
        emit("\n".join(lines) + "\n")
    return EXIT_FAILED if problems else EXIT_OK
