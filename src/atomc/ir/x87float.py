"""The x87 80-bit extended format (C's `long double` on x86-64), emulated exactly.

`X80` is an immutable 80-bit pattern: sign (bit 79), a 15-bit exponent biased
by 16383, and a 64-bit significand whose top bit is explicit (the integer bit).
Arithmetic is done on exact rationals (`fractions.Fraction`) and rounded once,
to nearest with ties to even, exactly as the FPU does under the control word
Linux starts programs with (64-bit precision, round to nearest, all exceptions
masked): so the interpreter, the constant folders and compiled code agree bit
for bit. Special values follow the FPU too: an invalid operation (0/0, inf-inf,
0*inf) gives the negative "real indefinite" quiet NaN, a NaN operand is
quieted and passed on (of two NaNs, the one with the larger significand), and
conversions to integers of NaNs or out-of-range values give the "integer
indefinite" (the most negative value).

The same rounding helper (`round_binary`) serves IEEE single and double, so a
long double narrows to float or double with a single rounding (`fstps`,
`fstpl`), never through an intermediate format.
"""

from __future__ import annotations

import math
import struct
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from fractions import Fraction  # imported where used: few compiles need it

EXP_BIAS: Final = 16383
EXP_MAX: Final = 0x7FFF
INT_BIT: Final = 1 << 63
QUIET_BIT: Final = 1 << 62
SIG_MASK: Final = (1 << 64) - 1


@dataclass(frozen=True, slots=True)
class BinaryFormat:
    """A binary floating format: `precision` significand bits (hidden bit
    included) and the exponent range of normal numbers."""

    precision: int
    emin: int
    emax: int


X87: Final = BinaryFormat(64, -16382, 16383)
DOUBLE: Final = BinaryFormat(53, -1022, 1023)
SINGLE: Final = BinaryFormat(24, -126, 127)


def _floor_log2(q: Fraction) -> int:
    """The e with 2**e <= q < 2**(e+1), for q > 0."""
    n, d = q.numerator, q.denominator
    e = n.bit_length() - d.bit_length()
    if (n << -e if e < 0 else n) < (d << e if e > 0 else d):
        e -= 1
    return e


def _div_round_even(n: int, d: int) -> int:
    """n / d rounded to the nearest integer, ties to even (n, d > 0)."""
    q, r = divmod(n, d)
    if 2 * r > d or (2 * r == d and q & 1):
        q += 1
    return q


def round_binary(q: Fraction, fmt: BinaryFormat) -> tuple[int, int] | None:
    """|q| rounded to `fmt`: (significand m, exponent e) with value m * 2**e and
    m < 2**precision (subnormal results have smaller m); None on overflow to
    infinity. q must be non-zero."""
    a = abs(q)
    e = max(_floor_log2(a), fmt.emin)
    shift = fmt.precision - 1 - e  # scale so the significand is an integer
    n, d = a.numerator, a.denominator
    if shift >= 0:
        m = _div_round_even(n << shift, d)
    else:
        m = _div_round_even(n, d << -shift)
    if m == 1 << fmt.precision:  # rounding carried into a new binade
        m >>= 1
        shift -= 1
    if fmt.precision - 1 - shift > fmt.emax:
        return None
    return m, -shift


