"""IR for the parts of `long double` (x87 extended, IR type `f80`) that are not
plain floating-point instructions.

The sign bit cannot be read through a same-size integer (there is no i80), so
it is read from memory: the value is stored to a 16-byte slot and the top
byte pair (sign and exponent) loaded as an i16, whose sign is the value's.
`fabsl` and `copysignl` are built on it with `fneg` (which flips the sign of
zeros and NaNs too), so they are exact for every input.

`va_arg` of a long double (or of any MEMORY-class argument) reads the overflow
area, first rounded up to the argument's alignment when it exceeds 8 (SysV).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..ir import F80, I16, I64, PTR, Const, Op, Value, is_x87
from ..ir.x87float import MIN_NORMAL, X80

if TYPE_CHECKING:
    from .lower.module import IRGen


def x87_signbit(g: IRGen, x: Value) -> Value:
    """i1: the sign bit of the f80 `x` (set for -0.0 and negative NaNs)."""
    slot = g.fs.temporary(16, 16)
    g.fs.b.store(x, slot)
    top = g.fs.b.load(I16, g.fs.offset_ptr(slot, 8))
    return g.fs.b.cmp("slt", top, Const(I16, 0))


def x87_magnitude(g: IRGen, x: Value) -> Value:
    """|x| with the sign bit cleared (fabsl), exact for zeros, infinities and NaNs."""
    return g.fs.b.select(x87_signbit(g, x), g.fs.b.cast(Op.FNEG, x, F80), x)


def x87_copysign(g: IRGen, x: Value, y: Value) -> Value:
    """x with the sign of y (copysignl)."""
    differ = g.fs.b.binary(Op.XOR, x87_signbit(g, x), x87_signbit(g, y))
    return g.fs.b.select(differ, g.fs.b.cast(Op.FNEG, x, F80), x)


def smallest_normal(x: Value) -> X80 | None:
    """The least positive normal number of x's type when it is f80 (fpclassify)."""
    return MIN_NORMAL if is_x87(x.ty) else None


def va_overflow(g: IRGen, ap: Value, size: int, align: int) -> Value:
    """The address of the next argument in the overflow area (aligned to `align`
    when that exceeds 8), which then moves past it in 8-byte units."""
    area_addr = g.fs.offset_ptr(ap, 8)
    area = g.fs.b.load(PTR, area_addr)
    if align > 8:
        raw = g.fs.b.cast(Op.PTRTOINT, area, I64)
        up = g.fs.b.binary(Op.ADD, raw, Const(I64, align - 1))
        area = g.fs.b.cast(Op.INTTOPTR, g.fs.b.binary(Op.AND, up, Const(I64, -align)), PTR)
    step = (size + 7) // 8 * 8
    # `ap` moving on is an assignment of its own: a stop for the line comes
    # before it, where -O0 stops, not after it at the argument's load
    moved = g.fs.b.ptradd(area, Const(I64, step))
    g.fs.b.add_to_new_atom(g.fs.b.store(moved, area_addr), moved)
    return area
