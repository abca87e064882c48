"""The UFO variant [ufo.*]: arrival tokens, their abilities, and meeting the UFO."""

from __future__ import annotations

from ....errors import IllegalAction
from ..model import UFO_LOWEST_SPACE, Action, Move, Reroll, State, Ufo
from .order import sorted_actions
from .work import Work, replace, replace_at


def ability(ufo: Ufo | None):
    """The arrival token's ability still usable this expedition, or ``None`` [ufo.ability]."""
    if ufo is None or ufo.arrival is None or ufo.ability_used:
        return None
    return ufo.arrival.ability


def extra_face_usable(state: State, ability: str) -> bool:
    if ability != "extra-face":
        return False
    return extra_face_fits(state.options, state.ufo.arrival.face, state.board.spaces[state.rocket.space])


def extra_face_fits(options, face: str, here) -> bool:
    """[ufo.extra-face]: allowed here (ufo_extra_face=allowed-only) or anywhere (any-space);
    an afterburner is worth the space's dots, so it needs a space that prints them."""
    if face == "afterburner" and here.afterburner is None:
        return False
    return options.ufo_extra_face == "any-space" or face in here.faces


def ability_actions(player: int, moves: tuple[Action, ...], ability: str, extra_face: bool):
    if ability == "keep-dice":
        extra = [Move(m.player, m.faces, m.die_one, "keep-dice", m.dice) for m in moves]
    elif ability == "reroll":
        extra = [Reroll(player)]
    else:
        extra = [Move(player, (), (), "extra-face")] if extra_face else []
    return sorted_actions([*moves, *extra])


def check_ability(w: Work, ability: str) -> None:
    """[ufo.ability]: the arrival token's ability, once per expedition, by the commander."""
    if w.ufo is None:
        raise IllegalAction("ufo.ability", f"the {ability} ability exists only in the UFO variant")
    arrival = w.ufo.arrival
    if arrival is None:
        raise IllegalAction("ufo.ability", "no arrival token was revealed this expedition")
    if arrival.ability != ability:
        raise IllegalAction(
            "ufo.ability",
            f"this expedition's arrival token {arrival.id} offers {arrival.ability}, not {ability}",
        )
    if w.ufo.ability_used:
        raise IllegalAction("ufo.ability", f"the {ability} ability was already used this expedition")


def use_ability(w: Work, player: int, ability: str, clause: str) -> None:
    w.ufo = replace(w.ufo, ability_used=True)
    w.emit("ability-used", clause, player=player, ability=ability)


def check_extra_face_fits(w: Work, face: str, here) -> None:
    if not extra_face_fits(w.options, face, here):
        allowed = ", ".join(here.faces) or "none"
        why = ("space {0} prints no afterburner dots" if face == "afterburner" and here.afterburner is None
               else "the extra face is not allowed on space {0}")
        raise IllegalAction("ufo.extra-face", f"{why.format(w.space)} (token face {face!r}; allowed: {allowed})")


def reroll(w: Work, a: Reroll) -> None:
    # [ufo.reroll]: all available dice again; the new roll must be used.
    check_ability(w, "reroll")
    w.roll = None
    w.phase = "roll"
    use_ability(w, a.player, "reroll", "ufo.reroll")


def ufo_rescue(w: Work) -> bool:
    ability_ = ability(w.ufo)
    if ability_ == "reroll":
        return True
    if ability_ == "extra-face":
        return extra_face_fits(w.options, w.ufo.arrival.face, w.board.spaces[w.space])
    return False


def encounter(w: Work, start: int, target: int) -> None:
    """[ufo.encounter] [ufo.tokens] [ufo.after-encounter]"""
    u = w.ufo
    if w.options.ufo_encounter == "exact":
        met = target == u.space and target != start
    else:
        met = start < u.space <= target
    if not met or not w.seats:
        return
    w.emit("ufo-encountered", "ufo.encounter", space=u.space, player=w.seats[0].player)
    takers = [w.seats[0].player] if w.options.ufo_token_taker == "commander" else [s.player for s in w.seats]
    stack, held = u.stack, u.held
    for p in takers:
        if not stack:
            break
        held = replace_at(held, p, held[p] + (stack[0],))
        w.emit("ufo-token-taken", "ufo.tokens", player=p, value=stack[0])
        stack = stack[1:]
    space = u.space
    if w.options.ufo_after_encounter == "return" and space != u.home:
        w.emit("ufo-returned", "ufo.after-encounter", **{"from": space}, to=u.home)
        space = u.home
    w.ufo = replace(u, stack=stack, held=held, space=space)


def reveal_arrival(w: Work, token, pile) -> None:
    # [ufo.arrival] [ufo.movement]
    u = w.ufo
    space = max(UFO_LOWEST_SPACE, u.space - token.ufo_move)
    w.ufo = replace(u, pile=pile, arrival=token, ability_used=False, space=space)
    w.dice = token.dice
    w.emit("arrival-revealed", "ufo.arrival", token=token.id, ufo_move=token.ufo_move,
           dice=token.dice)
    if space != u.space:
        w.emit("ufo-moved", "ufo.movement", **{"from": u.space}, to=space)
    w.phase = "takeoff"
