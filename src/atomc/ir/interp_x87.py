"""What the IR operations mean on `f80` (x87 extended) values, for the
interpreter and the constant folders: exact arithmetic from `x87float`, and
integer conversions that give what the back end's `fist` sequences give (the
"integer indefinite" for NaNs and values outside the stored width).

Also glibc-compatible printf conversions of long double arguments (`%Lf`,
`%Le`, `%Lg`, `%La`), rendered from the exact binary value with
round-half-even, as glibc does in the default rounding mode.
"""

from __future__ import annotations

from fractions import Fraction

from .insts import Op
from .types import FloatType, IntType, Type
from .x87float import (
    DOUBLE,
    INT_BIT,
    SINGLE,
    X80,
    ZERO,
    add,
    compare,
    div,
    mul,
    sub,
)


class X87InterpError(Exception):
    """An f80 operation the IR does not define (e.g. a bitcast)."""


def binary(op: Op, a: X80, b: X80) -> X80:
    fn = {Op.FADD: add, Op.FSUB: sub, Op.FMUL: mul, Op.FDIV: div}.get(op)
    if fn is None:
        raise X87InterpError(f"not a float binary op: {op.value}")
    return fn(a, b)


def fcmp(pred: str, a: X80, b: X80) -> bool:
    c = compare(a, b)
    if pred == "ord":
        return c is not None
    if pred == "uno":
        return c is None
    if c is None:
        return pred[0] == "u"
    base = {"eq": c == 0, "ne": c != 0, "lt": c < 0, "le": c <= 0, "gt": c > 0,
            "ge": c >= 0}[pred[1:]]
    return base


def _fist(v: X80, width: int) -> int:
    """`fistp` with truncation into a `width`-bit signed integer (two's complement
    bits); the integer indefinite when the value does not fit."""
    t = v.to_int()
    lo, hi = -(1 << (width - 1)), 1 << (width - 1)
    if t is None or not lo <= t < hi:
        return 1 << (width - 1)
    return t & ((1 << width) - 1)


# the store width of the back end's conversion to each integer width
_SIGNED_WIDTH = {64: 64, 32: 32, 16: 16, 8: 16, 1: 16}
_UNSIGNED_WIDTH = {32: 64, 16: 32, 8: 32, 1: 32}


def to_int(v: X80, bits: int, signed: bool) -> int:
    mask = (1 << bits) - 1
    if signed:
        return _fist(v, _SIGNED_WIDTH[bits]) & mask
    if bits == 64:  # values from 2**63 up are converted less 2**63, then the bit put back
        two63 = X80.from_int(1 << 63)
        c = compare(v, two63)
        if c is not None and c >= 0:
            return (_fist(sub(v, two63), 64) ^ 1 << 63) & mask
        return _fist(v, 64)
    return _fist(v, _UNSIGNED_WIDTH[bits]) & mask


def cast(op: Op, src: Type, dst: Type, v: object) -> object:
    """A conversion with an f80 side; `v` is an int, a float or an X80."""
    if op in (Op.SITOFP, Op.UITOFP):
        assert isinstance(v, int) and isinstance(src, IntType)
        iv = v & src.mask
        if op is Op.SITOFP and src.bits > 1 and iv >> (src.bits - 1):
            iv -= 1 << src.bits
        return X80.from_int(iv)
    if op in (Op.FPTOSI, Op.FPTOUI):
        assert isinstance(v, X80) and isinstance(dst, IntType)
        return to_int(v, dst.bits, op is Op.FPTOSI)
    if op is Op.FPEXT:
        assert isinstance(v, float)
        return X80.from_float(v)
    if op is Op.FPTRUNC:
        assert isinstance(v, X80) and isinstance(dst, FloatType)
        return v.to_float(SINGLE if dst.bits == 32 else DOUBLE)
    if op is Op.FNEG:
        assert isinstance(v, X80)
        return -v
    raise X87InterpError(f"{op.value} is not defined on f80")


def involves_x87(*types: Type) -> bool:
    return any(isinstance(t, FloatType) and t.bits == 80 for t in types)


def undef() -> X80:
    return ZERO


# ---------------------------------------------------------------------------
# printf


