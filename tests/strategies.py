"""Hypothesis strategies for MLEM values: boards, options and setups."""

from __future__ import annotations

from hypothesis import strategies as st

from tabletop_referee.games import mlem
from tabletop_referee.games.mlem.interchange import load_tokens
from tabletop_referee.games.mlem.model import (
    ABILITIES,
    EXPLORATION_EFFECTS,
    OPTION_VALUES,
    OPTION_VARIANT,
    VARIANTS,
    ArrivalToken,
    ExplorationToken,
    MissionToken,
    Planet,
    Space,
    TokenSet,
)

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


@st.composite
def options(draw, variants: bool = True) -> mlem.Options:
    """Random rule options; with ``variants``, a random combination of variants and their options."""
    chosen = tuple(v for v in VARIANTS if variants and draw(st.booleans()))
    values = {
        k: draw(st.sampled_from(v))
        for k, v in OPTION_VALUES.items()
        if OPTION_VARIANT.get(k) is None or OPTION_VARIANT[k] in chosen
    }
    return mlem.Options(**values, variants=chosen)


@st.composite
def token_sets(draw, board: mlem.Board) -> TokenSet:
    """A random token set that fits ``board``: 20 exploration, 20 mission and 14 arrival tokens."""
    end = board.end
    sites = [i for i, s in enumerate(board.spaces) if s.has_site]
    exploration = []
    for i in range(20):
        effect = draw(st.sampled_from(EXPLORATION_EFFECTS))
        points = draw(st.integers(1, 3)) if effect == "points" else 0
        exploration.append(ExplorationToken(f"E{i + 1:02}", draw(st.integers(1, end - 1)), effect, points))
    missions = [MissionToken(f"M{i + 1:02}", draw(st.sampled_from(sites))) for i in range(20)]
    arrivals = []
    for i in range(14):
        ability = draw(st.sampled_from(ABILITIES))
        face = draw(st.sampled_from(FACES)) if ability == "extra-face" else None
        arrivals.append(ArrivalToken(f"A{i + 1:02}", draw(st.integers(0, 3)), draw(st.integers(4, 6)), ability, face))
    home = draw(st.one_of(st.none(), st.integers(1, end)))
    return TokenSet("random", tuple(exploration), tuple(missions), tuple(arrivals), home)


@st.composite
def setups(draw) -> mlem.Setup:
    board = draw(st.one_of(st.just(mlem.load_board("standard")), st.just(mlem.load_board("short")), boards()))
    players = draw(st.integers(2, 5))
    chosen = draw(options())
    tokens = None
    if chosen.variants:
        shipped = board.id in ("standard", "short") and draw(st.booleans())
        tokens = load_tokens(board.id) if shipped else draw(token_sets(board))
    return mlem.Setup(
        players=players,
        board=board,
        start_player=draw(st.integers(0, players - 1)),
        options=chosen,
        tokens=tokens,
    )
