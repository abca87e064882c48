"""The one human notation for MLEM: short actions in and out, and one sentence per event.

``referee play`` and ``referee explain`` both speak it. Nothing here decides a rule: a parsed
action is handed to the engine as is, and an event sentence only words the event's fields.

Short actions (case does not matter; the acting player is the ``player`` argument)::

    embark satellite          board an astronaut (takeoff); deep_space_double = deep-space-double
    roll 1,2,2,afterburner    a roll (chance): one face per die; faces 1 2 3 4 afterburner (a, ab)
    move 2+afterburner        the commander's groups, joined by + or spaces: move 2 a, move 2 + ab
    move 1x2+3                part of a group: one of the dice showing 2 (COUNTxFACE), and all 3s
                              (the rules decide whether that is allowed: dice_grouping)
    move 1 die-one:0,2        ... with the Die-1 astronauts of players 0 and 2 (also die-one 0,2);
                              die-one alone: the mover's own; move die-one = move 1 die-one
    land 7                    the astronaut being asked lands at space 7 (land alone: where the
                              rocket is, when the caller knows it)
    stay                      it stays aboard (in a crash: it does not jump)
    draw E07                  a token drawn (chance, variants): the pile is the one the phase names
    discard M04               put away one of the four missions dealt (Secret Missions)
    reroll                    the UFO arrival token's reroll ability (UFO)
    move extra-face           move with the arrival token's face alone (UFO); move 3 extra-face:
                              the face joins the 3s group (ufo_extra_face_use=with-dice)
    move 2+3 keep-dice        an ordinary move that removes no dice (UFO); after die-one if any
    player:N ...  /  ... player:N   any of these (but a roll or a draw) on behalf of player N

Token ids keep the case they are written in, unless the caller passes the ids it knows
(``tokens=``): then ``draw e07`` finds ``E07``.

:func:`action_text` writes the canonical form, which :func:`parse_action` reads back:

    >>> from tabletop_referee.games import mlem
    >>> action_text(mlem.Move(0, ("2", "afterburner")))
    'move 2+afterburner'
    >>> action_text(mlem.Move(1, ("1",), (0, 2)))
    'move 1 die-one:0,2'
    >>> parse_action("Move 2 + A", 1)
    Move(player=1, faces=('2', 'afterburner'), die_one=(), ability=None, dice=())
    >>> parse_action("move 1 die-one 0,2 player:3", 1)
    Move(player=3, faces=('1',), die_one=(0, 2), ability=None, dice=())
    >>> action_text(parse_action("move 1x2+3", 0))
    'move 1x2+3'

The variants' actions:

    >>> action_text(mlem.Move(0, ("2", "3"), (), "keep-dice"))
    'move 2+3 keep-dice'
    >>> parse_action("move extra-face", 2)
    Move(player=2, faces=(), die_one=(), ability='extra-face', dice=())
    >>> parse_action("draw e07", 0, tokens=["E07", "E08"])
    Draw(token='E07')
    >>> [action_text(a) for a in (Draw("A03"), Discard(1, "M04"), Reroll(0))]
    ['draw A03', 'discard M04', 'reroll']
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from typing import Any

from ...errors import InvalidNotation
from ..interface import Event
from .model import (
    ASTRONAUTS,
    FACE_INDEX,
    GOAL_POINTS,
    Action,
    Board,
    Discard,
    Draw,
    Embark,
    Land,
    Move,
    Reroll,
    Roll,
    Stay,
)

VERBS = ("embark", "roll", "move", "land", "stay", "draw", "discard", "reroll")
MOVE_ABILITIES = ("extra-face", "keep-dice")
"""The UFO abilities a move can use, written after the groups: ``move extra-face``, ``move 2 keep-dice``."""
FACE_ALIASES = {"1": "1", "2": "2", "3": "3", "4": "4", "a": "afterburner", "ab": "afterburner",
                "afterburner": "afterburner"}
DIE_ONE_WORDS = ("die-one", "die_one")
PLAYER_PREFIXES = ("player:", "player=")
FORMS = ("embark TYPE, roll F,F,..., move F+F [die-one:P,P] [keep-dice], move extra-face, land SPACE, stay, "
         "draw TOKEN, discard TOKEN, reroll")


# -- actions ------------------------------------------------------------------------------------


def action_text(action: Action, *, show_player: bool = False) -> str:
    """The canonical short form of an action (faces and Die-1 players in canonical order).

    ``show_player`` appends `` player:N`` (for an action on behalf of someone who is not to act).
    """
    if isinstance(action, Roll):
        return "roll " + ",".join(_sorted_faces(action.faces))
    if isinstance(action, Draw):
        return f"draw {action.token}"
    if isinstance(action, Embark):
        text = f"embark {action.astronaut}"
    elif isinstance(action, Move):
        text = _move_text(action)
    elif isinstance(action, Land):
        text = f"land {action.space}"
    elif isinstance(action, Discard):
        text = f"discard {action.token}"
    elif isinstance(action, Reroll):
        text = "reroll"
    else:
        text = "stay"
    if show_player:
        text += f" player:{action.player}"
    return text


def _move_text(action: Move) -> str:
    parts = ["move"]
    if action.faces:
        counts = dict(action.dice)
        parts.append("+".join(f"{counts[f]}x{f}" if f in counts else f for f in _sorted_faces(action.faces)))
    if action.die_one:
        parts.append("die-one:" + ",".join(str(p) for p in sorted(action.die_one)))
    if action.ability is not None:
        parts.append(action.ability)
    return " ".join(parts)


class _Bad(Exception):
    """A reading failure inside this module: the message and the word it is about (if any);
    :func:`parse_action` turns it into an :class:`InvalidNotation` with the column."""

    def __init__(self, message: str, word: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.word = word


class _Word(str):
    """A word of the input that remembers where it starts (``at``, 0-based)."""

    at: int

    def __new__(cls, text: str, at: int) -> _Word:
        word = super().__new__(cls, text)
        word.at = at
        return word


def parse_action(text: str, player: int, *, here: int | None = None, tokens: Iterable[str] = ()) -> Action:
    """Reads a short action for ``player`` (syntax only: the engine judges the action).

    ``here`` is the rocket's space, used by ``land`` without a number. Faces come out in
    canonical order and Die-1 players ascending, as in the interchange format. ``tokens``: the
    token ids the caller knows (the pile, the hand); a ``draw``/``discard`` id that matches one
    of them but for case is read as that id, any other id is kept as written.

    Raises:
        InvalidNotation: the text is not a short action; the one-line message names the bad
            word, ``column`` says where it starts (``None`` when no one word is at fault).

    >>> try:
    ...     parse_action("move 2+7", 0)
    ... except InvalidNotation as e:
    ...     print(e, "| column", e.column)
    '7' is not a die face (faces: 1, 2, 3, 4, afterburner, a or ab) | column 7
    """
    try:
        return _parse(text, player, here, tokens)
    except _Bad as bad:
        raise InvalidNotation(bad.message, text=text, column=_column(text, bad.word)) from None


def _column(text: str, word: str | None) -> int | None:
    if word is None:
        return None
    if isinstance(word, _Word):
        return word.at
    found = text.lower().find(word.lower())
    return None if found < 0 else found


def _parse(text: str, player: int, here: int | None, tokens: Iterable[str]) -> Action:
    written = _tokens(text)
    if not written:
        raise _Bad(f"an empty action (forms: {FORMS})")
    words = [_Word(w.lower(), w.at) for w in written]
    override, rest, raw = _split_player(words, written)
    if not rest:
        raise _Bad(f"no verb, only {words[0]!r} (forms: {FORMS})", words[0])
    verb, args = rest[0], rest[1:]
    if verb not in VERBS:
        raise _Bad(f"unknown verb {verb!r} (verbs: {', '.join(VERBS)})", verb)
    who = player if override is None else override
    if verb in ("roll", "draw") and override is not None:
        kind = "a roll" if verb == "roll" else "a draw"
        raise _Bad(f"'player:{override}': {kind} is chance and has no player", f"player:{override}")
    if verb == "draw":
        return Draw(_token_id(verb, raw[1:], tokens))
    if verb == "discard":
        return Discard(who, _token_id(verb, raw[1:], tokens))
    return _VERB_READERS[verb](args, who, here)


def _split_player(words: list[_Word], written: list[_Word]) -> tuple[int | None, list[_Word], list[_Word]]:
    """Takes the ``player:N`` word out: (N or None, the other words lowercased, as written)."""
    override = None
    rest: list[_Word] = []
    raw: list[_Word] = []
    for word, as_written in zip(words, written):
        if word.startswith(PLAYER_PREFIXES):
            number = word[len("player:"):]
            if override is not None:
                raise _Bad(f"{word!r}: the player is given twice", word)
            if not number.isdigit():
                raise _Bad(f"{word!r}: the player must be a number, e.g. player:1", word)
            override = int(number)
        else:
            rest.append(word)
            raw.append(as_written)
    return override, rest, raw


def _roll(args: list[_Word], who: int, here: int | None) -> Action:
    if not args:
        raise _Bad("roll needs the faces rolled, e.g. roll 1,2,2,afterburner")
    return Roll(_sorted_faces(_face(w) for w in args))


def _reroll(args: list[_Word], who: int, here: int | None) -> Action:
    if args:
        raise _Bad(f"reroll takes nothing, not {args[0]!r}", args[0])
    return Reroll(who)


def _land(args: list[_Word], who: int, here: int | None) -> Action:
    if len(args) > 1:
        raise _Bad(f"land takes one space, not also {args[1]!r}", args[1])
    if not args:
        if here is None:
            raise _Bad("land needs a space number, e.g. land 7")
        return Land(who, here)
    if not args[0].isdigit():
        raise _Bad(f"{args[0]!r} is not a space number", args[0])
    return Land(who, int(args[0]))


def _embark(args: list[_Word], who: int, here: int | None) -> Action:
    if len(args) != 1:
        if args:
            raise _Bad("embark takes one astronaut, not also " + repr(args[1]), args[1])
        raise _Bad("embark needs an astronaut, e.g. embark satellite")
    name = args[0].replace("_", "-")
    if name not in ASTRONAUTS:
        raise _Bad(f"{args[0]!r} is not an astronaut (astronauts: {', '.join(ASTRONAUTS)})", args[0])
    return Embark(who, name)


def _stay(args: list[_Word], who: int, here: int | None) -> Action:
    if args:
        raise _Bad(f"stay takes nothing, not {args[0]!r}", args[0])
    return Stay(who)


def _token_id(verb: str, args: list[_Word], known: Iterable[str]) -> str:
    example = "E07" if verb == "draw" else "M04"
    if not args:
        raise _Bad(f"{verb} needs a token id, e.g. {verb} {example}")
    if len(args) > 1:
        raise _Bad(f"{verb} takes one token id, not also {args[1]!r}", args[1])
    word = args[0]
    if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_-]*", word):
        raise _Bad(f"{word!r} is not a token id (letters, digits, - and _), e.g. {example}", word)
    same = [t for t in known if t.lower() == word.lower()]
    return same[0] if len(same) == 1 else str(word)


def _tokens(text: str) -> list[_Word]:
    """The words as written, each with its column; ``+`` and ``,`` separate like spaces,
    ``die-one:2`` is two words."""
    out: list[_Word] = []
    for m in re.finditer(r"[^\s+,]+", text):
        word, at = m.group(), m.start()
        head, colon, tail = word.partition(":")
        if colon and head.lower() in DIE_ONE_WORDS:
            out.append(_Word(head, at))
            if tail:
                out.append(_Word(tail, at + len(head) + 1))
        else:
            out.append(_Word(word, at))
    return out


def _move(args: list[_Word], player: int, here: int | None = None) -> Move:
    faces: list[str] = []
    dice: dict[str, int] = {}
    die_one: set[int] = set()
    in_die_one = False
    ability = None
    for word in args:
        if word.replace("_", "-") in MOVE_ABILITIES:
            if ability is not None:
                raise _Bad(f"{word!r}: one ability per move, {ability} is already named", word)
            ability = word.replace("_", "-")
        elif ability is not None:
            raise _Bad(f"{word!r} after {ability}: the ability comes last", word)
        elif word in DIE_ONE_WORDS:
            in_die_one = True
            die_one.add(-1)  # the mover's own, unless numbers follow
        elif in_die_one:
            if not word.isdigit():
                raise _Bad(f"{word!r} after die-one is not a player number (die-one comes last)", word)
            die_one.discard(-1)
            die_one.add(int(word))
        else:
            _group(word, faces, dice)
    return _move_of(player, faces, dice, die_one, ability)


def _group(word: _Word, faces: list[str], dice: dict[str, int]) -> None:
    """One group of a move: ``2``, or part of one: ``1x2`` (COUNTxFACE)."""
    count, x, rest = word.partition("x")
    if x and count.isdigit() and rest:  # COUNTxFACE: part of a group
        face = _face(_Word(rest, word.at + len(count) + 1))
        dice[face] = int(count)
    else:
        face = _face(word)
    if face in faces:
        raise _Bad(f"{word!r}: the {face} group is named twice", word)
    faces.append(face)


def _move_of(player: int, faces: list[str], dice: dict[str, int], die_one: set[int], ability: str | None) -> Move:
    if -1 in die_one:
        die_one.discard(-1)
        die_one.add(player)
    if ability == "extra-face" and not faces and not die_one:
        return Move(player, (), (), ability)
    if not faces and not die_one:
        raise _Bad("move needs the groups used, e.g. move 2+afterburner")
    if not faces:
        faces = ["1"]  # "move die-one": the Die-1 belongs to the 1s group
    ordered = _sorted_faces(faces)
    return Move(player, ordered, tuple(sorted(die_one)), ability,
                tuple((f, dice[f]) for f in ordered if f in dice))


_VERB_READERS: dict[str, Callable[[list[_Word], int, int | None], Action]] = {
    "roll": _roll, "reroll": _reroll, "move": _move, "land": _land, "embark": _embark, "stay": _stay,
}


def _face(word: str) -> str:
    face = FACE_ALIASES.get(word)
    if face is None:
        raise _Bad(f"{word!r} is not a die face (faces: 1, 2, 3, 4, afterburner, a or ab)", word)
    return face


def _sorted_faces(faces: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(faces, key=lambda f: FACE_INDEX.get(f, len(FACE_INDEX))))


# -- events -------------------------------------------------------------------------------------


def _player(p: int) -> str:
    return f"player {p}"


def _seat(index: int) -> str:
    return "the front seat" if index == 0 else f"seat {index + 1}"


TABLE = "table"
"""``observer`` of :func:`describe_event` for what everyone at the table may see (hot-seat play)."""

_HIDDEN_EVENTS = frozenset({"mission-dealt", "mission-discarded"})


def describe_event(event: Event, board: Board, *, observer: int | str | None = None) -> str:
    """One readable sentence for an engine event (``board`` names planets and the crash limit).

    Seats and moon slots are counted from 1 here (front seat = seat 1), from 0 in the event.
    Events are the omniscient view; with ``observer`` (a player, or :data:`TABLE` for everyone
    at once) the sentence leaves out the missions that observer may not see [missions.hidden].
    """
    d = dict(event.data)
    t = event.type
    if t in _HIDDEN_EVENTS and observer is not None and d["player"] != observer:
        return _HIDDEN_SENTENCES[t].format(who=_player(d["player"]))
    sentence = _SENTENCES.get(t)
    if sentence is None:
        return t + " " + json.dumps(d, ensure_ascii=False)  # an event type this module does not know yet
    return sentence(d, event, board)


_Sentence = Callable[[dict[str, Any], Event, Board], str]
"""How one kind of event reads: ``(its data, the event, the board)`` → the sentence."""

_HIDDEN_SENTENCES = {
    "mission-dealt": "{who} is dealt a secret mission",
    "mission-discarded": "{who} discards one of their missions, face down",
}


def _fields(template: str) -> _Sentence:
    """A sentence that only fills the event's fields into ``template`` (``{player}`` reads
    ``player N``)."""

    def sentence(d: dict[str, Any], event: Event, board: Board) -> str:
        return template.format_map({**d, "who": _player(d["player"]) if "player" in d else ""})

    return sentence


def _moved(d: dict[str, Any], event: Event, board: Board) -> str:
    counts = d.get("dice", {})
    groups = "+".join(f"{counts[f]} of the {f}s" if f in counts else f for f in d["faces"])
    if d["die_one"]:
        groups += " (with the Die-1 of " + ", ".join(_player(p) for p in d["die_one"]) + ")"
    if event.clause == "ufo.extra-face":
        groups = f"the arrival token's extra face {groups}"
    return (f"{_player(d['player'])} moves with {groups}: {d['distance']} from space {d['from']} "
            f"to space {d['to']}" + _deep(board, d["to"]))


def _landed(d: dict[str, Any], event: Event, board: Board) -> str:
    who = f"{_player(d['player'])}'s {d['astronaut']}"
    if d["site"] == "moon":
        where = f"the moon of space {d['space']} (slot {d['slot'] + 1})"
    elif d["site"] == "planet":
        where = f"planet {board.spaces[d['space']].planet} (space {d['space']}; scored at the end)"
    else:
        where = f"the {d['site']} in deep space"
    points = f", {d['points']} points" if d["site"] != "planet" else ""
    return f"{who} lands on {where}{points}"


def _expedition_ended(d: dict[str, Any], event: Event, board: Board) -> str:
    if d["reason"] == "game-end":
        return f"expedition {d['expedition']} stops: the game ends now"
    return (f"expedition {d['expedition']} ends ({d['reason']}); "
            f"{_player(d['next_start_player'])} starts the next one")


def _exploration_points(d: dict[str, Any], event: Event, board: Board) -> str:
    points = d["points"]
    return f"{_player(d['player'])} takes exploration token {d['token']}, worth {points} {_points(points)}"


def _ability_used(d: dict[str, Any], event: Event, board: Board) -> str:
    token = f" {d['token']}" if d.get("token") else ""
    return f"{_player(d['player'])} uses the arrival token{token}'s {d['ability']} ability (once per expedition)"


def _points_doubled(d: dict[str, Any], event: Event, board: Board) -> str:
    where = (f"planet {board.spaces[d['space']].planet}" if d["astronaut"] == "planet-double"
             else f"space {d['space']}")
    return f"{_player(d['player'])}'s {d['astronaut']} doubles its points on {where}: {d['points']}"


def _astronauts(n: int) -> str:
    return f"{n} astronaut{'s' if n != 1 else ''}"


def _planet_tie_broken(d: dict[str, Any], event: Event, board: Board) -> str:
    players = " and ".join(_player(p) for p in d["players"])
    return (f"planet {d['planet']}: {players} have {_astronauts(d['astronauts'])} each; "
            "the earlier arrival ranks first, in that order")


def _planet_scored(d: dict[str, Any], event: Event, board: Board) -> str:
    medal = ("gold", "silver", "bronze")[d["rank"] - 1]
    return (f"planet {d['planet']}: {_player(d['player'])} takes {medal} with "
            f"{_astronauts(d['astronauts'])}, {d['points']} points")


def _final_scores(d: dict[str, Any], event: Event, board: Board) -> str:
    totals = "; ".join(f"{_player(p)} {s['total']}" for p, s in enumerate(d["scores"]))
    won = " and ".join(_player(p) for p in d["winners"])
    return f"final scores: {totals}; {won} {'wins' if len(d['winners']) == 1 else 'share the victory'}"


_SENTENCES: dict[str, _Sentence] = {
    "boarded": lambda d, e, b: f"{_player(d['player'])} boards their {d['astronaut']} astronaut ({_seat(d['seat'])})",
    "rocket-placed": _fields("boarding is complete: the rocket starts on space {space}"),
    "rolled": lambda d, e, b: "rolled " + ", ".join(d["faces"]),
    "moved": _moved,
    "die-one-used": _fields("{who}'s Die-1 astronaut counts as an extra 1 and is flipped"),
    "dice-removed": lambda d, e, b: f"{d['count']} {'die' if d['count'] == 1 else 'dice'} removed, {d['dice']} left",
    "die-restored": _fields("no die would be left: one die stays available ({dice} left)"),
    "crashed": lambda d, e, b: (f"no usable die: the rocket crashes on space {d['space']} "
                                f"(crash {d['crashes']} of {b.crash_limit})"),
    "no-landing": _fields("space {space} has nothing to land on: no landing decisions"),
    "passed-over": _fields("{who}'s {astronaut} has nowhere to land on space {space} and is not asked"),
    "landed": _landed,
    "stayed": _fields("{who}'s astronaut stays aboard"),
    "commander-changed": _fields("{who} is now in the front seat: the new commander"),
    "goal-claimed": lambda d, e, b: f"{_player(d['player'])} claims the goal {d['goal']} ({GOAL_POINTS} points)",
    "returned-home": _fields("{who}'s {astronaut} goes home to their reserve, unscored"),
    "expedition-ended": _expedition_ended,
    "game-ended": _fields("the game ends ({reason})"),
    "points-doubled": _points_doubled,
    "planet-tie-broken": _planet_tie_broken,
    "planet-scored": _planet_scored,
    "final-scores": _final_scores,
    # -- variants -------------------------------------------------------------------------------
    "token-revealed": _fields("exploration token {token} is revealed and placed on space {space}"),
    "token-set-aside": _fields("exploration token {token} belongs on space {space}, which already holds one: "
                               "it is set aside and another is drawn"),
    "exploration-triggered": _fields("the rocket stops on space {space}: exploration token {token} ({effect}) "
                                     "takes effect for the commander, {who}"),
    "exploration-points": _exploration_points,
    "die-reused": _fields("one removed die comes back: {dice} dice available"),
    "dice-reuse-wasted": _fields("all dice are already present ({dice}): the dice-reuse token gives nothing"),
    "tunnel": lambda d, e, b: f"the tunnel jumps the rocket from space {d['from']} to space {d['to']}" + _deep(b, d["to"]),
    "tunnel-blocked": _fields("the tunnel on space {from} would pass the end of the track: the rocket does not move"),
    "mission-dealt": _fields("{who} is dealt mission {token}"),
    "mission-discarded": _fields("{who} discards mission {token} and keeps the other three"),
    "arrival-revealed": _fields("arrival token {token} is revealed: the UFO moves {ufo_move} toward Earth, "
                                "{dice} dice this expedition"),
    "ufo-moved": _fields("the UFO moves from space {from} to space {to}"),
    "arrivals-reshuffled": _fields("the arrival tokens are used up: the {count} used ones become the face-down pile again"),
    "no-arrival": _fields("no arrival token is left: 6 dice, the UFO stays where it is, and no ability this expedition"),
    "ability-used": _ability_used,
    "ufo-encountered": _fields("the rocket meets the UFO on space {space} (commander: {who})"),
    "ufo-token-taken": _fields("{who} takes the UFO token {value}"),
    "ufo-returned": _fields("the UFO goes back from space {from} to its home, space {to}"),
}
"""The sentence of each event type (:mod:`.events` lists the types)."""


def _deep(board: Board, space: int) -> str:
    return " (deep space)" if space == board.end else ""


def _points(n: int) -> str:
    return "point" if n == 1 else "points"


def event_line(event: Event, board: Board, *, observer: int | str | None = None) -> str:
    """The event's sentence followed by the clause that produced it: ``... [travel.roll]``."""
    return f"{describe_event(event, board, observer=observer)} [{event.clause}]"
