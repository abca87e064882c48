"""Modes and rule options [modes.*]: which mode a setup plays and its player limits."""

from __future__ import annotations

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


def check_modes(setup: Setup) -> None:
    """Raises IllegalAction when the mode, the options or the tile data refuse ``setup``
    (its player count is already within 3..8)."""
    n = setup.players
    if setup.mode not in MODES:
        raise IllegalAction("modes.variant",
                            f"unknown mode {setup.mode!r}; the modes are {', '.join(MODES)}")
    for name, values in OPTION_VALUES.items():
        if getattr(setup.options, name) not in values:
            raise IllegalAction("modes.variant", f"option {name} cannot be "
                                f"{getattr(setup.options, name)!r}; it is one of {values}")
    mode = play_mode(setup)
    if mode == "standard" and n == 3:
        raise IllegalAction("modes.three-player-standard",
                            "standard play needs at least 4 players (option "
                            "three_player_standard is 'refused')")
    low, high = PLAYER_LIMITS[mode]
    if not low <= n <= high:
        raise IllegalAction("modes.player-limits",
                            f"the {mode} mode is for {low} to {high} players, not {n}")
    if setup.options.cooperative and n > COOPERATIVE_MAX_PLAYERS:
        raise IllegalAction("modes.player-limits",
                            f"the cooperative mode is for at most {COOPERATIVE_MAX_PLAYERS} players")
    t = setup.tiles
    if t is None:
        raise IllegalAction("modes.tiles-in-play",
                            "the setup carries no tile data (interchange.load_tiles gives it)")
    dealt = n + t.centre
    if len(set(t.pool)) != len(t.pool) or len(t.pool) < dealt or any(
            not 0 <= v <= 7 for v in t.pool):
        raise IllegalAction("modes.tiles-in-play",
                            f"the tile data cannot deal {dealt} distinct tiles from {t.pool}")
    if t.knights_to_players and sum(1 for v in t.pool if v) < n:
        raise IllegalAction("modes.tiles-in-play", "not enough knight tiles for every player")
    if setup.options.cooperative and 0 in t.pool:
        raise IllegalAction("deal.cooperative", "the cooperative mode plays without the Witch")
