"""``referee vectors``: export the feature scenarios as test vectors, or assign their ids."""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from ..games import load
from ..paths import data_root
from ..perft import perft_vectors
from ..datavectors import DATA_FILE, DATA_SOURCE, generate
from ..vectors import assign_ids, dump, vector_file
from .common import EXIT_OK, UsageError, game_arg, write_atomically


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("vectors", help="export the feature scenarios as test vectors, or assign their ids",
                       description="export: runs the game's feature scenarios and writes what they check as "
                                   "language-neutral vectors (docs/vectors.md), plus the perft vectors of "
                                   "spec/GAME/perft.yaml; assign-ids: gives every scenario without one an @id tag.")
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
        import pytest_bdd  # noqa: F401  (only to say clearly that the test extras are missing)
    except ImportError:
        raise UsageError("export needs the test extras: pip install -e '.[test]'") from None
    out = Path(args.output) if args.output else root / "vectors" / args.game
    with tempfile.TemporaryDirectory() as tmp:
        staged = Path(tmp) / args.game
        env = dict(os.environ, REFEREE_EXPORT_VECTORS=str(staged))
        proc = subprocess.run(
            [sys.executable, "-m", "pytest", str(tests), "-q", "-p", "no:cacheprovider", "-x"],
            cwd=root, env=env, capture_output=True, text=True,
        )
        if proc.returncode != 0 or not staged.is_dir():
            tail = (proc.stdout.strip().splitlines() or ["(no output)"])[-1]
            raise UsageError(f"the feature scenarios did not all pass, nothing exported: {tail}")
        out.mkdir(parents=True, exist_ok=True)
        for old in out.glob("*.json"):
            if not (staged / old.name).exists():
                old.unlink()
        if (root / "spec" / args.game / "perft.yaml").is_file():
            doc = vector_file(args.game, f"spec/{args.game}/perft.yaml", perft_vectors(args.game))
            (staged / "perft.json").write_text(dump(doc), encoding="utf-8")
        if game.data_key:  # vectors on the shipped data, generated from whole games (datavectors.py)
            doc = vector_file(args.game, DATA_SOURCE, generate(args.game))
            (staged / DATA_FILE).write_text(dump(doc), encoding="utf-8")
        for f in sorted(staged.glob("*.json")):
            write_atomically(out / f.name, f.read_text(encoding="utf-8"))
        skipped = Path(tmp) / f"{args.game}-unexportable.json"
        if skipped.is_file():
            shutil.copyfile(skipped, out.parent / skipped.name)
    count = sum(len(json.loads(f.read_text(encoding="utf-8"))["vectors"]) for f in out.glob("*.json"))
    unexportable_file = out.parent / f"{args.game}-unexportable.json"
    unexportable = len(json.loads(unexportable_file.read_text(encoding="utf-8"))) if unexportable_file.is_file() else 0
    print(f"{count} vectors written to {out} ({unexportable} scenarios not exportable, see {unexportable_file})")
    return EXIT_OK
