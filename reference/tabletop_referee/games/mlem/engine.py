"""The MLEM reference engine: pure functions over the frozen values of :mod:`.model`.

Public surface:

- :func:`initial_state` (a :class:`Setup` → the first state, phase ``takeoff``);
- :func:`current_actor` (a player number, :data:`CHANCE`, or ``None`` once the game is over);
- :func:`legal_actions` (deterministic order: sorted by canonical JSON text);
- :func:`chance_outcomes` (the distinct rolls with their probabilities);
- :func:`apply` (→ :class:`Transition`: the new state and the events, each naming its clause);
- :func:`scores`, :func:`outcome`.

Illegal actions raise :class:`~tabletop_referee.errors.IllegalAction` carrying the clause id.
Nothing here reads clocks, files, environment or random numbers: dice arrive as ``Roll``
actions.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
from fractions import Fraction
from functools import lru_cache
from math import factorial

from ...errors import IllegalAction
from .canonical import action_to_json
from .model import (
    ASTRONAUT_INDEX,
    ASTRONAUTS,
    CHANCE,
    CHANCE_PHASES,
    DICE_COUNT,
    DIE,
    FACE_INDEX,
    FACE_VALUE,
    FACES,
    EXPLORATION_REVEALED,
    GOAL_POINTS,
    GOALS,
    MISSION_POINTS,
    MISSIONS_DEALT,
    TUNNEL_JUMP,
    UFO_LOWEST_SPACE,
    Action,
    Discard,
    Draw,
    Embark,
    Event,
    Exploration,
    Hidden,
    Land,
    Landing,
    Missions,
    Move,
    Outcome,
    Reroll,
    Roll,
    Rocket,
    Score,
    Seat,
    Setup,
    State,
    Stay,
    Transition,
    Ufo,
)

__all__ = [
    "initial_state",
    "current_actor",
    "legal_actions",
    "chance_outcomes",
    "apply",
    "is_legal",
    "scores",
    "outcome",
    "landing_targets",
    "observe",
    "mission_dealee",
    "fulfilled_missions",
]

_PHASE_ACTIONS = {
    "exploration-setup": (Draw,),
    "mission-deal": (Draw,),
    "mission-discard": (Discard,),
    "arrival": (Draw,),
    "takeoff": (Embark,),
    "roll": (Roll,),
    "move": (Move, Reroll),
    "landing": (Land, Stay),
    "exploration-draw": (Draw,),
    "parachute": (Land, Stay),
}

_DRAW_CLAUSE = {
    "exploration-setup": "exploration.setup",
    "mission-deal": "missions.deal",
    "arrival": "ufo.arrival",
    "exploration-draw": "exploration.replace",
}


# -- setup ----------------------------------------------------------------------------------


def initial_state(setup: Setup) -> State:
    """Returns the state before the first takeoff [setup.players] [setup.start-player].

    Raises:
        IllegalAction: for a player count outside 2..5 or a start player out of range.
    """
    if not 2 <= setup.players <= 5:
        raise IllegalAction("setup.players", f"MLEM needs 2 to 5 players, not {setup.players}")
    if not 0 <= setup.start_player < setup.players:
        raise IllegalAction(
            "setup.start-player",
            f"start player {setup.start_player} is not one of players 0..{setup.players - 1}",
        )
    board = setup.board
    state = State(
        board=board,
        options=setup.options,
        phase="takeoff",
        start_player=setup.start_player,
        expedition=1,
        crashes=0,
        reserves=tuple(ASTRONAUTS for _ in range(setup.players)),
        rocket=Rocket(space=board.start_space, dice=DICE_COUNT),
    )
    variants = setup.options.variants
    if not variants:
        return state
    tokens = setup.tokens
    if tokens is None:
        raise IllegalAction("variants.selection", "the variants need a token set (Setup.tokens)")
    n = setup.players
    empty = tuple(() for _ in range(n))
    exploration = missions = ufo = None
    if "exploration" in variants:
        exploration = Exploration(pile=tokens.exploration, held=empty)
    if "missions" in variants:
        if len(tokens.missions) < MISSIONS_DEALT * n:
            raise IllegalAction(
                "missions.deal",
                f"{n} players need {MISSIONS_DEALT * n} mission tokens; token set"
                f" {tokens.id!r} has {len(tokens.missions)}",
            )
        missions = Missions(pile=tokens.missions, hands=empty, discarded=empty)
    if "ufo" in variants:
        home = board.end if tokens.ufo_home is None else tokens.ufo_home
        ufo = Ufo(home=home, space=home, pile=tokens.arrivals, held=empty)
    w = _Work(State(
        board, setup.options, "takeoff", setup.start_player, 1, 0, state.reserves, state.rocket,
        exploration=exploration, missions=missions, ufo=ufo,
    ))
    _setup_next(w)
    return w.freeze()


# -- queries --------------------------------------------------------------------------------


def current_actor(state: State) -> int | str | None:
    """Returns who decides next: a player number, :data:`CHANCE`, or ``None`` (game over)."""
    phase = state.phase
    if phase == "takeoff":
        return (state.start_player + len(state.rocket.seats)) % state.players
    if phase in CHANCE_PHASES:
        return CHANCE
    if phase == "mission-discard":
        return _next_discarder(state.start_player, state.missions.hands)
    if phase == "move":
        return state.rocket.seats[0].player
    if phase in ("landing", "parachute"):
        return state.rocket.seats[state.rocket.cursor].player
    return None


def landing_targets(state: State, seat_index: int) -> tuple[int, ...]:
    """Returns the spaces the astronaut in that seat could land on now, ascending.

    In a landing phase: the rocket's space, and for a Plus-minus astronaut the spaces next to
    it [power.plus-minus]; in a parachute phase: the crash space, for Parachute astronauts only
    [crash.parachute]. A full moon or a space with nothing to land on offers nothing
    [landing.full-moon] [landing.no-site].
    """
    r = state.rocket
    return _targets(state.board, state.phase, r.space, r.seats[seat_index].astronaut, state.landed)


def _targets(board, phase: str, here: int, astronaut: str, landed) -> tuple[int, ...]:
    if phase == "parachute":
        if astronaut != "parachute":
            return ()
    elif astronaut == "plus-minus":
        end = board.end
        return tuple(
            s for s in (here - 1, here, here + 1) if 0 <= s < end and _has_room(board, landed, s)
        )
    # Only the rocket's own space (never deep space: everyone lands there automatically).
    return (here,) if here < board.end and _has_room(board, landed, here) else ()


def _has_room(board, landed, space: int) -> bool:
    spec = board.spaces[space]
    if spec.planet is not None:
        return True
    if spec.moons:
        return _moon_count(landed, space) < len(spec.moons)
    return False


def _moon_count(landed, space: int) -> int:
    n = 0
    for x in landed:
        if x.space == space and x.site == "moon":
            n += 1
    return n


def _available_die_ones(state: State) -> tuple[int, ...]:
    return tuple(
        sorted(s.player for s in state.rocket.seats if s.astronaut == "die-one" and not s.flipped)
    )


def legal_actions(state: State) -> tuple[Action, ...]:
    """Returns every legal action, sorted by canonical JSON text; ``()`` once the game is over.

    At a chance node the actions are the distinct rolls (see :func:`chance_outcomes`).
    """
    phase = state.phase
    rocket = state.rocket
    if phase == "takeoff":
        player = current_actor(state)
        return _embark_actions(player, state.reserves[player])
    if phase in CHANCE_PHASES:
        return tuple(action for action, _ in chance_outcomes(state))
    if phase == "move":
        allowed = state.board.spaces[rocket.space].faces
        die_ones = _available_die_ones(state) if "1" in allowed else ()
        if die_ones and not state.options.die_one_rescue and not any(f in allowed for f in rocket.roll):
            die_ones = ()  # [power.die-one]: only a roll with a fitting die (a UFO ability saved it)
        player = rocket.seats[0].player
        single = state.options.dice_selection == "single-group"
        any_dice = state.options.dice_grouping == "any-dice"
        roll = rocket.roll or ()
        moves = _move_actions(player, allowed, _roll_counts(roll), die_ones, single, any_dice)
        if state.ufo is None:
            return moves
        ability = _ability(state.ufo)
        if ability is None:
            return moves
        usable = _extra_face_usable(state, ability)
        if usable and state.options.ufo_extra_face_use == "with-dice":
            # [ufo.extra-face]: the token's face is one more die, joining the rolled dice
            face = state.ufo.arrival.face
            allowed_x = tuple(f for f in FACES if f in allowed or f == face)
            roll_x = roll + (face,)
            ones = _available_die_ones(state) if "1" in allowed_x else ()
            with_face = [
                Move(m.player, m.faces, m.die_one, "extra-face", m.dice)
                for m in _move_actions(player, allowed_x, _roll_counts(roll_x), ones, single, any_dice)
                if face in m.faces and dict(m.dice).get(face, 1) >= 1
            ]
            return _sorted([*moves, *with_face])
        return _ability_actions(player, moves, ability, usable)
    if phase == "mission-discard":
        player = current_actor(state)
        return tuple(Discard(player, t.id) for t in state.missions.hands[player])
    if phase in ("landing", "parachute"):
        player = current_actor(state)
        return _landing_actions(player, landing_targets(state, rocket.cursor))
    return ()


def _sorted(actions) -> tuple[Action, ...]:
    return tuple(sorted(actions, key=_sort_key))


@lru_cache(maxsize=4096)
def _sort_key(action: Action) -> str:
    """The canonical JSON text of an action (actions are values, so the text is cached)."""
    return json.dumps(action_to_json(action), sort_keys=True, separators=(",", ":"))


@lru_cache(maxsize=4096)
def _embark_actions(player: int, reserve: tuple[str, ...]) -> tuple[Action, ...]:
    return _sorted(Embark(player, a) for a in reserve)


@lru_cache(maxsize=4096)
def _landing_actions(player: int, targets: tuple[int, ...]) -> tuple[Action, ...]:
    return _sorted([*(Land(player, s) for s in targets), Stay(player)])


def _roll_counts(roll: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    """How many dice show each face, in canonical face order (faces not rolled left out)."""
    return tuple((f, roll.count(f)) for f in FACES if f in roll)


@lru_cache(maxsize=16384)
def _move_actions(
    player: int,
    allowed: tuple[str, ...],
    counts: tuple[tuple[str, int], ...],
    die_ones: tuple[int, ...],
    single_group: bool,
    any_dice: bool = False,
) -> tuple[Action, ...]:
    """The commander's choices: groups of allowed rolled faces (+ Die-1 astronauts); whole
    groups, or with dice_grouping=any-dice also any part of a group [travel.whole-group]."""
    rolled = dict(counts)
    groups = [f for f in allowed if f in rolled or (f == "1" and die_ones)]
    if single_group:
        choices = [(g,) for g in groups]
    else:
        choices = [
            c for r in range(1, len(groups) + 1) for c in itertools.combinations(groups, r)
        ]
    moves: list[Action] = []
    for faces in choices:
        uses = [()] if "1" not in faces else [
            used for r in range(len(die_ones) + 1) for used in itertools.combinations(die_ones, r)
            if used or "1" in rolled
        ]
        for used in uses:
            if not any_dice:
                moves.append(Move(player, faces, used))
                continue
            # per face: any count from 1 (0 for the 1s when a Die-1 astronaut is used) to all
            ranges = [range(0 if f == "1" and used else 1, rolled.get(f, 0) + 1) for f in faces]
            for ks in itertools.product(*ranges):
                dice = tuple((f, k) for f, k in zip(faces, ks) if k < rolled.get(f, 0))
                moves.append(Move(player, faces, used, None, dice))
    return _sorted(moves)


def _ability(ufo: Ufo | None):
    """The arrival token's ability still usable this expedition, or ``None`` [ufo.ability]."""
    if ufo is None or ufo.arrival is None or ufo.ability_used:
        return None
    return ufo.arrival.ability


