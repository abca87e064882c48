"""A deliberately wrong MLEM adapter for benchmarks/fuzz_steering.py: a move that uses a Die-1
astronaut and names a face that was not rolled is not rejected; the unrolled faces are dropped
and the rest is played (or nothing happens). Random play reaches it only through an illegal
probe at a move where a Die-1 astronaut is used: a rare bug, as issue 27 describes."""

import dataclasses
import sys

from tabletop_referee.adapter import serve
from tabletop_referee.errors import IllegalAction
from tabletop_referee.games import load
from tabletop_referee.games.interface import Transition

game = load("mlem")
apply = game.apply


def buggy_apply(state, action):
    roll = state.rocket.roll if getattr(state, "rocket", None) is not None else None
    if action.type == "move" and action.die_one and roll is not None:
        unrolled = [f for f in action.faces if f != "1" and f not in roll]
        if unrolled:
            try:
                return apply(state, dataclasses.replace(action, faces=tuple(f for f in action.faces if f not in unrolled)))
            except IllegalAction:
                return Transition(state, ())
    return apply(state, action)


game.apply = buggy_apply
sys.exit(serve(["mlem"], protocols=(1, 2)))
