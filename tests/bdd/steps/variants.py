"""Steps of the variant features (exploration, missions, ufo, observation, variants).

Positions with variants: the Given steps below record the variant facts in the scene's
position (keys ``variants``, ``exploration``, ``missions``, ``ufo``, ``variant_phase``); the
state is then built by :func:`build_state`: the base position as usual, plus the variant
sections filled from the board's token set (spec/mlem/tokens/<board id>.yaml). Whatever a
scenario does not name takes a plain default: tokens not placed anywhere are in their pile,
the UFO is on its home space with the tokens 5 to 1 stacked, and so on.

Grammar of the small phrases used below:
  tokens     "E01", "E01, E05 and E09", "M01 to M04" (ids of the token set)
  arrival    "A08 (extra face 3, 4 dice)": the part in brackets is checked against the token
             set: "keep dice", "reroll", "extra face <face>", "<n> dice", "UFO move <n>"
  exploration token descriptions "(1 point)", "(2 points)", "(dice reuse)", "(tunnel)"
"""

from __future__ import annotations

import re
from typing import Any

from pytest_bdd import given, parsers, then, when

from tabletop_referee.errors import IllegalAction, RefereeError
from tabletop_referee.games import mlem
from tabletop_referee.games.mlem.interchange import (
    action_from_json,
    action_to_json,
    load_tokens,
    observation_to_json,
    options_from_partial,
    state_to_json,
)
from tabletop_referee.games.mlem.model import VARIANTS, Discard, Draw, Reroll
from tabletop_referee.games.mlem.position import state_from_position

from ..support import Scene, parse_faces, split_list

TOKEN_IDS = r"(?:[EMA]\d\d)(?:(?:, | and | to )[EMA]\d\d)*"
VARIANT_PHASES = ("exploration-setup", "mission-deal", "mission-discard", "arrival", "exploration-draw")


# -- phrase parsing -------------------------------------------------------------------------


def parse_ids(text: str) -> list[str]:
    """'E01, E05 and E09' -> ['E01', 'E05', 'E09']; 'M01 to M04' -> ['M01', ..., 'M04']."""
    ids: list[str] = []
    for part in split_list(text):
        m = re.fullmatch(r"([EMA])(\d\d) to ([EMA])(\d\d)", part)
        if m:
            assert m[1] == m[3], part
            ids += [f"{m[1]}{i:02d}" for i in range(int(m[2]), int(m[4]) + 1)]
        elif re.fullmatch(r"[EMA]\d\d", part):
            ids.append(part)
        else:
            raise ValueError(f"not a token id: {part!r} in {text!r}")
    return ids


def parse_values(text: str) -> list[int]:
    """'5, 4 and 3' -> [5, 4, 3]."""
    return [int(v) for v in split_list(text)]


def _ids(tokens) -> list[str]:
    return [t["id"] for t in tokens]


def _tokens(scene: Scene):
    board = scene.board or mlem.load_board("short")
    return load_tokens(board.id)


def _token(scene: Scene, kind: str, token_id: str):
    found = {t.id: t for t in getattr(_tokens(scene), kind)}
    assert token_id in found, f"the token set has no {kind} token {token_id}"
    return found[token_id]


def _check_exploration_description(token, text: str | None) -> None:
    if not text:
        return
    if token.effect == "points":
        expected = f"{token.points} point{'s' if token.points > 1 else ''}"
    else:
        expected = token.effect.replace("-", " ")
    assert text == expected, f"exploration token {token.id} is ({expected}), not ({text})"


def _check_arrival_description(token, text: str | None) -> None:
    if not text:
        return
    for part in (p.strip() for p in text.split(",")):
        if part in ("keep dice", "reroll"):
            ok = token.ability == part.replace(" ", "-")
        elif m := re.fullmatch(r"extra face (\S+)", part):
            ok = token.ability == "extra-face" and token.face == m[1]
        elif m := re.fullmatch(r"(\d) dice", part):
            ok = token.dice == int(m[1])
        elif m := re.fullmatch(r"UFO move (\d)", part):
            ok = token.ufo_move == int(m[1])
        else:
            raise ValueError(f"cannot read {part!r} in the arrival token description ({text})")
        assert ok, f"arrival token {token.id} is not '{part}': {token}"


# -- building a state with variants -----------------------------------------------------------


def _variant_position(scene: Scene) -> dict:
    scene.builder = build_state
    return scene.position


def _section(scene: Scene, name: str) -> dict:
    return _variant_position(scene).setdefault(name, {})


