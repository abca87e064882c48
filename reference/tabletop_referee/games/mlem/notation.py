"""The one human notation for MLEM: short actions in and out, and one sentence per event.

``referee play`` and ``referee explain`` both speak it. Nothing here decides a rule: a parsed
action is handed to the engine as is, and an event sentence only words the event's fields.

Short actions (case does not matter; the acting player is the ``player`` argument)::

    embark satellite          board an astronaut (takeoff); deep_space_double = deep-space-double
    roll 1,2,2,afterburner    a roll (chance): one face per die; faces 1 2 3 4 afterburner (a, ab)
    move 2+afterburner        the commander's groups, joined by + or spaces: move 2 a, move 2 + ab
    move 1 die-one:0,2        ... with the Die-1 astronauts of players 0 and 2 (also die-one 0,2);
                              die-one alone: the mover's own; move die-one = move 1 die-one
    land 7                    the astronaut being asked lands at space 7 (land alone: where the
                              rocket is, when the caller knows it)
    stay                      it stays aboard (in a crash: it does not jump)
    player:N ...  /  ... player:N   any of these (but a roll) on behalf of player N

:func:`action_text` writes the canonical form, which :func:`parse_action` reads back:

    >>> from tabletop_referee.games import mlem
    >>> action_text(mlem.Move(0, ("2", "afterburner")))
    'move 2+afterburner'
    >>> action_text(mlem.Move(1, ("1",), (0, 2)))
    'move 1 die-one:0,2'
    >>> parse_action("Move 2 + A", 1)
    Move(player=1, faces=('2', 'afterburner'), die_one=())
    >>> parse_action("move 1 die-one 0,2 player:3", 1)
    Move(player=3, faces=('1',), die_one=(0, 2))
"""

from __future__ import annotations

import json
import re

from .model import (
    ASTRONAUTS,
    FACE_INDEX,
    GOAL_POINTS,
    Action,
    Board,
    Embark,
    Event,
    Land,
    Move,
    Roll,
    Stay,
)

VERBS = ("embark", "roll", "move", "land", "stay")
FACE_ALIASES = {"1": "1", "2": "2", "3": "3", "4": "4", "a": "afterburner", "ab": "afterburner",
                "afterburner": "afterburner"}
DIE_ONE_WORDS = ("die-one", "die_one")
PLAYER_PREFIXES = ("player:", "player=")
FORMS = "embark TYPE, roll F,F,..., move F+F [die-one:P,P], land SPACE, stay"


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
    elif kind == "move":
        text = "move " + "+".join(_sorted_faces(action.faces))
        if action.die_one:
            text += " die-one:" + ",".join(str(p) for p in sorted(action.die_one))
    elif kind == "land":
        text = f"land {action.space}"
    else:
        text = "stay"
    if show_player:
        text += f" player:{action.player}"
    return text


def parse_action(text: str, player: int, *, here: int | None = None) -> Action:
    """Reads a short action for ``player`` (syntax only: the engine judges the action).

    ``here`` is the rocket's space, used by ``land`` without a number. Faces come out in
    canonical order and Die-1 players ascending, as in the interchange format.

    Raises:
        ValueError: the text is not a short action; the one-line message names the bad token.
    """
    words = _tokens(text)
    if not words:
        raise ValueError(f"an empty action (forms: {FORMS})")
    override = None
    rest: list[str] = []
    for word in words:
        if word.startswith(PLAYER_PREFIXES):
            number = word[len("player:"):]
            if override is not None:
                raise ValueError(f"{word!r}: the player is given twice")
            if not number.isdigit():
                raise ValueError(f"{word!r}: the player must be a number, e.g. player:1")
            override = int(number)
        else:
            rest.append(word)
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


def _tokens(text: str) -> list[str]:
    """Lower-cased words; ``+`` and ``,`` separate like spaces, ``die-one:2`` is two words."""
    words = re.sub(r"[+,]", " ", text.lower()).split()
    out: list[str] = []
    for word in words:
        head, colon, tail = word.partition(":")
        if colon and head in DIE_ONE_WORDS:
            out.append(head)
            if tail:
                out.append(tail)
        else:
            out.append(word)
    return out


def _move(args: list[str], player: int) -> Move:
    faces: list[str] = []
    die_one: set[int] = set()
    in_die_one = False
    for word in args:
        if word in DIE_ONE_WORDS:
            in_die_one = True
            die_one.add(-1)  # the mover's own, unless numbers follow
        elif in_die_one:
            if not word.isdigit():
                raise ValueError(f"{word!r} after die-one is not a player number (die-one comes last)")
            die_one.discard(-1)
            die_one.add(int(word))
        else:
            face = _face(word)
            if face in faces:
                raise ValueError(f"{word!r}: the {face} group is named twice (a group is used whole)")
            faces.append(face)
    if -1 in die_one:
        die_one.discard(-1)
        die_one.add(player)
    if not faces and not die_one:
        raise ValueError("move needs the groups used, e.g. move 2+afterburner")
    if not faces:
        faces = ["1"]  # "move die-one": the Die-1 belongs to the 1s group
    return Move(player, _sorted_faces(faces), tuple(sorted(die_one)))


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


def describe_event(event: Event, board: Board) -> str:
    """One readable sentence for an engine event (``board`` names planets and the crash limit).

    Seats and moon slots are counted from 1 here (front seat = seat 1), from 0 in the event.
    """
    d = dict(event.data)
    t = event.type
    if t == "boarded":
        return f"{_player(d['player'])} boards their {d['astronaut']} astronaut ({_seat(d['seat'])})"
    if t == "rocket-placed":
        return f"boarding is complete: the rocket starts on space {d['space']}"
    if t == "rolled":
        return "rolled " + ", ".join(d["faces"])
    if t == "moved":
        groups = "+".join(d["faces"])
        if d["die_one"]:
            groups += " (with the Die-1 of " + ", ".join(_player(p) for p in d["die_one"]) + ")"
        return (f"{_player(d['player'])} moves with {groups}: {d['distance']} from space {d['from']} "
                f"to space {d['to']}" + (" (deep space)" if d["to"] == board.end else ""))
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
    return t + " " + json.dumps(d, ensure_ascii=False)  # an event type this module does not know yet


def event_line(event: Event, board: Board) -> str:
    """The event's sentence followed by the clause that produced it: ``... [travel.roll]``."""
    return f"{describe_event(event, board)} [{event.clause}]"
