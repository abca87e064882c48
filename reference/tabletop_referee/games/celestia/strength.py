"""The thresholds and counts of Celestia that ``referee suite strength`` moves by one
(docs/strength.md): ``(constant, clause, what)``, each a module-level name of this package."""

THRESHOLDS: tuple[tuple[str, str, str], ...] = (
    ("TARGET", "end.fifty-points", "the points that end the game"),
    ("HAND_SIZES", "setup.hand-size", "the cards dealt to each player"),
    ("MAX_DICE", "roll.dice-count", "the most dice a leg uses"),
)
