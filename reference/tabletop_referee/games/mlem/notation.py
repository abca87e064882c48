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

from collections.abc import Iterable

from .model import (
    ASTRONAUTS,
    FACE_INDEX,
    GOAL_POINTS,
    Action,
    Board,
    Discard,
    Draw,
    Embark,
    Event,
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
    kind = action.type
    if kind == "embark":
        text = f"embark {action.astronaut}"
    elif kind == "roll":
        return "roll " + ",".join(_sorted_faces(action.faces))
    elif kind == "draw":
        return f"draw {action.token}"
    elif kind == "move":
        parts = ["move"]
        if action.faces:
            counts = dict(action.dice)
            parts.append("+".join(f"{counts[f]}x{f}" if f in counts else f for f in _sorted_faces(action.faces)))
        if action.die_one:
            parts.append("die-one:" + ",".join(str(p) for p in sorted(action.die_one)))
        if action.ability is not None:
            parts.append(action.ability)
        text = " ".join(parts)
    elif kind == "land":
        text = f"land {action.space}"
    elif kind == "discard":
        text = f"discard {action.token}"
    elif kind == "reroll":
        text = "reroll"
    else:
        text = "stay"
    if show_player:
        text += f" player:{action.player}"
    return text


def parse_action(text: str, player: int, *, here: int | None = None, tokens: Iterable[str] = ()) -> Action:
    """Reads a short action for ``player`` (syntax only: the engine judges the action).

    ``here`` is the rocket's space, used by ``land`` without a number. Faces come out in
    canonical order and Die-1 players ascending, as in the interchange format. ``tokens``: the
    token ids the caller knows (the pile, the hand); a ``draw``/``discard`` id that matches one
    of them but for case is read as that id, any other id is kept as written.

    Raises:
        ValueError: the text is not a short action; the one-line message names the bad token.
    """
    written = _tokens(text)
    if not written:
        raise ValueError(f"an empty action (forms: {FORMS})")
    words = [w.lower() for w in written]
    override = None
    rest: list[str] = []
    raw: list[str] = []
    for word, as_written in zip(words, written):
        if word.startswith(PLAYER_PREFIXES):
            number = word[len("player:"):]
            if override is not None:
                raise ValueError(f"{word!r}: the player is given twice")
            if not number.isdigit():
                raise ValueError(f"{word!r}: the player must be a number, e.g. player:1")
            override = int(number)
        else:
            rest.append(word)
            raw.append(as_written)
    if not rest:
        raise ValueError(f"no verb, only {words[0]!r} (forms: {FORMS})")
    verb, args = rest[0], rest[1:]
    if verb not in VERBS:
        raise ValueError(f"unknown verb {verb!r} (verbs: {', '.join(VERBS)})")
    who = player if override is None else override

    if verb == "roll":
        if override is not None:
            raise ValueError(f"'player:{override}': a roll is chance and has no player")
        if not args:
            raise ValueError("roll needs the faces rolled, e.g. roll 1,2,2,afterburner")
        return Roll(_sorted_faces(_face(w) for w in args))
    if verb == "draw":
        if override is not None:
            raise ValueError(f"'player:{override}': a draw is chance and has no player")
        return Draw(_token_id(verb, raw[1:], tokens))
    if verb == "discard":
        return Discard(who, _token_id(verb, raw[1:], tokens))
    if verb == "reroll":
        if args:
            raise ValueError(f"reroll takes nothing, not {args[0]!r}")
        return Reroll(who)
    if verb == "move":
        return _move(args, who)
    if verb == "land":
        if len(args) > 1:
            raise ValueError(f"land takes one space, not also {args[1]!r}")
        if not args:
            if here is None:
                raise ValueError("land needs a space number, e.g. land 7")
            return Land(who, here)
        if not args[0].isdigit():
            raise ValueError(f"{args[0]!r} is not a space number")
        return Land(who, int(args[0]))
    if verb == "embark":
        if len(args) != 1:
            raise ValueError(("embark takes one astronaut, not also " + repr(args[1])) if args
                             else "embark needs an astronaut, e.g. embark satellite")
        name = args[0].replace("_", "-")
        if name not in ASTRONAUTS:
            raise ValueError(f"{args[0]!r} is not an astronaut (astronauts: {', '.join(ASTRONAUTS)})")
        return Embark(who, name)
    if args:
        raise ValueError(f"stay takes nothing, not {args[0]!r}")
    return Stay(who)


def _token_id(verb: str, args: list[str], known: Iterable[str]) -> str:
    example = "E07" if verb == "draw" else "M04"
    if not args:
        raise ValueError(f"{verb} needs a token id, e.g. {verb} {example}")
    if len(args) > 1:
        raise ValueError(f"{verb} takes one token id, not also {args[1]!r}")
    word = args[0]
    if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_-]*", word):
        raise ValueError(f"{word!r} is not a token id (letters, digits, - and _), e.g. {example}")
    same = [t for t in known if t.lower() == word.lower()]
    return same[0] if len(same) == 1 else word


