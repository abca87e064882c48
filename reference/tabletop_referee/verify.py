"""GameKit logs (JSON Lines) and ``referee verify``: replay a recorded game with the engine.

A log is a setup line, one line per action in play order (chance outcomes included, so a log
replays without randomness) and an optional claimed-scores line; ``schemas/<game>/log.schema.json``
describes one line where a game ships it, and ``docs/logs.md`` the whole. This module reads and
writes logs and asks the game (through the one game interface) about every step; it decides no
rule itself: legality is whatever the engine's ``apply`` accepts, scores are its score sheet.

    >>> from tabletop_referee.games import load
    >>> game = load("mlem")
    >>> setup = game.setup_from_json({"players": 2, "start_player": 0, "board": "short"})
    >>> text = log_text(game, game.setup_to_json(setup), [game.notation.parse_action("embark satellite", None)])
    >>> report = verify_text(text)
    >>> report.legal, report.actions, report.game_over
    (True, 1, False)

Exit codes of ``referee verify``: 0 every step of every log legal and the claimed scores (if
any) match, 1 an illegal step or a score that differs, 2 a log that cannot be read.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import IllegalAction, MalformedInput, RefereeError
from .games import GAMES, load
from .games.roles import GameKit
from .loading import LOG_MAX_BYTES, LoadError, parse_json, read_bytes
from .schemas import has_schema, validation_errors
from .spec import load_spec

LOG_FORMAT = 1
LINE_TYPES = ("setup", "action", "claimed-scores")


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
    doc: dict[str, Any]
    action: Any


@dataclass(frozen=True)
class GameLog:
    game: GameKit
    setup_doc: dict[str, Any]
    meta: dict[str, Any] | None
    actions: tuple[ActionLine, ...]
    claimed: dict[str, Any] | None = None
    claimed_line: int | None = None


def parse_log(text: str, game: str | None = None) -> GameLog:
    """Reads a log's text; checks every line (against the game's log schema where it has one)
    and the line order. The game is ``game``, else the one the setup line names.

    Blank lines are skipped (line numbers still count them).

    Raises:
        InvalidLog: the first line that cannot be read, with its number and a JSON path.
    """
    played: GameKit | None = load(game) if game is not None else None
    setup_doc: dict[str, Any] | None = None
    meta = None
    actions: list[ActionLine] = []
    claimed = claimed_line = None
    last = 0
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        last = number
        try:
            doc = parse_json(raw)
        except LoadError as exc:
            problem = exc.problem.replace("not JSON: line 1 column", "not JSON: column", 1)
            raise InvalidLog(number, exc.pointer or "$", problem) from None
        if isinstance(doc, dict) and doc.get("type") == "setup" and played is None:
            named = doc.get("game")
            if named not in GAMES:
                raise InvalidLog(number, "$.game", f"the setup line names no known game ({named!r}; "
                                 f"known: {', '.join(GAMES)})")
            played = load(named)
        if isinstance(doc, dict) and doc.get("type") == "setup":
            assert played is not None  # set (or refused) just above
            if "game" in doc and doc["game"] != played.info.id:
                raise InvalidLog(number, "$.game", f"a log of game {doc['game']!r}, not of {played.info.id}")
            if "format" in doc and doc["format"] != LOG_FORMAT:
                raise InvalidLog(number, "$.format",
                                 f"log format {doc['format']!r}; this referee reads format {LOG_FORMAT}")
        _check_line(played, number, doc)
        assert played is not None  # _check_line refuses every line before the game is known
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
            try:
                action = played.action_from_json(doc["action"])
            except RefereeError as exc:
                raise InvalidLog(number, "$.action" + _relative(exc.path), exc.message) from None
            actions.append(ActionLine(number, len(actions), doc["action"], action))
        else:
            claimed, claimed_line = doc, number
    if setup_doc is None or played is None:
        raise InvalidLog(max(last, 1), "$", "empty log: the first line must be a setup line")
    return GameLog(played, setup_doc, meta, tuple(actions), claimed, claimed_line)


def _check_line(game: GameKit | None, number: int, doc: Any) -> None:
    """One line against the game's log schema, or the envelope every log line has."""
    if game is not None and has_schema(game.info.id, "log"):
        errors = validation_errors(game.info.id, "log", doc)
        if errors:
            specific = [e for e in errors if "is not valid under any of the given schemas" not in e]
            path, _, message = (specific or errors)[0].partition(": ")
            raise InvalidLog(number, path, message)
        return
    if not isinstance(doc, dict) or doc.get("type") not in LINE_TYPES:
        raise InvalidLog(number, "$.type", f"a log line is an object whose type is one of {', '.join(LINE_TYPES)}")
    if game is None:
        raise InvalidLog(number, "$.type", f"the first line must be the setup line, not a {doc['type']} line")
    needed = {"setup": "setup", "action": "action", "claimed-scores": "scores"}[doc["type"]]
    if needed not in doc:
        raise InvalidLog(number, "$", f"a {doc['type']} line needs {needed!r}")
    if doc["type"] == "claimed-scores" and not isinstance(doc["scores"], list):
        raise InvalidLog(number, "$.scores", "claimed scores are a list, one entry per player")


