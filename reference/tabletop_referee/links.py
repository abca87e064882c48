"""Where the documentation lives: the base URL of the links the referee prints.

Failure lines, ``referee init`` and ``disputes show`` link the documentation site's pages. The
base is ``REFEREE_DOCS_URL`` when set (a URL, or a folder of a site built with ``referee docs
--site``: then links are ``file://`` paths), else the published site (:data:`DOCS_URL`, the
``Documentation`` Project-URL).
"""

from __future__ import annotations

import os
from pathlib import Path

DOCS_URL = "https://tabletop-referee.github.io/tabletop-referee/"
"""The published documentation site (pyproject.toml's Documentation URL)."""


def docs_base() -> str:
    """The base URL every documentation link starts with, ending in ``/``."""
    base = os.environ.get("REFEREE_DOCS_URL", "").strip() or DOCS_URL
    if "://" not in base:  # a local folder (a built site): a file URL
        base = Path(base).resolve().as_uri()
    return base if base.endswith("/") else base + "/"


def docs_page(page: str, anchor: str | None = None) -> str:
    """The URL of one page of the site (``mlem/clauses/crash.html``), with an anchor."""
    return docs_base() + page + (f"#{anchor}" if anchor else "")


def clause_page(game: str, clause: str) -> str | None:
    """The URL of a clause on the site (its rule area's page, anchored at the clause); None for
    an id the game's spec does not have."""
    found = clause_info(game, clause)
    return docs_page(f"{game}/clauses/{found[1]}.html", clause) if found else None


def clause_info(game: str, clause: str) -> tuple[str, str, str] | None:
    """(title, area, one-line rule text) of a clause of ``game``'s spec, or None."""
    from .spec import load_spec  # the spec is read only when a link is asked for

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
