"""Typed errors shared by every game.

All errors derive from :class:`RefereeError` (a ``ValueError``) and carry the id of the clause
they enforce, so a rejection can be traced back to the rules text.
"""

from __future__ import annotations

from typing import Any


class RefereeError(ValueError):
    """Base class of every error the engines raise on bad input."""

    def __init__(self, clause: str, message: str, *, path: str = "$") -> None:
        super().__init__(message)
        self.clause = clause
        self.message = message
        self.path = path

    def __str__(self) -> str:
        return f"[{self.clause}] {self.message}"

    def to_json(self) -> dict[str, Any]:
        return {"clause": self.clause, "message": self.message}


class MalformedInput(RefereeError):
    """A document (state, action, setup, board) does not have the documented shape."""

    def __init__(self, message: str, *, path: str = "$", clause: str = "interchange.schema") -> None:
        super().__init__(clause, message, path=path)

    def __str__(self) -> str:
        return f"{self.path}: {self.message}"


class InvalidState(RefereeError):
    """A well-formed state that cannot occur in a game (e.g. astronauts not conserved)."""


class IllegalAction(RefereeError):
    """A well-formed action that the rules forbid in this state.

    A rule check raises it with the clause and a message; the engine's ``apply`` then attaches
    the context with :meth:`with_context`: the ``action`` that was refused (the game's own
    action value) and the ``phase`` the state was in. Both are ``None`` until then. ``str()``
    stays ``[clause] message``, so the context never changes what a vector or a report says.
    """

    def __init__(self, clause: str, message: str, *, path: str = "$",
                 action: object | None = None, phase: str | None = None) -> None:
        super().__init__(clause, message, path=path)
        self.action = action
        self.phase = phase

    def with_context(self, action: object, phase: str | None) -> "IllegalAction":
        """Records the refused action and the phase (first call wins); returns ``self``."""
        if self.action is None:
            self.action = action
        if self.phase is None:
            self.phase = phase
        return self


class InvalidNotation(RefereeError):
    """A short action text (``move 2+afterburner``) that does not parse.

    ``text`` is the whole input and ``column`` the 0-based place where reading failed (or
    ``None``). It is a ``ValueError`` like every referee error, so callers that catch
    ``ValueError`` keep working. Its clause is ``interchange.notation``: like
    ``interchange.schema`` (:class:`MalformedInput`), it names the input format that was not
    met, not a rule of the game (the ``interchange.*`` ids are the same for every game).
    """

    def __init__(self, message: str, *, text: str = "", column: int | None = None,
                 clause: str = "interchange.notation") -> None:
        super().__init__(clause, message)
        self.text = text
        self.column = column

    def __str__(self) -> str:
        return self.message


class UsageError(Exception):
    """Bad command-line arguments or files: reported by the CLI on one line, exit code 2.

    Defined here, not in cli.py, so that ``python -m tabletop_referee.cli`` (where cli.py runs
    as ``__main__``) catches the same class the subcommand modules raise.
    """
