"""Answers start with another protocol version."""
from _zoo import reference, serve

ref = reference()


def handle(req):
    resp = ref.handle(req)
    if req.get("cmd") == "start":
        resp["protocol"] = 2
    return resp


serve(handle)
