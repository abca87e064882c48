"""A Hypothesis state machine plays Seven Knights Bewitched: random setups (every option may
vary), random legal actions and withdrawals, and after every step the invariants hold."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, note, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule
from sk_helpers import GAME

from tabletop_referee.errors import IllegalAction
from tabletop_referee.games.seven_knights.model import Answer, Withdraw
from tabletop_referee.games.seven_knights.rules.bewitch import on_witch_team


class SevenKnightsMachine(RuleBasedStateMachine):
    @initialize(seed=st.integers(0, 10_000), players=st.sampled_from([None, 3, 4, 5, 6, 7, 8]))
    def new_game(self, seed, players):
        rng = random.Random(seed)
        try:
            self.setup = GAME.random_setup(rng, players=players, vary=True)
        except IllegalAction:
            self.setup = GAME.random_setup(rng, vary=True)
        self.state = GAME.initial_state(self.setup)
        self.rng = rng
        doc = GAME.setup_to_json(self.setup)
        changed = {k: v for k, v in (doc.get("options") or {}).items() if v != GAME.options.option_spec(k).default}
        note(f"new game: {doc['players']} players, options {changed or 'default'}")
    @rule(pick=st.integers(0, 2**32))
    def step(self, pick):
        s = self.state
        if GAME.is_over(s):
            note("game over: the same setup again")
            self.state = GAME.initial_state(self.setup)
            return
        actors = GAME.actors(s)
        if actors == ("chance",):
            action = GAME.rules.sample_chance(s, random.Random(pick))
            assert action in {a for a, _ in GAME.chance_outcomes(s)} or len(
                GAME.chance_outcomes(s)) > 50_000
        else:
            player = actors[pick % len(actors)]
            legal = GAME.legal_actions(s, player)
            assert legal, "a listed actor always has a legal action"
            action = legal[(pick // 7) % len(legal)]
        note(f"{actors[0] if len(actors) == 1 else 'secret choice'}: {GAME.notation.action_text(action)}")
        t = GAME.apply(s, action)
        assert all(e.clause for e in t.events)
        self.state = t.state

    @rule(pick=st.integers(0, 100))
    def withdraw_or_lie(self, pick):
        """At the recommendation, someone who has chosen withdraws; at an answer, the
        opposite of the truth is tried (accepted only from the Witch team)."""
        s = self.state
        if s.phase == "recommend":
            chosen = [p for p, r in enumerate(s.recommendations) if r is not None]
            if chosen:
                p = chosen[pick % len(chosen)]
                note(f"{p}: {GAME.notation.action_text(Withdraw(p))}")
                self.state = GAME.apply(s, Withdraw(p)).state
                assert p in GAME.actors(self.state)
        elif s.phase in ("answer", "captain-answer"):
            q = s.questions[-1]
            truths = GAME.legal_actions(s)
            lie = Answer(q.answerer, not truths[0].yes) if len(truths) == 1 else None
            if lie is not None:
                note(f"{q.answerer} tries a lie: {GAME.notation.action_text(lie)}")
                try:
                    GAME.apply(s, lie)
                    raise AssertionError("a Knights-team lie was accepted")
                except IllegalAction as e:
                    assert e.clause == "answer.knights-truthful"
                    assert not on_witch_team(s, q.answerer)

    @invariant()
    def holds_together(self):
        s = getattr(self, "state", None)
        if s is None:
            return
        assert GAME.rules.state_problems(s) == []
        assert GAME.state_from_json(GAME.state_to_json(s)) == s
        assert sum(s.scores) == sum(sum(r.points) for r in s.history)
        actors = GAME.actors(s)
        assert (actors == ()) == GAME.is_over(s)
        for p in range(s.players):
            obs = GAME.observe(s, p)
            if s.values:
                assert obs.values[p] == s.values[p]


TestSevenKnightsMachine = SevenKnightsMachine.TestCase
TestSevenKnightsMachine.settings = settings(
    max_examples=25, stateful_step_count=60, deadline=None,
    suppress_health_check=[HealthCheck.too_slow])
