"""A deliberately wrong MLEM adapter: the reference engine, except that a move using
afterburner dice ends one space short. Used to prove that `referee fuzz` finds and isolates an
injected divergence."""

import json
import sys

from tabletop_referee.adapter import Adapter

adapter = Adapter(["mlem"])
for line in sys.stdin:
    req = json.loads(line)
    resp = adapter.handle(req)
    action = req.get("action") or {}
    if (req.get("cmd") == "apply" and action.get("type") == "move" and "afterburner" in action.get("faces", [])
            and "state" in resp and resp["state"]["phase"] in ("roll", "landing")):
        resp["state"]["rocket"]["space"] -= 1
    print(json.dumps(resp), flush=True)
    if req.get("cmd") == "stop":
        break