def build_state(position: dict, board: mlem.Board) -> mlem.State:
    """The state a position with variants describes (see the module docstring).

    The step conveniences (players' tokens as mappings, missions dealt to players no step
    names, "every other arrival token was used", "the pile holds only ...") are turned into
    the variant sections of a position (reference/tabletop_referee/games/mlem/position.py),
    which builds the state.
    """
    variants = [v for v in VARIANTS if v in position.get("variants", ())]
    if not variants:
        return state_from_position(position, board)
    pos = {k: v for k, v in position.items() if k not in ("variants", "exploration", "missions", "ufo",
                                                         "variant_phase")}
    pos["options"] = {**(position.get("options") or {}), "variants": variants}
    if position.get("variant_phase"):
        pos["phase"] = position["variant_phase"]
    tokens = load_tokens(board.id)
    n = position["players"]
    if "exploration" in variants:
        pos["exploration"] = _exploration_section(position.get("exploration", {}), tokens, n)
    if "missions" in variants:
        pos["missions"] = _missions_section(position.get("missions", {}), tokens, n, position.get("variant_phase"))
    if "ufo" in variants:
        pos["ufo"] = _ufo_section(position.get("ufo", {}), tokens, n)
    return state_from_position(pos, board)


def _per_player(given: dict, n: int) -> list[list]:
    return [list(given.get(p, [])) for p in range(n)]


def _exploration_section(ex: dict, tokens, n: int) -> dict:
    section = {"spaces": list(ex.get("spaces", [])), "held": _per_player(ex.get("held", {}), n),
               "removed": list(ex.get("removed", [])), "pending": ex.get("pending", 0)}
    if "pile" in ex:  # "the exploration pile holds only ...": the others are out of the game
        placed = set(section["spaces"]) | set(section["removed"]) | {i for h in section["held"] for i in h}
        section["removed"] += [t.id for t in tokens.exploration if t.id not in placed and t.id not in ex["pile"]]
        section["pile"] = list(ex["pile"])
    return section


def _missions_section(m: dict, tokens, n: int, phase: str | None) -> dict:
    hands = {p: sorted(h) for p, h in m.get("hands", {}).items()}
    discarded = dict(m.get("discarded", {}))
    used = {i for h in hands.values() for i in h} | {i for d in discarded.values() for i in d}
    free = [t.id for t in sorted(tokens.missions, key=lambda t: t.id, reverse=True) if t.id not in used]
    dealing = phase in ("exploration-setup", "mission-deal", "mission-discard")
    for p in range(n):  # players not named get missions from the end of the set
        if p not in hands:
            hands[p] = sorted(free.pop(0) for _ in range(3 if not dealing or p in discarded else 4))
        if p not in discarded and not dealing:
            discarded[p] = [free.pop(0)]
    return {"hands": _per_player(hands, n), "discarded": _per_player(discarded, n)}


def _ufo_section(u: dict, tokens, n: int) -> dict:
    section = {k: u[k] for k in ("space", "arrival", "ability_used", "stack") if k in u}
    section["used"] = list(u.get("used", []))
    if u.get("all_used"):
        section["used"] = [t.id for t in tokens.arrivals if t.id != u.get("arrival")]
    section["held"] = _per_player(u.get("held", {}), n)
    return section


## Given ------------------------------------------------------------------------------------


@given(parsers.re(r"the (?P<names>[a-z, ]+?) variants? (?:is|are) on"))
def given_variants(scene: Scene, names: str):
    """the exploration variant is on / the exploration and ufo variants are on."""
    chosen = split_list(names)
    assert set(chosen) <= set(VARIANTS), chosen
    pos = _variant_position(scene)
    pos["variants"] = [v for v in VARIANTS if v in chosen or v in pos.get("variants", ())]


@given(parsers.re(r"exploration token (?P<tid>E\d\d)(?: \((?P<what>[a-z0-9 ]+)\))? is on space (?P<space>\d+)"))
def given_exploration_on(scene: Scene, tid: str, what: str | None, space: str):
    """exploration token E02 (1 point) is on space 6: revealed there, in the order written; the
    space and the description in brackets are checked against the token set."""
    token = _token(scene, "exploration", tid)
    assert token.space == int(space), f"exploration token {tid} names space {token.space}, not {space}"
    _check_exploration_description(token, what)
    _section(scene, "exploration").setdefault("spaces", []).append(tid)


@given(parsers.re(rf"exploration tokens? (?P<ids>{TOKEN_IDS}) (?:is|are) out of the game"))
def given_exploration_removed(scene: Scene, ids: str):
    """exploration token E05 is out of the game: used or set aside earlier."""
    _section(scene, "exploration").setdefault("removed", []).extend(parse_ids(ids))


