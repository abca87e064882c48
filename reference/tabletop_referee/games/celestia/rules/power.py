"""Power cards and the power window [power.*].

The window opens once every passenger has decided and closes before the captain faces the
dice. It is modelled as rounds of play-or-pass in seat order, from the captain's left, that
end when every eligible player has passed in a row [power.window]. Every eligible player is
asked, even one holding no playable card, so that a pass reveals nothing about a hand. A game
whose deck holds no Power card (the fast game) has no window.
"""

from __future__ import annotations

from collections.abc import Iterator

from ....errors import IllegalAction
from ..model import GRAPPLING_HOOK, POWERS, Pass, Play, sort_faces
from . import equipment, treasure
from .cards import in_game, jetpack_city, jetpack_pile
from .work import Table, Work, resumes

_POWER_SET = frozenset(POWERS)
MAX_DICE = 4
"""No leg uses more than four dice [roll.dice-count]."""


def eligible(s: Table) -> list[int]:
    """Who may play in the window now [power.eligible], in seat order."""
    if s.setup.options.power_players == "aboard":
        return sorted(s.aboard)
    return list(range(len(s.hands)))


def open_window(w: Work) -> None:
    w.passes = 0
    if not in_game(w) or not eligible(w):
        equipment.begin(w)
        return
    w.cursor = w.captain
    advance(w)


@resumes("power")
def advance(w: Work) -> None:
    """The next eligible player after ``cursor`` is asked; the window closes when all passed."""
    who = eligible(w)
    if not who or w.passes >= len(who):
        w.cursor = None
        w.passes = 0
        equipment.begin(w)
        return
    assert w.cursor is not None  # the window starts at the captain and goes on from the last player
    p = w.left_of(w.cursor)
    while p not in who:
        p = w.left_of(p)
    w.cursor = p
    w.phase = "power"


def pass_(w: Work, a: Pass) -> None:
    w.passes += 1
    w.emit("pass", "power.window", player=a.player)
    advance(w)


def plays(s: Table, player: int) -> list[Play]:
    """Every Power card play open to ``player`` in the window, in canonical order."""
    out: list[Play] = []
    hand = s.hands[player]
    opts = s.setup.options
    for card in POWERS:
        if card not in hand:
            continue
        if card == "ejection":
            if player in s.aboard and s.piles[s.city]:
                out.extend(Play(player, card, target=t) for t in sorted(s.aboard)
                           if t != s.captain and t != player)
        elif card == "jetpack":
            if (opts.jetpack_timing == "in-window" and player in s.aboard
                    and player not in s.jetpacks and jetpack_pile(s)):
                out.append(Play(player, card))
        elif card == "alternative-route":
            if opts.alternative_route == "one-die":
                out.extend(Play(player, card, die=f) for f in dict.fromkeys(s.roll))
            elif s.roll:
                out.append(Play(player, card))
        elif card == "gust":
            if opts.gust != "extra-die" or len(s.roll) < MAX_DICE:
                out.append(Play(player, card))
        elif card == GRAPPLING_HOOK:
            out.append(Play(player, card))
    return out


def _refusal(s: Table, a: Play) -> str | None:
    """Why the Power card ``a`` plays (held by its player) may not be played in the window now,
    under its card's clause ``power.<card>``; ``None`` if it may."""
    if a in plays(s, a.player):
        return None
    opts = s.setup.options
    if a.target is not None and a.card != "ejection":
        return f"{a.card} names no player"
    if a.die is not None and a.card != "alternative-route":
        return f"{a.card} names no die"
    if a.card == "ejection":
        if a.player not in s.aboard:
            return "only the captain or a passenger still aboard may play Ejection"
        if not s.piles[s.city]:
            return f"the treasure of {s.setup.treasures.cities[s.city].id} has run out"
        return "Ejection must name another passenger still aboard, never the captain"
    if a.card == "jetpack":
        if opts.jetpack_timing != "in-window":
            return "the Jetpack is played only once the aircraft has crashed"
        if not jetpack_pile(s):
            return "the Jetpack's city has no treasure left"
        return "only a player still aboard, not yet protected, may play a Jetpack"
    if a.card == "alternative-route":
        if opts.alternative_route == "one-die":
            return "Alternative Route must name the face of one die now showing"
        return "Alternative Route re-rolls all the dice: it names no die"
    if a.card == "gust":
        return f"the Gust cannot add a die to {len(s.roll)} dice: no leg uses more than {MAX_DICE}"
    return f"{a.card} cannot be played like this"