def _extra_face_usable(state: State, ability: str) -> bool:
    if ability != "extra-face":
        return False
    return _extra_face_fits(state.options, state.ufo.arrival.face, state.board.spaces[state.rocket.space])


def _extra_face_fits(options, face: str, here) -> bool:
    """[ufo.extra-face]: allowed here (ufo_extra_face=allowed-only) or anywhere (any-space);
    an afterburner is worth the space's dots, so it needs a space that prints them."""
    if face == "afterburner" and here.afterburner is None:
        return False
    return options.ufo_extra_face == "any-space" or face in here.faces


def _ability_actions(player: int, moves: tuple[Action, ...], ability: str, extra_face: bool):
    if ability == "keep-dice":
        extra = [Move(m.player, m.faces, m.die_one, "keep-dice", m.dice) for m in moves]
    elif ability == "reroll":
        extra = [Reroll(player)]
    else:
        extra = [Move(player, (), (), "extra-face")] if extra_face else []
    return _sorted([*moves, *extra])


def _next_discarder(start_player: int, hands) -> int:
    n = len(hands)
    for i in range(n):
        p = (start_player + i) % n
        if len(hands[p]) == MISSIONS_DEALT:
            return p
    raise AssertionError("no player has a mission to discard")


def mission_dealee(state: State) -> int:
    """The player the next mission goes to, in phase ``mission-deal`` [missions.deal]."""
    return _next_dealee(state.start_player, state.missions.hands)


