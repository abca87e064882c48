"""Shared support for the Celestia step vocabulary: the Scene and the phrases.

Everything here talks to the engine through the game's public object ``GAME`` (the interface of
``tabletop_referee.games.interface``) and its JSON interchange; nothing decides a rule.

Grammar of the small phrases used in steps:
  players    Alice, Bob, Carol, Dave, Eve and Fay sit in seats 0 to 5, clockwise
  names      "Alice, Bob and Carol"
  cards      "2 cannons and a compass", "a lightning arrester", "nothing" (action cards; Power
             cards by their names: "an ejection", "2 alternative routes", "a grappling hook")
  faces      "pirates and fog", "2 blanks", "bird, lightning and a blank" (die faces)
  cities     "city 4": the city whose printed number (its lowest treasure value) is 4
  treasures  "1, 1, 2 and telescope" (pile contents), "a 25 at city 25 and a telescope at
             city 1" (treasures won)
"""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from functools import lru_cache
from typing import Any, ClassVar

import pytest

from tabletop_referee.games.celestia import GAME
from tests.bdd_steps import GameScene, seat, seats, split_list  # noqa: F401

GAME_ID = "celestia"

# -- phrase parsing ---------------------------------------------------------------------------

NAME = r"(?:Alice|Bob|Carol|Dave|Eve|Fay)"
"""A player named by seat (bdd_steps.NAMES); Celestia's phrases do not use ``player N``."""


CARD_WORDS = {
    "compass": "compass", "lightning arrester": "lightning-arrester", "horn": "horn",
    "cannon": "cannon", "turbo": "turbo", "alternative route": "alternative-route",
    "ejection": "ejection", "gust": "gust", "jetpack": "jetpack",
    "grappling hook": "grappling-hook",
}
"""The action cards by the words the features use for them (the engine's card ids)."""
PLURALS = {"compasses": "compass"}


def card_id(word: str) -> str:
    word = word.strip()
    word = PLURALS.get(word, word)
    if word not in CARD_WORDS and word.endswith("s") and word[:-1] in CARD_WORDS:
        word = word[:-1]
    if word not in CARD_WORDS:
        raise ValueError(f"unknown card {word!r} (cards: {', '.join(CARD_WORDS)})")
    return CARD_WORDS[word]


def _counted(item: str) -> tuple[int, str]:
    m = re.fullmatch(r"(?:(?P<n>\d+)|an?)\s+(?P<what>.+)", item.strip())
    if not m:
        return 1, item.strip()
    return int(m["n"] or 1), m["what"]


def parse_cards(text: str) -> list[str]:
    """'2 cannons and a compass' -> ['cannon', 'cannon', 'compass']; 'nothing' -> []."""
    if text.strip() in ("nothing", "no card", "no cards"):
        return []
    out: list[str] = []
    for item in split_list(text):
        n, what = _counted(item)
        out += [card_id(what)] * n
    return out


FACE_WORDS = {"fog": "fog", "fogs": "fog", "lightning": "lightning", "bird": "bird",
              "birds": "bird", "pirates": "pirates", "blank": "blank", "blanks": "blank"}


def parse_faces(text: str) -> list[str]:
    """'pirates, fog and a blank' -> ['pirates', 'fog', 'blank']; '2 blanks' -> two blanks."""
    out: list[str] = []
    for item in split_list(text):
        n, what = _counted(item)
        if what not in FACE_WORDS:
            raise ValueError(f"unknown die face {what!r}")
        out += [FACE_WORDS[what]] * n
    return out


def parse_pile(text: str) -> list[str]:
    """'1, 1, 2 and telescope' -> ['1', '1', '2', 'telescope'] (treasure card names)."""
    return [t for t in split_list(text)]


WON = re.compile(r"an? (?P<card>\S+) at city (?P<city>\d+)")


def parse_won(text: str) -> list[tuple[int, str]]:
    """'a 25 at city 25 and a telescope at city 1' -> [(25, '25'), (1, 'telescope')]."""
    found = [(int(m["city"]), m["card"]) for m in WON.finditer(text)]
    if not found:
        raise ValueError(f"no treasures in {text!r} (write: a 9 at city 4)")
    return found


def fraction(text: str):
    from fractions import Fraction

    return Fraction(text)


@lru_cache(maxsize=None)
def city_labels() -> dict[int, str]:
    """Printed number (the city's lowest treasure value) -> how the interchange names the city
    (its id), read from the shipped setup data."""
    setup = GAME.setup_from_json({"players": 4})
    return {c.minimum: getattr(c, "id", c.label) for c in setup.treasures.cities}


def city_label(number: int | str) -> str:
    return city_labels()[int(number)]


def city_index(number: int | str) -> int:
    return list(city_labels()).index(int(number))


# -- the scene ----------------------------------------------------------------------------


@dataclasses.dataclass
class Scene(GameScene):
    """What a scenario has built so far (tests/bdd_steps.py's GameScene): a position in words
    (turned into a state by the engine's position module at the first When or Then), or a new
    game; then the actions played."""

    game: ClassVar[Any] = GAME
    over_pointers: ClassVar[tuple[str, ...]] = ("/state/phase", "/state/ended")

    position: dict[str, Any] = dataclasses.field(default_factory=dict)

    # -- building ----------------------------------------------------------------------

    def options(self) -> dict[str, Any]:
        return self.position.setdefault("options", {})

    def build(self):
        assert "players" in self.position, "no game: start with 'Given a N-player game'"
        self._place_the_rest()
        return GAME.positions.position_to_state(self.position)

    def rest_won_by(self, number: int, players: list[int]) -> None:
        """The cards of city ``number`` missing from its given pile were won earlier by these
        players, dealt out one each in turn (cards are conserved: see _place_the_rest)."""
        self.position.setdefault("_rest", []).append(("pile", number, players))

    def rest_held_by(self, player: int) -> None:
        """Every action card not in the draw pile, the discard pile or another hand is in this
        player's hand."""
        self.position.setdefault("_rest", []).append(("deck", player))

    def _place_the_rest(self) -> None:
        """Puts the cards the Given steps left out where they said: the full piles and deck are
        read from the engine's own position for the same players and options."""
        pending = self.position.pop("_rest", [])
        if not pending:
            return
        full = GAME.state_to_json(GAME.positions.position_to_state(
            {"players": self.position["players"], "options": self.position.get("options", {})}))
        won = self.position.setdefault("won", {})
        for item in pending:
            if item[0] == "pile":
                _, number, players = item
                city = city_label(number)
                left = Counter(str(c) for c in self.position.get("piles", {}).get(city, []))
                taken = Counter(card for w in won.values() for c, card in w if c == city)
                rest = list((Counter(full["piles"][city_index(number)]) - left - taken).elements())
                for i, card in enumerate(rest):
                    won.setdefault(players[i % len(players)], []).append([city, card])
            else:
                _, player = item
                hands = self.position.setdefault("hands", {})
                used = Counter(self.position.get("discard", [])) + Counter(self.position.get("deck", []))
                for h in hands.values():
                    used += Counter(h)
                hands[player] = list(hands.get(player, [])) + list((Counter(full["deck"]) - used).elements())

    def start(self, players: int, first_captain: int) -> None:
        """A new game of ``players`` with that first captain and the options given."""
        super().new_game({"players": players, "first_captain": first_captain, "options": dict(self.options())})


@pytest.fixture
def scene() -> Scene:
    return Scene()
