"""Answers start with a protocol version the runner did not offer."""
from _zoo import reference, serve

ref = reference()


def handle(req):
    resp = ref.handle(req)
    if req.get("cmd") == "start":
        resp["protocol"] = 3  # the runner offers 1 and 2
    return resp


serve(handle)