def _next_dealee(start_player: int, hands) -> int:
    n = len(hands)
    for i in range(n):
        p = (start_player + i) % n
        if len(hands[p]) < MISSIONS_DEALT:
            return p
    raise AssertionError("every hand is complete")


def _draw_pile(state: State):
    return _draw_section(state).pile


def _draw_section(s):
    """The variant section (of a State or a _Work) whose face-down pile the draw phase uses."""
    if s.phase in ("exploration-setup", "exploration-draw"):
        return s.exploration
    if s.phase == "mission-deal":
        return s.missions
    return s.ufo


@lru_cache(maxsize=None)
def _roll_outcomes(dice: int) -> tuple[tuple[Roll, Fraction], ...]:
    weights = {f: Fraction(DIE.count(f), len(DIE)) for f in FACES}
    out = []
    for combo in itertools.combinations_with_replacement(FACES, dice):
        p = Fraction(factorial(dice))
        for f in FACES:
            k = combo.count(f)
            p *= weights[f] ** k / factorial(k)
        out.append((Roll(combo), p))
    return tuple(out)


def chance_outcomes(state: State) -> tuple[tuple[Action, Fraction], ...]:
    """Returns the chance outcomes with their probabilities; ``()`` unless at a chance node.

    In phase ``roll``: the distinct rolls of the available dice [components.dice], each a
    multiset of faces in canonical face order. In the draw phases: one :class:`Draw` per token
    left in the face-down pile, each equally likely, in id order.
    """
    phase = state.phase
    if phase == "roll":
        return _roll_outcomes(state.rocket.dice)
    if phase not in CHANCE_PHASES:
        return ()
    pile = _draw_pile(state)
    p = Fraction(1, len(pile))
    return tuple((Draw(t.id), p) for t in pile)


def is_legal(state: State, action: Action) -> bool:
    try:
        apply(state, action)
    except IllegalAction:
        return False
    return True


# -- apply ----------------------------------------------------------------------------------


def apply(state: State, action: Action) -> Transition:
    """Returns the state after ``action`` and the events it caused.

    Raises:
        IllegalAction: the action is not allowed here; ``clause`` names the rule it breaks.
    """
    phase = state.phase
    if phase == "game-over":
        raise IllegalAction("turn.phase", f"the game is over ({state.ended}); no {action.type} action")
    kind = type(action)
    expected = _PHASE_ACTIONS[phase]
    if kind not in expected:
        names = " or ".join(k.type for k in expected)
        raise IllegalAction(
            "turn.phase", f"phase {phase} accepts {names}, not a {action.type} action"
        )
    if kind is not Roll and kind is not Draw:
        actor = current_actor(state)
        if action.player != actor:
            raise IllegalAction(
                "turn.actor", f"it is player {actor}'s decision, not player {action.player}'s"
            )
    w = _Work(state)
    _HANDLERS[kind](w, action)
    return Transition(w.freeze(), tuple(w.events))


class _Work:
    """A mutable scratch copy of a state, used only inside :func:`apply`."""

    __slots__ = (
        "board", "options", "phase", "start_player", "expedition", "crashes", "reserves",
        "space", "dice", "seats", "roll", "cursor", "landed", "goals", "ended", "events",
        "exploration", "missions", "ufo", "die_one_spent",
    )

    def __init__(self, s: State) -> None:
        r = s.rocket
        self.board = s.board
        self.options = s.options
        self.phase = s.phase
        self.start_player = s.start_player
        self.expedition = s.expedition
        self.crashes = s.crashes
        self.reserves = s.reserves
        self.space = r.space
        self.dice = r.dice
        self.seats = list(r.seats)
        self.roll = r.roll
        self.cursor = r.cursor
        self.landed = s.landed
        self.goals = s.goals
        self.ended = s.ended
        self.exploration = s.exploration
        self.missions = s.missions
        self.ufo = s.ufo
        self.die_one_spent = s.die_one_spent
        self.events: list[Event] = []

    def freeze(self) -> State:
        # Positional arguments, in State's field order: this runs once per action.
        return State(
            self.board, self.options, self.phase, self.start_player, self.expedition,
            self.crashes, self.reserves,
            Rocket(self.space, self.dice, tuple(self.seats), self.roll, self.cursor),
            self.landed, self.goals, self.ended, self.exploration, self.missions, self.ufo,
            self.die_one_spent,
        )

    def emit(self, type_: str, clause: str, **data) -> None:
        self.events.append(Event(type_, clause, tuple(data.items())))

    @property
    def players(self) -> int:
        return len(self.reserves)


# takeoff ---------------------------------------------------------------------------------


def _handlers():
    return {
        Embark: _embark, Roll: _roll, Move: _move, Land: _land, Stay: _stay,
        Draw: _draw, Discard: _discard, Reroll: _reroll,
    }


def _embark(w: _Work, a: Embark) -> None:
    # [takeoff.boarding-order]
    reserve = w.reserves[a.player]
    if a.astronaut not in reserve:
        raise IllegalAction(
            "takeoff.boarding-order",
            f"player {a.player} has no {a.astronaut!r} astronaut on their board"
            f" (they have: {', '.join(reserve) or 'none'})",
        )
    i = reserve.index(a.astronaut)
    w.reserves = _replace_at(w.reserves, a.player, reserve[:i] + reserve[i + 1 :])
    # [power.die-one] with die_one=once-per-game: a spent Die-1 boards face down
    spent = a.astronaut == "die-one" and a.player in w.die_one_spent
    w.seats.append(Seat(a.player, a.astronaut, spent))
    w.emit("boarded", "takeoff.boarding-order", player=a.player, astronaut=a.astronaut,
           seat=len(w.seats) - 1)
    if len(w.seats) < w.players:
        return
    # [power.satellite] / [takeoff.rocket-start]
    if any(s.astronaut == "satellite" for s in w.seats):
        w.space = w.board.satellite_space
        w.emit("rocket-placed", "power.satellite", space=w.space)
    else:
        w.space = w.board.start_space
        w.emit("rocket-placed", "takeoff.rocket-start", space=w.space)
    w.phase = "roll"


# travel ----------------------------------------------------------------------------------


