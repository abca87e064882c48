"""The reference adapter, but every answer to a game command after the first carries the seq of
the previous answer (a duplicate) instead of its own."""
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "reference"))
from tabletop_referee.adapter import Adapter  # noqa: E402

adapter = Adapter(["mlem"], protocols=(1, 2))
last = None
for line in sys.stdin:
    req = json.loads(line)
    resp = adapter.handle(req)
    if req.get("cmd") not in ("start", "stop"):
        if last is not None:
            resp["seq"] = last
        last = req.get("seq")
    sys.stdout.write(json.dumps(resp) + "\n")
    sys.stdout.flush()
    if req.get("cmd") == "stop":
        break
