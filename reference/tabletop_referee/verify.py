"""Game logs (JSON Lines) and ``referee verify``: replay a recorded game with the engine.

A log is a setup line, one line per action in play order (dice rolls and the variants' token
draws included, so a log replays without randomness) and an optional claimed-scores line;
``schemas/mlem/log.schema.json``
describes one line and ``docs/logs.md`` the whole. This module reads and writes logs and asks
the engine about every step; it decides no rule itself: legality is whatever
:func:`~tabletop_referee.games.mlem.apply` accepts, scores are :func:`~tabletop_referee.games.mlem.scores`.

    >>> from tabletop_referee.games import mlem
    >>> from tabletop_referee.games.mlem.interchange import setup_to_json
    >>> setup = mlem.Setup(players=2, board=mlem.load_board("short"))
    >>> text = log_text(setup_to_json(setup), [mlem.Embark(0, "satellite")])
    >>> report = verify_text(text)
    >>> report.legal, report.actions, report.game_over
    (True, 1, False)

``referee verify`` takes one log or several, or folders of ``*.jsonl`` logs (as ``referee simulate
--log DIR`` writes them). Exit codes: 0 every step of every log legal and the claimed scores (if
any) match, 1 an illegal step or a score that differs, 2 a log that cannot be read.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import IllegalAction, MalformedInput, RefereeError

LOG_FORMAT = 1

CATEGORIES: tuple[str, ...] = (
    "moons", "planets", "deep_space", "goals", "exploration", "missions", "ufo", "total",
)
"""The claimed-score categories, named as on the engine's score sheet (exploration, missions and
ufo exist only in games with that variant)."""

CATEGORY_CLAUSES: dict[str, str] = {
    "moons": "scoring.moons",
    "planets": "scoring.planets",
    "deep_space": "scoring.deep-space",
    "goals": "scoring.goals",
    "exploration": "exploration.points",
    "missions": "missions.scoring",
    "ufo": "ufo.scoring",
    "total": "scoring.winner",
    "winners": "scoring.winner",
}
"""The clause that decides each category of a claimed score sheet."""


class InvalidLog(Exception):
    """A log that cannot be read: not UTF-8, not JSON, a line off the schema, lines out of order."""

    def __init__(self, line: int, path: str, message: str) -> None:
        super().__init__(f"line {line}: {path}: {message}")
        self.line = line
        self.path = path
        self.message = message


# -- reading ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class ActionLine:
    line: int
    """1-based line number in the file."""
    index: int
    """0-based index among the action lines."""
    doc: dict
    action: Any


@dataclass(frozen=True)
class GameLog:
    setup_doc: dict
    meta: dict | None
    actions: tuple[ActionLine, ...]
    claimed: dict | None = None
    claimed_line: int | None = None


def parse_log(text: str) -> GameLog:
    """Reads a log's text; checks every line against log.schema.json and the line order.

    Blank lines are skipped (line numbers still count them).

    Raises:
        InvalidLog: the first line that cannot be read, with its number and a JSON path.
    """
    from .games.mlem.interchange import action_from_json
    from .schemas import validation_errors

    setup_doc: dict | None = None
    meta = None
    actions: list[ActionLine] = []
    claimed = claimed_line = None
    last = 0
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        last = number
        try:
            doc = json.loads(raw)
        except json.JSONDecodeError as exc:
            raise InvalidLog(number, "$", f"not JSON: {exc.msg} (column {exc.colno})") from None
        except RecursionError:
            raise InvalidLog(number, "$", "not JSON: nested too deeply") from None
        if isinstance(doc, dict) and doc.get("type") == "setup":
            if "game" in doc and doc["game"] != "mlem":
                raise InvalidLog(number, "$.game", f"a log of game {doc['game']!r}, not of mlem")
            if "format" in doc and doc["format"] != LOG_FORMAT:
                raise InvalidLog(number, "$.format",
                                 f"log format {doc['format']!r}; this referee reads format {LOG_FORMAT}")
        errors = validation_errors("mlem", "log", doc)
        if errors:
            specific = [e for e in errors if "is not valid under any of the given schemas" not in e]
            path, _, message = (specific or errors)[0].partition(": ")
            raise InvalidLog(number, path, message)
        kind = doc["type"]
        if claimed is not None:
            raise InvalidLog(number, "$.type", f"a {kind} line after the claimed-scores line of line {claimed_line}"
                             " (claimed scores come last)")
        if setup_doc is None:
            if kind != "setup":
                raise InvalidLog(number, "$.type", f"the first line must be the setup line, not a {kind} line")
            setup_doc, meta = doc["setup"], doc.get("meta")
        elif kind == "setup":
            raise InvalidLog(number, "$.type", "a second setup line (a log holds one game)")
        elif kind == "action":
            actions.append(ActionLine(number, len(actions), doc["action"], action_from_json(doc["action"])))
        else:
            claimed, claimed_line = doc, number
    if setup_doc is None:
        raise InvalidLog(max(last, 1), "$", "empty log: the first line must be a setup line")
    return GameLog(setup_doc, meta, tuple(actions), claimed, claimed_line)


def setup_from_log(log: GameLog):
    """Builds the engine's setup from a log's setup line (line 1 of the log).

    Only boards (and variant token sets) shipped with the spec may be named by id; any other
    is written inline.

    Raises:
        InvalidLog: an unknown board or token set id, a board that contradicts itself, a bad rule
            option, a token set that does not fit the board.
    """
    from .games import mlem
    from .games.mlem.interchange import (
        board_from_json,
        board_ids,
        options_from_partial,
        token_set_ids,
        token_set_problems,
        tokens_from_json,
    )

    doc = log.setup_doc
    board_doc = doc.get("board", "standard")
    if isinstance(board_doc, str):
        if board_doc not in board_ids():
            raise InvalidLog(1, "$.setup.board", f"unknown board id {board_doc!r} (shipped boards: "
                             f"{', '.join(board_ids())}); write any other board inline")
        board = mlem.load_board(board_doc)
    else:
        try:
            board = board_from_json(board_doc)
        except RefereeError as exc:
            raise InvalidLog(1, "$.setup.board" + _relative(exc.path), exc.message) from None
    try:
        options = options_from_partial(doc.get("options", {}))
    except RefereeError as exc:
        raise InvalidLog(1, "$.setup" + _relative(exc.path), exc.message) from None
    tokens = None
    if options.variants:
        tokens_doc = doc.get("tokens", board.id)
        if isinstance(tokens_doc, str):
            if tokens_doc not in token_set_ids():
                default = "" if "tokens" in doc else f" (the default: the board's id {board.id!r})"
                raise InvalidLog(1, "$.setup.tokens", f"unknown token set id {tokens_doc!r}{default} (shipped "
                                 f"token sets: {', '.join(token_set_ids())}); write any other token set inline")
            from .games.mlem.interchange import load_tokens

            tokens = load_tokens(tokens_doc)
        else:
            try:
                tokens = tokens_from_json(tokens_doc, path="$.tokens")
            except RefereeError as exc:
                raise InvalidLog(1, "$.setup.tokens" + _relative(exc.path).removeprefix(".tokens"),
                                 exc.message) from None
        problems = token_set_problems(tokens, board)
        if problems:
            raise InvalidLog(1, "$.setup.tokens", f"token set {tokens.id!r} does not fit board {board.id!r}: "
                             + "; ".join(problems))
    return mlem.Setup(players=doc["players"], board=board, start_player=doc["start_player"], options=options,
                      tokens=tokens)


def _relative(path: str) -> str:
    return path[1:] if path.startswith("$") else ""


def read_log_file(path: str) -> str:
    """Returns the text of a log file (``-`` reads stdin).

    Raises:
        InvalidLog: unreadable file or bytes that are not UTF-8.
    """
    try:
        data = sys.stdin.buffer.read() if path == "-" else Path(path).read_bytes()
    except OSError as exc:
        raise InvalidLog(0, "$", f"cannot read: {exc.strerror}") from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise InvalidLog(line, "$", f"not UTF-8 text (byte {exc.start})") from None


# -- replaying --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Illegal:
    """The first step the engine rejected."""

    line: int
    index: int | None
    """0-based action index; ``None`` when the setup itself is rejected."""
    action: dict | None
    clause: str
    message: str
    state: Any
    """The state before the step (``None`` for a rejected setup)."""


@dataclass(frozen=True)
class Mismatch:
    """A claimed score category that differs from the engine's."""

    player: int | None
    """``None`` for the winners."""
    category: str
    claimed: Any
    computed: Any
    clause: str


