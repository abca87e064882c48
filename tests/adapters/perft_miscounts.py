"""The reference adapter speaking protocol 2 with the capability perft, whose own count is wrong
(argv[1] ``nodes``: one node too many; ``divide``: a first decision missing; ``rejects``: it
refuses to count) while its legal_actions and apply are right: the runner's walk agrees with the
vector, and the vector fails on the adapter's count. ``slow``: the right count, after 1.5 s."""
import sys
import time

from _zoo import reference2, serve

kind = sys.argv[1]
ref = reference2()


def handle(req):
    resp = ref.handle(req)
    if req.get("cmd") == "perft" and kind == "slow":
        time.sleep(1.5)
    if req.get("cmd") == "perft" and "perft" in resp:
        counted = resp["perft"]
        if kind == "nodes":
            counted["nodes"] += 1
        elif kind == "divide":
            counted["divide"].pop(sorted(counted["divide"])[0])
        elif kind == "rejects":
            return {"seq": req["seq"], "rejected": {"clause": "turn.phase", "message": "no count (planted)"}}
    return resp


serve(handle)
