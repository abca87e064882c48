"""The ``referee`` command line: a thin shell over the pure engines.

Exit codes: 0 success, 1 a check found problems, 2 bad usage or bad input. Errors are one line
on stderr; no traceback reaches the user.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from . import __version__
from .errors import RefereeError, UsageError
from .games import GAMES

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2


def _game(name: str) -> str:
    if name not in GAMES:
        raise argparse.ArgumentTypeError(f"unknown game {name!r} (known: {', '.join(GAMES)})")
    return name


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} must be at least 1")
    return value


def _option(text: str) -> tuple[str, object]:
    name, sep, value = text.partition("=")
    if not sep:
        raise argparse.ArgumentTypeError(f"{text!r} is not NAME=VALUE")
    parsed: object = {"true": True, "false": False}.get(value, value)
    return name.strip(), parsed


def write_atomically(path: Path, text: str) -> None:
    """Writes the whole file or nothing (a temporary file renamed over the target)."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent or ".")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        try:
            mode = path.stat().st_mode & 0o777  # keep an existing file's mode
        except FileNotFoundError:
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def check_output(option: str, path: str | None) -> None:
    """Fails early, on one line, when ``path`` (a file to write; ``-`` or None: stdout) cannot be."""
    if path in (None, "-"):
        return
    target = Path(path)
    if target.is_dir():
        raise UsageError(f"{option} {path}: is a folder")
    if not target.parent.is_dir():
        raise UsageError(f"{option} {path}: folder {target.parent} does not exist")


def write_output(option: str, path: str, text: str) -> None:
    """Writes ``text`` whole to ``path`` (``-``: stdout); a failure is one line naming the option."""
    if path == "-":
        sys.stdout.write(text)
        return
    try:
        write_atomically(Path(path), text)
    except OSError as exc:
        raise UsageError(f"{option} {path}: cannot write: {exc.strerror or exc}") from None


def _emit(text: str, output: str | None) -> None:
    if output in (None, "-"):
        sys.stdout.write(text)
    else:
        try:
            write_atomically(Path(output), text)
        except OSError as exc:
            raise UsageError(f"{output}: cannot write: {exc.strerror}") from None


# -- clauses ----------------------------------------------------------------------------------


def cmd_clauses(args: argparse.Namespace) -> int:
    from .spec import coverage, load_spec, spec_problems

    spec = load_spec(args.game)
    table = coverage(args.game)
    rows = []
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
        _emit(json.dumps(doc, indent=2, ensure_ascii=False) + "\n", None)
    else:
        width = max(len(r["id"]) for r in rows)
        lines = []
        for r in rows:
            srcs = ", ".join(s.get("tag", "?") for s in r["sources"])
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
        _emit("\n".join(lines) + "\n", None)
    return EXIT_FAILED if problems else EXIT_OK


# -- simulate ---------------------------------------------------------------------------------


