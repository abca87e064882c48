"""``python -m tabletop_referee``: the ``referee`` command line (same arguments, same exit codes)."""

import sys

from tabletop_referee.cli import main

if __name__ == "__main__":
    sys.exit(main())
