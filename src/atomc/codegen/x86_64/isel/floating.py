"""Instruction selection for floating point (issue 7): SSE2 scalar code.

A component of `FunctionISel` (`sel.sse`): float values live in virtual registers of the SSE
class (`X86FunctionState.xmm_vregs`), f32 as 4-byte and f64 as 8-byte registers.
Constants come from 16-byte `.rodata` entries named after their bits (so the
module-wide pool is deduplicated by name), read RIP-relative.

Sequences that need care:
* compares use `ucomiss`/`ucomisd`; an unordered result sets ZF, PF and CF, so
  `oeq` is `e` and `np`, `une` is `ne` or `p`, and `olt`/`ole` swap the operands
  to use `a`/`ae` (false when unordered);
* unsigned 64-bit <-> float conversions have no instruction: u64 -> float
  converts `(x >> 1) | (x & 1)` and doubles it when the top bit is set; float
  -> u64 subtracts 2^63 first when the value is at least 2^63. Both are
  branch-free (the choice is a `cmov` on general registers), so no block is
  split during selection;
* `select` of floats and bitcasts move the bits through general registers;
* negation flips the sign bit with `xorps`/`xorpd` (so -0.0 and -NaN come out
  exactly as in C).
"""

from __future__ import annotations

import struct
from typing import TYPE_CHECKING

from ....diag import InternalCompilerError
from ....ir.insts import Cast, Cmp, Op, Select
from ....ir.types import FloatType, IntType
from ....ir.values import Const, Undef, Value
from ...mir import Imm, Mem, Operand, PReg, VReg
from ..function_state import is_xmm, new_xmm_vreg, x86_state
from ..opcodes import CMOV, CVT_TO_FLOAT, CVT_TO_INT, EXTEND, SETCC, SIZED, SSE

if TYPE_CHECKING:
    from .select import FunctionISel

# fcmp predicate -> (swap operands, condition codes, how to combine two of them)
FCMP_CC: dict[str, tuple[bool, tuple[str, ...], str]] = {
    "oeq": (False, ("e", "np"), "and"), "une": (False, ("ne", "p"), "or"),
    "ogt": (False, ("a",), ""), "oge": (False, ("ae",), ""),
    "olt": (True, ("a",), ""), "ole": (True, ("ae",), ""),
    "one": (False, ("ne",), ""), "ueq": (False, ("e",), ""),
    "ult": (False, ("b",), ""), "ule": (False, ("be",), ""),
    "ugt": (True, ("b",), ""), "uge": (True, ("be",), ""),
    "ord": (False, ("np",), ""), "uno": (False, ("p",), ""),
}

SIGN_MASK = {4: 1 << 31, 8: 1 << 63}


def _p(size: int) -> str:
    """Scalar SSE suffix letter: `s` single, `d` double."""
    return "s" if size == 4 else "d"


def _bits_of(size: int, value: float) -> int:
    fmt = ("<f", "<I") if size == 4 else ("<d", "<Q")
    return int(struct.unpack(fmt[1], struct.pack(fmt[0], value))[0])


def _ice(msg: str) -> InternalCompilerError:
    return InternalCompilerError(msg, where="isel")


