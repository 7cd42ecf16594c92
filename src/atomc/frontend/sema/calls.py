"""Function calls, builtins and library calls, `offsetof`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pycparser import c_ast

from .. import pending
from .. import tree as T
from ..complex_sema import (
    CREAL_NAMES,
    builtin_complex,
    complex_builtin,
)
from ..consteval import eval_int
from ..ctype import (
    DOUBLE,
    FLOAT,
    INT,
    UINT,
    UINT128,
    ULONG,
    USHORT,
    VOID,
    ArrayT,
    CType,
    FuncT,
    PointerT,
    StructT,
    VoidT,
    as_float,
    as_int,
    contains_float,
    contains_unsupported_float,
    promote,
    settled_layout,
    unqual,
)
from ..float_builtins import float_builtin
from ..gnu_builtins import gnu_builtin, libc_builtin_symbol
from ..gnu_inline import (
    expand_arguments,
    is_constant,
)
from ..scopes import Pos, StorageClass, Symbol, SymKind
from ..type_attributes import (
    transparent_argument,
)
from .common import (
    BIT_BUILTINS,
    SemaPart,
    quoted_name,
    unsupported_float_message,
)

if TYPE_CHECKING:
    from .core import Sema


class CallChecker(SemaPart):
    """Function calls, builtins and library calls, `offsetof`."""

    __slots__ = ("checked_types",)

    def __init__(self, sema: Sema) -> None:
        super().__init__(sema)
        # the function types calls went through whose parameters and result hold
        # nothing atomc cannot compile, by id
        self.checked_types: dict[int, FuncT] = {}

    def implicit_function(self, name: str, p: Pos) -> Symbol:
        """A call to an undeclared function: gcc-12 (C99 and later too) warns and
        declares it `extern int name();` at file scope, or with the library's
        prototype when `name` is a C library function it knows."""
        self.sema.warning(p, f"implicit declaration of function '{name}'",
                     "implicit-function-declaration")
        known = libc_builtin_symbol(self.sema, name, p)
        if known is not None:
            return known
        sym = Symbol(name, FuncT(INT, (), prototyped=False), SymKind.FUNC, StorageClass.EXTERN, p,
                     static_storage=True, file_scope=True, link_name=name, used=True)
        self.sema.scopes.levels[0].names[name] = sym  # a later declaration must agree with it
        return sym

    def call(self, callee: T.Expr, args_nodes: list[c_ast.Node], p: Pos) -> T.Expr:
        fn = self.sema.conv.rvalue(callee)
        fu = unqual(fn.type)
        ft = unqual(fu.pointee) if isinstance(fu, PointerT) else None
        if not isinstance(ft, FuncT):
            self.sema.error(p, f"called object type '{callee.type}' is not a function or function "
                          "pointer (called object is not a function)")
            for a in args_nodes:
                self.sema.exprs.expr(a)
            return self.sema.exprs.bad(p)
        name = callee.sym.name if isinstance(callee, T.VarRef) else ""
        if self.checked_types.get(id(ft)) is not ft:
            self.check_call_type(ft, name, p)
        args = expand_arguments(self.sema, args_nodes)
        nparams = len(ft.params)
        if ft.prototyped:
            if len(args) < nparams:
                self.sema.error(
                    p,
                    f"too few arguments to function call{quoted_name(name)}, expected "
                    f"{nparams}, have {len(args)}",
                )
            elif len(args) > nparams and not ft.variadic:
                self.sema.error(args[nparams].pos, f"too many arguments to function call"
                                              f"{quoted_name(name)}, expected {nparams}, have "
                                              f"{len(args)}")
        out: list[T.Expr] = []
        qname = quoted_name(name)  # (for the diagnostics: once per call, not per argument)
        for i, a in enumerate(args):
            if ft.prototyped and i < nparams:
                union_arg = transparent_argument(self.sema, a, ft.params[i])
                if union_arg is not None:
                    out.append(union_arg)
                    continue
                out.append(
                    self.sema.conv.assign_convert(
                        a,
                        ft.params[i],
                        f"for argument {i + 1}{qname}: passing to parameter of type",
                    )
                )
            else:
                v = self.sema.conv.value(a)
                ai = as_int(v.type)
                if ai is not None:
                    v = self.sema.conv.cast(v, promote(ai))
                elif as_float(v.type) == FLOAT:  # default argument promotion
                    v = self.sema.conv.cast(v, DOUBLE)
                elif contains_unsupported_float(v.type):
                    self.sema.error(v.pos, unsupported_float_message(v.type))
                out.append(v)
        ret = ft.ret
        if not isinstance(unqual(ret), VoidT) and not unqual(ret).complete:
            self.sema.error(p, f"calling function with incomplete return type '{ret}'")
        return T.Call(fn, out, ft, ret, p)

    def check_call_type(self, ft: FuncT, name: str, p: Pos) -> None:
        """Report a call through `ft` that passes or returns a type atomc cannot
        compile. A type found clean is not searched again (`checked_types`, which
        keeps it alive, so its id names it) once its members are final."""
        errors = self.sema.diags.error_count
        if contains_unsupported_float(ft.ret) or any(contains_unsupported_float(x)
                                                     for x in ft.params):
            self.sema.error(p, f"call to '{name or 'function'}' uses __float128 (_Float128), "
                          "which is unsupported")
        pending.check_call(self.sema, ft, p)
        if self.sema.diags.error_count == errors and not self.sema.quiet and \
                settled_layout(ft.ret) and all(settled_layout(x) for x in ft.params):
            self.checked_types[id(ft)] = ft

    def builtin_call(self, name: str, args: list[c_ast.Node], p: Pos,
                      node: c_ast.FuncCall) -> T.Expr | None:
        plain = name in self.sema.library_builtins and self._is_library_function(name)
        if plain:
            name = "__builtin_" + name
        user_alloca = self.sema.scopes.lookup("alloca") if name == "alloca" else None
        if name in ("__builtin_alloca", "alloca") and len(args) == 1 and (
                user_alloca is None or user_alloca.file_scope):
            # dynamic stack allocation (gcc treats `alloca` as this builtin)
            size = self.sema.conv.value(self.sema.exprs.expr(args[0]))
            if as_int(size.type) is None:
                self.sema.error(p, f"passing '{size.type}' to '{name}', which takes a size")
                return self.sema.exprs.bad(p)
            return T.Call(None, [self.sema.conv.cast(size, ULONG)], None, PointerT(VOID), p,
                          builtin="alloca")
        if name == "__builtin_va_arg" and len(args) == 2 and isinstance(args[1], c_ast.Typename):
            ap = self.sema.conv.value(self.sema.exprs.expr(args[0]))
            target_t = self.sema.types.resolve_type(args[1], p)
            target = unqual(target_t)
            if contains_unsupported_float(target):
                self.sema.error(p, unsupported_float_message(target) + " (va_arg)")
                return self.sema.exprs.bad(p)
            if isinstance(target, StructT) and contains_float(target) and target.size <= 16:
                self.sema.error(p, "va_arg of a struct with floating-point members is unsupported")
                return self.sema.exprs.bad(p)
            return T.VaArg(ap, target_t, p)
        if name in ("__builtin_va_start", "__builtin_va_end", "__builtin_va_copy"):
            vals = [self.sema.conv.value(self.sema.exprs.expr(a)) for a in args]
            if name == "__builtin_va_start":
                if self.sema.function is None or not unqual(self.sema.function.type).variadic:  # type: ignore
                    self.sema.error(p, "'va_start' used in function with fixed arguments")
                return T.Call(None, vals[:1], None, VOID, p, builtin="va_start")
            if name == "__builtin_va_end":
                return T.Call(None, vals[:1], None, VOID, p, builtin="va_end")
            return T.Call(None, vals[:2], None, VOID, p, builtin="va_copy")
        if name == "__builtin_complex":
            return builtin_complex(self.sema, [self.sema.exprs.expr(a) for a in args], p)
        if name in CREAL_NAMES and (not name.startswith("c")
                                    or self._is_library_function(name)):
            return complex_builtin(self.sema, name, [self.sema.exprs.expr(a) for a in args], p)
        if name == "__builtin_expect" and len(args) == 2:
            v = self.sema.conv.value(self.sema.exprs.expr(args[0]))
            self.sema.exprs.expr(args[1])
            return v
        if name == "__builtin_unreachable":
            return T.Call(None, [], None, VOID, p, builtin="unreachable")
        if name == "__builtin_trap":
            return T.Call(None, [], None, VOID, p, builtin="trap")
        if name in ("offsetof", "__builtin_offsetof") and len(args) == 2 and \
                isinstance(args[0], c_ast.Typename):
            t = unqual(self.sema.types.resolve_type(args[0], p))
            return T.IntConst(self._offsetof(t, args[1], p), ULONG, p)
        if name in BIT_BUILTINS and len(args) == 1:
            return self.bit_builtin(name, self.sema.conv.value(self.sema.exprs.expr(args[0])), p)
        if name == "__builtin_constant_p" and len(args) == 1:
            e = self.sema.exprs.expr(args[0])  # typed, never evaluated
            return T.IntConst(int(is_constant(self.sema, e)), INT, p)
        gnu = gnu_builtin(self.sema, name, args, p)
        if gnu is not None:
            return gnu
        return float_builtin(self.sema, name, args, p, plain)

    def _is_library_function(self, name: str) -> bool:
        """Is `name` undeclared or declared only by a system header (so the C
        library's function, which gcc treats as a builtin)?"""
        sym = self.sema.scopes.lookup(name)
        return sym is None or (sym.kind is SymKind.FUNC and sym.file_scope and sym.system)

    def libcall(self, name: str, ret: CType, params: tuple[CType, ...], args: list[T.Expr],
                 p: Pos) -> T.Expr:
        """A call to a libgcc helper (always linked by `cc`), declared on first use."""
        sym = self.sema.libcalls.get(name)
        ft = FuncT(ret, params)
        if sym is None:
            sym = Symbol(name, ft, SymKind.FUNC, StorageClass.EXTERN, p, static_storage=True,
                         file_scope=True, link_name=name, used=True)
            self.sema.libcalls[name] = sym
        conv = [self.sema.conv.cast(a, t) for a, t in zip(args, params, strict=False)]
        return T.Call(T.Decay(T.VarRef(sym, p), PointerT(ft)), conv, ft, ret, p)

    def bit_builtin(self, name: str, arg: T.Expr, p: Pos) -> T.Expr:
        """GCC's bit builtins, lowered to libgcc's 64-bit helpers plus an adjustment."""
        if as_int(arg.type) is None:
            self.sema.error(p, f"incompatible type '{arg.type}' for '{name}' (integer required)")
            return self.sema.exprs.bad(p)
        base = name.rstrip("l")  # __builtin_popcountl, __builtin_clzll, ...
        wide = name.endswith("l")
        if base.startswith("__builtin_bswap"):
            return self.bswap(int(base[len("__builtin_bswap"):]), arg, p)
        x = self.sema.conv.cast(arg, ULONG if wide else UINT)
        if base == "__builtin_popcount":
            return self.libcall("__popcountdi2", INT, (ULONG,), [x], p)
        # clz/ctz (undefined for 0), ffs and parity are lowered inline, as gcc -O2 does
        kind = {"__builtin_parity": "parity", "__builtin_ctz": "ctz", "__builtin_clz": "clz",
                "__builtin_ffs": "ffs"}[base]
        return T.Call(None, [x], None, INT, p, builtin=kind)

    def bswap(self, bits: int, arg: T.Expr, p: Pos) -> T.Expr:
        """`__builtin_bswap16/32/64/128`: folded when the operand is a constant (gcc
        folds them in its front end, so they are constant expressions at every level),
        else libgcc's 32- and 64-bit helpers (128 bits: the two swapped halves; libgcc
        has no 128-bit one, gcc inlines two `bswap`s)."""
        ut = {16: USHORT, 32: UINT, 64: ULONG, 128: UINT128}[bits]
        x = self.sema.conv.cast(arg, ut)
        known = eval_int(x)
        if known is not None:
            raw = (known % (1 << bits)).to_bytes(bits // 8, "little")
            return T.IntConst(int.from_bytes(raw, "big"), ut, p)
        cast, shift = self.sema.conv.cast, self.sema.ops.binary
        if bits == 128:
            whole = T.Reuse(x)  # one evaluation of the operand for both halves
            high = self.bswap(64, cast(whole, ULONG), p)
            low = self.bswap(64, cast(shift(">>", whole, T.IntConst(64, INT, p), p), ULONG), p)
            return shift("|", shift("<<", cast(high, ut), T.IntConst(64, INT, p), p),
                         cast(low, ut), p)
        if bits == 64:
            return self.libcall("__bswapdi2", ULONG, (ULONG,), [x], p)
        r = self.libcall("__bswapsi2", UINT, (UINT,), [x], p)
        if bits == 16:
            r = shift(">>", r, T.IntConst(16, INT, p), p)
        return cast(r, ut)

    def _offsetof(self, t: CType, desig: c_ast.Node, p: Pos) -> int:
        if isinstance(desig, c_ast.ID):
            found = t.find_member(desig.name) if isinstance(t, StructT) else None
            if found is None:
                self.sema.error(p, f"no member named '{desig.name}' in '{t}'")
                return 0
            if found[1].is_bitfield:
                self.sema.error(p, f"cannot compute offset of bit-field '{desig.name}'")
            return found[0]
        if isinstance(desig, c_ast.StructRef):
            base_off = self._offsetof(t, desig.name, p)
            inner = unqual(self._offsetof_type(t, desig.name))
            return base_off + self._offsetof(inner, desig.field, p)
        if isinstance(desig, c_ast.ArrayRef):
            base_off = self._offsetof(t, desig.name, p)
            at = unqual(self._offsetof_type(t, desig.name))
            idx = self.sema.decls.require_const_int(
                self.sema.exprs.expr(desig.subscript), "offsetof index"
            )
            if isinstance(at, ArrayT):
                return base_off + idx * at.elem.size
            self.sema.error(p, "subscripted value is not an array (offsetof)")
            return base_off
        self.sema.error(p, "expected a member designator in offsetof")
        return 0

    def _offsetof_type(self, t: CType, desig: c_ast.Node) -> CType:
        if isinstance(desig, c_ast.ID):
            found = t.find(desig.name) if isinstance(t, StructT) else None
            return found[1] if found else INT
        if isinstance(desig, c_ast.StructRef):
            inner = unqual(self._offsetof_type(t, desig.name))
            return self._offsetof_type(inner, desig.field)
        if isinstance(desig, c_ast.ArrayRef):
            at = unqual(self._offsetof_type(t, desig.name))
            return at.elem if isinstance(at, ArrayT) else INT
        return INT
