"""Golden playthroughs: a seeded whole game rendered as text, for people and for a diffing test.

A playthrough is the referee's view of one game (nothing hidden): a header (game, seed, setup,
rule options, policy), then every step (its number, who acted, the action in short notation, a
chance outcome with its probability, and each event's description with its clause id), the
position now and then, and the result. It is made only through the game interface
(:mod:`tabletop_referee.games.interface`), so every game gets one without code of its own.

The cases are data, in each game's own folder: ``tests/<package>/playthroughs.yaml`` (read
through :mod:`.loading`) lists the game's cases, each a name, a seed, a player count and rule
options; ``referee playthroughs`` writes each to ``tests/playthroughs/<game>/<name>.txt`` and
``--check`` diffs them. Everything is deterministic:
the choices come from :mod:`tabletop_referee.sampler` with a ``random.Random(seed)``, and no clock
or global state is read.

>>> case = Case(game="seven-knights", name="doc", seed=1, players=4, options={})
>>> render(case).splitlines()[0]
'# Golden playthrough of Seven Knights Bewitched (seven-knights), case doc'

A diff between two renderings names, in each hunk header, the step the change falls in:

>>> old = "step 1. player 0: go\\n    - went [a.b]\\nstep 2. player 1: stop\\n    - stopped [a.c]\\n"
>>> print(playthrough_diff(old, old.replace("stopped", "halted"), "t.txt"), end="")
--- t.txt (committed)
+++ t.txt (fresh rendering)
@@ -1,4 +1,4 @@ step 2. player 1: stop
 step 1. player 0: go
     - went [a.b]
 step 2. player 1: stop
-    - stopped [a.c]
+    - halted [a.c]
"""

from __future__ import annotations

import difflib
import json
import random
import re
import textwrap
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from .errors import MalformedInput
from .games import GAMES, load, package_name
from .games.interface import CHANCE
from .games.roles import GameKit
from .loading import check_within, decode, read_bytes, read_document
from .output import write_atomically
from .paths import data_root
from .sampler import choose_with_actor

WIDTH = 100
"""The line width text is wrapped at."""
DEFAULT_EVERY = 25
"""Without ``position_after``, the position is shown every this many steps."""
CASES_FILE = "tests/{package}/playthroughs.yaml"
"""A game's committed list of cases, from the repository root (``{package}``: the game's package
name, :func:`~tabletop_referee.games.package_name`): in the game's own test folder, so adding a
game edits no shared list."""
FOLDER = "tests/playthroughs"
"""Where the playthroughs are written: ``<FOLDER>/<game>/<name>.txt``."""
REGENERATE = "referee playthroughs"
"""The command that writes the playthroughs again (named in every header and failure)."""

_NAME = re.compile(r"^[a-z0-9][a-z0-9-]*$")
_STEP = re.compile(r"^step \d+\. ")


@dataclass(frozen=True)
class Case:
    """One committed playthrough: a game, a seed, a player count and rule options."""

    game: str
    name: str
    seed: int
    players: int
    options: Mapping[str, Any] = field(default_factory=dict)
    start_player: int | None = None
    """Who starts (the setup's seat field); ``None``: as the seeded setup has it."""
    flags: Mapping[str, str] = field(default_factory=dict)
    """The game's own setup flags (MLEM: ``board``)."""
    position_after: tuple[str, ...] = ()
    """Clause ids after whose events the position is shown (a round's end, say)."""
    position_every: int = DEFAULT_EVERY
    """Else the position is shown every this many steps."""
    max_steps: int | None = None
    """A cap on the steps shown (the header says so); ``None``: the whole game."""

    @property
    def file(self) -> str:
        """The file of this case, inside the playthroughs folder (:data:`FOLDER`)."""
        return f"{self.game}/{self.name}.txt"


_FIELDS = {"game", "name", "seed", "players", "options", "start_player", "flags", "position_after",
           "position_every", "max_steps", "note"}
"""The fields of a case: ``name`` (lower-case, digits, ``-``), ``seed``, ``players``; optional:
``game`` (in a game's own file, its game, which is the default), ``options`` (rule options),
``flags`` (the game's own setup flags, e.g. MLEM's variants), ``start_player``,
``position_after`` (clause ids after whose events the position is shown; else every
``position_every`` steps, default 25), ``max_steps`` (a cap, said in the header), ``note`` (for
people; not rendered)."""


