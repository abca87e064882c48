"""A fresh implementation: no capabilities, no options, answers skipped for every game command."""
from _zoo import GAME_COMMANDS, serve


def handle(req):
    cmd = req.get("cmd")
    if cmd == "start":
        return {"seq": req["seq"], "protocol": 1,
                "implementation": {"name": "skipper", "version": "0.0.1", "language": "python",
                                   "games": {"mlem": {"options": {}, "variants": []}}},
                "capabilities": []}
    if cmd == "stop":
        return {"seq": req["seq"], "ok": True}
    if cmd in GAME_COMMANDS:
        return {"seq": req["seq"], "skipped": {"reason": "not implemented yet"}}
    return {"seq": req["seq"], "error": {"kind": "unknown-command", "message": cmd}}


serve(handle)