def _tokens(text: str) -> list[str]:
    """The words as written; ``+`` and ``,`` separate like spaces, ``die-one:2`` is two words."""
    words = re.sub(r"[+,]", " ", text).split()
    out: list[str] = []
    for word in words:
        head, colon, tail = word.partition(":")
        if colon and head.lower() in DIE_ONE_WORDS:
            out.append(head)
            if tail:
                out.append(tail)
        else:
            out.append(word)
    return out


def _move(args: list[str], player: int) -> Move:
    faces: list[str] = []
    dice: dict[str, int] = {}
    die_one: set[int] = set()
    in_die_one = False
    ability = None
    for word in args:
        if word.replace("_", "-") in MOVE_ABILITIES:
            if ability is not None:
                raise ValueError(f"{word!r}: one ability per move, {ability} is already named")
            ability = word.replace("_", "-")
        elif ability is not None:
            raise ValueError(f"{word!r} after {ability}: the ability comes last")
        elif word in DIE_ONE_WORDS:
            in_die_one = True
            die_one.add(-1)  # the mover's own, unless numbers follow
        elif in_die_one:
            if not word.isdigit():
                raise ValueError(f"{word!r} after die-one is not a player number (die-one comes last)")
            die_one.discard(-1)
            die_one.add(int(word))
        else:
            count, x, rest = word.partition("x")
            if x and count.isdigit() and rest:  # COUNTxFACE: part of a group
                face = _face(rest)
                dice[face] = int(count)
            else:
                face = _face(word)
            if face in faces:
                raise ValueError(f"{word!r}: the {face} group is named twice")
            faces.append(face)
    if -1 in die_one:
        die_one.discard(-1)
        die_one.add(player)
    if ability == "extra-face" and not faces and not die_one:
        return Move(player, (), (), ability)
    if not faces and not die_one:
        raise ValueError("move needs the groups used, e.g. move 2+afterburner")
    if not faces:
        faces = ["1"]  # "move die-one": the Die-1 belongs to the 1s group
    ordered = _sorted_faces(faces)
    return Move(player, ordered, tuple(sorted(die_one)), ability,
                tuple((f, dice[f]) for f in ordered if f in dice))


def _face(word: str) -> str:
    face = FACE_ALIASES.get(word)
    if face is None:
        raise ValueError(f"{word!r} is not a die face (faces: 1, 2, 3, 4, afterburner, a or ab)")
    return face


