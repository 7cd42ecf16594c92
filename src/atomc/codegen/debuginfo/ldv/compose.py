"""How many low bits of its operand a variable's own expression reads, so that
the operand may itself be described through a derived link (derived.py).

A variable computed from a value (`p.x = argc + 2`, a salvaged record's ops) whose
value no location holds may still be found through a location holding a value
linked to it (`argc + 1` in a saved register: argc is that, minus 1). The two
expressions compose, the link's first, when the link is exact in as many low bits
of the operand as the variable's ops read: wrap-around arithmetic and bitwise ops
read no more low bits than the variable has; a right shift reads everything above
too, unless a mask before it (salvage_ops.py puts `constu mask, and` first) cut the
operand to its low bits.

Debug info: read-only; describes values, changes no instruction.
"""

from __future__ import annotations

from ....dwarf.locexpr import (
    And,
    Consts,
    Constu,
    LocExpr,
    Minus,
    Mul,
    Not,
    OperandArg,
    Or,
    Plus,
    PlusUconst,
    Shl,
    Xor,
)

# (OperandArg pushes another value, as a constant does: it reads none of the operand)
_WRAPPING = (Constu, Consts, OperandArg, PlusUconst, Plus, Minus, Mul, And, Or, Xor, Not, Shl)


def ops_reads(ops: LocExpr, var_bits: int) -> int:
    """The low bits of the operand `ops` read to give the variable's `var_bits`
    (64: all of them, when no mask makes a right shift exact)."""
    depth = 1
    for i, op in enumerate(ops):
        mask = ops[i - 1] if i else None
        if isinstance(op, And) and depth == 2 and isinstance(mask, Constu):
            return min(max(mask.value.bit_length(), 1), 64) if \
                all(isinstance(o, _WRAPPING) for o in ops[:i]) else 64
        if not isinstance(op, _WRAPPING):
            return 64
        depth += 1 if isinstance(op, (Constu, Consts, OperandArg)) else \
            0 if isinstance(op, (PlusUconst, Not)) else -1
    return min(var_bits, 64)
