"""The reference adapter speaking protocol 2 without the capability perft (so the runner walks
perft trees, pipelining its requests), whose
apply rejects what its legal actions list: argv[1] names the action type it rejects (``land``,
a listed decision; ``roll``, a pinned roll)."""
import sys

from _zoo import reference2, serve

kind = sys.argv[1]
ref = reference2(perft=False)


def handle(req):
    action = req.get("action")
    if req.get("cmd") == "apply" and isinstance(action, dict) and action.get("type") == kind:
        return {"seq": req["seq"], "rejected": {"clause": "turn.phase", "message": f"no {kind} (planted)"}}
    return ref.handle(req)


serve(handle)
