"""Crashes on its first game command and can never start again afterwards: argv = MARKER_FILE.

(A port still bound, a lock file left behind.) The runner tries a few restarts, then gives up
on the remaining vectors instead of hanging or looping.
"""
import os
import sys
from pathlib import Path

from _zoo import GAME_COMMANDS, reference, serve

marker = Path(sys.argv[1])
if marker.exists():
    sys.stderr.write("error: address already in use (port 7777)\n")
    sys.exit(5)
ref = reference()


def handle(req):
    if req.get("cmd") in GAME_COMMANDS:
        marker.write_text("dead\n")
        os._exit(9)
    return ref.handle(req)


serve(handle)