def _roll(w: _Work, a: Roll) -> None:
    # [travel.roll]
    if len(a.faces) != w.dice:
        raise IllegalAction(
            "travel.roll", f"the roll has {len(a.faces)} faces but {w.dice} dice are available"
        )
    for f in a.faces:
        if f not in FACE_INDEX:
            raise IllegalAction("components.dice", f"{f!r} is not a die face")
    faces = tuple(sorted(a.faces, key=FACE_INDEX.__getitem__))
    w.emit("rolled", "travel.roll", faces=faces)
    allowed = w.board.spaces[w.space].faces
    if any(f in allowed for f in faces):
        w.roll, w.phase = faces, "move"
        return
    rescue = (
        w.options.die_one_rescue
        and "1" in allowed
        and any(s.astronaut == "die-one" and not s.flipped for s in w.seats)
    )
    if rescue:  # [power.die-one]: the extra 1 keeps the rocket flying
        w.roll, w.phase = faces, "move"
        return
    if w.ufo is not None and _ufo_rescue(w):  # [ufo.reroll] [ufo.extra-face]
        w.roll, w.phase = faces, "move"
        return
    _crash(w)


def _ufo_rescue(w: _Work) -> bool:
    ability = _ability(w.ufo)
    if ability == "reroll":
        return True
    if ability == "extra-face":
        return _extra_face_fits(w.options, w.ufo.arrival.face, w.board.spaces[w.space])
    return False


def _move(w: _Work, a: Move) -> None:
    with_dice = None  # the arrival token's face, when it joins the rolled dice
    if a.ability is not None:
        _check_ability(w, a.ability)
        if a.ability == "extra-face":
            if w.options.ufo_extra_face_use == "alone":
                _extra_face_move(w, a)
                return
            with_dice = w.ufo.arrival.face
    roll = w.roll or ()
    here = w.board.spaces[w.space]
    allowed = here.faces
    if with_dice is not None:
        # [ufo.extra-face] with ufo_extra_face_use=with-dice: one more die showing the face
        _check_extra_face_fits(w, with_dice, here)
        if with_dice not in a.faces:
            raise IllegalAction(
                "ufo.extra-face",
                f"with ufo_extra_face_use=with-dice the token's face {with_dice!r} is one more die:"
                f" the move must use the {with_dice!r} group",
            )
        roll = roll + (with_dice,)
        allowed = tuple(f for f in FACES if f in allowed or f == with_dice)
    if not a.faces:
        raise IllegalAction("travel.group-count", "a move must use at least one group of dice")
    if len(set(a.faces)) != len(a.faces):
        raise IllegalAction("travel.whole-group", f"faces {list(a.faces)} name a group twice")
    if w.options.dice_selection == "single-group" and len(a.faces) > 1:
        raise IllegalAction(
            "travel.group-count",
            f"with dice_selection=single-group exactly one group may be used, not {len(a.faces)}",
        )
    for f in a.faces:
        if f not in FACE_INDEX:
            raise IllegalAction("components.dice", f"{f!r} is not a die face")
        if f not in allowed:
            shown = ", ".join(here.faces) or "none"
            raise IllegalAction(
                "travel.allowed-faces",
                f"face {f!r} is not allowed on space {w.space} (allowed: {shown})",
            )
        if f not in roll and not (f == "1" and a.die_one):
            raise IllegalAction("travel.allowed-faces", f"no die shows {f!r} in the roll {list(roll)}")
    # [power.die-one]
    available = [s.player for s in w.seats if s.astronaut == "die-one" and not s.flipped]
    if len(set(a.die_one)) != len(a.die_one):
        raise IllegalAction("power.die-one", f"die_one {list(a.die_one)} names a player twice")
    for p in a.die_one:
        if p not in available:
            raise IllegalAction(
                "power.die-one", f"player {p} has no unused Die-1 astronaut aboard"
            )
    if a.die_one and "1" not in a.faces:
        raise IllegalAction(
            "power.die-one", "a Die-1 astronaut counts as a 1: the move must use the 1s group"
        )
    if a.die_one and not w.options.die_one_rescue and not any(f in allowed for f in roll):
        raise IllegalAction(
            "power.die-one",
            "with die_one_rescue=false a Die-1 astronaut may be used only when a rolled die fits the space",
        )
    # [travel.whole-group]: how many dice of each face are used
    used = _used_counts(w, a, roll, with_dice)
    # [travel.distance] [travel.afterburner]
    distance = len(a.die_one)
    removed = 0
    for f in a.faces:
        count = used[f]
        if f == "afterburner":
            distance += count * (here.afterburner or 0)
        else:
            distance += count * FACE_VALUE[f]
            removed += count
    if with_dice is not None and with_dice != "afterburner":
        removed -= 1  # the token's die is not a die of the rocket: nothing to remove
    start = w.space
    end = w.board.end
    target = min(start + distance, end)
    w.space = target
    w.roll = None
    clause = ("ufo.extra-face" if with_dice is not None
              else "travel.overshoot" if start + distance > end else "travel.distance")
    extra = {"dice": dict(sorted(a.dice, key=lambda d: FACE_INDEX[d[0]]))} if a.dice else {}
    w.emit("moved", clause,
           player=a.player, faces=tuple(sorted(a.faces, key=FACE_INDEX.__getitem__)),
           die_one=tuple(sorted(a.die_one)), **{"from": start}, to=target, distance=distance, **extra)
    if a.die_one:
        w.seats = [
            Seat(s.player, s.astronaut, True) if s.astronaut == "die-one" and s.player in a.die_one
            else s
            for s in w.seats
        ]
        for p in sorted(a.die_one):
            w.emit("die-one-used", "power.die-one", player=p)
        if w.options.die_one == "once-per-game":
            w.die_one_spent = tuple(sorted({*w.die_one_spent, *a.die_one}))
    if with_dice is not None:
        _use_ability(w, a.player, "extra-face", "ufo.extra-face")
    # [travel.remove-dice] [travel.last-die]
    if a.ability == "keep-dice":  # [ufo.keep-dice]
        _use_ability(w, a.player, "keep-dice", "ufo.keep-dice")
    elif removed:
        _remove_dice(w, removed, "travel.remove-dice")
    _after_movement(w, start, target)


def _used_counts(w: _Work, a: Move, roll: tuple[str, ...], token: str | None) -> dict[str, int]:
    """[travel.whole-group]: per face of the move, the dice used: all that show it, or with
    dice_grouping=any-dice the count ``a.dice`` names (1 or more; 0 only for the 1s when a
    Die-1 astronaut supplies the 1)."""
    used = {f: roll.count(f) for f in a.faces}
    seen: set[str] = set()
    for f, k in a.dice:
        if f not in used:
            raise IllegalAction("travel.whole-group", f"dice names face {f!r}, which the move does not use")
        if f in seen:
            raise IllegalAction("travel.whole-group", f"dice names face {f!r} twice")
        seen.add(f)
        n = used[f]
        if not isinstance(k, int) or isinstance(k, bool) or k < 0 or k > n:
            raise IllegalAction("travel.whole-group", f"{n} {'die shows' if n == 1 else 'dice show'} {f!r}: cannot use {k!r} of them")
        if k == n:
            raise IllegalAction(
                "travel.whole-group",
                f"all {n} dice showing {f!r} are its whole group: name the face alone, without a count",
            )
        if w.options.dice_grouping == "whole-groups":
            raise IllegalAction(
                "travel.whole-group",
                f"a face is used with all its dice: {n} {'die shows' if n == 1 else 'dice show'} {f!r},"
                f" so {k} cannot be used alone (dice_grouping=whole-groups)",
            )
        if k == 0 and not (f == "1" and a.die_one):
            raise IllegalAction("travel.whole-group", f"face {f!r} is named with 0 dice: a group used needs at least one")
        if token is not None and f == token and k < 1:
            raise IllegalAction("ufo.extra-face", f"the token's face {token!r} is one of the dice used")
        used[f] = k
    return used


