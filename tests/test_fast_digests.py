"""The fast protocol-2 digests (issue 27) are the digests of the documents.

Fuzz computes each step's digests from texts kept between steps (MLEM's state and observation
texts per part, odds digests per outcome tuple): whatever is kept, the digest must be the one
docs/protocol.md defines, computed from the document written afresh. The plans below use the
caches the way fuzz and the adapter do (observation of a state, then the next state's digest,
step after step, game after game), with every variant, so stale kept texts would show."""

from __future__ import annotations

import pytest

from tabletop_referee.conformance.fuzz import _odds_digests, plan_game
from tabletop_referee.documents import OddsDigests, canonical_text, digest, digest_text, odds_digest
from tabletop_referee.games import GAMES, load
from tabletop_referee.games.interface import CHANCE


def plans(game_id: str, games: int = 8, seed: int = 11):
    g = load(game_id)
    return g, [plan_game(g, i, seed, None, True, variants=g.info.variants, observations=True,
                         digests=True, odds=True) for i in range(games)]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_planned_digest_is_the_digest_of_its_document(game_id):
    g, planned = plans(game_id)
    checked = {"state": 0, "observation": 0, "odds": 0, "legal": 0}
    for p in planned:
        assert p.start_digest == digest(g.state_to_json(p.initial))
        for st in p.steps:
            d = st.digests
            texts = sorted(canonical_text(g.action_to_json(a)) for a in st.legal)  # a set: sorted texts
            assert d["legal"] == digest_text("[" + ",".join(texts) + "]")
            checked["legal"] += 1
            assert d["events"] == digest([g.event_to_json(e) for e in st.transition.events])
            if "state" in d:
                assert d["state"] == digest(g.state_to_json(st.transition.state))
                checked["state"] += 1
            if st.observe is not None:
                assert d["observation"] == digest(g.interchange.observation_to_json(st.state, st.observe))
                checked["observation"] += 1
            if "odds" in d:
                outcomes = g.chance_outcomes(st.state)
                assert d["odds"] == odds_digest((g.action_to_json(a), p) for a, p in outcomes)
                checked["odds"] += 1
    # the checks above ran on every step that carries a digest, counted from this game's own
    # planned play (no floor borrowed from the bigger games): a legal-actions digest each step,
    # odds at each chance node, an observation where the plan observes (fuzz compares
    # observations only of a game that hides something), a state at least at each game's end
    steps = [st for p in planned for st in p.steps]
    expected = {"legal": len(steps), "odds": sum(g.actors(st.state) == (CHANCE,) for st in steps),
                "observation": sum(st.observe is not None for st in steps)}
    assert steps, f"{game_id}: the planned games have no step: fuzz's plan_game must play the game"
    for kind, n in expected.items():
        assert checked[kind] == n, (
            f"{game_id}: {checked[kind]} {kind} digest(s) checked where the planned games have {n} step(s) "
            f"that need one: fuzz's plan must give each such step its {kind} digest (docs/protocol.md, 'Digests')")
    assert checked["state"] >= len(planned), f"{game_id}: each planned game's last step carries a state digest"
    hides = any(g.interchange.hides_anything(p.initial) for p in planned)
    assert (expected["observation"] > 0) == hides, (
        f"{game_id}: observations are digested exactly when the game hides something (hides_anything is {hides})")
    if g.probes.chance_clause is not None:  # the game says it has chance: its play meets it
        assert expected["odds"] > 0, (f"{game_id}: the game files chance under {g.probes.chance_clause}, but "
                                      f"{len(planned)} planned games met no chance node")


@pytest.mark.parametrize("game_id", GAMES)
def test_kept_odds_digests_follow_the_outcomes(game_id):
    """The same tuple gives the kept digest; a list (which may change) is never kept."""
    g = load(game_id)
    kept = _odds_digests(g)
    _, planned = plans(game_id, games=4)
    nodes = [st.state for p in planned for st in p.steps if g.actors(st.state) == (CHANCE,)]
    assert nodes
    for state in nodes:
        outcomes = g.chance_outcomes(state)
        want = odds_digest((g.action_to_json(a), p) for a, p in outcomes)
        assert kept(outcomes) == want
        assert kept(outcomes) == want  # from the kept value
    fresh = OddsDigests(g.interchange.action_canonical_text)
    outcomes = list(next(o for o in map(g.chance_outcomes, nodes) if len(o) > 1))
    first = fresh(outcomes)
    del outcomes[1:]
    assert fresh(outcomes) == odds_digest((g.action_to_json(a), p) for a, p in outcomes) != first


def test_a_wrong_observer_is_refused_as_before():
    """The fast observation text refuses a player the state does not have, as the document does."""
    from tabletop_referee.errors import IllegalAction

    g = load("mlem")
    state = g.initial_state(g.setup_from_json(g.setups.smoke_setup()))
    for player in (-1, g.player_count(state), True, None, "0", 1.0):
        with pytest.raises(IllegalAction):
            g.interchange.observation_to_json(state, player)
        with pytest.raises(IllegalAction):
            g.interchange.observation_digest(state, player)


def test_every_observer_s_text_is_the_text_of_its_document():
    """MLEM writes the rocket and the variant sections by hand from kept token texts, and goes
    on hashing from a kept hash of the text up to ``options`` (per observer): every state and
    every player's observation of it, game over included (kept missions shown), must be the
    text and the digest of the document written afresh."""
    from tabletop_referee.games.mlem.texts import StateTexts

    g = load("mlem")
    texts, checked, over = StateTexts(), 0, 0
    for i in range(6):
        p = plan_game(g, i, 23, None, True, variants=g.info.variants, observations=True)
        for st in p.steps:
            s = st.transition.state
            assert texts.text(s) == canonical_text(g.state_to_json(s))
            assert texts.digest(s) == digest(g.state_to_json(s))
            for q in range(s.players):
                doc = g.interchange.observation_to_json(s, q)
                assert texts.text(s, q) == canonical_text(doc)
                assert texts.digest(s, q) == digest(doc)
                checked += 1
            over += s.phase == "game-over" and s.missions is not None
    assert checked > 500 and over, (checked, over)


def test_kept_events_digests_and_legal_digests_are_the_fresh_ones():
    """Events digests are kept per tuple of events (a list, or an event holding a list, is
    written afresh); a legal-action digest is kept per tuple of the very same actions."""
    from tabletop_referee.documents import SameItems
    from tabletop_referee.games.interface import Event

    g = load("mlem")
    _, planned = plans("mlem", games=3)
    for st in (st for p in planned for st in p.steps):
        events = st.transition.events
        want = digest([g.event_to_json(e) for e in events])
        assert g.interchange.events_digest(events) == want
        assert g.interchange.events_digest(events) == want  # kept
        assert g.interchange.events_digest(list(events)) == want  # a list: not kept, the same
    listed = Event("no-landing", "landing.no-site", (("space", [1, 2]),))  # unhashable data
    assert g.interchange.events_digest((listed,)) == digest([g.event_to_json(listed)])
    calls = []
    kept = SameItems(lambda items: calls.append(1) or g.interchange.legal_digest(items))
    state = planned[0].initial
    legal = g.legal_actions(state)
    assert kept(legal) == kept(legal) == kept(tuple(legal)) == g.interchange.legal_digest(legal)
    assert len(calls) == 1
