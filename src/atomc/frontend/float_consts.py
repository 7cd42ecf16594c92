"""`__builtin_inf`, `__builtin_huge_val`, `__builtin_nan("payload")` and
`__builtin_nans` for every floating type gcc spells them for: no suffix and
`f64`/`f32x` (double), `f`/`f32` (float). A NaN's payload string is read as C
reads an integer constant (`"0x12"`, `"012"`), quiet NaNs get the quiet bit and
a signalling NaN with payload 0 gets gcc's 0x7ff4... pattern. (A float
constant travels as a double, and packing a signalling NaN to single precision
quiets it: `__builtin_nansf` is the one gcc bit pattern not reproduced.)
The `l`/`f64x` spellings give long double (x87) constants, whose NaNs do not
carry the payload string; `f128`/`f16` belong to types atomc does not have
(see `pending`).
"""

from __future__ import annotations

import struct
from typing import TYPE_CHECKING

from pycparser import c_ast

from .. import lazyre
from ..ir.x87float import EXP_MAX, INF, INT_BIT, QUIET_BIT, X80
from . import tree as T
from .ctype import DOUBLE, FLOAT, LDOUBLE, CType, FloatT
from .literals import LiteralError, string_literal

if TYPE_CHECKING:
    from .scopes import Pos
    from .sema import Sema

# TS 18661-3 interchange types: float's and double's formats, but distinct types
# (no default argument promotion for _Float32, their own DWARF names), as in gcc
FLOAT32 = FloatT("_Float32", 4)
FLOAT64 = FloatT("_Float64", 8)
FLOAT32X = FloatT("_Float32x", 8)

_NAME = lazyre.compile(r"^__builtin_(inf|huge_val|nan|nans)(f|f32|f64|f32x|f16|f128|l|f64x)?$")
_TYPES: dict[str, CType] = {"": DOUBLE, "f64": FLOAT64, "f32x": FLOAT32X, "f": FLOAT,
                            "f32": FLOAT32}
_PENDING = {"f16": "_Float16", "f128": "_Float128"}
_LDOUBLE = {"inf": INF, "huge_val": INF, "nan": X80.make(0, EXP_MAX, INT_BIT | QUIET_BIT),
            "nans": X80.make(0, EXP_MAX, INT_BIT | QUIET_BIT >> 1)}


def float_constant(sema: Sema, name: str, args: list[c_ast.Node], p: Pos) -> T.Expr | None:
    """The constant for one of these builtins; None for other names."""
    m = _NAME.match(name)
    if m is None:
        return None
    kind, suffix = m.group(1), m.group(2) or ""
    if suffix in _PENDING:
        sema.error(p, f"'{name}' is not supported ({_PENDING[suffix]})")
        return sema.exprs.bad(p)
    if suffix in ("l", "f64x"):
        for a in args:
            sema.exprs.expr(a)
        return T.FloatConst(_LDOUBLE[kind], LDOUBLE, p)
    t = _TYPES.get(suffix)
    if t is None:
        return None
    if kind in ("inf", "huge_val"):
        return T.FloatConst(float("inf"), t, p)
    payload = 0
    if len(args) != 1 or not (isinstance(args[0], c_ast.Constant) and args[0].type == "string"):
        sema.error(p, f"'{name}' takes one string literal argument")
        return sema.exprs.bad(p)
    try:
        text = string_literal(args[0].value).decode("latin-1")
        payload = int(text, 0) if text.strip() else 0
    except (LiteralError, ValueError):
        payload = 0  # gcc: a string that is not a number gives the default NaN
    return T.FloatConst(_nan_double(payload, kind == "nan", t.size == 4), t, p)


def _nan_double(payload: int, quiet: bool, single: bool) -> float:
    """A double with the NaN bits gcc gives (for float, the payload sits where the
    conversion to single precision keeps it)."""
    if single:
        payload = (payload & ((1 << 22) - 1)) << 29
    payload &= (1 << 51) - 1
    if quiet:
        bits = 0x7FF8000000000000 | payload
    else:
        bits = 0x7FF0000000000000 | (payload or (1 << 50))
    return struct.unpack("<d", struct.pack("<Q", bits))[0]