def _sorted_faces(faces) -> tuple[str, ...]:
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
        if t == "mission-dealt":
            return f"{_player(d['player'])} is dealt a secret mission"
        return f"{_player(d['player'])} discards one of their missions, face down"
    if t == "boarded":
        return f"{_player(d['player'])} boards their {d['astronaut']} astronaut ({_seat(d['seat'])})"
    if t == "rocket-placed":
        return f"boarding is complete: the rocket starts on space {d['space']}"
    if t == "rolled":
        return "rolled " + ", ".join(d["faces"])
    if t == "moved":
        counts = d.get("dice", {})
        groups = "+".join(f"{counts[f]} of the {f}s" if f in counts else f for f in d["faces"])
        if d["die_one"]:
            groups += " (with the Die-1 of " + ", ".join(_player(p) for p in d["die_one"]) + ")"
        if event.clause == "ufo.extra-face":
            groups = f"the arrival token's extra face {groups}"
        return (f"{_player(d['player'])} moves with {groups}: {d['distance']} from space {d['from']} "
                f"to space {d['to']}" + _deep(board, d["to"]))
    if t == "die-one-used":
        return f"{_player(d['player'])}'s Die-1 astronaut counts as an extra 1 and is flipped"
    if t == "dice-removed":
        return f"{d['count']} {'die' if d['count'] == 1 else 'dice'} removed, {d['dice']} left"
    if t == "die-restored":
        return f"no die would be left: one die stays available ({d['dice']} left)"
    if t == "crashed":
        return (f"no usable die: the rocket crashes on space {d['space']} "
                f"(crash {d['crashes']} of {board.crash_limit})")
    if t == "no-landing":
        return f"space {d['space']} has nothing to land on: no landing decisions"
    if t == "passed-over":
        return (f"{_player(d['player'])}'s {d['astronaut']} has nowhere to land on space {d['space']} "
                "and is not asked")
    if t == "landed":
        who = f"{_player(d['player'])}'s {d['astronaut']}"
        if d["site"] == "moon":
            where = f"the moon of space {d['space']} (slot {d['slot'] + 1})"
        elif d["site"] == "planet":
            where = f"planet {board.spaces[d['space']].planet} (space {d['space']}; scored at the end)"
        else:
            where = f"the {d['site']} in deep space"
        points = f", {d['points']} points" if d["site"] != "planet" else ""
        return f"{who} lands on {where}{points}"
    if t == "stayed":
        return f"{_player(d['player'])}'s astronaut stays aboard"
    if t == "commander-changed":
        return f"{_player(d['player'])} is now in the front seat: the new commander"
    if t == "goal-claimed":
        return f"{_player(d['player'])} claims the goal {d['goal']} ({GOAL_POINTS} points)"
    if t == "returned-home":
        return f"{_player(d['player'])}'s {d['astronaut']} goes home to their reserve, unscored"
    if t == "expedition-ended":
        if d["reason"] == "game-end":
            return f"expedition {d['expedition']} stops: the game ends now"
        return (f"expedition {d['expedition']} ends ({d['reason']}); "
                f"{_player(d['next_start_player'])} starts the next one")
    if t == "game-ended":
        return f"the game ends ({d['reason']})"
    if t == "points-doubled":
        where = (f"planet {board.spaces[d['space']].planet}" if d["astronaut"] == "planet-double"
                 else f"space {d['space']}")
        return f"{_player(d['player'])}'s {d['astronaut']} doubles its points on {where}: {d['points']}"
    if t == "planet-tie-broken":
        players = " and ".join(_player(p) for p in d["players"])
        each = f"{d['astronauts']} astronaut{'s' if d['astronauts'] != 1 else ''} each"
        return f"planet {d['planet']}: {players} have {each}; the earlier arrival ranks first, in that order"
    if t == "planet-scored":
        medal = ("gold", "silver", "bronze")[d["rank"] - 1]
        many = f"{d['astronauts']} astronaut{'s' if d['astronauts'] != 1 else ''}"
        return f"planet {d['planet']}: {_player(d['player'])} takes {medal} with {many}, {d['points']} points"
    if t == "final-scores":
        totals = "; ".join(f"{_player(p)} {s['total']}" for p, s in enumerate(d["scores"]))
        won = " and ".join(_player(p) for p in d["winners"])
        return f"final scores: {totals}; {won} {'wins' if len(d['winners']) == 1 else 'share the victory'}"
    # -- variants -------------------------------------------------------------------------------
    if t == "token-revealed":
        return f"exploration token {d['token']} is revealed and placed on space {d['space']}"
    if t == "token-set-aside":
        return (f"exploration token {d['token']} belongs on space {d['space']}, which already holds one: "
                "it is set aside and another is drawn")
    if t == "exploration-triggered":
        return (f"the rocket stops on space {d['space']}: exploration token {d['token']} ({d['effect']}) "
                f"takes effect for the commander, {_player(d['player'])}")
    if t == "exploration-points":
        points = d["points"]
        return f"{_player(d['player'])} takes exploration token {d['token']}, worth {points} {_points(points)}"
    if t == "die-reused":
        return f"one removed die comes back: {d['dice']} dice available"
    if t == "dice-reuse-wasted":
        return f"all dice are already present ({d['dice']}): the dice-reuse token gives nothing"
    if t == "tunnel":
        return f"the tunnel jumps the rocket from space {d['from']} to space {d['to']}" + _deep(board, d["to"])
    if t == "tunnel-blocked":
        return f"the tunnel on space {d['from']} would pass the end of the track: the rocket does not move"
    if t == "mission-dealt":
        return f"{_player(d['player'])} is dealt mission {d['token']}"
    if t == "mission-discarded":
        return f"{_player(d['player'])} discards mission {d['token']} and keeps the other three"
    if t == "arrival-revealed":
        return (f"arrival token {d['token']} is revealed: the UFO moves {d['ufo_move']} toward Earth, "
                f"{d['dice']} dice this expedition")
    if t == "ufo-moved":
        return f"the UFO moves from space {d['from']} to space {d['to']}"
    if t == "arrivals-reshuffled":
        return f"the arrival tokens are used up: the {d['count']} used ones become the face-down pile again"
    if t == "no-arrival":
        return "no arrival token is left: 6 dice, the UFO stays where it is, and no ability this expedition"
    if t == "ability-used":
        token = f" {d['token']}" if d.get("token") else ""
        return f"{_player(d['player'])} uses the arrival token{token}'s {d['ability']} ability (once per expedition)"
    if t == "ufo-encountered":
        return f"the rocket meets the UFO on space {d['space']} (commander: {_player(d['player'])})"
    if t == "ufo-token-taken":
        return f"{_player(d['player'])} takes the UFO token {d['value']}"
    if t == "ufo-returned":
        return f"the UFO goes back from space {d['from']} to its home, space {d['to']}"
    return t + " " + json.dumps(d, ensure_ascii=False)  # an event type this module does not know yet


def _deep(board: Board, space: int) -> str:
    return " (deep space)" if space == board.end else ""


def _points(n: int) -> str:
    return "point" if n == 1 else "points"


def event_line(event: Event, board: Board, *, observer: int | str | None = None) -> str:
    """The event's sentence followed by the clause that produced it: ``... [travel.roll]``."""
    return f"{describe_event(event, board, observer=observer)} [{event.clause}]"
