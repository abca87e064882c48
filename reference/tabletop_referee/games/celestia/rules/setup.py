"""Setup [setup.*]: the player count, the first captain and the hands the deck must fill.

Setup checks take ``(None, setup)``: there is no state yet, the setup is what is refused."""

from __future__ import annotations

from collections.abc import Iterator

from ....errors import IllegalAction
from ..model import Setup
from .deck import deck_cards

MIN_PLAYERS, MAX_PLAYERS = 2, 6


def check_setup_players(_: None, setup: Setup) -> Iterator[IllegalAction]:
    """[setup.players] 2 to 6 players."""
    n = setup.players
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        yield IllegalAction("setup.players", f"Celestia is for 2 to 6 players, not {n}")


def check_setup_first_captain(_: None, setup: Setup) -> Iterator[IllegalAction]:
    """[setup.first-captain] The first captain is one of the players."""
    n = setup.players
    if not 0 <= setup.first_captain < n:
        yield IllegalAction("setup.first-captain",
                            f"the first captain must be a player 0-{n - 1}, not {setup.first_captain}")


def check_setup_hand_size(_: None, setup: Setup) -> Iterator[IllegalAction]:
    """[setup.hand-size] The deck holds every starting hand."""
    n = setup.players
    size = setup.deck.hand_size(n)
    cards = deck_cards(setup)
    if size * n > len(cards):
        yield IllegalAction("setup.hand-size", f"{n} hands of {size} need more than {len(cards)} cards")
