"""(placeholder: filled in by the rules-judge work, issue 5)"""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction) -> None:
    """Adds this module's subcommands to the ``referee`` parser."""
