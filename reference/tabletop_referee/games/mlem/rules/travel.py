"""Travel [travel.*]: the commander's move with groups of rolled dice, the Die-1 power
[power.die-one] and the UFO abilities that change a move [ufo.keep-dice] [ufo.extra-face]."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from functools import lru_cache

from ....errors import IllegalAction
from ..model import FACE_INDEX, FACE_VALUE, FACES, Action, Move, Options, Seat, Space, State, Ufo
from .check import rule
from .dice import dice_in_play, state_dice, token_alone, token_die, used_counts
from .exploration import explore
from .landing import arrive
from .order import sorted_actions
from .ufo import ability, ability_actions, encounter, extra_face_usable, use_ability
from .work import Work, extra_face, remove_dice, replace


def legal_moves(state: State) -> tuple[Action, ...]:
    """The commander's legal actions in phase ``move``, sorted by canonical JSON text."""
    rocket = state.rocket
    allowed = state.board.spaces[rocket.space].faces
    die_ones = available_die_ones(state) if "1" in allowed else ()
    roll = rocket.roll or ()  # set in phase move [travel.roll]
    if die_ones and not any(f in allowed for f in roll) and not state.options.die_one_rescue:
        die_ones = ()  # [power.die-one]: only a roll with a fitting die (a UFO ability saved it)
    player = rocket.seats[0].player
    single = state.options.dice_selection == "single-group"
    any_dice = state.options.dice_grouping == "any-dice"
    moves = move_actions(player, allowed, roll_counts(roll), die_ones, single, any_dice)
    if state.ufo is None:
        return moves
    ability_ = ability(state.ufo)
    if ability_ is None:
        return moves
    usable = extra_face_usable(state, ability_)
    if usable and state.options.ufo_extra_face_use == "with-dice":
        # [ufo.extra-face]: the token's face is one more die, joining the rolled dice
        face = extra_face(state.ufo)
        allowed_x = tuple(f for f in FACES if f in allowed or f == face)
        roll_x = roll + (face,)
        ones = available_die_ones(state) if "1" in allowed_x else ()
        with_face = [
            Move(m.player, m.faces, m.die_one, "extra-face", m.dice)
            for m in move_actions(player, allowed_x, roll_counts(roll_x), ones, single, any_dice)
            if face in m.faces and dict(m.dice).get(face, 1) >= 1
        ]
        return sorted_actions([*moves, *with_face])
    return ability_actions(player, moves, ability_, usable)


def available_die_ones(state: State) -> tuple[int, ...]:
    return tuple(
        sorted(s.player for s in state.rocket.seats if s.astronaut == "die-one" and not s.flipped)
    )


