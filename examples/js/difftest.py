#!/usr/bin/env python3
"""Differential test: the JavaScript MLEM adapter against the reference adapter.

Plays random games through both adapters (docs/protocol.md) and compares, at every step,
the legal actions (as sets and in order), chance probabilities, the resulting state (exact
JSON equality), the events, the rejection clauses of deliberately illegal actions, the
scores / outcome and, in games with variants (Exploration, Secret Missions, UFO; each on in
about half the games, `--no-variants` for base games only), every player's observation.
Prints the first difference of each game with its step index.

    python3 examples/js/difftest.py --games 300 --seed 1

Standard library only.
"""
import argparse
import json
import os
import random
import shlex
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
FACES = ["1", "2", "3", "4", "afterburner"]
DIE = ["1", "2", "2", "3", "4", "afterburner"]  # one physical die
ASTRONAUTS = ["satellite", "plus-minus", "parachute", "moon-double", "planet-double",
              "deep-space-double", "die-removal", "die-one"]
OPTIONS = {
    "dice_selection": ["groups", "single-group"],
    "tie_break": ["shared", "deep-space"],
    "game_end": ["end-of-expedition", "immediate"],
    "die_one_rescue": [True, False],
    "dice_grouping": ["whole-groups", "any-dice"],
    "four_moons": ["slots", "spaces"],
    "goal_claims": ["any-landing", "landing-phase"],
    "die_one": ["per-expedition", "once-per-game"],
    "afterburner_dice": ["kept", "removed"],
}
VARIANTS = ["exploration", "missions", "ufo"]
VARIANT_OPTIONS = {
    "exploration": {"exploration_collision": ["stack", "set-aside"], "tunnel_past_end": ["deep-space", "no-move"],
                    "dice_reuse_cap": ["expedition", "six"]},
    "missions": {},
    "ufo": {"ufo_encounter": ["reach", "exact"], "ufo_token_taker": ["commander", "passengers"],
            "ufo_after_encounter": ["return", "stay"], "ufo_token_value": ["bonus", "penalty"],
            "ufo_extra_face": ["allowed-only", "any-space"], "arrivals_exhausted": ["reshuffle", "none"],
            "ufo_extra_face_use": ["alone", "with-dice"]},
}


def canon(doc):
    return json.dumps(doc, sort_keys=True, separators=(",", ":"))


class Adapter:
    def __init__(self, name, cmd):
        self.name = name
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, cwd=ROOT, bufsize=1)
        self.seq = 0

    def request(self, **req):
        self.seq += 1
        req["seq"] = self.seq
        self.proc.stdin.write(json.dumps(req) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"{self.name} adapter died (exit {self.proc.poll()})")
        resp = json.loads(line)
        if resp.get("seq") != self.seq:
            raise RuntimeError(f"{self.name} answered seq {resp.get('seq')!r} to {self.seq}")
        del resp["seq"]
        return resp

    def close(self):
        try:
            resp = self.request(cmd="stop")
            assert resp.get("ok") is True, resp
            self.proc.stdin.close()
            return self.proc.wait(timeout=10)
        except Exception:
            self.proc.kill()
            raise


class Difference(Exception):
    pass


def outcome_of(resp):
    """The comparable part of a response: rejections by clause only (messages are free text)."""
    if "rejected" in resp:
        return {"rejected": resp["rejected"].get("clause")}
    if "error" in resp:
        return {"error": resp["error"].get("kind")}
    return resp


def json_diff(a, b, path="$", out=None):
    """The paths where two JSON documents differ (lists compared item by item)."""
    out = [] if out is None else out
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b)):
            if k not in a or k not in b:
                out.append(f"{path}.{k}: {canon(a.get(k, '<missing>'))} != {canon(b.get(k, '<missing>'))}")
            else:
                json_diff(a[k], b[k], f"{path}.{k}", out)
    elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            json_diff(x, y, f"{path}[{i}]", out)
    elif canon(a) != canon(b):
        out.append(f"{path}: {canon(a)[:400]} != {canon(b)[:400]}")
    return out


def compare(what, step, ref, js):
    a, b = outcome_of(ref), outcome_of(js)
    if canon(a) != canon(b):
        lines = json_diff(a, b)[:12]
        raise Difference(f"step {step}: {what}\n  reference != javascript at:\n    " + "\n    ".join(lines))


