"""A reference adapter that announces no rule option (as one written before the options
existed): its `start` answer lists none, and any setup that names an option anyway is refused
(answered with a rejection), so `referee fuzz` must leave every option out of the setups it
sends. MLEM's `variants` stay announced. The game is the first argument."""

import json
import sys

from tabletop_referee.adapter import Adapter

GAME = sys.argv[1]
adapter = Adapter([GAME], protocols=(1, 2))
for line in sys.stdin:
    req = json.loads(line)
    setup = req.get("setup")
    named = sorted(k for k in ((setup or {}).get("options") or {}) if k != "variants")
    if named:
        resp = {"seq": req.get("seq"), "rejected": {"clause": "setup.options",
                                                     "message": f"unannounced options in the setup: {named}"}}
    else:
        resp = adapter.handle(req)
    if req.get("cmd") == "start":
        for info in resp["implementation"]["games"].values():
            info.pop("options", None)
    print(json.dumps(resp), flush=True)
    if req.get("cmd") == "stop":
        break
