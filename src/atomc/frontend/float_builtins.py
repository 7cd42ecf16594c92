"""GNU floating-point builtins that <math.h> macros expand to (issue 7).

Constants (`__builtin_inf`, `__builtin_nan("")`, ...) fold to floating
constants (`float_consts`); classification (`__builtin_isnan`, `__builtin_isinf_sign`,
`__builtin_isfinite`, `__builtin_isgreater`, ...) is built from IEEE
comparisons (NaN compares unordered), `__builtin_signbit` reads the sign bit
(so -0.0 and -NaN count), `__builtin_fabs` clears it and `__builtin_copysign` sets it
from another value (plain `fabs` and `copysign` calls too, as gcc); any other
`__builtin_<f>` becomes a call to the C library's `<f>`.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from pycparser import c_ast

from ..ir.x87float import X80
from . import tree as T
from .consteval import ConstError, evaluate
from .ctype import DOUBLE, FLOAT, INT, LDOUBLE, as_float, is_arith
from .float_consts import float_constant

if TYPE_CHECKING:
    from .scopes import Pos
    from .sema import Sema

# The C library's functions gcc expands inline whenever they are builtins (without
# -fno-builtin), at every -O level: a program calling only these links without -lm.
LIBRARY_BUILTINS = frozenset({"fabs", "fabsf", "fabsl", "copysign", "copysignf", "copysignl"})
_COPYSIGN = {"__builtin_copysign": DOUBLE, "__builtin_copysignf": FLOAT,
             "__builtin_copysignl": LDOUBLE}

_ORDERED = {"__builtin_isgreater": ">", "__builtin_isgreaterequal": ">=",
            "__builtin_isless": "<", "__builtin_islessequal": "<="}

# libm functions whose __builtin_ spelling simply calls them: name -> (ret, params)
_LIBM_DOUBLE = ("sqrt", "sin", "cos", "tan", "exp", "log", "log2", "log10", "floor", "ceil",
                "round", "trunc", "atan", "asin", "acos", "sinh", "cosh", "tanh", "cbrt",
                "expm1", "log1p", "rint", "nearbyint")
_LIBM_DOUBLE2 = ("pow", "fmod", "atan2", "copysign", "fmin", "fmax", "hypot", "remainder")


def float_builtin(sema: Sema, name: str, args: list[c_ast.Node], p: Pos,
                  plain: bool = False) -> T.Expr | None:
    """The typed builtin call `name(args)`; `plain` when the program called the C
    library's name (`copysign`), which gcc routes to this builtin."""
    if not name.startswith("__builtin_"):
        return None
    const = float_constant(sema, name, args, p)
    if const is not None:
        return const
    if name in ("__builtin_isnan", "__builtin_isinf_sign", "__builtin_isinf",
                "__builtin_isfinite", "__builtin_isnormal", "__builtin_signbit",
                "__builtin_signbitf",
                "__builtin_signbitl", "__builtin_fabs", "__builtin_fabsf",
                "__builtin_fabsl") and len(args) == 1:
        x = sema.conv.value(sema.exprs.expr(args[0]))
        if not is_arith(x.type):
            sema.error(p, f"'{name}' needs a floating-point argument, not '{x.type}'")
            return sema.exprs.bad(p)
        if as_float(x.type) is None:
            x = sema.conv.cast(x, DOUBLE)
        return _classify(sema, name, x, p)
    if name in ("__builtin_isnormal", "__builtin_isnormalf") and len(args) == 1:
        x = sema.conv.value(sema.exprs.expr(args[0]))
        if as_float(x.type) is None:
            x = sema.conv.cast(x, DOUBLE)
        flags = [T.IntConst(int(k == 2), INT, p) for k in range(5)]  # only "normal" is 1
        return T.Call(None, [*flags, x], None, INT, p, builtin="fpclassify")
    if name in _ORDERED or name in ("__builtin_islessgreater", "__builtin_isunordered"):
        if len(args) != 2:
            return None
        x, y = (sema.conv.value(sema.exprs.expr(a)) for a in args)
        if name in _ORDERED:
            return sema.ops.binary(_ORDERED[name], x, y, p)
        if name == "__builtin_islessgreater":
            return sema.ops.binary(
                "||", sema.ops.binary("<", x, y, p), sema.ops.binary(">", x, y, p), p
            )
        return sema.ops.binary(
            "||", sema.ops.binary("!=", x, x, p), sema.ops.binary("!=", y, y, p), p
        )
    if name in _COPYSIGN and len(args) == 2:
        return _copysign(sema, name, args, p, plain)
    base = name.removeprefix("__builtin_")
    suffix = base[-1:] if base[:-1] in _LIBM_DOUBLE + _LIBM_DOUBLE2 else ""
    root = base[:-1] if suffix in ("f", "l") else base
    if root in _LIBM_DOUBLE + _LIBM_DOUBLE2:
        t = {"f": FLOAT, "l": LDOUBLE}.get(suffix, DOUBLE)
        n = 1 if root in _LIBM_DOUBLE else 2
        vals = [sema.conv.value(sema.exprs.expr(a)) for a in args]
        if len(vals) != n:
            sema.error(p, f"'{name}' takes {n} argument{'s' if n > 1 else ''}")
            return sema.exprs.bad(p)
        return sema.calls.libcall(base, t, (t,) * n, vals, p)
    return None


def _copysign(sema: Sema, name: str, args: list[c_ast.Node], p: Pos, plain: bool) -> T.Expr:
    """x with y's sign bit, folded when both operands are constants (gcc folds it in
    its front end at every level: a constant expression, e.g. in a static initialiser);
    otherwise inline (NaNs keep their payload), except that gcc -O0 calls the C
    library's function (libc has it: no -lm) when the program called it by that name."""
    t = _COPYSIGN[name]
    vals = [sema.conv.value(sema.exprs.expr(a)) for a in args]
    for i, v in enumerate(vals):
        if not is_arith(v.type):
            sema.error(p, f"incompatible type for argument {i + 1} of '{name}' "
                          f"('{v.type}', a floating-point value is needed)")
            return sema.exprs.bad(p)
    x, y = (sema.conv.cast(v, t) for v in vals)
    try:
        a, b = evaluate(x), evaluate(y)
    except ConstError:
        a = b = None
    if isinstance(a, X80) and isinstance(b, X80):
        return T.FloatConst(-abs(a) if b.sign else abs(a), t, p)
    if isinstance(a, float) and isinstance(b, float):
        return T.FloatConst(math.copysign(a, b), t, p)
    if plain and not sema.optimizing:
        return sema.calls.libcall(name.removeprefix("__builtin_"), t, (t, t), [x, y], p)
    return T.Call(None, [x, y], None, t, p, builtin="copysign")


def _classify(sema: Sema, name: str, x: T.Expr, p: Pos) -> T.Expr:
    """Lowered in builtin_ir, so the operand is evaluated exactly once."""
    if name.startswith("__builtin_signbit"):
        return T.Call(None, [x], None, INT, p, builtin="signbit")
    kind = name.removeprefix("__builtin_")
    if kind.startswith("fabs"):
        return T.Call(None, [x], None, x.type, p, builtin="fabs")
    return T.Call(None, [x], None, INT, p, builtin=kind)
