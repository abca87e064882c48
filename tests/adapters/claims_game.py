"""The reference engine of any game claiming the profiles argv[2] (comma-separated) at start:
argv = GAME PROFILES [defaults-only]. With ``defaults-only`` it announces only the default value
of each rule option, so vectors needing another value are skipped (inside the profile of that
option, if claimed)."""
import sys

from _zoo import send

from tabletop_referee.adapter import Adapter

game, profiles = sys.argv[1], [p for p in sys.argv[2].split(",") if p]
defaults_only = sys.argv[3:] == ["defaults-only"]
ref = Adapter([game])

import json  # noqa: E402

for line in sys.stdin:
    if not line.strip():
        continue
    req = json.loads(line)
    resp = ref.handle(req)
    if req.get("cmd") == "start":
        resp["profiles"] = profiles
        if defaults_only:
            options = resp["implementation"]["games"][game]["options"]
            for name, values in options.items():
                if isinstance(values, list):
                    options[name] = values[:1]
    send(resp)
    if req.get("cmd") == "stop":
        break