def format_x80(v: X80, conv: str, flags: str, width: str, prec: str | None) -> bytes:
    """One `%L` conversion (`f F e E g G a A`) of `v`, as glibc prints it."""
    upper = conv.isupper()
    c = conv.lower()
    neg = bool(v.sign)
    if v.is_nan() or v.is_inf():
        body = "nan" if v.is_nan() else "inf"
        flags = flags.replace("0", "")
    elif c == "a":
        body = _hex(v, prec, "#" in flags)
    else:
        q = abs(v.to_fraction())
        p = 6 if prec is None else int(prec)
        if c == "f":
            body = _fixed(q, p, "#" in flags)
        elif c == "e":
            body = _sci(q, p, "#" in flags)
        else:
            body = _general(q, p, "#" in flags)
    if upper:
        body = body.upper()
    sign = "-" if neg else "+" if "+" in flags else " " if " " in flags else ""
    w = int(width) if width else 0
    text = sign + body
    if len(text) < w:
        if "-" in flags:
            text = text + " " * (w - len(text))
        elif "0" in flags:
            prefix = sign + ("0x" if body[:2].lower() == "0x" else "")
            rest = body[len(prefix) - len(sign):]
            text = prefix + "0" * (w - len(sign + body)) + rest
        else:
            text = " " * (w - len(text)) + text
    return text.encode()


def _round_half_even(q: Fraction) -> int:
    n, d = q.numerator, q.denominator
    i, r = divmod(n, d)
    if 2 * r > d or (2 * r == d and i & 1):
        i += 1
    return i


def _int_str(n: int) -> str:
    """Decimal digits of a non-negative int of any size (Python refuses str() past
    4300 digits; LDBL_MAX printed with %Lf has 4933)."""
    if n < 10 ** 1000:
        return str(n)
    hi, lo = divmod(n, 10 ** 1000)
    return _int_str(hi) + str(lo).rjust(1000, "0")


def _fixed(q: Fraction, p: int, alt: bool) -> str:
    n = _round_half_even(q * 10 ** p)
    digits = _int_str(n).rjust(p + 1, "0")
    whole, frac = digits[:len(digits) - p], digits[len(digits) - p:]
    return whole + ("." + frac if p or alt else "")


def _decimal_exponent(q: Fraction) -> int:
    """The e with 10**e <= q < 10**(e+1), for q > 0."""
    e = int((q.numerator.bit_length() - q.denominator.bit_length()) * 0.30102999566398120)
    while Fraction(10) ** e > q:
        e -= 1
    while Fraction(10) ** (e + 1) <= q:
        e += 1
    return e


def _sci_parts(q: Fraction, p: int) -> tuple[str, int]:
    """(p + 1 significant digits, decimal exponent) of q rounded."""
    if q == 0:
        return "0" * (p + 1), 0
    e = _decimal_exponent(q)
    n = _round_half_even(q * Fraction(10) ** (p - e))
    if n == 10 ** (p + 1):
        n //= 10
        e += 1
    return _int_str(n), e


def _sci(q: Fraction, p: int, alt: bool) -> str:
    digits, e = _sci_parts(q, p)
    mant = digits[0] + ("." + digits[1:] if p or alt else "")
    return f"{mant}e{'-' if e < 0 else '+'}{abs(e):02d}"


def _general(q: Fraction, p: int, alt: bool) -> str:
    p = p or 1
    _, e = _sci_parts(q, p - 1)
    if -4 <= e < p:
        text = _fixed(q, p - 1 - e, alt)
        if not alt and "." in text:
            text = text.rstrip("0").rstrip(".")
        return text
    text = _sci(q, p - 1, alt)
    if not alt:
        mant, _, exp = text.partition("e")
        if "." in mant:
            mant = mant.rstrip("0").rstrip(".")
        text = mant + "e" + exp
    return text


def _hex(v: X80, prec: str | None, alt: bool) -> str:
    """glibc's `%La` for the x87 format: the leading hex digit holds the top four
    significand bits (so it is 8..f for normal numbers), the exponent is that
    digit's binary exponent."""
    if v.is_zero():
        frac = "0" * int(prec) if prec else ""
        return "0x0" + ("." + frac if frac or alt else "") + "p+0"
    m = v.significand
    e = max(v.exponent, 1) - 16383 - 3  # binary exponent of the leading digit
    if not m & INT_BIT:  # subnormal: glibc normalises nothing, it prints the digits
        pass
    digits = f"{m:016x}"
    lead, rest = digits[0], digits[1:]
    if prec is not None:
        keep = int(prec)
        if keep < 15:
            scaled = m >> (4 * (15 - keep))
            dropped = m & ((1 << (4 * (15 - keep))) - 1)
            half = 1 << (4 * (15 - keep) - 1)
            if dropped > half or (dropped == half and scaled & 1):
                scaled += 1
            if scaled >> (4 * (keep + 1)):  # carried into a fifth bit of the lead digit
                scaled >>= 4
                e += 4
            digits = f"{scaled:0{keep + 1}x}"
            lead, rest = digits[0], digits[1:]
        else:
            rest = rest.ljust(keep, "0")
    else:
        rest = rest.rstrip("0")
    mant = lead + ("." + rest if rest or alt else "")
    return f"0x{mant}p{'-' if e < 0 else '+'}{abs(e)}"
