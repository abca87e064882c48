"""Perft for MLEM: counting legal decision sequences from a position with pinned rolls.

Defined in docs/vectors.md ("Perft vectors"): ``depth`` counts player decisions; at a chance
node the next pinned roll is applied (the k-th chance node on a path uses ``rolls[k]``,
truncated to the dice available) and is not a ply; a path ends early, counting one leaf, when
the game is over or no pinned roll is left.
"""

from __future__ import annotations

from .games import mlem
from .games.mlem.interchange import canonical_text, action_to_json


def perft(state: mlem.State, depth: int, rolls: list[list[str]], used: int = 0) -> int:
    """Returns the number of leaves ``depth`` decisions below ``state``."""
    while state.phase == "roll":
        if used >= len(rolls):
            return 1
        state = mlem.apply(state, mlem.Roll(tuple(rolls[used][: state.rocket.dice]))).state
        used += 1
    if depth == 0 or state.phase == "game-over":
        return 1
    return sum(
        perft(mlem.apply(state, a).state, depth - 1, rolls, used) for a in mlem.legal_actions(state)
    )


def divide(state: mlem.State, depth: int, rolls: list[list[str]]) -> dict[str, int]:
    """Returns the perft count below each first decision, keyed by its canonical JSON text."""
    used = 0
    while state.phase == "roll" and used < len(rolls):
        state = mlem.apply(state, mlem.Roll(tuple(rolls[used][: state.rocket.dice]))).state
        used += 1
    if depth == 0 or state.phase in ("game-over", "roll"):
        return {}
    return {
        canonical_text(action_to_json(a)): perft(mlem.apply(state, a).state, depth - 1, rolls, used)
        for a in mlem.legal_actions(state)
    }


def perft_vectors(game: str = "mlem") -> list[dict]:
    """Returns the perft vectors of ``spec/<game>/perft.yaml`` with their reference counts."""
    import yaml

    from .games.mlem.interchange import state_to_json
    from .games.mlem.position import state_from_position
    from .paths import spec_dir

    entries = yaml.safe_load((spec_dir(game) / "perft.yaml").read_text(encoding="utf-8"))
    vectors = []
    for e in entries:
        state = state_from_position(e["position"])
        counts = divide(state, e["depth"], e["rolls"])
        vectors.append({
            "id": e["id"],
            "kind": "perft",
            "description": e["description"],
            "clauses": e["clauses"],
            "tags": ["perft"],
            "requires": {"capabilities": [], "options": dict(e["position"].get("options") or {})},
            "source": f"spec/{game}/perft.yaml",
            "state": state_to_json(state),
            "rolls": e["rolls"],
            "depth": e["depth"],
            "expect": {"perft": {"nodes": perft(state, e["depth"], e["rolls"]), "divide": counts}},
        })
    return vectors
