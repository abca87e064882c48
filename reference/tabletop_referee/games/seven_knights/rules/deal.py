"""Round preparation [deal.*]: the deal is one chance action carrying every tile's value.

Every assignment the tile data allows is equally likely [deal.shuffle-chance]: an injective
map from the tiles in play (players' tiles, then centre tiles) to the pool; in darkness the
players' tiles come from the knights only [deal.darkness]. Tiles of the pool not dealt are
unused and unseen [deal.unused-unseen].
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from fractions import Fraction
from itertools import permutations
from math import perm

from ....errors import IllegalAction
from ..model import CENTRE, WITCH, Deal, Phase, Setup, State, value_ref
from .work import Work


def deal_count(setup: Setup) -> int:
    """How many deals are possible (each has probability 1 / this)."""
    t = setup.tiles
    assert t is not None  # loaded with the setup (interchange.load_tiles)
    n = setup.players
    if t.knights_to_players:
        knights = sum(1 for v in t.pool if v != WITCH)
        return perm(knights, n) * perm(len(t.pool) - n, t.centre)
    return perm(len(t.pool), n + t.centre)


def outcomes(setup: Setup) -> tuple[tuple[Deal, Fraction], ...]:
    """Every deal with its probability, in lexicographic order of the values."""
    t = setup.tiles
    assert t is not None  # loaded with the setup (interchange.load_tiles)
    n = setup.players
    p = Fraction(1, deal_count(setup))
    if not t.knights_to_players:
        return tuple((Deal(v), p) for v in permutations(t.pool, n + t.centre))
    knights = tuple(v for v in t.pool if v != WITCH)
    out: list[tuple[Deal, Fraction]] = []
    for own in permutations(knights, n):
        rest = tuple(v for v in t.pool if v not in own)
        out.extend((Deal(own + c), p) for c in permutations(rest, t.centre))
    out.sort(key=lambda o: o[0].values)
    return tuple(out)


def sample(setup: Setup, rng: random.Random) -> Deal:
    """A deal drawn with its probability from ``rng``."""
    t = setup.tiles
    assert t is not None  # loaded with the setup (interchange.load_tiles)
    n = setup.players
    if not t.knights_to_players:
        return Deal(tuple(rng.sample(t.pool, n + t.centre)))
    own = tuple(rng.sample([v for v in t.pool if v != WITCH], n))
    rest = [v for v in t.pool if v not in own]
    return Deal(own + tuple(rng.sample(rest, t.centre)))


def check_deal_shuffle_chance(s: State, d: Deal) -> Iterator[IllegalAction]:
    """[deal.shuffle-chance] A deal gives one distinct value of the pool to every tile in play."""
    t = s.setup.tiles
    assert t is not None  # loaded with the setup (interchange.load_tiles)
    n = s.setup.players
    v = d.values
    if len(v) != n + t.centre:
        yield IllegalAction("deal.shuffle-chance", f"a deal gives {n + t.centre} tiles ({n} "
                            f"players, {t.centre} centre), not {len(v)}")
    elif len(set(v)) != len(v) or any(x not in t.pool for x in v):
        yield IllegalAction("deal.shuffle-chance",
                            f"a deal gives distinct tiles from {list(t.pool)}")


def check_deal_darkness(s: State, d: Deal) -> Iterator[IllegalAction]:
    """[deal.darkness] In darkness every player receives a knight tile."""
    assert s.setup.tiles is not None  # loaded with the setup (interchange.load_tiles)
    if s.setup.tiles.knights_to_players and WITCH in d.values[:s.setup.players]:
        yield IllegalAction("deal.darkness", "in darkness every player receives a knight tile")


def check_deal_cooperative(_: None, setup: Setup) -> Iterator[IllegalAction]:
    """[deal.cooperative] (a setup check) The cooperative mode plays without the Witch."""
    if setup.options.cooperative and setup.tiles is not None and WITCH in setup.tiles.pool:
        yield IllegalAction("deal.cooperative", "the cooperative mode plays without the Witch")


def apply(w: Work, d: Deal) -> None:
    n = w.players
    w.values = d.values[:n] + (None,) * (CENTRE - n) + d.values[n:]
    w.phase = Phase.INSPECT
    w.emit("dealt", "deal.shuffle-chance", round=w.round, values=[value_ref(v) for v in d.values])
