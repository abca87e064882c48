"""tabletop-referee: executable rules specifications and conformance suites for tabletop games."""

__version__ = "0.1.0"