@given(parsers.re(rf"the exploration pile holds only (?P<ids>{TOKEN_IDS})"))
def given_exploration_pile(scene: Scene, ids: str):
    """the exploration pile holds only E07 and E09: every token not named elsewhere is out of
    the game."""
    _section(scene, "exploration")["pile"] = parse_ids(ids)


@given("the exploration pile is empty")
def given_exploration_pile_empty(scene: Scene):
    """the exploration pile is empty: every token not named elsewhere is out of the game."""
    _section(scene, "exploration")["pile"] = []


@given(parsers.re(rf"player (?P<player>\d+) holds exploration tokens? (?P<ids>{TOKEN_IDS})"))
def given_exploration_held(scene: Scene, player: str, ids: str):
    """player P holds exploration tokens E08 and E09: points tokens taken earlier."""
    _section(scene, "exploration").setdefault("held", {})[int(player)] = parse_ids(ids)


@given(parsers.re(rf"player (?P<player>\d+) holds missions (?P<ids>{TOKEN_IDS})"))
def given_missions(scene: Scene, player: str, ids: str):
    """player P holds missions M04, M10 and M16: their kept missions (four while discarding).
    Players not named get missions from the end of the set (M20, M19, ...)."""
    _section(scene, "missions").setdefault("hands", {})[int(player)] = parse_ids(ids)


@given(parsers.re(r"player (?P<player>\d+) has discarded mission (?P<tid>M\d\d)"))
def given_discarded(scene: Scene, player: str, tid: str):
    """player P has discarded mission M07."""
    _section(scene, "missions").setdefault("discarded", {})[int(player)] = [tid]


@given("the players are discarding missions")
def given_discarding(scene: Scene):
    """the players are discarding missions: phase mission-discard (four missions each unless
    said otherwise)."""
    _variant_position(scene)["variant_phase"] = "mission-discard"


@given(parsers.parse("the UFO is on space {space:d}"))
def given_ufo_space(scene: Scene, space: int):
    """the UFO is on space N."""
    _section(scene, "ufo")["space"] = space


@given(parsers.re(r"the arrival token is (?P<tid>A\d\d)(?: \((?P<what>[a-z0-9 ,]+)\))?"))
def given_arrival(scene: Scene, tid: str, what: str | None):
    """the arrival token is A08 (extra face 3, 4 dice): this expedition's token; the bracket is
    checked against the token set."""
    _check_arrival_description(_token(scene, "arrivals", tid), what)
    _section(scene, "ufo")["arrival"] = tid


@given("the arrival ability has been used")
def given_ability_used(scene: Scene):
    """the arrival ability has been used (this expedition)."""
    _section(scene, "ufo")["ability_used"] = True


@given(parsers.re(rf"arrival tokens? (?P<ids>{TOKEN_IDS}) (?:was|were) used"))
def given_arrivals_used(scene: Scene, ids: str):
    """arrival tokens A01 and A02 were used: in earlier expeditions, in this order."""
    _section(scene, "ufo")["used"] = parse_ids(ids)


@given("every other arrival token has been used")
def given_all_used(scene: Scene):
    """every other arrival token has been used: the arrival pile is empty."""
    _section(scene, "ufo")["all_used"] = True


@given("the next expedition opens with an arrival token")
def given_arrival_phase(scene: Scene):
    """the next expedition opens with an arrival token: phase arrival, nobody aboard."""
    _variant_position(scene)["variant_phase"] = "arrival"


@given(parsers.re(r"the UFO tokens left are (?P<values>[\d, and]+)"))
def given_ufo_stack(scene: Scene, values: str):
    """the UFO tokens left are 4, 3, 2 and 1: the stack, top first."""
    _section(scene, "ufo")["stack"] = parse_values(values)


@given("no UFO token is left")
def given_ufo_stack_empty(scene: Scene):
    """no UFO token is left: the stack is empty."""
    _section(scene, "ufo")["stack"] = []


@given(parsers.re(r"player (?P<player>\d+) holds UFO tokens? (?P<values>[\d, and]+)"))
def given_ufo_held(scene: Scene, player: str, values: str):
    """player P holds UFO tokens 5 and 2."""
    _section(scene, "ufo").setdefault("held", {})[int(player)] = parse_values(values)


## When -------------------------------------------------------------------------------------


@when(parsers.re(r"a new game is set up for (?P<n>\d+) players(?: starting with player (?P<p>\d+))? "
                 r"with the (?P<names>[a-z, ]+?) variants?"))
