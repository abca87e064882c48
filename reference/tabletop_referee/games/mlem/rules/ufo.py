"""The UFO variant [ufo.*]: arrival tokens, their abilities, and meeting the UFO."""

from __future__ import annotations

from collections.abc import Iterator

from ....errors import IllegalAction
from ..model import UFO_LOWEST_SPACE, Action, ArrivalToken, Move, Options, Reroll, Space, State, Ufo
from .check import rule
from .order import sorted_actions
from .work import Work, arrival, on, replace, replace_at


def ability(ufo: Ufo | None) -> str | None:
    """The arrival token's ability still usable this expedition, or ``None`` [ufo.ability]."""
    if ufo is None or ufo.arrival is None or ufo.ability_used:
        return None
    return ufo.arrival.ability


def extra_face_usable(state: State, ability: str) -> bool:
    if ability != "extra-face":
        return False
    # only called with this expedition's ability, so the UFO variant is on and a token revealed
    return extra_face_fits(state.options, arrival(state.ufo).face, state.board.spaces[state.rocket.space])


def extra_face_fits(options: Options, face: str | None, here: Space) -> bool:
    """[ufo.extra-face]: allowed here (ufo_extra_face=allowed-only) or anywhere (any-space);
    an afterburner is worth the space's dots, so it needs a space that prints them. A token
    without a face (another ability) fits nowhere but with ufo_extra_face=any-space."""
    if face == "afterburner" and here.afterburner is None:
        return False
    return face in here.faces or options.ufo_extra_face == "any-space"  # the option last: impact sharing


def ability_actions(
    player: int, moves: tuple[Move, ...], ability: str, extra_face: bool
) -> tuple[Action, ...]:
    extra: list[Action]
    if ability == "keep-dice":
        extra = [Move(m.player, m.faces, m.die_one, "keep-dice", m.dice) for m in moves]
    elif ability == "reroll":
        extra = [Reroll(player)]
    else:
        extra = [Move(player, (), (), "extra-face")] if extra_face else []
    return sorted_actions([*moves, *extra])


@rule("ufo.ability")
def check_ufo_ability(state: State, a: Move | Reroll) -> Iterator[IllegalAction]:
    """The ability a move or a reroll uses is this expedition's arrival token's, unused yet."""
    wanted = "reroll" if isinstance(a, Reroll) else a.ability
    if wanted is None:
        return
    if state.ufo is None:
        yield IllegalAction("ufo.ability", f"the {wanted} ability exists only in the UFO variant")
        return
    arrival = state.ufo.arrival
    if arrival is None:
        yield IllegalAction("ufo.ability", "no arrival token was revealed this expedition")
    elif arrival.ability != wanted:
        yield IllegalAction(
            "ufo.ability",
            f"this expedition's arrival token {arrival.id} offers {arrival.ability}, not {wanted}",
        )
    elif state.ufo.ability_used:
        yield IllegalAction("ufo.ability", f"the {wanted} ability was already used this expedition")


@rule("ufo.extra-face")
def check_ufo_extra_face(state: State, a: Move) -> Iterator[IllegalAction]:
    """The token's face alone, on a space where it fits (ufo_extra_face_use=alone); or as one
    more die, on a space where it fits, whose group the move uses (with-dice)."""
    if a.ability != "extra-face" or state.ufo is None or state.ufo.arrival is None:
        return  # [ufo.ability] reports a move without the token
    face = state.ufo.arrival.face
    alone = state.options.ufo_extra_face_use == "alone"
    if alone and (a.faces or a.die_one):
        yield IllegalAction(
            "ufo.extra-face",
            "the extra face is used on its own: no rolled dice or Die-1 astronauts with it (ufo_extra_face_use=alone)",
        )
        return
    here = state.board.spaces[state.rocket.space]
    if not extra_face_fits(state.options, face, here):
        shown = ", ".join(here.faces) or "none"
        why = ("space {0} prints no afterburner dots" if face == "afterburner" and here.afterburner is None
               else "the extra face is not allowed on space {0}")
        yield IllegalAction("ufo.extra-face", f"{why.format(state.rocket.space)} (token face {face!r}; allowed: {shown})")
    elif not alone and face not in a.faces:
        yield IllegalAction(
            "ufo.extra-face",
            f"with ufo_extra_face_use=with-dice the token's face {face!r} is one more die:"
            f" the move must use the {face!r} group",
        )


MOVE_CHECKS = (check_ufo_ability, check_ufo_extra_face)
"""The checks of a move that uses the arrival token's ability, before those of travel."""
REROLL_CHECKS = (check_ufo_ability,)


def use_ability(w: Work, player: int, ability: str, clause: str) -> None:
    w.ufo = replace(on(w.ufo, "ufo"), ability_used=True)
    w.emit("ability-used", clause, player=player, ability=ability)


def reroll(w: Work, a: Reroll) -> None:
    # [ufo.reroll]: all available dice again; the new roll must be used.
    w.roll = None
    w.phase = "roll"
    use_ability(w, a.player, "reroll", "ufo.reroll")


def ufo_rescue(w: Work) -> bool:
    ability_ = ability(w.ufo)
    if ability_ == "reroll":
        return True
    if ability_ == "extra-face":
        return extra_face_fits(w.options, arrival(w.ufo).face, w.board.spaces[w.space])
    return False


def encounter(w: Work, start: int, target: int) -> None:
    """[ufo.encounter] [ufo.tokens] [ufo.after-encounter]"""
    u = on(w.ufo, "ufo")  # called only with the UFO variant on
    # ufo_encounter=pass: the rocket passes or stops on the UFO's space; exact: stops on it.
    # The option is looked at only when the two differ (the rocket went past the UFO): referee
    # disputes impact shares the games of both readings up to its first read.
    met = start < u.space <= target and (u.space == target or w.options.ufo_encounter != "exact")
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


def reveal_arrival(w: Work, token: ArrivalToken, pile: tuple[ArrivalToken, ...]) -> None:
    # [ufo.arrival] [ufo.movement]
    u = on(w.ufo, "ufo")
    space = max(UFO_LOWEST_SPACE, u.space - token.ufo_move)
    w.ufo = replace(u, pile=pile, arrival=token, ability_used=False, space=space)
    w.dice = token.dice
    w.emit("arrival-revealed", "ufo.arrival", token=token.id, ufo_move=token.ufo_move,
           dice=token.dice)
    if space != u.space:
        w.emit("ufo-moved", "ufo.movement", **{"from": u.space}, to=space)
    w.phase = "takeoff"