def cmd_simulate(args: argparse.Namespace) -> int:
    from .games import mlem
    from .games.mlem.interchange import load_board, load_tokens, options_from_partial, options_to_json
    from .games.mlem.interchange import token_set_problems
    from .games.mlem.model import OPTION_VALUES, OPTION_VARIANT, VARIANTS
    from .sampler import playout

    options = dict(args.option or [])
    variants = [v.strip() for v in (args.variants or "").split(",") if v.strip()]
    for v in variants:
        if v not in VARIANTS:
            raise UsageError(f"--variants {args.variants}: unknown variant {v!r} (known: {', '.join(VARIANTS)})")
    for name, value in options.items():
        if name not in OPTION_VALUES:
            raise UsageError(f"--option {name}: unknown rule option (known: {', '.join(OPTION_VALUES)})")
        if value not in OPTION_VALUES[name]:
            allowed = ", ".join(str(v).lower() for v in OPTION_VALUES[name])
            raise UsageError(f"--option {name}={value}: not one of {allowed}")
        if name in OPTION_VARIANT and OPTION_VARIANT[name] not in variants:
            raise UsageError(f"--option {name}: applies only with --variants {OPTION_VARIANT[name]}")
    if args.players is not None and not 2 <= args.players <= 5:
        raise UsageError(f"--players {args.players}: MLEM is for 2 to 5 players")
    board = load_board(args.board)
    opts = options_from_partial({**options, "variants": variants})
    tokens = None
    if variants:
        tokens = load_tokens(args.tokens or board.id)
        problems = token_set_problems(tokens, board)
        if problems:
            raise UsageError(f"--tokens {tokens.id}: does not fit board {board.id}: {problems[0]}")
    if args.log:
        from .verify import log_paths

        log_files = log_paths(args.log, args.games)
    else:
        log_files = None
    rng = random.Random(args.seed)
    games = actions = crashes = 0
    totals: list[int] = []
    reasons: Counter[str] = Counter()
    started = time.perf_counter()
    for index in range(args.games):
        players = args.players or rng.randint(2, 5)
        setup = mlem.Setup(players=players, board=board, start_player=rng.randrange(players), options=opts,
                           tokens=tokens)
        state = None
        played = []
        for _before, action, t in playout(setup, rng):
            actions += 1
            state = t.state
            played.append(action)
        games += 1
        if log_files is not None:
            from .games.mlem.interchange import setup_to_json
            from .verify import claimed_scores, log_text

            meta = {"source": "referee simulate", "seed": args.seed, "game": index + 1}
            text = log_text(setup_to_json(setup), played, claimed_scores(state), meta)
            try:
                write_atomically(log_files[index], text)
            except OSError as exc:
                raise UsageError(f"--log {log_files[index]}: cannot write: {exc.strerror}") from None
        crashes += state.crashes
        reasons[state.ended] += 1
        totals += [s.total for s in mlem.outcome(state).scores]
    elapsed = time.perf_counter() - started
    summary = {
        "game": args.game,
        "board": board.id,
        "options": options_to_json(opts),
        **({"tokens": tokens.id} if tokens is not None else {}),
        "seed": args.seed,
        "games": games,
        "actions": actions,
        "crashes": crashes,
        "end_reasons": dict(sorted(reasons.items())),
        "mean_score": round(sum(totals) / len(totals), 2) if totals else 0,
        "max_score": max(totals, default=0),
        "seconds": round(elapsed, 3),
        "games_per_second": round(games / elapsed, 1) if elapsed else None,
    }
    if args.json:
        _emit(json.dumps(summary, indent=2) + "\n", None)
    else:
        ends = ", ".join(f"{k} {v}" for k, v in summary["end_reasons"].items())
        _emit(
            f"{games} games, {actions} actions, {crashes} crashes ({ends}); "
            f"mean score {summary['mean_score']}, best {summary['max_score']}; "
            f"{summary['games_per_second']} games/s (seed {args.seed}, board {board.id}"
            + (f", variants {', '.join(opts.variants)}, tokens {tokens.id}" if tokens is not None else "")
            + ")\n",
            None,
        )
    return EXIT_OK


# -- spec -------------------------------------------------------------------------------------


def cmd_spec(args: argparse.Namespace) -> int:
    from .render import render_markdown

    _emit(render_markdown(args.game), args.output)
    return EXIT_OK


# -- vectors ----------------------------------------------------------------------------------


def cmd_vectors(args: argparse.Namespace) -> int:
    import shutil
    import subprocess

    from .paths import data_root
    from .vectors import assign_ids

    if args.action == "assign-ids":
        added = assign_ids(args.game)
        print(f"{len(added)} ids assigned" + (f" ({added[0]} .. {added[-1]})" if added else ""))
        return EXIT_OK
    root = data_root()
    tests = root / "tests" / "bdd"
    if not tests.is_dir():
        raise UsageError(f"{tests}: not found: export runs the feature scenarios from a source checkout")
    try:
        import pytest_bdd  # noqa: F401
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
        from .perft import perft_vectors
        from .vectors import dump, vector_file

        if (root / "spec" / args.game / "perft.yaml").is_file():
            doc = vector_file(args.game, f"spec/{args.game}/perft.yaml", perft_vectors(args.game))
            (staged / "perft.json").write_text(dump(doc), encoding="utf-8")
        for f in sorted(staged.glob("*.json")):
            write_atomically(out / f.name, f.read_text(encoding="utf-8"))
        skipped = Path(tmp) / f"{args.game}-unexportable.json"
        if skipped.is_file():
            shutil.copyfile(skipped, out.parent / skipped.name)
    count = sum(len(json.loads(f.read_text(encoding="utf-8"))["vectors"]) for f in out.glob("*.json"))
    unexportable = len(json.loads((out.parent / f"{args.game}-unexportable.json").read_text(encoding="utf-8")))
    print(f"{count} vectors written to {out} ({unexportable} scenarios not exportable, see "
          f"{out.parent / (args.game + '-unexportable.json')})")
    return EXIT_OK


# -- fuzz -------------------------------------------------------------------------------------


