"""atomc: a C compiler whose optimised code stays debuggable."""

__version__ = "0.1.0"

# before any atomc module creates its dataclasses (dccache.py says why)
from . import dccache as _dccache  # noqa: E402

_dccache.install()
