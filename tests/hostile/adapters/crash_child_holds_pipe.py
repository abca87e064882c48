"""Crashes at the first game command, leaving a child that holds its stdout and stderr open."""
import os

from _hostile import GAME_COMMANDS, reference, serve, sleeper

ref = reference()


def handle(req):
    if req.get("cmd") in GAME_COMMANDS:
        sleeper()  # inherits stdout/stderr: no end of file reaches the runner
        os._exit(3)
    return ref.handle(req)


serve(handle)
