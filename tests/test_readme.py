"""The README's promises: two commands first, and its Python example runs as written."""

from __future__ import annotations

import re

import pytest
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


# -- the tour ---------------------------------------------------------------------------------
# Every line of the README's "A short tour" block is run as pasted after the first README
# command: from a copy of the checkout's tracked files (a fresh checkout, with its .venv),
# so the files a line writes land in the copy. Lines that run Node skip, one by one, when
# `node` is not installed; no other line is ever skipped.

import shutil
import subprocess
import sys

ROOT = Path(__file__).resolve().parents[1]
NEEDS_NODE = "needs Node.js"


def tour_lines() -> list[str]:
    section = README[README.index("## A short tour"):]
    block = re.search(r"```sh\n(.*?)```", section, re.S)
    assert block, "the tour has no sh block"
    return [ln for ln in block.group(1).splitlines() if ln.strip()]


def _git_status() -> str:
    return subprocess.run(["git", "status", "--porcelain", "--untracked-files=all"], cwd=ROOT,
                          capture_output=True, text=True, check=True).stdout


_TOUR: dict[str, object] = {}


def _tour_dir(tmp_path_factory) -> Path:
    if "dir" not in _TOUR:
        where = tmp_path_factory.mktemp("tour")
        # the files a fresh checkout would hold: tracked ones and new ones not ignored, as they are now
        files = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                               capture_output=True, check=True).stdout
        for name in filter(None, files.decode().split("\0")):
            src = ROOT / name
            if src.is_file():
                (where / name).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(src, where / name)
        (where / ".venv").symlink_to(Path(sys.prefix))  # the venv the first README command made
        _TOUR["dir"] = where
        _TOUR["status"] = _git_status()
        _TOUR["ran"] = 0
    return _TOUR["dir"]  # type: ignore[return-value]


def test_tour_marks_every_node_line():
    lines = tour_lines()
    assert len(lines) >= 15
    for line in lines:
        assert line.startswith((".venv/bin/referee ", "printf ", "echo ")), line
        assert (" node " in line or '"node ' in line) == (NEEDS_NODE in line), line


def _run_tour_line(line: str, where: Path) -> subprocess.CompletedProcess:
    _TOUR["ran"] = int(_TOUR["ran"]) + 1  # type: ignore[call-overload]
    done = _TOUR.setdefault("done", set())
    done.add(line)  # type: ignore[attr-defined]
    return subprocess.run(["bash", "-c", "set -o pipefail; " + line], cwd=where, capture_output=True, text=True,
                          stdin=subprocess.DEVNULL)


def _runnable(line: str) -> bool:
    return NEEDS_NODE not in line or shutil.which("node") is not None


# The tour is read top to bottom (a line may read what an earlier one wrote: `report r.json`),
# so its tests share one folder (and, under pytest-xdist's --dist loadscope, one worker); a
# line run alone or out of order first runs the earlier lines not yet run in its folder.
@pytest.mark.parametrize("line", tour_lines(), ids=lambda ln: re.sub(r"\s+", " ", ln.split("#")[0])[:60])
def test_tour_line_runs(line, tmp_path_factory):
    if not _runnable(line):
        pytest.skip("node is not installed: this tour line runs the JavaScript implementation")
    where = _tour_dir(tmp_path_factory)
    lines = tour_lines()
    for earlier in lines[:lines.index(line)]:
        if _runnable(earlier) and earlier not in _TOUR.get("done", set()):  # type: ignore[operator]
            _run_tour_line(earlier, where)  # its own test reports its failure
    proc = _run_tour_line(line, where)
    assert proc.returncode == 0, f"{line}\nexit {proc.returncode}\n{proc.stderr[-2000:]}\n{proc.stdout[-2000:]}"


def test_tour_leaves_the_checkout_clean(tmp_path_factory):
    if not _TOUR.get("ran"):  # run alone: run the lines that need nothing else first
        for line in tour_lines():
            if _runnable(line):
                test_tour_line_runs(line, tmp_path_factory)
    assert _git_status() == _TOUR["status"], "a tour line changed the checkout"