def _check_ability(w: _Work, ability: str) -> None:
    """[ufo.ability]: the arrival token's ability, once per expedition, by the commander."""
    if w.ufo is None:
        raise IllegalAction("ufo.ability", f"the {ability} ability exists only in the UFO variant")
    arrival = w.ufo.arrival
    if arrival is None:
        raise IllegalAction("ufo.ability", "no arrival token was revealed this expedition")
    if arrival.ability != ability:
        raise IllegalAction(
            "ufo.ability",
            f"this expedition's arrival token {arrival.id} offers {arrival.ability}, not {ability}",
        )
    if w.ufo.ability_used:
        raise IllegalAction("ufo.ability", f"the {ability} ability was already used this expedition")


def _use_ability(w: _Work, player: int, ability: str, clause: str) -> None:
    w.ufo = _replace(w.ufo, ability_used=True)
    w.emit("ability-used", clause, player=player, ability=ability)


def _extra_face_move(w: _Work, a: Move) -> None:
    """[ufo.extra-face]: the token's face alone moves the rocket; no die is used or removed."""
    if a.faces or a.die_one:
        raise IllegalAction(
            "ufo.extra-face",
            "the extra face is used on its own: no rolled dice or Die-1 astronauts with it (ufo_extra_face_use=alone)",
        )
    face = w.ufo.arrival.face
    here = w.board.spaces[w.space]
    _check_extra_face_fits(w, face, here)
    distance = here.afterburner if face == "afterburner" else FACE_VALUE[face]
    start = w.space
    end = w.board.end
    target = min(start + distance, end)
    w.space = target
    w.roll = None
    w.emit("moved", "ufo.extra-face", player=a.player, faces=(face,), die_one=(),
           **{"from": start}, to=target, distance=distance)
    _use_ability(w, a.player, "extra-face", "ufo.extra-face")
    _after_movement(w, start, target)


def _check_extra_face_fits(w: _Work, face: str, here) -> None:
    if not _extra_face_fits(w.options, face, here):
        allowed = ", ".join(here.faces) or "none"
        why = ("space {0} prints no afterburner dots" if face == "afterburner" and here.afterburner is None
               else "the extra face is not allowed on space {0}")
        raise IllegalAction("ufo.extra-face", f"{why.format(w.space)} (token face {face!r}; allowed: {allowed})")


def _reroll(w: _Work, a: Reroll) -> None:
    # [ufo.reroll]: all available dice again; the new roll must be used.
    _check_ability(w, "reroll")
    w.roll = None
    w.phase = "roll"
    _use_ability(w, a.player, "reroll", "ufo.reroll")


def _after_movement(w: _Work, start: int, target: int) -> None:
    """What follows the end of a movement: the UFO, exploration tokens, then landing."""
    if w.ufo is not None:
        _encounter(w, start, target)
    if w.exploration is not None:
        _explore(w)
        if w.exploration.pending:
            if w.exploration.pile:
                w.phase = "exploration-draw"
                return
            w.exploration = _replace(w.exploration, pending=0)
    _arrive(w)


def _arrive(w: _Work) -> None:
    if w.space == w.board.end:
        _deep_space(w)
        return
    _begin_landing(w)


# exploration -----------------------------------------------------------------------------


def _explore(w: _Work) -> None:
    """[exploration.trigger]: tokens on the space where a movement ended take effect, in
    placement order; tunnels jump once all tokens of the space are resolved, and chain."""
    while True:
        ex = w.exploration
        here = [t for t in ex.spaces if t.space == w.space]
        if not here:
            return
        commander = w.seats[0].player
        jumps = 0
        spaces = tuple(t for t in ex.spaces if t.space != w.space)
        held = ex.held
        removed = ex.removed
        for t in here:
            w.emit("exploration-triggered", "exploration.trigger", player=commander, token=t.id,
                   space=w.space, effect=t.effect)
            if t.effect == "points":
                held = _replace_at(held, commander, held[commander] + (t,))
                w.emit("exploration-points", "exploration.points", player=commander, token=t.id,
                       points=t.points)
                continue
            removed = removed + (t,)
            if t.effect == "dice-reuse":
                cap = DICE_COUNT
                if w.options.dice_reuse_cap == "expedition" and w.ufo is not None and w.ufo.arrival:
                    cap = w.ufo.arrival.dice
                if w.dice < cap:
                    w.dice += 1
                    w.emit("die-reused", "exploration.dice-reuse", player=commander, dice=w.dice)
                else:
                    w.emit("dice-reuse-wasted", "exploration.dice-reuse", player=commander, dice=w.dice)
            else:
                jumps += 1
        w.exploration = _replace(ex, spaces=spaces, held=held, removed=removed,
                                 pending=ex.pending + len(here))
        if not jumps:
            return
        start = w.space
        end = w.board.end
        target = start + TUNNEL_JUMP * jumps
        if target > end:
            if w.options.tunnel_past_end == "no-move":
                w.emit("tunnel-blocked", "exploration.tunnel-past-end", **{"from": start})
                return
            w.space = end
            w.emit("tunnel", "exploration.tunnel-past-end", **{"from": start}, to=end)
        else:
            w.space = target
            w.emit("tunnel", "exploration.tunnel", **{"from": start}, to=target)
        if w.ufo is not None:
            _encounter(w, start, w.space)


def _place_exploration(w: _Work, token, clause: str) -> bool:
    """Places a revealed token on its space; returns False when it was set aside instead."""
    ex = w.exploration
    if w.options.exploration_collision == "set-aside" and any(t.space == token.space for t in ex.spaces):
        w.exploration = _replace(ex, removed=ex.removed + (token,))
        w.emit("token-set-aside", "exploration.collision", token=token.id, space=token.space)
        return False
    w.exploration = _replace(ex, spaces=ex.spaces + (token,))
    w.emit("token-revealed", clause, token=token.id, space=token.space)
    return True


# chance draws, setup and expedition start ---------------------------------------------------


