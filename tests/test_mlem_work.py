"""The mutable working copy inside MLEM's ``apply`` (``rules/work.py``'s ``Work``): it copies
every field of ``State`` (the rocket's flattened) and ``freeze`` rebuilds the state by position,
which is fast but silent about a wrong order; these tests are what catches one."""

from __future__ import annotations

import dataclasses
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop_referee.games.mlem import engine
from tabletop_referee.games.mlem.model import Rocket, State
from tabletop_referee.games.mlem.rules.work import Work

from .strategies import setups

ROCKET_FIELDS = [f.name for f in dataclasses.fields(Rocket)]
STATE_FIELDS = [f.name for f in dataclasses.fields(State)]


class Tag:
    """A value that equals only itself, one per field."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return f"<{self.name}>"


def test_work_holds_every_field_of_state_and_of_the_rocket():
    flat = [n for n in STATE_FIELDS if n != "rocket"] + ROCKET_FIELDS
    assert sorted(Work.__slots__) == sorted([*flat, "events", "quiet"])  # quiet: engine.advance keeps no events


def test_freeze_puts_every_field_back_in_its_place():
    """Each field of the state (and of its rocket) holds a distinct tag: freezing a fresh copy
    gives every tag back in the same field, so a positional mix-up cannot pass."""
    rocket = Rocket(*(() if n == "seats" else Tag(f"rocket.{n}") for n in ROCKET_FIELDS))  # seats: copied to a list
    tags = {n: rocket if n == "rocket" else Tag(n) for n in STATE_FIELDS}
    frozen = Work(State(**tags)).freeze()
    for name in STATE_FIELDS:
        if name != "rocket":
            assert getattr(frozen, name) is tags[name], name
    for name in ROCKET_FIELDS:
        if name != "seats":
            assert getattr(frozen.rocket, name) is getattr(rocket, name), name
    assert frozen.rocket.seats == ()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=setups(), seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 300))
def test_freezing_an_unchanged_copy_gives_the_same_state(setup, seed, steps):
    rng = random.Random(seed)
    state = engine.initial_state(setup)
    for _ in range(steps):
        assert Work(state).freeze() == state
        legal = engine.legal_actions(state)
        if not legal:
            break
        state = engine.apply(state, rng.choice(legal)).state
    assert Work(state).freeze() == state
