"""A plain install against the `fast` extra: `referee conform --game mlem`, side by side in one run.

Run:  python benchmarks/plain_install.py [--runs 1]

1. Two fresh virtual environments are made in a temporary folder: one with a plain
   `pip install CHECKOUT`, one with `pip install 'CHECKOUT[fast]'` (from the package index
   pip is set up with; nothing is downloaded when the wheels are cached).
2. In each, `referee conform --game mlem -q` runs ``--runs`` times; the CPU time of the
   command (user + system, the adapter process included) is the figure, as wall time on a
   shared machine says little.
3. For comparison the same command in this environment with jsonschema-rs hidden
   (``sys.modules["jsonschema_rs"] = None``: the pure-Python fallback), which is what a plain
   install gave before jsonschema-rs became a dependency on CPython.

The headline is the ratio plain / fast (issue 27's target: within 1.5x). Every figure is
measured in this run; only ratios carry over between machines.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONFORM = "import sys; {hide}from tabletop_referee.cli import main; sys.exit(main(['conform', '--game', 'mlem', '-q']))"


def cpu_of(argv: list[str], cwd: Path) -> float:
    """CPU seconds (user + system) of ``argv`` and its children."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    proc = subprocess.run(argv, cwd=cwd, capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(argv[:3])} ... failed ({proc.returncode}): {proc.stderr[-500:]}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def make_env(where: Path, spec: str) -> Path:
    venv.EnvBuilder(with_pip=True).create(where)
    python = where / "bin" / "python"
    subprocess.run([str(python), "-m", "pip", "install", "-q", spec], check=True, cwd=where,
                   env={**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"})
    return python


def best(python: Path, runs: int, cwd: Path, hide: bool = False) -> float:
    code = CONFORM.format(hide="sys.modules['jsonschema_rs'] = None; " if hide else "")
    return min(cpu_of([str(python), "-c", code], cwd) for _ in range(runs))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1, help="runs per environment; the least CPU time counts")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        plain = make_env(work / "plain", str(ROOT))
        fast = make_env(work / "fast", f"{ROOT}[fast]")
        has_rs = subprocess.run([str(plain), "-c", "import jsonschema_rs"], capture_output=True).returncode == 0
        t_fast = best(fast, args.runs, work)
        t_plain = best(plain, args.runs, work)
        t_fallback = best(Path(sys.executable), args.runs, work, hide=True)
    print(f"referee conform --game mlem, CPU seconds (best of {args.runs}):")
    print(f"  pip install '.[fast]'                      {t_fast:7.1f}  (baseline)")
    print(f"  pip install .  (jsonschema-rs {'installed' if has_rs else 'missing'})       {t_plain:7.1f}  "
          f"({t_plain / t_fast:.2f}x the fast install; target: within 1.5x)")
    print(f"  pure-Python fallback (jsonschema-rs hidden) {t_fallback:7.1f}  ({t_fallback / t_fast:.2f}x)")


if __name__ == "__main__":
    main()
