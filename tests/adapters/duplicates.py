"""Answers the Nth game command twice (or follows it with a stray line): argv = N MODE.

MODE ``same-write``: the answer and its copy in one write; ``late``: the copy after a pause,
so it arrives while the runner is already on the next vector; ``unsolicited``: a line that
answers nothing (no seq), written with the answer; ``start``: the answer to start twice.
The runner must blame the vector whose request was answered twice, never the next one.
"""
import json
import sys
import time

from _zoo import GAME_COMMANDS, reference

nth, mode = int(sys.argv[1]), sys.argv[2]
ref = reference()
count = 0


def line(doc):
    return json.dumps(doc, separators=(",", ":")) + "\n"


for raw in sys.stdin:
    if not raw.strip():
        continue
    req = json.loads(raw)
    resp = ref.handle(req)
    out = line(resp)
    if req.get("cmd") in GAME_COMMANDS:
        count += 1
        if count == nth:
            if mode == "same-write":
                out += line(resp)
            elif mode == "unsolicited":
                out += line({"log": "debug: entering apply()"})
            elif mode == "late":
                sys.stdout.write(out)
                sys.stdout.flush()
                time.sleep(0.3)
    elif req.get("cmd") == "start" and mode == "start":
        out += line(resp)
    sys.stdout.write(out)
    sys.stdout.flush()
    if req.get("cmd") == "stop":
        break
