"""Text for people about MLEM positions and actions: what ``play``, ``explain`` and ``verify`` print.

The game-neutral commands reach these through :class:`~tabletop_referee.games.mlem.game.MlemGame`;
nothing here decides a rule (scores, observations and who acts come from the engine).
"""

from __future__ import annotations

import dataclasses
import json
import textwrap
from collections.abc import Sequence
from typing import Any

from .engine import current_actor, fulfilled_missions, legal_actions, mission_dealee, observe, outcome, scores
from .interchange import Doc, options_to_json, scores_to_json
from .model import (
    ASTRONAUTS,
    CHANCE,
    GOALS,
    Action,
    ArrivalToken,
    Board,
    Discard,
    Draw,
    Event,
    Exploration,
    ExplorationToken,
    Hidden,
    Landing,
    Missions,
    MissionToken,
    Move,
    Options,
    Score,
    State,
    Ufo,
    shown,
    size,
)
from .notation import action_text

WIDTH = 100
"""The width ``render_position`` wraps its lines to."""

Observer = int | str | None
"""Who looks: ``None`` (the referee: everything), a player, or :data:`TABLE`."""


def _space_text(board: Board, i: int) -> str:
    space = board.spaces[i]
    if i == board.end:
        return f"space {i} (deep space: comet {board.comet}, galaxy {board.galaxy})"
    faces = " ".join(f"afterburner({space.afterburner})" if f == "afterburner" else f for f in space.faces)
    site = ""
    if space.moons:
        site = ", moons " + "/".join(map(str, space.moons))
    elif space.planet is not None:
        site = f", planet {space.planet}"
    return f"space {i} (faces {faces}{site})"


TABLE = "table"
"""The observer of :func:`describe_state` meaning everyone at the table at once (no hand shown)."""


def view_of(state: State, observer: Observer) -> State:
    """The state as ``observer`` sees it: ``None`` everything, a player their observation
    [observation.per-player], :data:`TABLE` what every player sees (no one's missions)."""

    if observer is None or (state.exploration is None and state.missions is None and state.ufo is None):
        return state
    if observer != TABLE:
        # observe refuses anything but a player of the game, with its clause: pass it on as is.
        return observe(state, observer)  # type: ignore[arg-type]
    view = observe(state, 0)  # player 0's view hides everything but player 0's own missions
    m = view.missions
    if m is not None:
        hands = m.hands
        if state.phase != "game-over":  # kept missions are shown to all once the game is over
            hands = tuple(h if isinstance(h, Hidden) else Hidden(len(h)) for h in hands)
        discarded = tuple(d if isinstance(d, Hidden) else Hidden(len(d)) for d in m.discarded)
        view = dataclasses.replace(view, missions=dataclasses.replace(m, hands=hands, discarded=discarded))
    return view


def _exploration_token(t: ExplorationToken) -> str:
    return f"{t.id} ({t.effect}{f' {t.points}' if t.effect == 'points' else ''})"


def _mission_site(board: Board, t: MissionToken) -> str:
    space = board.spaces[t.space]
    return f"space {t.space}, " + (f"planet {space.planet}" if space.planet is not None else "moon")


def _mission_text(board: Board, t: MissionToken) -> str:
    return f"{t.id} ({_mission_site(board, t)})"


def _arrival_text(t: ArrivalToken) -> str:
    face = f" {t.face}" if t.face is not None else ""
    return f"{t.id}: UFO moves {t.ufo_move}, {t.dice} dice, ability {t.ability}{face}"


def variant_lines(state: State, observer: Observer = None) -> list[str]:
    """Readable lines for the variant sections of the state as ``observer`` sees it (see :func:`view_of`)."""

    view = view_of(state, observer)
    lines = []
    if view.exploration is not None:
        lines += _exploration_lines(view.exploration)
    if view.ufo is not None:
        lines += _ufo_lines(view.ufo)
    if view.missions is not None:
        lines.append(_missions_line(view, view.missions))
    return lines


def _exploration_lines(ex: Exploration) -> list[str]:
    by_space: dict[int, list[str]] = {}
    for t in ex.spaces:
        by_space.setdefault(t.space, []).append(_exploration_token(t))
    placed = "; ".join(f"space {sp}: {', '.join(ts)}" for sp, ts in sorted(by_space.items())) or "none"
    lines = [f"exploration tokens: {placed}; {size(ex.pile)} face down"
             + (f"; {ex.pending} replacement draw(s) owed" if ex.pending else "")]
    taken = [f"player {p}: " + ", ".join(f"{t.id} ({t.points})" for t in held)
             for p, held in enumerate(ex.held) if held]
    if taken:
        lines.append("exploration points taken: " + "; ".join(taken))
    return lines