def roll_counts(roll: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    """How many dice show each face, in canonical face order (faces not rolled left out)."""
    return tuple((f, roll.count(f)) for f in FACES if f in roll)


@lru_cache(maxsize=16384)
def move_actions(
    player: int,
    allowed: tuple[str, ...],
    counts: tuple[tuple[str, int], ...],
    die_ones: tuple[int, ...],
    single_group: bool,
    any_dice: bool = False,
) -> tuple[Move, ...]:
    """The commander's choices: groups of allowed rolled faces (+ Die-1 astronauts); whole
    groups, or with dice_grouping=any-dice also any part of a group [travel.whole-group]."""
    rolled = dict(counts)
    groups = [f for f in allowed if f in rolled or (f == "1" and die_ones)]
    choices: list[tuple[str, ...]]
    if single_group:
        choices = [(g,) for g in groups]
    else:
        choices = [
            c for r in range(1, len(groups) + 1) for c in itertools.combinations(groups, r)
        ]
    moves: list[Move] = []
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
    return sorted_actions(moves)


def _unusable_face(state: State, a: Move) -> tuple[str, str] | None:
    """The first face of move ``a`` it may not use, with why: ``"not-a-face"``,
    ``"not-allowed"`` (on this space) or ``"not-rolled"``; ``None`` when every face is usable."""
    roll, allowed, _ = state_dice(state, a)
    for f in a.faces:
        if f not in FACE_INDEX:
            return f, "not-a-face"
        if f not in allowed:
            return f, "not-allowed"
        if f not in roll and not (f == "1" and a.die_one):
            return f, "not-rolled"
    return None


@rule("travel.whole-group")
def check_travel_whole_group(state: State, a: Move) -> Iterator[IllegalAction]:
    """A move names each group of dice it uses once."""
    if not token_alone(state, a) and len(set(a.faces)) != len(a.faces):
        yield IllegalAction("travel.whole-group", f"faces {list(a.faces)} name a group twice")


@rule("travel.group-count")
def check_travel_group_count(state: State, a: Move) -> Iterator[IllegalAction]:
    """A move uses at least one group of dice; with dice_selection=single-group exactly one."""
    if token_alone(state, a):
        return
    if not a.faces:
        yield IllegalAction("travel.group-count", "a move must use at least one group of dice")
    elif state.options.dice_selection == "single-group" and len(a.faces) > 1:
        yield IllegalAction(
            "travel.group-count",
            f"with dice_selection=single-group exactly one group may be used, not {len(a.faces)}",
        )


@rule("components.dice")
def check_components_dice(state: State, a: Move) -> Iterator[IllegalAction]:
    """Every face a move names is a face of the die (the first unusable face decides)."""
    bad = None if token_alone(state, a) else _unusable_face(state, a)
    if bad is not None and bad[1] == "not-a-face":
        yield IllegalAction("components.dice", f"{bad[0]!r} is not a die face")


@rule("travel.allowed-faces")
def check_travel_allowed_faces(state: State, a: Move) -> Iterator[IllegalAction]:
    """Every face a move uses is allowed on the rocket's space and shows on a rolled die (or
    the 1 of a Die-1 astronaut)."""
    bad = None if token_alone(state, a) else _unusable_face(state, a)
    if bad is None or bad[1] == "not-a-face":
        return
    face, why = bad
    if why == "not-allowed":
        shown = ", ".join(state.board.spaces[state.rocket.space].faces) or "none"
        yield IllegalAction(
            "travel.allowed-faces", f"face {face!r} is not allowed on space {state.rocket.space} (allowed: {shown})"
        )
    else:
        roll, _, _ = state_dice(state, a)
        yield IllegalAction("travel.allowed-faces", f"no die shows {face!r} in the roll {list(roll)}")


@rule("power.die-one")
def check_power_die_one(state: State, a: Move) -> Iterator[IllegalAction]:
    """Each Die-1 astronaut named is aboard, unused, named once, and counts as a 1 of the move;
    with die_one_rescue=false only when a rolled die fits the space."""
    if token_alone(state, a) or not a.die_one:
        return
    available = [s.player for s in state.rocket.seats if s.astronaut == "die-one" and not s.flipped]
    roll, allowed, _ = state_dice(state, a)
    if len(set(a.die_one)) != len(a.die_one):
        yield IllegalAction("power.die-one", f"die_one {list(a.die_one)} names a player twice")
    elif any(p not in available for p in a.die_one):
        p = next(p for p in a.die_one if p not in available)
        yield IllegalAction("power.die-one", f"player {p} has no unused Die-1 astronaut aboard")
    elif "1" not in a.faces:
        yield IllegalAction("power.die-one", "a Die-1 astronaut counts as a 1: the move must use the 1s group")
    elif not state.options.die_one_rescue and not any(f in allowed for f in roll):
        yield IllegalAction(
            "power.die-one",
            "with die_one_rescue=false a Die-1 astronaut may be used only when a rolled die fits the space",
        )


CHECKS = (
    check_travel_whole_group,
    check_travel_group_count,
    check_components_dice,
    check_travel_allowed_faces,
    check_power_die_one,
)
"""The checks of a move's groups and Die-1 astronauts, in order (then those of :mod:`.dice`)."""


def move(w: Work, a: Move) -> None:
    if a.ability == "extra-face" and w.options.ufo_extra_face_use == "alone":
        _extra_face_move(w, a)
        return
    here = w.board.spaces[w.space]
    distance, numbered, burners, with_dice = _distance(w.options, w.ufo, here, w.roll, a)
    # [travel.remove-dice]: the numbered dice used are removed, and with
    # afterburner_dice=removed the afterburners too (the option is looked at only when an
    # afterburner is in the move: referee disputes impact shares games up to its first read)
    burners_go = bool(burners or with_dice == "afterburner") and w.options.afterburner_dice == "removed"
    removed = numbered + (burners if burners_go else 0)
    if with_dice is not None and (with_dice != "afterburner" or burners_go):
        removed -= 1  # the token's die is not a die of the rocket: nothing to remove
    _travel(w, a, distance, removed, with_dice)


def move_target(state: State, a: Move) -> int:
    """The space a legal move takes the rocket to: the ``to`` of its ``moved`` event, without
    applying it (the greedy impact policy weighs every move this way)."""
    here = state.board.spaces[state.rocket.space]
    if a.ability == "extra-face" and state.options.ufo_extra_face_use == "alone":
        distance = _extra_face_distance(state.ufo, here)[1]
    else:
        distance = _distance(state.options, state.ufo, here, state.rocket.roll, a)[0]
    return min(state.rocket.space + distance, state.board.end)


def _distance(options: Options, ufo: Ufo | None, here: Space, rolled: tuple[str, ...] | None,
              a: Move) -> tuple[int, int, int, str | None]:
    """A move's distance [travel.distance] [travel.afterburner], the numbered dice and the
    afterburners it uses, and the arrival token's face when it joins the rolled dice
    [ufo.extra-face]."""
    with_dice = token_die(options, ufo, a)
    roll, _ = dice_in_play(rolled or (), here.faces, with_dice)
    used, _ = used_counts(options, a, roll, with_dice)  # [travel.whole-group]
    distance = len(a.die_one)
    numbered = burners = 0
    for f in a.faces:
        count = used[f]
        if f == "afterburner":
            distance += count * (here.afterburner or 0)
            burners += count
        else:
            distance += count * FACE_VALUE[f]
            numbered += count
    return distance, numbered, burners, with_dice


def _travel(w: Work, a: Move, distance: int, removed: int, with_dice: str | None) -> None:
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
        _flip_die_ones(w, a.die_one)
    if with_dice is not None:
        use_ability(w, a.player, "extra-face", "ufo.extra-face")
    # [travel.remove-dice] [travel.last-die]
    if a.ability == "keep-dice":  # [ufo.keep-dice]
        use_ability(w, a.player, "keep-dice", "ufo.keep-dice")
    elif removed:
        remove_dice(w, removed, "travel.remove-dice")
    after_movement(w, start, target)


def _flip_die_ones(w: Work, die_one: tuple[int, ...]) -> None:
    # [power.die-one]: a used Die-1 astronaut turns face down
    w.seats = [
        Seat(s.player, s.astronaut, True) if s.astronaut == "die-one" and s.player in die_one
        else s
        for s in w.seats
    ]
    for p in sorted(die_one):
        w.emit("die-one-used", "power.die-one", player=p)
    if w.options.die_one == "once-per-game":
        w.die_one_spent = tuple(sorted({*w.die_one_spent, *die_one}))


def _extra_face_distance(ufo: Ufo | None, here: Space) -> tuple[str, int]:
    """The arrival token's face and how far it moves the rocket alone [ufo.extra-face]."""
    face = extra_face(ufo)
    if face == "afterburner":
        # [ufo.extra-face] was checked: an afterburner face fits only where dots are printed
        assert here.afterburner is not None
        return face, here.afterburner
    return face, FACE_VALUE[face]


def _extra_face_move(w: Work, a: Move) -> None:
    """[ufo.extra-face]: the token's face alone moves the rocket; no die is used or removed."""
    face, distance = _extra_face_distance(w.ufo, w.board.spaces[w.space])
    start = w.space
    end = w.board.end
    target = min(start + distance, end)
    w.space = target
    w.roll = None
    w.emit("moved", "ufo.extra-face", player=a.player, faces=(face,), die_one=(),
           **{"from": start}, to=target, distance=distance)
    use_ability(w, a.player, "extra-face", "ufo.extra-face")
    after_movement(w, start, target)


def after_movement(w: Work, start: int, target: int) -> None:
    """What follows the end of a movement: the UFO, exploration tokens, then landing."""
    if w.ufo is not None:
        encounter(w, start, target)
    if w.exploration is not None:
        explore(w)
        if w.exploration.pending:
            if w.exploration.pile:
                w.phase = "exploration-draw"
                return
            w.exploration = replace(w.exploration, pending=0)
    arrive(w)
