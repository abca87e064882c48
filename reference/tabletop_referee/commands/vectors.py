"""``referee vectors``: export the feature scenarios as test vectors, or assign their ids."""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from ..games import load
from ..loading import parse_json, read_document
from ..paths import data_root
from ..perft import perft_vectors
from ..style import ProgressLine
from ..datavectors import DATA_FILE, DATA_SOURCE, VARIATIONS_FILE, VARIATIONS_SOURCE, generate, generate_variations
from ..vectors import assign_ids, dump, memo_passes, vector_file
from ..conformance.readings import READINGS_SOURCE, readings_file, siblings
from ..conformance.runner import reference_passes
from .common import EXIT_OK, UsageError, add_mode_help, game_arg, write_atomically


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("vectors", help="export the feature scenarios as test vectors, or assign their ids",
                       description="export: runs the game's feature scenarios and writes what they check as "
                                   "language-neutral vectors (docs/vectors.md), plus the perft vectors of "
                                   "spec/GAME/perft.yaml; assign-ids: gives every scenario without one an @id tag. "
                                   "'referee vectors export --help' shows one action's help.", add_help=False)
    add_mode_help(p, "action", {
        "export": ("Runs the game's feature scenarios (from a source checkout, with the test extras) and writes "
                   "what they check as language-neutral vectors (docs/vectors.md), plus the perft vectors of "
                   "spec/GAME/perft.yaml and the vectors generated from whole games on the shipped data.",
                   ("game", "output")),
        "assign-ids": ("Gives every feature scenario of the game without an @id tag one (in a source checkout).",
                       ("game",)),
    })
    p.add_argument("action", choices=["export", "assign-ids"], help="what to do")
    p.add_argument("--game", type=game_arg, required=True, help="the game id")
    p.add_argument("--output", "-o", help="folder for the vector files (default: vectors/<game>)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.action == "assign-ids":
        added = assign_ids(args.game)
        print(f"{len(added)} ids assigned" + (f" ({added[0]} .. {added[-1]})" if added else ""))
        return EXIT_OK
    game = load(args.game)
    root = data_root()
    tests = root / game.info.bdd_tests
    if not game.info.bdd_tests or not tests.is_dir():
        raise UsageError(f"{tests}: not found: export runs the feature scenarios from a source checkout")
    try:
        import pytest_bdd  # noqa: F401  # lazy: optional extra (test); only to say clearly that it is missing
    except ImportError:
        raise UsageError("export needs the test extras: pip install -e '.[test]'") from None
    default = root / "vectors" / args.game
    out = Path(args.output) if args.output else default
    if out.is_symlink() or (out.exists() and not out.is_dir()):
        raise UsageError(f"--output {out}: not a folder")
    if not out.parent.is_dir():
        raise UsageError(f"--output {out}: folder {out.parent} does not exist")
    if out.exists() and not os.access(out, os.W_OK | os.X_OK):
        raise UsageError(f"--output {out}: not writable (permission denied)")
    # The list of unexportable scenarios sits next to the shipped folder (vectors/<game>-unexportable.json);
    # for any other folder it goes inside it, as JSON Lines (not *.json: not read as a vector file).
    skipped_target = (out.parent / f"{args.game}-unexportable.json" if out.resolve() == default.resolve()
                      else out / UNEXPORTABLE_LINES)
    with tempfile.TemporaryDirectory() as tmp:
        staged = Path(tmp) / args.game
        env = dict(os.environ, REFEREE_EXPORT_VECTORS=str(staged))
        progress = ProgressLine()  # stderr, on a terminal only
        try:
            returncode, output = _run_scenarios(
                [sys.executable, "-m", "pytest", str(tests), "-q", "-p", "no:cacheprovider", "-x", *UNNEEDED_PLUGINS],
                cwd=root, env=env, progress=progress)
            if returncode != 0 or not staged.is_dir():
                tail = (output.strip().splitlines() or ["(no output)"])[-1]
                raise UsageError(f"the feature scenarios did not all pass, nothing exported: {tail}")
            out.mkdir(exist_ok=True)
            passes = memo_passes(reference_passes)  # the stages below ask it the same questions again
            if (root / "spec" / args.game / "perft.yaml").is_file():
                progress.show("vectors export: perft vectors")
                doc = vector_file(args.game, f"spec/{args.game}/perft.yaml", perft_vectors(args.game), passes)
                (staged / "perft.json").write_text(dump(doc), encoding="utf-8")
            # vectors on the shipped data, generated from whole games (datavectors.py), for every game
            progress.show(f"vectors export: vectors on the shipped data ({DATA_FILE})")
            doc = vector_file(args.game, DATA_SOURCE, generate(args.game), passes)
            (staged / DATA_FILE).write_text(dump(doc), encoding="utf-8")
            variations = generate_variations(args.game)  # other data, and the data's defaults (a game with data_key)
            if variations:
                progress.show(f"vectors export: vectors on other data ({VARIATIONS_FILE})")
                doc = vector_file(args.game, VARIATIONS_SOURCE, variations, passes)
                (staged / VARIATIONS_FILE).write_text(dump(doc), encoding="utf-8")
            # every vector's subject under the other readings it depends on (siblings)
            for f in sorted(staged.glob("*.json")):
                progress.show(f"vectors export: {f.name} under the other readings it depends on")
                found = siblings(args.game, parse_json(f.read_text(encoding="utf-8"), str(f), what="vector file")["vectors"],
                                 passes)
                if found:
                    doc = vector_file(args.game, f"{READINGS_SOURCE} ({f.name})", found, passes)
                    (staged / readings_file(f.name)).write_text(dump(doc), encoding="utf-8")
        finally:
            progress.close()
        written = sorted(f.name for f in staged.glob("*.json"))
        count = 0
        for name in written:
            text = (staged / name).read_text(encoding="utf-8")
            count += len(parse_json(text, str(staged / name), what="vector file")["vectors"])
            try:
                write_atomically(out / name, text)
            except OSError as exc:
                raise UsageError(f"--output {out / name}: cannot write: {exc.strerror or exc}") from None
        # Only files of an earlier export (its manifest) are removed; anything else stays.
        removed = [name for name in read_manifest(out) if name not in written and (out / name).is_file()
                   and not (out / name).is_symlink()]
        for name in removed:
            (out / name).unlink()
        write_atomically(out / MANIFEST, "".join(f"{name}\n" for name in written))
        others = sorted(f.name for f in out.glob("*.json") if f.name not in written)
        skipped = Path(tmp) / f"{args.game}-unexportable.json"
        entries = read_document(skipped, what="list of unexportable scenarios") if skipped.is_file() else []
        if skipped_target.suffix == ".json":
            write_atomically(skipped_target, skipped.read_text(encoding="utf-8") if skipped.is_file() else "[]\n")
        else:
            write_atomically(skipped_target, "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in entries))
    note = (f"; {len(others)} other *.json file(s) left in place (not written by an export: {others[0]}...)"
            if others else "")
    print(f"{count} vectors written to {out} ({len(entries)} scenarios not exportable, see {skipped_target})"
          f"{note}")
    return EXIT_OK


UNNEEDED_PLUGINS = ("-p", "no:xdist", "-p", "no:hypothesispytest", "-p", "no:randomly")
"""pytest plugins the scenarios do not use, not loaded for them (xdist, hypothesis' plugin, randomly
if installed): less start-up, and the scenarios run in file order as written."""

_PERCENT = re.compile(r"\[\s*(\d+)%\]\s*$")


def _run_scenarios(argv: list[str], *, cwd: Path, env: dict[str, str], progress: ProgressLine) -> tuple[int, str]:
    """Runs pytest on the scenarios, showing its percentage on ``progress``; (exit status, stdout)."""
    lines: list[str] = []
    progress.show("vectors export: running the feature scenarios")
    proc = subprocess.Popen(argv, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.append(line)
            found = _PERCENT.search(line)
            if found:
                progress.show(f"vectors export: feature scenarios {found.group(1)}%")
        return proc.wait(), "".join(lines)
    except BaseException:  # Ctrl-C, SIGTERM: the scenario run stops with us
        proc.kill()
        proc.wait()
        raise
    finally:
        if proc.stdout is not None:
            proc.stdout.close()


MANIFEST = "MANIFEST.txt"
"""The files an export wrote, one name a line: the only files a later export may remove."""
UNEXPORTABLE_LINES = "unexportable.jsonl"


def read_manifest(folder: Path) -> list[str]:
    """The file names listed in ``folder``'s manifest (none when there is none); a name with a
    path separator or a leading dot is ignored (a manifest never reaches outside its folder)."""
    try:
        text = (folder / MANIFEST).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return []
    return [line.strip() for line in text.splitlines()
            if line.strip() and "/" not in line and "\\" not in line and not line.strip().startswith(".")
            and line.strip().endswith(".json")]
