#!/usr/bin/env python3
"""A minimal adapter for the tabletop-referee conformance runner: copy it and plug in your engine.

The protocol (docs/protocol.md) is one JSON request per line on stdin and one JSON response
per line on stdout; every response echoes the request's ``seq``. Commands are stateless: the
request carries the whole state in the interchange format (docs/mlem/interchange.md).

To use it with YOUR implementation, replace the four functions in the ``YOUR ENGINE`` section
below; each receives and returns plain JSON values. As shipped, they call the reference
engine, so the template runs and passes as it is:

    referee conform --game mlem --adapter "python3 examples/python/adapter_template.py"

Anything you do not support yet: return ``{"skipped": {"reason": "..."}}``; the runner reports
it as skipped, never as passed.

The template speaks protocol version 2 as well (fast fuzzing: ``play`` answers digests, see
docs/protocol.md); the loop below builds it from your functions, nothing to add. Pass
``--protocol 1`` to keep to version 1.
"""

import hashlib
import json
import sys

NAME, VERSION, LANGUAGE = "my-mlem", "0.1.0", "python"
CAPABILITIES = ["custom-boards", "events", "chance-probabilities", "play-odds"]  # drop what you do
# not support; add "observations" once observe() below is yours. "chance-probabilities": your
# legal_actions gives "probabilities" at chance nodes; "play-odds" (protocol 2): play() below
# then answers their digest when asked, nothing to add
OPTIONS = {  # the rule option values you support, per option
    "dice_selection": ["groups", "single-group"],
    "tie_break": ["shared", "deep-space"],
    "game_end": ["end-of-expedition", "immediate"],
    "die_one_rescue": [True, False],
    # with a variant in VARIANTS, also its options, e.g. "ufo_encounter": ["reach", "exact"]
}
VARIANTS = []  # the variants you support: any of "exploration", "missions", "ufo"
PROFILES = ["base"]  # the conformance profiles you claim (docs/conformance.md): every vector of them
# must run and pass; add "options", "variants", "observations", "custom-boards", "perft" as you go

# -- YOUR ENGINE -------------------------------------------------------------------------------
# Replace these four functions (five with observe). Raise ValueError for input you cannot read; return
# {"rejected": {"clause": "<clause id>", "message": "..."}} from apply for an illegal action.

from tabletop_referee.adapter import Adapter  # noqa: E402  (the reference: delete when you plug yours in)

_reference = Adapter(["mlem"])


def new_game(setup):
    """Returns {"state": <state>} for a setup like {"players": 3, "start_player": 0, "board": "standard"}."""
    return _reference.handle({"cmd": "new_game", "game": "mlem", "setup": setup})


def legal_actions(state):
    """Returns {"actor": 0 | "chance" | None, "actions": [<action>, ...]}."""
    return _reference.handle({"cmd": "legal_actions", "game": "mlem", "state": state})


def apply(state, action):
    """Returns {"state": <new state>, "events": [...]} or {"rejected": {"clause": ..., "message": ...}}."""
    return _reference.handle({"cmd": "apply", "game": "mlem", "state": state, "action": action})


def scores(state):
    """Returns {"scores": [{"moons", "planets", "deep_space", "goals", "total"}, ...], "outcome": null | {...}}."""
    return _reference.handle({"cmd": "scores", "game": "mlem", "state": state})


def observe(state, player):
    """Returns {"observation": <what player sees>}: the state plus "observer": player, hidden lists
    replaced by {"hidden": <count>} (docs/protocol.md). Only asked with the "observations" capability."""
    return _reference.handle({"cmd": "observe", "game": "mlem", "state": state, "player": player})


# -- the protocol loop (no need to change) ------------------------------------------------------

PROTOCOLS = [1] if sys.argv[1:3] == ["--protocol", "1"] else [1, 2]
agreed = [1]


def canonical(doc):
    """Canonical JSON text (docs/protocol.md, "Digests")."""
    return json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def digest_text(text):
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def play(req):
    """Protocol 2: the steps one after the other, a digest of each step's results."""
    if "setup" in req:
        body = new_game(req["setup"])
        if "state" not in body:
            return body
        state = body["state"]
    else:
        state = req["state"]
    every, steps, out = req.get("digest_every", 1), req["steps"], []
    start = digest_text(canonical(state))
    for i, step in enumerate(steps):
        legal = legal_actions(state)
        actions = legal["actions"]
        entry = {"legal": digest_text("[" + ",".join(sorted(canonical(a) for a in actions)) + "]")}
        if req.get("odds") and legal.get("actor") == "chance":  # asked only with "play-odds"
            pairs = sorted(canonical([a, p]) for a, p in zip(actions, legal["probabilities"]))
            entry["odds"] = digest_text("[" + ",".join(pairs) + "]")
        if "observe" in step:
            entry["observation"] = digest_text(canonical(observe(state, step["observe"])["observation"]))
        if "probe" in step:
            entry["probe"] = apply(state, step["probe"]).get("rejected", {}).get("clause")
        result = apply(state, step["action"])
        if "rejected" in result:
            entry["rejected"] = result["rejected"]
            out.append(entry)
            break
        state = result["state"]
        entry["events"] = digest_text("[" + ",".join(canonical(e) for e in result.get("events", [])) + "]")
        if (i + 1) % every == 0 or i == len(steps) - 1:
            entry["state"] = digest_text(canonical(state))
        out.append(entry)
    return {"start": start, "steps": out}


def answer(req):
    cmd = req.get("cmd")
    if cmd == "start":
        offered = req.get("protocols") if isinstance(req.get("protocols"), list) else [req.get("protocol")]
        common = [v for v in PROTOCOLS if v in offered]
        if not common:
            return {"error": {"kind": "protocol", "message": f"this adapter speaks protocol {PROTOCOLS}"}}
        agreed[0] = max(common)
        return {"protocol": agreed[0], "capabilities": CAPABILITIES, "profiles": PROFILES,
                "implementation": {"name": NAME, "version": VERSION, "language": LANGUAGE,
                                   "games": {"mlem": {"options": OPTIONS, "variants": VARIANTS}}}}
    if cmd == "stop":
        return {"ok": True}
    if req.get("game") != "mlem":
        return {"skipped": {"reason": f"game {req.get('game')!r} not supported"}}
    handlers = {"new_game": lambda: new_game(req["setup"]),
                "legal_actions": lambda: legal_actions(req["state"]),
                "apply": lambda: apply(req["state"], req["action"]),
                "scores": lambda: scores(req["state"]),
                "observe": lambda: observe(req["state"], req["player"])}
    if agreed[0] >= 2:
        handlers["play"] = lambda: play(req)
    if cmd not in handlers:
        return {"error": {"kind": "unknown-command", "message": f"unknown command {cmd!r}"}}
    body = handlers[cmd]()
    body.pop("seq", None)
    return body


def main():
    for line in sys.stdin:
        if not line.strip():
            continue
        req = {}
        try:
            req = json.loads(line)
            if not isinstance(req, dict):
                raise ValueError("a request must be a JSON object")
            body = answer(req)
        except Exception as exc:  # report, never die: the runner classifies it as errored
            req = req if isinstance(req, dict) else {}
            body = {"error": {"kind": "internal", "message": f"{type(exc).__name__}: {exc}"}}
        print(json.dumps({"seq": req.get("seq"), **body}), flush=True)
        if req.get("cmd") == "stop":
            break


if __name__ == "__main__":
    main()