def illegal_actions(rng, state, legal):
    """Deliberately illegal (or borderline) actions for the current state."""
    out = []
    n = len(state["players"])
    phase = state["phase"]
    actor = legal["actor"]
    acts = legal["actions"]
    rocket = state["rocket"]
    space = rocket["space"]
    board = state["board"]
    if isinstance(actor, int) and acts:
        # wrong player
        a = dict(rng.choice(acts))
        a["player"] = rng.choice([p for p in range(n) if p != actor])
        out.append(a)
    if phase == "move":
        allowed = board["spaces"][space]["faces"]
        bad = [f for f in FACES if f not in allowed]
        if bad:  # face not printed at the space
            out.append({"type": "move", "player": actor, "faces": [rng.choice(bad)], "die_one": []})
        not_rolled = [f for f in allowed if f not in rocket["roll"]]
        if not_rolled:  # printed but not rolled
            out.append({"type": "move", "player": actor, "faces": [rng.choice(not_rolled)], "die_one": []})
        out.append({"type": "move", "player": actor, "faces": rng.sample(FACES, rng.randint(2, 3)), "die_one": []})
        out.append({"type": "move", "player": actor, "faces": [rng.choice(FACES)], "die_one": [rng.randrange(n)]})
        out.append({"type": "move", "player": actor, "faces": ["1", rng.choice(FACES[1:])],
                    "die_one": sorted(rng.sample(range(n), rng.randint(1, min(2, n))))})
        out.append({"type": "roll", "faces": [rng.choice(DIE) for _ in range(rocket["dice"])]})
    elif phase == "roll":
        k = rocket["dice"] + rng.choice([-1, 1])
        if 1 <= k <= 6:
            out.append({"type": "roll", "faces": [rng.choice(DIE) for _ in range(k)]})
        out.append({"type": "embark", "player": rng.randrange(n), "astronaut": rng.choice(ASTRONAUTS)})
    elif phase == "takeoff":
        missing = [a for a in ASTRONAUTS if a not in state["players"][actor]["reserve"]]
        if missing:
            out.append({"type": "embark", "player": actor, "astronaut": rng.choice(missing)})
        out.append({"type": "land", "player": actor, "space": rng.randrange(len(board["spaces"]))})
    elif phase in ("landing", "parachute"):
        for d in (-2, -1, 1, 2):
            t = space + d
            if 0 <= t < len(board["spaces"]):
                out.append({"type": "land", "player": actor, "space": t})
        out.append({"type": "land", "player": actor, "space": rng.randrange(len(board["spaces"]))})
        out.append({"type": "move", "player": actor, "faces": ["1"], "die_one": []})
    elif phase == "game-over":
        out.append({"type": "embark", "player": rng.randrange(n), "astronaut": rng.choice(ASTRONAUTS)})
        out.append({"type": "roll", "faces": ["1"]})
    out.extend(illegal_variant_actions(rng, state, actor))
    legal_texts = {canon(a) for a in acts}
    return [a for a in out if canon(a) not in legal_texts]


def illegal_variant_actions(rng, state, actor):
    """Variant actions that are illegal (or borderline) here: draws of tokens not in the pile,
    discards of missions not held, abilities the arrival token does not give or already gave."""
    out = []
    n = len(state["players"])
    phase = state["phase"]
    ids = ["Z99"]
    for section in ("exploration", "missions", "ufo"):
        sec = state.get(section) or {}
        for v in sec.values():
            if isinstance(v, list):
                for x in v:
                    for t in (x if isinstance(x, list) else [x]):
                        if isinstance(t, dict):
                            ids.append(t["id"])
            elif isinstance(v, dict) and "id" in v:
                ids.append(v["id"])
    if phase in ("exploration-setup", "exploration-draw", "mission-deal", "arrival", "roll", "takeoff"):
        out.append({"type": "draw", "token": rng.choice(ids)})
    if phase == "mission-discard" or rng.random() < 0.2:
        out.append({"type": "discard", "player": actor if isinstance(actor, int) else rng.randrange(n),
                    "token": rng.choice(ids)})
    if phase == "move":
        out.append({"type": "reroll", "player": actor})
        out.append({"type": "move", "player": actor, "faces": [], "die_one": [], "ability": "extra-face"})
        roll = state["rocket"]["roll"]
        out.append({"type": "move", "player": actor, "faces": [rng.choice(roll)], "die_one": [], "ability": "keep-dice"})
    elif phase in ("landing", "takeoff") and isinstance(actor, int):
        out.append({"type": "reroll", "player": actor})
    return out


