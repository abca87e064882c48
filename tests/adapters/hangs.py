"""Writes half an answer to the first game command, then hangs (a deadlock, an endless loop)."""
import sys
import time

from _zoo import GAME_COMMANDS, reference, serve

ref = reference()


def handle(req):
    if req.get("cmd") in GAME_COMMANDS:
        sys.stdout.write('{"seq": %d, "state": {"game": "ml' % req["seq"])
        sys.stdout.flush()
        time.sleep(3600)
    return ref.handle(req)


serve(handle)