def _draw(w: _Work, a: Draw) -> None:
    phase = w.phase
    clause = _DRAW_CLAUSE[phase]
    section = _draw_section(w)
    pile = section.pile
    token = next((t for t in pile if t.id == a.token), None)
    if token is None:
        left = ", ".join(t.id for t in pile) or "none"
        raise IllegalAction(clause, f"token {a.token!r} is not in the face-down pile (left: {left})")
    pile = tuple(t for t in pile if t is not token)
    if phase == "exploration-setup":
        w.exploration = _replace(section, pile=pile)
        _place_exploration(w, token, clause)
        _setup_next(w)
    elif phase == "exploration-draw":
        w.exploration = _replace(section, pile=pile)
        if _place_exploration(w, token, clause):
            w.exploration = _replace(w.exploration, pending=w.exploration.pending - 1)
        if w.exploration.pending and w.exploration.pile:
            return
        w.exploration = _replace(w.exploration, pending=0)
        _arrive(w)
    elif phase == "mission-deal":
        m = section
        player = _next_dealee(w.start_player, m.hands)
        hand = tuple(sorted(m.hands[player] + (token,), key=lambda t: t.id))
        w.missions = _replace(m, pile=pile, hands=_replace_at(m.hands, player, hand))
        w.emit("mission-dealt", clause, player=player, token=token.id)
        _setup_next(w)
    else:
        _reveal_arrival(w, token, pile)


def _reveal_arrival(w: _Work, token, pile) -> None:
    # [ufo.arrival] [ufo.movement]
    u = w.ufo
    space = max(UFO_LOWEST_SPACE, u.space - token.ufo_move)
    w.ufo = _replace(u, pile=pile, arrival=token, ability_used=False, space=space)
    w.dice = token.dice
    w.emit("arrival-revealed", "ufo.arrival", token=token.id, ufo_move=token.ufo_move,
           dice=token.dice)
    if space != u.space:
        w.emit("ufo-moved", "ufo.movement", **{"from": u.space}, to=space)
    w.phase = "takeoff"


def _discard(w: _Work, a: Discard) -> None:
    # [missions.discard]
    m = w.missions
    hand = m.hands[a.player]
    token = next((t for t in hand if t.id == a.token), None)
    if token is None:
        raise IllegalAction(
            "missions.discard",
            f"player {a.player} holds no mission {a.token!r} (they hold: {', '.join(t.id for t in hand)})",
        )
    w.missions = _replace(
        m,
        hands=_replace_at(m.hands, a.player, tuple(t for t in hand if t is not token)),
        discarded=_replace_at(m.discarded, a.player, (token,)),
    )
    w.emit("mission-discarded", "missions.discard", player=a.player, token=token.id)
    _setup_next(w)


def _setup_next(w: _Work) -> None:
    """Moves to the next step of a variant setup, or to the first expedition."""
    ex = w.exploration
    if ex is not None and len(ex.spaces) < EXPLORATION_REVEALED and ex.pile:
        w.phase = "exploration-setup"
        return
    m = w.missions
    if m is not None:
        if any(len(h) < MISSIONS_DEALT for h in m.hands) and not any(m.discarded):
            w.phase = "mission-deal"
            return
        if any(len(h) == MISSIONS_DEALT for h in m.hands):
            w.phase = "mission-discard"
            return
    _start_expedition(w)


def _start_expedition(w: _Work) -> None:
    # [ufo.arrival] [ufo.arrivals-exhausted]
    u = w.ufo
    if u is None:
        w.phase = "takeoff"
        return
    if not u.pile and u.used and w.options.arrivals_exhausted == "reshuffle":
        w.ufo = u = _replace(u, pile=tuple(sorted(u.used, key=lambda t: t.id)), used=())
        w.emit("arrivals-reshuffled", "ufo.arrivals-exhausted", count=len(u.pile))
    if u.pile:
        w.phase = "arrival"
        return
    w.emit("no-arrival", "ufo.arrivals-exhausted", expedition=w.expedition)
    w.phase = "takeoff"


# the UFO ---------------------------------------------------------------------------------


def _encounter(w: _Work, start: int, target: int) -> None:
    """[ufo.encounter] [ufo.tokens] [ufo.after-encounter]"""
    u = w.ufo
    if w.options.ufo_encounter == "exact":
        met = target == u.space and target != start
    else:
        met = start < u.space <= target
    if not met or not w.seats:
        return
    w.emit("ufo-encountered", "ufo.encounter", space=u.space, player=w.seats[0].player)
    takers = [w.seats[0].player] if w.options.ufo_token_taker == "commander" else [s.player for s in w.seats]
    stack, held = u.stack, u.held
    for p in takers:
        if not stack:
            break
        held = _replace_at(held, p, held[p] + (stack[0],))
        w.emit("ufo-token-taken", "ufo.tokens", player=p, value=stack[0])
        stack = stack[1:]
    space = u.space
    if w.options.ufo_after_encounter == "return" and space != u.home:
        w.emit("ufo-returned", "ufo.after-encounter", **{"from": space}, to=u.home)
        space = u.home
    w.ufo = _replace(u, stack=stack, held=held, space=space)


def _remove_dice(w: _Work, count: int, clause: str) -> None:
    w.dice -= count
    w.emit("dice-removed", clause, count=count, dice=w.dice)
    if w.dice < 1:
        w.dice = 1
        w.emit("die-restored", "travel.last-die", dice=1)


# crash -----------------------------------------------------------------------------------


def _crash(w: _Work) -> None:
    # [crash.trigger] [crash.track]
    w.crashes += 1
    w.emit("crashed", "crash.trigger", space=w.space, crashes=w.crashes)
    w.roll = None
    w.phase = "parachute"
    w.cursor = 0
    _advance_decisions(w)


def _finish_crash(w: _Work) -> None:
    _end_expedition(w, "crash")


# landing ---------------------------------------------------------------------------------


def _begin_landing(w: _Work) -> None:
    # [landing.no-site]: nothing to land on here, so no landing phase.
    if not w.board.spaces[w.space].has_site:
        w.emit("no-landing", "landing.no-site", space=w.space)
        w.phase = "roll"
        return
    w.phase = "landing"
    w.cursor = 0
    _advance_decisions(w)


def _advance_decisions(w: _Work) -> None:
    """Moves the cursor to the next seat that has a decision to make, or ends the phase.

    Seats with nowhere to land are not asked [landing.optional].
    """
    while w.cursor < len(w.seats):
        seat = w.seats[w.cursor]
        if _targets(w.board, w.phase, w.space, seat.astronaut, w.landed):
            return
        if w.phase == "landing" or seat.astronaut == "parachute":
            spec = w.board.spaces[w.space]
            clause = "landing.full-moon" if spec.moons else "landing.no-site"
            w.emit("passed-over", clause, player=seat.player, astronaut=seat.astronaut, space=w.space)
        w.cursor += 1
    w.cursor = 0
    if w.phase == "parachute":
        _finish_crash(w)
    elif not w.seats:
        _end_expedition(w, "empty")
    else:
        w.phase = "roll"  # [expedition.continue]