def _window_refusal(s: Table, a: Play, card: str) -> Iterator[IllegalAction]:
    if s.phase == "power" and a.card == card and card in s.hands[a.player]:
        reason = _refusal(s, a)
        if reason is not None:
            yield IllegalAction(f"power.{card}", reason)


def check_power_window(s: Table, a: Play) -> Iterator[IllegalAction]:
    """[power.window] Only Power cards are played in the window."""
    if s.phase == "power" and a.card not in _POWER_SET:
        yield IllegalAction("power.window", f"{a.card} is not a Power card")


def check_power_ejection(s: Table, a: Play) -> Iterator[IllegalAction]:
    """[power.ejection] Played by someone aboard at a city with treasure, naming another
    passenger still aboard."""
    yield from _window_refusal(s, a, "ejection")


def check_power_jetpack(s: Table, a: Play) -> Iterator[IllegalAction]:
    """[power.jetpack] In the window (option ``jetpack_timing`` ``in-window``) by a player
    aboard, not yet protected; after a crash a plain Jetpack; either way its city has treasure."""
    if s.phase != "jetpack":
        yield from _window_refusal(s, a, "jetpack")
    elif a.card != "jetpack" or a.target is not None or a.die is not None:
        yield IllegalAction("power.jetpack", "after a crash only a Jetpack may be played")
    elif "jetpack" in s.hands[a.player] and not jetpack_pile(s):
        yield IllegalAction("power.jetpack", "the Jetpack's city has no treasure left")


def check_power_alternative_route(s: Table, a: Play) -> Iterator[IllegalAction]:
    """[power.alternative-route] Re-rolls all the dice, or one die it names (option
    ``alternative_route``)."""
    yield from _window_refusal(s, a, "alternative-route")


def check_power_gust(s: Table, a: Play) -> Iterator[IllegalAction]:
    """[power.gust] Names nothing; as an extra die, only below four dice."""
    yield from _window_refusal(s, a, "gust")


def check_power_grappling_hook(s: Table, a: Play) -> Iterator[IllegalAction]:
    """[power.grappling-hook] Names nothing."""
    yield from _window_refusal(s, a, GRAPPLING_HOOK)


def play(w: Work, a: Play) -> None:
    w.remove_card(a.player, a.card)
    w.discard.append(a.card)
    w.passes = 0
    w.cursor = a.player
    clause = f"power.{a.card}"
    data = {"player": a.player, "card": a.card}
    if a.target is not None:
        data["target"] = a.target
    if a.die is not None:
        data["die"] = a.die
    w.emit("play", clause, **data)
    if a.card == "ejection":
        target = a.target
        assert target is not None  # Ejection names its passenger [power.ejection]
        w.aboard.remove(target)
        if target in w.jetpacks:
            w.jetpacks.remove(target)
        w.emit("leave", clause, player=target, city=w.cities[w.city].id)
        treasure.owe(w, target, w.city, "power")
        treasure.settle(w)
    elif a.card == "jetpack":
        w.jetpacks.append(a.player)
        advance(w)
    elif a.card == "alternative-route":
        if a.die is not None:
            w.roll.remove(a.die)
            w.rerolls = 1
        else:
            w.rerolls = len(w.roll)
            w.roll = []
        w.phase = "reroll"
    elif a.card == "gust" and w.options.gust == "extra-die":
        w.rerolls = 1
        w.phase = "reroll"
    elif a.card == "gust" and w.options.gust == "pass-hazards":
        w.roll = []
        w.emit("hazards-cleared", clause)
        advance(w)
    else:  # an inert Gust or Grappling Hook: discarded with no effect
        advance(w)


def rerolled(w: Work, faces: tuple[str, ...]) -> None:
    """The dice a Power card set rolling land [power.alternative-route, power.gust]."""
    w.roll = list(sort_faces(w.roll + list(faces)))
    w.rerolls = 0
    w.emit("reroll", "roll.faces", faces=tuple(faces), roll=tuple(w.roll))
    advance(w)