@dataclass
class Report:
    """What a replay found."""

    log: GameLog
    actions: int = 0
    """How many actions were applied (all of them when the log is legal)."""
    state: Any = None
    """The final state (the state before the illegal step otherwise)."""
    illegal: Illegal | None = None
    mismatches: list[Mismatch] = field(default_factory=list)

    @property
    def legal(self) -> bool:
        return self.illegal is None

    @property
    def game_over(self) -> bool:
        return self.state is not None and self.state.phase == "game-over"

    @property
    def ok(self) -> bool:
        return self.legal and not self.mismatches


def replay(log: GameLog) -> Report:
    """Applies every action of the log to the engine; stops at the first rejection.

    Raises:
        InvalidLog: the setup cannot be built, or the claimed scores do not fit the player count.
    """
    from .games import mlem

    setup = setup_from_log(log)
    report = Report(log)
    if log.claimed is not None:
        _check_claim_shape(log.claimed, log.claimed_line, setup.players)
    try:
        state = mlem.initial_state(setup)
    except IllegalAction as exc:
        report.illegal = Illegal(1, None, None, exc.clause, exc.message, None)
        return report
    for step in log.actions:
        try:
            t = mlem.apply(state, step.action)
        except IllegalAction as exc:
            report.state = state
            report.illegal = Illegal(step.line, step.index, step.doc, exc.clause, exc.message, state)
            return report
        state = t.state
        report.actions += 1
    report.state = state
    if log.claimed is not None:
        report.mismatches = compare_claims(log.claimed, state)
    return report


