"""A deliberately wrong Seven Knights adapter: observations show every tile's value. Proves
that `referee fuzz --game seven-knights` compares observations of hidden tiles."""

import json
import sys

from tabletop_referee.adapter import Adapter

adapter = Adapter(["seven-knights"])
for line in sys.stdin:
    req = json.loads(line)
    resp = adapter.handle(req)
    if req.get("cmd") == "observe" and "observation" in resp:
        resp["observation"]["tiles"] = req["state"]["tiles"]
    print(json.dumps(resp), flush=True)
    if req.get("cmd") == "stop":
        break
