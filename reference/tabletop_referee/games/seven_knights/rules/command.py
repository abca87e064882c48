"""Command [command.*]: the captain's last question and the arrangement of the line."""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations

from collections.abc import Iterator

from ....errors import IllegalAction
from ..model import Arrange, Skip, State, in_play
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


def check_command_all_tiles(s: State, a: Arrange) -> Iterator[IllegalAction]:
    """[command.all-tiles] The line holds only tiles in play."""
    tiles = in_play(s.setup)
    if any(t not in tiles for t in a.order):
        yield IllegalAction("command.all-tiles", "the line holds only tiles in play")


def check_command_distinct(s: State, a: Arrange) -> Iterator[IllegalAction]:
    """[command.distinct] Each tile goes in the line at most once."""
    if len(set(a.order)) != len(a.order):
        yield IllegalAction("command.distinct", "each tile goes in the line at most once")


def check_command_cooperative_all(s: State, a: Arrange) -> Iterator[IllegalAction]:
    """[command.cooperative-all] In cooperative play every tile is placed."""
    if s.setup.options.cooperative and len(a.order) not in line_lengths(s):
        yield IllegalAction("command.cooperative-all",
                            f"in cooperative play every tile is placed ({len(in_play(s.setup))} tiles)")


def check_command_standard_slots(s: State, a: Arrange) -> Iterator[IllegalAction]:
    """[command.standard-slots] The line length of standard competitive play."""
    if s.setup.options.cooperative or play_mode(s.setup) != "standard":
        return
    lengths = line_lengths(s)
    total = len(in_play(s.setup))
    if len(a.order) not in lengths:
        yield IllegalAction("command.standard-slots",
                            f"the line holds exactly {total - 1} tiles: every knight, not the Witch"
                            if len(lengths) == 1 else
                            f"the line holds {total - 1} tiles, or {total} with the Witch last")


def check_command_optional_slot(s: State, a: Arrange) -> Iterator[IllegalAction]:
    """[command.optional-slot] Advanced and darkness competitive play: all tiles but one, or all."""
    if s.setup.options.cooperative or play_mode(s.setup) == "standard":
        return
    total = len(in_play(s.setup))
    if len(a.order) not in line_lengths(s):
        yield IllegalAction("command.optional-slot", f"the line holds {total - 1} or {total} tiles")


def check_command_last_question(s: State, a: Skip) -> Iterator[IllegalAction]:
    """[command.last-question] The captain may skip the last question only when the option
    ``last_question`` makes it optional."""
    if s.setup.options.last_question == "required":
        yield IllegalAction("command.last-question",
                            "the captain must ask the last question (option last_question)")
