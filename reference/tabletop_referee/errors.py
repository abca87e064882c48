"""Typed errors shared by every game.

All errors derive from :class:`RefereeError` (a ``ValueError``) and carry the id of the clause
they enforce, so a rejection can be traced back to the rules text.
"""

from __future__ import annotations


class RefereeError(ValueError):
    """Base class of every error the engines raise on bad input."""

    def __init__(self, clause: str, message: str, *, path: str = "$") -> None:
        super().__init__(message)
        self.clause = clause
        self.message = message
        self.path = path

    def __str__(self) -> str:
        return f"[{self.clause}] {self.message}"

    def to_json(self) -> dict:
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
    """A well-formed action that the rules forbid in this state."""


class UsageError(Exception):
    """Bad command-line arguments or files: reported by the CLI on one line, exit code 2.

    Defined here, not in cli.py, so that ``python -m tabletop_referee.cli`` (where cli.py runs
    as ``__main__``) catches the same class the subcommand modules raise.
    """