def random_setup(rng, variants):
    n = rng.randint(2, 5)
    options = {k: rng.choice(v) for k, v in OPTIONS.items() if rng.random() < 0.7}
    chosen = [v for v in VARIANTS if rng.random() < 0.5] if variants else []
    if chosen or (variants and rng.random() < 0.1):
        rng.shuffle(chosen)  # a setup may list them in any order (or give [])
        options["variants"] = chosen
        for v in chosen:
            for k, vals in VARIANT_OPTIONS[v].items():
                if rng.random() < 0.7:
                    options[k] = rng.choice(vals)
    setup = {"players": n, "start_player": rng.randrange(n),
             "board": rng.choice(["standard", "short"]), "options": options}
    if chosen and rng.random() < 0.2:
        setup["tokens"] = setup["board"]
    return setup


def play_game(ref, js, rng, index, stats, variants=True):
    setup = random_setup(rng, variants)
    n = setup["players"]
    land_bias = rng.choice([0.0, 0.5, 0.8])
    step = 0
    if rng.random() < 0.2:
        # custom-boards: an inline copy of the shipped board with a short crash track
        board = ref.request(cmd="new_game", game="mlem", setup=setup)["state"]["board"]
        board = dict(board, id=board["id"] + "-crashy", crash_limit=rng.randint(1, 4))
        setup["board"] = board
    r_ref = ref.request(cmd="new_game", game="mlem", setup=setup)
    r_js = js.request(cmd="new_game", game="mlem", setup=setup)
    compare(f"new_game {canon(setup)}", step, r_ref, r_js)
    if "state" not in r_ref:  # refused alike by both (e.g. an inline board with no token set of its id)
        stats["refused_setups"] = stats.get("refused_setups", 0) + 1
        return step
    state = r_ref["state"]
    while True:
        step += 1
        la_ref = ref.request(cmd="legal_actions", game="mlem", state=state)
        la_js = js.request(cmd="legal_actions", game="mlem", state=state)
        if "actions" in la_ref and "actions" in la_js:
            s_ref = sorted(canon(a) for a in la_ref["actions"])
            s_js = sorted(canon(a) for a in la_js["actions"])
            if s_ref != s_js:
                compare(f"legal action set in phase {state['phase']}", step,
                        {"only_reference": sorted(set(s_ref) - set(s_js))},
                        {"only_javascript": sorted(set(s_js) - set(s_ref))})
        compare(f"legal_actions in phase {state['phase']}", step, la_ref, la_js)
        sc_ref = ref.request(cmd="scores", game="mlem", state=state)
        sc_js = js.request(cmd="scores", game="mlem", state=state)
        compare("scores", step, sc_ref, sc_js)
        if "variants" in state["options"]:
            for p in range(n):
                compare(f"observation of player {p}", step,
                        ref.request(cmd="observe", game="mlem", state=state, player=p),
                        js.request(cmd="observe", game="mlem", state=state, player=p))
        if state["phase"] == "game-over":
            stats["ends"][state["ended"]["reason"]] = stats["ends"].get(state["ended"]["reason"], 0) + 1
            for bad in illegal_actions(rng, state, la_ref):
                compare(f"illegal action {canon(bad)}", step,
                        ref.request(cmd="apply", game="mlem", state=state, action=bad),
                        js.request(cmd="apply", game="mlem", state=state, action=bad))
                stats["illegal"] += 1
            return step
        # deliberately illegal actions
        if rng.random() < 0.5:
            for bad in illegal_actions(rng, state, la_ref):
                r1 = ref.request(cmd="apply", game="mlem", state=state, action=bad)
                r2 = js.request(cmd="apply", game="mlem", state=state, action=bad)
                compare(f"illegal action {canon(bad)}", step, r1, r2)
                stats["illegal"] += 1
                if "rejected" in r1:
                    stats["clauses"][r1["rejected"]["clause"]] = stats["clauses"].get(r1["rejected"]["clause"], 0) + 1
        # the action to play
        if la_ref["actor"] == "chance" and state["phase"] == "roll":
            faces = [rng.choice(DIE) for _ in range(state["rocket"]["dice"])]
            action = {"type": "roll", "faces": faces}  # any order: a multiset
        elif la_ref["actor"] == "chance":
            action = rng.choice(la_ref["actions"])  # a draw
        else:
            acts = la_ref["actions"]
            lands = [a for a in acts if a["type"] == "land"]
            action = rng.choice(lands) if lands and rng.random() < land_bias else rng.choice(acts)
        r_ref = ref.request(cmd="apply", game="mlem", state=state, action=action)
        r_js = js.request(cmd="apply", game="mlem", state=state, action=action)
        compare(f"apply {canon(action)} in phase {state['phase']}", step, r_ref, r_js)
        if "state" not in r_ref:
            raise Difference(f"step {step}: reference refused its own legal action: {r_ref}")
        for e in r_ref.get("events", []):
            key = f"{e['type']}/{e['clause']}"
            stats["events"][key] = stats["events"].get(key, 0) + 1
        state = r_ref["state"]
        stats["steps"] += 1