def setup_from_log(log: GameLog) -> Any:
    """Builds the engine's setup from a log's setup line (line 1 of the log).

    Raises:
        InvalidLog: a setup the game refuses to read (an unknown board id, a bad rule option...).
    """
    try:
        return log.game.setups.setup_from_log(log.setup_doc)
    except RefereeError as exc:
        raise InvalidLog(1, "$.setup" + _relative(exc.path), exc.message) from None


def _relative(path: str) -> str:
    return path[1:] if path.startswith("$") else ""


def read_log_file(path: str) -> str:
    """Returns the text of a log file (``-`` reads stdin).

    Raises:
        InvalidLog: unreadable file or bytes that are not UTF-8.
    """
    try:
        data = read_bytes(path, what="log", max_bytes=LOG_MAX_BYTES)
    except LoadError as exc:
        raise InvalidLog(0, "$", exc.problem) from None
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
    action: dict[str, Any] | None
    clause: str
    message: str
    state: Any
    """The state before the step (``None`` for a rejected setup)."""
    facts: tuple[str, ...] = ()
    """The facts of that state (hidden ones included) that make the step illegal."""


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
        return self.state is not None and self.log.game.is_over(self.state)

    @property
    def ok(self) -> bool:
        return self.legal and not self.mismatches


def replay(log: GameLog) -> Report:
    """Applies every action of the log to the engine; stops at the first rejection.

    Raises:
        InvalidLog: the setup cannot be built, or the claimed scores do not fit the player count.
    """
    game = log.game
    setup = setup_from_log(log)
    report = Report(log)
    try:
        state = game.initial_state(setup)
    except IllegalAction as exc:
        report.illegal = Illegal(1, None, None, exc.clause, exc.message, None)
        return report
    for step in log.actions:
        try:
            t = game.apply(state, step.action)
        except IllegalAction as exc:
            report.state = state
            facts = tuple(game.narration.rejection_facts(state, step.action, exc.clause))
            report.illegal = Illegal(step.line, step.index, step.doc, exc.clause, exc.message, state, facts)
            return report
        state = t.state
        report.actions += 1
    report.state = state
    if log.claimed is not None:
        _check_claim_shape(log.claimed, log.claimed_line, game.player_count(state))
        report.mismatches = compare_claims(log.claimed, state, game)
    return report


def _check_claim_shape(claimed: dict[str, Any], line: int | None, players: int) -> None:
    if len(claimed["scores"]) != players:
        raise InvalidLog(line or 0, "$.scores", f"{len(claimed['scores'])} score entries for a "
                         f"{players}-player game (one per player, by player number)")
    for i, p in enumerate(claimed.get("winners", ())):
        if p >= players:
            raise InvalidLog(line or 0, f"$.winners[{i}]", f"{p} is not a player (0..{players - 1})")