def _land(w: _Work, a: Land) -> None:
    seat = w.seats[w.cursor]
    if a.space not in _targets(w.board, w.phase, w.space, seat.astronaut, w.landed):
        raise IllegalAction(*_why_not_land(w.freeze(), seat, a.space))
    clause = "landing.planet"
    spec = w.board.spaces[a.space]
    if w.phase == "parachute":
        clause = "crash.parachute"
    elif a.space != w.space:
        clause = "power.plus-minus"
    if spec.moons:
        slot = _moon_count(w.landed, a.space)
        points = spec.moons[slot] * (2 if seat.astronaut == "moon-double" else 1)
        landing = Landing(seat.player, seat.astronaut, a.space, "moon", slot)
        if clause == "landing.planet":
            clause = "landing.moon-slot"
        w.landed = w.landed + (landing,)
        w.emit("landed", clause, player=seat.player, astronaut=seat.astronaut, space=a.space,
               site="moon", slot=slot, points=points)
    else:
        w.landed = w.landed + (Landing(seat.player, seat.astronaut, a.space, "planet"),)
        w.emit("landed", clause, player=seat.player, astronaut=seat.astronaut, space=a.space,
               site="planet", points=0)
    # [landing.seats-move-up] [landing.commander-change]
    del w.seats[w.cursor]
    if w.phase == "landing" or w.options.goal_claims == "any-landing":
        _claim_goals(w, seat.player)  # [goal.first-come]: with goal_claims=landing-phase not in a crash
    if w.phase == "landing":
        if w.cursor == 0 and w.seats:
            w.emit("commander-changed", "landing.commander-change", player=w.seats[0].player)
        if seat.astronaut == "die-removal":  # [power.die-removal]
            _remove_dice(w, 1, "power.die-removal")
    if _ends_now(w):
        return
    _advance_decisions(w)


def _why_not_land(state: State, seat: Seat, space: int) -> tuple[str, str]:
    board = state.board
    here = state.rocket.space
    if state.phase == "parachute" and seat.astronaut != "parachute":
        return "crash.parachute", f"only Parachute astronauts may land in a crash, not {seat.astronaut!r}"
    if space != here and (seat.astronaut != "plus-minus" or state.phase == "parachute"):
        return (
            "power.plus-minus",
            f"only a Plus-minus astronaut may land away from the rocket's space {here}, not on {space}",
        )
    if abs(space - here) > 1:
        return "power.plus-minus", f"space {space} is more than one space from the rocket ({here})"
    if not 0 <= space <= board.end:
        return "setup.board", f"space {space} is not on the board (0..{board.end})"
    if space == board.end:
        return "power.plus-minus", f"deep space ({space}) is reached only by the rocket itself"
    spec = board.spaces[space]
    if not spec.has_site:
        return "landing.no-site", f"space {space} has no moon or planet to land on"
    return "landing.full-moon", f"every moon slot of space {space} is taken"


def _stay(w: _Work, a: Stay) -> None:
    seat = w.seats[w.cursor]
    w.emit("stayed", "landing.optional" if w.phase == "landing" else "crash.parachute",
           player=seat.player)
    w.cursor += 1
    _advance_decisions(w)


def _deep_space(w: _Work) -> None:
    # [landing.deep-space] [power.deep-space-double]
    end = w.board.end
    for i, seat in enumerate(w.seats):
        site, value = ("comet", w.board.comet) if i == 0 else ("galaxy", w.board.galaxy)
        points = value * (2 if seat.astronaut == "deep-space-double" else 1)
        w.landed = w.landed + (Landing(seat.player, seat.astronaut, end, site),)
        w.emit("landed", "landing.deep-space", player=seat.player, astronaut=seat.astronaut,
               space=end, site=site, points=points)
        _claim_goals(w, seat.player)
    w.seats = []
    _end_expedition(w, "deep-space")


# goals -----------------------------------------------------------------------------------


def _claim_goals(w: _Work, player: int) -> None:
    # [goal.first-come]
    if all(g is not None for g in w.goals):
        return
    mine = [x for x in w.landed if x.player == player]
    goals = list(w.goals)
    for i, goal in enumerate(GOALS):
        if goals[i] is None and _meets(goal, mine, w.options.four_moons):
            goals[i] = player
            w.emit("goal-claimed", f"goal.{goal}", player=player, goal=goal)
    w.goals = tuple(goals)


def goal_met(state: State, player: int, goal: str) -> bool:
    """Whether ``player``'s landed astronauts meet ``goal``'s condition [goal.*]."""
    return _meets(goal, [x for x in state.landed if x.player == player], state.options.four_moons)


def _meets(goal: str, mine: list[Landing], four_moons: str = "slots") -> bool:
    if goal == "deep-space-pair":
        return sum(1 for x in mine if x.site in ("comet", "galaxy")) >= 2
    if goal == "four-moons":  # four_moons=slots: every slot is a moon; spaces: a moon space is one
        if four_moons == "spaces":
            return len({x.space for x in mine if x.site == "moon"}) >= 4
        return sum(1 for x in mine if x.site == "moon") >= 4
    planets = [x.space for x in mine if x.site == "planet"]
    if goal == "planet-trio":
        return any(planets.count(s) >= 3 for s in set(planets))
    return len(set(planets)) >= 4  # four-planets


# expedition and game end -----------------------------------------------------------------


def _ends_now(w: _Work) -> bool:
    """[end.timing] with game_end=immediate: the game ends right after the 8th placement."""
    if w.options.game_end != "immediate":
        return False
    if not any(len(r) == 0 and not _aboard(w, p) for p, r in enumerate(w.reserves)):
        return False
    for seat in w.seats:
        _go_home(w, seat, "end.timing")
    w.seats = []
    w.emit("expedition-ended", "end.timing", expedition=w.expedition, reason="game-end",
           next_start_player=(w.start_player + 1) % w.players)
    _game_over(w, "all-placed", "end.all-placed")
    return True


def _aboard(w: _Work, player: int) -> bool:
    return any(s.player == player for s in w.seats)


def _go_home(w: _Work, seat: Seat, clause: str) -> None:
    reserve = w.reserves[seat.player] + (seat.astronaut,)
    w.reserves = _replace_at(
        w.reserves, seat.player, tuple(sorted(reserve, key=ASTRONAUT_INDEX.__getitem__))
    )
    w.emit("returned-home", clause, player=seat.player, astronaut=seat.astronaut)


