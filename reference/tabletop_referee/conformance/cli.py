"""Subcommands of ``referee`` that belong to the conformance runner."""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction) -> None:
    """Adds the conformance subcommands (conform, ...) to the ``referee`` parser."""
