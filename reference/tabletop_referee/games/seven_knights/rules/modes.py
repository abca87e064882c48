"""Modes and rule options [modes.*]: which mode a setup plays and its player limits."""

from __future__ import annotations

from collections.abc import Iterator

from ....errors import IllegalAction
from ..model import MODES, OPTION_VALUES, Setup

PLAYER_LIMITS: dict[str, tuple[int, int]] = {
    "standard": (4, 8),
    "advanced": (4, 7),
    "darkness": (3, 4),
}
"""Player counts each mode allows [modes.player-limits]; standard with 3 players is
[modes.three-player-standard]."""

COOPERATIVE_MAX_PLAYERS = 7
"""The cooperative mode is not played with 8 players [modes.cooperative]."""


def play_mode(setup: Setup) -> str:
    """The mode actually played: standard with 3 players becomes darkness when the option says
    so [modes.three-player-standard]."""
    if (setup.mode == "standard" and setup.players == 3
            and setup.options.three_player_standard == "darkness"):
        return "darkness"
    return setup.mode


# -- rule checks (setup checks: no state yet, the setup is what is refused) -----------------


def check_modes_variant(_: None, setup: Setup) -> Iterator[IllegalAction]:
    """[modes.variant] The mode is one of the three and every option has one of its values."""
    if setup.mode not in MODES:
        yield IllegalAction("modes.variant",
                            f"unknown mode {setup.mode!r}; the modes are {', '.join(MODES)}")
        return
    for name, values in OPTION_VALUES.items():
        if getattr(setup.options, name) not in values:
            yield IllegalAction("modes.variant", f"option {name} cannot be "
                                f"{getattr(setup.options, name)!r}; it is one of {values}")
            return


def check_modes_three_player_standard(_: None, setup: Setup) -> Iterator[IllegalAction]:
    """[modes.three-player-standard] Standard play with 3 players is refused under the option
    ``three_player_standard`` ``refused`` (played as darkness otherwise)."""
    if play_mode(setup) == "standard" and setup.players == 3:
        yield IllegalAction("modes.three-player-standard",
                            "standard play needs at least 4 players (option "
                            "three_player_standard is 'refused')")


def check_modes_player_limits(_: None, setup: Setup) -> Iterator[IllegalAction]:
    """[modes.player-limits] The mode's player counts; cooperative play with at most 7."""
    n = setup.players
    mode = play_mode(setup)
    if mode == "standard" and n == 3:
        return  # refused by modes.three-player-standard
    low, high = PLAYER_LIMITS[mode]
    if not low <= n <= high:
        yield IllegalAction("modes.player-limits",
                            f"the {mode} mode is for {low} to {high} players, not {n}")
    elif setup.options.cooperative and n > COOPERATIVE_MAX_PLAYERS:
        yield IllegalAction("modes.player-limits",
                            f"the cooperative mode is for at most {COOPERATIVE_MAX_PLAYERS} players")


def check_modes_tiles_in_play(_: None, setup: Setup) -> Iterator[IllegalAction]:
    """[modes.tiles-in-play] The setup carries tile data that can deal every tile in play."""
    n = setup.players
    t = setup.tiles
    if t is None:
        yield IllegalAction("modes.tiles-in-play",
                            "the setup carries no tile data (interchange.load_tiles gives it)")
        return
    dealt = n + t.centre
    if len(set(t.pool)) != len(t.pool) or len(t.pool) < dealt or any(
            not 0 <= v <= 7 for v in t.pool):
        yield IllegalAction("modes.tiles-in-play",
                            f"the tile data cannot deal {dealt} distinct tiles from {t.pool}")
    elif t.knights_to_players and sum(1 for v in t.pool if v) < n:
        yield IllegalAction("modes.tiles-in-play", "not enough knight tiles for every player")
