"""Property tests of the MLEM reference engine (Hypothesis).

A state machine plays random legal games, one after another (random player counts, rule
options, boards and combinations of the variants), and after every step checks the
invariants the issues list. A fuzz test
feeds arbitrary JSON to the interchange layer.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, given, note, seed, settings
from hypothesis import core as hypothesis_core
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from tabletop_referee.errors import RefereeError
from tabletop_referee.games import mlem
from tabletop_referee.games.mlem import interchange as ix
from tabletop_referee.schemas import validation_errors

from .strategies import setups

MIN_GAMES = int(os.environ.get("MLEM_MIN_GAMES", "200"))


def _astronaut_places(state: mlem.State) -> list[list[str]]:
    places = []
    for p in range(state.players):
        where = list(state.reserves[p])
        where += [s.astronaut for s in state.rocket.seats if s.player == p]
        where += [x.astronaut for x in state.landed if x.player == p]
        places.append(sorted(where))
    return places


_CANONICAL_ORDER_HELD: set[tuple] = set()
"""The rolls' legal-action tuples (one per number of dice) already found in canonical order
and without repeats: the same actions give the same texts, so they are checked once."""


class MLEMGames(RuleBasedStateMachine):
    """Plays whole games back to back; ``finished`` counts those that reached game over."""

    finished = 0
    variants_seen: set[str] = set()

    def __init__(self) -> None:
        super().__init__()
        self.state: mlem.State | None = None
        self.immediate: list[int] = []
        self._legal: tuple[mlem.State | None, tuple] = (None, ())

    def _legal_actions(self, state: mlem.State) -> tuple:
        """``mlem.legal_actions(state)``, asked once per state (the invariant and the next step
        both want them; the engine is pure, so the second answer is the first)."""
        if self._legal[0] is not state:
            self._legal = (state, mlem.legal_actions(state))
        return self._legal[1]

    def _start(self, setup: mlem.Setup) -> None:
        self.state = mlem.initial_state(setup)
        self.tokens = setup.tokens
        self.immediate = [0] * setup.players
        note(f"new game: {setup.players} players, board {setup.board.id}, {setup.options}")
        MLEMGames.variants_seen.update(setup.options.variants)

    @initialize(setup=setups())
    def first_game(self, setup):
        self._start(setup)

    @precondition(lambda self: self.state.phase == "game-over")
    @rule(setup=setups())
    def next_game(self, setup):
        MLEMGames.finished += 1
        assert mlem.outcome(self.state) is not None
        self._start(setup)

    @precondition(lambda self: self.state.phase != "game-over")
    @rule(data=st.data())
    def act(self, data):
        state = self.state
        legal = self._legal_actions(state)
        action = legal[data.draw(st.integers(0, len(legal) - 1), label="choice")]
        note(f"{state.phase}: {mlem.GAME.notation.action_text(action)}")  # short notation, as `referee play` reads it
        t = mlem.apply(state, action)
        # apply is deterministic
        assert mlem.apply(state, action) == t
        for e in t.events:
            doc = ix.event_to_json(e)
            assert not validation_errors("mlem", "event", doc), doc
        self.state = t.state
        # scores never decrease (the points scored as they happen)
        now = [s.immediate for s in mlem.scores(self.state)]
        assert all(a <= b for a, b in zip(self.immediate, now)), (self.immediate, now)
        self.immediate = now

    @invariant()
    def schema_valid_and_round_trips(self):
        doc = ix.state_to_json(self.state)
        assert validation_errors("mlem", "state", doc) == []
        back = ix.state_from_json(doc)  # read once: state_from_json is pure
        assert back == self.state
        assert ix.state_to_json(back) == doc

    @invariant()
    def astronauts_conserved(self):
        assert all(p == sorted(mlem.ASTRONAUTS) for p in _astronaut_places(self.state))

    @invariant()
    def tokens_conserved(self):
        """Every variant token is in exactly one place: pile, board, hand, discard, held, used."""
        s = self.state
        if s.exploration is not None:
            ex = s.exploration
            places = [*ex.pile, *ex.spaces, *ex.removed, *(t for h in ex.held for t in h)]
            assert sorted(t.id for t in places) == sorted(t.id for t in self.tokens.exploration)
        if s.missions is not None:
            m = s.missions
            places = [*m.pile, *(t for h in m.hands for t in h), *(t for d in m.discarded for t in d)]
            assert sorted(t.id for t in places) == sorted(t.id for t in self.tokens.missions)
        if s.ufo is not None:
            u = s.ufo
            places = [*u.pile, *u.used, *((u.arrival,) if u.arrival else ())]
            assert sorted(t.id for t in places) == sorted(t.id for t in self.tokens.arrivals)
            assert sorted([*u.stack, *(v for h in u.held for v in h)]) == [1, 2, 3, 4, 5]

    @invariant()
    def observations_valid(self):
        for p in range(self.state.players):
            doc = ix.observation_to_json(self.state, p)
            assert validation_errors("mlem", "observation", doc) == [], doc

    @invariant()
    def dice_in_range(self):
        assert 1 <= self.state.rocket.dice <= 6

    @invariant()
    def legal_actions_until_the_end(self):
        legal = self._legal_actions(self.state)
        over = self.state.phase == "game-over"
        assert (legal == ()) == over
        assert (mlem.outcome(self.state) is None) != over
        if self.state.phase != "roll":  # every roll is legal; checking 210 of them adds nothing
            for action in legal:
                assert mlem.is_legal(self.state, action), mlem.GAME.notation.action_text(action)
        if legal not in _CANONICAL_ORDER_HELD:
            keys = [ix.canonical_text(ix.action_to_json(a)) for a in legal]
            assert keys == sorted(keys) and len(set(keys)) == len(keys)
            if self.state.phase == "roll":
                _CANONICAL_ORDER_HELD.add(legal)


SHARES = 2
"""The random games are played in two halves, one test class each, so that the two workers of
``pytest -n 2 --dist loadscope`` share them: each half plays half the examples and must finish
its share of MIN_GAMES games and see every variant (together at least what one run of all the
examples had to)."""


def _play_random_games(share: int) -> None:
    """Plays this share of the examples as complete random games, checking the invariants at
    every step, and at least this share of MIN_GAMES of them to the end."""
    examples = int(os.environ.get("MLEM_STATEFUL_EXAMPLES", "80"))
    mine = max(1, examples // SHARES + (1 if share < examples % SHARES else 0))  # Hypothesis needs one
    games = -(-MIN_GAMES * mine // examples)  # rounded up: the shares add up to MIN_GAMES at least
    machine: type[MLEMGames] = type(f"MLEMGames{share}", (MLEMGames,), {"__module__": __name__})
    forced = getattr(hypothesis_core, "global_force_seed", None)  # pytest --hypothesis-seed
    if settings.default.derandomize or forced is not None:
        # derandomized (the ci profile), Hypothesis seeds a state machine by the source of its
        # runner, and --hypothesis-seed seeds every test alike: the same seed for both shares,
        # so give each its own fixed seed (from the forced one, if any) and the halves differ
        machine = seed(f"MLEMGames/{forced}/{share}")(machine)
    MLEMGames.finished = 0
    MLEMGames.variants_seen = set()
    run_state_machine_as_test(
        machine,
        settings=settings(
            max_examples=mine,
            stateful_step_count=1000,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example],
        ),
    )
    assert MLEMGames.finished >= games, f"only {MLEMGames.finished} games finished (share {share})"
    assert MLEMGames.variants_seen == set(mlem.model.VARIANTS), MLEMGames.variants_seen


class TestRandomGamesFirstHalf:
    def test_random_games(self):
        _play_random_games(0)


class TestRandomGamesSecondHalf:
    def test_random_games(self):
        _play_random_games(1)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 30) | st.sampled_from(["", "mlem", "1", "roll", "moon"]),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(
        st.sampled_from(["type", "player", "faces", "space", "phase", "rocket", "seats", "board", "x"]),
        children,
        max_size=5,
    ),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(doc=json_values)
def test_arbitrary_json_is_rejected_with_typed_errors(doc):
    for parse in (ix.state_from_json, ix.action_from_json, ix.setup_from_json, ix.board_from_json):
        try:
            parse(doc)
        except RefereeError:
            pass


@st.composite
def mutated_states(draw):
    """A real state's document with one value replaced: often well-formed but impossible."""
    from hypothesis import strategies as s2

    setup = draw(setups())
    state = mlem.initial_state(setup)
    import random

    rng = random.Random(draw(st.integers(0, 10_000)))
    from tabletop_referee.sampler import choose

    for _ in range(draw(st.integers(0, 60))):
        if state.phase == "game-over":
            break
        state = mlem.apply(state, choose(mlem.GAME, rng, state)).state
    doc = ix.state_to_json(state)
    path = draw(s2.sampled_from([
        ("crashes",), ("start_player",), ("rocket", "space"), ("rocket", "dice"),
        ("rocket", "cursor"), ("phase",), ("expedition",),
    ]))
    target = doc
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = draw(st.one_of(st.integers(-2, 30), st.sampled_from(mlem.model.PHASES)))
    return doc


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(doc=mutated_states(), data=st.data())
def test_mutated_states_give_typed_errors_or_play_on(doc, data):
    """A state either is rejected with a typed error, or the engine plays on from it."""
    try:
        state = ix.state_from_json(doc)
    except RefereeError:
        return
    legal = mlem.legal_actions(state)
    if legal:
        mlem.apply(state, data.draw(st.sampled_from(legal)))
