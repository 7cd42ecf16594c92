"""What each IR operation means, for the reference interpreter (`interp.py`) and the
constant folders alike, so that folding at compile time and running agree: the
integer, floating and comparison operations and casts on canonical operands
(integers are unsigned bit patterns of their width), and the ways a run can go
wrong (`InterpError` and its kinds).
"""

from __future__ import annotations

import math
import struct

from . import interp_x87 as x87
from .insts import Op
from .types import FloatType, IntType, Type
from .values import Const
from .x87float import X80

Scalar = int | float | X80


def as_int(v: Scalar) -> int:
    """An integer operand or result (a long double has no integer reading here)."""
    if isinstance(v, X80):
        raise InterpError("a long double where an integer is needed")
    return int(v)


def as_float(v: Scalar) -> float:
    """A float or double operand (a long double is read through interp_x87, not here)."""
    if isinstance(v, X80):
        raise InterpError("a long double where a float or double is needed")
    return float(v)


RtValue = Scalar | tuple[Scalar, ...] | None


class InterpError(Exception):
    """The program did something the interpreter cannot give a meaning to."""


class Trap(InterpError):
    """A hardware trap: division by zero, signed overflow in division, abort()."""


class MemoryFault(InterpError):
    """A load or store outside every live object."""


class StepLimitExceeded(InterpError):
    pass


