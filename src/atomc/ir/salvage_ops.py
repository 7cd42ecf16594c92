"""DWARF ops that recompute an erased extension, shift or bitwise op from its operand.

A debugger evaluates a salvaged record's expression on the 64-bit DWARF stack and
pushes the operand's whole register (or spill slot), whose bits above the operand's
IR width are whatever the machine left there. A variable wider than the operand (the
result of a `zext`/`sext`) or a right shift, which moves those upper bits down, would
read them: so the operand is first made exact, zero-extended by `constu mask, and`,
and a sign extension is `((x & mask) ^ sign) - sign`, which needs only modular
arithmetic (no DW_OP_shra, whose signedness debuggers treat differently). Left shifts
and bitwise ops with a constant keep the low bits exact without that.
"""

from __future__ import annotations

from .debuginfo import (
    DW_OP_and,
    DW_OP_constu,
    DW_OP_minus,
    DW_OP_or,
    DW_OP_shl,
    DW_OP_shr,
    DW_OP_xor,
)
from .insts import Binary, Cast, Op
from .types import IntType, PtrType
from .values import Const

_STACK_BITS = 64


def zero_extended(bits: int) -> tuple[int, ...]:
    """Ops leaving the operand's low `bits` bits, zero-extended, on the stack."""
    return () if bits >= _STACK_BITS else (DW_OP_constu, (1 << bits) - 1, DW_OP_and)


def shifted_right_safely(bits: int) -> tuple[int, ...]:
    """The mask a right shift of a `bits`-bit operand needs first: its zero extension,
    and for a full 64-bit operand an all-ones mask, which keeps every bit but tells
    the back end (which sees registers, not IR widths, and accepts a right shift
    only after a mask: codegen/debuginfo/ldv/salvage.py) that the value is exact."""
    if bits >= _STACK_BITS:
        return (DW_OP_constu, (1 << _STACK_BITS) - 1, DW_OP_and)
    return zero_extended(bits)


def sign_extended(bits: int) -> tuple[int, ...]:
    """Ops leaving the operand's low `bits` bits, sign-extended, on the stack."""
    if bits >= _STACK_BITS:
        return ()
    sign = 1 << (bits - 1)
    return zero_extended(bits) + (DW_OP_constu, sign, DW_OP_xor, DW_OP_constu, sign,
                                  DW_OP_minus)


def _bits(ty: object) -> int | None:
    if isinstance(ty, IntType):
        return ty.bits
    return 64 if isinstance(ty, PtrType) else None


def cast_ops(inst: Cast) -> tuple[int, ...] | None:
    """Ops giving `inst`'s value from its operand's, for the integer casts."""
    src = _bits(inst.value.ty)
    if src is None or src > _STACK_BITS:
        return None
    if inst.op is Op.ZEXT:
        return zero_extended(src)
    if inst.op is Op.SEXT:
        return sign_extended(src)
    if inst.op in (Op.TRUNC, Op.PTRTOINT, Op.INTTOPTR):
        return ()  # the variable reads the low bits of its own width: these keep them
    return None


def shift_or_bitwise_ops(inst: Binary) -> tuple[int, ...] | None:
    """Ops giving `inst`'s value from its left operand's, for a shift by a constant or a
    bitwise op with a constant right operand."""
    if not isinstance(inst.rhs, Const) or not isinstance(inst.ty, IntType) \
            or inst.ty.bits > _STACK_BITS:
        return None
    bits, c = inst.ty.bits, inst.rhs.int_value
    if inst.op in (Op.SHL, Op.LSHR, Op.ASHR) and not 0 <= c < bits:
        return None  # poison in the IR: nothing to describe
    match inst.op:
        case Op.SHL:
            return (DW_OP_constu, c, DW_OP_shl)
        case Op.LSHR:
            return shifted_right_safely(bits) + (DW_OP_constu, c, DW_OP_shr)
        case Op.ASHR:
            return shifted_right_safely(bits) + (DW_OP_constu, c, DW_OP_shr) + \
                sign_extended(bits - c)[3:]  # the shifted value is already masked
        case Op.AND:
            return (DW_OP_constu, c, DW_OP_and)
        case Op.OR:
            return (DW_OP_constu, c, DW_OP_or)
        case Op.XOR:
            return (DW_OP_constu, c, DW_OP_xor)
    return None
