"""Settlement [settlement.*]: the final check of the line and the points of the round."""

from __future__ import annotations

from ..model import WITCH, State, in_play

SCORE_TABLE = {"knights": (2, 2, 7), "witch": (3, 3, 7)}
"""Points per winning player, by side and round 1-3 [settlement.score-table]; with the fixed
score option round 3 pays like rounds 1-2 [modes.fixed-score]."""


def points_each(side: str, round_: int, fixed: bool) -> int:
    row = SCORE_TABLE[side]
    return row[0] if fixed and round_ >= 3 else row[round_ - 1]


def mistakes(s: State, order: tuple[int, ...]) -> list[tuple[int, str]]:
    """The mistakes of a line: (tile, why) for a tile not above the last revealed knight
    [settlement.ascending], a placed Witch [settlement.witch-placed] (not one placed last under
    the far-right option), or a knight left out [settlement.unplaced-knight]."""
    out: list[tuple[int, str]] = []
    last = 0
    far_right = s.setup.options.witch_in_line == "far-right"
    for i, t in enumerate(order):
        v = s.values[t]
        if v == WITCH:
            if not (far_right and i == len(order) - 1):
                out.append((t, "settlement.witch-placed"))
            continue
        assert v is not None  # the tiles in play are dealt before the line is laid
        if v <= last:
            out.append((t, "settlement.ascending"))
        last = max(last, v)
    placed = set(order)
    for t in in_play(s.setup):
        if t not in placed and s.values[t] != WITCH:
            out.append((t, "settlement.unplaced-knight"))
    return out