def _ufo_lines(u: Ufo) -> list[str]:
    text = f"UFO on space {u.space} (home {u.home}); UFO tokens left: {' '.join(map(str, u.stack)) or 'none'}"
    held = [f"player {p}: {' '.join(map(str, h))}" for p, h in enumerate(u.held) if h]
    if held:
        text += "; taken: " + ", ".join(held)
    lines = [text]
    if u.arrival is not None:
        lines.append(f"this expedition's arrival token {_arrival_text(u.arrival)}"
                     + (" (used)" if u.ability_used else " (not used yet)"))
    return lines


def _missions_line(view: State, m: Missions) -> str:
    parts = []
    for p, hand in enumerate(m.hands):
        if isinstance(hand, Hidden):
            parts.append(f"player {p}: {hand.count or 'none'} hidden")
            continue
        done = set(fulfilled_missions(view, p))
        listed = ", ".join(_mission_text(view.board, t) + (" fulfilled" if t.id in done else "") for t in hand)
        discarded = m.discarded[p]
        if not isinstance(discarded, Hidden) and discarded:
            listed += f"; discarded {', '.join(t.id for t in discarded)}"
        parts.append(f"player {p}: {listed or 'none'}")
    return "missions: " + "; ".join(parts)


def _score_text(score: Score, hidden_missions: bool, variants: Sequence[str]) -> str:
    parts = [f"moons {score.moons}", f"planets {score.planets}", f"deep space {score.deep_space}",
             f"goals {score.goals}"]
    for name in ("exploration", "missions", "ufo"):
        if name in variants:
            parts.append(f"{name} {'?' if name == 'missions' and hidden_missions else getattr(score, name)}")
    total = f"{score.total}{' + ?' if hidden_missions else ''} points"
    return f"{total} ({', '.join(parts)})"


def describe_state(state: State, observer: Observer = None) -> list[str]:
    """Returns a readable summary of a state, a few lines (scores as the engine counts them now).

    ``observer``: ``None`` shows everything (a referee's view, as ``referee verify`` prints it); a
    player number or :data:`TABLE` shows only what they may see (:func:`view_of`): the missions of
    others are hidden, and so are their mission points.
    """

    r = state.rocket
    view = view_of(state, observer)
    variants = state.options.variants
    lines = [
        f"expedition {state.expedition}, phase {state.phase}, crashes {state.crashes}/{state.board.crash_limit}, "
        f"start player {state.start_player}, board {state.board.id}"
        + (f", variants {', '.join(variants)}" if variants else "")
    ]
    rocket = f"rocket on {_space_text(state.board, r.space)}, {r.dice} dice"
    if r.roll is not None:
        rocket += ", roll: " + " ".join(r.roll)
    lines.append(rocket)
    if r.seats:
        seats = [
            f"{i + 1}. player {s.player} {s.astronaut}" + (" (used)" if s.flipped else "")
            + (" <" if state.phase in ("landing", "parachute") and i == r.cursor else "")
            for i, s in enumerate(r.seats)
        ]
        lines.append("seats: " + "  ".join(seats))
    by_space: dict[int, list[str]] = {}
    for x in state.landed:
        what = f"player {x.player} {x.astronaut}"
        if x.site in ("comet", "galaxy"):
            what += f" ({x.site})"
        by_space.setdefault(x.space, []).append(what)
    if by_space:
        lines.append("landed: " + "; ".join(
            f"space {space}: {', '.join(who)}" for space, who in sorted(by_space.items())))
    lines += variant_lines(state, observer)
    sheet = scores(view)
    hands = view.missions.hands if view.missions is not None else ()
    for p, s in enumerate(sheet):
        reserve = ", ".join(state.reserves[p]) or "none"
        hidden = bool(hands) and isinstance(hands[p], Hidden)
        lines.append(f"player {p}: {_score_text(s, hidden, variants)}; reserve: {reserve}")
    held = [f"{g} (player {h})" for g, h in zip(GOALS, state.goals) if h is not None]
    lines.append("goals taken: " + (", ".join(held) if held else "none"))
    lines.append(_next_text(state))
    return lines


