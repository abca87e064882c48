"""Protocol 2: the reference, except that the state digest of the fourth step of every play
answer is wrong (its rules are right: asked one step at a time it agrees)."""
from _zoo import reference2, serve

ref = reference2()


def handle(req):
    resp = ref.handle(req)
    steps = resp.get("steps") or []
    if req.get("cmd") == "play" and len(steps) > 3 and "state" in steps[3]:
        steps[3]["state"] = "0" * 64
    return resp


serve(handle)
