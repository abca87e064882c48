"""``referee init adapter``: a working adapter skeleton for a game, like ``cargo new``.

The files come from the Jinja2 templates in ``tabletop_referee/templates/init/``, filled in
from the game interface (its options, variants and conformance profiles), so every game gets
its own adapter without a template naming one. As written, the adapter delegates to the
reference engine and passes ``referee conform smoke`` and the ``base`` profile; the
implementer replaces its functions (marked TODO) one at a time.
"""

from __future__ import annotations

import argparse
import json
import pprint
import shlex
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from ..adapter import game_handlers
from ..links import docs_page
from .common import EXIT_OK, UsageError, game_arg, game_of, write_atomically

if TYPE_CHECKING:
    from jinja2 import Environment

LANGS = {"python": ("adapter.py", "adapter.py.j2"), "js": ("adapter.js", "adapter.js.j2")}


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("init", help="start something new: an adapter for your implementation",
                       description="Writes the starting files of something new.")
    inner = p.add_subparsers(dest="init_command", metavar="COMMAND", required=True)
    q = inner.add_parser(
        "adapter", help="write a working adapter skeleton for a game (python or js)",
        description="Writes DIR/adapter.py (or adapter.js) and DIR/README.md: an adapter speaking the "
                    "protocol, whose engine functions delegate to the reference engine and are marked "
                    "TODO where your engine goes. It passes 'referee conform smoke' as written.")
    q.add_argument("--game", type=game_arg, required=True, help="the game id")
    q.add_argument("--lang", choices=sorted(LANGS), default="python",
                   help="the adapter's language: python (the default) or js (needs Node.js)")
    q.add_argument("--name", help="your implementation's name (default: the folder's name)")
    q.add_argument("--force", action="store_true", help="overwrite files that already exist")
    q.add_argument("dir", metavar="DIR", help="the folder to write (created if missing)")
    q.set_defaults(func=run)


def _environment() -> "Environment":
    from jinja2 import Environment, PackageLoader, StrictUndefined  # lazy: start-up of every other command

    return Environment(loader=PackageLoader("tabletop_referee", "templates/init"), undefined=StrictUndefined,
                       keep_trailing_newline=True, autoescape=False)


def render(game_id: str, lang: str, folder: str, name: str | None = None) -> dict[str, str]:
    """The files ``init adapter`` writes, by name: the adapter and its README."""
    game = game_of(argparse.Namespace(game=game_id))
    info, _ = game_handlers(game_id)
    adapter_file, template = LANGS[lang]
    run_it = (shlex.join([sys.executable, str(Path(folder) / adapter_file)]) if lang == "python"
              else shlex.join(["node", str(Path(folder) / adapter_file)]))
    values = {
        "game": game_id, "title": f"{game.info.title} adapter",
        "name": name or Path(folder).resolve().name or f"my-{game_id}",
        "docs_runner": docs_page("conformance.html"), "docs_protocol": docs_page("protocol.html"),
        "docs_game": docs_page(f"{game_id}/index.html"),
        "options": pprint.pformat(info["options"], indent=4, width=100, sort_dicts=False),
        "options_json": json.dumps(info["options"]),
        "variants": repr(list(info.get("variants", []))),
        "variants_json": json.dumps(list(info.get("variants", []))),
        "profiles": ", ".join(sorted(game.probes.conformance_profiles())),
        "smoke": f"referee conform smoke --game {game_id} --adapter {shlex.quote(run_it)}",
        "conform": f"referee conform --game {game_id} --adapter {shlex.quote(run_it)}",
        "reference_argv": json.dumps([sys.executable, "-m", "tabletop_referee", "adapter", "--game", game_id]),
        "adapter_file": adapter_file, "lang": lang,
    }
    env = _environment()
    return {adapter_file: env.get_template(template).render(values),
            "README.md": env.get_template("README.md.j2").render(values)}


def run(args: argparse.Namespace) -> int:
    folder = Path(args.dir)
    if folder.exists() and not folder.is_dir():
        raise UsageError(f"{args.dir}: not a folder")
    files = render(args.game, args.lang, args.dir, args.name)
    existing = [n for n in files if (folder / n).exists()]
    if existing and not args.force:
        raise UsageError(f"{folder / existing[0]}: already exists (give --force to overwrite)")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for name, text in files.items():
            write_atomically(folder / name, text)
            if name.startswith("adapter."):
                (folder / name).chmod(0o755)
    except OSError as exc:
        raise UsageError(f"{exc.filename or folder}: cannot write: {exc.strerror or exc}") from None
    adapter_file = LANGS[args.lang][0]
    run_it = shlex.join([sys.executable if args.lang == "python" else "node", str(folder / adapter_file)])
    print(f"wrote {folder / adapter_file} and {folder / 'README.md'}; check it is wired right with:\n"
          f"  referee conform smoke --game {args.game} --adapter {shlex.quote(run_it)}")
    return EXIT_OK
