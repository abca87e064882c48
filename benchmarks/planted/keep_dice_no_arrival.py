"""A deliberately wrong MLEM adapter for benchmarks/fuzz_steering.py: in a UFO expedition that
has no arrival token (ufo.arrivals-exhausted with arrivals_exhausted=none: the pile ran out),
the commander may still keep dice. The adapter offers a keep-dice copy of every move and plays
one without removing its dice, where ufo.ability says using an ability with no arrival token is
illegal.

Planted in the legal actions (and in apply), not in the rejection alone: fuzz's illegal probes
name keep-dice only when it is already legal (a changed copy of a legal move), so a bug only in
rejecting such a move would never be probed, and no steering could find it. As planted, it shows
at the first move of an expedition without an arrival token: a game with the UFO variant, that
option, and more expeditions than the (possibly trimmed) arrival pile has tokens. Random games
rarely last that long: a rare bug, as issue 27 describes."""

import dataclasses
import sys

from tabletop_referee.adapter import serve
from tabletop_referee.games import load
from tabletop_referee.games.mlem.model import Move
from tabletop_referee.games.mlem.rules.order import sorted_actions

game = load("mlem")
apply, legal_actions = game.apply, game.legal_actions


def _no_arrival(state):
    return state.ufo is not None and state.ufo.arrival is None and state.phase == "move"


def buggy_legal_actions(state, player=None):
    actions = legal_actions(state, player)
    if not _no_arrival(state):
        return actions
    kept = [dataclasses.replace(a, ability="keep-dice") for a in actions if isinstance(a, Move) and a.ability is None]
    return sorted_actions([*actions, *kept])


def buggy_apply(state, action):
    if isinstance(action, Move) and action.ability == "keep-dice" and _no_arrival(state):
        t = apply(state, dataclasses.replace(action, ability=None))
        s = t.state
        if s.expedition == state.expedition and s.rocket.dice < state.rocket.dice:  # no die removed
            s = dataclasses.replace(s, rocket=dataclasses.replace(s.rocket, dice=state.rocket.dice))
        return t.__class__(s, tuple(e for e in t.events if e.clause != "travel.remove-dice"))
    return apply(state, action)


game.apply, game.legal_actions = buggy_apply, buggy_legal_actions
sys.exit(serve(["mlem"], protocols=(1, 2)))
