"""Perft: counting legal decision sequences from a position, with chance outcomes pinned.

Defined in docs/vectors.md ("Perft vectors"): ``depth`` counts player decisions; at a chance
node the next pinned outcome is applied and is not a ply. Which pinned outcome comes next is
the game's business (:meth:`~tabletop_referee.games.roles.Rules.pinned_chance`). The generic
form is ``pins``: for each ``type`` of chance outcome (``deal``, ``roll``...), the outcome
documents used in order along each path; MLEM reads its older ``rolls`` (cut to the dice
available) and ``draws`` (per draw phase). A path ends early, counting one leaf, when the game
is over or the chance node has no pinned outcome left (or the pinned one cannot come up there).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from .documents import canonical_text
from .games import load
from .games.interface import CHANCE
from .games.roles import GameKit
from .loading import read_spec_file
from .paths import spec_dir

PIN_KEYS = ("rolls", "draws", "pins")
"""The keys of a perft entry or vector that pin chance outcomes."""


def pins_of(entry: Mapping[str, Any]) -> dict[str, Sequence[Any]]:
    """The pinned outcomes of a perft entry, keyed as :meth:`Rules.pinned_chance` reads them."""
    pins: dict[str, Sequence[Any]] = {}
    if "rolls" in entry:
        pins["rolls"] = entry["rolls"]
    pins.update(entry.get("draws") or {})
    pins.update(entry.get("pins") or {})
    return pins


Used = tuple[tuple[str, int], ...]
"""How many outcomes of each pinned list a path has used, as sorted pairs (hashable)."""


def _resolve_chance(game: GameKit, state: Any, pins: Mapping[str, Sequence[Any]], used: Used) -> tuple[Any, Used, bool]:
    """Applies pinned outcomes while ``state`` is a chance node; returns (state, used, stuck)."""
    while game.actors(state) == (CHANCE,):
        pinned = game.rules.pinned_chance(state, pins, dict(used))
        if pinned is None:
            return state, used, True
        key, action = pinned
        state = game.apply(state, action).state
        n = dict(used).get(key, 0)
        used = tuple(sorted({**dict(used), key: n + 1}.items()))
    return state, used, False


def _decisions(game: GameKit, state: Any) -> tuple[Any, ...]:
    actors = game.actors(state)
    if len(actors) > 1:  # a simultaneous choice: the first listed player's choices (docs/vectors.md)
        return game.legal_actions(state, cast(int, actors[0]))  # a simultaneous node lists players only
    return game.legal_actions(state)


def perft(game: GameKit, state: Any, depth: int, pins: Mapping[str, Sequence[Any]], used: Used = (),
          memo: dict[Any, int] | None = None, *, play_last: bool = True) -> int:
    """Returns the number of leaves ``depth`` decisions below ``state``. ``memo``: the counts of
    the positions met already (as given, before their pinned outcomes), so each is walked once;
    engines are pure, states are values. ``play_last``: the last decision's actions are played
    (and the pinned outcomes after them applied), as a walk that watches what the rules read
    needs; without it they are counted rather than played (each leads to one leaf whatever
    follows: the same number, found faster)."""
    key: Any = None
    if memo is not None:
        key = (state, depth, used)
        try:
            return memo[key]
        except KeyError:
            pass
        except TypeError:  # a state that is not hashable: no memo
            key = None
    state, used, stuck = _resolve_chance(game, state, pins, used)
    if stuck or depth == 0 or game.is_over(state):
        n = 1
    elif depth == 1 and not play_last:
        n = len(_decisions(game, state))
    else:
        n = sum(perft(game, game.apply(state, a).state, depth - 1, pins, used, memo, play_last=play_last)
                for a in _decisions(game, state))
    if key is not None and memo is not None:
        memo[key] = n
    return n


def divide(game: GameKit, state: Any, depth: int, pins: Mapping[str, Sequence[Any]],
           memo: dict[Any, int] | None = None) -> dict[str, int]:
    """Returns the perft count below each first decision, keyed by its canonical JSON text
    (``memo``: as :func:`perft`'s)."""
    state, used, stuck = _resolve_chance(game, state, pins, ())
    if stuck or depth == 0 or game.is_over(state):
        return {}
    return {
        canonical_text(game.action_to_json(a)): perft(game, game.apply(state, a).state, depth - 1, pins, used, memo)
        for a in _decisions(game, state)
    }


_COUNTS: dict[str, tuple[int, dict[str, int]]] = {}
"""Counts already made (:func:`counts`), keyed by game, state text, depth and pins."""
_COUNTS_MAX = 512


def counts(game: GameKit, state: Any, depth: int, pins: Mapping[str, Sequence[Any]]) -> tuple[int, dict[str, int]]:
    """``(perft(...), divide(...))`` of ``state`` in one walk (the nodes are the sum of the counts
    below each first decision), each position counted once per process: an export meets the
    same position several times (a vector's dependencies swap each reading in, its siblings
    under those readings are those very states, and their dependencies swap back:
    conformance/readings.py). Keyed by the state's canonical text, as the state document is the
    whole position (the vectors replay it); engines are pure, so a count never goes stale."""
    key = canonical_text([game.info.id, game.interchange.state_canonical_text(state), depth, dict(pins)])
    found = _COUNTS.get(key)
    if found is None:
        state, used, stuck = _resolve_chance(game, state, pins, ())
        if stuck or depth == 0 or game.is_over(state):
            found = (1, {})
        else:
            memo: dict[Any, int] = {}
            below = [(canonical_text(game.action_to_json(a)),
                      perft(game, game.apply(state, a).state, depth - 1, pins, used, memo, play_last=False))
                     for a in _decisions(game, state)]
            found = (sum(n for _a, n in below), dict(below))
        if len(_COUNTS) >= _COUNTS_MAX:
            _COUNTS.clear()
        _COUNTS[key] = found
    return found[0], dict(found[1])


def perft_vectors(game_id: str) -> list[dict[str, Any]]:
    """Returns the perft vectors of ``spec/<game>/perft.yaml`` with their reference counts."""
    game = load(game_id)
    entries = read_spec_file(spec_dir(game_id) / "perft.yaml")
    vectors = []
    for e in entries:
        if "setup" in e:  # a game start: the setup's own chance nodes come first
            state = game.initial_state(game.setup_from_json(e["setup"]))
            given = e["setup"].get("options") or {}
        else:
            state = game.positions.position_to_state(e["position"])
            given = e["position"].get("options") or {}
        pins = pins_of(e)
        nodes, below = counts(game, state, e["depth"], pins)
        variants = list(game.options.options_to_json(state).get("variants") or ())
        options = {k: v for k, v in given.items() if k != "variants"}
        state_doc = game.state_to_json(state)
        # a perft vector declares its data: one on a board other than the shipped one needs custom-boards
        requires: dict[str, Any] = {"capabilities": ["custom-boards"] if game.interchange.uses_custom_data(state_doc) else [],
                                    "options": options}
        if variants:
            requires["variants"] = variants
        vectors.append({
            "id": e["id"],
            "kind": "perft",
            "description": e["description"],
            "clauses": e["clauses"],
            "tags": ["perft"],
            "requires": requires,
            "source": f"spec/{game_id}/perft.yaml",
            "state": state_doc,
            **{k: e[k] for k in PIN_KEYS if k in e and (k != "draws" or e[k])},
            "depth": e["depth"],
            "expect": {"perft": {"nodes": nodes, "divide": below}},
        })
    return vectors
