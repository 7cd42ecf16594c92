"""Imports every pass module so that each registers itself (see registry.py)."""

from . import (  # noqa: F401
    annotate_atoms,
    dce,
    divconst,
    gvn,
    inline,
    instcombine,
    ivsr,
    legalize_i128,
    lftr,
    licm,
    load_hoist,
    loop_load_elim,
    loop_passes,
    mem2reg,
    memlocs,
    sccp,
    selectform,
    simplifycfg,
    sink,
    sroa,
)
