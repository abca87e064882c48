"""The reference adapter, speaking protocol argv[1] ("1" or "2"), that logs every request it
reads to the JSON Lines file argv[2]: the request and how many request lines arrived in the same
read from the pipe (more than one: the runner sent them without waiting, pipelining). With
argv[3] ``perft`` (protocol 2 only) it announces the capability perft, else it leaves it out."""
import json
import os
import sys

from _zoo import reference, reference2, send

ref = reference2(perft=sys.argv[3:] == ["perft"]) if sys.argv[1] == "2" else reference()
log = open(sys.argv[2], "a", encoding="utf-8")
buf = b""
while True:
    chunk = os.read(0, 1 << 20)
    if not chunk:
        break
    buf += chunk
    *lines, buf = buf.split(b"\n")
    lines = [ln for ln in lines if ln.strip()]
    for line in lines:
        req = json.loads(line)
        log.write(json.dumps({"request": req, "together": len(lines)}) + "\n")
        log.flush()
        send(ref.handle(req))
        if req.get("cmd") == "stop":
            sys.exit(0)
