"""Where the documentation lives: the base URL of the links the referee prints.

Failure lines, ``referee init`` and ``disputes show`` link the documentation's pages. No
documentation site is published yet: nothing in the repository deploys one, so a link to a
site address would be a guess. By default the links therefore go to the pages' Markdown
sources in the repository (:data:`DOCS_URL`; the ``Documentation`` Project-URL is its index), which are the
same files the installed package carries and ``referee docs --site DIR`` builds a site from.
``REFEREE_DOCS_URL`` points them at a built site instead: a URL of a published one, or a folder
built with ``referee docs --site`` (then links are ``file://`` paths); pages are then ``.html``.
"""

from __future__ import annotations

import os
from pathlib import Path

REPOSITORY = "https://github.com/tabletop-referee/tabletop-referee"
"""The source repository (pyproject.toml's Source URL, the homepage the reference adapter announces)."""
DOCS_URL = REPOSITORY + "/blob/main/docs/"
"""The documentation's Markdown sources in the repository: the default base of every docs link,
since no site is published (pyproject.toml's Documentation URL is its ``index.md``)."""


def docs_base() -> str:
    """The base URL every documentation link starts with, ending in ``/``."""
    base = os.environ.get("REFEREE_DOCS_URL", "").strip() or DOCS_URL
    if "://" not in base:  # a local folder (a built site): a file URL
        base = Path(base).resolve().as_uri()
    return base if base.endswith("/") else base + "/"


def docs_page(page: str, anchor: str | None = None) -> str:
    """The URL of one page (``mlem/clauses/crash.html``), with an anchor: the built page under a
    site's base (``REFEREE_DOCS_URL``), else its Markdown source in the repository (``.md``)."""
    base = docs_base()
    if base == DOCS_URL and page.endswith(".html"):
        page = page[: -len(".html")] + ".md"
    return base + page + (f"#{anchor}" if anchor else "")


def clause_page(game: str, clause: str) -> str | None:
    """The URL of a clause on the site (its rule area's page, anchored at the clause); None for
    an id the game's spec does not have."""
    found = clause_info(game, clause)
    return docs_page(f"{game}/clauses/{found[1]}.html", clause) if found else None


def clause_info(game: str, clause: str) -> tuple[str, str, str] | None:
    """(title, area, one-line rule text) of a clause of ``game``'s spec, or None."""
    from .spec import load_spec  # lazy: the spec (and YAML) only when a link is asked for

    try:
        spec = load_spec(game)
    except Exception:  # noqa: BLE001  (no spec, no link: a report still renders)
        return None
    for c in spec.clauses:
        if c.id == clause:
            return c.title, c.area, one_line(c.text)
    return None


def one_line(text: str, limit: int = 160) -> str:
    """The first sentence of a text, on one line, at most ``limit`` characters."""
    flat = " ".join(str(text).split())
    end = flat.find(". ")
    first = flat[: end + 1] if end != -1 else flat
    return first if len(first) <= limit else first[: limit - 1].rstrip() + "…"


def scenario_page(game: str, clause: str, vector_id: str) -> str | None:
    """The docs page showing the scenario a vector was exported from (its clause's area page,
    anchored at the vector id): the feature file's line, in a form that resolves without a checkout."""
    found = clause_info(game, clause)
    return docs_page(f"{game}/clauses/{found[1]}.html", vector_id) if found else None


STDOUT_NOISE = " is not JSON: "
"""What the conformance client's message says when an adapter's stdout carries another line."""


def unclaimed(report: dict[str, object], result: dict[str, object]) -> list[str]:
    """The profiles of a result none of which the adapter claims (empty: claimed, or no claim)."""
    block = report.get("profiles")
    claimed = block.get("claimed") if isinstance(block, dict) else None
    profiles = result.get("profiles")
    if claimed is None or not isinstance(profiles, list) or not profiles:
        return []
    return [] if set(profiles) & set(claimed) else [str(p) for p in profiles]


def failure_notes(report: dict[str, object], result: dict[str, object]) -> list[str]:
    """Lines a failing vector's text adds so the failure leads to the rule: each clause's title,
    one line of its text and its docs link; the scenario's docs page; a profile the adapter did
    not claim; a hint when the adapter's stdout carried a line that is not JSON."""
    game = str(report.get("game"))
    out = []
    clauses = [str(c) for c in result.get("clauses") or []]  # type: ignore[attr-defined]
    for clause in clauses:
        info = clause_info(game, clause)
        if info is None:
            continue
        title, _, text = info
        out.append(f"  rule {clause}: {title}. {text}")
        out.append(f"    {clause_page(game, clause)}")
    if clauses and result.get("source"):
        page = scenario_page(game, clauses[0], str(result.get("id")))
        if page:
            out.append(f"  scenario: {page}")
    outside = unclaimed(report, result)
    if outside:
        out.append(f"  profile {', '.join(outside)}: not claimed by the adapter")
    if STDOUT_NOISE in str(result.get("message", "")):
        out.append("  hint: the adapter wrote a line that is not JSON on stdout, which carries only the "
                   "protocol: log on stderr instead")
    return out
