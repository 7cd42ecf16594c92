"""`__builtin_object_size(p, type)` and `__builtin_dynamic_object_size`, answered
from what the front end can see of `p`: the address of (a member or element of)
a declared object, a string literal or compound literal, a constant offset from
such an address, the result of a call to an `alloc_size` function with constant
arguments, and, inside an inlined gnu_inline body, the caller's argument a
parameter stands for. Anything else is unknown: `(size_t)-1` for types 0 and 1,
0 for types 2 and 3 (always safe for _FORTIFY_SOURCE, which then checks
nothing). Types 1 and 3 measure the closest enclosing subobject (a member),
except a trailing array reached through a pointer, which gcc treats as possibly
flexible (unknown). The dynamic variant also measures variable length arrays
at run time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pycparser import c_ast

from . import tree as T
from .ctype import ULONG, ArrayT, RecordKind, StructT, VlaT, unqual
from .gnu_inline import bound_argument
from .scopes import SymKind

if TYPE_CHECKING:
    from .scopes import Pos
    from .sema import Sema

UNKNOWN = -1


def object_size(sema: Sema, name: str, args: list[c_ast.Node], p: Pos) -> T.Expr:
    if len(args) != 2:
        sema.error(p, f"wrong number of arguments to '{name}'")
        return sema.exprs.bad(p)
    ptr = sema.conv.value(sema.exprs.expr(args[0]))  # never evaluated
    kind = sema.decls.require_const_int(sema.exprs.expr(args[1]), f"'{name}' type argument")
    if not 0 <= kind <= 3:
        sema.error(p, f"last argument of '{name}' is not integer constant between 0 and 3")
        return sema.exprs.bad(p)
    dynamic = name == "__builtin_dynamic_object_size"
    if dynamic:
        vla = _vla_object(sema, ptr)
        if vla is not None:
            return T.VlaSizeof(vla, ULONG, p)
    size = _pointer(sema, ptr, kind & 1)
    if size is None:
        return T.IntConst((1 << 64) - 1 if kind < 2 else 0, ULONG, p)
    return T.IntConst(max(size, 0), ULONG, p)


def _strip(sema: Sema, e: T.Expr) -> T.Expr:
    while True:
        if isinstance(e, T.Cast):
            e = e.operand
        elif isinstance(e, T.Reuse):
            e = e.operand
        elif isinstance(e, T.Comma):
            e = e.right
        elif isinstance(e, T.VarRef) and sema.inline_frames:
            bound = bound_argument(sema, e.sym)
            if bound is None:
                return e
            e = bound
        else:
            return e


def _pointer(sema: Sema, e: T.Expr, sub: int) -> int | None:
    """Bytes from where pointer `e` points to the end of its object (sub=1: of its
    closest subobject), or None when unknown."""
    e = _strip(sema, e)
    if isinstance(e, (T.Decay, T.AddrOf)):
        return _lvalue(sema, e.operand, sub, declared_only=False)
    if isinstance(e, T.PtrArith) and e.vla is None:
        base = _pointer(sema, e.ptr, sub)
        idx = _strip(sema, e.index)
        if base is None or not isinstance(idx, T.IntConst):
            return None
        off = idx.value * e.scale * (-1 if e.op == "-" else 1)
        if off < 0:
            return None
        return max(base - off, 0)
    if isinstance(e, T.StrLit):
        return len(e.data)
    if isinstance(e, T.Call) and isinstance(e.callee, T.Decay) and \
            isinstance(e.callee.operand, T.VarRef):
        return _allocated(sema, e.callee.operand.sym.name, e.args)
    if isinstance(e, T.Cond):
        a, b = _pointer(sema, e.then, sub), _pointer(sema, e.els, sub)
        return a if a == b else None
    return None


def _lvalue(sema: Sema, e: T.Expr, sub: int, declared_only: bool) -> int | None:
    """Size of the object (or subobject) an lvalue designates, from its start."""
    if isinstance(e, T.VarRef):
        u = unqual(e.sym.type)
        if e.sym.kind is not SymKind.VAR or not u.complete or isinstance(u, VlaT):
            return None
        return e.sym.type.size
    if isinstance(e, (T.StrLit, T.CompoundLit)):
        return e.type.size
    if isinstance(e, T.Deref):
        return _pointer(sema, e.ptr, sub)
    if isinstance(e, T.Member) and e.bits is None:
        whole = _lvalue(sema, e.base, 0, declared_only)
        if sub:
            mt = unqual(e.type)
            if isinstance(mt, ArrayT) and _is_trailing(e) and not _declared(e.base):
                return None  # maybe a flexible array in disguise (gcc's rule)
            if mt.complete:
                return e.type.size
            return None
        if whole is None:
            return None
        return max(whole - e.offset, 0)
    return None


def _is_trailing(m: T.Member) -> bool:
    st = unqual(m.base.type)
    return isinstance(st, StructT) and st.kind is RecordKind.STRUCT and bool(st.members) and \
        st.members[-1].name == m.name


def _declared(e: T.Expr) -> bool:
    """Is the outermost object a declared one (not reached through a pointer)?"""
    while isinstance(e, T.Member):
        e = e.base
    return isinstance(e, (T.VarRef, T.CompoundLit, T.StrLit))


def _allocated(sema: Sema, fname: str, args: list[T.Expr]) -> int | None:
    """Size of the block a call to an `alloc_size` function returns, if constant."""
    positions = sema.alloc_sizes.get(fname)
    if not positions:
        return None
    size = 1
    for pos in positions:
        if not 1 <= pos <= len(args):
            return None
        a = _strip(sema, args[pos - 1])
        if not isinstance(a, T.IntConst):
            return None
        size *= a.value
    return size


def _vla_object(sema: Sema, ptr: T.Expr) -> VlaT | None:
    e = _strip(sema, ptr)
    if isinstance(e, T.Decay) and isinstance(e.operand, T.VarRef):
        u = unqual(e.operand.sym.type)
        if isinstance(u, VlaT):
            return u
    return None
