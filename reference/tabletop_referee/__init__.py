"""tabletop-referee: executable rules specifications and conformance suites for tabletop games.

Three things carry a version (CHANGELOG.md states what each kind of bump means):

- ``__version__``: the package (semantic versioning); the only place it is written, the
  wheel's metadata reads it from here.
- ``PROTOCOL_VERSION``: the adapter protocol (docs/protocol.md): the highest version the
  runner speaks (it also speaks every older one an adapter answers in ``start``).
- ``VECTOR_FORMAT``: the test vector file format (docs/vectors.md), a file's ``"format"``.

The last two are read lazily from the modules that use them, so importing the package stays
cheap.
"""

from typing import Any

__version__ = "0.1.0"

__all__ = ["PROTOCOL_VERSION", "VECTOR_FORMAT", "__version__"]


def __getattr__(name: str) -> Any:
    if name == "PROTOCOL_VERSION":
        from .conformance.client import PROTOCOLS

        return max(PROTOCOLS)
    if name == "VECTOR_FORMAT":
        from .vectors import FORMAT

        return FORMAT
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
