"""Mis-wired: right engine, wrong field names (new_game -> game_state, legal_actions -> moves)."""
from _zoo import reference, serve

ref = reference()


def handle(req):
    resp = ref.handle(req)
    if req.get("cmd") == "new_game" and "state" in resp:
        resp["game_state"] = resp.pop("state")
    if req.get("cmd") == "legal_actions" and "actions" in resp:
        resp["moves"] = resp.pop("actions")
    return resp


serve(handle)
