"""Power cards and the power window [power.*].

The window opens once every passenger has decided and closes before the captain faces the
dice. It is modelled as rounds of play-or-pass in seat order, from the captain's left, that
end when every eligible player has passed in a row [power.window]. Every eligible player is
asked, even one holding no playable card, so that a pass reveals nothing about a hand. A game
whose deck holds no Power card (the fast game) has no window.
"""

from __future__ import annotations

from ....errors import IllegalAction
from ..model import GRAPPLING_HOOK, POWERS, Pass, Play
from . import equipment, treasure
from .cards import in_game, jetpack_city, jetpack_pile
from .work import Work, resumes

_POWER_SET = frozenset(POWERS)
MAX_DICE = 4
"""No leg uses more than four dice [roll.dice-count]."""


def eligible(s) -> list[int]:
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
    p = w.left_of(w.cursor)
    while p not in who:
        p = w.left_of(p)
    w.cursor = p
    w.phase = "power"


def pass_(w: Work, a: Pass) -> None:
    w.passes += 1
    w.emit("pass", "power.window", player=a.player)
    advance(w)


def plays(s, player: int) -> list[Play]:
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


def why_not(s, a: Play) -> tuple[str, str] | None:
    """Why ``a`` may not be played in the window now, as (clause, reason); ``None`` if it may."""
    if a.card not in _POWER_SET:
        return "power.window", f"{a.card} is not a Power card"
    if a.card not in s.hands[a.player]:
        return "turn.step", f"player {a.player} holds no {a.card} card"
    if a in plays(s, a.player):
        return None
    opts = s.setup.options
    clause = f"power.{a.card}"
    if a.target is not None and a.card != "ejection":
        return clause, f"{a.card} names no player"
    if a.die is not None and a.card != "alternative-route":
        return clause, f"{a.card} names no die"
    if a.card == "ejection":
        if a.player not in s.aboard:
            return clause, "only the captain or a passenger still aboard may play Ejection"
        if not s.piles[s.city]:
            return clause, f"the treasure of {s.setup.treasures.cities[s.city].id} has run out"
        return clause, "Ejection must name another passenger still aboard, never the captain"
    if a.card == "jetpack":
        if opts.jetpack_timing != "in-window":
            return clause, "the Jetpack is played only once the aircraft has crashed"
        if not jetpack_pile(s):
            return clause, "the Jetpack's city has no treasure left"
        return clause, "only a player still aboard, not yet protected, may play a Jetpack"
    if a.card == "alternative-route":
        if opts.alternative_route == "one-die":
            return clause, "Alternative Route must name the face of one die now showing"
        return clause, "Alternative Route re-rolls all the dice: it names no die"
    if a.card == "gust":
        return clause, f"the Gust cannot add a die to {len(s.roll)} dice: no leg uses more than {MAX_DICE}"
    return clause, f"{a.card} cannot be played like this"


def play(w: Work, a: Play) -> None:
    problem = why_not(w, a)
    if problem:
        raise IllegalAction(*problem)
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
        w.aboard.remove(a.target)
        if a.target in w.jetpacks:
            w.jetpacks.remove(a.target)
        w.emit("leave", clause, player=a.target, city=w.cities[w.city].id)
        treasure.owe(w, a.target, w.city, "power")
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
    from ..model import sort_faces

    w.roll = list(sort_faces(w.roll + list(faces)))
    w.rerolls = 0
    w.emit("reroll", "roll.faces", faces=tuple(faces), roll=tuple(w.roll))
    advance(w)