def _face_down(section: Exploration | Missions | Ufo | None) -> int:
    """How many tokens lie face down in a variant's pile (0 when the variant is not played)."""
    return 0 if section is None else size(section.pile)


def _pending(state: State) -> int:
    """The replacement exploration draws owed [exploration.replace]."""
    return 0 if state.exploration is None else state.exploration.pending


def _next_text(state: State) -> str:

    actor = current_actor(state)
    r = state.rocket
    if actor is None:
        return f"game over ({state.ended})"
    if actor != CHANCE:
        return f"next: player {actor} ({state.phase})"
    phase = state.phase
    if phase == "roll":
        return f"next: the commander (player {r.seats[0].player}) rolls {r.dice} dice"
    if phase == "exploration-setup":
        return f"next: an exploration token is revealed ({_face_down(state.exploration)} face down)"
    if phase == "exploration-draw":
        return f"next: a replacement exploration token is drawn ({_pending(state)} owed)"
    if phase == "mission-deal":
        return f"next: a mission is dealt face down to player {mission_dealee(state)}"
    return f"next: an arrival token is revealed ({_face_down(state.ufo)} face down)"


def _token_ids(state: State) -> list[str]:
    """The token ids a short form may name here (the pile drawn from, the acting player's hand)."""

    return [a.token for a in legal_actions(state) if isinstance(a, (Draw, Discard))]


def choice_hint(state: State, action: Action) -> str:
    """What a numbered choice means, where its short form does not say it."""
    if isinstance(action, Discard) and state.missions is not None:
        hand = state.missions.hands[action.player]
        token = next(t for t in shown(hand) if t.id == action.token)
        return f"  (the mission for {_mission_site(state.board, token)}; you keep the other three)"
    if isinstance(action, Move) and action.ability == "extra-face":
        arrival = state.ufo.arrival if state.ufo is not None else None
        return f"  (the arrival token's face {arrival.face if arrival is not None else None} alone)"
    return ""


def echo(state: State, action: Action) -> str:
    """The short form of an action as the whole table may read it: a mission dealt or discarded is
    not named [missions.hidden]."""

    if action.type == "draw" and state.phase == "mission-deal":
        return "draw (a mission, face down)"
    if action.type == "discard":
        return "discard (a mission, face down)"
    return action_text(action)



def _value(v: object) -> str:
    return json.dumps(v) if isinstance(v, bool) else str(v)


def _player(p: object) -> str:
    return f"player {p}"


def actor_phrase(state: State) -> str:
    """Who acts now and on what, in a few words."""
    phrase = _ACTOR_PHRASES.get(state.phase)
    if phrase is None:
        return f"nobody: the game is over ({state.ended})"
    return phrase(state, current_actor(state))


def _boards_next(state: State, actor: object) -> str:
    return f"{_player(actor)} boards next (seat {len(state.rocket.seats) + 1})"


def _roll_due(state: State, actor: object) -> str:
    r = state.rocket
    return f"a roll of {r.dice} {'die' if r.dice == 1 else 'dice'} is due (chance; {_player(r.seats[0].player)} rolls)"


def _commander_moves(state: State, actor: object) -> str:
    return f"{_player(actor)}, the commander, chooses the dice"


def _seat_decides(state: State, actor: object) -> str:
    r = state.rocket
    seat = r.seats[r.cursor]
    verb = "jumps with their parachute" if state.phase == "parachute" else "lands"
    return f"{_player(actor)} decides whether their {seat.astronaut} (seat {r.cursor + 1}) {verb}"


def _exploration_drawn(state: State, actor: object) -> str:
    what = "revealed" if state.phase == "exploration-setup" else \
        f"drawn to replace a used one ({_pending(state)} owed)"
    return f"an exploration token is {what} (chance; {_face_down(state.exploration)} face down)"


def _mission_dealt(state: State, actor: object) -> str:
    return f"a mission is dealt (chance; {_face_down(state.missions)} face down)"


def _mission_discarded(state: State, actor: object) -> str:
    return f"{_player(actor)} discards one of their four missions"


def _arrival_revealed(state: State, actor: object) -> str:
    return f"an arrival token is revealed (chance; {_face_down(state.ufo)} face down)"


_ACTOR_PHRASES = {
    "takeoff": _boards_next,
    "roll": _roll_due,
    "move": _commander_moves,
    "landing": _seat_decides,
    "parachute": _seat_decides,
    "exploration-setup": _exploration_drawn,
    "exploration-draw": _exploration_drawn,
    "mission-deal": _mission_dealt,
    "mission-discard": _mission_discarded,
    "arrival": _arrival_revealed,
}
"""Per phase, the phrase saying who acts (given the state and :func:`current_actor`)."""