def when_new_variant_game(scene: Scene, n: str, p: str | None, names: str):
    """a new game is set up for N players [starting with player P] with the <variants>
    variant(s): the board's token set, the rule options given so far."""
    board = scene.board or mlem.load_board("short")
    named = split_list(names)
    try:
        options = options_from_partial({**scene.position.get("options", {}), "variants": named})
    except RefereeError as exc:
        scene.error = exc
        return
    setup = mlem.Setup(players=int(n), board=board, start_player=int(p or 0), options=options,
                       tokens=load_tokens(board.id))
    scene.position.setdefault("options", {})["variants"] = options.variants
    scene.start(setup)


@when(parsers.re(rf"(?:exploration tokens?|missions?|arrival tokens?) (?P<ids>{TOKEN_IDS}) (?:is|are) drawn"))
def when_drawn(scene: Scene, ids: str):
    """exploration token E06 is drawn / missions M01 to M04 are drawn / arrival token A08 is
    drawn: chance draws, one after another (the pile is the one the phase names)."""
    for tid in parse_ids(ids):
        scene.play(Draw(tid))
        if scene.error:
            return


@when(parsers.parse("player {player:d} discards mission {tid}"))
def when_discard(scene: Scene, player: int, tid: str):
    """player P discards mission M02."""
    scene.play(Discard(player, tid))


@when(parsers.re(r"(?:the commander|player (?P<player>\d+)) rerolls"))
def when_reroll(scene: Scene, player: str | None):
    """the commander rerolls / player P rerolls: the reroll ability."""
    who = int(player) if player else mlem.current_actor(scene.current())
    scene.play(Reroll(who))


@when(parsers.re(r"(?:the commander|player (?P<player>\d+)) uses the extra face"
                 r"(?: together with the (?P<faces>.+))?"))
def when_extra_face(scene: Scene, player: str | None, faces: str | None):
    """the commander uses the extra face [together with the 2]: a move with the arrival token's
    face (with rolled dice too, which the action schema already forbids)."""
    who = int(player) if player else mlem.current_actor(scene.current())
    scene.play(mlem.Move(who, tuple(parse_faces(faces)) if faces else (), (), "extra-face"))


@when(parsers.re(r"(?:the commander|player (?P<player>\d+)) keeps the dice, picking (?P<faces>.+)"))
def when_keep_dice(scene: Scene, player: str | None, faces: str):
    """the commander keeps the dice, picking 3: a move with the keep-dice ability."""
    who = int(player) if player else mlem.current_actor(scene.current())
    scene.play(action_from_json({"type": "move", "player": who, "faces": parse_faces(faces),
                                 "die_one": [], "ability": "keep-dice"}))


## Then: exploration -------------------------------------------------------------------------


def _doc(scene: Scene) -> dict:
    return state_to_json(scene.settled())


@then(parsers.re(r"exploration token (?P<tid>E\d\d) is on space (?P<space>\d+)"))
def then_exploration_on(scene: Scene, tid: str, space: str):
    """exploration token E06 is on space 9: face up on the track."""
    spaces = {t["id"]: t["space"] for t in _doc(scene)["exploration"]["spaces"]}
    assert spaces.get(tid) == int(space), spaces
    scene.check("/state/exploration/spaces")


@then(parsers.parse("no exploration token is on space {space:d}"))
def then_no_exploration_on(scene: Scene, space: int):
    """no exploration token is on space N."""
    spaces = [(t["id"], t["space"]) for t in _doc(scene)["exploration"]["spaces"]]
    assert all(s != space for _, s in spaces), spaces
    scene.check("/state/exploration/spaces")


@then("no exploration token is on the track")
def then_no_exploration(scene: Scene):
    """no exploration token is on the track."""
    assert _doc(scene)["exploration"]["spaces"] == []
    scene.check("/state/exploration/spaces")


@then(parsers.parse("the exploration tokens on the track are {items}"))
def then_exploration_track(scene: Scene, items: str):
    """the exploration tokens on the track are E01 on space 2 and E10 on space 2: exactly
    these, in the order they were laid."""
    expected = [(m[1], int(m[2])) for m in re.finditer(r"(E\d\d) on space (\d+)", items)]
    assert expected, items
    actual = [(t["id"], t["space"]) for t in _doc(scene)["exploration"]["spaces"]]
    assert actual == expected, actual
    scene.check("/state/exploration/spaces")


@then(parsers.re(rf"exploration tokens? (?P<ids>{TOKEN_IDS}) (?:is|are) out of the game"))
def then_exploration_removed(scene: Scene, ids: str):
    """exploration token E20 is out of the game: among the used or set-aside tokens."""
    removed = _ids(_doc(scene)["exploration"]["removed"])
    assert set(parse_ids(ids)) <= set(removed), removed
    scene.check("/state/exploration/removed")