def scenarios(ref, js):
    """Hand-made states for corners that random play rarely reaches. Returns the differences."""
    base = ref.request(cmd="new_game", game="mlem",
                       setup={"players": 3, "start_player": 0, "board": "short"})["state"]

    def st(**kw):
        s = json.loads(json.dumps(base))
        for k, v in kw.items():
            if k == "seats":
                s["rocket"]["seats"] = [{"player": p, "astronaut": a, "flipped": f} for p, a, f in v]
            elif k in ("space", "dice", "roll", "cursor"):
                s["rocket"][k] = v
            elif k == "crash_limit":
                s["board"]["crash_limit"] = v
            elif k == "options":
                s["options"].update(v)
            else:
                s[k] = v
        aboard = {(x["player"], x["astronaut"]) for x in s["rocket"]["seats"]}
        placed = {(x["player"], x["astronaut"]) for x in s["landed"]}
        for p, pl in enumerate(s["players"]):
            pl["reserve"] = [a for a in ASTRONAUTS if (p, a) not in aboard | placed]
        return s

    def land(p, a, space, site="planet", slot=None):
        d = {"player": p, "astronaut": a, "space": space, "site": site}
        if slot is not None:
            d["slot"] = slot
        return d

    seven = [land(0, "satellite", 8), land(0, "plus-minus", 8), land(0, "moon-double", 10),
             land(0, "planet-double", 11), land(0, "deep-space-double", 12),
             land(0, "die-removal", 10), land(0, "die-one", 12)]
    eight = seven + [land(0, "parachute", 11)]
    cases = []
    for end in ("immediate", "end-of-expedition"):
        # the 8th placement is a parachute landing on the crash that reaches the limit
        cases.append((f"8th placement by parachute at the crash limit ({end})",
                      st(phase="roll", crashes=1, crash_limit=2, space=8, dice=2, landed=seven,
                         options={"game_end": end},
                         seats=[(0, "parachute", False), (1, "satellite", False), (2, "parachute", False)]),
                      [{"type": "roll", "faces": ["3", "1"]}, {"type": "land", "player": 0, "space": 8},
                       {"type": "land", "player": 2, "space": 8}]))
        # a player already has all eight placed when the limit crash happens
        cases.append((f"all placed and crash limit at once ({end})",
                      st(phase="roll", crashes=1, crash_limit=2, space=5, dice=2, landed=eight,
                         options={"game_end": end}, seats=[(1, "satellite", False), (2, "moon-double", False)]),
                      [{"type": "roll", "faces": ["2", "3"]}]))
        # the 8th astronaut lands while others are still aboard, then the rest fly on
        cases.append((f"8th placement in a landing phase ({end})",
                      st(phase="landing", space=11, dice=3, landed=seven, cursor=0, options={"game_end": end},
                         seats=[(0, "parachute", False), (1, "die-one", True), (2, "plus-minus", False)]),
                      [{"type": "land", "player": 0, "space": 11}, {"type": "stay", "player": 1},
                       {"type": "land", "player": 2, "space": 12}, {"type": "land", "player": 1, "space": 11}]))
    # one landing completes two goals
    cases.append(("two goals in one landing",
                  st(phase="landing", space=12, dice=4, cursor=0,
                     landed=[land(0, "satellite", 12), land(0, "plus-minus", 12), land(0, "die-one", 8),
                             land(0, "moon-double", 10), land(0, "die-removal", 11)],
                     seats=[(0, "parachute", False), (1, "satellite", False)]),
                  [{"type": "land", "player": 0, "space": 12}]))
    # move validation corners
    mv = st(phase="move", space=5, dice=6, roll=["2", "2", "3", "3", "4", "afterburner"],
            seats=[(0, "satellite", False), (1, "die-one", True), (2, "die-one", False)])
    mv2 = st(phase="move", space=5, dice=6, roll=["2", "2", "3", "3", "4", "afterburner"],
             seats=[(0, "satellite", False), (1, "die-one", False), (2, "die-one", False)])
    cases.append(("die_one listed out of order", mv2,
                  [{"type": "move", "player": 0, "faces": ["1"], "die_one": [2, 1]}]))
    cases.append(("overshoot distance", st(phase="move", space=11, dice=6, roll=["1", "2", "2", "3", "4", "4"],
                                           seats=[(0, "satellite", False), (1, "die-one", False)]),
                  [{"type": "move", "player": 0, "faces": ["4", "1"], "die_one": [1]}]))
    for a in ([{"type": "move", "player": 0, "faces": ["1"], "die_one": [1]}],
              [{"type": "move", "player": 0, "faces": ["1"], "die_one": [0]}],
              [{"type": "move", "player": 0, "faces": ["1"], "die_one": [2, 1]}],
              [{"type": "move", "player": 0, "faces": ["1"], "die_one": []}],
              [{"type": "move", "player": 0, "faces": [], "die_one": []}],
              [{"type": "move", "player": 0, "faces": ["4", "1"], "die_one": [2]}],
              [{"type": "move", "player": 0, "faces": ["4"], "die_one": [2]}],
              [{"type": "move", "player": 0, "faces": ["2"], "die_one": []}],
              [{"type": "move", "player": 4, "faces": ["4"], "die_one": []}],
              [{"type": "move", "player": 0, "faces": ["4", "4"], "die_one": []}],
              [{"type": "roll", "faces": ["1"]}]):
        cases.append((f"move corner {canon(a[0])}", mv, a))
    mv1 = st(phase="move", space=3, dice=6, roll=["1", "1", "2", "3", "4", "afterburner"],
             options={"dice_selection": "single-group"}, seats=[(0, "die-one", False), (1, "satellite", False)])
    for a in ([{"type": "move", "player": 0, "faces": ["1", "2"], "die_one": [0]}],
              [{"type": "move", "player": 0, "faces": ["3"], "die_one": []}],
              [{"type": "move", "player": 0, "faces": ["afterburner", "2"], "die_one": []}],
              [{"type": "move", "player": 0, "faces": ["1"], "die_one": [0]}]):
        cases.append((f"single-group corner {canon(a[0])}", mv1, a))
    # landing validation corners
    ld = st(phase="landing", space=9, dice=3, cursor=0,
            seats=[(0, "plus-minus", False), (1, "parachute", False)])
    for t in (7, 8, 9, 10, 11, 13, 14, 99):
        cases.append((f"plus-minus lands on {t}", ld, [{"type": "land", "player": 0, "space": t}]))
    ld2 = st(phase="landing", space=12, dice=3, cursor=0, seats=[(0, "plus-minus", False)])
    cases.append(("plus-minus next to deep space", ld2, [{"type": "land", "player": 0, "space": 13}]))
    pc = st(phase="parachute", space=9, dice=3, cursor=1, crashes=1,
            seats=[(0, "plus-minus", False), (1, "parachute", False)])
    for t in (8, 9, 10):
        cases.append((f"parachute lands on {t}", pc, [{"type": "land", "player": 1, "space": t}]))
    # scores and tie-breaks in finished games
    for tb in ("shared", "deep-space"):
        for landed in ([land(0, "satellite", 13, "comet"), land(1, "satellite", 9, "moon", 0),
                        land(1, "plus-minus", 7, "moon", 0), land(2, "satellite", 8)],
                       [land(0, "satellite", 13, "comet"), land(1, "satellite", 13, "comet"),
                        land(2, "satellite", 6, "moon", 0), land(2, "plus-minus", 7, "moon", 0)],
                       [land(2, "planet-double", 10), land(1, "satellite", 10), land(1, "parachute", 10),
                        land(0, "satellite", 10), land(0, "plus-minus", 10), land(0, "parachute", 10),
                        land(0, "die-one", 10), land(1, "die-one", 10), land(2, "die-one", 10),
                        land(1, "planet-double", 12), land(2, "satellite", 12)]):
            cases.append((f"final scores, tie_break {tb}",
                          st(phase="game-over", ended={"reason": "crash-limit"}, crashes=11, landed=landed,
                             options={"tie_break": tb}), []))
    return run_cases(ref, js, cases, "hand-made scenarios")


