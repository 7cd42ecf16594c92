"""Lowering of typed expressions (`tree.py`) to IR values: conditions and branches,
conversions, arithmetic, pointer arithmetic, `?:`. Only `tree.py` nodes are read here:
no pycparser, no `Sema`, no diagnostics (tests/unit/test_lowering_boundary.py); a GNU
statement expression is lowered by `statement.py`, as a block of checked statements."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from ...ir import (
    I1,
    I8,
    I32,
    I64,
    PTR,
    X80,
    Block,
    Branch,
    Const,
    FloatType,
    Global,
    Inst,
    IntType,
    Op,
    PtrType,
    Type,
    Value,
)
from .. import tree as T
from ..abi import scalar_ir_type
from ..ctype import (
    ArrayT,
    ComplexT,
    CType,
    FuncT,
    PointerT,
    StructT,
    VlaT,
    VoidT,
    as_int,
    const_volatile_atomic,
    is_atomic,
    is_bool,
    is_void,
    unqual,
)
from ..scopes import SymKind
from .state import LoweringPart, raise_internal

if TYPE_CHECKING:
    from ..atomic_builtins import AtomicExpr
    from .module import IRGen
# the comparison predicates of C's relational and equality operators
_FLOAT_PREDICATES: Final = {"==": "oeq", "!=": "une", "<": "olt", ">": "ogt", "<=": "ole",
                            ">=": "oge"}
_SIGNED_PREDICATES: Final = {"==": "eq", "!=": "ne", "<": "slt", ">": "sgt", "<=": "sle",
                             ">=": "sge"}
_UNSIGNED_PREDICATES: Final = {"==": "eq", "!=": "ne", "<": "ult", ">": "ugt", "<=": "ule",
                               ">=": "uge"}
_ARITH: Final = {"+": Op.ADD, "-": Op.SUB, "*": Op.MUL, "&": Op.AND, "|": Op.OR, "^": Op.XOR,
          "<<": Op.SHL}


# What a value of a C type class is, as the variable, member and dereference
# lowerings ask it: bits of `_kind`. While the type model (ctype.py) was pure
# Python, the compiled lowering tested its classes with `isinstance` over a tuple,
# about a thousand instructions for five classes; the answer depends on the class
# alone, so it is worked out once per class. With ctype.py compiled as well the
# `isinstance` tests cost what the table does (session 33, callgrind of -O0 -g:
# v_VarRef, v_Member and v_Deref 46.19M -> 46.27M instructions in deflate.c and
# 58.98M -> 58.86M in lvm.c without the table; ~170 a call either way), and so
# does the pure package: the table stays.
_RECORD: Final = 1     # StructT, ComplexT: an object in memory, used by its address
_ARRAY: Final = 2      # ArrayT, VlaT
_FUNCTION: Final = 4   # FuncT
_VOID: Final = 8       # VoidT
_KINDS: Final[dict[type, int]] = {}


def _kind(u: CType) -> int:
    """`u`'s bits (an unqualified type)."""
    cls = type(u)
    k = _KINDS.get(cls)
    if k is None:
        k = ((_RECORD if isinstance(u, (StructT, ComplexT)) else 0)
             | (_ARRAY if isinstance(u, (ArrayT, VlaT)) else 0)
             | (_FUNCTION if isinstance(u, FuncT) else 0)
             | (_VOID if isinstance(u, VoidT) else 0))
        _KINDS[cls] = k
    return k


def value_handlers(*parts: object) -> dict[str, Callable[[Any], Value]]:
    """`value_of`'s dispatch table: each part's `v_<node class>` methods by class name."""
    return {name[2:]: getattr(p, name) for p in parts for name in dir(p)
            if name.startswith("v_")}


