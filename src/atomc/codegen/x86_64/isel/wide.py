"""Instruction selection for `wide` (double-word operations on i64 halves).

A component of `FunctionISel` (`sel.wide`). `legalize-i128` leaves 128-bit arithmetic as
`wide` instructions; each becomes the sequence gcc emits for it. A pair
result lives in two 64-bit virtual registers (`tuple_vregs`, read by
`extract`). Every operand is materialised before the first flag-setting
instruction of a carry chain, so only flag-neutral moves can sit between the
instruction that sets the carry and the `adc`/`sbb`/`cmov` that reads it (the
scheduler and the peepholes model the flags as a register).

* add/sub: `add`+`adc`, `sub`+`sbb`;
* umul: one `mulq` (rdx:rax = rax * operand);
* shifts by a constant below 64: `shld`/`shrd` + `shl`/`shr`/`sar`; by a
  variable amount the same with the count in %cl, then `test $64` and two
  `cmov` for counts of 64 and more;
* compares: eq/ne as `xor`, `xor`, `or`; the orderings as `cmp` of the low
  halves and `sbb` of the high ones, whose flags give l/ge/b/ae (gt and le
  swap the operands). A compare whose only use is the branch ending its
  block sets the flags right before that branch (no setcc).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....diag import InternalCompilerError
from ....ir.values import Const, Value
from ....ir.wide import Wide, WideKind
from ...mir import Imm, PReg, VReg
from ..opcodes import SETCC, SIZED

if TYPE_CHECKING:
    from .select import FunctionISel

# ordered predicate -> (swap operands, condition code after cmp/sbb)
_ORDER_CC = {"slt": (False, "l"), "sge": (False, "ge"), "ult": (False, "b"),
             "uge": (False, "ae"), "sgt": (True, "l"), "sle": (True, "ge"),
             "ugt": (True, "b"), "ule": (True, "ae")}


class WideLowering:
    """`wide` instructions of one function, over its `FunctionISel`."""

    __slots__ = ("sel",)

    def __init__(self, sel: FunctionISel) -> None:
        self.sel = sel

    def lower(self, inst: Wide) -> None:
        ops = [u.value for u in inst.operands]
        k = inst.kind
        if k is WideKind.ICMP:
            self.compare(inst, ops)
        elif k in (WideKind.ADD, WideKind.SUB):
            self.add(inst, ops, "add" if k is WideKind.ADD else "sub")
        elif k is WideKind.UMUL:
            self.mul(inst, ops)
        elif k in (WideKind.SHL, WideKind.LSHR, WideKind.ASHR):
            self.shift(inst, ops)
        else:
            raise InternalCompilerError(f"no selection for wide {k.value}", where="isel")

    def copy(self, v: Value) -> VReg:
        """A fresh 64-bit register holding `v` (to be overwritten in place)."""
        r = self.sel.mf.new_vreg(8)
        self.sel.mov(self.sel.operand(v, 8), r, 8)
        return r

    def add(self, inst: Wide, ops: list[Value], op: str) -> None:
        alo, ahi, blo, bhi = ops
        b0, b1 = self.sel.operand(blo, 8), self.sel.operand(bhi, 8)
        hi = self.copy(ahi)
        lo = self.copy(alo)
        self.sel.emit(SIZED[op, 8], b0, lo)
        self.sel.emit(SIZED["adc" if op == "add" else "sbb", 8], b1, hi)
        self.sel.tuple_vregs[inst] = [lo, hi]

    def mul(self, inst: Wide, ops: list[Value]) -> None:
        b = self.sel.reg(ops[1], 8)
        self.sel.mov(self.sel.operand(ops[0], 8), PReg("rax"), 8)
        self.sel.emit("mulq", b)
        lo, hi = self.sel.mf.new_vreg(8), self.sel.mf.new_vreg(8)
        self.sel.mov(PReg("rax"), lo, 8)
        self.sel.mov(PReg("rdx"), hi, 8)
        self.sel.tuple_vregs[inst] = [lo, hi]

    def shift(self, inst: Wide, ops: list[Value]) -> None:
        xlo, xhi, amount = ops
        k = inst.kind
        hi, lo = self.copy(xhi), self.copy(xlo)
        if isinstance(amount, Const):
            c = Imm(amount.int_value & 63)
            if k is WideKind.SHL:
                self.sel.emit("shldq", c, lo, hi)
                self.sel.emit("shlq", c, lo)
            else:
                self.sel.emit("shrdq", c, hi, lo)
                self.sel.emit("sarq" if k is WideKind.ASHR else "shrq", c, hi)
            self.sel.tuple_vregs[inst] = [lo, hi]
            return
        n = self.sel.reg(amount, 8)
        fill = self.sel.mf.new_vreg(8)  # what the shifted-out half becomes for counts >= 64
        if k is WideKind.ASHR:
            self.sel.mov(hi, fill, 8)
            self.sel.emit("sarq", Imm(63), fill)
        else:
            self.sel.mov(Imm(0), fill, 8)
        self.sel.mov(VReg(n.id, 4), PReg("rcx", 4), 4)
        cl = PReg("rcx", 1)
        if k is WideKind.SHL:
            self.sel.emit("shldq", cl, lo, hi, implicit_uses=("rcx",))
            self.sel.emit("shlq", cl, lo, implicit_uses=("rcx",))
            src, dst = lo, hi  # counts >= 64: hi = lo << (n - 64), lo = fill
        else:
            self.sel.emit("shrdq", cl, hi, lo, implicit_uses=("rcx",))
            self.sel.emit("sarq" if k is WideKind.ASHR else "shrq", cl, hi, implicit_uses=("rcx",))
            src, dst = hi, lo  # counts >= 64: lo = hi >> (n - 64), hi = fill
        self.sel.emit("testb", Imm(64), VReg(n.id, 1))
        self.sel.emit("cmovneq", src, dst)
        self.sel.emit("cmovneq", fill, src)
        self.sel.tuple_vregs[inst] = [lo, hi]

    def compare(self, inst: Wide, ops: list[Value]) -> None:
        if inst in self.sel.fused:  # emitted by the branch it feeds (wide_flags)
            return
        cc = self.flags(inst)
        self.sel.emit(SETCC[cc], VReg(self.sel.vreg(inst).id, 1))

    def flags(self, inst: Wide) -> str:
        """Set the flags for a `wide icmp`; return the condition code that holds."""
        alo, ahi, blo, bhi = (u.value for u in inst.operands)
        if inst.pred in ("eq", "ne"):
            t = self.xor_half(alo, blo)
            u = self.xor_half(ahi, bhi)
            self.sel.emit("orq", t, u)
            return "e" if inst.pred == "eq" else "ne"
        swap, cc = _ORDER_CC[inst.pred]
        if swap:
            alo, ahi, blo, bhi = blo, bhi, alo, ahi
        b0, b1 = self.sel.operand(blo, 8), self.sel.operand(bhi, 8)
        a0 = self.sel.reg(alo, 8)
        t = self.copy(ahi)
        self.sel.emit("cmpq", b0, a0)
        self.sel.emit("sbbq", b1, t)
        return cc

    def xor_half(self, a: Value, b: Value) -> VReg:
        """A register holding a ^ b (a copy of a when b is 0)."""
        bop = self.sel.operand(b, 8)
        t = self.copy(a)
        if not (isinstance(bop, Imm) and bop.value == 0):
            self.sel.emit("xorq", bop, t)
        return t
