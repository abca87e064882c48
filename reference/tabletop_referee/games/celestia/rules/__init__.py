"""Celestia rules, one module per clause area (``spec/celestia/clauses.yaml``).

Each module changes a :class:`~.work.Work` copy; ``engine.apply`` dispatches actions to them.
"""
