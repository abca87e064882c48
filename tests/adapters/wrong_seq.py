"""Echoes a wrong seq for game commands (answers out of step with the requests)."""
from _zoo import GAME_COMMANDS, reference, serve

ref = reference()


def handle(req):
    resp = ref.handle(req)
    if req.get("cmd") in GAME_COMMANDS:
        resp["seq"] = req["seq"] + 1000
    return resp


serve(handle)
