"""Imports every pass module so that each registers itself (see registry.py)."""

from . import dce, gvn, instcombine, licm, mem2reg, sccp, simplifycfg, sroa  # noqa: F401
from . import ivsr  # noqa: F401
from . import annotate_atoms  # noqa: F401