def _space_phrase(board: Board, landed: tuple[Landing, ...], space: int) -> str:
    s = board.spaces[space]
    if space == board.end:
        return f"space {space} (deep space: comet {board.comet}, galaxy {board.galaxy})"
    faces = ", ".join(f + (f" ({s.afterburner} dots)" if f == "afterburner" else "") for f in s.faces)
    text = f"space {space} (faces {faces}"
    if s.moons:
        taken = sum(1 for x in landed if x.space == space and x.site == "moon")
        text += f"; moons {', '.join(map(str, s.moons))}: {taken} of {len(s.moons)} taken"
    elif s.planet:
        p = board.planet(s.planet)
        text += f"; planet {s.planet}: {p.gold}/{p.silver}/{p.bronze}"
    else:
        text += "; nothing to land on"
    return text + ")"


def render_position(state: State, indent: str | None = None) -> list[str]:
    """The state as a few readable lines (``indent``: wrapped to the page width, each line
    indented so)."""
    lines = [*_setting_lines(state), *_rocket_lines(state), _landed_line(state), _reserves_line(state),
             _goals_line(state), *variant_lines(state), *_result_lines(state)]
    if indent is None:
        return lines
    return [part for line in lines
            for part in textwrap.wrap(line, WIDTH, initial_indent=indent, subsequent_indent=indent + "    ",
                                      break_on_hyphens=False)]


def _setting_lines(state: State) -> list[str]:
    """The board, the options (marking those that are not the ruling), the round and the phase."""
    board = state.board
    ruling = options_to_json(Options(variants=state.options.variants))
    opts = ", ".join(
        f"{k}={_value(v)}" + ("" if ruling[k] == v else " (not the ruling)")
        for k, v in options_to_json(state.options).items()
    )
    return [
        f"board {board.id}, {state.players} players; options: {opts}",
        f"expedition {state.expedition}, start player {state.start_player}; "
        f"crash marker: {state.crashes} of {board.crash_limit}",
        f"phase {state.phase}: {actor_phrase(state)}",
    ]


def _rocket_lines(state: State) -> list[str]:
    """Where the rocket is, its dice and roll, and who sits where."""
    r = state.rocket
    lines = []
    if state.phase != "game-over" and (r.seats or state.phase != "takeoff"):
        lines.append("rocket on " + _space_phrase(state.board, state.landed, r.space))
        roll = f"; roll: {', '.join(r.roll)}" if r.roll else ""
        lines.append(f"dice available: {r.dice}{roll}")
    if r.seats:
        seats = []
        for i, s in enumerate(r.seats):
            tags = [t for t in ("commander" if i == 0 else "", "used" if s.flipped else "") if t]
            seats.append(f"{i + 1}. {_player(s.player)} {s.astronaut}" + (f" ({', '.join(tags)})" if tags else ""))
        lines.append("seats, front first: " + "; ".join(seats))
    elif state.phase == "takeoff":
        lines.append("seats: empty")
    return lines


def _landed_line(state: State) -> str:
    if not state.landed:
        return "landed: nobody yet"
    placed = []
    for x in state.landed:
        where = (f"moon {x.space}.{(x.slot or 0) + 1}" if x.site == "moon"
                 else f"planet {state.board.spaces[x.space].planet} ({x.space})" if x.site == "planet"
                 else x.site)
        placed.append(f"{_player(x.player)} {x.astronaut} on {where}")
    return "landed, in order: " + "; ".join(placed)


def _reserves_line(state: State) -> str:
    reserves = []
    for p, reserve in enumerate(state.reserves):
        listed = "all 8" if len(reserve) == len(ASTRONAUTS) else ", ".join(reserve) or "none"
        reserves.append(f"{_player(p)}: {listed}")
    return "reserves: " + "; ".join(reserves)


def _goals_line(state: State) -> str:
    goals = [f"{g}: {_player(h)}" for g, h in zip(GOALS, state.goals) if h is not None]
    return "goals held: " + ("; ".join(goals) if goals else "none")