@then(parsers.re(r"the exploration pile holds (?P<n>\d+) tokens?"))
def then_exploration_pile(scene: Scene, n: str):
    """the exploration pile holds N tokens."""
    pile = _doc(scene)["exploration"]["pile"]
    assert len(pile) == int(n), len(pile)
    scene.check("/state/exploration/pile")


@then(parsers.re(r"(?P<n>\d+) replacement draws? (?:is|are) owed"))
def then_pending(scene: Scene, n: str):
    """N replacement draws are owed."""
    assert _doc(scene)["exploration"]["pending"] == int(n)
    scene.check("/state/exploration/pending")


@then(parsers.re(rf"player (?P<player>\d+) holds exploration tokens? (?P<ids>{TOKEN_IDS})"))
def then_exploration_held(scene: Scene, player: str, ids: str):
    """player P holds exploration tokens E03 and E09: exactly these, in the order taken."""
    held = _ids(_doc(scene)["exploration"]["held"][int(player)])
    assert held == parse_ids(ids), held
    scene.check(f"/state/exploration/held/{player}")


@then(parsers.parse("player {player:d} holds no exploration token"))
def then_exploration_held_none(scene: Scene, player: int):
    """player P holds no exploration token."""
    assert _doc(scene)["exploration"]["held"][player] == []
    scene.check(f"/state/exploration/held/{player}")


@then(parsers.re(rf"the exploration tokens took effect in the order (?P<ids>{TOKEN_IDS})"))
def then_trigger_order(scene: Scene, ids: str):
    """the exploration tokens took effect in the order E18, E13 and E09 (the vector checks that
    each took effect; the order is checked here)."""
    scene.settled()
    seen = [e["token"] for e in scene.events if e.type == "exploration-triggered"]
    assert seen == parse_ids(ids), seen
    for tid in seen:
        scene.check_event(type="exploration-triggered", token=tid)


@then(parsers.re(rf"the draws offered are (?P<ids>{TOKEN_IDS})"))
def then_draws(scene: Scene, ids: str):
    """the draws offered are E01 to E20: exactly one draw per token left in the pile."""
    state = scene.settled()
    assert mlem.current_actor(state) == mlem.CHANCE
    actual = [a.token for a in mlem.legal_actions(state)]
    assert actual == parse_ids(ids), actual
    scene.check_legal_actions()


## Then: missions -----------------------------------------------------------------------------


@then(parsers.re(rf"player (?P<player>\d+) holds missions (?P<ids>{TOKEN_IDS})"))
def then_missions(scene: Scene, player: str, ids: str):
    """player P holds missions M01, M03 and M04: exactly these."""
    hand = _ids(_doc(scene)["missions"]["hands"][int(player)])
    assert hand == sorted(parse_ids(ids)), hand
    scene.check(f"/state/missions/hands/{player}")


@then(parsers.parse("player {player:d} holds no missions"))
def then_no_missions(scene: Scene, player: int):
    """player P holds no missions."""
    assert _doc(scene)["missions"]["hands"][player] == []
    scene.check(f"/state/missions/hands/{player}")


@then(parsers.re(r"player (?P<player>\d+) has discarded mission (?P<tid>M\d\d)"))
def then_discarded(scene: Scene, player: str, tid: str):
    """player P has discarded mission M02."""
    assert _ids(_doc(scene)["missions"]["discarded"][int(player)]) == [tid]
    scene.check(f"/state/missions/discarded/{player}")


@then(parsers.re(r"the mission pile holds (?P<n>\d+) tokens?"))
def then_mission_pile(scene: Scene, n: str):
    """the mission pile holds N tokens."""
    pile = _doc(scene)["missions"]["pile"]
    assert len(pile) == int(n), len(pile)
    scene.check("/state/missions/pile")


@then(parsers.re(r"player (?P<player>\d+) may discard (?P<ids>M\d\d(?:(?:, | or )M\d\d)*)"))
def then_may_discard(scene: Scene, player: str, ids: str):
    """player P may discard M01, M02, M03 or M04: exactly these choices."""
    state = scene.settled()
    assert mlem.current_actor(state) == int(player)
    actual = [(a.player, a.token) for a in mlem.legal_actions(state)]
    assert actual == [(int(player), t) for t in parse_ids(ids.replace(" or ", " and "))], actual
    scene.check_legal_actions()


## Then: scores -------------------------------------------------------------------------------


@then(parsers.re(r"player (?P<player>\d+) scores (?P<points>-?\d+) points? for "
                 r"(?P<what>exploration|missions|UFO tokens)"))
