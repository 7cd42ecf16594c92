"""Unary, binary, conditional and assignment operators, with constant folding."""

from __future__ import annotations

import math

from pycparser import c_ast

from ...ir.x87float import X80
from .. import tree as T
from ..complex_sema import (
    complex_binary,
    complex_unary,
)
from ..complex_sema import operand as complex_operand
from ..complex_sema import part as complex_part
from ..complex_sema import truth as complex_truth
from ..consteval import ConstError, evaluate
from ..ctype import (
    INT,
    LONG,
    ULONG,
    VOID,
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
    as_int,
    common_arith,
    compatible,
    contains_unsupported_float,
    is_arith,
    is_const,
    is_integer,
    is_pointer,
    is_scalar,
    is_void,
    promote,
    unqual,
    usual_arith,
    wrap,
)
from ..labelvalues import label_address
from ..scopes import Pos, StorageClass, SymKind
from .common import (
    ARITH_OPS,
    CMP_OPS,
    SemaPart,
    struct_has_const,
    unsupported_float_message,
)


class OperatorChecker(SemaPart):
    """Unary, binary, conditional and assignment operators, with constant folding."""

    __slots__ = ()

    def e_UnaryOp(self, node: c_ast.UnaryOp) -> T.Expr:
        op = node.op
        p = self.sema.pos(node)
        if op == "&&":
            return label_address(self.sema, node, p)
        if op == "sizeof" or op in ("_Alignof", "__alignof__", "alignof", "__alignof"):
            return self.size_or_align(node, p)
        if op in ("++", "--", "p++", "p--"):
            return self.incdec(node, p)
        if op == "&":
            return self.address_of(node, p)
        if op == "*":
            ptr = self.sema.conv.value(self.sema.exprs.expr(node.expr))
            u = unqual(ptr.type)
            if not isinstance(u, PointerT):
                self.sema.error(p, f"indirection requires pointer operand ('{ptr.type}' invalid)")
                return self.sema.exprs.bad(p)
            if isinstance(unqual(u.pointee), FuncT):
                return ptr  # *fp is the function designator again; decays back
            return T.Deref(ptr, u.pointee, p)
        if op in ("__real__", "__imag__"):
            return complex_part(
                self.sema, op, self.sema.conv.rvalue(self.sema.exprs.expr(node.expr)), p
            )
        operand = self.sema.conv.value(self.sema.exprs.expr(node.expr))
        ou = unqual(operand.type)
        if isinstance(ou, ComplexT):
            return complex_unary(self.sema, op, operand, p)
        if op == "!":
            if not is_scalar(operand.type):
                self.sema.error(p, f"invalid argument type '{operand.type}' to unary expression "
                              "(scalar type required)")
                return self.sema.exprs.bad(p)
            if isinstance(operand, T.IntConst):
                return T.IntConst(int(operand.value == 0), INT, p)
            return T.Unary("!", operand, INT, p)
        if isinstance(ou, FloatT) and op in ("-", "+"):
            if op == "+":
                return operand
            if isinstance(operand, T.FloatConst):
                return T.FloatConst(-operand.value, operand.type, p)
            return T.Unary("-", operand, operand.type, p)
        it = as_int(operand.type)
        if it is None:
            what = "pointer" if isinstance(ou, PointerT) else "type"
            self.sema.error(
                p,
                f"invalid argument type '{operand.type}' to unary '{op}' (invalid {what} operand)",
            )
            return self.sema.exprs.bad(p)
        pt = promote(it)
        operand = self.sema.conv.cast(operand, pt)
        if op == "+":
            return operand
        if isinstance(operand, T.IntConst):
            return T.IntConst(wrap(-operand.value if op == "-" else ~operand.value, pt), pt, p)
        return T.Unary(op, operand, pt, p)

    def size_or_align(self, node: c_ast.UnaryOp, p: Pos) -> T.Expr:
        """`sizeof`, `_Alignof` and `__alignof__` of a type or an expression."""
        op = node.op
        declared = 0  # `__alignof__ var`: the variable's own alignment
        if isinstance(node.expr, c_ast.Typename):
            t = self.sema.types.resolve_type(node.expr, p)
        else:
            operand = self.sema.exprs.expr(node.expr)
            t = operand.type
            if isinstance(operand, T.Member) and operand.bits is not None:
                self.sema.error(p, f"invalid application of '{op}' to bit-field '{operand.name}'")
                return T.IntConst(1, ULONG, p)
            declared = operand.sym.align if isinstance(operand, T.VarRef) else 0
        u = unqual(t)
        if op != "sizeof":
            return T.IntConst(max(t.align, declared), ULONG, p)
        if isinstance(u, VlaT):
            return T.VlaSizeof(u, ULONG, p)
        if isinstance(u, FuncT) or (not u.complete and not isinstance(u, VoidT)):
            self.sema.error(p, f"invalid application of 'sizeof' to an incomplete type '{t}'")
            return T.IntConst(1, ULONG, p)
        return T.IntConst(t.size, ULONG, p)

    def incdec(self, node: c_ast.UnaryOp, p: Pos) -> T.Expr:
        op = node.op
        target = self.sema.exprs.expr(node.expr)
        if not self.check_modifiable(target, "increment" if "++" in op else "decrement"):
            return self.sema.exprs.bad(p)
        u = unqual(target.type)
        if isinstance(u, PointerT):
            step = 1 if isinstance(unqual(u.pointee), VlaT) else self._pointee_size(u, p)
        elif isinstance(u, (IntT, EnumT, FloatT, ComplexT)):
            step = 1
        else:
            self.sema.error(p, f"cannot increment value of type '{target.type}' (invalid type)")
            return self.sema.exprs.bad(p)
        delta = step if "++" in op else -step
        return T.IncDec(delta, not op.startswith("p"), target, p)

    def address_of(self, node: c_ast.UnaryOp, p: Pos) -> T.Expr:
        inner = self.sema.exprs.expr(node.expr)
        if isinstance(inner, T.VarRef) and inner.sym.kind is SymKind.FUNC:
            return T.AddrOf(inner, PointerT(inner.type), p)
        if not inner.lvalue:
            self.sema.error(
                p, "cannot take the address of an rvalue (lvalue required as unary '&' operand)"
            )
            return self.sema.exprs.bad(p)
        if isinstance(inner, T.VarRef) and inner.sym.storage is StorageClass.REGISTER:
            self.sema.error(p, f"address of register variable '{inner.sym.name}' requested")
        if isinstance(inner, T.Member) and inner.bits is not None:
            self.sema.error(p, f"cannot take address of bit-field '{inner.name}'")
            return self.sema.exprs.bad(p)
        return T.AddrOf(inner, PointerT(inner.type), p)

    def ptr_arith(self, op: str, ptr: T.Expr, idx: T.Expr, pt: PointerT, t: CType,
                  p: Pos) -> T.Expr:
        """`ptr op idx` scaled by the pointee size (a run-time size for a VLA pointee)."""
        if isinstance(unqual(pt.pointee), VlaT):
            return T.PtrArith(op, ptr, idx, 0, t, p, vla=unqual(pt.pointee))
        return T.PtrArith(op, ptr, idx, self._pointee_size(pt, p), t, p)

    def _pointee_size(self, pt: PointerT, p: Pos) -> int:
        u = unqual(pt.pointee)
        if isinstance(u, VlaT):
            self.sema.error(p, "this use of a pointer to a variable length array is unsupported "
                          "(only indexing and +/- an integer)")
            return 1
        if isinstance(u, (VoidT, FuncT)):
            return 1
        if not u.complete:
            self.sema.error(p, f"arithmetic on a pointer to an incomplete type '{pt.pointee}'")
            return 1
        return u.size

    def check_modifiable(self, target: T.Expr, what: str, at: Pos | None = None) -> bool:
        u = unqual(target.type)
        if not target.lvalue:
            self.sema.error(
                at or target.pos,
                f"expression is not assignable (lvalue required as {what} operand)",
            )
            return False
        if isinstance(u, (ArrayT, VlaT)):
            self.sema.error(
                target.pos,
                f"array type '{target.type}' is not assignable (lvalue required, not an array)",
            )
            return False
        if isinstance(u, FuncT):
            self.sema.error(target.pos, "function is not assignable (lvalue required)")
            return False
        if is_const(target.type) or self._const_member(target):
            name = target.sym.name if isinstance(target, T.VarRef) else ""
            what_s = f"variable '{name}'" if name else "a location"
            self.sema.error(
                target.pos,
                f"cannot assign to {what_s} with const-qualified type '{target.type}' (read-only)",
            )
            return False
        if isinstance(u, StructT) and struct_has_const(u):
            self.sema.error(target.pos, "cannot assign to a struct with a const-qualified member")
            return False
        return True

    @staticmethod
    def _const_member(e: T.Expr) -> bool:
        while isinstance(e, T.Member):
            if is_const(e.base.type):
                return True
            e = e.base
        return False

    def e_Cast(self, node: c_ast.Cast) -> T.Expr:
        p = self.sema.pos(node)
        to = self.sema.types.resolve_type(node.to_type, p)
        tu = unqual(to)
        e = self.sema.exprs.expr(node.expr)
        if isinstance(tu, VoidT):
            return T.Cast(self.sema.conv.rvalue(e), to, p, explicit=True)
        e = self.sema.conv.value(e)
        eu = unqual(e.type)
        if contains_unsupported_float(to):
            self.sema.error(p, unsupported_float_message(to))
            return self.sema.exprs.bad(p)
        if not isinstance(tu, (IntT, EnumT, PointerT, FloatT, ComplexT)):
            self.sema.error(p, f"used type '{to}' where arithmetic or pointer type is required "
                          "(invalid type conversion)")
            return self.sema.exprs.bad(p)
        if not isinstance(eu, (IntT, EnumT, PointerT, FloatT, ComplexT)):
            self.sema.error(p, f"operand of type '{e.type}' where arithmetic or pointer type is "
                          "required (invalid type conversion)")
            return self.sema.exprs.bad(p)
        if isinstance(tu, (FloatT, ComplexT)) and isinstance(eu, PointerT) or \
                isinstance(tu, PointerT) and isinstance(eu, (FloatT, ComplexT)):
            self.sema.error(p, f"cannot cast '{e.type}' to '{to}' (pointer and floating type)")
            return self.sema.exprs.bad(p)
        r = self.sema.conv.cast(e, to, explicit=True)
        if isinstance(r, T.IntConst):
            r.pos = p
            return r
        r.pos = p
        return r

    def e_BinaryOp(self, node: c_ast.BinaryOp) -> T.Expr:
        p = self.sema.operator_pos(self.sema.pos(node), node.right, node.op)
        op = node.op
        left = self.sema.conv.value(self.sema.exprs.expr(node.left))
        right = self.sema.conv.value(self.sema.exprs.expr(node.right))
        return self.binary(op, left, right, p)

    def binary(self, op: str, left: T.Expr, right: T.Expr, p: Pos) -> T.Expr:
        lt, rt = left.type, right.type
        lu = unqual(lt) if lt.layered else lt
        ru = unqual(rt) if rt.layered else rt
        # as_int of each, from the unwrapped types
        li = lu if isinstance(lu, IntT) else lu.underlying if isinstance(lu, EnumT) else None
        ri = ru if isinstance(ru, IntT) else ru.underlying if isinstance(ru, EnumT) else None
        if op in ("&&", "||"):
            for side in (left, right):
                if not is_scalar(side.type):
                    self.sema.error(
                        side.pos,
                        f"invalid operands to binary expression ('{left.type}' "
                        f"and '{right.type}'): scalar type required",
                    )
                    return self.sema.exprs.bad(p)
            r = T.Logical(
                op, complex_truth(self.sema, left), complex_truth(self.sema, right), INT, p
            )
            return self._fold(r)
        if op in ("+", "-") and (isinstance(lu, PointerT) or isinstance(ru, PointerT)):
            if isinstance(lu, PointerT) and ri is not None:
                idx = self.sema.conv.cast(right, LONG)
                return self._fold(self.ptr_arith(op, left, idx, lu, left.type, p))
            if op == "+" and isinstance(ru, PointerT) and li is not None:
                idx = self.sema.conv.cast(left, LONG)
                return self._fold(self.ptr_arith("+", right, idx, ru, right.type, p))
            if op == "-" and isinstance(lu, PointerT) and isinstance(ru, PointerT):
                if not compatible(lu.pointee, ru.pointee):
                    self.sema.error(p, f"'{left.type}' and '{right.type}' are not pointers to "
                                  "compatible types (incompatible pointer subtraction)")
                if isinstance(unqual(lu.pointee), VlaT):
                    return T.PtrDiff(left, right, 0, LONG, p, vla=unqual(lu.pointee))
                return T.PtrDiff(left, right, self._pointee_size(lu, p), LONG, p)
            self.sema.error(p, f"invalid operands to binary '{op}' ('{left.type}' and "
                          f"'{right.type}'): invalid pointer arithmetic")
            return self.sema.exprs.bad(p)
        if isinstance(lu, ComplexT) or isinstance(ru, ComplexT):
            return complex_binary(self.sema, op, left, right, p)
        if (isinstance(lu, FloatT) or isinstance(ru, FloatT)) and is_arith(left.type) \
                and is_arith(right.type) and (op in CMP_OPS or op in ("+", "-", "*", "/")):
            ct = common_arith(left.type, right.type)
            rt = INT if op in CMP_OPS else ct
            return self._fold(
                T.Binary(op, self.sema.conv.cast(left, ct), self.sema.conv.cast(right, ct), rt, p)
            )
        if op in CMP_OPS:
            if li is not None and ri is not None:
                ct = usual_arith(li, ri)
                return self._fold(
                    T.Binary(
                        op, self.sema.conv.cast(left, ct), self.sema.conv.cast(right, ct), INT, p
                    )
                )
            if isinstance(lu, PointerT) or isinstance(ru, PointerT):
                if isinstance(lu, PointerT) and isinstance(ru, PointerT):
                    return T.Binary(op, left, right, INT, p)
                ptr, other = (left, right) if isinstance(lu, PointerT) else (right, left)
                if as_int(other.type) is not None:
                    if not self.sema.conv.is_null_const(other) and op not in ("==", "!="):
                        pass  # gcc: warning only (comparison between pointer and integer)
                    conv = self.sema.conv.cast(other, ptr.type)
                    if ptr is left:
                        return T.Binary(op, left, conv, INT, p)
                    return T.Binary(op, conv, right, INT, p)
            self.sema.error(p, f"invalid operands to binary '{op}' ('{left.type}' and "
                          f"'{right.type}'): incompatible types")
            return self.sema.exprs.bad(p)
        if op in ARITH_OPS:
            if li is None or ri is None:
                kind = "pointer" if isinstance(lu, PointerT) or isinstance(ru, PointerT) \
                    else "type"
                self.sema.error(p, f"invalid operands to binary '{op}' ('{left.type}' and "
                              f"'{right.type}'): invalid {kind} operand")
                return self.sema.exprs.bad(p)
            if op in ("<<", ">>"):
                lt = promote(li)
                return self._fold(
                    T.Binary(
                        op, self.sema.conv.cast(left, lt), self.sema.conv.cast(right, lt), lt, p
                    )
                )
            ct = usual_arith(li, ri)
            return self._fold(
                T.Binary(op, self.sema.conv.cast(left, ct), self.sema.conv.cast(right, ct), ct, p)
            )
        self.sema.error(p, f"unsupported binary operator '{op}'")
        return self.sema.exprs.bad(p)

    def _fold(self, e: T.Expr) -> T.Expr:
        """Fold integer constant subexpressions (as clang does even at -O0), and
        floating arithmetic on two floating constants."""
        if isinstance(e, T.Binary) and as_float(e.type) is not None:
            if isinstance(e.left, T.FloatConst) and isinstance(e.right, T.FloatConst):
                v = evaluate(e)
                # an invalid operation is left to run time: gcc computes it there
                # (x86's NaN is negative, a folded one would not be)
                if isinstance(v, float) and not math.isnan(v) or \
                        isinstance(v, X80) and not v.is_nan():
                    return T.FloatConst(v, e.type, e.pos)
            return e
        if not is_integer(e.type):
            return e
        if isinstance(e, T.Binary) and e.op in ("/", "%"):
            try:
                rv = evaluate(e.right)
            except ConstError:
                return e
            if rv == 0:
                return e  # keep the trap at run time; constant contexts report it
        if isinstance(e, T.Binary) and not (isinstance(e.left, T.IntConst)
                                            and isinstance(e.right, T.IntConst)):
            return e
        if isinstance(e, T.Logical) and not isinstance(e.left, T.IntConst):
            return e
        try:
            v = evaluate(e)
        except ConstError:
            return e
        if isinstance(v, int):
            return T.IntConst(v, e.type, e.pos)
        return e

    def e_TernaryOp(self, node: c_ast.TernaryOp) -> T.Expr:
        p = self.sema.pos(node)
        c = self.sema.conv.value(self.sema.exprs.expr(node.cond))
        if not is_scalar(c.type):
            self.sema.error(c.pos, f"used type '{c.type}' where scalar is required (invalid type)")
            return self.sema.exprs.bad(p)
        if node.iftrue is not None:
            c = complex_truth(self.sema, c)
        elif isinstance(unqual(c.type), ComplexT):
            self.sema.error(
                c.pos, f"'?:' with the middle operand omitted is unsupported for '{c.type}'"
            )
            return self.sema.exprs.bad(p)
        if node.iftrue is None:  # GNU `c ?: b`: c once, as the condition and the value
            c = T.Reuse(c)
            a: T.Expr = c
        else:
            a = self.sema.conv.rvalue(self.sema.exprs.expr(node.iftrue))
        b = self.sema.conv.rvalue(self.sema.exprs.expr(node.iffalse))
        au, bu = unqual(a.type), unqual(b.type)
        ai, bi = as_int(a.type), as_int(b.type)
        t: CType
        if ai is not None and bi is not None:
            t = usual_arith(ai, bi)
            a, b = self.sema.conv.cast(a, t), self.sema.conv.cast(b, t)
        elif is_arith(a.type) and is_arith(b.type):  # at least one floating arm
            t = common_arith(a.type, b.type)
            a, b = self.sema.conv.cast(a, t), self.sema.conv.cast(b, t)
        elif isinstance(au, VoidT) or isinstance(bu, VoidT):
            t = VOID
        elif isinstance(au, StructT) and au is bu:
            t = a.type
        elif isinstance(au, PointerT) and isinstance(bu, PointerT):
            if is_void(au.pointee):
                t = a.type
            elif is_void(bu.pointee):
                t = b.type
            else:
                t = a.type
            b = self.sema.conv.cast(b, t)
        elif isinstance(au, PointerT) and bi is not None:
            t = a.type
            b = self.sema.conv.cast(b, t)
        elif isinstance(bu, PointerT) and ai is not None:
            t = b.type
            a = self.sema.conv.cast(a, t)
        else:
            self.sema.error(
                p,
                f"incompatible operand types ('{a.type}' and '{b.type}') in conditional expression",
            )
            return self.sema.exprs.bad(p)
        if isinstance(c, T.IntConst) and not isinstance(unqual(t), StructT):
            return a if c.value else b
        return T.Cond(c, a, b, t, p)

    def e_Assignment(self, node: c_ast.Assignment) -> T.Expr:
        p = self.sema.operator_pos(self.sema.pos(node), node.rvalue, node.op)
        target = self.sema.exprs.expr(node.lvalue)
        value = self.sema.exprs.expr(node.rvalue)
        if not self.check_modifiable(
            target, "left" if node.op == "=" else "compound assignment", p
        ):
            return self.sema.exprs.bad(p)
        if node.op == "=":
            v = self.sema.conv.assign_convert(value, target.type, "assigning to", p)
            return T.Assign(target, v, p)
        op = node.op[:-1]
        value = self.sema.conv.value(value)
        tu = unqual(target.type)
        ti, vi = as_int(target.type), as_int(value.type)
        if isinstance(tu, PointerT) and op in ("+", "-") and vi is not None:
            return T.CompoundAssign(op, target, self.sema.conv.cast(value, LONG), target.type,
                                    1 if isinstance(unqual(tu.pointee), VlaT)
                                    else self._pointee_size(tu, p), p)
        if (isinstance(tu, ComplexT) or isinstance(unqual(value.type), ComplexT)) and \
                is_arith(target.type) and is_arith(value.type) and op in ("+", "-", "*", "/"):
            ot = common_arith(target.type, value.type)
            assert isinstance(ot, ComplexT)
            return T.CompoundAssign(op, target, complex_operand(self.sema, value, ot), ot, 0, p)
        if (isinstance(tu, FloatT) or as_float(value.type) is not None) and \
                is_arith(target.type) and is_arith(value.type) and op in ("+", "-", "*", "/"):
            ot = common_arith(target.type, value.type)
            return T.CompoundAssign(op, target, self.sema.conv.cast(value, ot), ot, 0, p)
        if ti is None or vi is None:
            kind = "pointer" if isinstance(tu, PointerT) or is_pointer(value.type) else "type"
            self.sema.error(p, f"invalid operands to '{node.op}' ('{target.type}' and "
                          f"'{value.type}'): invalid {kind} operand")
            return self.sema.exprs.bad(p)
        if op in ("<<", ">>"):
            ot = promote(ti)
        else:
            ot = usual_arith(ti, vi)
        return T.CompoundAssign(op, target, self.sema.conv.cast(value, ot), ot, 0, p)
