"""Prints a line that is not JSON instead of answering game commands (debug output on stdout)."""
from _zoo import GAME_COMMANDS, reference, serve
import sys

ref = reference()


def handle(req):
    if req.get("cmd") in GAME_COMMANDS:
        sys.stdout.write("DEBUG: entering apply()\n")
        sys.stdout.flush()
        return None
    return ref.handle(req)


serve(handle)
