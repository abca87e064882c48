"""Perft for MLEM: counting legal decision sequences from a position with pinned rolls.

Defined in docs/vectors.md ("Perft vectors"): ``depth`` counts player decisions; at a chance
node the next pinned outcome is applied and is not a ply: at a roll, the next of ``rolls``
(the k-th roll on a path uses ``rolls[k]``, truncated to the dice available); at a token draw
(the variants), the next token id pinned for that chance phase in ``draws`` (``{"arrival":
["A02"], "exploration-draw": [...], ...}``, keyed by the state's phase). A path ends early,
counting one leaf, when the game is over or the chance node has no pinned outcome left.
"""

from __future__ import annotations

from .games import mlem
from .games.mlem.interchange import canonical_text, action_to_json



def _resolve_chance(state: mlem.State, rolls, draws, used: tuple):
    """Applies pinned outcomes while ``state`` is a chance node; returns (state, used, stuck).

    ``used`` maps ``rolls`` and each draw phase to the outcomes consumed so far on this path;
    ``stuck`` is True when a chance node has no pinned outcome left (the path ends there).
    """
    while mlem.current_actor(state) == mlem.CHANCE:
        key = "rolls" if state.phase == "roll" else state.phase
        n = dict(used).get(key, 0)
        pinned = rolls if key == "rolls" else draws.get(key, ())
        if n >= len(pinned):
            return state, used, True
        if key == "rolls":
            state = mlem.apply(state, mlem.Roll(tuple(rolls[n][: state.rocket.dice]))).state
        else:
            state = mlem.apply(state, mlem.Draw(pinned[n])).state
        used = tuple(sorted({**dict(used), key: n + 1}.items()))
    return state, used, False


def perft(state: mlem.State, depth: int, rolls: list[list[str]], used: tuple = (),
          draws: dict | None = None) -> int:
    """Returns the number of leaves ``depth`` decisions below ``state``."""
    draws = draws or {}
    state, used, stuck = _resolve_chance(state, rolls, draws, used)
    if stuck or depth == 0 or state.phase == "game-over":
        return 1
    return sum(
        perft(mlem.apply(state, a).state, depth - 1, rolls, used, draws) for a in mlem.legal_actions(state)
    )


def divide(state: mlem.State, depth: int, rolls: list[list[str]], draws: dict | None = None) -> dict[str, int]:
    """Returns the perft count below each first decision, keyed by its canonical JSON text."""
    draws = draws or {}
    state, used, stuck = _resolve_chance(state, rolls, draws, ())
    if stuck or depth == 0 or state.phase == "game-over":
        return {}
    return {
        canonical_text(action_to_json(a)): perft(mlem.apply(state, a).state, depth - 1, rolls, used, draws)
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
        if "setup" in e:  # a game start: the setup's own chance nodes come first
            from .games.mlem.interchange import setup_from_json

            state = mlem.initial_state(setup_from_json(e["setup"]))
            given = e["setup"].get("options") or {}
        else:
            state = state_from_position(e["position"])
            given = e["position"].get("options") or {}
        draws = e.get("draws", {})
        counts = divide(state, e["depth"], e["rolls"], draws)
        extra = {"draws": draws} if draws else {}
        variants = state.options.variants
        options = {k: v for k, v in given.items() if k != "variants"}
        vectors.append({
            "id": e["id"],
            "kind": "perft",
            "description": e["description"],
            "clauses": e["clauses"],
            "tags": ["perft"],
            "requires": {"capabilities": [], "options": options} | ({"variants": list(variants)} if variants else {}),
            "source": f"spec/{game}/perft.yaml",
            "state": state_to_json(state),
            "rolls": e["rolls"],
            **extra,
            "depth": e["depth"],
            "expect": {"perft": {"nodes": perft(state, e["depth"], e["rolls"], (), draws),
                                 "divide": counts}},
        })
    return vectors
