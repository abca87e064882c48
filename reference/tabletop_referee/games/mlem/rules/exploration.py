"""The exploration variant [exploration.*]: tokens on the board and their effects."""

from __future__ import annotations

from ..model import DICE_COUNT, TUNNEL_JUMP, ExplorationToken
from .ufo import encounter
from .work import Work, on, replace, replace_at


def explore(w: Work) -> None:
    """[exploration.trigger]: tokens on the space where a movement ended take effect, in
    placement order; tunnels jump once all tokens of the space are resolved, and chain."""
    while True:
        # called only with the exploration variant on
        here = [t for t in on(w.exploration, "exploration").spaces if t.space == w.space]
        if not here:
            return
        jumps = _trigger(w, here)
        if not jumps:
            return
        start = w.space
        end = w.board.end
        target = start + TUNNEL_JUMP * jumps
        if target > end:
            if w.options.tunnel_past_end == "no-move":
                w.emit("tunnel-blocked", "exploration.tunnel-past-end", **{"from": start})
                return
            w.space = end
            w.emit("tunnel", "exploration.tunnel-past-end", **{"from": start}, to=end)
        else:
            w.space = target
            w.emit("tunnel", "exploration.tunnel", **{"from": start}, to=target)
        if w.ufo is not None:
            encounter(w, start, w.space)


def _trigger(w: Work, here: list[ExplorationToken]) -> int:
    """The tokens ``here`` take effect, in placement order; returns how many are tunnels."""
    ex = on(w.exploration, "exploration")
    commander = w.seats[0].player
    jumps = 0
    spaces = tuple(t for t in ex.spaces if t.space != w.space)
    held = ex.held
    removed = ex.removed
    for t in here:
        w.emit("exploration-triggered", "exploration.trigger", player=commander, token=t.id,
               space=w.space, effect=t.effect)
        if t.effect == "points":
            held = replace_at(held, commander, held[commander] + (t,))
            w.emit("exploration-points", "exploration.points", player=commander, token=t.id,
                   points=t.points)
            continue
        removed = removed + (t,)
        if t.effect == "dice-reuse":
            _reuse_die(w, commander)
        else:
            jumps += 1
    w.exploration = replace(ex, spaces=spaces, held=held, removed=removed,
                            pending=ex.pending + len(here))
    return jumps


def _reuse_die(w: Work, commander: int) -> None:
    # [exploration.dice-reuse]
    cap = DICE_COUNT
    if w.options.dice_reuse_cap == "expedition" and w.ufo is not None and w.ufo.arrival:
        cap = w.ufo.arrival.dice
    if w.dice < cap:
        w.dice += 1
        w.emit("die-reused", "exploration.dice-reuse", player=commander, dice=w.dice)
    else:
        w.emit("dice-reuse-wasted", "exploration.dice-reuse", player=commander, dice=w.dice)


def place_exploration(w: Work, token: ExplorationToken, clause: str) -> bool:
    """Places a revealed token on its space; returns False when it was set aside instead."""
    ex = on(w.exploration, "exploration")
    # the option is looked at only on a collision (referee disputes impact shares games up to it)
    if any(t.space == token.space for t in ex.spaces) and w.options.exploration_collision == "set-aside":
        w.exploration = replace(ex, removed=ex.removed + (token,))
        w.emit("token-set-aside", "exploration.collision", token=token.id, space=token.space)
        return False
    w.exploration = replace(ex, spaces=ex.spaces + (token,))
    w.emit("token-revealed", clause, token=token.id, space=token.space)
    return True
