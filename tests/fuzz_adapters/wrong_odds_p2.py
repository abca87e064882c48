"""A protocol-2 MLEM adapter whose dice odds are wrong: the reference engine with the first two
chance outcomes of every roll swapping their probabilities (where those differ). Its
``legal_actions`` probabilities and its ``play`` odds digests agree with each other, as a real
engine with a wrong odds table would: fuzz under protocol 2 must catch it through the digests.
argv[1] == ``no-play-odds``: the same engine, not announcing ``play-odds``."""

import json
import sys

from tabletop_referee.adapter import Adapter
from tabletop_referee.games import load

game = load("mlem")
right = game.core.chance_outcomes


def wrong(state):
    outcomes = list(right(state))
    if len(outcomes) > 1 and outcomes[0][1] != outcomes[1][1]:
        (a, p), (b, q) = outcomes[0], outcomes[1]
        outcomes[0], outcomes[1] = (a, q), (b, p)
    return tuple(outcomes)


game.chance_outcomes = game.core.chance_outcomes = wrong  # this process's engine only (the kit and its roles)
adapter = Adapter(["mlem"], protocols=(1, 2))
for line in sys.stdin:
    req = json.loads(line)
    resp = adapter.handle(req)
    if req.get("cmd") == "start" and sys.argv[1:] == ["no-play-odds"]:
        resp["capabilities"] = [c for c in resp["capabilities"] if c != "play-odds"]
    print(json.dumps(resp), flush=True)
    if req.get("cmd") == "stop":
        break
