"""The central types of games/celestia/model.py document every field right below it. (That every
event fits its documented kind, games/celestia/events.py: tests/test_event_kinds.py, for every
game.)"""

from __future__ import annotations

import ast
import inspect

from tabletop_referee.games.celestia import model


def test_every_field_of_the_model_has_a_docstring():
    """The central types (games/celestia/model.py) document each field right below it."""
    tree = ast.parse(inspect.getsource(model))
    classes = [n for n in tree.body if isinstance(n, ast.ClassDef)]
    assert len(classes) > 8
    for cls in classes:
        assert ast.get_docstring(cls), cls.name
        for i, node in enumerate(cls.body):
            if isinstance(node, ast.AnnAssign):
                after = cls.body[i + 1] if i + 1 < len(cls.body) else None
                assert isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant) \
                    and isinstance(after.value.value, str), f"{cls.name}.{node.target.id}"
