"""A deliberately wrong Celestia adapter: observations show every player's hand. Proves that
`referee fuzz --game celestia` compares observations of hidden hands."""

import json
import sys

from tabletop_referee.adapter import Adapter

adapter = Adapter(["celestia"])
for line in sys.stdin:
    req = json.loads(line)
    resp = adapter.handle(req)
    if req.get("cmd") == "observe" and "observation" in resp:
        resp["observation"]["hands"] = req["state"]["hands"]
    print(json.dumps(resp), flush=True)
    if req.get("cmd") == "stop":
        break
