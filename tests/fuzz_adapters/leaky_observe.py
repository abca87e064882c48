"""A deliberately wrong MLEM adapter: the reference engine, except that its observations show
every player's secret missions. Used to prove that `referee fuzz` compares observations and
turns a leak into a rerunnable vector."""

import json
import sys

from tabletop_referee.adapter import Adapter

adapter = Adapter(["mlem"])
for line in sys.stdin:
    req = json.loads(line)
    resp = adapter.handle(req)
    if req.get("cmd") == "observe" and "observation" in resp and "missions" in req["state"]:
        resp["observation"]["missions"]["hands"] = req["state"]["missions"]["hands"]
    print(json.dumps(resp), flush=True)
    if req.get("cmd") == "stop":
        break
