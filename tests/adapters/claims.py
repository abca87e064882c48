"""The reference engine claiming the profiles argv[1] (comma-separated) at start.

With argv[2] == ``defaults-only`` it announces only the default value of each rule option, so
vectors needing another reading are skipped (inside the ``options`` profile, if claimed). With
argv[2] == ``board:<pointer>=<json>`` it returns its own standard board at start, the shipped
one with the value at that pointer replaced.
"""
import json
import sys

from _zoo import reference, serve

from tabletop_referee.games.mlem.interchange import board_to_json, load_board

profiles = [p for p in sys.argv[1].split(",") if p]
extra = sys.argv[2] if len(sys.argv) > 2 else ""
ref = reference()


def own_board(spec: str) -> dict:
    pointer, value = spec.removeprefix("board:").split("=", 1)
    board = board_to_json(load_board("standard"))
    node = board
    tokens = pointer.strip("/").split("/")
    for t in tokens[:-1]:
        node = node[int(t)] if isinstance(node, list) else node[t]
    last = tokens[-1]
    if isinstance(node, list):
        node[int(last)] = json.loads(value)
    else:
        node[last] = json.loads(value)
    return board


def handle(req):
    resp = ref.handle(req)
    if req.get("cmd") == "start":
        resp["profiles"] = profiles
        if extra == "defaults-only":
            options = resp["implementation"]["games"]["mlem"]["options"]
            for name, values in options.items():
                options[name] = values[:1]
        elif extra.startswith("board:"):
            resp["board"] = own_board(extra)
    return resp


serve(handle)
