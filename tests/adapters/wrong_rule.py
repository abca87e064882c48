"""The reference engine with one rule wrong: argv[1] is the bug.

- ``clause``: rejections cite turn.phase (or turn.actor when the real clause is turn.phase);
- ``start-space``: the rocket starts one space further than it should after takeoff.

With argv[2] ``protocol-2`` it speaks protocol 2 without the capability perft (so a perft walk
is pipelined: the same requests as version 1's walk, and the same verdicts).
"""
import sys

from _zoo import reference, reference2, serve

bug = sys.argv[1]
ref = reference2(perft=False) if sys.argv[2:] == ["protocol-2"] else reference()


def handle(req):
    resp = ref.handle(req)
    if req.get("cmd") != "apply":
        return resp
    if bug == "clause" and "rejected" in resp:
        real = resp["rejected"]["clause"]
        resp["rejected"]["clause"] = "turn.actor" if real == "turn.phase" else "turn.phase"
    if bug == "start-space" and "state" in resp:
        if req["state"]["phase"] == "takeoff" and resp["state"]["phase"] == "roll":
            resp["state"]["rocket"]["space"] += 1
    return resp


serve(handle)
