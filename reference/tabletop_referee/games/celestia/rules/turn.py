"""Turns [turn.*]: who decides next, what each step accepts, and the rule checks that every
action passes first (the gates of :mod:`.checks`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final, cast

from ....errors import IllegalAction
from ...interface import CHANCE, Actor
from ..model import (
    FACE_INDEX, POWERS, Action, Crash, Deal, Go, Land, Leave, Meet, Pass, Play, Reroll, Roll, State, Stay,
    Treasure,
)
from .roll import dice
from .work import Table, full

CHANCE_PHASES = ("deal", "roll", "treasure", "reroll")
CHANCE_KINDS: Final = (Deal, Roll, Treasure, Reroll)

PHASE_ACTIONS: dict[str, tuple[type[Action], ...]] = {
    "deal": (Deal,), "roll": (Roll,), "treasure": (Treasure,), "reroll": (Reroll,),
    "land-or-roll": (Land, Go), "decide": (Stay, Leave), "power": (Play, Pass),
    "challenge": (Meet, Crash), "jetpack": (Play, Pass),
}
"""The kinds of action each step accepts [turn.step, turn.chance]."""


def actors(s: State) -> tuple[Actor, ...]:
    """Who decides next: ``()`` once the game is over, ``(CHANCE,)`` at chance nodes."""
    p = s.phase
    if p == "game-over":
        return ()
    if p in CHANCE_PHASES:
        return (CHANCE,)
    if p in ("land-or-roll", "challenge"):
        return (s.captain,)
    # every other phase waits for the player at the cursor (set whenever play stops there)
    return (cast(int, s.cursor),)


def current_actor(s: State) -> Actor | None:
    a = actors(s)
    return a[0] if a else None


def possible(s: Table, a: Deal | Roll | Treasure | Reroll) -> bool:
    """Whether chance outcome ``a`` has a non-zero probability here (cheaper than listing)."""
    p = s.phase
    # each chance phase accepts its own kind only (_wrong_kind is checked first)
    if p == "deal":
        return cast(Deal, a).card in s.deck
    if p == "treasure":
        return cast(Treasure, a).card in s.piles[s.to_treasure[0][1]]
    n = dice(s) if p == "roll" else s.rerolls
    faces = cast(Roll | Reroll, a).faces
    return (isinstance(faces, tuple) and len(faces) == n and all(f in FACE_INDEX for f in faces)
            and list(faces) == sorted(faces, key=FACE_INDEX.__getitem__))


def _chance_text(a: Deal | Roll | Treasure | Reroll) -> str:
    if isinstance(a, (Roll, Reroll)):
        return "a roll of " + (" ".join(a.faces) or "no dice")
    return f"a {a.card} card"


def _wrong_kind(s: State, a: Action) -> IllegalAction | None:
    expected = PHASE_ACTIONS[s.phase]
    if type(a) in expected:
        return None
    names = " or ".join(k.type for k in expected)
    clause = ("turn.chance" if isinstance(a, CHANCE_KINDS) or s.phase in CHANCE_PHASES
              else "turn.step")
    return IllegalAction(clause, f"the {s.phase} step accepts {names}, not a {a.type} action")


def check_turn_game_over(s: State, a: Action) -> Iterator[IllegalAction]:
    """[turn.game-over] Once the game is over no action is accepted."""
    if s.phase == "game-over":
        yield IllegalAction("turn.game-over", f"the game is over; no {a.type} action")


def check_turn_chance(s: State, a: Action) -> Iterator[IllegalAction]:
    """[turn.chance] A chance step takes one of its outcomes, and only a chance step does."""
    if s.phase == "game-over":
        return
    wrong = _wrong_kind(s, a)
    if wrong is not None:
        if wrong.clause == "turn.chance":
            yield wrong
    elif isinstance(a, CHANCE_KINDS) and not possible(full(s), a):
        yield IllegalAction("turn.chance", f"{_chance_text(a)} cannot come up here")


def _missing_card(s: Table, a: Action) -> str | None:
    """Why the actor cannot play the cards of ``a``, a card play this step allows."""
    if isinstance(a, Meet):
        hand = s.hands[a.player]
        for c in set(a.cards):
            if a.cards.count(c) > hand.count(c):
                return (f"player {a.player} does not hold "
                        f"{a.cards.count(c)} {c} card{'s' if a.cards.count(c) > 1 else ''}")
        return None
    if not isinstance(a, Play) or a.card in s.hands[a.player]:
        return None
    if s.phase == "power" and a.card in POWERS:
        return f"player {a.player} holds no {a.card} card"
    if s.phase == "jetpack" and a.card == "jetpack" and a.target is None and a.die is None:
        return f"player {a.player} holds no jetpack card"
    return None


def check_turn_step(s: State, a: Action) -> Iterator[IllegalAction]:
    """[turn.step] A decision step takes its own kinds of action, and the one deciding plays
    only cards they hold."""
    if s.phase == "game-over":
        return
    wrong = _wrong_kind(s, a)
    if wrong is not None:
        if wrong.clause == "turn.step":
            yield wrong
        return
    if isinstance(a, CHANCE_KINDS) or a.player != current_actor(s):
        return
    missing = _missing_card(full(s), a)
    if missing is not None:
        yield IllegalAction("turn.step", missing)


def check_turn_pending(s: State, a: Action) -> Iterator[IllegalAction]:
    """[turn.pending] Only the player whose decision is pending acts."""
    if isinstance(a, CHANCE_KINDS):
        return
    actor = current_actor(s)
    if a.player != actor:
        yield IllegalAction("turn.pending",
                            f"it is player {actor}'s decision, not player {a.player}'s")
