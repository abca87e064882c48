"""``referee play``: hot-seat MLEM in the terminal against the reference engine.

The engine decides everything: the numbered choices are :func:`~tabletop_referee.games.mlem.legal_actions`,
an entry typed in short form is handed to :func:`~tabletop_referee.games.mlem.apply` as is (so a
move the rules forbid is refused with the engine's clause and message), and every event printed
names the clause that produced it. This module only turns values into text and back:

    >>> from tabletop_referee.games import mlem
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
import re
import sys
from typing import IO, Any

from .errors import IllegalAction, RefereeError

QUIT_WORDS = ("quit", "exit", "q")
HELP_WORDS = ("help", "?", "h")
FACE_ALIASES = {"a": "afterburner", "ab": "afterburner", "afterburner": "afterburner"}


# -- text forms -------------------------------------------------------------------------------


def action_text(action) -> str:
    """Returns the short human form of an action: ``move 2+afterburner``, ``land 7``, ``stay`` ..."""
    kind = action.type
    if kind == "embark":
        return f"embark {action.astronaut}"
    if kind == "roll":
        return "roll " + " ".join(sorted(action.faces, key=_face_order))
    if kind == "move":
        text = "move " + "+".join(action.faces)
        if action.die_one:
            text += " die-one " + ",".join(str(p) for p in action.die_one)
        return text
    if kind == "land":
        return f"land {action.space}"
    return "stay"


def parse_action(text: str, player: int):
    """Reads the short form of an action for ``player`` (syntax only; the engine judges it).

    Accepts ``embark TYPE``, ``move F+F [die-one P,P]`` (``a`` or ``ab`` for afterburner),
    ``land SPACE``, ``stay`` and ``roll F F ...``.

    Raises:
        ValueError: the text is not one of those forms.
    """
    from .games import mlem

    words = re.sub(r"\s*\+\s*", "+", text.lower()).replace(",", " ").split()
    if not words:
        raise ValueError("empty entry")
    verb, rest = words[0], words[1:]
    if verb == "stay" and not rest:
        return mlem.Stay(player)
    if verb == "land" and len(rest) == 1:
        if not rest[0].isdigit():
            raise ValueError(f"land needs a space number, not {rest[0]!r}")
        return mlem.Land(player, int(rest[0]))
    if verb == "embark" and len(rest) == 1:
        return mlem.Embark(player, rest[0])
    if verb == "roll" and rest:
        return mlem.Roll(tuple(_face(f) for f in rest))
    if verb == "move" and rest:
        faces = tuple(_face(f) for f in rest[0].split("+") if f)
        die_one: tuple[int, ...] = ()
        if len(rest) > 1:
            if rest[1] != "die-one" or len(rest) == 2:
                raise ValueError("after the faces write: die-one PLAYER[,PLAYER]")
            if not all(p.isdigit() for p in rest[2:]):
                raise ValueError("die-one takes player numbers")
            die_one = tuple(int(p) for p in rest[2:])
        return mlem.Move(player, faces, die_one)
    raise ValueError("not an action (forms: embark TYPE, move F+F [die-one P], land SPACE, stay)")


def _face(word: str) -> str:
    return FACE_ALIASES.get(word, word)


def _face_order(face: str) -> int:
    from .games.mlem.model import FACE_INDEX

    return FACE_INDEX.get(face, len(FACE_INDEX))


def event_text(event) -> str:
    """Returns one event as a readable sentence followed by its clause id."""
    d = dict(event.data)
    t = event.type
    if t == "boarded":
        s = f"player {d['player']} boards {d['astronaut']} (seat {d['seat'] + 1})"
    elif t == "rocket-placed":
        s = f"the rocket is placed on space {d['space']}"
    elif t == "rolled":
        s = "rolled " + " ".join(d["faces"])
    elif t == "moved":
        used = "+".join(d["faces"])
        if d["die_one"]:
            used += f" and die-one of player {', '.join(map(str, d['die_one']))}"
        s = f"player {d['player']} moves with {used}: space {d['from']} -> {d['to']} (distance {d['distance']})"
    elif t == "dice-removed":
        s = f"{d['count']} dice set aside, {d['dice']} left"
    elif t == "die-restored":
        s = f"one die comes back ({d['dice']} left)"
    elif t == "crashed":
        s = f"CRASH on space {d['space']} (crashes: {d['crashes']})"
    elif t == "landed":
        where = {"moon": f"the moon of space {d['space']} (slot {d.get('slot', 0)})",
                 "planet": f"the planet of space {d['space']}",
                 "comet": "the comet", "galaxy": "the galaxy"}[d["site"]]
        s = f"player {d['player']}'s {d['astronaut']} lands on {where}: {d['points']} points"
    elif t == "stayed":
        s = f"player {d['player']} stays aboard"
    elif t == "commander-changed":
        s = f"player {d['player']} is now the commander"
    elif t == "goal-claimed":
        s = f"player {d['player']} claims the goal {d['goal']} (5 points)"
    elif t == "returned-home":
        s = f"player {d['player']}'s {d['astronaut']} returns home"
    elif t == "expedition-ended":
        s = f"expedition {d['expedition']} ends ({d['reason']}); next start player: player {d['next_start_player']}"
    elif t == "game-ended":
        s = f"the game is over ({d['reason']})"
    else:  # an event type this page does not know yet
        s = t + " " + " ".join(f"{k}={v}" for k, v in d.items())
    return f"{s} [{event.clause}]"


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

        self.show()
        try:
            while mlem.current_actor(self.state) is not None:
                action, t = self.next_step()
                self.actions.append(action)
                self.state = t.state
                self.say(f"> {action_text(action)}")
                for e in t.events:
                    self.say("  - " + event_text(e))
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

        dice = self.state.rocket.dice
        while True:
            text = self.ask(f"roll {dice} {'die' if dice == 1 else 'dice'}: type the faces (1 2 3 4 a), or quit: ")
            words = text.lower().replace(",", " ").split()
            if words[:1] == ["roll"]:
                words = words[1:]
            if not words:
                self.say(f"type the {dice} faces shown, e.g. '{' '.join(['2'] * dice)}'")
                continue
            action = mlem.Roll(tuple(_face(w) for w in words))
            try:
                return action, mlem.apply(self.state, action)
            except IllegalAction as exc:
                self.say(f"not accepted: {exc.message} [{exc.clause}]")

    def ask_choice(self, player: int):
        from .games import mlem

        legal = mlem.legal_actions(self.state)
        self.list_choices(player, legal)
        while True:
            text = self.ask(f"player {player}> ")
            if text.lower() in HELP_WORDS:
                self.list_choices(player, legal)
                self.say("type a number or a short form (move 2+a, land 7, stay, embark satellite); quit to stop")
                continue
            if text.isdigit():
                n = int(text)
                if 1 <= n <= len(legal):
                    return legal[n - 1], mlem.apply(self.state, legal[n - 1])
                self.say(f"no choice {n}: pick 1 to {len(legal)} (help lists them)")
                continue
            try:
                action = parse_action(text, player)
            except ValueError as exc:
                self.say(f"cannot read {text!r}: {exc}")
                continue
            try:
                return action, mlem.apply(self.state, action)
            except IllegalAction as exc:
                self.say(f"not allowed: {exc.message} [{exc.clause}]")

    def list_choices(self, player: int, legal) -> None:
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
        from .verify import claimed_scores, log_text, setup_to_json

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