class FloatLowering:
    """Float parts of instruction selection of one function, over its `FunctionISel`."""

    __slots__ = ("sel",)

    def __init__(self, sel: FunctionISel) -> None:
        self.sel = sel

    # -- values -------------------------------------------------------------------
    def pool_entry(self, size: int, bits: int) -> Mem:
        """A 16-byte aligned read-only entry whose low `size` bytes are `bits`."""
        label = f".LCPI{_p(size)}_{bits:0{2 * size}x}"
        image = bits.to_bytes(size, "little").ljust(16, b"\0")
        x86_state(self.sel.mf).float_consts.setdefault(label, image)
        return Mem(symbol=label)

    def fconst(self, size: int, value: float) -> Mem:
        return self.pool_entry(size, _bits_of(size, value))

    def fsrc(self, v: Value) -> VReg | Mem:
        """A float operand as an SSE source: constants straight from memory."""
        size = v.ty.size
        if isinstance(v, Const):
            return self.fconst(size, v.float_value)
        if isinstance(v, Undef):
            return self.fconst(size, 0.0)
        return VReg(self.sel.vreg(v).id, size)

    def freg(self, v: Value) -> VReg:
        """A float value in an SSE virtual register."""
        src = self.fsrc(v)
        if isinstance(src, VReg):
            return src
        size = v.ty.size
        t = new_xmm_vreg(self.sel.mf, size)
        self.sel.emit(SSE["movs", size], src, t)
        return t

    def fmov(self, src: Operand, dst: Operand, size: int) -> None:
        """A move where at least one side is an SSE register."""
        sx, dx = is_xmm(self.sel.mf, src), is_xmm(self.sel.mf, dst)
        if isinstance(src, Imm):
            src = self.pool_entry(size, src.value & ((1 << (8 * size)) - 1))
        if sx and dx or isinstance(src, Mem) or isinstance(dst, Mem):
            self.sel.emit(SSE["movs", size], view(src, size), view(dst, size))
        else:  # general register <-> SSE register: the bits
            self.sel.emit("movq" if size == 8 else "movd", view(src, size), view(dst, size))

    def new_xmm(self, size: int) -> VReg:
        return new_xmm_vreg(self.sel.mf, size)

    # -- arithmetic and compares -------------------------------------------------------
    def lower_binary(self, inst: Value) -> None:
        size = inst.ty.size
        lhs, rhs = inst.operands[0].value, inst.operands[1].value  # type: ignore[attr-defined]
        dst = VReg(self.sel.vreg(inst).id, size)
        b = self.fsrc(rhs)
        if isinstance(b, VReg) and b.id == dst.id:  # cannot happen in SSA, but stay safe
            b = self.freg(rhs)
        self.fmov(self.fsrc(lhs), dst, size)
        name = {Op.FADD: "adds", Op.FSUB: "subs", Op.FMUL: "muls", Op.FDIV: "divs"}[inst.op]  # type: ignore[attr-defined]
        self.sel.emit(SSE[name, size], b, dst)

    def lower_compare(self, inst: Cmp) -> None:
        swap, ccs, combine = FCMP_CC[inst.pred]
        a, b = (inst.rhs, inst.lhs) if swap else (inst.lhs, inst.rhs)
        size = a.ty.size
        self.sel.emit(SSE["ucomis", size], self.fsrc(b), self.freg(a))
        self.set_from_flags(inst, ccs, combine)

    def set_from_flags(self, inst: Cmp, ccs: tuple[str, ...], combine: str) -> None:
        """The compare's i1 from the flags of an unordered compare (one condition
        code, or two combined with `and`/`or`)."""
        dst = VReg(self.sel.vreg(inst).id, 1)
        self.sel.emit(SETCC[ccs[0]], dst)
        if len(ccs) == 2:
            t = self.sel.mf.new_vreg(1)
            self.sel.emit(SETCC[ccs[1]], t)
            self.sel.emit(SIZED[combine, 1], t, dst)

    # -- conversions ---------------------------------------------------------------
    def lower_cast(self, inst: Cast) -> None:
        op = inst.op
        src = inst.value
        dst = self.sel.vreg(inst)
        if op is Op.FNEG:
            size = inst.ty.size
            self.fmov(self.fsrc(src), dst, size)
            self.sel.emit(SSE["xorp", size], self.pool_entry(size, SIGN_MASK[size]), dst)
        elif op is Op.BITCAST:
            size = inst.ty.size
            s = self.freg(src) if isinstance(src.ty, FloatType) else self.sel.reg(src, size)
            self.fmov(s, VReg(dst.id, size), size)
        elif op in (Op.FPEXT, Op.FPTRUNC):
            opc = "cvtss2sd" if op is Op.FPEXT else "cvtsd2ss"
            self.sel.emit(opc, self.fsrc(src), dst)
        elif op in (Op.SITOFP, Op.UITOFP):
            self.int_to_float(src, dst, op is Op.SITOFP)
        elif op in (Op.FPTOSI, Op.FPTOUI):
            self.float_to_int(src, dst, op is Op.FPTOSI)
        else:
            raise _ice(f"not a floating-point conversion: {op.value}")

    def int_to_float(self, src: Value, dst: VReg, signed: bool) -> None:
        assert isinstance(src.ty, IntType)
        bits = src.ty.bits
        if bits == 64 and not signed:
            self.u64_to_float(self.sel.reg(src, 8), dst)
            return
        if bits == 64 or (bits == 32 and not signed):
            w = 8
            r = self.sel.reg(src, 8) if bits == 64 else self._zext32(src)
        else:
            w = 4
            r = self.sel.reg(src, 4) if bits == 32 else self._ext_narrow(src, signed and bits > 1)
        self.sel.emit(CVT_TO_FLOAT[dst.size, w], VReg(r.id, w), dst)

    def _zext32(self, src: Value) -> VReg:
        r = self.sel.reg(src, 4)
        t = self.sel.mf.new_vreg(8)
        self.sel.emit("movl", r, VReg(t.id, 4))  # writing the 32-bit view clears bits 32..63
        return t

    def _ext_narrow(self, src: Value, signed: bool) -> VReg:
        size = src.ty.size
        r = self.sel.reg(src)
        t = self.sel.mf.new_vreg(4)
        self.sel.emit(EXTEND[signed, size, 4], VReg(r.id, size), t)
        return t

    def u64_to_float(self, x: VReg, dst: VReg) -> None:
        size = dst.size
        h = self.sel.mf.new_vreg(8)
        self.sel.emit("movq", x, h)
        self.sel.emit("shrq", Imm(1), h)
        lo = self.sel.mf.new_vreg(8)
        self.sel.emit("movq", x, lo)
        self.sel.emit("andq", Imm(1), lo)
        self.sel.emit("orq", lo, h)  # halved, the lost bit kept as a sticky bit
        big = self.new_xmm(size)
        self.sel.emit(CVT_TO_FLOAT[size, 8], h, big)
        self.sel.emit(SSE["adds", size], big, big)
        small = self.new_xmm(size)
        self.sel.emit(CVT_TO_FLOAT[size, 8], x, small)
        gb = self.sel.mf.new_vreg(size)
        gs = self.sel.mf.new_vreg(size)
        self.fmov(big, gb, size)
        self.fmov(small, gs, size)
        self.sel.emit("testq", x, x)
        self.sel.emit(CMOV["s", 8 if size == 8 else 4], gb, gs)
        self.fmov(gs, dst, size)

    def float_to_int(self, src: Value, dst: VReg, signed: bool) -> None:
        assert isinstance(src.ty, FloatType)
        fsize = src.ty.size
        bits = dst.size * 8
        if bits == 64 and not signed:
            self.float_to_u64(src, dst)
        elif bits == 64:
            self.sel.emit(CVT_TO_INT[fsize, 8], self.fsrc(src), dst)
        elif bits == 32 and not signed:
            t = self.sel.mf.new_vreg(8)
            self.sel.emit(CVT_TO_INT[fsize, 8], self.fsrc(src), t)
            self.sel.emit("movl", VReg(t.id, 4), dst)
        else:
            self.sel.emit(CVT_TO_INT[fsize, 4], self.fsrc(src), VReg(dst.id, 4))

    def float_to_u64(self, src: Value, dst: VReg) -> None:
        size = src.ty.size
        x = self.freg(src)
        two63 = self.fconst(size, 2.0 ** 63)
        low = self.sel.mf.new_vreg(8)
        self.sel.emit(CVT_TO_INT[size, 8], x, low)
        t = self.new_xmm(size)
        self.sel.emit(SSE["movs", size], x, t)
        self.sel.emit(SSE["subs", size], two63, t)
        high = self.sel.mf.new_vreg(8)
        self.sel.emit(CVT_TO_INT[size, 8], t, high)
        m = self.sel.mf.new_vreg(8)
        self.sel.emit("movabsq", Imm(-(1 << 63)), m)
        self.sel.emit("xorq", m, high)
        self.sel.emit(SSE["ucomis", size], two63, x)
        self.sel.emit("cmovaeq", high, low)
        self.sel.emit("movq", low, dst)

    def lower_select(self, inst: Select) -> None:
        size = inst.ty.size
        a, b = inst.operand(1), inst.operand(2)
        ga = self.sel.mf.new_vreg(size)
        gb = self.sel.mf.new_vreg(size)
        self.fmov(self.freg(a), ga, size)
        self.fmov(self.freg(b), gb, size)
        c = self.sel.reg(inst.cond, 1)
        self.sel.emit("testb", c, c)
        self.sel.emit(CMOV["ne", 8 if size == 8 else 4], ga, gb)
        self.fmov(gb, VReg(self.sel.vreg(inst).id, size), size)


def view(op: Operand, size: int) -> Operand:
    """A register operand at another width (other operands unchanged; one
    already of that width is itself: operands are immutable values)."""
    if isinstance(op, VReg):
        return op if op.size == size else VReg(op.id, size)
    if isinstance(op, PReg):
        return op if op.size == size else PReg(op.name, size)
    return op
