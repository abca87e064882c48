"""Names itself with HTML, answers apply with an error whose message breaks out of code fences and
carries terminal escape sequences, and writes escape sequences to stderr."""
import sys

from _hostile import reference, serve

ref = reference()
EVIL = "```\n<img src=x onerror=alert(1)>\x1b[2J\x1b]0;pwned\x07 ~~~ `` done"


def handle(req):
    if req.get("cmd") == "start":
        resp = ref.handle(req)
        resp["implementation"]["name"] = "<script>alert(1)</script>"
        return resp
    if req.get("cmd") == "apply":
        sys.stderr.write("\x1b[31mred alert\x1b[0m\n")
        sys.stderr.flush()
        return {"seq": req["seq"], "error": {"kind": "internal", "message": EVIL}}
    return ref.handle(req)


serve(handle)
