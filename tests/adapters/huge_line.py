"""Answers game commands with a 100 MB line (a runaway dump); never a newline until the end."""
import sys

from _zoo import GAME_COMMANDS, reference, serve

ref = reference()
CHUNK = "x" * (1 << 20)


def handle(req):
    if req.get("cmd") in GAME_COMMANDS:
        out = sys.stdout
        out.write('{"seq": %d, "state": "' % req["seq"])
        for _ in range(100):
            out.write(CHUNK)
        out.write('"}\n')
        out.flush()
        return None
    return ref.handle(req)


serve(handle)
