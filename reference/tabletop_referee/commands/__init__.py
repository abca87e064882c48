"""The ``referee`` subcommands, one module each.

Every module has ``register(sub)``, which adds its parser and sets ``func``. A command module
imports :mod:`.common` and game-neutral services, never another command module nor ``cli.py``;
``cli.py`` builds the parser from :data:`MODULES`.
"""

MODULES: tuple[str, ...] = (
    "clauses", "simulate", "spec", "vectors", "fuzz", "conform", "explain", "verify", "play",
    "report", "docs", "adapter", "disputes", "suite", "playthroughs", "init",
)
"""The command modules, in the order ``referee --help`` lists them."""
