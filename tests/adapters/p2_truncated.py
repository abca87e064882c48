"""Protocol 2: play answers lose their second half of steps (no rejection explains it)."""
from _zoo import reference2, serve

ref = reference2()


def handle(req):
    resp = ref.handle(req)
    if req.get("cmd") == "play" and len(resp.get("steps") or []) > 1:
        resp["steps"] = resp["steps"][: len(resp["steps"]) // 2]
    return resp


serve(handle)
