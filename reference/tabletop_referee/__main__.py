"""``python -m tabletop_referee``: the ``referee`` command line (same arguments, same exit codes)."""

import sys

from tabletop_referee.cli import main
from tabletop_referee.gcpolicy import exit_quickly

if __name__ == "__main__":
    code = main()
    exit_quickly()  # the process ends here: no collections over what it kept (gcpolicy.py)
    sys.exit(code)
