"""A deliberately wrong Celestia adapter: the reference engine, except that passengers are never
offered to leave the aircraft. Proves `referee fuzz --game celestia` finds a rule bug."""

import json
import sys

from tabletop_referee.adapter import Adapter

adapter = Adapter(["celestia"])
for line in sys.stdin:
    req = json.loads(line)
    resp = adapter.handle(req)
    if req.get("cmd") == "legal_actions" and "actions" in resp:
        resp["actions"] = [a for a in resp["actions"] if a.get("type") != "leave"]
    print(json.dumps(resp), flush=True)
    if req.get("cmd") == "stop":
        break