def cmd_fuzz(args: argparse.Namespace) -> int:
    import shlex

    from .conformance.client import default_command
    from .conformance.fuzz import fuzz
    from .vectors import dump

    argv = shlex.split(args.adapter) if args.adapter else default_command(args.game)
    if not argv:
        raise UsageError("--adapter: empty command")
    result = fuzz(argv, games=args.games, seed=args.seed, workers=args.workers, timeout=args.timeout)
    rate = result.transitions / result.seconds if result.seconds else 0
    if result.games == 0 and result.adapter_failures:
        raise UsageError(result.adapter_failures[0])
    for failure in result.adapter_failures:
        print(f"adapter failure: {failure}", file=sys.stderr)
    print(f"{result.games} games, {result.transitions} transitions compared in {result.seconds:.2f} s "
          f"({rate:,.0f} transitions/s, {args.workers} worker{'s' if args.workers > 1 else ''})")
    d = result.divergence
    if d is None:
        print("no divergence")
        return EXIT_FAILED if result.adapter_failures else EXIT_OK
    vector = d.to_vector(args.seed)
    doc = {"format": 1, "game": args.game, "source": "referee fuzz", "vectors": [vector]}
    _emit(dump(doc), args.out)
    print(f"divergence in game {d.game} at step {d.step} ({d.kind}): {d.message}")
    print(f"vector {vector['id']} written to {args.out}; rerun: referee conform --game {args.game}"
          + (f" --adapter {shlex.quote(args.adapter)}" if args.adapter else "") + f" --vectors {args.out}")
    return EXIT_FAILED


# -- adapter ----------------------------------------------------------------------------------


def cmd_adapter(args: argparse.Namespace) -> int:
    from .adapter import serve

    return serve([args.game])


# -- main -------------------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="referee",
        description="Executable rules specifications and conformance checks for tabletop games.",
    )
    parser.add_argument("--version", action="version", version=f"referee {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser("clauses", help="list the clauses of a game with their sources and scenarios")
    p.add_argument("--game", type=_game, required=True)
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")
    p.set_defaults(func=cmd_clauses)

    p = sub.add_parser("simulate", help="play random games with the reference engine")
    p.add_argument("--game", type=_game, required=True)
    p.add_argument("--games", type=_positive, default=100)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--players", type=int, help="2..5 (default: random per game)")
    p.add_argument("--board", default="standard", help="board id or YAML/JSON file (default: standard)")
    p.add_argument("--option", type=_option, action="append", metavar="NAME=VALUE",
                   help="a rule option, e.g. dice_selection=single-group (repeatable)")
    p.add_argument("--variants", metavar="LIST",
                   help="variants to play, comma-separated: exploration, missions, ufo")
    p.add_argument("--tokens", metavar="ID|FILE",
                   help="variant token set: id in spec/mlem/tokens or a YAML/JSON file (default: the board's id)")
    p.add_argument("--json", action="store_true")
    p.add_argument("--log", metavar="FILE",
                   help="write each game's log (docs/logs.md): FILE for one game, else a folder of game-0001.jsonl ...")
    p.set_defaults(func=cmd_simulate)

    p = sub.add_parser("spec", help="render a game's clauses and disputes as Markdown")
    p.add_argument("--game", type=_game, required=True)
    p.add_argument("--output", "-o", help="file to write (default: stdout)")
    p.set_defaults(func=cmd_spec)
    p = sub.add_parser("vectors", help="export the feature scenarios as test vectors, or assign their ids")
    p.add_argument("action", choices=["export", "assign-ids"])
    p.add_argument("--game", type=_game, required=True)
    p.add_argument("--output", "-o", help="folder for the vector files (default: vectors/<game>)")
    p.set_defaults(func=cmd_vectors)

    p = sub.add_parser("fuzz", help="differential random games against an adapter, the reference as oracle")
    p.add_argument("--game", type=_game, required=True)
    p.add_argument("--adapter", help="adapter command (default: the reference engine)")
    p.add_argument("--games", type=_positive, default=100)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--workers", type=_positive, default=1)
    p.add_argument("--timeout", type=float, default=10.0, help="seconds per request")
    p.add_argument("--out", default="fuzz-divergence.json", help="vector file written on a divergence")
    p.set_defaults(func=cmd_fuzz)

    from .conformance.cli import register as register_conformance
    from .explain import register as register_explain
    from .htmlreport import register as register_report
    from .play import register as register_play
    from .verify import register as register_verify

    register_conformance(sub)
    for register in (register_explain, register_verify, register_play, register_report):
        register(sub)

    p = sub.add_parser("adapter", help="serve the reference engine through the adapter protocol (stdin/stdout)")
    p.add_argument("--game", type=_game, required=True)
    p.set_defaults(func=cmd_adapter)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except UsageError as exc:
        print(f"referee {args.command}: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except RefereeError as exc:
        where = f"{exc.path}: " if exc.path not in (None, "$") else ""
        clause = f" [{exc.clause}]" if exc.clause and not exc.clause.startswith("interchange") else ""
        print(f"referee {args.command}: error: {where}{exc.message}{clause}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print(f"referee {args.command}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return EXIT_OK


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