@dataclass(frozen=True, slots=True)
class X80:
    """An 80-bit x87 extended value, by its bit pattern."""

    bits: int

    # -- fields -----------------------------------------------------------------
    @property
    def sign(self) -> int:
        return self.bits >> 79 & 1

    @property
    def exponent(self) -> int:
        return self.bits >> 64 & EXP_MAX

    @property
    def significand(self) -> int:
        return self.bits & SIG_MASK

    @staticmethod
    def make(sign: int, exponent: int, significand: int) -> X80:
        return X80(sign << 79 | exponent << 64 | significand)

    # -- classification -----------------------------------------------------------
    def is_nan(self) -> bool:
        """NaNs, and the encodings the FPU rejects as invalid operands
        (pseudo-NaN, pseudo-infinity, unnormals) which behave as NaNs."""
        e, s = self.exponent, self.significand
        if e == EXP_MAX:
            return s != INT_BIT
        return e != 0 and not s & INT_BIT

    def is_inf(self) -> bool:
        return self.exponent == EXP_MAX and self.significand == INT_BIT

    def is_zero(self) -> bool:
        return self.exponent == 0 and self.significand == 0

    def is_finite(self) -> bool:
        return not self.is_nan() and not self.is_inf()

    # -- conversions --------------------------------------------------------------
    @staticmethod
    def from_fraction(q: Fraction, negative_zero: bool = False) -> X80:
        """`q` rounded once to the nearest extended value."""
        if q == 0:
            return NEG_ZERO if negative_zero else ZERO
        sign = 1 if q < 0 else 0
        r = round_binary(q, X87)
        if r is None:
            return X80.make(sign, EXP_MAX, INT_BIT)
        m, e = r
        if m < INT_BIT:  # subnormal: value m * 2**(emin - 63)
            return X80.make(sign, 0, m)
        return X80.make(sign, e + 63 + EXP_BIAS, m)

    @staticmethod
    def from_float(v: float) -> X80:
        """A double (or single) widened: always exact; NaNs keep sign and payload."""
        if math.isnan(v):
            raw = struct.unpack("<Q", struct.pack("<d", v))[0]
            sign = raw >> 63
            return X80.make(sign, EXP_MAX, INT_BIT | (raw & ((1 << 52) - 1)) << 11)
        if math.isinf(v):
            return X80.make(int(v < 0), EXP_MAX, INT_BIT)
        if v == 0.0:
            return NEG_ZERO if math.copysign(1.0, v) < 0 else ZERO
        from fractions import Fraction

        return X80.from_fraction(Fraction(v))

    @staticmethod
    def from_int(v: int) -> X80:
        m = abs(v)
        if 0 < m < 1 << 64:  # exact: normalised, its top bit the integer bit
            e = m.bit_length() - 1
            return X80.make(int(v < 0), e + EXP_BIAS, m << (63 - e))
        from fractions import Fraction

        return X80.from_fraction(Fraction(v))

    def to_fraction(self) -> Fraction:
        """The exact value of a finite number."""
        from fractions import Fraction

        assert self.is_finite()
        e = max(self.exponent, 1) - EXP_BIAS - 63
        m = self.significand
        q = Fraction(m << e) if e >= 0 else Fraction(m, 1 << -e)
        return -q if self.sign else q

    def to_float(self, fmt: BinaryFormat = DOUBLE) -> float:
        """Rounded once to double (or single, `fmt=SINGLE`), as `fstpl`/`fstps` store it."""
        if self.is_nan():
            frac = (self.significand | QUIET_BIT) >> 11 & ((1 << 52) - 1)
            bits = self.sign << 63 | 0x7FF << 52 | frac
            nan: float = struct.unpack("<d", struct.pack("<Q", bits))[0]
            return nan
        if self.is_inf():
            return -math.inf if self.sign else math.inf
        if self.is_zero():
            return -0.0 if self.sign else 0.0
        r = round_binary(self.to_fraction(), fmt)
        if r is None:
            return -math.inf if self.sign else math.inf
        m, e = r
        v = math.ldexp(float(m), e)
        return -v if self.sign else v

    def to_int(self) -> int | None:
        """Truncated toward zero (C's conversion); None for NaN and infinities."""
        if not self.is_finite():
            return None
        return math.trunc(self.to_fraction())

    def to_bytes(self) -> bytes:
        """The 10 bytes `fstpt` stores (little-endian)."""
        return self.bits.to_bytes(10, "little")

    @staticmethod
    def from_bytes(raw: bytes) -> X80:
        return X80(int.from_bytes(raw[:10], "little"))

    def quieted(self) -> X80:
        return X80(self.bits | QUIET_BIT) if self.is_nan() else self

    def __neg__(self) -> X80:
        """`fchs`: flips the sign bit, also of zeros and NaNs."""
        return X80(self.bits ^ 1 << 79)

    def __abs__(self) -> X80:
        return X80(self.bits & ~(1 << 79))

    def __str__(self) -> str:
        return f"0xK{self.bits:020X}"

    def __repr__(self) -> str:
        return f"X80({self})"


ZERO: Final = X80(0)
NEG_ZERO: Final = X80(1 << 79)
ONE: Final = X80.make(0, EXP_BIAS, INT_BIT)
INF: Final = X80.make(0, EXP_MAX, INT_BIT)
INDEFINITE: Final = X80.make(1, EXP_MAX, INT_BIT | QUIET_BIT)  # the default NaN
MIN_NORMAL: Final = X80.make(0, 1, INT_BIT)


