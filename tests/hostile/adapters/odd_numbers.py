"""Answers with numbers as a double-based engine would (integral floats), or with NaN / huge
integers (argv[1]: floats | nan | huge)."""
import json
import re
import sys

from _hostile import reference, serve

ref = reference()
MODE = sys.argv[1]


def floaty(doc):
    if isinstance(doc, bool):
        return doc
    if isinstance(doc, int):
        return float(doc)
    if isinstance(doc, list):
        return [floaty(x) for x in doc]
    if isinstance(doc, dict):
        return {k: (v if k == "seq" else floaty(v)) for k, v in doc.items()}
    return doc


def handle(req):
    resp = ref.handle(req)
    if req.get("cmd") in ("new_game", "apply", "legal_actions") and MODE != "floats":
        text = json.dumps(resp)
        if MODE == "nan":
            text = re.sub(r'"players": \[', '"nan": NaN, "players": [', text, count=1)
        else:
            text = text.replace('"seq": ', '"big": ' + "9" * 5000 + ', "seq": ', 1)
        sys.stdout.write(text + "\n")
        sys.stdout.flush()
        return None
    return floaty(resp) if MODE == "floats" and req.get("cmd") != "start" else resp


serve(handle)
