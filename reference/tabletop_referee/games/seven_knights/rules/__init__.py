"""The rules of Seven Knights Bewitched, one module per clause area of
``spec/seven-knights/clauses.yaml`` (plus :mod:`.work`, the mutable working copy)."""