def _nan_result(a: X80, b: X80) -> X80:
    """The NaN an operation with a NaN operand gives: the quieted NaN, or of two
    the one with the larger significand (the first when they tie)."""
    if a.is_nan() and b.is_nan():
        pick = a if (a.significand | QUIET_BIT) >= (b.significand | QUIET_BIT) else b
        return pick.quieted()
    return (a if a.is_nan() else b).quieted()


def _exact_zero(q: Fraction, sign_if_zero: int) -> X80:
    if q == 0:
        return NEG_ZERO if sign_if_zero else ZERO
    return X80.from_fraction(q)


def add(a: X80, b: X80) -> X80:
    if a.is_nan() or b.is_nan():
        return _nan_result(a, b)
    if a.is_inf() or b.is_inf():
        if a.is_inf() and b.is_inf() and a.sign != b.sign:
            return INDEFINITE
        return a if a.is_inf() else b
    if a.is_zero() and b.is_zero():
        return NEG_ZERO if a.sign and b.sign else ZERO
    return _exact_zero(a.to_fraction() + b.to_fraction(), 0)


def sub(a: X80, b: X80) -> X80:
    return add(a, -b) if not b.is_nan() else _nan_result(a, b)


def mul(a: X80, b: X80) -> X80:
    if a.is_nan() or b.is_nan():
        return _nan_result(a, b)
    sign = a.sign ^ b.sign
    if a.is_inf() or b.is_inf():
        if a.is_zero() or b.is_zero():
            return INDEFINITE
        return X80.make(sign, EXP_MAX, INT_BIT)
    return _exact_zero(a.to_fraction() * b.to_fraction(), sign)


def div(a: X80, b: X80) -> X80:
    if a.is_nan() or b.is_nan():
        return _nan_result(a, b)
    sign = a.sign ^ b.sign
    if a.is_inf():
        return INDEFINITE if b.is_inf() else X80.make(sign, EXP_MAX, INT_BIT)
    if b.is_inf():
        return X80.make(sign, 0, 0)
    if b.is_zero():
        return INDEFINITE if a.is_zero() else X80.make(sign, EXP_MAX, INT_BIT)
    return _exact_zero(a.to_fraction() / b.to_fraction(), sign)


def compare(a: X80, b: X80) -> int | None:
    """-1, 0 or 1 as a is below, equal to or above b; None when unordered."""
    if a.is_nan() or b.is_nan():
        return None
    ka, kb = _order_key(a), _order_key(b)
    return (ka > kb) - (ka < kb)


def _order_key(x: X80) -> Fraction | float:
    if x.is_inf():
        return -math.inf if x.sign else math.inf
    return x.to_fraction()


def parse_x80(text: str) -> X80:
    """`0xK` and 20 hex digits (the IR's spelling), or a decimal or hexadecimal
    C floating constant, rounded once; raises ValueError."""
    t = text.strip()
    if t[:3] in ("0xK", "0xk"):
        digits = t[3:]
        if len(digits) != 20:
            raise ValueError(f"an f80 bit pattern needs 20 hex digits: {text!r}")
        return X80(int(digits, 16))
    neg = t.startswith("-")
    body = t.lstrip("+-")
    if body in ("inf", "infinity"):
        return -INF if neg else INF
    if body == "nan":
        return X80.make(int(neg), EXP_MAX, INT_BIT | QUIET_BIT)
    from fractions import Fraction

    low = body.lower()
    if low.startswith("0x"):
        mant, _, exp = low[2:].partition("p")
        whole, _, frac = mant.partition(".")
        q = Fraction(int((whole + frac) or "0", 16)) * Fraction(2) ** (int(exp or "0")
                                                                    - 4 * len(frac))
    else:
        q = Fraction(body)
    return X80.from_fraction(-q if neg else q, negative_zero=neg)


def truncate_to_int(v: float | X80, bits: int, signed: bool) -> int | None:
    """C's conversion of `v` to a `bits`-bit integer (truncated toward zero) when
    the result is representable, else None: the conversion is undefined there, so
    constant folding leaves it to run time, as gcc does."""
    if isinstance(v, X80):  # long double: exact truncation of the exact value
        r = v.to_int()
        if r is None:
            return None
    elif not math.isfinite(v):
        return None
    else:
        r = int(v)
    lo, hi = (-(1 << (bits - 1)), 1 << (bits - 1)) if signed else (0, 1 << bits)
    return r if lo <= r < hi else None