def _check_claim_shape(claimed: dict, line: int | None, players: int) -> None:
    if len(claimed["scores"]) != players:
        raise InvalidLog(line or 0, "$.scores", f"{len(claimed['scores'])} score entries for a "
                         f"{players}-player game (one per player, by player number)")
    for i, p in enumerate(claimed.get("winners", ())):
        if p >= players:
            raise InvalidLog(line or 0, f"$.winners[{i}]", f"{p} is not a player (0..{players - 1})")


def compare_claims(claimed: dict, state) -> list[Mismatch]:
    """Returns every claimed category that differs from the engine's score sheet.

    Before the game is over the engine counts planets as if it ended now, and there are no
    winners yet: claimed winners of an unfinished game are a mismatch.
    """
    from .games import mlem

    sheet = mlem.scores(state)
    found = []
    for player, entry in enumerate(claimed["scores"]):
        for category in CATEGORIES:
            if category in entry:
                computed = getattr(sheet[player], category)
                if entry[category] != computed:
                    found.append(Mismatch(player, category, entry[category], computed, CATEGORY_CLAUSES[category]))
    if "winners" in claimed:
        result = mlem.outcome(state)
        computed = None if result is None else list(result.winners)
        if sorted(claimed["winners"]) != computed:
            found.append(Mismatch(None, "winners", sorted(claimed["winners"]), computed, CATEGORY_CLAUSES["winners"]))
    return found


def verify_text(text: str) -> Report:
    """Reads and replays a log's text.

    Raises:
        InvalidLog: the log cannot be read.
    """
    return replay(parse_log(text))


# -- writing ----------------------------------------------------------------------------------



def score_sheet(state) -> list[dict]:
    """Returns the engine's scores as claimed-score entries (every category; the variant ones
    only in games with that variant)."""
    from .games import mlem
    from .games.mlem.interchange import scores_to_json

    return scores_to_json(state, mlem.scores(state))


def claimed_scores(state) -> dict:
    """Returns the claimed-scores line the engine itself would write (winners once the game is over)."""
    from .games import mlem

    doc: dict[str, Any] = {"type": "claimed-scores", "scores": score_sheet(state)}
    result = mlem.outcome(state)
    if result is not None:
        doc["winners"] = list(result.winners)
    return doc


def log_text(setup_doc: dict, actions, claimed: dict | None = None, meta: dict | None = None) -> str:
    """Returns a whole log: the setup line, one line per action (values or documents), the claim."""
    from .games.mlem.interchange import action_to_json

    head: dict[str, Any] = {"type": "setup", "game": "mlem", "format": LOG_FORMAT, "setup": setup_doc}
    if meta:
        head["meta"] = meta
    lines = [head]
    for a in actions:
        lines.append({"type": "action", "action": a if isinstance(a, dict) else action_to_json(a)})
    if claimed is not None:
        lines.append(claimed)
    return "".join(json.dumps(doc, ensure_ascii=False) + "\n" for doc in lines)


