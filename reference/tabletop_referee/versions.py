"""The versions this package carries (CHANGELOG.md states what each kind of bump means).

- ``PROTOCOL_VERSION``: the adapter protocol (docs/protocol.md), the integer in ``start``.
- ``VECTOR_FORMAT``: the test vector file format (docs/vectors.md), a file's ``"format"``.

The package version, ``__version__``, is written once, in ``tabletop_referee/__init__.py``.
"""

PROTOCOL_VERSION = 2
VECTOR_FORMAT = 2
