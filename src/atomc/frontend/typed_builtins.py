"""GNU builtins that real code uses for type-generic macros and checked
arithmetic: `__builtin_types_compatible_p`, `__builtin_choose_expr`,
`__builtin_{add,sub,mul}_overflow` (generic and the typed `s`/`u` variants),
`__builtin_fpclassify`, `__builtin_frame_address(0)` and
`__builtin_return_address(0)`.

The overflow builtins compute the mathematically exact result in a wide type W
(its value set holds every exact result), then check that result against the
range of the result object's type: W is 64-bit for operands of at most 32
bits and 128-bit for 64-bit operands (unsigned for an unsigned product, which
can pass 2**127). With a 128-bit operand W is the operands' own 128-bit type
plus an "exact result left W" flag, which is only decisive when the result
type has the operands' signedness; other mixes get a diagnostic. The IR for
them is built in `builtin_ir`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pycparser import c_ast

from . import tree as T
from .ctype import (
    BOOL,
    INT,
    INT128,
    LLONG,
    LONG,
    UINT,
    UINT128,
    ULLONG,
    ULONG,
    VOID,
    CType,
    EnumT,
    IntT,
    PointerT,
    as_float,
    as_int,
    is_const,
    unqual,
)
from .generic_selection import same_type
from .scopes import Pos

if TYPE_CHECKING:
    from .sema import Sema

_OVERFLOW_TYPED = {"s": (INT, LONG, LLONG), "u": (UINT, ULONG, ULLONG)}


def typed_builtin(sema: Sema, name: str, args: list[c_ast.Node], p: Pos) -> T.Expr | None:
    """A typed expression for the builtins of this module, None for other names."""
    if name == "__builtin_types_compatible_p":
        return _types_compatible(sema, args, p)
    if name == "__builtin_choose_expr":
        return _choose_expr(sema, args, p)
    if name in ("__builtin_frame_address", "__builtin_return_address"):
        return _frame_builtin(sema, name, args, p)
    if name == "__builtin_fpclassify":
        return _fpclassify(sema, args, p)
    op = _overflow_op(name)
    if op is not None:
        return _overflow(sema, name, op, args, p)
    return None


def _argc(sema: Sema, name: str, args: list[c_ast.Node], n: int, p: Pos) -> bool:
    if len(args) != n:
        sema.error(p, f"wrong number of arguments to '{name}' (expected {n}, have {len(args)})")
        for a in args:
            if not isinstance(a, c_ast.Typename):
                sema.exprs.expr(a)
        return False
    return True


def _types_compatible(sema: Sema, args: list[c_ast.Node], p: Pos) -> T.Expr:
    name = "__builtin_types_compatible_p"
    if not _argc(sema, name, args, 2, p):
        return sema.exprs.bad(p)
    if not all(isinstance(a, c_ast.Typename) for a in args):
        sema.error(p, f"'{name}' takes two type names")
        return sema.exprs.bad(p)
    a, b = (unqual(sema.types.resolve_type(t, p)) for t in args)
    # gcc: top-level qualifiers are ignored; an enum is not the same as its underlying type
    same = same_type(a, b) and isinstance(a, EnumT) == isinstance(b, EnumT)
    return T.IntConst(int(same), INT, p)


def _choose_expr(sema: Sema, args: list[c_ast.Node], p: Pos) -> T.Expr:
    if not _argc(sema, "__builtin_choose_expr", args, 3, p):
        return sema.exprs.bad(p)
    cond = sema.decls.require_const_int(sema.exprs.expr(args[0]), "__builtin_choose_expr condition")
    # only the chosen operand is evaluated (and its type is the result's type)
    return sema.exprs.expr(args[1] if cond else args[2])


def _frame_builtin(sema: Sema, name: str, args: list[c_ast.Node], p: Pos) -> T.Expr:
    if not _argc(sema, name, args, 1, p):
        return sema.exprs.bad(p)
    level = sema.decls.require_const_int(sema.exprs.expr(args[0]), f"'{name}' argument")
    if level != 0:
        sema.error(p, f"unsupported: '{name}' with a non-zero level")
        return sema.exprs.bad(p)
    kind = "frame_address" if name == "__builtin_frame_address" else "return_address"
    return T.Call(None, [], None, PointerT(VOID), p, builtin=kind)


def _fpclassify(sema: Sema, args: list[c_ast.Node], p: Pos) -> T.Expr:
    if not _argc(sema, "__builtin_fpclassify", args, 6, p):
        return sema.exprs.bad(p)
    vals = [sema.conv.cast(sema.conv.value(sema.exprs.expr(a)), INT) for a in args[:5]]
    x = sema.conv.value(sema.exprs.expr(args[5]))
    if as_float(x.type) is None:
        sema.error(p, f"'__builtin_fpclassify' needs a floating-point argument, not '{x.type}'")
        return sema.exprs.bad(p)
    return T.Call(None, [*vals, x], None, INT, p, builtin="fpclassify")


def _overflow_op(name: str) -> str | None:
    """'add', 'sub' or 'mul' for every spelling of the overflow builtins."""
    if not name.startswith("__builtin_") or not name.endswith("_overflow"):
        return None
    core = name[len("__builtin_"):-len("_overflow")]
    if core in ("add", "sub", "mul"):
        return core
    if core[:1] in _OVERFLOW_TYPED:
        core = core[1:]
        for suffix in ("ll", "l", ""):
            if core.endswith(suffix) and core[:len(core) - len(suffix)] in ("add", "sub", "mul"):
                return core[:len(core) - len(suffix)]
    return None


def _typed_params(name: str) -> CType | None:
    """The parameter type of `__builtin_saddl_overflow` and friends (None: generic)."""
    core = name[len("__builtin_"):-len("_overflow")]
    if core in ("add", "sub", "mul"):
        return None
    types = _OVERFLOW_TYPED[core[0]]
    return types[len(core) - 4]  # `sadd`, `saddl`, `saddll`


def _int_type(t: CType) -> IntT | None:
    i = as_int(t)
    return None if i is None or i == BOOL else i


def _overflow(sema: Sema, name: str, op: str, args: list[c_ast.Node], p: Pos) -> T.Expr:
    if not _argc(sema, name, args, 3, p):
        return sema.exprs.bad(p)
    a, b, res = (sema.conv.value(sema.exprs.expr(x)) for x in args)
    fixed = _typed_params(name)
    if fixed is not None:
        a, b = sema.conv.cast(a, fixed), sema.conv.cast(b, fixed)
        res = sema.conv.assign_convert(
            res, PointerT(fixed), f"for argument 3 of '{name}': passing to parameter of type"
        )
    return overflow_call(sema, name, op, a, b, res, p)


def overflow_call(sema: Sema, name: str, op: str, a: T.Expr, b: T.Expr, res: T.Expr,
                  p: Pos) -> T.Expr:
    """The checked `a op b` stored through `res`; its value is the overflow flag."""
    ta, tb = _int_type(a.type), _int_type(b.type)
    ru = unqual(res.type)
    tr = _int_type(ru.pointee) if isinstance(ru, PointerT) else None
    if ta is None or tb is None:
        sema.error(
            p, f"operands of '{name}' must be integers (not bool), have '{a.type}' and '{b.type}'"
        )
        return sema.exprs.bad(p)
    if tr is None or not isinstance(ru, PointerT) or is_const(ru.pointee):
        sema.error(p, f"result argument of '{name}' must be a pointer to a modifiable integer "
                      f"(not bool), have '{res.type}'")
        return sema.exprs.bad(p)
    operand_size = max(ta.size, tb.size)
    # an unsigned product of the widest operands can exceed the signed wide type
    unsigned = op == "mul" and not ta.signed and not tb.signed
    if operand_size <= 4 and tr.size <= 8:
        # every exact result fits in 64 bits: signed, except u32 * u32 (below 2**64)
        wide: IntT = ULONG if unsigned else LONG
        exact = True
    elif operand_size <= 8:  # every exact result fits in 128 bits
        wide = UINT128 if unsigned else INT128
        exact = True
    else:
        if ta.signed != tb.signed or tr.signed != ta.signed:
            sema.error(p, f"unsupported: '{name}' mixing signed and unsigned operands or result "
                          "with 128-bit types")
            return sema.exprs.bad(p)
        wide = INT128 if ta.signed else UINT128
        exact = False
    kind = f"overflow_{op}" + ("" if exact else "_wide")
    return T.Call(None, [sema.conv.cast(a, wide), sema.conv.cast(b, wide), res], None, BOOL, p,
                  builtin=kind)
