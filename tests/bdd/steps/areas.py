"""Collects the area step modules so that conftest.py sees their step fixtures."""

from .basics import *  # noqa: F401,F403
from .flight import *  # noqa: F401,F403
from .powers import *  # noqa: F401,F403
from .rounds import *  # noqa: F401,F403
from .variants import *  # noqa: F401,F403
