"""Starts a helper, then hangs on every game command (for Ctrl-C / SIGTERM tests)."""
import time

from _hostile import GAME_COMMANDS, reference, serve, sleeper

helper = sleeper()
ref = reference()


def handle(req):
    if req.get("cmd") in GAME_COMMANDS:
        time.sleep(3600)
    return ref.handle(req)


serve(handle)
