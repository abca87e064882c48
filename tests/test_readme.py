"""The README's promises: two commands first, and its Python example runs as written."""

from __future__ import annotations

import re
from pathlib import Path

README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
CI = (Path(__file__).resolve().parents[1] / ".ci" / "run").read_text(encoding="utf-8")


def test_readme_opens_with_the_two_commands():
    blocks = re.findall(r"```sh\n(.*?)```", README, re.S)
    first, second = blocks[0].strip(), blocks[1].strip()
    assert README.index("```sh") < README.index("## ")
    assert "referee" in first and "pip install" in first
    assert "pytest" in second and "pip install" in second
    assert second in CI, ".ci/run must run the README's test command"


def test_readme_python_example_runs():
    code = re.findall(r"```python\n(.*?)```", README, re.S)
    assert code
    namespace: dict = {}
    exec(compile(code[0], "README.md", "exec"), namespace)  # noqa: S102
    t = namespace["t"]
    assert t.state.phase == "move"
    assert [(e.type, e.clause) for e in t.events] == [("rolled", "travel.roll")]