def log_paths(target: str, games: int) -> list[Path]:
    """Returns the log file of each game: ``target`` itself for one game, else ``target/game-0001.jsonl`` ...

    An existing folder always receives numbered files; a missing folder is created for several games.

    Raises:
        MalformedInput: several games but ``target`` is a file, or a folder that cannot be made.
    """
    path = Path(target)
    if games == 1 and not path.is_dir():
        if not path.parent.is_dir():
            raise usage_error(f"--log {target}: the folder {path.parent} does not exist")
        return [path]
    if path.exists() and not path.is_dir():
        raise usage_error(f"--log {target}: {games} games need a folder (one log per game), not a file")
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise usage_error(f"--log {target}: cannot create the folder: {exc.strerror}") from None
    return [path / f"game-{i:04d}.jsonl" for i in range(1, games + 1)]


# -- report -----------------------------------------------------------------------------------


def clause_title(clause: str) -> str:
    from .spec import load_spec

    try:
        return load_spec("mlem").clause(clause).title
    except KeyError:
        return ""


def _clause_ref(clause: str) -> str:
    title = clause_title(clause)
    return f"{clause} ({title})" if title else clause


def _score_line(player: int, s: dict) -> str:
    parts = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in s.items() if k != "total")
    return f"  player {player}: {s['total']} ({parts})"


def report_text(report: Report) -> str:
    """Returns the readable verdict."""
    from .play import describe_state

    lines = []
    bad = report.illegal
    if bad is not None:
        where = f"line {bad.line} (setup)" if bad.index is None else f"line {bad.line} (action {bad.index})"
        lines.append(f"illegal: {where}" + (f": {json.dumps(bad.action)}" if bad.action else ""))
        lines.append(f"  rejected under {_clause_ref(bad.clause)}: {bad.message}")
        if bad.state is not None:
            lines.append(f"state before it ({report.actions} actions applied):")
            lines += ["  " + x for x in describe_state(bad.state)]
        return "\n".join(lines) + "\n"
    state = report.state
    if report.game_over:
        status = f"game over ({state.ended})"
    else:
        status = f"game not over (expedition {state.expedition}, phase {state.phase})"
    lines.append(f"legal: {report.actions} actions, {status}")
    lines.append("scores:" if report.game_over else "scores so far (planets counted as if the game ended now):")
    lines += [_score_line(p, s) for p, s in enumerate(score_sheet(state))]
    winners = _winners(state)
    if winners is not None:
        lines.append("winners: " + ", ".join(f"player {p}" for p in winners))
    if report.log.claimed is None:
        lines.append("claimed scores: none in the log")
    elif not report.mismatches:
        lines.append(f"claimed scores (line {report.log.claimed_line}): match")
    else:
        lines.append(f"claimed scores (line {report.log.claimed_line}) differ:")
        for m in report.mismatches:
            who = "winners" if m.player is None else f"player {m.player} {m.category.replace('_', ' ')}"
            computed = "none (the game is not over)" if m.computed is None else m.computed
            lines.append(f"  {who}: claimed {m.claimed}, computed {computed} [{_clause_ref(m.clause)}]")
    return "\n".join(lines) + "\n"


def _winners(state) -> list[int] | None:
    from .games import mlem

    result = mlem.outcome(state)
    return None if result is None else list(result.winners)


def report_json(report: Report, file: str) -> dict:
    """Returns the verdict as a JSON document (the full state before an illegal step)."""
    from .games.mlem.interchange import state_to_json

    bad = report.illegal
    state = report.state
    doc: dict[str, Any] = {
        "file": file,
        "game": "mlem",
        "verdict": "illegal" if bad else "scores-differ" if report.mismatches else "legal",
        "actions": report.actions,
        "game_over": report.game_over,
        "ended": state.ended if state is not None else None,
        "scores": score_sheet(state) if bad is None else None,
        "winners": _winners(state) if bad is None else None,
        "illegal": None,
        "claimed": report.log.claimed is not None,
        "mismatches": [
            {"player": m.player, "category": m.category, "claimed": m.claimed, "computed": m.computed,
             "clause": m.clause, "title": clause_title(m.clause)}
            for m in report.mismatches
        ],
    }
    if bad is not None:
        doc["illegal"] = {
            "line": bad.line,
            "action_index": bad.index,
            "action": bad.action,
            "clause": bad.clause,
            "title": clause_title(bad.clause),
            "message": bad.message,
            "state": None if bad.state is None else state_to_json(bad.state),
        }
    return doc


