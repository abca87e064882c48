"""The Celestia reference engine: the thin public surface over ``rules/``.

Pure functions of frozen values: no clocks, files or random numbers. Chance (the deal and
later draws from the action deck, treasure draws, event dice) arrives as chance actions
carrying their outcome; :func:`chance_outcomes` gives each with its exact probability.

Legal actions come in this deterministic order: chance outcomes in the order
:func:`chance_outcomes` lists them (card or face order); at the lone captain's choice
``land`` then ``go``; a passenger's ``stay`` then ``leave``; in the power window the Power
card plays (card order, then target/die) then ``pass``; the captain's ``meet`` then ``crash``;
after a crash ``jetpack`` then ``pass``.
"""

from __future__ import annotations

from fractions import Fraction

from ...errors import IllegalAction
from ..interface import CHANCE, Transition
from .model import (
    CARDS,
    FACE_INDEX,
    Action,
    Crash,
    Deal,
    Go,
    Hidden,
    Land,
    Leave,
    Meet,
    Outcome,
    Pass,
    Play,
    Reroll,
    Roll,
    Score,
    Setup,
    State,
    Stay,
    Treasure,
)
from .rules import crash, deck, end, equipment, journey, lone, passengers, power, roll, treasure
from .rules.deck import deck_cards
from .rules.work import Work

MIN_PLAYERS, MAX_PLAYERS = 2, 6


def initial_state(setup: Setup) -> State:
    """The state before the deal: every player is owed their starting hand [setup.*].

    Raises:
        IllegalAction: a player count outside 2-6, or a first captain who is not a player.
    """
    n = setup.players
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise IllegalAction("setup.players", f"Celestia is for 2 to 6 players, not {n}")
    if not 0 <= setup.first_captain < n:
        raise IllegalAction("setup.first-captain",
                            f"the first captain must be a player 0-{n - 1}, not {setup.first_captain}")
    if len(setup.options.city_dice) != len(setup.treasures.cities):
        raise IllegalAction("roll.dice-count", "city_dice must give one count per city")
    size = setup.deck.hand_size(n)
    cards = deck_cards(setup)
    if size * n > len(cards):
        raise IllegalAction("setup.hand-size", f"{n} hands of {size} need more than {len(cards)} cards")
    first = setup.first_captain
    to_deal = tuple((first + i) % n for _ in range(size) for i in range(n))
    s = State(
        setup=setup, phase="deal", journey=0, deck=cards, discard=(),
        hands=((),) * n, piles=tuple(c.treasures for c in setup.treasures.cities),
        won=((),) * n, aboard=(), captain=first, first_captain=first, city=0,
        to_deal=to_deal,
    )
    if not cards:
        w = Work(s)
        w.to_deal = []
        if deck.settle(w):
            journey.start(w)
        return w.freeze()
    return s


def actors(s: State) -> tuple:
    """Who decides next: ``()`` once the game is over, ``(CHANCE,)`` at chance nodes."""
    p = s.phase
    if p == "game-over":
        return ()
    if p in ("deal", "roll", "treasure", "reroll"):
        return (CHANCE,)
    if p in ("land-or-roll", "challenge"):
        return (s.captain,)
    return (s.cursor,)


def current_actor(s: State):
    a = actors(s)
    return a[0] if a else None


def chance_outcomes(s: State) -> tuple[tuple[Action, Fraction], ...]:
    """Every chance outcome with its exact probability; ``()`` off chance nodes."""
    p = s.phase
    if p == "deal":
        return deck.outcomes(s)
    if p == "roll":
        return roll.outcomes(s)
    if p == "treasure":
        return treasure.outcomes(s)
    if p == "reroll":
        return tuple((Reroll(r.faces), q) for r, q in roll.outcomes_for(s.rerolls))
    return ()


def legal_actions(s: State, player: int | None = None) -> tuple[Action, ...]:
    """Every legal action of the one actor, in the order the module docstring gives."""
    p = s.phase
    if p == "game-over":
        return ()
    if p in ("deal", "roll", "treasure", "reroll"):
        return tuple(a for a, _ in chance_outcomes(s))
    actor = current_actor(s)
    if player is not None and player != actor:
        return ()
    if p == "land-or-roll":
        return (Land(actor), Go(actor))
    if p == "decide":
        return (Stay(actor), Leave(actor)) if passengers.may_leave(s) else (Stay(actor),)
    if p == "power":
        return tuple(power.plays(s, actor)) + (Pass(actor),)
    if p == "challenge":
        return tuple(equipment.options(s))
    if p == "jetpack":
        return tuple(crash.options(s, actor))
    return ()


_PHASE_ACTIONS: dict[str, tuple[type, ...]] = {
    "deal": (Deal,), "roll": (Roll,), "treasure": (Treasure,), "reroll": (Reroll,),
    "land-or-roll": (Land, Go), "decide": (Stay, Leave), "power": (Play, Pass),
    "challenge": (Meet, Crash), "jetpack": (Play, Pass),
}


