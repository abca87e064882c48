"""Command [command.*]: the captain's last question and the arrangement of the line."""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations

from ....errors import IllegalAction
from ..model import Arrange, State, in_play
from .modes import play_mode


def line_lengths(s: State) -> tuple[int, ...]:
    """How many tiles the line may hold: every tile in cooperative play
    [command.cooperative-all]; all but one in standard competitive play, or all with the
    Witch's place at the far right under the default ``witch_in_line`` far-right
    [command.standard-slots]; all but one or all (the optional last slot) in advanced and
    darkness competitive play [command.optional-slot]."""
    total = len(in_play(s.setup))
    if s.setup.options.cooperative:
        return (total,)
    if play_mode(s.setup) == "standard" and s.setup.options.witch_in_line == "left-out":
        return (total - 1,)
    return (total - 1, total)


def arrangements(s: State) -> tuple[Arrange, ...]:
    """Every line, shorter lines first, each length in lexicographic order of tile indices."""
    return _arrangements(s.captain, in_play(s.setup), line_lengths(s))


@lru_cache(maxsize=32)
def _arrangements(captain: int, tiles: tuple[int, ...], lengths: tuple[int, ...]) -> tuple[Arrange, ...]:
    return tuple(Arrange(captain, order) for k in lengths for order in permutations(tiles, k))


def check(s: State, a: Arrange) -> None:
    tiles = in_play(s.setup)
    total = len(tiles)
    if any(t not in tiles for t in a.order):
        raise IllegalAction("command.all-tiles", "the line holds only tiles in play")
    if len(set(a.order)) != len(a.order):
        raise IllegalAction("command.distinct", "each tile goes in the line at most once")
    lengths = line_lengths(s)
    if len(a.order) not in lengths:
        if s.setup.options.cooperative:
            raise IllegalAction("command.cooperative-all",
                                f"in cooperative play every tile is placed ({total} tiles)")
        if play_mode(s.setup) == "standard":
            raise IllegalAction("command.standard-slots",
                                f"the line holds exactly {total - 1} tiles: every knight, not the Witch"
                                if len(lengths) == 1 else
                                f"the line holds {total - 1} tiles, or {total} with the Witch last")
        raise IllegalAction("command.optional-slot",
                            f"the line holds {total - 1} or {total} tiles")
