"""Protocol 2: with two play requests in flight (pipelining), answers the second first."""
from _zoo import reference2, send, serve

ref = reference2()
held = []


def handle(req):
    resp = ref.handle(req)
    if req.get("cmd") == "play" and not held:
        held.append(resp)  # answered after the next request
        return None
    send(resp)
    while held:
        send(held.pop())
    return None


serve(handle)
