"""Every documentation page that shows a command line says whether it needs a checkout (issue
28): a reader with only `pip install tabletop-referee` must know, before pasting, whether the
command will find what it reads (`tests/`, `tools/`, `examples/` by a relative path, ...)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
DOCS = REPO / "docs"

MARKER = re.compile(r"^> \*\*Checkout needed\?\*\* (No|Yes|Partly)\b(.*)$", re.M)
"""The one sentence each such page carries: No (everything runs from an installed package),
Yes, or Partly (then it names what needs one)."""
SHELL_BLOCK = re.compile(r"^```(sh|console|bash|shell)\n(.*?)^```", re.M | re.S)
INLINE = re.compile(r"(?:referee \S+|python3?|pip|node|npm|\.venv/bin/\S+) \S")
"""An inline command line: a program and at least one argument (``referee explain`` alone is a
name, not a command)."""
NEEDS_CHECKOUT = re.compile(r"(?:^|[\s'\"=(])(?:tools/|tests/|benchmarks/|features/|\.ci/|examples/|"
                            r"docs/[\w-]+/[\w.-]+\.(?:ya?ml|json)\b)|"
                            r"pip install -e|-m pytest|vectors export|assign-ids|referee playthroughs|"
                            r"referee docs --game(?![^\n]*(?:--site|-o |--output))")
"""What only a source checkout has: its folders (the example files too, when named by a path
relative to the current folder: ``examples/...``, or a game's own ``docs/<game>/position.yaml``),
an editable install, the test suite, and the commands that rewrite the checkout's own files."""


def commands(text: str) -> list[str]:
    text = re.sub(r"<!--.*?-->", "", text, flags=re.S)
    found = []
    for lang, block in SHELL_BLOCK.findall(text):
        for line in block.splitlines():
            if lang == "console":  # a transcript: only the prompted lines are commands
                if line.startswith("$ "):
                    found.append(line[2:])
            elif line.strip() and not line.lstrip().startswith("#"):
                found.append(line)
    prose = SHELL_BLOCK.sub("", re.sub(r"^```.*?^```", "", text, flags=re.M | re.S))
    found += [span for span in re.findall(r"`([^`\n]+)`", prose) if INLINE.match(span)]
    return [c for c in found if "--help" not in c]


def pages() -> list[Path]:
    return sorted(p for p in DOCS.rglob("*.md") if commands(p.read_text(encoding="utf-8")))


def test_the_pages_with_commands_are_found():
    found = {p.relative_to(DOCS).as_posix() for p in pages()}
    assert {"conformance.md", "getting-started.md", "explain.md", "mlem/positions.md", "mlem/disputes.md"} <= found


@pytest.mark.parametrize("page", pages(), ids=lambda p: p.relative_to(DOCS).as_posix())
def test_every_page_with_a_command_says_whether_it_needs_a_checkout(page):
    text = page.read_text(encoding="utf-8")
    said = MARKER.findall(text)
    assert len(said) == 1, f"{page.relative_to(REPO)}: one '> **Checkout needed?** No|Yes|Partly ...' line"
    answer, rest = said[0]
    needing = [c for c in commands(text) if NEEDS_CHECKOUT.search(c)]
    if answer == "No":
        assert not needing, f"{page.relative_to(REPO)} says No, but these need a checkout: {needing[:3]}"
    else:
        assert needing, f"{page.relative_to(REPO)} says {answer}, but no command on it needs a checkout"
        assert rest.strip(), "say which commands need one"
