"""More GCC builtins that real code and headers use: hints that keep a value
(`__builtin_expect_with_probability`, `__builtin_assume_aligned`,
`__builtin_speculation_safe_value`), source locations (`__builtin_LINE`,
`__builtin_FILE`, `__builtin_FUNCTION`), `__builtin_classify_type`, the
checked-arithmetic predicates `__builtin_*_overflow_p`, `__builtin___clear_cache`
(nothing to do on x86), x86 `__builtin_ia32_pause/rdtsc/rdtscp/tzcnt/lzcnt`, and
diagnostics naming the builtins atomc cannot provide (`__builtin_setjmp`,
`__builtin_apply`, ...).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pycparser import c_ast

from . import tree as T
from .ctype import (
    BOOL,
    CHAR,
    DOUBLE,
    INT,
    UINT,
    ULLONG,
    ULONG,
    USHORT,
    VOID,
    ArrayT,
    CType,
    EnumT,
    FloatT,
    FuncT,
    IntT,
    PointerT,
    RecordKind,
    StructT,
    VoidT,
    as_int,
    qualify,
    unqual,
)
from .scopes import StorageClass, Symbol, SymKind
from .typed_builtins import overflow_call

if TYPE_CHECKING:
    from .scopes import Pos
    from .sema import Sema

# builtins gcc has that atomc does not provide, with the reason
_NOT_PROVIDED = {
    "__builtin_setjmp": "use setjmp() from <setjmp.h>",
    "__builtin_longjmp": "use longjmp() from <setjmp.h>",
    "__builtin_apply": "constructing calls at run time",
    "__builtin_apply_args": "constructing calls at run time",
    "__builtin_return": "constructing calls at run time",
    "__builtin_complex": "_Complex types",
    "__builtin_shuffle": "GNU vector types",
    "__builtin_convertvector": "GNU vector types",
    "__builtin_eh_return": "exception handling",
    "__builtin_unwind_init": "exception handling",
    "__builtin_dwarf_cfa": "exception handling",
}

# gcc's `enum type_class` (typeclass.h)
_VOID_CLASS, _INTEGER_CLASS, _POINTER_CLASS, _REAL_CLASS = 0, 1, 5, 8
_RECORD_CLASS, _UNION_CLASS = 12, 13


def misc_builtin(sema: Sema, name: str, args: list[c_ast.Node], p: Pos) -> T.Expr | None:
    """A typed expression for the builtins of this module, None for other names."""
    if name in _NOT_PROVIDED:
        sema.error(p, f"'{name}' is not supported ({_NOT_PROVIDED[name]})")
        return sema.exprs.bad(p)
    if name in ("__builtin_expect_with_probability", "__builtin_speculation_safe_value",
                "__builtin_assume_aligned"):
        return _value_hint(sema, name, args, p)
    if name == "__builtin_LINE":
        return T.IntConst(p.line, INT, p)
    if name in ("__builtin_FILE", "__builtin_FUNCTION"):
        text = p.file if name == "__builtin_FILE" else \
            (sema.function.name if sema.function is not None else "")
        data = text.encode() + b"\0"
        return T.StrLit(data, ArrayT(qualify(CHAR, True, False), len(data)), p)
    if name == "__builtin_tgmath":
        return _tgmath(sema, args, p)
    if name == "__builtin_classify_type":
        return _classify_type(sema, args, p)
    if name == "__builtin___clear_cache":  # x86 keeps instruction fetch coherent
        return _evaluated_for_effects(sema, args, p)
    if name.startswith("__builtin_") and name.endswith("_overflow_p"):
        return _overflow_p(sema, name, args, p)
    if name.startswith("__builtin_ia32_"):
        return _x86(sema, name, args, p)
    if name == "__builtin_alloca_with_align" and len(args) == 2:
        sema.exprs.expr(args[1])
        return sema.exprs.expr(c_ast.FuncCall(c_ast.ID("__builtin_alloca", args[0].coord),
                                        c_ast.ExprList([args[0]]), args[0].coord))
    return None


def _argc(sema: Sema, name: str, args: list[c_ast.Node], lo: int, hi: int, p: Pos) -> bool:
    if lo <= len(args) <= hi:
        return True
    sema.error(p, f"wrong number of arguments to '{name}'")
    return False


def _evaluated_for_effects(sema: Sema, args: list[c_ast.Node], p: Pos) -> T.Expr:
    result: T.Expr = T.Cast(T.IntConst(0, INT, p), VOID, p, True)
    for a in args:
        v = T.Cast(sema.conv.rvalue(sema.exprs.expr(a)), VOID, p, explicit=True)
        result = T.Comma(result, v, p)
    return result


def _value_hint(sema: Sema, name: str, args: list[c_ast.Node], p: Pos) -> T.Expr:
    """The first operand's value; the others are checked and evaluated (they are
    constants in valid code)."""
    lo, hi = {"__builtin_expect_with_probability": (3, 3),
              "__builtin_speculation_safe_value": (1, 2),
              "__builtin_assume_aligned": (2, 3)}[name]
    if not _argc(sema, name, args, lo, hi, p):
        return sema.exprs.bad(p)
    v = sema.conv.value(sema.exprs.expr(args[0]))
    for a in args[1:]:
        sema.exprs.expr(a)
    if name == "__builtin_assume_aligned":  # returns `void *`
        if not isinstance(unqual(v.type), PointerT):
            sema.error(p, f"'{name}' needs a pointer, not '{v.type}'")
            return sema.exprs.bad(p)
        return sema.conv.cast(v, PointerT(VOID))
    return v


def _classify_type(sema: Sema, args: list[c_ast.Node], p: Pos) -> T.Expr:
    if not _argc(sema, "__builtin_classify_type", args, 1, 1, p):
        return sema.exprs.bad(p)
    sema.quiet += 1  # the operand is not evaluated
    try:
        t: CType = unqual(sema.conv.rvalue(sema.exprs.expr(args[0])).type)
    finally:
        sema.quiet -= 1
    if isinstance(t, (IntT, EnumT)):
        cls = _INTEGER_CLASS
    elif isinstance(t, (PointerT, FuncT)):
        cls = _POINTER_CLASS
    elif isinstance(t, FloatT):
        cls = _REAL_CLASS
    elif isinstance(t, StructT):
        cls = _UNION_CLASS if t.kind is RecordKind.UNION else _RECORD_CLASS
    elif isinstance(t, VoidT):
        cls = _VOID_CLASS
    else:
        cls = -1
    return T.IntConst(cls, INT, p)


def _overflow_p(sema: Sema, name: str, args: list[c_ast.Node], p: Pos) -> T.Expr | None:
    """`__builtin_add_overflow_p(a, b, (T)c)`: would `a + b` overflow T? The
    result goes to an unnamed temporary of T."""
    op = name[len("__builtin_"):-len("_overflow_p")]
    if op not in ("add", "sub", "mul"):
        return None
    if not _argc(sema, name, args, 3, 3, p):
        return sema.exprs.bad(p)
    probe = sema.conv.value(sema.exprs.expr(args[2]))
    rt = unqual(probe.type)
    if as_int(rt) is None or rt == BOOL:
        sema.error(p, f"third argument of '{name}' must have an integer type (not bool)")
        return sema.exprs.bad(p)
    sema.anon_count += 1
    tmp = Symbol(f".overflow_p.{sema.anon_count}", rt, SymKind.VAR, StorageClass.AUTO, p)
    lit = T.CompoundLit(rt, T.Init(rt, [], p), tmp, p)
    return overflow_call(
        sema,
        f"__builtin_{op}_overflow",
        op,
        sema.conv.value(sema.exprs.expr(args[0])),
        sema.conv.value(sema.exprs.expr(args[1])),
        T.AddrOf(lit, PointerT(rt), p),
        p,
    )


# x86 builtins: name -> (IR builtin kind, result type, operand type or None)
_X86: dict[str, tuple[str, CType, CType | None]] = {
    "__builtin_ia32_pause": ("x86_pause", VOID, None),
    "__builtin_ia32_rdtsc": ("x86_rdtsc", ULLONG, None),
    "__builtin_ia32_rdtscp": ("x86_rdtscp", ULLONG, PointerT(UINT)),
    "__builtin_ia32_tzcnt_u16": ("x86_tzcnt", USHORT, USHORT),
    "__builtin_ia32_tzcnt_u32": ("x86_tzcnt", UINT, UINT),
    "__builtin_ia32_tzcnt_u64": ("x86_tzcnt", ULLONG, ULLONG),
    "__builtin_ia32_lzcnt_u16": ("x86_lzcnt", USHORT, USHORT),
    "__builtin_ia32_lzcnt_u32": ("x86_lzcnt", UINT, UINT),
    "__builtin_ia32_lzcnt_u64": ("x86_lzcnt", ULLONG, ULLONG),
}


def _x86(sema: Sema, name: str, args: list[c_ast.Node], p: Pos) -> T.Expr:
    spec = _X86.get(name)
    if spec is None:
        sema.error(p, f"'{name}' is not supported (x86 vector and special builtins)")
        return sema.exprs.bad(p)
    kind, ret, operand = spec
    want = 0 if operand is None else 1
    if not _argc(sema, name, args, want, want, p):
        return sema.exprs.bad(p)
    vals = []
    if operand is not None:
        vals.append(
            sema.conv.assign_convert(
                sema.exprs.expr(args[0]),
                operand,
                f"for argument 1 of '{name}': passing to parameter of type",
            )
        )
    if kind in ("x86_tzcnt", "x86_lzcnt"):  # computed in 64 bits, the width in `bits`
        bits = ret.size * 8
        vals = [sema.conv.cast(vals[0], ULONG), T.IntConst(bits, INT, p)]
    return T.Call(None, vals, None, ret, p, builtin=kind)


def _tgmath(sema: Sema, args: list[c_ast.Node], p: Pos) -> T.Expr:
    """`__builtin_tgmath(f1, ..., fk, a1, ..., an)` (<tgmath.h>, gcc 8+): the call of
    the fi whose type-generic parameters have the type C11 7.25 picks from the
    arguments (integers count as double, else the widest floating type)."""
    sema.quiet += 1  # typed again by the chosen call
    try:
        typed = [sema.conv.value(sema.exprs.expr(a)) for a in args]
    finally:
        sema.quiet -= 1
    funcs: list[FuncT] = []
    for e in typed:
        u = unqual(e.type)
        ft = unqual(u.pointee) if isinstance(u, PointerT) else None
        if not isinstance(ft, FuncT):
            break
        funcs.append(ft)
    n = len(funcs[0].params) if funcs else -1
    if not funcs or len(typed) != len(funcs) + n or any(len(f.params) != n for f in funcs):
        sema.error(p, "invalid arguments to '__builtin_tgmath'")
        return sema.exprs.bad(p)
    generic = [i for i in range(n) if len({unqual(f.params[i]) for f in funcs}) > 1]
    kinds = [unqual(typed[len(funcs) + i].type) for i in generic]
    if any(isinstance(k, FloatT) and k.name == "_Complex" for k in kinds):
        sema.error(p, "'__builtin_tgmath' with complex arguments is not supported (_Complex types)")
        return sema.exprs.bad(p)
    real = [DOUBLE if not isinstance(k, FloatT) else k for k in kinds]
    want = max(real, key=lambda k: k.size) if real else DOUBLE
    if len({k.size for k in real}) == 1 and len(set(real)) > 1:
        want = DOUBLE if DOUBLE in real else real[0]
    for i, f in enumerate(funcs):
        if all(unqual(f.params[g]) == want for g in generic):
            return sema.calls.call(sema.exprs.expr(args[i]), args[len(funcs):], p)
    sema.error(p, f"'__builtin_tgmath' has no function for type '{want}'")
    return sema.exprs.bad(p)
