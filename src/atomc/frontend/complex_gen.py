"""IR for `_Complex` values (`ComplexLowering`, held by IRGen): complex values live in memory.

A complex-typed expression evaluates to the address of its two halves (like a
struct), so assignment, argument passing and returns reuse the aggregate
paths. Operations load the halves, compute on them with ordinary float
instructions and store the result to a fresh stack temporary; SROA and
mem2reg turn those into registers at -O1 and above.

Multiplication of two complex values follows gcc: at -O0 a call to libgcc's
`__mulsc3`/`__muldc3`/`__mulxc3`; optimised, the inline `ac - bd`, `ad + bc`,
with the library call only when both results are NaN-unordered (the values
are then the library's, whose checks recover infinities), as gcc -O2 does.
Division always calls `__divsc3`/`__divdc3`/`__divxc3`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..ir import I8, I32, Branch, Const, Op, TupleType, Value
from ..optlevel import function_level
from . import tree as T
from .abi import func_abi, scalar_ir_type
from .complex_sema import (
    ComplexBinary,
    ComplexCast,
    ComplexCompare,
    ComplexConst,
    ComplexPair,
    ComplexUnary,
)
from .ctype import BOOL, LDOUBLE, ComplexT, CType, FloatT, FuncT, as_complex, as_int, unqual
from .lower.state import LoweringPart

if TYPE_CHECKING:
    pass

Parts = tuple[Value, Value | None]  # (real, imaginary); None: a real operand

_SUFFIX = {4: "s", 8: "d", 16: "x"}


class ComplexLowering(LoweringPart):
    """Complex arithmetic on pairs of float halves."""

    __slots__ = ()

    def load_halves(self, addr: Value, ct: ComplexT) -> tuple[Value, Value]:
        ty = scalar_ir_type(ct.base)
        return self.fs.b.load(ty, addr), self.fs.b.load(ty, self.fs.offset_ptr(addr, ct.base.size))

    def halves(self, e: T.Expr) -> Parts:
        """The halves of a complex operand, or (value, None) for a real one."""
        ct = as_complex(e.type)
        if ct is None:
            return self.g.exprs.value_of(e), None
        addr = self.g.exprs.value_of(e)
        with self.fs.at(e.pos):
            return self.load_halves(addr, ct)

    def make_complex(self, re: Value, im: Value, ct: ComplexT) -> Value:
        tmp = self.fs.temporary(ct.size, ct.align)
        self.fs.b.store(re, tmp)
        self.fs.b.store(im, self.fs.offset_ptr(tmp, ct.base.size))
        return tmp

    def zero(self, base: FloatT) -> Value:
        return Const(scalar_ir_type(base), 0.0)

    def v_ComplexConst(self, e: ComplexConst) -> Value:
        ct = unqual(e.type)
        assert isinstance(ct, ComplexT)
        ty = scalar_ir_type(ct.base)
        with self.fs.at(e.pos):
            return self.make_complex(Const(ty, e.value.re), Const(ty, e.value.im), ct)

    def v_ComplexBinary(self, e: ComplexBinary) -> Value:
        ct = unqual(e.type)
        assert isinstance(ct, ComplexT)
        a = self.halves(e.left)
        b = self.halves(e.right)
        with self.fs.at(e.pos):
            re, im = self.complex_arith(e.op, a, b, ct)
            return self.make_complex(re, im, ct)

    def complex_arith(self, op: str, a: Parts, b: Parts, ct: ComplexT) -> tuple[Value, Value]:
        """`a op b` on halves, with gcc's treatment of real operands."""
        bld = self.fs.b
        fop = {"+": Op.FADD, "-": Op.FSUB, "*": Op.FMUL, "/": Op.FDIV}[op]
        (ar, ai), (br, bi) = a, b
        if op in ("+", "-"):
            re = bld.binary(fop, ar, br)
            if ai is not None and bi is not None:
                return re, bld.binary(fop, ai, bi)
            if ai is not None:
                return re, ai
            assert bi is not None
            return re, bi if op == "+" else bld.cast(Op.FNEG, bi, bi.ty)
        if op == "*" and (ai is None or bi is None):
            k, (zr, zi) = (ar, (br, bi)) if ai is None else (br, (ar, ai))
            return bld.binary(Op.FMUL, zr, k), bld.binary(Op.FMUL, zi, k)  # type: ignore[arg-type]
        if op == "/" and bi is None:
            assert ai is not None
            return bld.binary(Op.FDIV, ar, br), bld.binary(Op.FDIV, ai, br)
        ai = ai if ai is not None else self.zero(ct.base)
        bi = bi if bi is not None else self.zero(ct.base)
        if op == "/":
            return self.libgcc("div", ct, [ar, ai, br, bi])
        if self.fs.fn is not None and function_level(self.fs.fn.attrs, self.opts)[0] == 0:
            return self.libgcc("mul", ct, [ar, ai, br, bi])
        return self.inline_multiply(ar, ai, br, bi, ct)

    def inline_multiply(self, a: Value, b: Value, c: Value, d: Value,
                        ct: ComplexT) -> tuple[Value, Value]:
        """(a+bi)(c+di) as gcc -O2 computes it: the plain formula, and libgcc's
        `__mul?c3` when the result is unordered (NaN parts to recover)."""
        bld = self.fs.b
        x = bld.binary(Op.FSUB, bld.binary(Op.FMUL, a, c), bld.binary(Op.FMUL, b, d))
        y = bld.binary(Op.FADD, bld.binary(Op.FMUL, a, d), bld.binary(Op.FMUL, b, c))
        slow = self.fs.new_block("cmul.nan")
        done = self.fs.new_block("cmul.end")
        ty = x.ty
        pr, pi = done.add_param(ty), done.add_param(ty)
        unordered = bld.cmp("uno", x, y, float_cmp=True)
        bld.insert(Branch(unordered, slow, done, (), (x, y), loc=bld.loc))
        self.fs.start(slow)
        sr, si = self.libgcc("mul", ct, [a, b, c, d])
        bld.jump(done, [sr, si])
        self.fs.start(done)
        return pr, pi

    def libgcc(self, what: str, ct: ComplexT, args: list[Value]) -> tuple[Value, Value]:
        """A call to libgcc's `__<what><s|d|x>c3(a, b, c, d)`, returning the halves."""
        name = f"__{what}{_SUFFIX[ct.base.size]}c3"
        ft = FuncT(ct, (ct.base,) * 4)
        fn = self.module.functions.get(name) or self.g.new_function(name, ft, False)
        rets = func_abi(ft).ret.types
        ret_ty = rets[0] if len(rets) == 1 else TupleType(tuple(rets))
        call = self.fs.b.call(fn, args, ret_ty)
        tmp = self.fs.temporary(max(ct.size, 8), max(ct.align, 8))
        if len(rets) == 1:  # _Complex float: both halves packed in one SSE eightbyte
            self.fs.b.store(call, tmp)
        else:
            step = 16 if ct.base == LDOUBLE else 8
            for k in range(2):
                self.fs.b.store(self.fs.b.extract(call, k), self.fs.offset_ptr(tmp, step * k))
        return self.load_halves(tmp, ct)

    def v_ComplexPair(self, e: ComplexPair) -> Value:
        ct = unqual(e.type)
        assert isinstance(ct, ComplexT)
        re = self.g.exprs.value_of(e.re)
        im = self.g.exprs.value_of(e.im)
        with self.fs.at(e.pos):
            return self.make_complex(re, im, ct)

    def v_ComplexUnary(self, e: ComplexUnary) -> Value:
        ct = unqual(e.type)
        assert isinstance(ct, ComplexT)
        re, im = self.halves(e.operand)
        assert im is not None
        with self.fs.at(e.pos):
            if e.op == "-":
                re = self.fs.b.cast(Op.FNEG, re, re.ty)
            im = self.fs.b.cast(Op.FNEG, im, im.ty)
            return self.make_complex(re, im, ct)

    def v_ComplexCompare(self, e: ComplexCompare) -> Value:
        ar, ai = self.halves(e.left)
        br, bi = self.halves(e.right)
        with self.fs.at(e.pos):
            z = self.zero(e.ctype.base)
            pred = "oeq" if e.op == "==" else "une"
            r = self.fs.b.cmp(pred, ar, br, float_cmp=True)
            i = self.fs.b.cmp(pred, ai if ai is not None else z, bi if bi is not None else z,
                           float_cmp=True)
            both = self.fs.b.binary(Op.AND if e.op == "==" else Op.OR, r, i)
            return self.fs.b.cast(Op.ZEXT, both, I32)

    def v_ComplexCast(self, e: ComplexCast) -> Value:
        src, dst = unqual(e.operand.type), unqual(e.type)
        if isinstance(src, ComplexT):
            re, im = self.halves(e.operand)
            assert im is not None
            with self.fs.at(e.pos):
                if isinstance(dst, ComplexT):
                    return self.make_complex(self.g.exprs.convert(re, src.base, dst.base),
                                             self.g.exprs.convert(im, src.base, dst.base), dst)
                if as_int(dst) == BOOL:
                    z = self.zero(src.base)
                    nz = self.fs.b.binary(Op.OR, self.fs.b.cmp("une", re, z, float_cmp=True),
                                       self.fs.b.cmp("une", im, z, float_cmp=True))
                    return self.fs.b.cast(Op.ZEXT, nz, I8)
                return self.g.exprs.convert(re, src.base, dst)
        assert isinstance(dst, ComplexT)
        v = self.g.exprs.value_of(e.operand)
        with self.fs.at(e.pos):
            return self.make_complex(self.g.exprs.convert(v, src, dst.base),
                                     self.zero(dst.base), dst)

    def complex_compound(self, e: T.CompoundAssign, dst: Value, rhs_value: Value) -> Value:
        """`target op= rhs` computed in complex type `e.optype` (target or rhs complex);
        `rhs_value` is the already evaluated right operand."""
        ot = unqual(e.optype)
        assert isinstance(ot, ComplexT)
        tt = unqual(e.target.type)
        with self.fs.at(e.pos):
            rc = as_complex(e.rhs.type)
            rhs: Parts = self.load_halves(rhs_value, rc) if rc is not None else (rhs_value, None)
            if isinstance(tt, ComplexT):
                ore, oim = self.load_halves(dst, tt)
                assert oim is not None  # a complex object has both halves
                old: Parts = (self.g.exprs.convert(ore, tt.base, ot.base),
                              self.g.exprs.convert(oim, tt.base, ot.base))
            else:
                v = self.fs.b.load(scalar_ir_type(tt), dst)
                old = (self.g.exprs.convert(v, tt, ot.base), None)
            re, im = self.complex_arith(e.op, old, rhs, ot)
            if isinstance(tt, ComplexT):
                nre, nim = (
                    self.g.exprs.convert(re, ot.base, tt.base),
                    self.g.exprs.convert(im, ot.base, tt.base),
                )
                st = self.fs.b.store(nre, dst)
                self.fs.b.add_to_atom(st, nre)
                st = self.fs.b.store(nim, self.fs.offset_ptr(dst, tt.base.size))
                self.fs.b.add_to_atom(st, nim)
                return dst
            new = self.g.exprs.convert(re, ot.base, tt)
            st = self.fs.b.store(new, dst)
            self.fs.b.add_to_atom(st, new)
            return new

    def complex_incdec(self, e: T.IncDec, dst: Value, ct: ComplexT) -> Value:
        """`++z`, `z--`: the real half moves by one; the result is a copy."""
        with self.fs.at(e.pos):
            re, im = self.load_halves(dst, ct)
            new = self.fs.b.binary(Op.FADD, re, Const(re.ty, float(e.delta)))
            result = self.make_complex(new if e.prefix else re, im, ct)
            st = self.fs.b.store(new, dst)
            self.fs.b.add_to_atom(st, new)
            return result

    def complex_va_arg(self, ap: Value, ct: ComplexT, fp_area: Value, regs: int) -> Value:
        """Copy a `_Complex float` (one SSE eightbyte) or `_Complex double` (two) read
        from the register save area at `fp_area` (16 bytes per register)."""
        tmp = self.fs.temporary(ct.size, ct.align)
        if regs == 1:
            self.fs.b.memcpy(tmp, fp_area, ct.size, 1)
        else:
            for k in range(2):
                v = self.fs.b.load(scalar_ir_type(ct.base), self.fs.offset_ptr(fp_area, 16 * k))
                self.fs.b.store(v, self.fs.offset_ptr(tmp, ct.base.size * k))
        return tmp


def complex_sse_registers(t: CType) -> int:


    """SSE registers a `_Complex float`/`double` argument takes (0: passed in memory)."""
    ct = as_complex(t)
    if ct is None or ct.base == LDOUBLE:
        return 0
    return 1 if ct.base.size == 4 else 2
