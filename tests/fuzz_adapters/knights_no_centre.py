"""A deliberately wrong Seven Knights adapter: centre tiles may never be inspected. Proves that
`referee fuzz --game seven-knights` finds a rule bug."""

import json
import sys

from tabletop_referee.adapter import Adapter

adapter = Adapter(["seven-knights"])
for line in sys.stdin:
    req = json.loads(line)
    resp = adapter.handle(req)
    if req.get("cmd") == "legal_actions" and "actions" in resp:
        resp["actions"] = [a for a in resp["actions"]
                           if not (a.get("type") == "inspect" and isinstance(a.get("tile"), str))]
    print(json.dumps(resp), flush=True)
    if req.get("cmd") == "stop":
        break
