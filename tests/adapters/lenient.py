"""The reference engine, wrong at its edges; argv[1] is the bug.

- ``rejects-garbage``: input it cannot read is answered as a rejection, not an invalid-input error;
- ``drops-event``: apply leaves out the events of the type argv[2];
- ``keeps-roll``: the rocket's roll is never cleared after a move;
- ``wrong-odds``: at a roll, the first two outcomes have each other's probability.
"""
import sys

from _zoo import reference, serve

bug = sys.argv[1]
ref = reference()


def handle(req):
    resp = ref.handle(req)
    if bug == "rejects-garbage" and isinstance(resp.get("error"), dict) and resp["error"].get("kind") == "invalid-input":
        return {"seq": resp["seq"], "rejected": {"clause": resp["error"].get("clause") or "turn.phase",
                                                 "message": resp["error"]["message"]}}
    if bug == "wrong-odds" and req.get("cmd") == "legal_actions" and len(resp.get("probabilities") or []) > 1:
        p = resp["probabilities"]
        if p[0] != p[1]:
            p[0], p[1] = p[1], p[0]
        else:
            resp["probabilities"] = p[1:] + p[:1] if len(set(p)) > 1 else p
    if req.get("cmd") != "apply" or "state" not in resp:
        return resp
    if bug == "drops-event":
        resp["events"] = [e for e in resp.get("events", []) if e["type"] != sys.argv[2]]
    if bug == "keeps-roll" and req["action"]["type"] == "move" and req["state"]["rocket"].get("roll"):
        resp["state"]["rocket"]["roll"] = req["state"]["rocket"]["roll"]
    return resp


serve(handle)
