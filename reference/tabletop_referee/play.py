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
    Move(player=0, faces=('2', 'afterburner'), die_one=())

Dice are rolled with a seeded ``random.Random`` (``--dice random``) or typed in from a real
table (``--dice manual``). ``quit`` or the end of input stops cleanly; ``--log`` writes the game
log so far (docs/logs.md), with the claimed scores once the game is over.
"""

from __future__ import annotations

import argparse
import random
import sys
from typing import IO, Any

from .errors import IllegalAction, RefereeError

QUIT_WORDS = ("quit", "exit", "q")
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


def describe_state(state) -> list[str]:
    """Returns a readable summary of a state, a few lines (scores as the engine counts them now)."""
    from .games import mlem
    from .games.mlem.model import GOALS

    r = state.rocket
    lines = [
        f"expedition {state.expedition}, phase {state.phase}, crashes {state.crashes}/{state.board.crash_limit}, "
        f"start player {state.start_player}, board {state.board.id}"
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
    sheet = mlem.scores(state)
    for p, s in enumerate(sheet):
        reserve = ", ".join(state.reserves[p]) or "none"
        lines.append(f"player {p}: {s.total} points (moons {s.moons}, planets {s.planets}, "
                     f"deep space {s.deep_space}, goals {s.goals}); reserve: {reserve}")
    held = [f"{g} (player {h})" for g, h in zip(GOALS, state.goals) if h is not None]
    lines.append("goals taken: " + (", ".join(held) if held else "none"))
    actor = mlem.current_actor(state)
    if actor is None:
        lines.append(f"game over ({state.ended})")
    elif actor == mlem.CHANCE:
        lines.append(f"next: the commander (player {r.seats[0].player}) rolls {r.dice} dice")
    else:
        lines.append(f"next: player {actor} ({state.phase})")
    return lines


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

    def show(self) -> None:
        for line in describe_state(self.state):
            self.say("  " + line)

    def run(self) -> bool:
        """Plays until the game is over (True) or the player quits / the input ends (False)."""
        from .games import mlem
        from .games.mlem.notation import action_text, event_line

        self.show()
        try:
            while mlem.current_actor(self.state) is not None:
                action, t = self.next_step()
                self.actions.append(action)
                self.state = t.state
                self.say(f"> {action_text(action)}")
                for e in t.events:
                    self.say("  - " + event_line(e, self.state.board))
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
            action = roll(self.rng, state.rocket.dice)
            return action, mlem.apply(state, action)
        if actor == mlem.CHANCE:
            return self.ask_roll()
        return self.ask_choice(actor)

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
                self.say("type a number or a short form (embark satellite, move 2+a, move 1 die-one:2, land 7, stay); "
                         "quit to stop")
                continue
            if text.isdigit():
                n = int(text)
                if 1 <= n <= len(legal):
                    return legal[n - 1], mlem.apply(self.state, legal[n - 1])
                self.say(f"no choice {n}: pick 1 to {len(legal)} (help lists them)")
                continue
            try:
                action = parse_action(text, player, here=self.state.rocket.space)
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
            self.say(f"  {i}. {action_text(a)}")

    def finish(self) -> None:
        from .games import mlem

        result = mlem.outcome(self.state)
        self.say(f"game over ({result.reason}) after {len(self.actions)} actions; final scores [scoring.winner]:")
        for p, s in enumerate(result.scores):
            self.say(f"  player {p}: {s.total} (moons {s.moons}, planets {s.planets}, "
                     f"deep space {s.deep_space}, goals {s.goals})")
        names = ", ".join(f"player {p}" for p in result.winners)
        self.say(("winners (shared): " if len(result.winners) > 1 else "winner: ") + names)

    def log(self, meta: dict) -> str:
        from .games.mlem.interchange import setup_to_json
        from .verify import claimed_scores, log_text

        claim = claimed_scores(self.state) if self.state.phase == "game-over" else None
        return log_text(setup_to_json(self.setup), self.actions, claim, meta)


def cmd_play(args: argparse.Namespace) -> int:
    from pathlib import Path

    from .cli import EXIT_OK, write_atomically
    from .verify import usage_error
    from .games import mlem
    from .games.mlem.interchange import options_from_partial

    if args.game != "mlem":
        raise usage_error(f"--game {args.game}: only mlem can be played")
    if not 2 <= args.players <= 5:
        raise usage_error(f"--players {args.players}: MLEM is for 2 to 5 players")
    if not 0 <= args.start_player < args.players:
        raise usage_error(f"--start-player {args.start_player}: not one of players 0..{args.players - 1}")
    try:
        options = options_from_partial(dict(args.option or []))
    except RefereeError as exc:
        raise usage_error(f"--option: {exc.message}") from None
    board = mlem.load_board(args.board)
    log_path = Path(args.log) if args.log else None
    if log_path is not None and (log_path.is_dir() or not log_path.parent.is_dir()):
        raise usage_error(f"--log {args.log}: not a file in an existing folder")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    setup = mlem.Setup(players=args.players, board=board, start_player=args.start_player, options=options)
    session = Session(setup, dice=args.dice, rng=random.Random(seed), stdin=sys.stdin, stdout=sys.stdout)
    session.say(f"MLEM: {args.players} players, board {board.id}, dice {args.dice}"
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
    p.add_argument("--dice", choices=["random", "manual"], default="random",
                   help="roll with a seeded generator (default) or type in the faces of a real roll")
    p.add_argument("--log", metavar="FILE", help="write the game log here when the game ends or stops")
    p.set_defaults(func=cmd_play)
