"""A deliberately wrong Seven Knights adapter: it accepts a lie from a Knights-team player (it
plays the truthful answer instead of rejecting the lie). Proves that `referee fuzz --game
seven-knights` sends illegal lies and compares their rejection."""

import json
import sys

from tabletop_referee.adapter import Adapter

adapter = Adapter(["seven-knights"])
for line in sys.stdin:
    req = json.loads(line)
    resp = adapter.handle(req)
    if req.get("cmd") == "apply" and "rejected" in resp and req["action"].get("type") == "answer":
        truthful = {**req["action"], "yes": not req["action"]["yes"]}
        resp = adapter.handle({**req, "action": truthful})
    print(json.dumps(resp), flush=True)
    if req.get("cmd") == "stop":
        break