def compare_claims(claimed: dict[str, Any], state: Any, game: GameKit) -> list[Mismatch]:
    """Returns every claimed category that differs from the engine's score sheet.

    Before the game is over the engine counts as if it ended now, and there are no winners
    yet: claimed winners of an unfinished game are a mismatch.
    """
    sheet = game.scoring.score_sheet(state)
    categories = game.scoring.score_categories()
    found = []
    for player, entry in enumerate(claimed["scores"]):
        computed_entry = sheet[player]
        for category in categories or list(computed_entry):
            if category in entry:
                computed = computed_entry.get(category, 0)  # a category not played counts zero
                if entry[category] != computed:
                    found.append(Mismatch(player, category, entry[category], computed,
                                          game.scoring.category_clause(category) or ""))
    if "winners" in claimed:
        computed = list(game.scoring.winners(state)) if game.is_over(state) else None
        if sorted(claimed["winners"]) != computed:
            found.append(Mismatch(None, "winners", sorted(claimed["winners"]), computed,
                                  game.scoring.category_clause("winners") or ""))
    return found


def verify_text(text: str, game: str | None = None) -> Report:
    """Reads and replays a log's text (of ``game``, else of the game its setup line names).

    Raises:
        InvalidLog: the log cannot be read.
    """
    return replay(parse_log(text, game))


# -- writing ----------------------------------------------------------------------------------



def claimed_scores(game: GameKit, state: Any) -> dict[str, Any]:
    """Returns the claimed-scores line the engine itself would write (winners once the game is over)."""
    doc: dict[str, Any] = {"type": "claimed-scores", "scores": game.scoring.score_sheet(state)}
    if game.is_over(state):
        doc["winners"] = list(game.scoring.winners(state))
    return doc


def log_text(game: GameKit, setup_doc: dict[str, Any], actions: Sequence[Any], claimed: dict[str, Any] | None = None,
             meta: dict[str, Any] | None = None) -> str:
    """Returns a whole log: the setup line, one line per action (values or documents), the claim."""
    head: dict[str, Any] = {"type": "setup", "game": game.info.id, "format": LOG_FORMAT, "setup": setup_doc}
    if meta:
        head["meta"] = meta
    lines = [head]
    for a in actions:
        lines.append({"type": "action", "action": a if isinstance(a, dict) else game.action_to_json(a)})
    if claimed is not None:
        lines.append(claimed)
    return "".join(json.dumps(doc, ensure_ascii=False) + "\n" for doc in lines)


def log_paths(target: str, games: int) -> list[Path]:
    """Returns the log file of each game: ``target`` itself for one game, else ``target/game-0001.jsonl`` ...

    An existing folder always receives numbered files; a missing folder is created for several
    games, or for one game when ``target`` ends in a path separator (``logs/``: a folder, never a
    file of that name).

    Raises:
        MalformedInput: several games but ``target`` is a file, or a folder that cannot be made.
    """
    path = Path(target)
    folder = target.endswith(("/", os.sep)) or (os.altsep is not None and target.endswith(os.altsep))
    if games == 1 and not path.is_dir() and not folder:
        if not path.parent.is_dir():
            raise MalformedInput(f"--log {target}: the folder {path.parent} does not exist")
        if path.is_symlink() or (path.exists() and not path.is_file()):
            raise MalformedInput(f"--log {target}: a symbolic link, device or pipe is not replaced")
        return [path]
    if path.exists() and not path.is_dir():
        raise MalformedInput(f"--log {target}: {games} games need a folder (one log per game), not a file")
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise MalformedInput(f"--log {target}: cannot create the folder: {exc.strerror}") from None
    paths = [path / f"game-{i:04d}.jsonl" for i in range(1, games + 1)]
    stale = sorted(set(p.name for p in path.glob("game-*.jsonl")) - {p.name for p in paths})
    if stale:  # never deleted (they are not ours), never mixed with this run's logs
        raise MalformedInput(f"--log {target}: the folder holds {len(stale)} other log(s) ({stale[0]}...) that "
                             "this run would not replace; give an empty or new folder")
    return paths


# -- report -----------------------------------------------------------------------------------


def clause_title(game: GameKit, clause: str) -> str:
    try:
        return load_spec(game.info.id).clause(clause).title
    except KeyError:
        return ""


def _clause_ref(game: GameKit, clause: str) -> str:
    title = clause_title(game, clause)
    return f"{clause} ({title})" if title else clause


