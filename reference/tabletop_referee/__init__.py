"""tabletop-referee: executable rules specifications and conformance suites for tabletop games.

Three things carry a version (CHANGELOG.md states what each kind of bump means):

- ``__version__``: the package (semantic versioning); the only place it is written, the
  wheel's metadata reads it from here.
- ``PROTOCOL_VERSION``: the adapter protocol (docs/protocol.md): the highest version the
  runner speaks (it also speaks every older one an adapter answers in ``start``).
- ``VECTOR_FORMAT``: the test vector file format (docs/vectors.md), a file's ``"format"``.

The last two are defined in :mod:`tabletop_referee.versions`.
"""

from .versions import PROTOCOL_VERSION, VECTOR_FORMAT

__version__ = "0.2.0"

__all__ = ["PROTOCOL_VERSION", "VECTOR_FORMAT", "__version__"]
