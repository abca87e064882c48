"""Positions: a compact way to describe a Celestia state without writing all of it.

A position names only what matters; the rest takes its default, and the unseen cards are
whatever is left, so cards are always conserved:

.. code-block:: yaml

    players: 4                  # required
    first_captain: 0
    options: {jetpack_timing: in-window}
    journey: 2                  # default 1
    city: 4                     # the aircraft's city, by its number; default: the first in play
    captain: 1                  # default: first_captain
    aboard: [0, 1, 3]           # default: everyone
    hands: {1: [compass, turbo], 3: [ejection]}      # default: empty hands
    discard: [horn]             # default: empty
    deck: [cannon, cannon]      # default: every other card of the game's deck
    won: {0: [[1, "4"], [2, "6"]]}                   # [city, card] pairs; default: nothing
    piles: {25: ["25"]}         # default: the city's cards not won by anyone
    roll: [fog, blank]          # the dice showing
    phase: decide               # default: see below
    cursor: 3                   # default: the first player to act in that phase

Without ``phase``: a position with a roll is at the passengers' decisions (or, with no
passenger left, at the power window, or at the challenge when the game has no Power cards);
without a roll, at the lone captain's choice when one player is aboard and may land, else at
the roll. ``rerolls``, ``jetpacks``, ``first_to_target``, ``to_deal``, ``to_treasure`` (``[[player,
city], ...]``) and ``after_treasure`` may be given as in the state document. The result must
be a state that can occur in a game (``state_problems``), else :class:`InvalidState`.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ...errors import InvalidState, MalformedInput
from . import engine
from .interchange import load_deck, load_treasures, options_from_partial, state_problems
from .model import CARDS, FACES, TARGET, Setup, State, sort_cards, sort_faces, treasure_key
from .rules import end as _end
from .rules import journey as _journey
from .rules import power as _power


def state_from_position(doc: Any) -> State:
    if not isinstance(doc, dict):
        raise MalformedInput("a position is a mapping")
    known = {"players", "first_captain", "options", "journey", "city", "captain", "aboard", "hands",
             "discard", "deck", "won", "piles", "roll", "phase", "cursor", "passes", "rerolls",
             "jetpacks", "first_to_target", "to_deal", "to_treasure", "after_treasure", "ended"}
    for k in doc:
        if k not in known:
            raise MalformedInput(f"unknown position key {k!r}", path=f"$.{k}")
    n = doc.get("players")
    if not isinstance(n, int) or not 2 <= n <= 6:
        raise MalformedInput("players must be 2 to 6", path="$.players")
    options = options_from_partial(doc.get("options", {}))
    first = doc.get("first_captain", 0)
    setup = Setup(n, load_treasures(options), load_deck(), first, options)
    cities = setup.treasures.cities
    labels = {c.id: i for i, c in enumerate(cities)}
    points = dict(setup.treasures.points)
    key = treasure_key(points)

    def city(x, path):
        try:
            x = int(x)
        except (TypeError, ValueError):
            x = None
        if x not in labels:
            raise MalformedInput(f"no city {x!r} (cities: {', '.join(map(str, labels))})", path=path)
        return labels[x]

    def cards(x, path):
        if not isinstance(x, list) or any(c not in CARDS for c in x):
            raise MalformedInput(f"a list of action cards ({', '.join(CARDS)})", path=path)
        return sort_cards(x)

    hands_doc = doc.get("hands", {})
    if isinstance(hands_doc, list):
        hands_doc = dict(enumerate(hands_doc))
    hands = tuple(cards(hands_doc.get(p, []), f"$.hands.{p}") for p in range(n))
    discard = cards(doc.get("discard", []), "$.discard")
    full = Counter(engine.deck_cards(setup))
    used = Counter(discard)
    for h in hands:
        used += Counter(h)
    if "deck" in doc:
        deck = cards(doc["deck"], "$.deck")
    else:
        deck = sort_cards((full - used).elements())
    won_doc = doc.get("won", {})
    if isinstance(won_doc, list):
        won_doc = dict(enumerate(won_doc))
    won = []
    for p in range(n):
        items = []
        for j, x in enumerate(won_doc.get(p, [])):
            if isinstance(x, dict):
                c, card = x.get("city"), x.get("card")
            elif isinstance(x, (list, tuple)) and len(x) == 2:
                c, card = x
            else:
                raise MalformedInput("a won treasure is [city, card]", path=f"$.won.{p}[{j}]")
            card = str(card)
            if card not in points:
                raise MalformedInput(f"unknown treasure card {card!r}", path=f"$.won.{p}[{j}]")
            items.append((city(c, f"$.won.{p}[{j}]"), card))
        won.append(tuple(items))
    piles_doc = doc.get("piles", {})
    piles = []
    for i, c in enumerate(cities):
        if str(c.id) in {str(k) for k in piles_doc}:
            given = next(v for k, v in piles_doc.items() if str(k) == str(c.id))
            piles.append(tuple(sorted((str(x) for x in given), key=key)))
        else:
            taken = Counter(card for w in won for ci, card in w if ci == i)
            piles.append(tuple(sorted((Counter(c.treasures) - taken).elements(), key=key)))
    roll = doc.get("roll", [])
    if not isinstance(roll, list) or any(f not in FACES for f in roll):
        raise MalformedInput(f"roll lists die faces ({', '.join(FACES)})", path="$.roll")
    aboard = tuple(sorted(doc.get("aboard", range(n))))
    captain = doc.get("captain", first)
    probe = State(setup, "roll", doc.get("journey", 1), deck, discard, hands, tuple(piles),
                  tuple(won), aboard, captain, first, 0, sort_faces(roll))
    city_i = city(doc["city"], "$.city") if "city" in doc else (_journey.first_city(probe) or 0)
    probe = _replace(probe, city=city_i)
    phase = doc.get("phase")
    cursor = doc.get("cursor")
    if phase is None:
        if roll:
            first_passenger = _next_aboard(probe, captain, exclude_captain=True)
            if first_passenger is not None and probe.piles[city_i]:
                phase, default_cursor = "decide", first_passenger
            elif _power.in_game(probe):
                phase, default_cursor = "power", _first_eligible(probe)
            else:
                phase, default_cursor = "challenge", None
        elif len(aboard) == 1 and options.captain_leaving == "lone-before-roll" and probe.piles[city_i]:
            phase, default_cursor = "land-or-roll", None
        else:
            phase, default_cursor = "roll", None
        if cursor is None:
            cursor = default_cursor
    totals = [_end.total(probe, p) for p in range(n)]
    reached = [p for p in range(n) if totals[p] >= TARGET]
    first_to = doc.get("first_to_target",
                       max(reached, key=lambda p: (totals[p], -p)) if reached else None)
    to_treasure = tuple((p, city(c, "$.to_treasure")) for p, c in doc.get("to_treasure", []))
    state = _replace(
        probe, phase=phase, cursor=cursor, passes=doc.get("passes", 0),
        rerolls=doc.get("rerolls", 0), jetpacks=tuple(doc.get("jetpacks", ())),
        first_to_target=first_to, to_deal=tuple(doc.get("to_deal", ())),
        to_treasure=to_treasure, after_treasure=doc.get("after_treasure", ""),
        ended=doc.get("ended"),
    )
    problems = state_problems(state)
    if problems:
        raise InvalidState("turn.step", "the position cannot occur in a game: " + "; ".join(problems))
    return state


def _replace(s: State, **changes) -> State:
    from dataclasses import replace

    return replace(s, **changes)


def _next_aboard(s: State, after: int, *, exclude_captain: bool) -> int | None:
    n = s.players
    for i in range(1, n + 1):
        p = (after + i) % n
        if p in s.aboard and not (exclude_captain and p == s.captain):
            return p
    return None


def _first_eligible(s: State) -> int | None:
    who = _power.eligible(s)
    n = s.players
    for i in range(1, n + 1):
        p = (s.captain + i) % n
        if p in who:
            return p
    return None
