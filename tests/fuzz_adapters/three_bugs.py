"""A deliberately wrong MLEM adapter with three planted bugs, each in a different part of the
rules and each only in games of one player count (so one bug does not hide the others):

- 3 players: a move using afterburner dice ends one space short (a state divergence);
- 4 players: the ``rolled`` event names the wrong clause (an event divergence);
- 5 players: during takeoff the last legal embark choice is not offered (a legal-action divergence).

The bugs are planted in the engine the adapter serves, so the adapter shows them in version 1
and in version 2 (digests) alike: ``three_bugs.py [--protocol 1|2]``. Used to prove that
``referee fuzz --keep-going`` reports three distinct divergences in one run.
"""

import dataclasses
import sys

from tabletop_referee.adapter import serve
from tabletop_referee.games import load
from tabletop_referee.games.interface import Event, Transition

game = load("mlem")
apply, legal_actions = game.apply, game.legal_actions


def buggy_apply(state, action):
    t = apply(state, action)
    if state.players == 3 and action.type == "move" and "afterburner" in action.faces \
            and t.state.phase in ("roll", "landing"):
        s = t.state
        return Transition(dataclasses.replace(s, rocket=dataclasses.replace(s.rocket, space=s.rocket.space - 1)),
                          t.events)
    if state.players == 4 and any(e.type == "rolled" for e in t.events):
        return Transition(t.state, tuple(Event(e.type, "travel.dice", e.data) if e.type == "rolled" else e
                                         for e in t.events))
    return t


def buggy_legal_actions(state, player=None):
    actions = legal_actions(state, player)
    if state.players == 5 and actions and actions[-1].type == "embark" and len(actions) > 1:
        return actions[:-1]
    return actions


game.apply, game.legal_actions = buggy_apply, buggy_legal_actions
protocol = int(sys.argv[sys.argv.index("--protocol") + 1]) if "--protocol" in sys.argv else 2
sys.exit(serve(["mlem"], protocols=tuple(v for v in (1, 2) if v <= protocol)))