def run_cases(ref, js, cases, title):
    """Plays each (name, state, actions) through both adapters, comparing every answer."""
    diffs = 0
    for name, state, actions in cases:
        try:
            for i, action in enumerate([None] + actions):
                if action is not None:
                    r1 = ref.request(cmd="apply", game="mlem", state=state, action=action)
                    r2 = js.request(cmd="apply", game="mlem", state=state, action=action)
                    compare(f"apply {canon(action)}", i, r1, r2)
                    if "state" not in r1:
                        break
                    state = r1["state"]
                compare("legal_actions", i, ref.request(cmd="legal_actions", game="mlem", state=state),
                        js.request(cmd="legal_actions", game="mlem", state=state))
                compare("scores", i, ref.request(cmd="scores", game="mlem", state=state),
                        js.request(cmd="scores", game="mlem", state=state))
                if "variants" in state["options"]:
                    for p in range(len(state["players"])):
                        compare(f"observation of player {p}", i,
                                ref.request(cmd="observe", game="mlem", state=state, player=p),
                                js.request(cmd="observe", game="mlem", state=state, player=p))
        except Difference as d:
            diffs += 1
            print(f"{title} '{name}': DIFFERENCE at {d}")
    print(f"{len(cases)} {title}, {diffs} differences")
    return diffs


