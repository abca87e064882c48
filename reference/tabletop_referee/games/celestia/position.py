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
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from ...errors import InvalidState, MalformedInput
from . import engine
from .interchange import load_deck, load_treasures, options_from_partial, state_problems
from .model import CARDS, FACES, TARGET, Setup, State, sort_cards, sort_faces, treasure_key
from .rules import end as _end
from .rules import power as _power
from .rules.cards import in_game as _in_game
from .rules.work import first_city as _first_city
from .rules.work import full as _full

Doc = dict[str, Any]
"""A JSON document (a position; checked by the reader as it goes)."""
Cards = tuple[str, ...]


_KEYS = {"players", "first_captain", "options", "journey", "city", "captain", "aboard", "hands",
         "discard", "deck", "won", "piles", "roll", "phase", "cursor", "passes", "rerolls",
         "jetpacks", "first_to_target", "to_deal", "to_treasure", "after_treasure", "ended"}


def _setup(doc: Any) -> Setup:
    if not isinstance(doc, dict):
        raise MalformedInput("a position is a mapping")
    for k in doc:
        if k not in _KEYS:
            raise MalformedInput(f"unknown position key {k!r}", path=f"$.{k}")
    n = doc.get("players")
    if not isinstance(n, int) or not 2 <= n <= 6:
        raise MalformedInput("players must be 2 to 6", path="$.players")
    options = options_from_partial(doc.get("options", {}))
    return Setup(n, load_treasures(options), load_deck(), doc.get("first_captain", 0), options)


class _Reader:
    """Reads the parts of a position that name cities and cards of ``setup``."""

    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.labels = {c.id: i for i, c in enumerate(setup.treasures.cities)}
        self.points = dict(setup.treasures.points)
        self.key = treasure_key(self.points)

    def city(self, x: Any, path: str) -> int:
        try:
            x = int(x)
        except (TypeError, ValueError):
            x = None
        if x not in self.labels:
            raise MalformedInput(f"no city {x!r} (cities: {', '.join(map(str, self.labels))})",
                                 path=path)
        return self.labels[x]

    def by_seat(self, part: Any, path: str) -> dict[int, Any]:
        """A per-player mapping (or a list in seat order), keyed by seat: keys may be numbers
        or their decimal text (``{1: ...}`` in YAML, ``{"1": ...}`` in JSON)."""
        if isinstance(part, list):
            part = dict(enumerate(part))
        if not isinstance(part, dict):
            raise MalformedInput("a mapping from seat to value, or a list in seat order", path=path)
        out: dict[int, Any] = {}
        for k, v in part.items():
            seat = k if isinstance(k, int) and not isinstance(k, bool) else (
                int(k) if isinstance(k, str) and k.isdigit() else None)
            if seat is None or not 0 <= seat < self.setup.players:
                raise MalformedInput(f"no seat {k!r} (seats 0 to {self.setup.players - 1})", path=f"{path}.{k}")
            out[seat] = v
        return out

    def cards(self, x: Any, path: str) -> tuple[str, ...]:
        if not isinstance(x, list) or any(c not in CARDS for c in x):
            raise MalformedInput(f"a list of action cards ({', '.join(CARDS)})", path=path)
        return sort_cards(x)

    def action_cards(self, doc: Doc) -> tuple[tuple[Cards, ...], Cards, Cards]:
        """The hands, the discard pile and the deck (by default every card not elsewhere)."""
        hands_doc = self.by_seat(doc.get("hands", {}), "$.hands")
        hands = tuple(self.cards(hands_doc.get(p, []), f"$.hands.{p}")
                      for p in range(self.setup.players))
        discard = self.cards(doc.get("discard", []), "$.discard")
        used = Counter(discard)
        for h in hands:
            used += Counter(h)
        if "deck" in doc:
            return hands, discard, self.cards(doc["deck"], "$.deck")
        full = Counter(engine.deck_cards(self.setup))
        return hands, discard, sort_cards((full - used).elements())

    def won(self, doc: Doc) -> tuple[tuple[tuple[int, str], ...], ...]:
        won_doc = self.by_seat(doc.get("won", {}), "$.won")
        return tuple(tuple(self._won_item(x, f"$.won.{p}[{j}]")
                           for j, x in enumerate(won_doc.get(p, [])))
                     for p in range(self.setup.players))

    def _won_item(self, x: Any, path: str) -> tuple[int, str]:
        if isinstance(x, dict):
            c, card = x.get("city"), x.get("card")
        elif isinstance(x, (list, tuple)) and len(x) == 2:
            c, card = x
        else:
            raise MalformedInput("a won treasure is [city, card]", path=path)
        card = str(card)
        if card not in self.points:
            raise MalformedInput(f"unknown treasure card {card!r}", path=path)
        return self.city(c, path), card

    def piles(self, doc: Doc, won: tuple[tuple[tuple[int, str], ...], ...]) -> tuple[Cards, ...]:
        """The piles given, and the city's cards not won by anyone for the others."""
        piles_doc = doc.get("piles", {})
        if not isinstance(piles_doc, dict):
            raise MalformedInput("a mapping from city number to its cards", path="$.piles")
        for k in piles_doc:  # a city by its number: 25 in YAML, "25" in JSON
            self.city(k, f"$.piles.{k}")
        piles = []
        for i, c in enumerate(self.setup.treasures.cities):
            if str(c.id) in {str(k) for k in piles_doc}:
                key, given = next((k, v) for k, v in piles_doc.items() if str(k) == str(c.id))
                if not isinstance(given, list):
                    raise MalformedInput("a list of treasure cards", path=f"$.piles.{key}")
                unknown = [str(x) for x in given if str(x) not in self.points]
                if unknown:
                    raise MalformedInput(f"unknown treasure card {unknown[0]!r} (cards: {', '.join(self.points)})",
                                         path=f"$.piles.{key}")
                piles.append(tuple(sorted((str(x) for x in given), key=self.key)))
            else:
                taken = Counter(card for w in won for ci, card in w if ci == i)
                piles.append(tuple(sorted((Counter(c.treasures) - taken).elements(), key=self.key)))
        return tuple(piles)


