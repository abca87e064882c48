"""A Hypothesis state machine over Celestia games: any path of legal actions and chance
outcomes keeps the engine's invariants."""

from __future__ import annotations

from hypothesis import HealthCheck, note, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from tabletop_referee.errors import IllegalAction
from tabletop_referee.games.celestia import GAME
from tabletop_referee.games.celestia.model import CHANCE, OPTION_VALUES

OPTION_STRATEGY = st.fixed_dictionaries({}, optional={
    name: st.sampled_from(values) for name, values in OPTION_VALUES.items()
})


class CelestiaMachine(RuleBasedStateMachine):
    @initialize(players=st.integers(2, 6), options=OPTION_STRATEGY, captain=st.integers(0, 5))
    def start(self, players, options, captain):
        self.state = GAME.initial_state(GAME.make_setup(players, options, captain % players))
        self.steps = 0
        note(f"new game: {players} players, first captain {captain % players}, options {options or 'default'}")

    @precondition(lambda self: not GAME.is_over(self.state))
    @rule(data=st.data())
    def step(self, data):
        s = self.state
        actors = GAME.actors(s)
        choices = [a for a, _ in GAME.chance_outcomes(s)] if actors == (CHANCE,) else GAME.legal_actions(s)
        a = choices[data.draw(st.integers(0, len(choices) - 1), label="choice")]
        note(f"step {self.steps + 1}, {actors[0]}: {GAME.notation.action_text(a)}")  # short notation, not a repr
        t = GAME.apply(s, a)
        assert all(e.clause for e in t.events)
        self.state = t.state
        self.steps += 1

    @precondition(lambda self: not GAME.is_over(self.state) and GAME.actors(self.state) != (CHANCE,))
    @rule(data=st.data())
    def wrong_player_is_refused(self, data):
        s = self.state
        actor = GAME.actors(s)[0]
        other = data.draw(st.integers(0, s.players - 1).filter(lambda p: p != actor))
        from tabletop_referee.games.celestia import Pass, Stay

        for a in (Pass(other), Stay(other)):
            try:
                GAME.apply(s, a)
            except IllegalAction as exc:
                assert exc.clause in ("turn.pending", "turn.step", "passengers.captain-stays")
            else:
                raise AssertionError(f"{GAME.notation.action_text(a)!r} accepted from player {other}, who is not to act")

    @invariant()
    def consistent(self):
        s = self.state
        assert GAME.rules.state_problems(s) == []
        actors = GAME.actors(s)
        if GAME.is_over(s):
            assert actors == () and GAME.legal_actions(s) == ()
            assert GAME.scoring.winners(s)
        elif actors == (CHANCE,):
            outcomes = GAME.chance_outcomes(s)
            assert outcomes and sum(p for _, p in outcomes) == 1
        else:
            assert GAME.legal_actions(s)
            assert GAME.chance_outcomes(s) == ()

    @invariant()
    def json_round_trip(self):
        s = self.state
        assert GAME.state_from_json(GAME.state_to_json(s)) == s
        p = self.steps % s.players
        obs = GAME.observe(s, p)
        assert obs.hands[p] == s.hands[p]


TestCelestiaMachine = CelestiaMachine.TestCase
TestCelestiaMachine.settings = settings(
    max_examples=40, stateful_step_count=60, deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
