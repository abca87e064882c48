"""``referee play``: hot-seat play in the terminal against a reference engine.

The engine decides everything: the numbered choices are the game's legal actions, an entry
typed in short form is handed to the engine's ``apply`` as is (so a move the rules forbid is
refused with the engine's clause and message), and every event printed names the clause that
produced it. Actions and events are read and written in the game's short notation, the one
``referee explain`` speaks too (for MLEM: ``embark satellite``, ``move 2+afterburner``, ``land 7``).

Chance outcomes are drawn with a seeded ``random.Random`` (``--dice random``) or typed in from
a real table (``--dice manual``). ``quit`` or the end of input stops cleanly; ``--log`` writes
the game log so far (docs/logs.md), with the claimed scores once the game is over.

Hidden information: the screen is shared, so the position shown is what the player to act may
see (the game's ``observe``), and between decisions what everyone at the table may see; what is
secret (a mission dealt, a tile inspected) is never echoed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import IO, Any, cast

from .errors import IllegalAction
from .games.interface import CHANCE, TABLE, Observer, Transition
from .games.roles import GameKit
from .verify import claimed_scores, log_text

QUIT_WORDS = ("quit", "exit", "q")
HELP_WORDS = ("help", "?", "h")


# -- the game loop ----------------------------------------------------------------------------


class _Quit(Exception):
    """The player typed quit, or the input ended."""


class Session:
    """One hot-seat game: the state, the actions so far, and the terminal streams."""

    def __init__(self, game: GameKit, setup: Any, *, dice: str, rng: random.Random, stdin: IO[str],
                 stdout: IO[str]) -> None:
        self.game = game
        self.setup = setup
        self.state = game.initial_state(setup)
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

    def observer(self) -> Observer:
        """Who is looking at the screen: the player to act, else everyone (:data:`TABLE`)."""
        actors = self.game.actors(self.state)
        return actors[0] if actors and isinstance(actors[0], int) else TABLE

    def show(self) -> None:
        for line in self.game.narration.describe_state(self.state, self.observer()).splitlines():
            self.say("  " + line)

    def run(self) -> bool:
        """Plays until the game is over (True) or the player quits / the input ends (False)."""
        game = self.game
        self.show()
        try:
            while not game.is_over(self.state):
                before = self.state
                action, t = self.next_step()
                self.actions.append(action)
                self.state = t.state
                self.say(f"> {game.notation.public_action_text(before, action)}")
                for e in t.events:
                    self.say("  - " + game.narration.describe_event(e, self.state, TABLE))
                if not game.narration.quiet_after(self.state):
                    self.show()
        except _Quit as why:
            self.say(f"stopped ({why}) after {len(self.actions)} actions")
            return False
        self.finish()
        return True

    def next_step(self) -> tuple[Any, Transition]:
        game, state = self.game, self.state
        actors = game.actors(state)
        if actors == (CHANCE,):
            if self.dice == "random":
                action = game.rules.sample_chance(state, self.rng)
                return action, game.apply(state, action)
            return self.ask_chance()
        return self.ask_choice(cast(int, actors[0]))  # not a chance node: a player

    def ask_chance(self) -> tuple[Any, Transition]:
        """A chance outcome from a real table (``--dice manual``): typed in."""
        game, state = self.game, self.state
        verb = game.notation.chance_verb(state)
        while True:
            text = self.ask(game.notation.chance_prompt(state))
            if not text or text.lower() == verb:
                self.say(game.notation.chance_example(state))
                continue
            try:
                action = game.notation.parse_chance(text, state)
            except ValueError as exc:
                self.say(f"cannot read {text!r}: {exc}")
                continue
            try:
                return action, game.apply(state, action)
            except IllegalAction as exc:
                self.say(f"not accepted: {exc.message} [{exc.clause}]")

    def ask_choice(self, player: int) -> tuple[Any, Transition]:
        game, state = self.game, self.state
        legal = game.legal_actions(state, player) if len(game.actors(state)) > 1 else game.legal_actions(state)
        self.list_choices(player, legal)
        while True:
            text = self.ask(f"player {player}> ")
            if text.lower() in HELP_WORDS:
                self.list_choices(player, legal)
                self.say(game.notation.notation_help(state))
                continue
            if text.isdigit():
                n = int(text)
                if 1 <= n <= len(legal):
                    return legal[n - 1], game.apply(state, legal[n - 1])
                self.say(f"no choice {n}: pick 1 to {len(legal)} (help lists them)")
                continue
            try:
                action = game.notation.parse_action(text, state, player)
            except ValueError as exc:
                self.say(f"cannot read {text!r}: {exc}")
                continue
            try:
                return action, game.apply(state, action)
            except IllegalAction as exc:
                self.say(f"not allowed: {exc.message} [{exc.clause}]")

    def list_choices(self, player: int, legal: Sequence[Any]) -> None:
        self.say(f"player {player}, choose:")
        for i, a in enumerate(legal, start=1):
            self.say(f"  {i}. {self.game.notation.action_text(a)}{self.game.notation.choice_hint(self.state, a)}")

    def finish(self) -> None:
        for line in self.game.narration.final_lines(self.state, len(self.actions)):
            self.say(line)

    def log(self, meta: dict[str, Any]) -> str:
        claim = claimed_scores(self.game, self.state) if self.game.is_over(self.state) else None
        return log_text(self.game, self.game.setup_to_json(self.setup), self.actions, claim, meta)
