"""The reference adapter, with a malformed claim in its start answer (argv[1]: the mode)."""
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "reference"))
from tabletop_referee.adapter import Adapter  # noqa: E402

MODE = sys.argv[1]
adapter = Adapter(["mlem"], protocols=(1, 2))
for line in sys.stdin:
    req = json.loads(line)
    resp = adapter.handle(req)
    if req.get("cmd") == "start":
        if MODE == "implementation":
            resp["implementation"] = "an implementation"
        elif MODE == "capabilities":
            resp["capabilities"] = 5
        elif MODE == "profiles":
            resp["profiles"] = {"base": True}
        elif MODE == "games":
            resp["implementation"]["games"] = [1]
        elif MODE == "options":
            resp["implementation"]["games"]["mlem"]["options"] = [1]
        elif MODE == "huge-options":
            resp["implementation"]["games"]["mlem"]["options"] = {"dice_selection": 7}
    sys.stdout.write(json.dumps(resp) + "\n")
    sys.stdout.flush()
    if req.get("cmd") == "stop":
        break
