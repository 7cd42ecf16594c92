"""Lowering of assignments, compound assignments and `++`/`--`, bit-fields included."""

from __future__ import annotations

from typing import Any

from ...ir import (
    I8,
    I64,
    Binary,
    Const,
    FloatType,
    Op,
    Value,
)
from .. import tree as T
from ..abi import scalar_ir_type
from ..ctype import (
    BOOL,
    ComplexT,
    CType,
    PointerT,
    StructT,
    as_int,
    is_atomic,
    is_volatile,
    unqual,
)
from ..scopes import Pos
from ..vla import vla_pointee
from .state import LoweringPart


class AssignLowering(LoweringPart):
    """Assignments, compound assignments, ++/-- and bit-fields."""

    __slots__ = ()

    def v_Assign(self, e: T.Assign) -> Value:
        return self.emit_assignlike(e, want=True)

    def v_CompoundAssign(self, e: T.CompoundAssign) -> Value:
        return self.emit_assignlike(e, want=True)

    def v_IncDec(self, e: T.IncDec) -> Value:
        return self.emit_assignlike(e, want=True)

    def emit_assignlike(self, e: T.Expr, want: bool) -> Value:
        with self.fs.b.atom_group():
            if isinstance(e, T.Assign):
                return self.emit_assign(e)
            if isinstance(e, T.CompoundAssign):
                return self.emit_compound(e)
            assert isinstance(e, T.IncDec)
            return self.emit_incdec(e)

    def bitfield_unit(self, e: T.Member) -> Value:
        base = self.g.exprs.addr_of(e.base)
        with self.fs.at(e.pos):
            return self.fs.offset_ptr(base, e.bits.unit_offset)

    def bitfield_read(self, e: T.Member) -> Value:
        addr = self.bitfield_unit(e)
        from .. import bitaccess as BA  # bit-fields only

        with self.fs.at(e.pos):
            unit = BA.load_unit(self.fs.b, addr, e.bits, is_volatile(e.type))
            return BA.extract(self.fs.b, unit, e.bits, scalar_ir_type(e.type))  # type: ignore

    def bitfield_fetch(self, e: T.Member, pos: Pos) -> tuple[Value, bool, Value, Value]:
        """For a read-modify-write of a bit-field: (unit address, volatile, unit, value)."""
        addr = self.bitfield_unit(e)
        vol = is_volatile(e.type)
        from .. import bitaccess as BA  # bit-fields only

        with self.fs.at(pos):
            unit = BA.load_unit(self.fs.b, addr, e.bits, vol)
            return addr, vol, unit, BA.extract(self.fs.b, unit, e.bits,
                                               scalar_ir_type(e.type))  # type: ignore[arg-type]

    def bitfield_write(self, addr: Value, acc: Any, v: Value, volatile: bool,
                       old: Value | None = None) -> Value:
        """Store `v` into the field whose unit is at `addr` (`old`: the unit, if already
        loaded); returns the value the field now holds, extended to v's type."""
        from .. import bitaccess as BA  # bit-fields only

        for st in BA.write_field(self.fs.b, addr, acc, v, volatile, old):
            self.fs.b.add_to_atom(st, v)
        return BA.truncated(self.fs.b, v, acc)

    def emit_assign(self, e: T.Assign) -> Value:
        u = unqual(e.target.type)
        tgt = e.target
        if isinstance(tgt, T.Member) and tgt.bits is not None:
            v = self.g.exprs.value_of(e.value)
            addr = self.bitfield_unit(tgt)
            with self.fs.at(e.pos):
                return self.bitfield_write(addr, tgt.bits, v, is_volatile(tgt.type))
        if isinstance(u, (StructT, ComplexT)):
            src = self.g.exprs.value_of(e.value)
            dst = self.g.exprs.addr_of(e.target)
            with self.fs.at(e.pos):
                if is_atomic(e.target.type):
                    from .. import atomic_irgen as AI  # atomic objects are rare
                    self.fs.b.add_to_atom(AI.store_aggregate(self.g, e.target.type, dst, src))
                    return dst
                mc = self.fs.b.memcpy(dst, src, u.size, u.align,
                                   volatile=is_volatile(e.target.type))
                self.fs.b.add_to_atom(mc)
            return dst
        v = self.g.exprs.value_of(e.value)
        dst = self.g.exprs.addr_of(e.target)
        with self.fs.at(e.pos):
            if is_atomic(e.target.type):
                from .. import atomic_irgen as AI  # atomic objects are rare
                self.fs.b.add_to_atom(AI.store_atomic(self.g, v, dst, e.target.type), v)
            else:
                self.store_in_atom(v, dst, e.target.type)
        return v

    def emit_compound(self, e: T.CompoundAssign) -> Value:
        if is_atomic(e.target.type):
            from .. import atomic_irgen as AI  # atomic objects are rare
            return AI.compound_assign(self.g, e)
        rhs = self.g.exprs.value_of(e.rhs)
        tgt = e.target
        if isinstance(tgt, T.Member) and tgt.bits is not None:
            addr, vol, unit, old_v = self.bitfield_fetch(tgt, e.pos)
            with self.fs.at(e.pos):
                new = self.combine(e, old_v, rhs)
                return self.bitfield_write(addr, tgt.bits, new, vol, unit)
        dst = self.g.exprs.addr_of(e.target)
        if isinstance(unqual(e.optype), ComplexT):
            return self.g.cplx.complex_compound(e, dst, rhs)
        vla = vla_pointee(e.target.type)
        if vla is not None:  # `p += n` on a pointer to a VLA
            step = self.g.vlas.size_of(vla, e.pos)
            with self.fs.at(e.pos):
                rhs = self.fs.b.binary(Op.MUL, rhs, step)
        with self.fs.at(e.pos):
            old = self.g.exprs.load_scalar(e.target.type, dst)
            if vla is not None:
                new = self.g.exprs.ptr_offset(old, rhs, 1, e.op == "-")
            elif e.scale:
                new = self.g.exprs.ptr_offset(old, rhs, e.scale, e.op == "-")
            else:
                new = self.combine(e, old, rhs)
            self.store_in_atom(new, dst, e.target.type)
        return new

    def combine(self, e: T.CompoundAssign, old: Value, rhs: Value) -> Value:
        """`old OP rhs` computed in the operation's type, converted back to the target's."""
        wide = self.g.exprs.convert(old, e.target.type, e.optype)
        res = self.g.exprs.arith(e.op, wide, rhs, e.optype)
        return self.g.exprs.convert(res, e.optype, e.target.type)

    def store_in_atom(self, v: Value, dst: Value, t: CType) -> None:
        """Store the new value `v` of an object of type `t`: the store is the key
        instruction of the current atom (Key Instructions), `v`'s computation its backup."""
        st = self.fs.b.store(v, dst, volatile=is_volatile(t))
        self.fs.b.add_to_atom(st, v)

    def emit_incdec(self, e: T.IncDec) -> Value:
        if is_atomic(e.target.type):
            from .. import atomic_irgen as AI  # atomic objects are rare
            return AI.incdec(self.g, e)
        tgt = e.target
        if isinstance(tgt, T.Member) and tgt.bits is not None:
            addr, vol, unit, old = self.bitfield_fetch(tgt, e.pos)
            with self.fs.at(e.pos):
                if as_int(tgt.type) == BOOL:
                    new: Value = Const(I8, 1) if e.delta > 0 else \
                        self.fs.b.binary(Op.XOR, old, Const(I8, 1))
                else:
                    new = self.fs.b.binary(Op.ADD, old, Const(old.ty, e.delta))
                held = self.bitfield_write(addr, tgt.bits, new, vol, unit)
            return held if e.prefix else old
        dst = self.g.exprs.addr_of(e.target)
        t = e.target.type
        if isinstance(unqual(t), ComplexT):
            return self.g.cplx.complex_incdec(e, dst, unqual(t))  # type: ignore[arg-type]
        vla = vla_pointee(t)
        step = self.g.vlas.size_of(vla, e.pos) if vla is not None else None
        with self.fs.at(e.pos):
            old = self.g.exprs.load_scalar(t, dst)
            if step is not None:  # ++ on a pointer to a VLA
                delta = step if e.delta > 0 else self.fs.b.binary(Op.SUB, Const(I64, 0), step)
                new = self.fs.b.ptradd(old, delta)
            elif isinstance(unqual(t), PointerT):
                new = self.fs.b.ptradd(old, Const(I64, e.delta))
            elif as_int(t) == BOOL:
                if e.delta > 0:
                    new = Const(I8, 1)
                else:
                    new = self.fs.b.binary(Op.XOR, old, Const(I8, 1))
            elif isinstance(old.ty, FloatType):
                new = self.fs.b.binary(Op.FADD, old, Const(old.ty, float(e.delta)))
            else:
                add = self.fs.b.binary(Op.ADD, old, Const(old.ty, e.delta))
                assert isinstance(add, Binary)
                it = as_int(t)  # ++ of a signed int or wider: no promotion, overflow is UB
                add.nsw = it is not None and it.signed and it.size >= 4 and not self.opts.wrapv
                new = add
            self.store_in_atom(new, dst, t)
        return new if e.prefix else old
