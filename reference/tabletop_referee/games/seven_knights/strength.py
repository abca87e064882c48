"""The thresholds and counts of Seven Knights Bewitched that ``referee suite strength`` moves
by one (docs/strength.md): ``(constant, clause, what)``, each a module-level name of this package."""

THRESHOLDS: tuple[tuple[str, str, str], ...] = (
    ("ROUNDS", "end.after-three-rounds", "the rounds of a game"),
    ("COOPERATIVE_MAX_PLAYERS", "modes.player-limits", "the most players of the cooperative mode"),
    ("SCORE_TABLE", "settlement.score-table", "the points per winning player"),
)
