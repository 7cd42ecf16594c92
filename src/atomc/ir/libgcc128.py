"""The libgcc routines legalised i128 code calls, for the interpreter.

`legalize-i128` turns 128-bit division and int <-> float conversions into
calls to libgcc, as gcc does; these are their meanings, so the interpreter
runs legalised IR as it runs the i128 IR it came from. A 128-bit argument
or result travels as (low, high) i64 halves.
(Imported by the interpreter; it imports the interpreter only inside functions.)
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

from .wide import join_halves, signed128, split_halves

if TYPE_CHECKING:
    from .insts import Call
    from .interp import Interpreter


def _divide(signed: bool, remainder: bool) -> Callable[..., tuple[int, int]]:
    def run(it: Interpreter, args: list[int], call: Call | None) -> tuple[int, int]:
        from .interp_eval import Trap
        a, b = join_halves(args[0], args[1]), join_halves(args[2], args[3])
        if signed:
            a, b = signed128(a), signed128(b)
        if b == 0:
            raise Trap("division by zero")
        q = abs(a) // abs(b)  # C truncates towards zero
        if (a < 0) != (b < 0):
            q = -q
        return split_halves((a - q * b) if remainder else q)
    return run


def _to_float(signed: bool, bits: int) -> Callable[..., float]:
    def run(it: Interpreter, args: list[int], call: Call | None) -> float:
        from .interp_eval import _int_to_float
        from .types import FloatType
        v = join_halves(args[0], args[1])
        return _int_to_float(FloatType(bits), signed128(v) if signed else v)
    return run


def _from_float(it: Interpreter, args: list[float], call: Call | None) -> tuple[int, int]:
    f = float(args[0])
    return split_halves(0 if math.isnan(f) or math.isinf(f) else int(f))


LIBGCC_TI: dict[str, Callable[..., object]] = {
    "__divti3": _divide(True, False), "__modti3": _divide(True, True),
    "__udivti3": _divide(False, False), "__umodti3": _divide(False, True),
    "__floattisf": _to_float(True, 32), "__floattidf": _to_float(True, 64),
    "__floatuntisf": _to_float(False, 32), "__floatuntidf": _to_float(False, 64),
    "__fixsfti": _from_float, "__fixdfti": _from_float,
    "__fixunssfti": _from_float, "__fixunsdfti": _from_float,
}