def then_variant_score(scene: Scene, player: str, points: str, what: str):
    """player P scores N points for exploration | missions | UFO tokens (N may be negative)."""
    key = {"UFO tokens": "ufo"}.get(what, what)
    sheet = mlem.scores(scene.settled())[int(player)]
    assert getattr(sheet, key) == int(points), sheet
    scene.check(f"/scores/{player}/{key}")


## Then: UFO ----------------------------------------------------------------------------------


@then(parsers.parse("the UFO is on space {space:d}"))
def then_ufo_space(scene: Scene, space: int):
    """the UFO is on space N."""
    assert _doc(scene)["ufo"]["space"] == space
    scene.check("/state/ufo/space")


@then(parsers.re(r"the arrival token is (?P<tid>A\d\d)"))
def then_arrival(scene: Scene, tid: str):
    """the arrival token is A08: this expedition's token."""
    arrival = _doc(scene)["ufo"]["arrival"]
    assert arrival is not None and arrival["id"] == tid, arrival
    scene.check("/state/ufo/arrival")


@then("there is no arrival token")
def then_no_arrival(scene: Scene):
    """there is no arrival token (this expedition)."""
    assert _doc(scene)["ufo"]["arrival"] is None
    scene.check("/state/ufo/arrival")


@then(parsers.re(r"the arrival pile holds (?P<n>\d+) tokens?"))
def then_arrival_pile(scene: Scene, n: str):
    """the arrival pile holds N tokens."""
    pile = _doc(scene)["ufo"]["pile"]
    assert len(pile) == int(n), len(pile)
    scene.check("/state/ufo/pile")


@then(parsers.re(rf"the used arrival tokens are (?P<ids>{TOKEN_IDS})"))
def then_arrivals_used(scene: Scene, ids: str):
    """the used arrival tokens are A01 and A08: exactly these, in the order used."""
    used = _ids(_doc(scene)["ufo"]["used"])
    assert used == parse_ids(ids), used
    scene.check("/state/ufo/used")


@then(parsers.re(r"the arrival ability is (?P<used>used|unused)"))
def then_ability(scene: Scene, used: str):
    """the arrival ability is used | unused (this expedition)."""
    assert _doc(scene)["ufo"]["ability_used"] is (used == "used")
    scene.check("/state/ufo/ability_used")


@then(parsers.re(r"the UFO tokens left are (?P<values>[\d, and]+)"))
def then_ufo_stack(scene: Scene, values: str):
    """the UFO tokens left are 4, 3, 2 and 1: the stack, top first."""
    assert _doc(scene)["ufo"]["stack"] == parse_values(values)
    scene.check("/state/ufo/stack")


@then("no UFO token is left")
def then_ufo_stack_empty(scene: Scene):
    """no UFO token is left."""
    assert _doc(scene)["ufo"]["stack"] == []
    scene.check("/state/ufo/stack")


@then(parsers.re(r"player (?P<player>\d+) holds UFO tokens? (?P<values>[\d, and]+)"))
def then_ufo_held(scene: Scene, player: str, values: str):
    """player P holds UFO tokens 5 and 4: exactly these, in the order taken."""
    assert _doc(scene)["ufo"]["held"][int(player)] == parse_values(values)
    scene.check(f"/state/ufo/held/{player}")


@then(parsers.parse("player {player:d} holds no UFO token"))
def then_ufo_held_none(scene: Scene, player: int):
    """player P holds no UFO token."""
    assert _doc(scene)["ufo"]["held"][player] == []
    scene.check(f"/state/ufo/held/{player}")


## Then: events -------------------------------------------------------------------------------


def _event(scene: Scene, type_: str, **fields: Any) -> None:
    scene.settled()
    seen = [e for e in scene.events if e.type == type_]
    assert any(all(dict(e.data).get(k) == v for k, v in fields.items()) for e in seen), [e.data for e in seen]
    scene.check_event(type=type_, **fields)


@then(parsers.parse("the UFO moved from space {start:d} to space {end:d}"))
def then_ufo_moved(scene: Scene, start: int, end: int):
    """the UFO moved from space A to space B: a ufo-moved event."""
    _event(scene, "ufo-moved", **{"from": start}, to=end)


@then(parsers.parse("the UFO went home from space {start:d} to space {end:d}"))
def then_ufo_returned(scene: Scene, start: int, end: int):
    """the UFO went home from space A to space B: a ufo-returned event."""
    _event(scene, "ufo-returned", **{"from": start}, to=end)