def cases_file(game: str) -> Path:
    """The committed cases file of ``game`` (it may not exist: a game without cases)."""
    return data_root() / CASES_FILE.format(package=package_name(game))


def read_cases(path: str | Path | None = None, *, game: str | None = None) -> list[Case]:
    """The playthrough cases, checked.

    ``path`` ``None``: the committed cases of every registered game (:func:`cases_file`), in
    the order the games are found; a case there is of the file's game. Else the cases of that
    file, where a case without a ``game`` field is of ``game`` (when given).

    Raises:
        MalformedInput: unreadable, or a case with a wrong field (one line naming it).
    """
    if path is not None:
        return _read_file(Path(path), game, own=False)
    cases: list[Case] = []
    for gid in GAMES:
        file = cases_file(gid)
        if file.is_file():
            cases += _read_file(file, gid, own=True)
    return cases


def _read_file(path: Path, default_game: str | None, own: bool) -> list[Case]:
    """The cases of one file; ``own``: a game's own file, whose cases are all of ``default_game``."""
    doc = read_document(path, what="playthrough cases", fmt="yaml")
    items = doc.get("cases") if isinstance(doc, dict) else None
    if not isinstance(items, list):
        raise MalformedInput(f"{path}: expected a mapping with a list 'cases'")
    cases: list[Case] = []
    seen: set[tuple[str, str]] = set()
    for i, item in enumerate(items):
        where = f"{path}: cases[{i}]"
        if not isinstance(item, dict):
            raise MalformedInput(f"{where}: expected a mapping")
        unknown = sorted(set(item) - _FIELDS)
        if unknown:
            raise MalformedInput(f"{where}: unknown field {unknown[0]!r} (fields: {', '.join(sorted(_FIELDS))})")
        game = item.get("game", default_game)
        if game is None:
            raise MalformedInput(f"{where}: which game? give the case a 'game' field (or the command --game)")
        if not isinstance(game, str) or game not in GAMES:
            raise MalformedInput(f"{where}: game {game!r} is not registered (known: {', '.join(GAMES)})")
        if own and game != default_game:
            own_file = CASES_FILE.format(package=package_name(game))
            raise MalformedInput(f"{where}: a case of {game} belongs in {own_file}, the game's own list")
        name = item.get("name")
        if not isinstance(name, str) or not _NAME.match(name):
            raise MalformedInput(f"{where}: name must be lower-case letters, digits and '-', got {name!r}")
        if (game, name) in seen:
            raise MalformedInput(f"{where}: {game}/{name} is listed twice")
        seen.add((game, name))
        for key in ("seed", "players"):
            if not isinstance(item.get(key), int) or isinstance(item.get(key), bool):
                raise MalformedInput(f"{where}: {key} must be a whole number")
        for key, low in (("start_player", 0), ("position_every", 1), ("max_steps", 1)):
            value = item.get(key)
            if value is not None and (not isinstance(value, int) or isinstance(value, bool) or value < low):
                raise MalformedInput(f"{where}: {key} must be a whole number, at least {low}")
        for key in ("options", "flags"):
            if not isinstance(item.get(key, {}), dict):
                raise MalformedInput(f"{where}: {key} must be a mapping")
        after = item.get("position_after", [])
        if not isinstance(after, list) or not all(isinstance(c, str) for c in after):
            raise MalformedInput(f"{where}: position_after must be a list of clause ids")
        cases.append(Case(game=game, name=name, seed=item["seed"], players=item["players"],
                          options=dict(item.get("options", {})), start_player=item.get("start_player"),
                          flags={k: str(v) for k, v in item.get("flags", {}).items()},
                          position_after=tuple(after), position_every=item.get("position_every") or DEFAULT_EVERY,
                          max_steps=item.get("max_steps")))
    return cases


# -- rendering ---------------------------------------------------------------------------------


def _value(v: Any) -> str:
    return v if isinstance(v, str) else json.dumps(v, ensure_ascii=False)


def _wrap(text: str, indent: str, hang: str = "") -> list[str]:
    return textwrap.wrap(text, WIDTH, initial_indent=indent, subsequent_indent=indent + hang,
                         break_on_hyphens=False, break_long_words=False) or [indent.rstrip()]


def _position(game: GameKit, state: Any, title: str) -> list[str]:
    lines = [f"== {title} =="]
    for line in game.narration.describe_state(state, None).splitlines():
        lines += _wrap(line, "  | ", "  ")
    return lines