def _end_expedition(w: _Work, reason: str) -> None:
    # [crash.return-home] [expedition.end]
    for seat in w.seats:
        _go_home(w, seat, "crash.return-home")
    w.seats = []
    w.roll = None
    w.cursor = 0
    w.dice = DICE_COUNT
    w.space = w.board.start_space
    w.start_player = (w.start_player + 1) % w.players
    w.emit("expedition-ended", "expedition.end", expedition=w.expedition, reason=reason,
           next_start_player=w.start_player)
    w.expedition += 1
    if w.ufo is not None and w.ufo.arrival is not None:
        w.ufo = _replace(w.ufo, used=w.ufo.used + (w.ufo.arrival,), arrival=None, ability_used=False)
    if w.crashes >= w.board.crash_limit:
        _game_over(w, "crash-limit", "end.crash-limit")
    elif any(len(r) == 0 for r in w.reserves):
        _game_over(w, "all-placed", "end.all-placed")
    else:
        _start_expedition(w)


def _game_over(w: _Work, reason: str, clause: str) -> None:
    w.phase = "game-over"
    w.ended = reason
    w.roll = None
    w.cursor = 0
    w.emit("game-ended", clause, reason=reason)


_replace = dataclasses.replace


def _replace_at(items: tuple, index: int, value) -> tuple:
    return items[:index] + (value,) + items[index + 1 :]


# scoring ---------------------------------------------------------------------------------


def scores(state: State) -> tuple[Score, ...]:
    """Returns each player's points by category, planets counted as if the game ended now.

    [scoring.moons] [scoring.deep-space] [scoring.goals] [scoring.planets] [scoring.planet-ties]
    """
    n = state.players
    moons = [0] * n
    deep = [0] * n
    board = state.board
    for x in state.landed:
        if x.site == "moon":
            value = board.spaces[x.space].moons[x.slot]
            moons[x.player] += value * (2 if x.astronaut == "moon-double" else 1)
        elif x.site in ("comet", "galaxy"):
            value = board.comet if x.site == "comet" else board.galaxy
            deep[x.player] += value * (2 if x.astronaut == "deep-space-double" else 1)
    planets = [0] * n
    for planet_id, _planet in board.planets:
        for player, points in _planet_awards(state, planet_id):
            planets[player] += points
    goals = [0] * n
    for holder in state.goals:
        if holder is not None:
            goals[holder] += GOAL_POINTS
    exploration = [0] * n
    if state.exploration is not None:  # [exploration.points]
        exploration = [sum(t.points for t in held) for held in state.exploration.held]
    missions = [0] * n
    if state.missions is not None:  # [missions.fulfilled] [missions.scoring]
        missions = [_mission_points(state, p) for p in range(n)]
    ufo = [0] * n
    if state.ufo is not None:  # [ufo.scoring]
        sign = -1 if state.options.ufo_token_value == "penalty" else 1
        ufo = [sign * sum(held) for held in state.ufo.held]
    return tuple(
        Score(moons[p], planets[p], deep[p], goals[p], exploration[p], missions[p], ufo[p])
        for p in range(n)
    )


def fulfilled_missions(state: State, player: int) -> tuple[str, ...]:
    """The ids of the player's kept missions that an astronaut of theirs fulfils [missions.fulfilled]."""
    if state.missions is None:
        return ()
    hand = state.missions.hands[player]
    if isinstance(hand, Hidden):
        return ()
    spaces = {x.space for x in state.landed if x.player == player and x.site in ("moon", "planet")}
    return tuple(t.id for t in hand if t.space in spaces)


def _mission_points(state: State, player: int) -> int:
    done = len(fulfilled_missions(state, player))
    return MISSION_POINTS[min(done, len(MISSION_POINTS) - 1)]


def _planet_awards(state: State, planet_id: str) -> list[tuple[int, int]]:
    """Gold/silver/bronze on one planet: by head count, ties to the earliest arrival."""
    spaces = {i for i, s in enumerate(state.board.spaces) if s.planet == planet_id}
    count: dict[int, int] = {}
    first: dict[int, int] = {}
    doubled: set[int] = set()
    for order, x in enumerate(state.landed):
        if x.site != "planet" or x.space not in spaces:
            continue
        count[x.player] = count.get(x.player, 0) + 1
        first.setdefault(x.player, order)
        if x.astronaut == "planet-double":
            doubled.add(x.player)
    ranking = sorted(count, key=lambda p: (-count[p], first[p]))
    awards = state.board.planet(planet_id).awards
    return [
        (p, awards[rank] * (2 if p in doubled else 1))
        for rank, p in enumerate(ranking[: len(awards)])
    ]


def outcome(state: State) -> Outcome | None:
    """Returns the winners and final scores once the game is over, else ``None`` [scoring.winner]."""
    if state.phase != "game-over":
        return None
    sheet = scores(state)
    best = max(s.total for s in sheet)
    tied = [p for p, s in enumerate(sheet) if s.total == best]
    if len(tied) > 1 and state.options.tie_break == "deep-space":
        in_deep = {
            p: sum(1 for x in state.landed if x.player == p and x.site in ("comet", "galaxy"))
            for p in tied
        }
        most = max(in_deep.values())
        tied = [p for p in tied if in_deep[p] == most]
    return Outcome(tuple(tied), sheet, state.ended or "")


# observations ------------------------------------------------------------------------------


def observe(state: State, player: int) -> State:
    """Returns what ``player`` can see of ``state`` [observation.per-player] [missions.hidden].

    The result is a :class:`State` in which every list the player cannot see is a
    :class:`Hidden` holding only its size: all face-down piles; other players' missions, kept
    and discarded (kept ones are revealed once the game is over). Base-game states hide nothing.

    Raises:
        IllegalAction: ``player`` is not a player of this game.
    """
    if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < state.players:
        raise IllegalAction(
            "observation.per-player", f"player {player!r} is not one of players 0..{state.players - 1}"
        )
    ex, m, u = state.exploration, state.missions, state.ufo
    if ex is None and m is None and u is None:
        return state
    if ex is not None:
        ex = _replace(ex, pile=Hidden(len(ex.pile)))
    if u is not None:
        u = _replace(u, pile=Hidden(len(u.pile)))
    if m is not None:
        over = state.phase == "game-over"
        m = _replace(
            m,
            pile=Hidden(len(m.pile)),
            hands=tuple(h if q == player or over else Hidden(len(h)) for q, h in enumerate(m.hands)),
            discarded=tuple(d if q == player else Hidden(len(d)) for q, d in enumerate(m.discarded)),
        )
    return _replace(state, exploration=ex, missions=m, ufo=u)


_HANDLERS = _handlers()
