"""A deliberately wrong MLEM adapter: the reference engine, except that a crash's event names
the wrong clause (the state is right). Used to prove that `referee fuzz` compares events."""

import json
import sys

from tabletop_referee.adapter import Adapter

adapter = Adapter(["mlem"])
for line in sys.stdin:
    req = json.loads(line)
    resp = adapter.handle(req)
    for event in resp.get("events") or []:
        if event.get("type") == "crashed":
            event["clause"] = "travel.roll"
    print(json.dumps(resp), flush=True)
    if req.get("cmd") == "stop":
        break