def _actor_text(actor: Any, actors: Sequence[Any]) -> str:
    if actor == CHANCE:
        return "chance"
    if len(actors) > 1:
        return f"player {actor} (secret choice; still to choose: {', '.join(map(str, actors))})"
    return f"player {actor}"


def _probability(game: GameKit, state: Any, action: Any) -> Fraction | None:
    """The probability of a chance outcome: that of the listed outcome equal to it, or else
    written the same (a roll may be sampled in another order than the one listed)."""
    outcomes = game.chance_outcomes(state)
    for outcome, p in outcomes:
        if outcome == action:
            return Fraction(p)
    text = game.notation.action_text(action)
    return next((Fraction(p) for outcome, p in outcomes if game.notation.action_text(outcome) == text), None)


def _event_line(game: GameKit, event: Any, state: Any) -> list[str]:
    text = game.narration.describe_event(event, state, None)
    suffix = f" [{event.clause}]"
    if text.endswith(suffix):  # a game that already names the clause: named once
        text = text[: -len(suffix)]
    return _wrap(f"- {text} [{event.clause}]", "    ", "  ")


def header(game: GameKit, case: Case, setup: Any) -> list[str]:
    """The lines before the first step: what was played, and how to regenerate it."""
    doc = game.setup_to_json(setup)
    options = doc.get("options") or {}
    facts = ", ".join(f"{k} {_value(v)}" for k, v in doc.items() if k != "options")
    lines = [f"# Golden playthrough of {game.info.title} ({game.info.id}), case {case.name}",
             f"# regenerate: {REGENERATE} --game {game.info.id} (diffed by tests/test_playthroughs.py)",
             f"# seed {case.seed}, {case.players} players"]
    lines += _wrap(f"setup: {facts}", "# ", "  ")
    lines += _wrap("options: " + (", ".join(f"{k}={_value(v)}" for k, v in options.items()) or "none"), "# ", "  ")
    lines += _wrap("policy: uniformly random legal actions and chance drawn with its probabilities "
                   f"(tabletop_referee.sampler, random.Random({case.seed})); at a secret choice a random "
                   "player still to choose goes next", "# ", "  ")
    lines += _wrap("view: the referee's (nothing hidden); events: description [clause id]", "# ", "  ")
    if case.max_steps is not None:
        lines += [f"# cap: at most {case.max_steps} steps are shown; the game may go on after them"]
    return lines


def setup_of(game: GameKit, case: Case) -> Any:
    """The setup a case plays (raises UsageError / RefereeError when the case cannot be set up)."""
    return game.setups.setup_from_args(players=case.players, start_player=case.start_player, options=case.options,
                                flags=case.flags, rng=random.Random(case.seed))


def render(case: Case, game: GameKit | None = None) -> str:
    """The playthrough of ``case`` as text (``game``: the game object to use, default the
    registered one; a test passes a changed one)."""
    game = game or load(case.game)
    setup = setup_of(game, case)
    rng = random.Random(case.seed)
    state = game.initial_state(setup)
    lines = header(game, case, setup) + [""] + _position(game, state, "start")
    after = set(case.position_after)
    step = 0
    shown_at = 0
    while not game.is_over(state):
        if case.max_steps is not None and step >= case.max_steps:
            break
        step += 1
        actors = game.actors(state)
        actor, action = choose_with_actor(game, rng, state)
        t = game.apply(state, action)
        head = f"step {step}. {_actor_text(actor, actors)}: {game.notation.action_text(action)}"
        if actor == CHANCE:
            p = _probability(game, state, action)
            head += f"  (p {p})" if p is not None else "  (p ?)"
        if lines[-1].startswith("  |"):  # a blank line after a position
            lines.append("")
        lines += _wrap(head, "", "    ")
        for e in t.events:
            lines += _event_line(game, e, t.state)
        state = t.state
        boundary = any(e.clause in after for e in t.events) if after else step - shown_at >= case.position_every
        if boundary and not game.is_over(state):
            shown_at = step
            lines += [""] + _position(game, state, f"position after step {step}")
    if game.is_over(state):
        lines += [""] + _position(game, state, f"end after {step} steps")
        lines += ["", "== result =="]
        for line in game.narration.final_lines(state, step):
            indent = "  " + line[: len(line) - len(line.lstrip())]
            lines += _wrap(line.strip(), indent, "  ")
        result = game.result_to_json(state)
        lines += _wrap(f"result: {json.dumps(result, ensure_ascii=False, sort_keys=True)}", "  ", "  ")
    else:
        lines += [""] + _position(game, state, f"stopped after {step} steps (the cap), game not over")
    return "\n".join(line.rstrip() for line in lines) + "\n"