def variant_scenarios(ref, js):
    """Hand-made corners of the variants, and setups and observations that random play never asks for."""
    diffs = 0
    # setups and observe requests: compared as outcomes (error kinds and rejection clauses)
    short = json.load(open(os.path.join(HERE, "boards.json")))["short"]
    tokens = json.load(open(os.path.join(HERE, "tokens.json")))["short"]
    setups = [
        {"options": {"ufo_encounter": "exact"}},
        {"options": {"variants": ["ufo", "exploration"], "tunnel_past_end": "no-move"}},
        {"options": {"variants": ["missions"], "dice_reuse_cap": "six"}},
        {"options": {"variants": []}},
        {"options": {"variants": ["ufo", "ufo"]}},
        {"options": {"variants": ["ufo"]}, "tokens": "nope"},
        {"options": {"variants": ["missions"]}, "tokens": "standard"},
        {"options": {}, "tokens": "nope"},
        {"options": {"variants": ["ufo"]}, "tokens": {"id": "x", "ufo_home": 14}},
        {"options": {"variants": ["ufo"]}, "tokens": {"id": "x", "ufo_home": 12}},
        {"options": {"variants": ["ufo"]}, "tokens": {"id": "x"}},
        {"options": {"variants": ["missions"]}, "tokens": {"id": "x", "missions": tokens["missions"][:7]}},
        {"options": {"variants": ["missions"]}, "tokens": {"id": "x", "missions": tokens["missions"][:8]}},
        {"options": {"variants": ["exploration"]}, "tokens": {"id": "x", "exploration": tokens["exploration"][:3]}},
        {"options": {"variants": ["exploration"]}, "tokens": {"id": "x", "exploration": tokens["exploration"][:2] * 2}},
        {"options": {"variants": ["exploration", "missions", "ufo"]}, "board": dict(short, id="other")},
    ]
    for extra in setups:
        setup = {"players": 2, "start_player": 1, "board": "short", **extra}
        try:
            compare(f"new_game {canon(setup)[:300]}", 0, ref.request(cmd="new_game", game="mlem", setup=setup),
                    js.request(cmd="new_game", game="mlem", setup=setup))
        except Difference as d:
            diffs += 1
            print(f"variant setup: DIFFERENCE at {d}")

    def prepare(setup, prefer=(), stop=("takeoff",), **patch):
        """A new game played by the reference up to a phase in `stop`, drawing the tokens in `prefer`
        when they are legal (otherwise the first legal action)."""
        setup = {"players": 2, "start_player": 0, "board": "short", **setup}
        state = ref.request(cmd="new_game", game="mlem", setup=setup)["state"]
        while state["phase"] not in stop:
            acts = ref.request(cmd="legal_actions", game="mlem", state=state)["actions"]
            pick = next((a for a in acts if a.get("token") in prefer), acts[0])
            state = ref.request(cmd="apply", game="mlem", state=state, action=pick)["state"]
        return fly(state, **patch)

    def fly(s, **kw):
        s = json.loads(json.dumps(s))
        for k, v in kw.items():
            if k == "seats":
                s["rocket"]["seats"] = [{"player": p, "astronaut": a, "flipped": f} for p, a, f in v]
            elif k in ("space", "dice", "roll", "cursor"):
                s["rocket"][k] = v
            elif k in ("ufo_space", "stack", "held"):
                s["ufo"][{"ufo_space": "space"}.get(k, k)] = v
            else:
                s[k] = v
        aboard = {(x["player"], x["astronaut"]) for x in s["rocket"]["seats"]}
        placed = {(x["player"], x["astronaut"]) for x in s["landed"]}
        for p, pl in enumerate(s["players"]):
            pl["reserve"] = [a for a in ASTRONAUTS if (p, a) not in aboard | placed]
        return s

    def exhaust(s):
        s = json.loads(json.dumps(s))
        s["ufo"]["used"], s["ufo"]["pile"] = s["ufo"]["pile"], []
        return s

    two = [(0, "satellite", False), (1, "plus-minus", False)]
    cases = []
    for ex in ("reshuffle", "none"):
        st = exhaust(prepare({"options": {"variants": ["ufo"], "arrivals_exhausted": ex}}))
        draw = [{"type": "draw", "token": "A03"}] if ex == "reshuffle" else []
        cases.append((f"arrival pile exhausted ({ex})", fly(st, phase="roll", space=3, dice=6, seats=two),
                      [{"type": "roll", "faces": ["3"] * 6}] + draw + [{"type": "embark", "player": 1, "astronaut": "satellite"},
                       {"type": "embark", "player": 0, "astronaut": "die-one"}]))
    seven = [{"player": 0, "astronaut": a, "space": 11, "site": "planet"} for a in ASTRONAUTS[1:]]
    cases.append(("immediate end with an arrival token",
                  prepare({"options": {"variants": ["ufo", "exploration"], "game_end": "immediate"}}, phase="landing",
                          space=12, dice=5, cursor=0, landed=seven, seats=[(0, "satellite", False), (1, "die-one", False)]),
                  [{"type": "land", "player": 0, "space": 12}]))
    for sp, tok in ((2, "A14"), (1, "A05"), (3, "A01"), (1, "A01")):
        cases.append((f"UFO on {sp} moves by {tok}",
                      prepare({"options": {"variants": ["ufo"]}}, stop=("arrival",), ufo_space=sp),
                      [{"type": "draw", "token": tok}]))
    chain = {"id": "chain", "ufo_home": 13, "arrivals": tokens["arrivals"], "exploration": [
        {"id": "E1", "space": 3, "effect": "tunnel"}, {"id": "E2", "space": 7, "effect": "tunnel"},
        {"id": "E3", "space": 11, "effect": "points", "points": 2}, {"id": "E4", "space": 9, "effect": "tunnel"},
        {"id": "E5", "space": 9, "effect": "tunnel"}, {"id": "E6", "space": 6, "effect": "points", "points": 1},
        {"id": "E7", "space": 5, "effect": "dice-reuse"}, {"id": "E8", "space": 9, "effect": "dice-reuse"}]}
    for past in ("deep-space", "no-move"):
        for enc in ("reach", "exact"):
            for ufo_at in (5, 7, 11):
                opts = {"variants": ["exploration", "ufo"], "tunnel_past_end": past, "ufo_encounter": enc,
                        "ufo_token_taker": "passengers"}
                base = prepare({"options": opts, "tokens": chain}, prefer=("E1", "E2", "E3", "E4", "E5", "A01"),
                               phase="move", dice=6, seats=two, ufo_space=ufo_at)
                cases.append((f"tunnel chain 3-7-11 ({past}, {enc}, UFO on {ufo_at})",
                              fly(base, space=1, roll=["2", "3", "3", "3", "4", "4"]),
                              [{"type": "move", "player": 0, "faces": ["2"], "die_one": []},
                               {"type": "draw", "token": "E6"}, {"type": "draw", "token": "E7"},
                               {"type": "draw", "token": "E8"}, {"type": "land", "player": 0, "space": 11}]))
                cases.append((f"two tunnels past the end ({past}, {enc}, UFO on {ufo_at})",
                              fly(base, space=6, roll=["1", "2", "2", "3", "4", "4"]),
                              [{"type": "move", "player": 0, "faces": ["3"], "die_one": []},
                               {"type": "draw", "token": "E6"}, {"type": "draw", "token": "E8"}]))
    reuse = {"id": "reuse", "arrivals": tokens["arrivals"], "exploration": [
        {"id": "E1", "space": 5, "effect": "dice-reuse"}, {"id": "E2", "space": 9, "effect": "dice-reuse"},
        {"id": "E3", "space": 5, "effect": "dice-reuse"}]}
    for cap in ("expedition", "six"):
        for face_rule in ("allowed-only", "any-space"):
            opts = {"variants": ["exploration", "ufo"], "dice_reuse_cap": cap, "ufo_extra_face": face_rule,
                    "exploration_collision": "stack"}
            st = prepare({"options": opts, "tokens": reuse}, prefer=("A06",), phase="move", dice=4, seats=two,
                         space=1, roll=["2", "2", "3", "afterburner"])
            cases.append((f"dice reuse after an extra face ({cap}, {face_rule})", st,
                          [{"type": "move", "player": 0, "faces": [], "die_one": [], "ability": "extra-face"}]))
            cases.append((f"dice reuse after a move ({cap}, {face_rule})", st,
                          [{"type": "move", "player": 0, "faces": ["2"], "die_one": []}]))
            cases.append((f"extra face past the end ({cap}, {face_rule})", fly(st, space=11, roll=["3", "3", "3", "3"]),
                          [{"type": "move", "player": 0, "faces": [], "die_one": [], "ability": "extra-face"}]))
    three = [(0, "satellite", False), (1, "die-one", False), (2, "plus-minus", False)]
    for taker in ("commander", "passengers"):
        for after in ("return", "stay"):
            opts = {"variants": ["ufo"], "ufo_token_taker": taker, "ufo_after_encounter": after}
            st = prepare({"players": 3, "options": opts}, prefer=("A02",), phase="move", dice=5, seats=three,
                         space=0, roll=["1", "2", "2", "3", "4"], ufo_space=4, stack=[2, 1], held=[[5, 4], [], [3]])
            cases.append((f"UFO tokens running out ({taker}, {after})", st,
                          [{"type": "move", "player": 0, "faces": ["1", "2"], "die_one": [1]}]))
            cases.append((f"reroll into a crash ({taker}, {after})",
                          fly(st, space=5, roll=["2", "2", "3", "3", "afterburner"],
                              seats=[(0, "satellite", False), (1, "parachute", False), (2, "plus-minus", False)]),
                          [{"type": "reroll", "player": 0}, {"type": "roll", "faces": ["2", "2", "3", "3", "3"]}]))
            cases.append((f"exact deep space meets the UFO at home ({taker}, {after})",
                          fly(st, space=12, roll=["2", "2", "3", "3", "afterburner"], ufo_space=13),
                          [{"type": "move", "player": 0, "faces": ["3"], "die_one": []}]))
    diffs += run_cases(ref, js, cases, "variant scenarios")
    st = prepare({"players": 3, "options": {"variants": ["missions"]}}, stop=("mission-discard",))
    for player in (-1, 3, "1", None, 1.5):
        r1 = ref.request(cmd="observe", game="mlem", state=st, player=player)
        r2 = js.request(cmd="observe", game="mlem", state=st, player=player)
        if canon(outcome_of(r1)) != canon(outcome_of(r2)) or r1.get("error", {}).get("clause") != r2.get("error", {}).get("clause"):
            diffs += 1
            print(f"observe player {player!r}: DIFFERENCE: {r1} != {r2}")
    return diffs


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--ref", default="/tmp/venv/bin/referee adapter --game mlem")
    ap.add_argument("--js", default="node " + os.path.join(HERE, "adapter.js"))
    ap.add_argument("--show", type=int, default=5, help="how many differing games to print")
    ap.add_argument("--no-variants", action="store_true", help="base games only")
    args = ap.parse_args()

    ref = Adapter("reference", shlex.split(args.ref))
    js = Adapter("javascript", shlex.split(args.js))
    for a in (ref, js):
        resp = a.request(cmd="start", protocol=1)
        print(f"{a.name}: {resp['implementation']['name']} {resp['implementation']['version']} "
              f"({resp['implementation']['language']}) capabilities={resp['capabilities']}")
    diffs = scenarios(ref, js) + (0 if args.no_variants else variant_scenarios(ref, js))
    master = random.Random(args.seed)
    stats = {"steps": 0, "illegal": 0, "ends": {}, "events": {}, "clauses": {}}
    for g in range(args.games):
        rng = random.Random(master.getrandbits(64))
        try:
            play_game(ref, js, rng, g, stats, variants=not args.no_variants)
        except Difference as d:
            diffs += 1
            if diffs <= args.show:
                print(f"game {g}: DIFFERENCE at {d}")
    rc_ref, rc_js = ref.close(), js.close()
    print(f"{args.games} games, {stats['steps']} steps, {stats['illegal']} illegal actions checked; "
          f"game ends {stats['ends']}")
    print("events seen (type/clause: count):")
    for k, v in sorted(stats["events"].items()):
        print(f"  {k}: {v}")
    print(f"rejection clauses seen: {dict(sorted(stats['clauses'].items()))}")
    print(f"adapters exited with {rc_ref} (reference) and {rc_js} (javascript)")
    print(f"{diffs} differences")
    return 1 if diffs or rc_js != 0 else 0


if __name__ == "__main__":
    sys.exit(main())
