"""``referee play``: hot-seat MLEM in the terminal against the reference engine.

The engine decides everything: the numbered choices are :func:`~tabletop_referee.games.mlem.legal_actions`,
an entry typed in short form is handed to :func:`~tabletop_referee.games.mlem.apply` as is (so a
move the rules forbid is refused with the engine's clause and message), and every event printed
names the clause that produced it. Actions and events are read and written in the notation of
:mod:`tabletop_referee.games.mlem.notation`, the one ``referee explain`` speaks too:

    >>> from tabletop_referee.games import mlem
    >>> from tabletop_referee.games.mlem.notation import action_text, parse_action
    >>> action_text(mlem.Move(0, ("2", "afterburner")))
    'move 2+afterburner'
    >>> parse_action("move 2+ab", 0)
    Move(player=0, faces=('2', 'afterburner'), die_one=(), ability=None)

Dice are rolled with a seeded ``random.Random`` (``--dice random``) or typed in from a real
table (``--dice manual``); so are the variants' token draws (``--variants``). ``quit`` or the end
of input stops cleanly; ``--log`` writes the game log so far (docs/logs.md), with the claimed
scores once the game is over.

Hidden information (Secret Missions): the screen is shared, so the position shown is what the
player to act may see (:func:`~tabletop_referee.games.mlem.engine.observe`), and between
decisions what everyone may see; mission tokens dealt or discarded are never echoed.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import sys
from typing import IO, Any

from .errors import IllegalAction, RefereeError

QUIT_WORDS = ("quit", "exit", "q")
QUIET_PHASES = ("exploration-setup", "mission-deal")
"""Setup draws follow one another without a decision: the position is shown once they are done."""
HELP_WORDS = ("help", "?", "h")


# -- the position -----------------------------------------------------------------------------
# (actions and events are written in the notation of games/mlem/notation.py, shared with explain)


def _space_text(board, i: int) -> str:
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


def view_of(state, observer):
    """The state as ``observer`` sees it: ``None`` everything, a player their observation
    [observation.per-player], :data:`TABLE` what every player sees (no one's missions)."""
    from .games.mlem.engine import observe
    from .games.mlem.model import Hidden

    if observer is None or (state.exploration is None and state.missions is None and state.ufo is None):
        return state
    if observer != TABLE:
        return observe(state, observer)
    view = observe(state, 0)  # player 0's view hides everything but player 0's own missions
    m = view.missions
    if m is not None:
        hands = m.hands
        if state.phase != "game-over":  # kept missions are shown to all once the game is over
            hands = tuple(h if isinstance(h, Hidden) else Hidden(len(h)) for h in hands)
        discarded = tuple(d if isinstance(d, Hidden) else Hidden(len(d)) for d in m.discarded)
        view = dataclasses.replace(view, missions=dataclasses.replace(m, hands=hands, discarded=discarded))
    return view


def _exploration_token(t) -> str:
    return f"{t.id} ({t.effect}{f' {t.points}' if t.effect == 'points' else ''})"


def _mission_site(board, t) -> str:
    space = board.spaces[t.space]
    return f"space {t.space}, " + (f"planet {space.planet}" if space.planet is not None else "moon")


def _mission_text(board, t) -> str:
    return f"{t.id} ({_mission_site(board, t)})"


def _arrival_text(t) -> str:
    face = f" {t.face}" if t.face is not None else ""
    return f"{t.id}: UFO moves {t.ufo_move}, {t.dice} dice, ability {t.ability}{face}"


def variant_lines(state, observer=None) -> list[str]:
    """Readable lines for the variant sections of the state as ``observer`` sees it (see :func:`view_of`)."""
    from .games.mlem.engine import fulfilled_missions
    from .games.mlem.model import Hidden

    view = view_of(state, observer)
    lines = []
    ex = view.exploration
    if ex is not None:
        by_space: dict[int, list[str]] = {}
        for t in ex.spaces:
            by_space.setdefault(t.space, []).append(_exploration_token(t))
        placed = "; ".join(f"space {sp}: {', '.join(ts)}" for sp, ts in sorted(by_space.items())) or "none"
        pile = ex.pile.count if isinstance(ex.pile, Hidden) else len(ex.pile)
        lines.append(f"exploration tokens: {placed}; {pile} face down"
                     + (f"; {ex.pending} replacement draw(s) owed" if ex.pending else ""))
        taken = [f"player {p}: " + ", ".join(f"{t.id} ({t.points})" for t in held)
                 for p, held in enumerate(ex.held) if held]
        if taken:
            lines.append("exploration points taken: " + "; ".join(taken))
    u = view.ufo
    if u is not None:
        text = f"UFO on space {u.space} (home {u.home}); UFO tokens left: {' '.join(map(str, u.stack)) or 'none'}"
        held = [f"player {p}: {' '.join(map(str, h))}" for p, h in enumerate(u.held) if h]
        if held:
            text += "; taken: " + ", ".join(held)
        lines.append(text)
        if u.arrival is not None:
            lines.append(f"this expedition's arrival token {_arrival_text(u.arrival)}"
                         + (" (used)" if u.ability_used else " (not used yet)"))
    m = view.missions
    if m is not None:
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
        lines.append("missions: " + "; ".join(parts))
    return lines


def _score_text(score, hidden_missions: bool, variants) -> str:
    parts = [f"moons {score.moons}", f"planets {score.planets}", f"deep space {score.deep_space}",
             f"goals {score.goals}"]
    for name in ("exploration", "missions", "ufo"):
        if name in variants:
            parts.append(f"{name} {'?' if name == 'missions' and hidden_missions else getattr(score, name)}")
    total = f"{score.total}{' + ?' if hidden_missions else ''} points"
    return f"{total} ({', '.join(parts)})"


def describe_state(state, observer=None) -> list[str]:
    """Returns a readable summary of a state, a few lines (scores as the engine counts them now).

    ``observer``: ``None`` shows everything (a referee's view, as ``referee verify`` prints it); a
    player number or :data:`TABLE` shows only what they may see (:func:`view_of`): the missions of
    others are hidden, and so are their mission points.
    """
    from .games import mlem
    from .games.mlem.model import GOALS, Hidden

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
    sheet = mlem.scores(view)
    hands = view.missions.hands if view.missions is not None else ()
    for p, s in enumerate(sheet):
        reserve = ", ".join(state.reserves[p]) or "none"
        hidden = bool(hands) and isinstance(hands[p], Hidden)
        lines.append(f"player {p}: {_score_text(s, hidden, variants)}; reserve: {reserve}")
    held = [f"{g} (player {h})" for g, h in zip(GOALS, state.goals) if h is not None]
    lines.append("goals taken: " + (", ".join(held) if held else "none"))
    lines.append(_next_text(state))
    return lines


def _next_text(state) -> str:
    from .games import mlem
    from .games.mlem.engine import mission_dealee

    actor = mlem.current_actor(state)
    r = state.rocket
    if actor is None:
        return f"game over ({state.ended})"
    if actor != mlem.CHANCE:
        return f"next: player {actor} ({state.phase})"
    phase = state.phase
    if phase == "roll":
        return f"next: the commander (player {r.seats[0].player}) rolls {r.dice} dice"
    if phase == "exploration-setup":
        return f"next: an exploration token is revealed ({len(state.exploration.pile)} face down)"
    if phase == "exploration-draw":
        return f"next: a replacement exploration token is drawn ({state.exploration.pending} owed)"
    if phase == "mission-deal":
        return f"next: a mission is dealt face down to player {mission_dealee(state)}"
    return f"next: an arrival token is revealed ({len(state.ufo.pile)} face down)"


# -- the game loop ----------------------------------------------------------------------------


class _Quit(Exception):
    """The player typed quit, or the input ended."""


class Session:
    """One hot-seat game: the state, the actions so far, and the terminal streams."""

    def __init__(self, setup, *, dice: str, rng: random.Random, stdin: IO[str], stdout: IO[str]) -> None:
        from .games import mlem

        self.setup = setup
        self.state = mlem.initial_state(setup)
        self.actions: list[Any] = []
        self.dice = dice
        self.rng = rng
        self.stdin = stdin
        self.out = stdout

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")

    def ask(self, prompt: str) -> str:
        self.out.write(prompt)
        self.out.flush()
        line = self.stdin.readline()
        if not line:
            self.say()
            raise _Quit("end of input")
        if not self.stdin.isatty():  # a scripted game: echo the entry so the transcript reads well
            self.out.write(line if line.endswith("\n") else line + "\n")
        text = line.strip()
        if text.lower() in QUIT_WORDS:
            raise _Quit("quit")
        return text

    def observer(self):
        """Who is looking at the screen: the player to act, else everyone (:data:`TABLE`)."""
        from .games import mlem

        actor = mlem.current_actor(self.state)
        return actor if isinstance(actor, int) else TABLE

    def show(self) -> None:
        for line in describe_state(self.state, self.observer()):
            self.say("  " + line)

    def run(self) -> bool:
        """Plays until the game is over (True) or the player quits / the input ends (False)."""
        from .games import mlem
        from .games.mlem.notation import TABLE as EVERYONE, event_line

        self.show()
        try:
            while mlem.current_actor(self.state) is not None:
                before = self.state
                action, t = self.next_step()
                self.actions.append(action)
                self.state = t.state
                self.say(f"> {echo(before, action)}")
                for e in t.events:
                    self.say("  - " + event_line(e, self.state.board, observer=EVERYONE))
                if self.state.phase not in QUIET_PHASES:
                    self.show()
        except _Quit as why:
            self.say(f"stopped ({why}) after {len(self.actions)} actions")
            return False
        self.finish()
        return True

    def next_step(self):
        from .games import mlem
        from .sampler import roll

        state = self.state
        actor = mlem.current_actor(state)
        if actor == mlem.CHANCE and self.dice == "random":
            if state.phase == "roll":
                action = roll(self.rng, state.rocket.dice)
            else:  # a token draw: each token left in the pile equally likely
                action = self.rng.choice(mlem.legal_actions(state))
            return action, mlem.apply(state, action)
        if actor == mlem.CHANCE and state.phase != "roll":
            return self.ask_draw()
        if actor == mlem.CHANCE:
            return self.ask_roll()
        return self.ask_choice(actor)

    def ask_draw(self):
        """A token drawn at a real table (``--dice manual``): its id is typed in."""
        from .games import mlem
        from .games.mlem.notation import parse_action

        state = self.state
        ids = [a.token for a in mlem.legal_actions(state)]
        what = {"exploration-setup": "an exploration token", "exploration-draw": "an exploration token",
                "mission-deal": "a mission", "arrival": "an arrival token"}[state.phase]
        while True:
            text = self.ask(f"draw {what} ({len(ids)} face down): type the token drawn, or quit: ")
            if not text or text.lower() == "draw":
                self.say(f"type the id of the token drawn, e.g. '{ids[0]}'")
                continue
            try:
                action = parse_action(text if text.lower().startswith("draw ") else "draw " + text, 0, tokens=ids)
            except ValueError as exc:
                self.say(f"cannot read {text!r}: {exc}")
                continue
            try:
                return action, mlem.apply(state, action)
            except IllegalAction as exc:
                self.say(f"not accepted: {exc.message} [{exc.clause}]")

    def ask_roll(self):
        from .games import mlem
        from .games.mlem.notation import parse_action

        dice = self.state.rocket.dice
        while True:
            text = self.ask(f"roll {dice} {'die' if dice == 1 else 'dice'}: type the faces (1 2 3 4 a), or quit: ")
            if not text or text.lower() == "roll":
                self.say(f"type the {dice} faces shown, e.g. '{' '.join(['2'] * dice)}'")
                continue
            try:
                action = parse_action(text if text.lower().startswith("roll") else "roll " + text, 0)  # no player
            except ValueError as exc:
                self.say(f"cannot read {text!r}: {exc}")
                continue
            try:
                return action, mlem.apply(self.state, action)
            except IllegalAction as exc:
                self.say(f"not accepted: {exc.message} [{exc.clause}]")

    def ask_choice(self, player: int):
        from .games import mlem
        from .games.mlem.notation import parse_action

        legal = mlem.legal_actions(self.state)
        self.list_choices(player, legal)
        while True:
            text = self.ask(f"player {player}> ")
            if text.lower() in HELP_WORDS:
                self.list_choices(player, legal)
                self.say("type a number or a short form (embark satellite, move 2+a, move 1 die-one:2, land 7, stay"
                         + ("; discard M04, reroll, move extra-face, move 2 keep-dice" if self.state.options.variants
                            else "") + "); quit to stop")
                continue
            if text.isdigit():
                n = int(text)
                if 1 <= n <= len(legal):
                    return legal[n - 1], mlem.apply(self.state, legal[n - 1])
                self.say(f"no choice {n}: pick 1 to {len(legal)} (help lists them)")
                continue
            try:
                action = parse_action(text, player, here=self.state.rocket.space, tokens=_token_ids(self.state))
            except ValueError as exc:
                self.say(f"cannot read {text!r}: {exc}")
                continue
            try:
                return action, mlem.apply(self.state, action)
            except IllegalAction as exc:
                self.say(f"not allowed: {exc.message} [{exc.clause}]")

    def list_choices(self, player: int, legal) -> None:
        from .games.mlem.notation import action_text

        self.say(f"player {player}, choose:")
        for i, a in enumerate(legal, start=1):
            self.say(f"  {i}. {action_text(a)}{_hint(self.state, a)}")

    def finish(self) -> None:
        from .games import mlem

        result = mlem.outcome(self.state)
        variants = self.state.options.variants
        self.say(f"game over ({result.reason}) after {len(self.actions)} actions; final scores [scoring.winner]:")
        for p, s in enumerate(result.scores):
            parts = f"moons {s.moons}, planets {s.planets}, deep space {s.deep_space}, goals {s.goals}"
            for name in ("exploration", "missions", "ufo"):
                if name in variants:
                    parts += f", {name} {getattr(s, name)}"
            self.say(f"  player {p}: {s.total} ({parts})")
        if self.state.missions is not None:  # kept missions are shown once the game is over [missions.hidden]
            for line in variant_lines(self.state, TABLE):
                if line.startswith("missions: "):
                    self.say("  kept " + line)
        names = ", ".join(f"player {p}" for p in result.winners)
        self.say(("winners (shared): " if len(result.winners) > 1 else "winner: ") + names)

    def log(self, meta: dict) -> str:
        from .games.mlem.interchange import setup_to_json
        from .verify import claimed_scores, log_text

        claim = claimed_scores(self.state) if self.state.phase == "game-over" else None
        return log_text(setup_to_json(self.setup), self.actions, claim, meta)


def _token_ids(state) -> list[str]:
    """The token ids a short form may name here (the pile drawn from, the acting player's hand)."""
    from .games import mlem

    return [a.token for a in mlem.legal_actions(state) if a.type in ("draw", "discard")]


def _hint(state, action) -> str:
    """What a numbered choice means, where its short form does not say it."""
    if action.type == "discard":
        hand = state.missions.hands[action.player]
        token = next(t for t in hand if t.id == action.token)
        return f"  (the mission for {_mission_site(state.board, token)}; you keep the other three)"
    if action.type == "move" and action.ability == "extra-face":
        return f"  (the arrival token's face {state.ufo.arrival.face} alone)"
    return ""


def echo(state, action) -> str:
    """The short form of an action as the whole table may read it: a mission dealt or discarded is
    not named [missions.hidden]."""
    from .games.mlem.notation import action_text

    if action.type == "draw" and state.phase == "mission-deal":
        return "draw (a mission, face down)"
    if action.type == "discard":
        return "discard (a mission, face down)"
    return action_text(action)


def cmd_play(args: argparse.Namespace) -> int:
    from pathlib import Path

    from .cli import EXIT_OK, write_atomically
    from .verify import usage_error
    from .games import mlem
    from .games.mlem.interchange import load_tokens, options_from_partial, token_set_problems
    from .games.mlem.model import VARIANTS

    if args.game != "mlem":
        raise usage_error(f"--game {args.game}: only mlem can be played")
    if not 2 <= args.players <= 5:
        raise usage_error(f"--players {args.players}: MLEM is for 2 to 5 players")
    if not 0 <= args.start_player < args.players:
        raise usage_error(f"--start-player {args.start_player}: not one of players 0..{args.players - 1}")
    variants = [v.strip() for v in (args.variants or "").split(",") if v.strip()]
    for v in variants:
        if v not in VARIANTS:
            raise usage_error(f"--variants {args.variants}: unknown variant {v!r} (known: {', '.join(VARIANTS)})")
    if args.tokens and not variants:
        raise usage_error("--tokens: the token set is for the variants; give --variants too")
    try:
        options = options_from_partial({**dict(args.option or []), "variants": variants})
    except RefereeError as exc:
        raise usage_error(f"--option: {exc.message}") from None
    board = mlem.load_board(args.board)
    tokens = None
    if options.variants:
        tokens = load_tokens(args.tokens or board.id)
        problems = token_set_problems(tokens, board)
        if problems:
            raise usage_error(f"--tokens {args.tokens or board.id}: does not fit board {board.id}: {problems[0]}")
    log_path = Path(args.log) if args.log else None
    if log_path is not None and (log_path.is_dir() or not log_path.parent.is_dir()):
        raise usage_error(f"--log {args.log}: not a file in an existing folder")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    setup = mlem.Setup(players=args.players, board=board, start_player=args.start_player, options=options,
                       tokens=tokens)
    try:
        session = Session(setup, dice=args.dice, rng=random.Random(seed), stdin=sys.stdin, stdout=sys.stdout)
    except IllegalAction as exc:
        raise usage_error(f"{exc.message} [{exc.clause}]") from None
    variant_text = f", variants {', '.join(options.variants)} (tokens {tokens.id})" if tokens else ""
    session.say(f"MLEM: {args.players} players, board {board.id}{variant_text}, dice {args.dice}"
                + (f" (seed {seed})" if args.dice == "random" else "")
                + "; type a number or a short form, help, or quit")
    try:
        session.run()
    finally:
        if log_path is not None:
            meta = {"source": "referee play", "dice": args.dice}
            if args.dice == "random":
                meta["seed"] = seed
            try:
                write_atomically(log_path, session.log(meta))
            except OSError as exc:
                raise usage_error(f"--log {args.log}: cannot write: {exc.strerror}") from None
            session.say(f"log written to {args.log} ({len(session.actions)} actions)")
    return EXIT_OK


def register(sub: argparse._SubParsersAction) -> None:
    """Adds this module's subcommands to the ``referee`` parser."""
    from .cli import _game, _option

    p = sub.add_parser("play", help="hot-seat play in the terminal against the reference engine")
    p.add_argument("--game", type=_game, required=True)
    p.add_argument("--players", type=int, default=2, help="2..5 (default: 2)")
    p.add_argument("--start-player", type=int, default=0, help="the first start player (default: 0)")
    p.add_argument("--seed", type=int, help="seed of the dice (default: a fresh one, printed)")
    p.add_argument("--board", default="standard", help="board id or YAML/JSON file (default: standard)")
    p.add_argument("--option", type=_option, action="append", metavar="NAME=VALUE",
                   help="a rule option, e.g. dice_selection=single-group (repeatable)")
    p.add_argument("--variants", metavar="LIST",
                   help="variants to play, comma-separated: exploration, missions, ufo")
    p.add_argument("--tokens", metavar="ID|FILE",
                   help="variant token set: id in spec/mlem/tokens or a YAML/JSON file (default: the board's id)")
    p.add_argument("--dice", choices=["random", "manual"], default="random",
                   help="roll (and draw tokens) with a seeded generator (default), or type in a real roll or draw")
    p.add_argument("--log", metavar="FILE", help="write the game log here when the game ends or stops")
    p.set_defaults(func=cmd_play)