def playthrough_diff(old: str, new: str, name: str) -> str:
    """A unified diff of two renderings (``""`` when equal); each hunk header names the step
    the first change falls in, the way ``git diff`` names the enclosing function."""
    a = old.splitlines()
    lines = list(difflib.unified_diff(a, new.splitlines(), f"{name} (committed)", f"{name} (fresh rendering)",
                                      lineterm=""))
    for i, line in enumerate(lines):
        m = re.match(r"^@@ -(\d+)", line)
        if not m or i < 2:
            continue
        context = 0
        for body in lines[i + 1:]:
            if not body.startswith(" "):
                break
            context += 1
        first = max(int(m.group(1)) - 1 + context, 0)  # the first changed line of the old text
        step = next((a[j] for j in range(min(first, len(a) - 1), -1, -1) if _STEP.match(a[j])), "")
        lines[i] = f"{line} {step}".rstrip()
    return "\n".join(lines) + "\n" if lines else ""


# -- the committed files -----------------------------------------------------------------------

MANIFEST = "MANIFEST.txt"
"""In each ``<FOLDER>/<game>/``: the playthroughs the last run wrote, one name a line; the only
files a later run may remove (anything else in the folder is left alone)."""


def read_text(path: Path, what: str = "playthrough", within: Path | None = None) -> str | None:
    """The text of a committed file, ``None`` when there is none (read through :mod:`.loading`).
    ``within``: the folder it was found in; a symlink out of it is refused (:class:`LoadError`),
    not followed."""
    if within is not None and path.is_symlink():
        check_within(path, within, what)
    if not path.is_file():
        return None
    return decode(read_bytes(path, what=what, within=within), str(path), what)


def read_manifest(folder: Path) -> list[str]:
    """The names in ``folder``'s manifest; a name with a path separator or a leading dot, or not
    ending in ``.txt``, is ignored (a manifest never reaches outside its folder)."""
    text = read_text(folder / MANIFEST, "playthrough manifest", within=folder) or ""
    names = [line.strip() for line in text.splitlines()]
    return [n for n in names if n.endswith(".txt") and n != MANIFEST and "/" not in n and "\\" not in n
            and not n.startswith(".")]


@dataclass(frozen=True)
class Stale:
    """A committed playthrough that differs from a fresh rendering (or is missing, or left over)."""

    path: str
    diff: str
    """A unified diff, or one line saying what is wrong."""


def check(cases: Sequence[Case], folder: Path, games: Sequence[str]) -> list[Stale]:
    """Compares the playthroughs of ``games`` in ``folder`` with fresh renderings."""
    stale: list[Stale] = []
    for case in cases:
        if case.game not in games:
            continue
        path = folder / case.file
        committed = read_text(path, within=folder)
        fresh = render(case)
        if committed is None:
            stale.append(Stale(str(path), f"{path}: missing (not written yet)\n"))
        elif committed != fresh:
            stale.append(Stale(str(path), playthrough_diff(committed, fresh, str(path))))
    for game in games:
        wanted = {f"{c.name}.txt" for c in cases if c.game == game}
        for name in read_manifest(folder / game):
            path = folder / game / name
            if name not in wanted and path.is_file():
                stale.append(Stale(str(path), f"{path}: left over (no case names it any more)\n"))
    return stale


def write(cases: Sequence[Case], folder: Path, games: Sequence[str]) -> tuple[list[str], list[str]]:
    """Writes the playthroughs of ``games`` into ``folder``; removes those an earlier run wrote
    (its manifest) that no case names any more. Returns the (written, removed) paths."""
    written: list[str] = []
    removed: list[str] = []
    for game in games:
        sub = folder / game
        sub.mkdir(exist_ok=True)
        names = []
        for case in cases:
            if case.game == game:
                write_atomically(folder / case.file, render(case))
                written.append(str(folder / case.file))
                names.append(f"{case.name}.txt")
        for name in read_manifest(sub):
            target = sub / name
            if name not in names and target.is_file() and not target.is_symlink():
                target.unlink()
                removed.append(str(target))
        write_atomically(sub / MANIFEST, "".join(f"{n}\n" for n in sorted(names)))
    return written, removed
