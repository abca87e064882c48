"""A wrong rule (every apply is rejected) with a 1 MB padding in every answer."""
from _hostile import reference, serve

ref = reference()
PAD = "x" * (1024 * 1024)


def handle(req):
    resp = ref.handle(req)
    if req.get("cmd") in ("apply", "legal_actions", "new_game"):
        resp["padding"] = PAD
    if req.get("cmd") == "apply":
        return {"seq": req["seq"], "rejected": {"clause": "travel.nothing", "message": "no"}, "padding": PAD}
    return resp


serve(handle)
