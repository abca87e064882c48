"""Hypothesis strategies for MLEM values: boards, options and setups."""

from __future__ import annotations

from hypothesis import strategies as st

from tabletop_referee.games import mlem
from tabletop_referee.games.mlem.model import OPTION_VALUES, Planet, Space

FACES = mlem.FACES


@st.composite
def spaces(draw, has_site: bool, planet_ids: list[str]) -> Space:
    faces = draw(st.lists(st.sampled_from(FACES), min_size=1, max_size=4, unique=True))
    faces = tuple(f for f in FACES if f in faces)
    dots = draw(st.integers(1, 3)) if "afterburner" in faces else None
    if not has_site:
        return Space(faces, dots)
    if planet_ids and draw(st.booleans()):
        return Space(faces, dots, planet=draw(st.sampled_from(planet_ids)))
    moons = tuple(draw(st.lists(st.integers(1, 16), min_size=1, max_size=3)))
    return Space(faces, dots, moons=moons)


@st.composite
def boards(draw) -> mlem.Board:
    """Random sound boards: 8..26 spaces, sites from space 6 on, 0..5 planets."""
    length = draw(st.integers(8, 26))
    n_planets = draw(st.integers(0, 5))
    planet_ids = [f"P{i + 1}" for i in range(n_planets)]
    planets = tuple(
        (pid, Planet(*sorted(draw(st.lists(st.integers(0, 15), min_size=3, max_size=3)), reverse=True)))
        for pid in planet_ids
    )
    body = tuple(draw(spaces(i >= 6, planet_ids)) for i in range(length - 1))
    return mlem.Board(
        id="random",
        spaces=body + (Space(()),),
        planets=planets,
        start_space=0,
        satellite_space=draw(st.integers(0, min(5, length - 2))),
        crash_limit=draw(st.integers(1, 11)),
        comet=draw(st.integers(0, 9)),
        galaxy=draw(st.integers(0, 7)),
    )


def options() -> st.SearchStrategy[mlem.Options]:
    return st.builds(mlem.Options, **{k: st.sampled_from(v) for k, v in OPTION_VALUES.items()})


@st.composite
def setups(draw) -> mlem.Setup:
    board = draw(st.one_of(st.just(mlem.load_board("standard")), st.just(mlem.load_board("short")), boards()))
    players = draw(st.integers(2, 5))
    return mlem.Setup(
        players=players,
        board=board,
        start_player=draw(st.integers(0, players - 1)),
        options=draw(options()),
    )