# -- command ----------------------------------------------------------------------------------


def usage_error(message: str) -> RefereeError:
    """Returns an error that ``referee``'s main() prints as one line and exits 2 on.

    A :class:`~tabletop_referee.errors.RefereeError` rather than ``cli.UsageError``: under
    ``python -m tabletop_referee.cli`` the running main() lives in ``__main__``, whose
    ``UsageError`` is not the class that ``from .cli import UsageError`` gives.
    """
    return MalformedInput(message)


def log_files(targets: list[str]) -> list[str]:
    """Expands the LOG arguments: a folder stands for its ``*.jsonl`` files, sorted by name.

    Raises:
        RefereeError: a folder holding no ``*.jsonl`` file, or ``-`` given with other logs.
    """
    files: list[str] = []
    for target in targets:
        path = Path(target)
        if target != "-" and path.is_dir():
            found = sorted(str(f) for f in path.glob("*.jsonl") if f.is_file())
            if not found:
                raise usage_error(f"{target}: a folder without *.jsonl logs")
            files += found
        else:
            files.append(target)
    if "-" in files and len(files) > 1:
        raise usage_error("- (stdin) can only be the one log to verify")
    return files


def _verify_one(name: str) -> Report:
    label = "<stdin>" if name == "-" else name
    try:
        return verify_text(read_log_file(name))
    except InvalidLog as exc:
        where = f"line {exc.line}: " if exc.line else ""
        path = f"{exc.path}: " if exc.path != "$" or exc.line else ""
        raise usage_error(f"{label}: {where}{path}{exc.message}") from None


def cmd_verify(args: argparse.Namespace) -> int:
    from .cli import EXIT_FAILED, EXIT_OK

    if args.game != "mlem":
        raise usage_error(f"--game {args.game}: logs are defined for mlem only")
    files = log_files(args.log)
    if files == args.log and len(files) == 1:  # one log file named: the report as it always was
        name = "<stdin>" if files[0] == "-" else files[0]
        report = _verify_one(files[0])
        if args.json:
            sys.stdout.write(json.dumps(report_json(report, name), indent=2, ensure_ascii=False) + "\n")
        else:
            sys.stdout.write(report_text(report))
        return EXIT_OK if report.ok else EXIT_FAILED
    # Several logs (or a folder): every one is read before anything is printed, so that a log
    # that cannot be read stops the command with one error line, as for a single log.
    reports = [(name, _verify_one(name)) for name in files]
    bad = [name for name, r in reports if not r.ok]
    if args.json:
        doc = {"logs": len(reports), "ok": len(reports) - len(bad),
               "reports": [report_json(r, name) for name, r in reports]}
        sys.stdout.write(json.dumps(doc, indent=2, ensure_ascii=False) + "\n")
    else:
        out = []
        for name, r in reports:
            out.append(f"== {name}")
            out += ["  " + line for line in report_text(r).splitlines()]
        illegal = sum(1 for _, r in reports if not r.legal)
        out.append(f"{len(reports)} logs: {len(reports) - len(bad)} ok, {illegal} with an illegal step, "
                   f"{len(bad) - illegal} with claimed scores that differ")
        sys.stdout.write("\n".join(out) + "\n")
    return EXIT_OK if not bad else EXIT_FAILED


def register(sub: argparse._SubParsersAction) -> None:
    """Adds this module's subcommands to the ``referee`` parser."""
    from .cli import _game

    p = sub.add_parser(
        "verify", help="replay a game log with the reference engine: every step legal? the claimed scores right?"
    )
    p.add_argument("--game", type=_game, required=True)
    p.add_argument("log", metavar="LOG", nargs="+",
                   help="game logs (JSON Lines, docs/logs.md) or folders of *.jsonl logs; - reads stdin")
    p.add_argument("--json", action="store_true",
                   help="print the verdict as JSON (with the full state before an illegal step)")
    p.set_defaults(func=cmd_verify)
