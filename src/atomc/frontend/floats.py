"""Floating constants of C (issue 7): literal parsing and IEEE rounding.

Python floats are IEEE doubles, so double arithmetic is exact here; `float`
results are rounded to single precision through `struct`. Literals are read
as exact fractions and rounded once to the target format (a `1.xf` literal
rounded through double first could land on the wrong single), as C requires.
`long double` constants are `X80` values (the x87 extended format, emulated
exactly by `ir.x87float`); `ld_binary` folds their arithmetic.
"""

from __future__ import annotations

import math
import struct
from typing import TYPE_CHECKING

from ..ir.x87float import DOUBLE, SINGLE, X80, add, compare, div, mul, sub, truncate_to_int
from .literals import LiteralError

if TYPE_CHECKING:
    from fractions import Fraction  # imported where used: few compiles need it

    from .ctype import IntT


def to_f32(v: float) -> float:
    """`v` rounded to the nearest single (ties to even); overflow gives infinity."""
    if not math.isfinite(v):
        return v
    try:
        return float(struct.unpack("<f", struct.pack("<f", v))[0])
    except OverflowError:
        return math.copysign(math.inf, v)


def round_to(v: float | X80, size: int) -> float | X80:
    """`v` converted to the floating type of `size` bytes (16: long double)."""
    if isinstance(v, X80):
        return v if size == 16 else v.to_float(SINGLE if size == 4 else DOUBLE)
    if size == 16:
        return X80.from_float(v)
    return to_f32(v) if size == 4 else float(v)


def is_float_literal(text: str) -> bool:
    t = text.lower()
    if t.startswith("0x"):
        return "p" in t
    return any(c in t for c in ".e")


def _exact(body: str) -> Fraction:
    from fractions import Fraction

    t = body.lower()
    if t.startswith("0x"):
        mant, _, exp = t[2:].partition("p")
        whole, _, frac = mant.partition(".")
        if not (whole or frac) or not exp:
            raise LiteralError(f"invalid hexadecimal floating constant '{body}'")
        digits = int((whole + frac) or "0", 16)
        return Fraction(digits) * Fraction(2) ** (int(exp) - 4 * len(frac))
    try:
        return Fraction(t)
    except ValueError:
        raise LiteralError(f"invalid floating constant '{body}'") from None


def _nearest_double(fr: Fraction) -> float:
    try:
        return float(fr)  # int / int true division: correctly rounded
    except OverflowError:
        return math.inf if fr > 0 else -math.inf


def _f32_neighbours(f: float) -> list[float]:
    bits = struct.unpack("<I", struct.pack("<f", f))[0]
    out = [f]
    for b in (bits - 1, bits + 1):
        if 0 <= b < 0x7F800000:
            out.append(struct.unpack("<f", struct.pack("<I", b))[0])
    return out


def _nearest_single(fr: Fraction) -> float:
    from fractions import Fraction

    f = to_f32(_nearest_double(fr))
    if math.isinf(f):
        return f
    best = min(_f32_neighbours(f), key=lambda c: (abs(Fraction(c) - fr),
                                                 struct.unpack("<I", struct.pack("<f", c))[0] & 1))
    return best


def float_literal(text: str) -> tuple[float | X80, int]:
    """(value, size in bytes: 4 float, 8 double, 16 long double) of a literal."""
    body = text
    size = 8
    if body[-1] in "fF":
        size, body = 4, body[:-1]
    elif body[-1] in "lL":
        size, body = 16, body[:-1]
    fr = _exact(body)
    if size == 16:
        return X80.from_fraction(fr), size
    return (_nearest_single(fr) if size == 4 else _nearest_double(fr)), size


def float_of_int(v: int, size: int) -> float | X80:
    """An integer converted to float (4), double (8) or long double (16), rounded once."""
    if size == 16:
        return X80.from_int(v)
    if size == 4:
        from fractions import Fraction

        return _nearest_single(Fraction(v))
    return float(v)


def float_to_int(v: float | X80, it: IntT) -> int | None:
    """C's truncating conversion when the result is representable, else None
    (undefined behaviour: left to run time, as gcc does)."""
    return truncate_to_int(v, it.bits, it.signed)


def is_zero(v: float | X80) -> bool:
    """`v == 0` (NaN is not zero)."""
    return v.is_zero() if isinstance(v, X80) else v == 0


def ld_binary(op: str, a: X80, b: X80) -> X80 | int | None:
    """A long double operation on constants: the exactly rounded result (comparisons
    give 0 or 1). An invalid operation gives the positive quiet NaN, as gcc folds
    it (the FPU's would be negative: see `Sema._fold`)."""
    if op in ("<", "<=", ">", ">=", "==", "!="):
        c = compare(a, b)
        if c is None:
            return int(op == "!=")
        return int({"<": c < 0, "<=": c <= 0, ">": c > 0, ">=": c >= 0, "==": c == 0,
                    "!=": c != 0}[op])
    fn = {"+": add, "-": sub, "*": mul, "/": div}.get(op)
    if fn is None:
        return None
    r = fn(a, b)
    if r.is_nan() and not (a.is_nan() or b.is_nan()):
        return abs(r)
    return r
