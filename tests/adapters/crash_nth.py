"""Crashes (exit status 7) on the Nth game command, once: argv = N MARKER_FILE.

The marker file records that the crash happened, so the restarted adapter behaves.
"""
import os
import sys
from pathlib import Path

from _zoo import GAME_COMMANDS, reference, serve

nth, marker = int(sys.argv[1]), Path(sys.argv[2])
ref = reference()
count = 0


def handle(req):
    global count
    if req.get("cmd") in GAME_COMMANDS:
        count += 1
        if count == nth and not marker.exists():
            marker.write_text("crashed\n")
            sys.stderr.write("panic: index out of range [3] with length 3\n")
            sys.stderr.flush()
            os._exit(7)
    return ref.handle(req)


serve(handle)