@then(parsers.parse("the rocket tunnelled from space {start:d} to space {end:d}"))
def then_tunnelled(scene: Scene, start: int, end: int):
    """the rocket tunnelled from space A to space B: a tunnel event."""
    _event(scene, "tunnel", **{"from": start}, to=end)


@then(parsers.parse("the rocket met the UFO on space {space:d}"))
def then_met(scene: Scene, space: int):
    """the rocket met the UFO on space N: a ufo-encountered event."""
    _event(scene, "ufo-encountered", space=space)


@then(parsers.parse("player {player:d} took UFO token {value:d}"))
def then_took(scene: Scene, player: int, value: int):
    """player P took UFO token V: a ufo-token-taken event."""
    _event(scene, "ufo-token-taken", player=player, value=value)


@then(parsers.parse("player {player:d} used the {ability} ability"))
def then_used_ability(scene: Scene, player: int, ability: str):
    """player P used the reroll | keep-dice | extra-face ability: an ability-used event."""
    _event(scene, "ability-used", player=player, ability=ability)


@then(parsers.re(r"the (?P<first>[a-z-]+) event came before the (?P<second>[a-z-]+) event"))
def then_event_order(scene: Scene, first: str, second: str):
    """the ufo-encountered event came before the exploration-triggered event (the vector checks
    that both happened; the order is checked here)."""
    scene.settled()
    types = [e.type for e in scene.events]
    assert first in types and second in types, types
    assert types.index(first) < types.index(second), types
    scene.check_event(type=first)
    scene.check_event(type=second)


## Then: legal actions ------------------------------------------------------------------------


@then(parsers.re(r"the commander's only choice is to (?P<what>reroll|use the extra face)"))
def then_only_choice(scene: Scene, what: str):
    """the commander's only choice is to reroll | use the extra face."""
    state = scene.settled()
    actions = [action_to_json(a) for a in mlem.legal_actions(state)]
    player = mlem.current_actor(state)
    expected = ({"type": "reroll", "player": player} if what == "reroll" else
                {"type": "move", "player": player, "faces": [], "die_one": [], "ability": "extra-face"})
    assert actions == [expected], actions
    scene.check_legal_actions()


@then(parsers.re(r"the commander may (?P<what>reroll|use the extra face|keep the dice)"))
def then_may_use(scene: Scene, what: str):
    """the commander may reroll | use the extra face | keep the dice: among the legal actions."""
    state = scene.settled()
    ability = {"reroll": None, "use the extra face": "extra-face", "keep the dice": "keep-dice"}[what]
    found = [a for a in mlem.legal_actions(state)
             if (isinstance(a, Reroll) if ability is None else getattr(a, "ability", None) == ability)]
    assert found, [action_to_json(a) for a in mlem.legal_actions(state)]
    scene.check_legal_actions()


@then(parsers.re(r"the commander may not (?P<what>reroll|use the extra face|keep the dice)"))
def then_may_not_use(scene: Scene, what: str):
    """the commander may not reroll | use the extra face | keep the dice."""
    state = scene.settled()
    ability = {"reroll": None, "use the extra face": "extra-face", "keep the dice": "keep-dice"}[what]
    found = [a for a in mlem.legal_actions(state)
             if (isinstance(a, Reroll) if ability is None else getattr(a, "ability", None) == ability)]
    assert mlem.legal_actions(state) and not found, [action_to_json(a) for a in mlem.legal_actions(state)]
    scene.check_legal_actions()


## Then: the game's variants ------------------------------------------------------------------


@then(parsers.re(r"the variants played are (?P<names>[a-z, ]+)"))
def then_variants(scene: Scene, names: str):
    """the variants played are exploration and ufo: in the canonical order."""
    assert _doc(scene)["options"].get("variants") == split_list(names)
    scene.check("/state/options")


@then("no variant is played")
def then_no_variants(scene: Scene):
    """no variant is played: the options and the state have no variant part."""
    doc = _doc(scene)
    assert "variants" not in doc["options"], doc["options"]
    assert not {"exploration", "missions", "ufo"} & set(doc), sorted(doc)
    scene.check("/state/options")


## Then: observations -------------------------------------------------------------------------


def _observation(scene: Scene, player: int) -> dict:
    return observation_to_json(scene.settled(), player)


@then(parsers.parse("player {player:d} sees the whole state"))
def then_sees_all(scene: Scene, player: int):
    """player P sees the whole state: the observation is the state plus "observer"."""
    obs = _observation(scene, player)
    assert obs == _doc(scene) | {"observer": player}, obs
    scene.check(f"/observations/{player}")


@then(parsers.re(r"player (?P<p>\d+) sees player (?P<q>\d+)'s (?P<what>missions|discarded mission) "
                 r"as (?P<n>\d+) hidden"))
