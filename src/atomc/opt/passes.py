"""Imports every pass module so that each registers itself (see registry.py)."""

from . import mem2reg  # noqa: F401
from . import inline  # noqa: F401
from . import loop_passes  # noqa: F401
