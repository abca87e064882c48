"""Hidden information: a player's observation never leaks a hidden value [observation.per-player].

Random games with the Secret Missions variant (and random other variants) are played to a
random point. Then a hidden value is changed (another player's kept or discarded mission, or a
token in a face-down pile): the observer's observation must not change. Changing something the
observer may see (their own missions) must change it, so the property cannot pass vacuously.
"""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from tabletop_referee.errors import IllegalAction
from tabletop_referee.games import mlem
from tabletop_referee.games.mlem import interchange as ix
from tabletop_referee.games.mlem.model import ArrivalToken, ExplorationToken, MissionToken
from tabletop_referee.sampler import choose

from .strategies import options, setups

replace = dataclasses.replace


def _at(items: tuple, index: int, value) -> tuple:
    return items[:index] + (value,) + items[index + 1 :]


@st.composite
def played(draw, variants=("missions",)):
    """A state reached by random play in a game with at least ``variants``."""
    setup = draw(setups())
    chosen = draw(options())
    wanted = tuple(v for v in mlem.model.VARIANTS if v in variants or v in chosen.variants)
    values = {f.name: getattr(chosen, f.name) for f in dataclasses.fields(chosen) if f.name != "variants"}
    setup = replace(setup, options=mlem.Options(**values, variants=wanted))
    if setup.tokens is None:
        from .strategies import token_sets

        setup = replace(setup, tokens=draw(token_sets(setup.board)))
    state = mlem.initial_state(setup)
    rng = random.Random(draw(st.integers(0, 2**32)))
    played_texts = []
    for _ in range(draw(st.integers(0, 400))):
        if state.phase == "game-over":
            break
        action = choose(mlem.GAME, rng, state)
        played_texts.append(mlem.GAME.notation.action_text(action))
        state = mlem.apply(state, action).state
    note(f"phase {state.phase}, expedition {state.expedition}, after {len(played_texts)} actions, the last "
         f"ones in short notation: {'; '.join(played_texts[-12:]) or 'none'}")
    return state


def _mission_ids(doc) -> set[str]:
    """Every mission id named anywhere in a document."""
    found: set[str] = set()

    def walk(x):
        if isinstance(x, dict):
            if set(x) == {"id", "space"}:
                found.add(x["id"])
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    walk(doc)
    return found


SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(state=played(), data=st.data())
def test_other_players_missions_do_not_show(state, data):
    n = state.players
    observer = data.draw(st.integers(0, n - 1), label="observer")
    other = data.draw(st.sampled_from([q for q in range(n) if q != observer]), label="other")
    m = state.missions
    seen = ix.observation_to_json(state, observer)
    # Only the observer's own missions are named (every kept one once the game is over).
    mine = {t.id for t in (*m.hands[observer], *m.discarded[observer])}
    if state.phase == "game-over":
        mine |= {t.id for h in m.hands for t in h}
    assert _mission_ids(seen["missions"]) == mine

    # Swap one of the other player's tokens (kept or discarded) with a token of the pile.
    places = [("hands", i) for i in range(len(m.hands[other])) if state.phase != "game-over"]
    places += [("discarded", i) for i in range(len(m.discarded[other]))]
    if not places or not m.pile:
        return
    where, i = data.draw(st.sampled_from(places), label="changed")
    k = data.draw(st.integers(0, len(m.pile) - 1), label="pile token")
    mine_list = list(getattr(m, where)[other])
    pile = list(m.pile)
    mine_list[i], pile[k] = pile[k], mine_list[i]
    changed = replace(
        m,
        pile=tuple(sorted(pile, key=lambda t: t.id)),
        **{where: _at(getattr(m, where), other, tuple(sorted(mine_list, key=lambda t: t.id)))},
    )
    altered = replace(state, missions=changed)
    assert altered != state
    assert ix.observation_to_json(altered, observer) == seen


@SETTINGS
@given(state=played(variants=("exploration", "missions", "ufo")), data=st.data())
def test_face_down_piles_show_only_their_size(state, data):
    observer = data.draw(st.integers(0, state.players - 1), label="observer")
    seen = ix.observation_to_json(state, observer)
    assert seen["observer"] == observer
    for section in ("exploration", "missions", "ufo"):
        assert seen[section]["pile"] == {"hidden": len(getattr(state, section).pile)}
    # Change what a face-down token is: nobody can tell.
    ex, u = state.exploration, state.ufo
    altered = state
    if ex.pile:
        t = ex.pile[0]
        other = ExplorationToken(t.id, t.space % (state.board.end - 1) + 1, "tunnel")
        altered = replace(altered, exploration=replace(ex, pile=(other, *ex.pile[1:])))
    if u.pile:
        t = u.pile[0]
        other = ArrivalToken(t.id, (t.ufo_move + 1) % 4, 4 + (t.dice - 3) % 3, "reroll")
        altered = replace(altered, ufo=replace(u, pile=(other, *u.pile[1:])))
    assert ix.observation_to_json(altered, observer) == seen


@SETTINGS
@given(state=played(), data=st.data())
def test_own_missions_do_show(state, data):
    """The converse, so the no-leak tests cannot pass by hiding everything."""
    observer = data.draw(st.integers(0, state.players - 1), label="observer")
    m = state.missions
    if not m.hands[observer]:
        return
    first = m.hands[observer][0]
    renamed = MissionToken("Z-" + first.id, first.space)
    hands = _at(m.hands, observer, (renamed, *m.hands[observer][1:]))
    altered = replace(state, missions=replace(m, hands=hands))
    assert ix.observation_to_json(altered, observer) != ix.observation_to_json(state, observer)


def test_base_game_observation_is_the_state_and_the_observer():
    state = mlem.initial_state(mlem.Setup(players=3, board=mlem.load_board("short")))
    doc = ix.observation_to_json(state, 1)
    assert doc == ix.state_to_json(state) | {"observer": 1}
    assert "hidden" not in json.dumps(doc)


@pytest.mark.parametrize("player", [-1, 3, True, "0"])
def test_observing_as_a_non_player_is_refused_with_the_clause(player):
    state = mlem.initial_state(mlem.Setup(players=3, board=mlem.load_board("short")))
    with pytest.raises(IllegalAction) as info:
        ix.observation_to_json(state, player)
    assert info.value.clause == "observation.per-player"
