"""Which dice a move uses [travel.whole-group]: pure helpers shared by the checks and the move,
and the checks on the counts a move names (dice_grouping=any-dice)."""

from __future__ import annotations

from collections.abc import Iterator

from ....errors import IllegalAction
from ..model import FACES, Move, Options, State, Ufo
from .check import rule


def token_die(options: Options, ufo: Ufo | None, a: Move) -> str | None:
    """The arrival token's face when move ``a`` uses it as one more die (ufo_extra_face_use=
    with-dice) [ufo.extra-face]; ``None`` otherwise."""
    if a.ability != "extra-face" or options.ufo_extra_face_use == "alone":
        return None
    if ufo is None or ufo.arrival is None:
        return None
    return ufo.arrival.face


def dice_in_play(roll: tuple[str, ...], allowed: tuple[str, ...],
                 token: str | None) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The dice a move chooses from and the faces allowed, the token's die included."""
    if token is None:
        return roll, allowed
    return roll + (token,), tuple(f for f in FACES if f in allowed or f == token)


def state_dice(state: State, a: Move) -> tuple[tuple[str, ...], tuple[str, ...], str | None]:
    """(dice in play, faces allowed, token die) for move ``a`` in ``state``."""
    token = token_die(state.options, state.ufo, a)
    roll, allowed = dice_in_play(state.rocket.roll or (), state.board.spaces[state.rocket.space].faces, token)
    return roll, allowed, token


def used_counts(options: Options, a: Move, roll: tuple[str, ...],
                token: str | None) -> tuple[dict[str, int], IllegalAction | None]:
    """[travel.whole-group]: per face of the move, the dice used: all that show it, or with
    dice_grouping=any-dice the count ``a.dice`` names (1 or more; 0 only for the 1s when a
    Die-1 astronaut supplies the 1). Returns the counts and the first problem (or ``None``)."""
    used = {f: roll.count(f) for f in a.faces}
    seen: set[str] = set()
    for f, k in a.dice:
        problem = _count_problem(options, a, used, seen, f, k, token)
        if problem is not None:
            return used, problem
        seen.add(f)
        used[f] = k
    return used, None


def _count_problem(options: Options, a: Move, used: dict[str, int], seen: set[str], f: str, k: object,
                   token: str | None) -> IllegalAction | None:
    if f not in used:
        return IllegalAction("travel.whole-group", f"dice names face {f!r}, which the move does not use")
    if f in seen:
        return IllegalAction("travel.whole-group", f"dice names face {f!r} twice")
    n = used[f]
    shows = "die shows" if n == 1 else "dice show"
    if not isinstance(k, int) or isinstance(k, bool) or k < 0 or k > n:
        return IllegalAction("travel.whole-group", f"{n} {shows} {f!r}: cannot use {k!r} of them")
    if k == n:
        return IllegalAction(
            "travel.whole-group",
            f"all {n} dice showing {f!r} are its whole group: name the face alone, without a count",
        )
    if options.dice_grouping == "whole-groups":
        return IllegalAction(
            "travel.whole-group",
            f"a face is used with all its dice: {n} {shows} {f!r},"
            f" so {k} cannot be used alone (dice_grouping=whole-groups)",
        )
    if k == 0 and not (f == "1" and a.die_one):
        return IllegalAction("travel.whole-group", f"face {f!r} is named with 0 dice: a group used needs at least one")
    if token is not None and f == token and k < 1:
        return IllegalAction("ufo.extra-face", f"the token's face {token!r} is one of the dice used")
    return None


def token_alone(state: State, a: Move) -> bool:
    """Whether move ``a`` is the arrival token's face on its own (ufo_extra_face_use=alone):
    then only the UFO checks apply."""
    return a.ability == "extra-face" and state.options.ufo_extra_face_use == "alone"


def _count_problem_of(state: State, a: Move, clause: str) -> Iterator[IllegalAction]:
    if token_alone(state, a):
        return
    roll, _, token = state_dice(state, a)
    _, problem = used_counts(state.options, a, roll, token)
    if problem is not None and problem.clause == clause:
        yield problem


@rule("travel.whole-group")
def check_travel_whole_group(state: State, a: Move) -> Iterator[IllegalAction]:
    """The counts a move names (``dice``) are real parts of groups it uses: each face once,
    1 or more dice but not all (0 only for the 1s a Die-1 astronaut supplies), and only with
    dice_grouping=any-dice."""
    return _count_problem_of(state, a, "travel.whole-group")


@rule("ufo.extra-face")
def check_ufo_extra_face(state: State, a: Move) -> Iterator[IllegalAction]:
    """The token's die, when it joins the rolled dice, is among the dice a move uses."""
    return _count_problem_of(state, a, "ufo.extra-face")


CHECKS = (check_travel_whole_group, check_ufo_extra_face)
"""The last checks of a move: the counts it names (after those of :mod:`.travel`)."""
