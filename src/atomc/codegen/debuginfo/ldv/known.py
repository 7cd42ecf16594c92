"""Values that need no holder: a constant a move-immediate wrote, an address
`leaq` wrote, and bytes loaded from read-only memory (static_loads.py).

When every location holding a variable's value has been overwritten, the value
may still be known: the instruction that made it wrote a constant, or loaded
bytes that never change. The machine value numbering (machine.py) names the
instruction that defined a value, and a value is only ever the result of that
one instruction, so the description holds wherever the variable still has that
value, in a loop as much as in straight-line code.

Debug info: read-only; describes values, changes no instruction.
"""

from __future__ import annotations

from ....ir.debuginfo import type_bits
from .machine import Value
from .model import ComputedLoc, ConstLoc, MFunctionView, VarKey, VarLoc
from .salvage import MEMORY_AT


def var_bits(var: VarKey) -> int | None:
    """The bits of the variable (or of its fragment) a location must give."""
    if var.fragment is not None:
        return var.fragment[1]
    return type_bits(getattr(var.var, "type", None))


def known_location(fn: MFunctionView, v: Value, var: VarKey) -> VarLoc | None:
    """`var`'s value `v` as a constant or as read-only memory, when the
    instruction defining `v` makes it one; else None."""
    b, k, loc = v
    bits = var_bits(var)
    if k == 0 or bits is None or bits <= 0:
        return None
    definer = fn.blocks[b].insts[k - 1]
    if definer.imm is not None and definer.defs[:1] == (loc,) and bits <= 64:
        return ConstLoc(definer.imm & ((1 << bits) - 1))
    if definer.address is not None and definer.defs[:1] == (loc,) and bits == 64:
        return definer.address  # `p = &x`, `s = "text"`: a frame object's or symbol's address
    if definer.static is not None and definer.defs == (loc,):
        symbol, offset, loaded = definer.static
        if bits <= loaded and bits % 8 == 0:
            return ComputedLoc(ConstLoc(offset, symbol=symbol), MEMORY_AT)
    return None
