"""Short Celestia actions for people, in and out.

One action per line; case does not matter; the acting player is the ``player`` argument (or
``player:N`` anywhere in the text)::

    stay / leave                 a passenger's decision
    land / go                    the lone captain lands here, or rolls for the next city
    play ejection 2              a Power card (Ejection names its target)
    play alternative-route fog   ... (Alternative Route under one-die names a die's face)
    play gust / play jetpack
    pass                         in the power window, or declining a Jetpack after a crash
    meet compass turbo           the captain answers the dice (``meet`` alone: no card needed)
    crash                        the captain does not answer the dice
    roll fog blank               chance: the event dice (``roll`` alone: no dice)
    reroll bird                  chance: dice a Power card set rolling
    deal compass                 chance: a card from the action deck
    treasure 12                  chance: a treasure card (``treasure telescope``)

:func:`action_text` writes the canonical form that :func:`parse_action` reads back.

    >>> from tabletop_referee.games.celestia.model import Play, Meet
    >>> action_text(Play(1, "ejection", target=2))
    'play ejection 2'
    >>> parse_action("Meet Turbo compass", 0)
    Meet(player=0, cards=('compass', 'turbo'))
"""

from __future__ import annotations

from typing import cast

from ...errors import InvalidNotation
from ..interface import Transition
from .engine import apply, current_actor
from .model import (
    CARDS,
    FACES,
    Action,
    Crash,
    Deal,
    Go,
    Land,
    Leave,
    Meet,
    Pass,
    Play,
    Reroll,
    Roll,
    State,
    Stay,
    Treasure,
    sort_cards,
    sort_faces,
)

VERBS = ("stay", "leave", "land", "go", "play", "pass", "meet", "crash", "roll", "reroll", "deal",
         "treasure")
PlayerAction = Land | Go | Stay | Leave | Play | Pass | Meet | Crash
"""The actions a player takes (each names its ``player``)."""
_SIMPLE: dict[str, type[Stay | Leave | Land | Go | Pass | Crash]] = {
    "stay": Stay, "leave": Leave, "land": Land, "go": Go, "pass": Pass, "crash": Crash}
_CHANCE_VERBS = ("roll", "reroll", "deal", "treasure")


def action_text(a: Action, *, show_player: bool = False) -> str:
    """The canonical short form of ``a``."""
    # each action class has its own ``type``, so the type names the class read below
    t = a.type
    if t in ("roll", "reroll"):
        text = " ".join((t,) + tuple(cast(Roll | Reroll, a).faces))
    elif t in ("deal", "treasure"):
        text = f"{t} {cast(Deal | Treasure, a).card}"
    elif t == "meet":
        text = " ".join(("meet",) + tuple(cast(Meet, a).cards))
    elif t == "play":
        play = cast(Play, a)
        text = f"play {play.card}"
        if play.target is not None:
            text += f" {play.target}"
        if play.die is not None:
            text += f" {play.die}"
    else:
        text = t
    if show_player and t not in _CHANCE_VERBS:
        text += f" player:{cast(PlayerAction, a).player}"
    return text


def _bad(text: str, why: str, word: str | None = None) -> InvalidNotation:
    """The error for unreadable ``text``; ``word`` (when given) is where reading failed."""
    column = text.lower().find(word) if word else -1
    return InvalidNotation(why, text=text, column=column if column >= 0 else None)


def _words(text: str, player: int | None) -> tuple[list[str], int | None]:
    """The words of ``text`` without ``player:N``, and the player (N, else ``player``)."""
    if not isinstance(text, str):
        raise InvalidNotation(f"an action must be text, not {text!r}", text=repr(text))
    rest = []
    for w in text.strip().lower().replace(",", " ").split():
        if w.startswith(("player:", "player=")):
            try:
                player = int(w[7:])
            except ValueError:
                raise _bad(text, f"{w!r}: player must be a number", w) from None
        else:
            rest.append(w)
    if not rest:
        raise _bad(text, "empty action (verbs: " + ", ".join(VERBS) + ")")
    return rest, player


def _chance(text: str, verb: str, args: list[str]) -> Roll | Reroll | Deal | Treasure:
    if verb in ("roll", "reroll"):
        for f in args:
            if f not in FACES:
                raise _bad(text, f"{f!r} is not a die face ({', '.join(FACES)})", f)
        return (Roll if verb == "roll" else Reroll)(sort_faces(args))
    if len(args) != 1:
        raise _bad(text, f"{verb} names exactly one card")
    if verb == "deal" and args[0] not in CARDS:
        raise _bad(text, f"{args[0]!r} is not an action card ({', '.join(CARDS)})", args[0])
    return (Deal if verb == "deal" else Treasure)(args[0])


def _meet(text: str, args: list[str], player: int) -> Meet:
    for c in args:
        if c not in CARDS:
            raise _bad(text, f"{c!r} is not an action card ({', '.join(CARDS)})", c)
    return Meet(player, sort_cards(args))


def _play(text: str, args: list[str], player: int) -> Play:
    if not args or args[0] not in CARDS:
        raise _bad(text, "play names a Power card: play ejection 2, play alternative-route fog")
    card, more = args[0], args[1:]
    target = die = None
    for x in more:
        if x.isdigit() and target is None:
            target = int(x)
        elif x in FACES and die is None:
            die = x
        else:
            raise _bad(text, f"play {card}: cannot read {x!r} (a player number or a die face)", x)
    return Play(player, card, target, die)


def parse_action(text: str, player: int | None = None) -> Action:
    """Reads a short action; raises :class:`InvalidNotation` for text that names no action."""
    rest, player = _words(text, player)
    verb, args = rest[0], rest[1:]
    if verb not in VERBS:
        raise _bad(text, f"unknown verb {verb!r} (verbs: {', '.join(VERBS)})", verb)
    if verb in _CHANCE_VERBS:
        return _chance(text, verb, args)
    if player is None:
        raise _bad(text, f"{verb}: whose action? (add player:N)")
    if verb in _SIMPLE:
        if args:
            raise _bad(text, f"{verb} takes nothing after it, not {' '.join(args)!r}", args[0])
        return _SIMPLE[verb](player)
    return _meet(text, args, player) if verb == "meet" else _play(text, args, player)


def play_text(state: State, text: str) -> Transition:
    """Reads ``text`` for the player to act in ``state`` and applies it (like python-chess's
    ``push_san``); raises InvalidNotation or IllegalAction.

    >>> from tabletop_referee.games.celestia import engine
    >>> from tabletop_referee.games.celestia.interchange import make_setup
    >>> s = engine.initial_state(make_setup(2))
    >>> play_text(s, "deal compass").events[0].type
    'draw'
    """
    actor = current_actor(state)
    return apply(state, parse_action(text, actor if isinstance(actor, int) else None))