def _result_lines(state: State) -> list[str]:
    """The scores (final once the game is over) and the winners."""
    final = state.phase == "game-over"
    lines = [("final scores: " if final else "scores (planets as if the game ended now): ") + "; ".join(
        f"{_player(p)} {s['total']} ({_score_parts(s)})" for p, s in enumerate(_score_docs(state, scores(state)))
    )]
    out = outcome(state)
    if out:
        lines.append(f"game over ({out.reason}): " + ("winner " if len(out.winners) == 1 else "winners ")
                     + ", ".join(_player(p) for p in out.winners))
    return lines


def _score_docs(state: State, sheet: tuple[Score, ...]) -> list[Doc]:
    """Score documents: the four base categories, the variant ones while played, the total."""

    return scores_to_json(state, sheet)


def _score_parts(doc: Doc) -> str:
    """``moons 3, planets 0, deep space 0, goals 0`` (+ the variant categories) of a score document."""
    return ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in doc.items() if k != "total")


def key_facts(final: State, events: Sequence[Event]) -> dict[str, Any]:
    """The key facts of a position reached by ``events``, compared between readings of a
    disputed rule by ``referee explain``."""
    moves = [e for e in events if e.type == "moved"]
    out = outcome(final)
    return {
        "crashed": any(e.type == "crashed" for e in events),
        "crashes": final.crashes,
        "moved_to": moves[-1]["to"] if moves else None,
        "rocket_space": final.rocket.space,
        "dice": final.rocket.dice,
        "phase": final.phase,
        "to_act": current_actor(final),
        "landed": len(final.landed),
        "goals": {g: h for g, h in zip(GOALS, final.goals) if h is not None},
        "scores": [s.total for s in scores(final)],
        "ended": final.ended,
        "winners": list(out.winners) if out else None,
    } | _variant_summary(final, events)


def _variant_summary(final: State, events: Sequence[Event]) -> dict[str, Any]:
    """The key facts of the variants played (none in a base game)."""
    out: dict[str, Any] = {}
    if final.exploration is not None:
        out["exploration_tokens"] = sorted(t.id for t in final.exploration.spaces)
        out["tunnel_to"] = next((e["to"] for e in reversed(events) if e.type == "tunnel"), None)
    if final.missions is not None:
        out["missions_fulfilled"] = [list(fulfilled_missions(final, p)) for p in range(final.players)]
    if final.ufo is not None:
        out["ufo_space"] = final.ufo.space
        out["ufo_met"] = any(e.type == "ufo-encountered" for e in events)
        out["ufo_tokens"] = [list(h) for h in final.ufo.held]
        out["ability_used"] = final.ufo.ability_used
    return out


_GIST_EVENTS = {
    "tunnel": lambda e: f"a tunnel took it on to space {e['to']}",
    "tunnel-blocked": lambda e: f"the tunnel on space {e['from']} did not move it (past the end)",
    "ufo-encountered": lambda e: f"it met the UFO on space {e['space']}",
    "ability-used": lambda e: f"{_player(e['player'])} used the {e['ability']} ability",
}
"""The events worth a phrase in :func:`gist`, each with its phrase."""


def gist(state: State, events: Sequence[Event]) -> list[str]:
    """The answer in a few words: crash or not, where the rocket went, the game's end."""
    parts = []
    crash = next((e for e in events if e.type == "crashed"), None)
    if crash is not None:
        parts.append(f"the rocket crashed on space {crash['space']}")
    elif any(e.type == "rolled" for e in events):
        parts.append("no crash")
    moves = [e for e in events if e.type == "moved"]
    if moves:
        parts.append(f"the rocket moved to space {moves[-1]['to']}")
    parts += [_GIST_EVENTS[e.type](e) for e in events if e.type in _GIST_EVENTS]
    if state.ended and any(e.type == "game-ended" for e in events):
        parts.append(f"the game ended ({state.ended})")
    return parts


def token_ids(state: State) -> tuple[str, ...]:
    """Every token id the state holds: those a ``draw`` or ``discard`` may name."""
    ids: list[str] = []
    for section in (state.exploration, state.missions, state.ufo):
        if section is not None and not isinstance(section.pile, Hidden):
            ids += [t.id for t in section.pile]
    if state.missions is not None:
        ids += [t.id for hand in state.missions.hands for t in shown(hand)]
    return tuple(ids)


def default_player(state: State) -> int:
    """The acting player; when nobody is to act (a roll is due, the game is over): the commander."""

    actor = current_actor(state)
    if isinstance(actor, int):
        return actor
    seats = state.rocket.seats
    return seats[0].player if seats else state.start_player