class ExpressionLowering(LoweringPart):
    """Expressions to IR values: conditions, conversions, operators."""

    __slots__ = ("handlers", "by_class")

    def __init__(self, g: IRGen) -> None:
        super().__init__(g)
        self.handlers: dict[str, Callable[[Any], Value]] = {}  # set by IRGen
        self.by_class: dict[type, Callable[[Any], Value]] = {}  # the same, by class

    def branch_on(self, cond: T.Expr, then_b: Block, else_b: Block, atom: bool,
                  loop: bool = False) -> None:
        """Branch on a scalar condition; short-circuit operators become branches."""
        if isinstance(cond, T.Logical):
            mid = self.fs.new_block("land.rhs" if cond.op == "&&" else "lor.rhs")
            if cond.op == "&&":
                self.branch_on(cond.left, mid, else_b, atom, loop)
            else:
                self.branch_on(cond.left, then_b, mid, atom, loop)
            self.fs.start(mid)
            self.branch_on(cond.right, then_b, else_b, atom, loop)
            return
        if isinstance(cond, T.Unary) and cond.op == "!":
            self.branch_on(cond.operand, else_b, then_b, atom, loop)
            return
        if isinstance(cond, T.Cond):
            # `c ? a : b` as a condition branches on c, then on the arm it chose (as
            # Clang does): the test of c is the condition's first key instruction, so
            # a loop whose condition is a macro like json-c's PEEK_CHAR stops at its
            # head, not at a store in one arm (conversions of the arms to the
            # result type keep their truth)
            arms = [self.fs.new_block("cond.true"), self.fs.new_block("cond.false")]
            self.branch_on(cond.cond, arms[0], arms[1], atom, loop)
            for blk, arm in zip(arms, (cond.then, cond.els), strict=True):
                self.fs.start(blk)
                self.branch_on(arm, then_b, else_b, atom, loop)
            return
        bit = self.truth(cond)
        with self.fs.at(cond.pos):
            br = self.fs.b.branch(bit, then_b, else_b)
        if loop:
            if isinstance(bit, Inst):
                self.fs.b.add_to_new_atom(bit)
            self.fs.b.add_to_new_atom(br)
        elif atom:
            self.fs.b.add_to_new_atom(br, bit)

    def truth(self, e: T.Expr) -> Value:
        """An i1 that is true when the scalar `e` is non-zero."""
        if isinstance(e, T.Binary) and e.op in ("<", ">", "<=", ">=", "==", "!="):
            return self.compare(e)
        v = self.value_of(e)
        with self.fs.at(e.pos):
            if isinstance(v.ty, IntType) and v.ty.bits == 1:
                return v
            return self.nonzero(v)

    def compare(self, e: T.Binary) -> Value:
        lv = self.value_of(e.left)
        rv = self.value_of(e.right)
        if isinstance(lv.ty, FloatType):  # ordered, except != (true when unordered)
            with self.fs.at(e.pos):
                return self.fs.b.cmp(_FLOAT_PREDICATES[e.op], lv, rv, float_cmp=True)
        it = as_int(e.left.type)
        signed = it is not None and it.signed
        pred = (_SIGNED_PREDICATES if signed else _UNSIGNED_PREDICATES)[e.op]
        with self.fs.at(e.pos):
            return self.fs.b.cmp(pred, lv, rv)

    def value_of(self, e: T.Expr, allow_void: bool = False) -> Value:
        """Scalar rvalue (IR value) or, for struct types, the address of the value."""
        try:  # by class (the name is asked once per class)
            method = self.by_class[type(e)]
        except KeyError:
            method = self.by_class[type(e)] = self.handlers[type(e).__name__]
        return method(e)

    def addr_of(self, e: T.Expr) -> Value:
        """Address of an lvalue (or of a struct-typed temporary)."""
        match e:
            case T.VarRef():
                sym = e.sym
                if sym.ir is None:
                    if sym.file_scope or sym.kind is SymKind.FUNC:
                        return self.g.global_value(sym)
                    raise_internal(f"variable '{sym.name}' has no storage")
                return sym.ir
            case T.Deref():
                return self.value_of(e.ptr)
            case T.Member():
                base = self.addr_of(e.base)
                with self.fs.at(e.pos):
                    return self.fs.offset_ptr(base, e.offset)
            case T.StrLit():
                return self.g.string_global(e.data)
            case T.CompoundLit():
                return self.compound_literal(e)
        if isinstance(unqual(e.type), (StructT, ComplexT)):
            return self.value_of(e)
        raise_internal(f"not an lvalue: {type(e).__name__}")
        raise AssertionError

    def compound_literal(self, e: T.CompoundLit) -> Value:
        sym = e.sym
        if sym.ir is None:
            if sym.static_storage:
                g = Global(sym.link_name, max(e.type.size, 1), e.type.align, None,
                           internal=True)
                self.module.add_global(g)
                sym.ir = g
                self.g.static_locals.append((sym, e.init))
                return g
            sym.ir = self.fs.alloca(e.type.size, e.type.align, "")
        elif sym.static_storage:
            return sym.ir
            sym.ir = self.fs.alloca(e.type.size, e.type.align, "")
        self.g.inits.emit_init(sym.ir, e.init)
        return sym.ir

    def load_scalar(self, t: CType, addr: Value) -> Value:
        if not t.layered:  # no qualifier (most loads): neither atomic nor volatile
            return self.fs.b.load(scalar_ir_type(t), addr)
        _, volatile, atomic = const_volatile_atomic(t)
        if atomic:
            from .. import atomic_irgen as AI  # atomic objects are rare
            return AI.load_atomic(self.g, t, addr)
        return self.fs.b.load(scalar_ir_type(t), addr, volatile=volatile)

    def v_AtomicExpr(self, e: AtomicExpr) -> Value:
        from .. import atomic_irgen as AI  # atomic objects are rare
        return AI.lower_atomic_expr(self.g, e)

    def v_FloatConst(self, e: T.FloatConst) -> Value:
        v = e.value
        return Const(scalar_ir_type(e.type), v if isinstance(v, X80) else float(v))

    def v_IntConst(self, e: T.IntConst) -> Value:
        u = unqual(e.type)
        if isinstance(u, PointerT):
            with self.fs.at(e.pos):
                return self.fs.b.cast(Op.INTTOPTR, Const(I64, e.value), PTR)
        return Const(scalar_ir_type(e.type), e.value)

    def v_VarRef(self, e: T.VarRef) -> Value:
        t = e.type
        u = unqual(t) if t.layered else t
        addr = e.sym.ir  # `addr_of` for a variable with storage (most names read)
        if addr is None:
            addr = self.addr_of(e)
        k = _kind(u)
        if k & _RECORD and is_atomic(t):
            with self.fs.at(e.pos):
                from .. import atomic_irgen as AI  # atomic objects are rare
                return AI.copy_in(self.g, e.type, addr)
        if k & (_RECORD | _ARRAY | _FUNCTION):
            return addr
        with self.fs.at(e.pos):
            return self.load_scalar(e.type, addr)

    def v_StrLit(self, e: T.StrLit) -> Value:
        return self.g.string_global(e.data)

    def v_CompoundLit(self, e: T.CompoundLit) -> Value:
        addr = self.compound_literal(e)
        if isinstance(unqual(e.type), (StructT, ComplexT, ArrayT, VlaT)):
            return addr
        with self.fs.at(e.pos):
            return self.load_scalar(e.type, addr)

    def v_Decay(self, e: T.Decay) -> Value:
        return self.addr_of(e.operand)

    def v_AddrOf(self, e: T.AddrOf) -> Value:
        return self.addr_of(e.operand)

    # (the type is unwrapped once; an unlayered type is not atomic)
    def v_Deref(self, e: T.Deref) -> Value:
        addr = self.value_of(e.ptr)
        t = e.type
        u = unqual(t) if t.layered else t
        k = _kind(u)
        if k & _RECORD and t.layered and is_atomic(t):
            with self.fs.at(e.pos):
                from .. import atomic_irgen as AI  # atomic objects are rare
                return AI.copy_in(self.g, t, addr)
        if k & (_RECORD | _ARRAY | _FUNCTION | _VOID):
            return addr
        with self.fs.at(e.pos):
            return self.load_scalar(t, addr)

    def v_Member(self, e: T.Member) -> Value:
        if e.bits is not None:
            return self.g.assigns.bitfield_read(e)
        addr = self.addr_of(e)
        t = e.type
        u = unqual(t) if t.layered else t
        k = _kind(u)
        if k & _RECORD and t.layered and is_atomic(t):
            with self.fs.at(e.pos):
                from .. import atomic_irgen as AI  # atomic objects are rare
                return AI.copy_in(self.g, t, addr)
        if k & (_RECORD | _ARRAY):
            return addr
        with self.fs.at(e.pos):
            return self.load_scalar(t, addr)

    def v_Cast(self, e: T.Cast) -> Value:
        if is_void(e.type):
            self.g.stmts.discard(e.operand)
            return Const(I32, 0)
        v = self.value_of(e.operand)
        with self.fs.at(e.pos):
            return self.convert(v, e.operand.type, e.type)

    def convert(self, v: Value, frm: CType, to: CType) -> Value:
        """IR conversion between scalar C types (no checks: sema has done them)."""
        # (PtrType and _Bool tested without the dataclasses' __eq__, which runs
        # Python code twice to compare an IntType with PTR)
        tu = unqual(to) if to.layered else to
        fty = v.ty
        tty = scalar_ir_type(to)
        if is_bool(to):
            if isinstance(fty, IntType) and fty.bits == 8 and is_bool(frm):
                return v
            bit = self.nonzero(v)
            return self.fs.b.cast(Op.ZEXT, bit, I8)
        if isinstance(fty, FloatType) or isinstance(tty, FloatType):
            return self.convert_float(v, frm, to, tty)
        if isinstance(tu, PointerT):
            if isinstance(fty, PtrType):
                return v
            fi = as_int(frm)
            wide = v
            if isinstance(fty, IntType) and fty.bits < 64:
                wide = self.fs.b.cast(Op.SEXT if fi is not None and fi.signed else Op.ZEXT, v, I64)
            return self.fs.b.cast(Op.INTTOPTR, wide, PTR)
        assert isinstance(tty, IntType)
        if isinstance(fty, PtrType):
            iv = self.fs.b.cast(Op.PTRTOINT, v, I64)
            if tty.bits > 64:  # gcc sign-extends a pointer into a wider integer
                return self.fs.b.cast(Op.SEXT, iv, tty)
            return iv if tty.bits == 64 else self.fs.b.cast(Op.TRUNC, iv, tty)
        assert isinstance(fty, IntType)
        if fty.bits == tty.bits:
            return v
        if fty.bits > tty.bits:
            return self.fs.b.cast(Op.TRUNC, v, tty)
        fi = as_int(frm)
        signed = fi is not None and fi.signed
        if fty.bits == 1:
            signed = False
        return self.fs.b.cast(Op.SEXT if signed else Op.ZEXT, v, tty)

    def nonzero(self, v: Value) -> Value:
        """i1: `v != 0` (for floats unordered-or-unequal, so NaN is true)."""
        if isinstance(v.ty, FloatType):
            return self.fs.b.cmp("une", v, Const(v.ty, 0.0), float_cmp=True)
        return self.fs.b.cmp("ne", v, Const(v.ty, 0))

    def convert_float(self, v: Value, frm: CType, to: CType, tty: Type) -> Value:
        """Conversions with a floating side: float <-> double, integer <-> floating."""
        fty = v.ty
        if isinstance(fty, FloatType) and isinstance(tty, FloatType):
            if fty.bits == tty.bits:
                return v
            return self.fs.b.cast(Op.FPEXT if fty.bits < tty.bits else Op.FPTRUNC, v, tty)
        if isinstance(fty, FloatType):
            ti = as_int(to)
            signed = ti is None or ti.signed
            return self.fs.b.cast(Op.FPTOSI if signed else Op.FPTOUI, v, tty)
        fi = as_int(frm)
        signed = fi is not None and fi.signed and not (isinstance(fty, IntType) and fty.bits == 1)
        return self.fs.b.cast(Op.SITOFP if signed else Op.UITOFP, v, tty)

    def v_Unary(self, e: T.Unary) -> Value:
        if e.op == "!":
            bit = self.truth(e.operand)
            with self.fs.at(e.pos):
                inv = self.fs.b.binary(Op.XOR, bit, Const(I1, 1))
                return self.fs.b.cast(Op.ZEXT, inv, I32)
        v = self.value_of(e.operand)
        with self.fs.at(e.pos):
            if e.op == "-" and isinstance(v.ty, FloatType):
                return self.fs.b.cast(Op.FNEG, v, v.ty)
            if e.op == "-":
                return self.fs.b.binary(Op.SUB, Const(v.ty, 0), v)
            return self.fs.b.binary(Op.XOR, v, Const(v.ty, -1))

    def arith(self, op: str, lhs: Value, rhs: Value, t: CType) -> Value:
        if isinstance(lhs.ty, FloatType):
            fop = {"+": Op.FADD, "-": Op.FSUB, "*": Op.FMUL, "/": Op.FDIV}[op]
            return self.fs.b.binary(fop, lhs, rhs)
        it = as_int(t)
        signed = it is not None and it.signed
        if op in _ARITH:
            r = self.fs.b.binary(_ARITH[op], lhs, rhs)
            if signed and op in "+-*":  # signed overflow is undefined (unless -fwrapv)
                r.nsw = not self.opts.wrapv  # type: ignore[attr-defined]
            return r
        if op == "/":
            return self.fs.b.binary(Op.SDIV if signed else Op.UDIV, lhs, rhs)
        if op == "%":
            return self.fs.b.binary(Op.SREM if signed else Op.UREM, lhs, rhs)
        if op == ">>":
            return self.fs.b.binary(Op.ASHR if signed else Op.LSHR, lhs, rhs)
        raise_internal(f"unknown arithmetic operator {op}")
        raise AssertionError

    def v_Binary(self, e: T.Binary) -> Value:
        if e.op in ("<", ">", "<=", ">=", "==", "!="):
            bit = self.compare(e)
            with self.fs.at(e.pos):
                return self.fs.b.cast(Op.ZEXT, bit, I32)
        lv = self.value_of(e.left)
        rv = self.value_of(e.right)
        with self.fs.at(e.pos):
            return self.arith(e.op, lv, rv, e.type)

    def v_PtrArith(self, e: T.PtrArith) -> Value:
        base = self.value_of(e.ptr)
        idx = self.value_of(e.index)
        if e.vla is not None:  # pointer to a VLA: the step is its run-time size
            step = self.g.vlas.size_of(e.vla, e.pos)
            with self.fs.at(e.pos):
                off = self.fs.b.binary(Op.MUL, idx, step)
                if e.op == "-":
                    off = self.fs.b.binary(Op.SUB, Const(I64, 0), off)
                return self.fs.b.ptradd(base, off)
        with self.fs.at(e.pos):
            return self.ptr_offset(base, idx, e.scale, e.op == "-")

    def v_VlaSizeof(self, e: T.VlaSizeof) -> Value:
        return self.g.vlas.size_of(e.vla, e.pos)

    def ptr_offset(self, base: Value, idx: Value, scale: int, negate: bool) -> Value:
        if isinstance(idx, Const):
            off = Const(I64, (-1 if negate else 1) * Const(I64, idx.value).signed() * scale)
            if off.value == 0:
                return base
            return self.fs.b.ptradd(base, off)
        off_v: Value = idx
        if scale != 1:
            off_v = self.fs.b.binary(Op.MUL, idx, Const(I64, scale))
        if negate:
            off_v = self.fs.b.binary(Op.SUB, Const(I64, 0), off_v)
        return self.fs.b.ptradd(base, off_v)

    def v_PtrDiff(self, e: T.PtrDiff) -> Value:
        lv = self.value_of(e.left)
        rv = self.value_of(e.right)
        with self.fs.at(e.pos):
            li = self.fs.b.cast(Op.PTRTOINT, lv, I64)
            ri = self.fs.b.cast(Op.PTRTOINT, rv, I64)
            d = self.fs.b.binary(Op.SUB, li, ri)
        if e.vla is not None:
            size = self.g.vlas.size_of(e.vla, e.pos)
            with self.fs.at(e.pos):
                return self.fs.b.binary(Op.SDIV, d, size)
        with self.fs.at(e.pos):
            if e.scale == 1:
                return d
            return self.fs.b.binary(Op.SDIV, d, Const(I64, e.scale))

    def v_Logical(self, e: T.Logical) -> Value:
        assert self.fs.fn is not None
        rhs_b = self.fs.new_block("land.rhs" if e.op == "&&" else "lor.rhs")
        end_b = self.fs.new_block("land.end" if e.op == "&&" else "lor.end")
        res = end_b.add_param(I1)
        left = self.truth(e.left)
        short = Const(I1, 0 if e.op == "&&" else 1)
        with self.fs.at(e.pos):
            if e.op == "&&":
                br = self.fs.b.insert(Branch(left, rhs_b, end_b, (), (short,), loc=self.fs.b.loc))
            else:
                br = self.fs.b.insert(Branch(left, end_b, rhs_b, (short,), (), loc=self.fs.b.loc))
            self.fs.b.add_to_new_atom(br, left)
        self.fs.start(rhs_b)
        right = self.truth(e.right)
        with self.fs.at(e.pos):
            self.fs.b.jump(end_b, [right])
        self.fs.start(end_b)
        with self.fs.at(e.pos):
            return self.fs.b.cast(Op.ZEXT, res, I32)

    def v_Cond(self, e: T.Cond) -> Value:
        return self.cond_expr(e, want=True)

    def cond_expr(self, e: T.Cond, want: bool) -> Value:
        if want and isinstance(e.then, T.IntConst) and isinstance(e.els, T.IntConst) and \
                not isinstance(unqual(e.type), (StructT, ComplexT, VoidT)):
            # `c ? 3 : 4`: both arms are free to evaluate, so a select (as Clang does)
            bit = self.truth(e.cond)
            with self.fs.at(e.pos):
                return self.fs.b.select(bit, self.value_of(e.then), self.value_of(e.els))
        then_b = self.fs.new_block("cond.true")
        else_b = self.fs.new_block("cond.false")
        end_b = self.fs.new_block("cond.end")
        u = unqual(e.type)
        has_value = want and not isinstance(u, VoidT)
        res = end_b.add_param(PTR if isinstance(u, (StructT, ComplexT))
                              else scalar_ir_type(e.type)) \
            if has_value else None
        self.branch_on(e.cond, then_b, else_b, atom=False)
        for blk, arm in ((then_b, e.then), (else_b, e.els)):
            self.fs.start(blk)
            if has_value:
                v = self.value_of(arm)
                with self.fs.at(arm.pos):
                    self.fs.b.jump(end_b, [v])
            else:
                self.g.stmts.discard(arm)
                with self.fs.at(arm.pos):
                    self.fs.b.jump(end_b)
        self.fs.start(end_b)
        return res if res is not None else Const(I32, 0)

    def v_Reuse(self, e: T.Reuse) -> Value:
        v = self.fs.reused.get(e)
        if v is None:
            v = self.fs.reused[e] = self.value_of(e.operand)
        return v

    def v_Comma(self, e: T.Comma) -> Value:
        self.g.stmts.discard(e.left)
        return self.value_of(e.right)
