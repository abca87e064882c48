"""Answers every game command with an error of its own (a caught exception)."""
from _zoo import GAME_COMMANDS, reference, serve

ref = reference()


def handle(req):
    if req.get("cmd") in GAME_COMMANDS:
        return {"seq": req["seq"], "error": {"kind": "internal",
                                             "message": "NullPointerException at Rules.apply(Rules.java:42)"}}
    return ref.handle(req)


serve(handle)