def _default_phase(probe: State) -> tuple[str, int | None]:
    """The phase (and who decides) of a position that names none (see the module)."""
    if probe.roll:
        first_passenger = _next_aboard(probe, probe.captain, exclude_captain=True)
        if first_passenger is not None and probe.piles[probe.city]:
            return "decide", first_passenger
        if _in_game(_full(probe)):  # a position lists every card (nothing Hidden)
            return "power", _first_eligible(probe)
        return "challenge", None
    if (len(probe.aboard) == 1 and probe.setup.options.captain_leaving == "lone-before-roll"
            and probe.piles[probe.city]):
        return "land-or-roll", None
    return "roll", None


def _first_to_target(doc: Doc, probe: State) -> int | None:
    totals = [_end.total(_full(probe), p) for p in range(probe.players)]
    reached = [p for p in range(probe.players) if totals[p] >= TARGET]
    return doc.get("first_to_target",
                   max(reached, key=lambda p: (totals[p], -p)) if reached else None)


def state_from_position(doc: Mapping[str, Any], base: Path | None = None) -> State:
    """The state a position document describes (see the module); MalformedInput for a bad
    document, InvalidState for a state that cannot occur in a game. ``base`` (the folder of a
    question file) is not read: a Celestia position names no file."""
    doc = dict(doc)
    setup = _setup(doc)
    r = _Reader(setup)
    hands, discard, deck = r.action_cards(doc)
    won = r.won(doc)
    piles = r.piles(doc, won)
    roll = doc.get("roll", [])
    if not isinstance(roll, list) or any(f not in FACES for f in roll):
        raise MalformedInput(f"roll lists die faces ({', '.join(FACES)})", path="$.roll")
    first = setup.first_captain
    probe = State(setup, "roll", doc.get("journey", 1), deck, discard, hands, piles, won,
                  tuple(sorted(doc.get("aboard", range(setup.players)))),
                  doc.get("captain", first), first, 0, sort_faces(roll))
    city_i = r.city(doc["city"], "$.city") if "city" in doc else (_first_city(_full(probe)) or 0)
    probe = replace(probe, city=city_i)
    phase, cursor = doc.get("phase"), doc.get("cursor")
    if phase is None:
        phase, default_cursor = _default_phase(probe)
        cursor = default_cursor if cursor is None else cursor
    first_to = _first_to_target(doc, probe)
    to_treasure = tuple((p, r.city(c, "$.to_treasure")) for p, c in doc.get("to_treasure", []))
    state = replace(
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


def _next_aboard(s: State, after: int, *, exclude_captain: bool) -> int | None:
    n = s.players
    for i in range(1, n + 1):
        p = (after + i) % n
        if p in s.aboard and not (exclude_captain and p == s.captain):
            return p
    return None


def _first_eligible(s: State) -> int | None:
    who = _power.eligible(_full(s))
    n = s.players
    for i in range(1, n + 1):
        p = (s.captain + i) % n
        if p in who:
            return p
    return None
