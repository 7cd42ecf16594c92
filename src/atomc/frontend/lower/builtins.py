"""Lowering of calls (ABI classification of arguments and results), of the builtins
that are not library calls, and of `va_arg`."""

from __future__ import annotations

from ...ir import (
    I32,
    I64,
    PTR,
    VOID,
    Alloca,
    Const,
    InlineAsm,
    IntType,
    Op,
    TupleType,
    Type,
    Value,
    is_x87,
)
from .. import tree as T
from ..abi import ArgKind
from ..complex_gen import complex_sse_registers
from ..ctype import (
    ComplexT,
    FloatT,
    FuncT,
    StructT,
    contains_long_double,
    unqual,
)
from .state import LoweringPart


class CallLowering(LoweringPart):
    """Calls, builtins and `va_arg`."""

    __slots__ = ()

    def v_Call(self, e: T.Call) -> Value:
        if e.builtin:
            return self.builtin(e)
        ft = e.ftype
        assert isinstance(ft, FuncT)
        nparams = len(ft.params)
        abi = self.g.abis.of(ft, [a.type for a in e.args[nparams:]]
                             if len(e.args) > nparams else None)
        assert e.callee is not None  # only a builtin call has no callee expression
        callee = self.g.exprs.value_of(e.callee)
        args: list[Value] = []
        byval: list[tuple[int, int] | None] = []
        result_tmp: Value | None = None
        copies: list[Alloca] = []
        escapes = self.fs.call_temps_escape(callee)
        if abi.sret:
            result_tmp = self.fs.temporary(ft.ret.size, ft.ret.align, escapes=escapes)
            args.append(result_tmp)
            byval.append(None)
        fixed: int | None = None
        # gcc evaluates arguments right to left; matching it keeps programs whose output
        # depends on that unspecified order (and the step order into nested calls) alike.
        values = [self.g.exprs.value_of(a) for a in reversed(e.args)][::-1]
        for i, a in enumerate(e.args):
            if ft.variadic and i == nparams:
                fixed = len(args)
            pa = abi.params[i]
            v = values[i]
            with self.fs.at(a.pos):
                if pa.kind is ArgKind.DIRECT:
                    args.append(self.widen_narrow(v, pa.ext))
                    byval.append(None)
                elif pa.kind is ArgKind.PIECES:
                    size = max(a.type.size, 8 * len(pa.types))
                    tmp = self.fs.temporary(size, max(a.type.align, 8))
                    self.fs.b.memcpy(tmp, v, a.type.size, a.type.align)
                    for k, pt in enumerate(pa.types):
                        args.append(self.fs.b.load(pt, self.fs.offset_ptr(tmp, pa.piece_offset(k))))
                        byval.append(None)
                    self.fs.release(tmp)  # its pieces are loaded
                elif pa.kind is ArgKind.BYVAL:
                    tmp = self.fs.temporary(pa.size, pa.align, escapes=escapes)
                    self.fs.b.memcpy(tmp, v, a.type.size, a.type.align)
                    args.append(tmp)
                    byval.append((pa.size, pa.align))
                    copies.append(tmp)
        if ft.variadic and fixed is None:
            fixed = len(args)
        rets = abi.ir_rets()
        ret_ty: Type
        if abi.sret:
            ret_ty = PTR
        elif len(rets) == 0:
            ret_ty = VOID
        elif len(rets) == 1:
            ret_ty = rets[0]
        else:
            ret_ty = TupleType(tuple(rets))
        with self.fs.at(e.pos):
            call = self.fs.b.call(callee, args, ret_ty, fixed_args=fixed,
                               byval=byval if byval.count(None) != len(byval) else None)
            for tmp in copies:  # the call has copied them to its stack arguments
                self.fs.release(tmp)
            kind = abi.ret.kind
            if kind is ArgKind.SRET:
                assert result_tmp is not None  # made above for every sret call
                return result_tmp
            if kind is ArgKind.PIECES:
                tmp = self.fs.temporary(max(ft.ret.size, 8 * len(rets)), max(ft.ret.align, 8))
                if len(rets) == 1:
                    self.fs.b.store(call, tmp)
                else:
                    for k in range(len(rets)):
                        self.fs.b.store(self.fs.b.extract(call, k),
                                     self.fs.offset_ptr(tmp, abi.ret.piece_offset(k)))
                return tmp
            if kind is ArgKind.VOID:
                return Const(I32, 0)
            if abi.ret.narrow is not None:
                return self.fs.b.cast(Op.TRUNC, call, abi.ret.narrow)
            return call

    def widen_narrow(self, v: Value, ext: Op | None) -> Value:
        """A char/short/_Bool value extended to the i32 it travels in (see ArgABI.ext)."""
        if ext is None:
            return v
        return self.fs.b.cast(ext, v, I32)

    def builtin(self, e: T.Call) -> Value:
        if e.builtin == "alloca":  # lives until the function returns (no stack restore)
            size = self.g.exprs.value_of(e.args[0])
            with self.fs.at(e.pos):
                return self.fs.b.dynalloca(size, 16)
        if e.builtin == "signbit":  # the sign bit of a float, read through its bits
            x = self.g.exprs.value_of(e.args[0])
            with self.fs.at(e.pos):
                if is_x87(x.ty):
                    from ..longdouble import x87_signbit

                    return self.fs.b.cast(Op.ZEXT, x87_signbit(self.g, x), I32)
                bits = self.fs.b.cast(Op.BITCAST, x, IntType(x.ty.bits))  # type: ignore[union-attr]
                neg = self.fs.b.cmp("slt", bits, Const(bits.ty, 0))
                return self.fs.b.cast(Op.ZEXT, neg, I32)
        # the typed builtins' lowering waits for the first builtin call
        from ..builtin_ir import copysign, lower_typed_builtin

        if e.builtin == "copysign":
            x, y = self.g.exprs.value_of(e.args[0]), self.g.exprs.value_of(e.args[1])
            with self.fs.at(e.pos):
                return copysign(self.g, x, y)
        typed = lower_typed_builtin(self.g, e)
        if typed is not None:
            return typed
        if e.builtin in ("clz", "ctz", "ffs", "parity"):
            x = self.g.exprs.value_of(e.args[0])
            with self.fs.at(e.pos):
                return self.bit_builtin(e.builtin, x)
        with self.fs.at(e.pos):
            if e.builtin == "va_start":
                ap = self.g.exprs.value_of(e.args[0])
                self.fs.b.va_start(ap)
            elif e.builtin == "va_copy":
                dst = self.g.exprs.value_of(e.args[0])
                src = self.g.exprs.value_of(e.args[1])
                self.fs.b.memcpy(dst, src, 24, 8)
            elif e.builtin == "va_end":
                self.g.exprs.value_of(e.args[0])
            elif e.builtin == "unreachable":
                self.fs.b.unreachable()
                self.fs.ensure_open()
            elif e.builtin == "trap":  # ud2, as gcc: a volatile asm no pass may remove
                self.fs.b.insert(InlineAsm("ud2", [], [], [], VOID, loc=self.fs.b.loc,
                                        side_effects=True))
                self.fs.b.unreachable()
                self.fs.ensure_open()
        return Const(I32, 0)

    def bit_builtin(self, kind: str, x: Value) -> Value:
        """`__builtin_clz/ctz/ffs/parity` of an i32 or i64, as an i32."""
        b = self.fs.b
        ty = x.ty
        assert isinstance(ty, IntType)
        if kind == "parity":  # fold the word onto its low nibble, then look the nibble up
            if ty.bits == 64:
                x = b.cast(Op.TRUNC, b.binary(Op.XOR, x, b.binary(Op.LSHR, x, Const(ty, 32))),
                           I32)
            for sh in (16, 8, 4):
                x = b.binary(Op.XOR, x, b.binary(Op.LSHR, x, Const(I32, sh)))
            nib = b.binary(Op.AND, x, Const(I32, 15))
            return b.binary(Op.AND, b.binary(Op.LSHR, Const(I32, 0x6996), nib), Const(I32, 1))
        r = b.cast(Op.CLZ if kind == "clz" else Op.CTZ, x, ty)
        if ty.bits == 64:
            r = b.cast(Op.TRUNC, r, I32)
        if kind != "ffs":
            return r
        # ffs: 0 for 0, else one more than the number of trailing zeros
        is_zero = b.cmp("eq", x, Const(ty, 0))
        return b.select(is_zero, Const(I32, 0), b.binary(Op.ADD, r, Const(I32, 1)))

    def v_VaArg(self, e: T.VaArg) -> Value:
        from ..longdouble import va_overflow  # few functions read variable arguments

        ap = self.g.exprs.value_of(e.ap)
        t = e.type
        u = unqual(t)
        size = t.size
        with self.fs.at(e.pos):
            if isinstance(u, StructT) and size > 16 or contains_long_double(u):
                addr = va_overflow(self.g, ap, size, t.align)  # MEMORY and X87 classes
            else:
                need = 8 * max(1, (size + 7) // 8)
                limit = 48  # the register save area: 6 GPRs, then 8 XMMs of 16 bytes
                gp_off_addr = ap
                if isinstance(u, FloatT) or complex_sse_registers(u):  # fp_offset, 16 per reg
                    need, limit = 16 * max(1, complex_sse_registers(u)), 176
                    gp_off_addr = self.fs.offset_ptr(ap, 4)
                reg_b = self.fs.new_block("vaarg.reg")
                mem_b = self.fs.new_block("vaarg.mem")
                end_b = self.fs.new_block("vaarg.end")
                addr_p = end_b.add_param(PTR)
                gp = self.fs.b.load(I32, gp_off_addr)
                fits = self.fs.b.cmp("ule", gp, Const(I32, limit - need))
                self.fs.b.branch(fits, reg_b, mem_b)
                self.fs.start(reg_b)
                save = self.fs.b.load(PTR, self.fs.offset_ptr(ap, 16))
                gp64 = self.fs.b.cast(Op.ZEXT, gp, I64)
                raddr: Value = self.fs.b.ptradd(save, gp64)
                if isinstance(u, ComplexT):  # the halves sit in separate registers' slots
                    raddr = self.g.cplx.complex_va_arg(ap, u, raddr, complex_sse_registers(u))
                moved = self.fs.b.binary(Op.ADD, gp, Const(I32, need))
                # `ap` moving on is an assignment of its own (va_overflow's too)
                self.fs.b.add_to_new_atom(self.fs.b.store(moved, gp_off_addr), moved)
                self.fs.b.jump(end_b, [raddr])
                self.fs.start(mem_b)
                maddr = va_overflow(self.g, ap, size, t.align)
                self.fs.b.jump(end_b, [maddr])
                self.fs.start(end_b)
                addr = addr_p
            if isinstance(u, (StructT, ComplexT)):
                tmp = self.fs.temporary(size, u.align)
                self.fs.b.memcpy(tmp, addr, size, 1)
                return tmp
            return self.g.exprs.load_scalar(t, addr)