class ProgramExit(Exception):
    """exit(status) was called."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


# ---------------------------------------------------------------------------
# Operation semantics (shared with the constant folders)


def to_signed(v: int, bits: int) -> int:
    v &= (1 << bits) - 1
    return v - (1 << bits) if bits and v >> (bits - 1) & 1 else v


def _shift_count(amount: int, bits: int) -> int:
    # x86 masks the count to 5 bits (6 for 64-bit operands, and 7 in the double-word
    # sequences of 128-bit shifts); C leaves it undefined.
    return amount & (127 if bits == 128 else 63 if bits == 64 else 31)


def eval_binary(op: Op, ty: Type, a: Scalar, b: Scalar) -> Scalar:
    """Result of a binary op on two operands already in canonical form."""
    if isinstance(a, X80) and isinstance(b, X80):
        return x87.binary(op, a, b)
    if isinstance(ty, FloatType):
        return _eval_float_binary(op, ty, as_float(a), as_float(b))
    bits = ty.bits if isinstance(ty, IntType) else 64
    mask = (1 << bits) - 1
    assert isinstance(a, int) and isinstance(b, int)
    match op:
        case Op.ADD:
            return (a + b) & mask
        case Op.SUB:
            return (a - b) & mask
        case Op.MUL:
            return (a * b) & mask
        case Op.AND:
            return a & b
        case Op.OR:
            return a | b
        case Op.XOR:
            return a ^ b
        case Op.SHL:
            return (a << _shift_count(b, bits)) & mask
        case Op.LSHR:
            return (a & mask) >> _shift_count(b, bits)
        case Op.ASHR:
            return (to_signed(a, bits) >> _shift_count(b, bits)) & mask
        case Op.UDIV | Op.UREM:
            if b == 0:
                raise Trap("division by zero")
            return a // b if op is Op.UDIV else a % b
        case Op.SDIV | Op.SREM:
            sa, sb = to_signed(a, bits), to_signed(b, bits)
            if sb == 0:
                raise Trap("division by zero")
            if sa == -(1 << (bits - 1)) and sb == -1 and bits > 1:
                raise Trap("signed division overflow")
            q = abs(sa) // abs(sb)
            if (sa < 0) != (sb < 0):
                q = -q
            if op is Op.SDIV:
                return q & mask
            return (sa - q * sb) & mask
    raise InterpError(f"not an integer binary op: {op.value}")


def _round_float(ty: FloatType, v: float) -> float:
    if ty.bits == 32 and math.isfinite(v):
        try:
            single: float = struct.unpack("<f", struct.pack("<f", v))[0]
            return single
        except OverflowError:
            return math.copysign(math.inf, v)
    return v


_DEFAULT_NAN = struct.unpack("<d", struct.pack("<Q", 0xFFF8000000000000))[0]


def _int_to_float(ty: FloatType, iv: int) -> float:
    """An integer rounded once to `ty` (through a double only when that is exact)."""
    a = abs(iv)
    if ty.bits == 64 or a < (1 << 53):
        return _round_float(ty, float(iv))
    shift = a.bit_length() - 24  # keep 24 significant bits, round half to even
    m, rem = a >> shift, a & ((1 << shift) - 1)
    half = 1 << (shift - 1)
    if rem > half or (rem == half and m & 1):
        m += 1
    return math.copysign(float(m << shift), iv)


def _eval_float_binary(op: Op, ty: FloatType, a: float, b: float) -> float:
    match op:
        case Op.FADD:
            r = a + b
        case Op.FSUB:
            r = a - b
        case Op.FMUL:
            r = a * b
        case Op.FDIV:
            if math.isnan(a) or math.isnan(b):
                r = a if math.isnan(a) else b  # SSE returns the first NaN operand
            elif b == 0.0:
                if a == 0.0:
                    r = _DEFAULT_NAN  # invalid operation: x86's "real indefinite"
                else:
                    r = math.copysign(math.inf, a) * math.copysign(1.0, b)
            else:
                r = a / b
        case _:
            raise InterpError(f"not a float binary op: {op.value}")
    return _round_float(ty, r)


def eval_cmp(pred: str, ty: Type, a: Scalar, b: Scalar) -> int:
    if isinstance(a, X80) and isinstance(b, X80):
        return int(x87.fcmp(pred, a, b))
    if isinstance(ty, FloatType):
        return int(_eval_fcmp(pred, as_float(a), as_float(b)))
    bits = ty.bits if isinstance(ty, IntType) else 64
    assert isinstance(a, int) and isinstance(b, int)
    if pred in ("slt", "sle", "sgt", "sge"):
        a, b = to_signed(a, bits), to_signed(b, bits)
    match pred:
        case "eq":
            return int(a == b)
        case "ne":
            return int(a != b)
        case "slt" | "ult":
            return int(a < b)
        case "sle" | "ule":
            return int(a <= b)
        case "sgt" | "ugt":
            return int(a > b)
        case "sge" | "uge":
            return int(a >= b)
    raise InterpError(f"unknown icmp predicate {pred}")


def _eval_fcmp(pred: str, a: float, b: float) -> bool:
    unordered = math.isnan(a) or math.isnan(b)
    if pred == "ord":
        return not unordered
    if pred == "uno":
        return unordered
    base = {"eq": a == b, "ne": a != b, "lt": a < b, "le": a <= b, "gt": a > b,
            "ge": a >= b}[pred[1:]]
    return (unordered or base) if pred[0] == "u" else (not unordered and base)


def eval_cast(op: Op, src: Type, dst: Type, v: Scalar) -> Scalar:
    if x87.involves_x87(src, dst):
        try:
            return x87.cast(op, src, dst, v)  # type: ignore[return-value]
        except x87.X87InterpError as e:
            raise InterpError(str(e)) from None
    sbits = src.bits if isinstance(src, IntType) else 64
    dbits = dst.bits if isinstance(dst, IntType) else 64
    dmask = (1 << dbits) - 1
    match op:
        case Op.ZEXT | Op.TRUNC | Op.PTRTOINT | Op.INTTOPTR:
            assert isinstance(v, int)
            return v & ((1 << sbits) - 1) & dmask
        case Op.SEXT:
            assert isinstance(v, int)
            return to_signed(v, sbits) & dmask
        case Op.SITOFP | Op.UITOFP:
            assert isinstance(v, int) and isinstance(dst, FloatType)
            iv = to_signed(v, sbits) if op is Op.SITOFP else v
            return _int_to_float(dst, iv)
        case Op.FPTOSI | Op.FPTOUI:
            f = as_float(v)
            if math.isnan(f) or math.isinf(f):
                return (1 << (dbits - 1)) & dmask  # x86's "integer indefinite"
            return int(f) & dmask
        case Op.FPEXT | Op.FPTRUNC:
            assert isinstance(dst, FloatType)
            return _round_float(dst, as_float(v))
        case Op.FNEG:
            return -as_float(v)  # flips the sign bit, also of zeros and NaNs
        case Op.BITCAST:
            return bitcast_value(src, dst, v)
        case Op.CLZ | Op.CTZ:
            assert isinstance(v, int)
            v &= (1 << sbits) - 1
            if v == 0:  # undefined in C (bsr/bsf leave it unspecified); lzcnt/tzcnt's value
                return sbits
            if op is Op.CLZ:
                return sbits - v.bit_length()
            return (v & -v).bit_length() - 1
    raise InterpError(f"not a cast: {op.value}")


def bitcast_value(src: Type, dst: Type, v: Scalar) -> Scalar:
    """Reinterpret the bits of `v` (same size): int <-> float, little-endian."""
    fmt = {32: "<f", 64: "<d"}
    if isinstance(src, FloatType):
        raw = struct.pack(fmt[src.bits], as_float(v))
    else:
        raw = (as_int(v) & ((1 << (8 * src.size)) - 1)).to_bytes(src.size, "little")
    if isinstance(dst, FloatType):
        f: float = struct.unpack(fmt[dst.bits], raw)[0]
        return f
    return int.from_bytes(raw, "little")


def canonical_const(c: Const) -> Scalar:
    if isinstance(c.value, X80):
        return c.value
    if isinstance(c.ty, FloatType):
        return float(c.value)
    return int(c.value)
