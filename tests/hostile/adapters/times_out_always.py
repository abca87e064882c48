"""Answers start, then never answers a game command in time (for the circuit breaker)."""
import time

from _hostile import GAME_COMMANDS, reference, serve

ref = reference()


def handle(req):
    if req.get("cmd") in GAME_COMMANDS:
        time.sleep(3600)
    return ref.handle(req)


serve(handle)
