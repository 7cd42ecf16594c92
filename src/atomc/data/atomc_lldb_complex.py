"""A summary for ``_Complex long double`` that reads its imaginary part where it is.

lldb-22 formats a complex value with its built-in reader, which takes the x87
real part's 10 bytes and then the imaginary part right after them, at byte 10;
x86-64 gives each part 16 bytes, so the imaginary part starts at byte 16 and
lldb shows the real part's padding and half the imaginary part instead (for
gcc's and clang's builds as much as atomc's: no DWARF description avoids it,
the type's layout is the ABI's).  This summary decodes both parts from their
own 16 bytes and prints them as lldb prints complex values (``%Lg + %Lgi``),
so ``frame variable`` shows what gdb shows.  Registered by atomc_lldb's
``__lldb_init_module``.
"""

from __future__ import annotations

from decimal import Context, Decimal
from fractions import Fraction
from typing import Any

try:
    import lldb  # lldb's embedded Python provides it; the decoding needs none
except ImportError:  # imported for its decoding alone (the tests)
    lldb = None

TYPE_NAME = "_Complex long double"
PART_BYTES = 16  # each part of the x86-64 type: 10 bytes of x87 value, 6 of padding
X87_BYTES = 10
COMMAND = f'type summary add -v -F atomc_lldb.complex_long_double_summary "{TYPE_NAME}"'


def x87_text(raw: bytes) -> str:
    """C's ``%Lg`` of an x87 80-bit extended value (little-endian, 10 bytes)."""
    mantissa = int.from_bytes(raw[:8], "little")
    sign_exp = int.from_bytes(raw[8:10], "little")
    sign = "-" if sign_exp >> 15 else ""
    exp = sign_exp & 0x7FFF
    if exp == 0x7FFF:
        return sign + ("inf" if mantissa == 1 << 63 else "nan")
    if exp != 0 and not mantissa >> 63:  # an unnormal: no valid value, printf says nan
        return sign + "nan"
    if mantissa == 0:
        return sign + "0"
    value = Fraction(mantissa, 1 << 63) * Fraction(2) ** (max(exp, 1) - 16383)
    return sign + _c_g(value)


def _c_g(value: Fraction, digits: int = 6) -> str:
    """C's ``%g`` (``digits`` significant digits) of a positive exact value."""
    exact = Context(prec=40).divide(Decimal(value.numerator), Decimal(value.denominator))
    rounded = Context(prec=digits).plus(exact)
    exp = rounded.adjusted()
    if -4 <= exp < digits:
        return _strip(f"{rounded:f}")
    mantissa = _strip(f"{rounded.scaleb(-exp):f}")
    return f"{mantissa}e{'-' if exp < 0 else '+'}{abs(exp):02d}"


def _strip(text: str) -> str:
    return text.rstrip("0").rstrip(".") if "." in text else text


def summary_text(raw: bytes) -> str:
    """The value's text from its 32 bytes."""
    real = x87_text(raw[:X87_BYTES])
    imag = x87_text(raw[PART_BYTES:PART_BYTES + X87_BYTES])
    return f"{real} + {imag}i"


def complex_long_double_summary(valobj: Any, internal_dict: Any) -> str | None:
    """lldb's summary callback: None (lldb's own text) when the bytes cannot be read."""
    error = lldb.SBError()
    raw = valobj.GetData().ReadRawData(error, 0, 2 * PART_BYTES)
    if error.Fail() or raw is None or len(raw) < 2 * PART_BYTES:
        return None
    return summary_text(bytes(raw))


def register(debugger: Any) -> None:
    debugger.GetCommandInterpreter().HandleCommand(COMMAND, lldb.SBCommandReturnObject())