def apply(s: State, action: Action) -> Transition:
    """The state after ``action`` and the events it caused.

    Raises:
        IllegalAction: the action is not allowed here; ``clause`` names the rule it breaks.
    """
    phase = s.phase
    if phase == "game-over":
        raise IllegalAction("turn.game-over", f"the game is over; no {action.type} action")
    kind = type(action)
    expected = _PHASE_ACTIONS[phase]
    if kind not in expected:
        names = " or ".join(k.type for k in expected)
        clause = "turn.chance" if kind in (Deal, Roll, Treasure, Reroll) or phase in (
            "deal", "roll", "treasure", "reroll") else "turn.step"
        raise IllegalAction(clause, f"the {phase} step accepts {names}, not a {action.type} action")
    if kind in (Deal, Roll, Treasure, Reroll):
        if not _possible(s, action):
            raise IllegalAction("turn.chance", f"{_chance_text(action)} cannot come up here")
    else:
        actor = current_actor(s)
        if kind is Leave and action.player == s.captain and action.player != actor:
            raise IllegalAction("passengers.captain-stays",
                                "the captain takes no part in the passengers' decisions and "
                                "cannot leave the aircraft during them")
        if action.player != actor:
            raise IllegalAction("turn.pending",
                                f"it is player {actor}'s decision, not player {action.player}'s")
    w = Work(s)
    _dispatch(w, phase, action)
    return Transition(w.freeze(), tuple(w.events))


def _possible(s: State, a) -> bool:
    """Whether chance outcome ``a`` has a non-zero probability here (cheaper than listing)."""
    p = s.phase
    if p == "deal":
        return a.card in s.deck
    if p == "treasure":
        return a.card in s.piles[s.to_treasure[0][1]]
    n = roll.dice(s) if p == "roll" else s.rerolls
    faces = a.faces
    return (isinstance(faces, tuple) and len(faces) == n and all(f in FACE_INDEX for f in faces)
            and list(faces) == sorted(faces, key=FACE_INDEX.__getitem__))


def _chance_text(a) -> str:
    if isinstance(a, (Roll, Reroll)):
        return "a roll of " + (" ".join(a.faces) or "no dice")
    return f"a {a.card} card"


def _dispatch(w: Work, phase: str, a) -> None:
    if phase == "deal":
        if deck.deal(w, a):
            journey.start(w)
    elif phase == "roll":
        roll.apply_roll(w, a)
    elif phase == "treasure":
        treasure.draw(w, a)
    elif phase == "reroll":
        power.rerolled(w, a.faces)
    elif phase == "land-or-roll":
        (lone.land if isinstance(a, Land) else lone.go)(w, a)
    elif phase == "decide":
        (passengers.leave if isinstance(a, Leave) else passengers.stay)(w, a)
    elif phase == "power":
        (power.play if isinstance(a, Play) else power.pass_)(w, a)
    elif phase == "challenge":
        (equipment.meet if isinstance(a, Meet) else equipment.give_up)(w, a)
    elif phase == "jetpack":
        (crash.escape if isinstance(a, Play) else crash.decline)(w, a)


def is_over(s: State) -> bool:
    return s.phase == "game-over"


def observe(s: State, player: int) -> State:
    """What ``player`` may see [observation.*]: their own hand; the deck, the treasure piles and
    every other hand as :class:`Hidden` sizes; everything else is public."""
    return State(
        s.setup, s.phase, s.journey, Hidden(len(s.deck)), s.discard,
        tuple(h if q == player else Hidden(len(h)) for q, h in enumerate(s.hands)),
        tuple(Hidden(len(p)) for p in s.piles), s.won, s.aboard, s.captain, s.first_captain,
        s.city, s.roll, s.cursor, s.passes, s.rerolls, s.jetpacks, s.first_to_target,
        s.to_deal, s.to_treasure, s.after_treasure, s.ended,
    )


def scores(s: State) -> tuple[Score, ...]:
    """Each player's treasure cards and total now [end.score]."""
    return tuple(Score(p, s.won[p], end.total(s, p)) for p in range(s.players))


def totals(s: State) -> tuple[int, ...]:
    return tuple(end.total(s, p) for p in range(s.players))


def outcome(s: State) -> Outcome | None:
    """The winners and why the game ended; ``None`` while it goes on [end.winner, end.ties]."""
    if s.phase != "game-over":
        return None
    return Outcome(end.winners_of(s), s.ended or "target")


__all__ = [
    "CARDS", "actors", "apply", "chance_outcomes", "current_actor", "deck_cards",
    "initial_state", "is_over", "legal_actions", "observe", "outcome", "scores", "totals",
]