def _score_line(player: int, s: dict[str, Any]) -> str:
    parts = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in s.items() if k != "total")
    return f"  player {player}: {s['total']} ({parts})"


def report_text(report: Report) -> str:
    """Returns the readable verdict."""
    game = report.log.game
    lines = []
    bad = report.illegal
    if bad is not None:
        where = f"line {bad.line} (setup)" if bad.index is None else f"line {bad.line} (action {bad.index})"
        lines.append(f"illegal: {where}" + (f": {json.dumps(bad.action)}" if bad.action else ""))
        lines.append(f"  rejected under {_clause_ref(game, bad.clause)}: {bad.message}")
        if bad.facts:
            lines.append("  because: " + "; ".join(bad.facts))
        if bad.state is not None:
            lines.append(f"state before it ({report.actions} actions applied):")
            lines += ["  " + x for x in game.narration.describe_state(bad.state).splitlines()]
        return "\n".join(lines) + "\n"
    state = report.state
    lines.append(f"legal: {report.actions} actions, {game.narration.status_text(state)}")
    lines.append("scores:" if report.game_over else "scores so far (counted as if the game ended now):")
    lines += [_score_line(p, s) for p, s in enumerate(game.scoring.score_sheet(state))]
    winners = _winners(game, state)
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
            lines.append(f"  {who}: claimed {m.claimed}, computed {computed} [{_clause_ref(game, m.clause)}]")
    return "\n".join(lines) + "\n"


def _winners(game: GameKit, state: Any) -> list[int] | None:
    return list(game.scoring.winners(state)) if game.is_over(state) else None


def report_json(report: Report, file: str) -> dict[str, Any]:
    """Returns the verdict as a JSON document (the full state before an illegal step)."""
    game = report.log.game
    bad = report.illegal
    state = report.state
    doc: dict[str, Any] = {
        "file": file,
        "game": game.info.id,
        "verdict": "illegal" if bad else "scores-differ" if report.mismatches else "legal",
        "actions": report.actions,
        "game_over": report.game_over,
        "ended": game.scoring.ended_reason(state) if state is not None else None,
        "scores": game.scoring.score_sheet(state) if bad is None else None,
        "winners": _winners(game, state) if bad is None else None,
        "illegal": None,
        "claimed": report.log.claimed is not None,
        "mismatches": [
            {"player": m.player, "category": m.category, "claimed": m.claimed, "computed": m.computed,
             "clause": m.clause, "title": clause_title(game, m.clause)}
            for m in report.mismatches
        ],
    }
    if bad is not None:
        doc["illegal"] = {
            "line": bad.line,
            "action_index": bad.index,
            "action": bad.action,
            "clause": bad.clause,
            "title": clause_title(game, bad.clause),
            "message": bad.message,
            "facts": list(bad.facts),
            "state": None if bad.state is None else game.state_to_json(bad.state),
        }
    return doc


# -- several logs ---------------------------------------------------------------------------


def log_files(targets: list[str]) -> list[str]:
    """Expands the LOG arguments: a folder stands for its ``*.jsonl`` files, sorted by name.

    Raises:
        MalformedInput: a folder holding no ``*.jsonl`` file, or ``-`` given with other logs.
    """
    files: list[str] = []
    for target in targets:
        path = Path(target)
        if target != "-" and path.is_dir():
            found = sorted(str(f) for f in path.glob("*.jsonl") if f.is_file())
            if not found:
                raise MalformedInput(f"{target}: a folder without *.jsonl logs")
            files += found
        else:
            files.append(target)
    if "-" in files and len(files) > 1:
        raise MalformedInput("- (stdin) can only be the one log to verify")
    return files


def verify_file(name: str, game: str | None = None) -> Report:
    """Reads and replays one log file (``-``: stdin); a log that cannot be read is one error line."""
    label = "<stdin>" if name == "-" else name
    try:
        return verify_text(read_log_file(name), game)
    except InvalidLog as exc:
        where = f"line {exc.line}: " if exc.line else ""
        path = f"{exc.path}: " if exc.path != "$" or exc.line else ""
        raise MalformedInput(f"{label}: {where}{path}{exc.message}") from None
