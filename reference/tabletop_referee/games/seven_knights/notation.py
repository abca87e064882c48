"""Short actions for people: :func:`parse_action` reads them, :func:`action_text` writes them.

Tiles are written as seat numbers (the tile in front of that player) or ``c0``, ``c1``...
(centre tiles); values as ``W`` (the Witch) or 1-7. Case does not matter. The acting player
is the ``player`` argument (or the single actor of ``state``); ``player:N`` anywhere in the
text acts for player N instead::

    first 2                     chance: player 2 is the first player of round 1
    deal 3,1,W,2,4,5            chance: every tile's value, players' tiles then centre tiles
    inspect 3 / inspect c0      look at a face-down tile
    ask 2 1,2,4                 ask player 2 "is your tile one of 1, 2, 4?"
    ask 2 1,2,4 on c0           ... about centre tile c0 (which player 2 inspected)
    ask 2 "A+B=5" on 2,c0       an expression question; A, B, C are the tiles after "on"
    ask 2 "A<B"                 ... without "on" (needs the state): the tiles player 2 knows
                                and the asker does not, ascending, as many as the letters used
    answer yes / answer no      (also y / n)
    skip                        the captain asks no last question
    recommend 4                 recommend player 4 as captain
    withdraw                    take one's recommendation back before the reveal
    arrange 3,1,c0,5            the captain's line, left to right
    confirm                     ready for the next round (review phase)

    >>> from tabletop_referee.games.seven_knights.model import Ask
    >>> action_text(Ask(0, 2, (2,), (1, 2, 4)))
    'ask 2 1,2,4'
    >>> parse_action('ask 2 "A + 1 = B" on 2,c0', None, 0)
    Ask(player=0, answerer=2, tiles=(2, 8), numbers=(), expression='A + 1 = B')
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable
from typing import Any, cast

from ...errors import InvalidNotation
from ..interface import Transition
from .engine import actors, apply
from .model import (
    CENTRE, WITCH, Action, Answer, Arrange, Ask, Confirm, Deal, FirstPlayer, Inspect, Recommend, Skip,
    State, Withdraw, tile_id, tile_ref,
)
from .rules.question import candidate_tiles

_TILE = re.compile(r"^(\d+|c\d+)$")


def _tile_text(t: int) -> str:
    return str(tile_ref(t))


def _value_text(v: int) -> str:
    return "W" if v == WITCH else str(v)


VERBS = ("inspect", "ask", "answer", "recommend", "withdraw", "skip", "arrange", "confirm", "deal", "first")
"""The first word of every short action."""


def action_text(a: Action, *, show_player: bool = False) -> str:
    """The short form of ``a``; :func:`parse_action` reads it back."""
    if isinstance(a, FirstPlayer):
        return f"first {a.seat}"
    if isinstance(a, Deal):
        return "deal " + ",".join(_value_text(v) for v in a.values)
    if isinstance(a, Inspect):
        text = f"inspect {_tile_text(a.tile)}"
    elif isinstance(a, Ask):
        tiles = ",".join(_tile_text(t) for t in a.tiles)
        if a.expression:
            quoted = '"' + a.expression + '"'
            text = f"ask {a.answerer} {quoted} on {tiles}"
        else:
            text = f"ask {a.answerer} {','.join(map(str, a.numbers)) or '-'}"
            if a.tiles != (a.answerer,):
                text += f" on {tiles}"
    elif isinstance(a, Answer):
        text = "answer yes" if a.yes else "answer no"
    elif isinstance(a, Skip):
        text = "skip"
    elif isinstance(a, Recommend):
        text = f"recommend {a.target}"
    elif isinstance(a, Withdraw):
        text = "withdraw"
    elif isinstance(a, Arrange):
        text = "arrange " + (",".join(_tile_text(t) for t in a.order) or "-")
    else:
        text = "confirm"
    return f"{text} player:{a.player}" if show_player else text


def _bad(text: str, why: str, word: str | None = None) -> InvalidNotation:
    """The error for unreadable ``text``; ``word`` (when given) is where reading failed."""
    column = text.find(word) if word else -1
    return InvalidNotation(why, text=text, column=column if column >= 0 else None)


def _int(text: str, word: str, what: str) -> int:
    if not word.isdigit():
        raise _bad(text, f"{what} must be a number, not {word!r}", word)
    return int(word)


def _tiles(text: str, word: str) -> tuple[int, ...]:
    out = []
    for part in word.lower().split(","):
        if not _TILE.match(part):
            raise _bad(text, f"{part!r} is not a tile (a seat number or c0, c1...)", part)
        out.append(tile_id(part if part.startswith("c") else int(part)))
    return tuple(out)


def _first(text: str, args: list[str]) -> FirstPlayer:
    if len(args) != 1:
        raise _bad(text, "first takes one seat, e.g. first 2")
    return FirstPlayer(_int(text, args[0], "the first player"))


def _deal(text: str, args: list[str]) -> Deal:
    if len(args) != 1:
        raise _bad(text, "deal takes one list of values, e.g. deal 3,1,W,2,4")
    values = []
    for part in args[0].split(","):
        if part.upper() == "W":
            values.append(WITCH)
        elif part.isdigit() and 1 <= int(part) <= 7:
            values.append(int(part))
        else:
            raise _bad(text, f"{part!r} is not a tile value (W or 1-7)", part)
    return Deal(tuple(values))


def _bare(text: str, args: list[str], verb: str, player: int) -> Action:
    if args:
        raise _bad(text, f"{verb} takes nothing more")
    kinds: dict[str, type[Skip | Withdraw | Confirm]] = {
        "skip": Skip, "withdraw": Withdraw, "confirm": Confirm}
    return kinds[verb](player)


def _inspect(text: str, args: list[str], player: int) -> Inspect:
    if len(args) != 1:
        raise _bad(text, "inspect takes one tile, e.g. inspect 3 or inspect c0")
    tiles = _tiles(text, args[0])
    if len(tiles) != 1:
        raise _bad(text, "inspect takes one tile")
    return Inspect(player, tiles[0])


def _answer(text: str, args: list[str], player: int) -> Answer:
    if len(args) != 1 or args[0].lower() not in ("yes", "no", "y", "n"):
        raise _bad(text, "answer yes or answer no")
    return Answer(player, args[0].lower().startswith("y"))


def _recommend(text: str, args: list[str], player: int) -> Recommend:
    if len(args) != 1:
        raise _bad(text, "recommend takes one player, e.g. recommend 4")
    return Recommend(player, _int(text, args[0], "the recommended player"))


def _arrange(text: str, args: list[str], player: int) -> Arrange:
    if len(args) != 1:
        raise _bad(text, "arrange takes one list of tiles, e.g. arrange 3,1,c0,5")
    return Arrange(player, () if args[0] == "-" else _tiles(text, args[0]))


def _words(text: str, player: int | None) -> tuple[list[str], int | None]:
    """The words of ``text`` without ``player:N``, and the player (N, else ``player``)."""
    try:
        words = shlex.split(text.strip(), posix=True)
    except ValueError as e:
        raise _bad(text, str(e)) from None
    rest = []
    for w in words:
        m = re.fullmatch(r"(?i)player:(\d+)", w)
        if m:
            player = int(m.group(1))
        else:
            rest.append(w)
    if not rest:
        raise _bad(text, "no action")
    return rest, player


def parse_action(text: str, state: Any = None, player: int | None = None) -> Action:
    """Reads a short action (see the module docstring); raises InvalidNotation on bad text.

    ``state`` is needed only to find the single actor when ``player`` is None and to fill in
    the tiles of an expression question written without ``on``.
    """
    rest, player = _words(text, player)
    verb, args = rest[0].lower(), rest[1:]
    if verb == "first":
        return _first(text, args)
    if verb == "deal":
        return _deal(text, args)
    if player is None and state is not None:
        acting = [a for a in actors(state) if a != "chance"]
        if len(acting) == 1:
            player = cast(int, acting[0])  # every actor but chance is a player
    if player is None:
        raise _bad(text, "whose action is it? add player:N")
    if verb in ("skip", "withdraw", "confirm"):
        return _bare(text, args, verb, player)
    if verb == "ask":
        return _ask(text, args, state, player)
    reader = _READERS.get(verb)
    if reader is None:
        raise _bad(text, f"unknown action {verb!r}", rest[0])
    return reader(text, args, player)


_READERS: dict[str, Callable[[str, list[str], int], Action]] = {
    "inspect": _inspect, "answer": _answer, "recommend": _recommend, "arrange": _arrange,
}


def play_text(state: State, text: str) -> Transition:
    """Reads ``text`` for the player to act in ``state`` and applies it (like python-chess's
    ``push_san``); raises InvalidNotation or IllegalAction.

    >>> from tabletop_referee.games.seven_knights.interchange import standard_setup
    >>> from tabletop_referee.games.seven_knights import engine
    >>> t = play_text(engine.initial_state(standard_setup(5)), "deal 1,2,3,4,W,5")
    >>> t.state.phase, play_text(t.state, "inspect 3").events[0].type
    (<Phase.INSPECT: 'inspect'>, 'inspected')
    """
    return apply(state, parse_action(text, state))


def _ask(text: str, args: list[str], state: Any, player: int) -> Ask:
    if len(args) not in (2, 4) or (len(args) == 4 and args[2].lower() != "on"):
        raise _bad(text, 'ask N 1,2,4 [on TILE] or ask N "A<B" [on TILES]')
    answerer = _int(text, args[0], "the questioned player")
    tiles = _tiles(text, args[3]) if len(args) == 4 else None
    body = args[1]
    if re.fullmatch(r"[0-9,]+|-", body) and not re.search(r"[<=+&|A-Ca-c]", body):
        numbers = () if body == "-" else tuple(int(x) for x in body.split(",") if x)
        if any(not 1 <= v <= 7 for v in numbers):
            raise _bad(text, "the numbers of a number set are 1-7")
        return Ask(player, answerer, tiles if tiles is not None else (answerer,), numbers)
    if tiles is None:
        if state is None:
            raise _bad(text, "say which tiles the letters stand for: ... on 2,c0")
        letters = sorted(set(re.findall(r"[ABC]", body.upper())))
        known = candidate_tiles(state, player, answerer)
        tiles = known[: len(letters)]
    return Ask(player, answerer, tiles, (), body)


__all__ = ["action_text", "parse_action", "play_text", "CENTRE"]