def then_sees_hidden_missions(scene: Scene, p: str, q: str, what: str, n: str):
    """player P sees player Q's missions | discarded mission as N hidden: only the count."""
    key = "hands" if what == "missions" else "discarded"
    assert _observation(scene, int(p))["missions"][key][int(q)] == {"hidden": int(n)}
    scene.check(f"/observations/{p}/missions/{key}/{q}")


@then(parsers.re(rf"player (?P<p>\d+) sees player (?P<q>\d+)'s missions (?P<ids>{TOKEN_IDS})"))
def then_sees_missions(scene: Scene, p: str, q: str, ids: str):
    """player P sees player Q's missions M01, M05 and M10 (revealed)."""
    hand = _observation(scene, int(p))["missions"]["hands"][int(q)]
    assert isinstance(hand, list) and _ids(hand) == sorted(parse_ids(ids)), hand
    scene.check(f"/observations/{p}/missions/hands/{q}")


@then(parsers.re(rf"player (?P<p>\d+) sees their own missions (?P<ids>{TOKEN_IDS})"))
def then_sees_own_missions(scene: Scene, p: str, ids: str):
    """player P sees their own missions M01, M05 and M10."""
    hand = _observation(scene, int(p))["missions"]["hands"][int(p)]
    assert isinstance(hand, list) and _ids(hand) == sorted(parse_ids(ids)), hand
    scene.check(f"/observations/{p}/missions/hands/{p}")


@then(parsers.re(r"player (?P<p>\d+) sees their own discarded mission (?P<tid>M\d\d)"))
def then_sees_own_discard(scene: Scene, p: str, tid: str):
    """player P sees their own discarded mission M07."""
    discarded = _observation(scene, int(p))["missions"]["discarded"][int(p)]
    assert isinstance(discarded, list) and _ids(discarded) == [tid], discarded
    scene.check(f"/observations/{p}/missions/discarded/{p}")


@then(parsers.re(r"player (?P<p>\d+) sees the (?P<which>exploration|mission|arrival) pile as (?P<n>\d+) hidden"))
def then_sees_pile(scene: Scene, p: str, which: str, n: str):
    """player P sees the exploration | mission | arrival pile as N hidden."""
    section = {"exploration": "exploration", "mission": "missions", "arrival": "ufo"}[which]
    assert _observation(scene, int(p))[section]["pile"] == {"hidden": int(n)}
    scene.check(f"/observations/{p}/{section}/pile")


@then(parsers.re(r"player (?P<p>\d+) sees exploration token (?P<tid>E\d\d) on space (?P<space>\d+)"))
def then_sees_exploration(scene: Scene, p: str, tid: str, space: str):
    """player P sees exploration token E02 on space 6 (face up on the track)."""
    spaces = {t["id"]: t["space"] for t in _observation(scene, int(p))["exploration"]["spaces"]}
    assert spaces.get(tid) == int(space), spaces
    scene.check(f"/observations/{p}/exploration/spaces")


@then(parsers.re(r"player (?P<p>\d+) sees the arrival token (?P<tid>A\d\d)"))
def then_sees_arrival(scene: Scene, p: str, tid: str):
    """player P sees the arrival token A08 (revealed this expedition)."""
    arrival = _observation(scene, int(p))["ufo"]["arrival"]
    assert arrival is not None and arrival["id"] == tid, arrival
    scene.check(f"/observations/{p}/ufo/arrival")


@then(parsers.re(r"observing as player (?P<p>\d+) is refused under (?P<clause>[a-z0-9.-]+)"))
def then_observe_refused(scene: Scene, p: str, clause: str):
    """observing as player P is refused under <clause>: P is not a player of the game."""
    state = scene.settled()
    try:
        observation_to_json(state, int(p))
    except IllegalAction as exc:
        assert exc.clause == clause, exc
    else:
        raise AssertionError(f"player {p} could observe")
    scene.unexportable("asserts a refused observation (a vector has no expectation for that)")


@then(parsers.re(r"the rule option (?P<name>[a-z_]+) is (?P<value>[a-z-]+)"))
def then_option(scene: Scene, name: str, value: str):
    """the rule option <name> is <value>: as the state's options say."""
    options = _doc(scene)["options"]
    assert options.get(name) == value, options
    scene.check(f"/state/options/{name}")


@then(parsers.re(r"there is no rule option (?P<name>[a-z_]+)"))
def then_no_option(scene: Scene, name: str):
    """there is no rule option <name>: the option is absent from the state's options."""
    options = _doc(scene)["options"]
    assert name not in options, options
    scene.check("/state/options")
