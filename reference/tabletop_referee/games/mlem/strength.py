"""The thresholds and counts of MLEM that ``referee suite strength`` moves by one
(docs/strength.md): ``(constant, clause, what)``, each a module-level name of this package."""

THRESHOLDS: tuple[tuple[str, str, str], ...] = (
    ("DICE_COUNT", "components.dice", "the dice of the rocket"),
    ("GOAL_POINTS", "scoring.goals", "the points of a goal token"),
    ("EXPLORATION_REVEALED", "exploration.setup", "the exploration tokens revealed at setup"),
    ("MISSIONS_DEALT", "missions.deal", "the missions dealt to each player"),
    ("MISSION_POINTS", "missions.scoring", "the points for fulfilled missions"),
    ("TUNNEL_JUMP", "exploration.tunnel", "the spaces a tunnel moves the rocket on"),
    ("UFO_LOWEST_SPACE", "ufo.arrival", "the lowest space the UFO moves to"),
)
