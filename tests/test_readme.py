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


_FILE = re.compile(r"[\w./-]+\.(?:json|jsonl|xml|html|md)\b|[\w-]+/(?=\s|$)")


def _made_files(line: str) -> set[str]:
    """The relative files a line names that a fresh checkout lacks: what an earlier tour line
    writes and a later one may read (``conform --report r.json`` .. ``report r.json``)."""
    command = line.split("#")[0]
    return {name.rstrip("/") for name in _FILE.findall(command)
            if not (ROOT / name).exists() and not name.startswith(".venv")}


def tour_groups(lines: list[str]) -> list[list[str]]:
    """The tour's lines in groups that share no file a line writes: each group runs in order, in
    a copy of the checkout, and the groups run in parallel (one pytest-xdist scope each)."""
    groups: list[tuple[set[str], list[str]]] = []
    for line in lines:
        made = _made_files(line)
        joined = [g for g in groups if g[0] & made]
        for g in joined:
            groups.remove(g)
        files = set(made).union(*(g[0] for g in joined))
        members = [ln for ln in lines if any(ln in g[1] for g in joined)] + [line]
        groups.append((files, members))
    return sorted((g[1] for g in groups), key=lambda m: lines.index(m[0]))


def _git_status() -> str:
    return subprocess.run(["git", "status", "--porcelain", "--untracked-files=all"], cwd=ROOT,
                          capture_output=True, text=True, check=True).stdout


_COPY: dict[str, Path] = {}
_DONE: dict[int, set[str]] = {}


def _copy_of_the_checkout(tmp_path_factory) -> Path:
    """One copy per test process: the groups a process runs share it, one after the other (no
    two groups write the same file, see :func:`tour_groups`)."""
    if "dir" not in _COPY:
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
        _COPY["dir"] = where
    return _COPY["dir"]


def _run_tour_line(line: str, where: Path, done: set[str]) -> subprocess.CompletedProcess:
    done.add(line)
    return subprocess.run(["bash", "-c", "set -o pipefail; " + line], cwd=where, capture_output=True, text=True,
                          stdin=subprocess.DEVNULL)


def _runnable(line: str) -> bool:
    return NEEDS_NODE not in line or shutil.which("node") is not None


def test_tour_marks_every_node_line():
    lines = tour_lines()
    assert len(lines) >= 15
    for line in lines:
        assert line.startswith((".venv/bin/referee ", "printf ", "echo ")), line
        assert (" node " in line or '"node ' in line) == (NEEDS_NODE in line), line


def test_tour_groups_keep_every_line_after_what_it_reads():
    """Each line is in exactly one group, in README order; a line naming a file that an earlier
    line writes is in that line's group (``report r.json`` after ``conform --report r.json``)."""
    lines = tour_lines()
    groups = tour_groups(lines)
    assert sorted(ln for g in groups for ln in g) == sorted(lines)
    assert all(g == sorted(g, key=lines.index) for g in groups)
    report = next(ln for ln in lines if " report r.json" in ln)
    assert any(report in g and any("--report r.json" in ln for ln in g) for g in groups)
    assert len(groups) > len(lines) // 2, "most tour lines stand alone and run in parallel"


def _run_in_group(group: int, line: str, tmp_path_factory) -> None:
    if not _runnable(line):
        pytest.skip("node is not installed: this tour line runs the JavaScript implementation")
    members = tour_groups(tour_lines())[group]
    where = _copy_of_the_checkout(tmp_path_factory)
    done = _DONE.setdefault(group, set())
    for earlier in members[:members.index(line)]:  # a line run alone first runs what it reads
        if _runnable(earlier) and earlier not in done:
            _run_tour_line(earlier, where, done)  # its own test reports its failure
    before = _git_status()
    proc = _run_tour_line(line, where, done)
    assert proc.returncode == 0, f"{line}\nexit {proc.returncode}\n{proc.stderr[-2000:]}\n{proc.stdout[-2000:]}"
    assert _git_status() == before, f"{line}\nchanged the checkout, not its copy"


# One class per group: pytest-xdist's --dist loadscope sends each class to one worker, so the
# groups run in parallel and the lines of a group in README order, in its process's copy of the checkout.
def _tour_class(group: int, members: list[str]) -> type:
    @pytest.mark.parametrize("line", members, ids=lambda ln: re.sub(r"\s+", " ", ln.split("#")[0])[:60])
    def test_tour_line_runs(self, line, tmp_path_factory):
        _run_in_group(group, line, tmp_path_factory)
    return type(f"TestTour{group:02d}", (), {"test_tour_line_runs": test_tour_line_runs})


for _group, _members in enumerate(tour_groups(tour_lines())):
    globals()[f"TestTour{_group:02d}"] = _tour_class(_group, _members)
