"""Rvalue conversion, casts and the checks of assignment-like conversions."""

from __future__ import annotations

from ...ir.x87float import X80
from .. import tree as T
from ..complex_sema import (
    complex_cast,
)
from ..consteval import ConstError, evaluate
from ..ctype import (
    BOOL,
    INT,
    ArrayT,
    ComplexT,
    CType,
    EnumT,
    FloatT,
    FuncT,
    IntT,
    PointerT,
    StructT,
    VlaT,
    VoidT,
    as_float,
    is_integer,
    is_pointer,
    is_void,
    unqual,
    wrap,
)
from ..scopes import Pos
from .common import SemaPart


def _equal(a: CType, b: CType) -> bool:
    """`a == b` for two types of one class. Compiled, a type's `__eq__` is the
    Python code dataclasses wrote (~2,500 instructions a call; lvm.c's -O0 compile
    made ~2,700 in `cast`), so the two classes most compared here are compared as
    it compares them: an integer type's fields, a pointer type's pointee (the same
    object, most often)."""
    if type(a) is IntT and type(b) is IntT:
        return a.name == b.name and a.nbytes == b.nbytes and a.signed == b.signed \
            and a.rank == b.rank
    if type(a) is PointerT and type(b) is PointerT and a.pointee is b.pointee:
        return True
    return a == b


class Conversions(SemaPart):
    """Rvalue conversion, casts and the checks of assignment-like conversions."""

    __slots__ = ()

    def rvalue(self, e: T.Expr) -> T.Expr:
        """Array/function decay; the result is a value expression."""
        t = e.type
        u = unqual(t) if t.layered else t
        if isinstance(u, (ArrayT, VlaT)):
            return T.Decay(e, PointerT(u.elem))
        if isinstance(u, FuncT):
            return T.Decay(e, PointerT(e.type))
        return e

    def value(self, e: T.Expr, what: str = "") -> T.Expr:
        """rvalue() plus the check that a value exists (not void): its steps inline
        (most operands of most operators come here)."""
        t = e.type
        u = unqual(t) if t.layered else t
        if isinstance(u, (ArrayT, VlaT)):
            return T.Decay(e, PointerT(u.elem))
        if isinstance(u, FuncT):
            return T.Decay(e, PointerT(t))
        if isinstance(u, VoidT):
            self.sema.error(e.pos, "void value not ignored as it ought to be")
            return T.IntConst(0, INT, e.pos)
        return e

    def cast(self, e: T.Expr, to: CType, explicit: bool = False) -> T.Expr:
        """Conversion node (no checks); folds integer constants."""
        if e.type is to and not explicit:
            return e
        # each type unwrapped once, without a call for most: casts are made for most
        # operands
        ut = unqual(to) if to.layered else to
        et = e.type
        ue = unqual(et) if et.layered else et
        # (types of different classes are never equal: their dataclass __eq__ is not run)
        if not explicit and (ue is ut or type(ue) is type(ut) and _equal(ue, ut)) \
                and not isinstance(ut, EnumT):
            return e
        if isinstance(ut, ComplexT) or isinstance(ue, ComplexT):
            return complex_cast(self.sema, e, to, explicit)
        ti = ut if isinstance(ut, IntT) else ut.underlying if isinstance(ut, EnumT) else None
        if isinstance(e, T.IntConst) and ti is not None:
            boolean = ti is BOOL or ti.rank == 1 and ti == BOOL  # (only _Bool has rank 1)
            return T.IntConst(int(e.value != 0) if boolean else wrap(e.value, ti), to, e.pos)
        tf = as_float(to)
        if isinstance(e, (T.IntConst, T.FloatConst)) and (tf is not None or ti is not None):
            v = evaluate(T.Cast(e, to, e.pos, explicit))
            if isinstance(v, (float, X80)):
                return T.FloatConst(v, to, e.pos)
            if isinstance(v, int):
                return T.IntConst(v, to, e.pos)
        return T.Cast(e, to, e.pos, explicit)

    def is_null_const(self, e: T.Expr) -> bool:
        if not is_integer(e.type) and not (is_pointer(e.type) and
                                           is_void(unqual(e.type).pointee)):  # type: ignore
            return False
        try:
            v = evaluate(e)
        except ConstError:
            return False
        return v == 0 and isinstance(v, int)

    def assign_convert(self, e: T.Expr, to: CType, context: str, pos: Pos | None = None) -> T.Expr:
        """Convert `e` as if by assignment to an object of type `to`."""
        e = self.value(e)
        p = pos or e.pos
        tu = unqual(to) if to.layered else to
        et = e.type
        eu = unqual(et) if et.layered else et
        if isinstance(tu, (FloatT, ComplexT)):
            if isinstance(eu, (IntT, EnumT, FloatT, ComplexT)):
                return self.cast(e, to)
            self.sema.error(p, f"incompatible types {context} '{to}' from '{e.type}'")
            return self.cast(T.IntConst(0, INT, p), to)
        if isinstance(tu, (IntT, EnumT)):
            if isinstance(eu, (IntT, EnumT, FloatT, ComplexT)):
                return self.cast(e, to)
            if isinstance(eu, PointerT):
                if tu == BOOL:
                    return self.cast(e, to)
                self.sema.error(p, f"incompatible pointer to integer conversion {context} "
                              f"'{to}' from '{e.type}'")
                return self.cast(e, to)
        elif isinstance(tu, PointerT):
            if isinstance(eu, PointerT):
                return self.cast(e, to)
            if isinstance(eu, (IntT, EnumT)):
                if self.is_null_const(e):
                    return self.cast(e, to)
                self.sema.error(p, f"incompatible integer to pointer conversion {context} "
                              f"'{to}' from '{e.type}'")
                return self.cast(e, to)
        elif isinstance(tu, StructT) and eu is tu:
            return e
        self.sema.error(p, f"incompatible types {context} '{to}' from '{e.type}'")
        return T.IntConst(0, INT, p) if not isinstance(tu, StructT) else e
