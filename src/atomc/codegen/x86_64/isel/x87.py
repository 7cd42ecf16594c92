"""Instruction selection for `f80` (long double): x87 code over stack slots.

A component of `FunctionISel` (`sel.x87`). Every f80 value (argument, block parameter,
instruction result) has a 16-byte home slot of its own, fixed for the whole
function and written only where the value is defined (or, for a block
parameter, on each edge into its block); the x87 register stack is empty
between IR instructions. Each operation loads its operands (`fldt`, or
`fldz`/`fld1`/a `.rodata` constant), computes, and stores the result with a
popping store (`fstpt`), as gcc does at -O0. No register allocation is needed
and nothing x87 is live across a call. The homes are planned before selection
from the IR alone, so `-g` cannot change the frame.

Conventions (SysV, class X87): an f80 argument is passed in memory, 16-byte
aligned (an argument's home is the caller's copy); an f80 result comes back in
`%st(0)`, a pair (`_Complex long double`, class COMPLEX_X87) in `%st(0)` (real)
and `%st(1)` (imaginary).

Sequences that need care:
* x87 comparisons use `fucomip` (sets ZF, PF, CF like `ucomisd`), so the SSE
  condition-code table applies; the second operand is popped with `fstp %st(0)`;
* conversions to integers truncate: the control word's rounding field is set
  to "toward zero" around the `fistp` and restored (`fnstcw`/`fldcw`, as gcc's
  x86-64 baseline does: `fisttp` is SSE3); to u64 the value less 2^63 is also
  converted and the right one chosen with `cmov`;
* from u64, `fildq` reads the bits as signed and 2^64 is added back when the
  top bit was set (a two-entry table indexed by that bit: no branch);
* float/double go through a scratch slot (`movsd` + `fldl`, `fstpl` + `movsd`),
  so every narrowing is rounded once.

Debug info: a record naming an f80 value describes its home slot (a memory
location that holds the value from its definition on); a constant is
described by its bit pattern (`DW_OP_implicit_value` of 16 bytes).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....diag import InternalCompilerError
from ....ir.dbgrecords import DbgRecord
from ....ir.insts import Binary, Call, Cast, Cmp, Extract, Inst, Load, Op, Ret, Select, Store, Succ
from ....ir.types import FloatType, IntType, TupleType, is_x87
from ....ir.values import Const, Undef, Value
from ....ir.x87float import ONE, X80, ZERO
from ...mir import DbgMeta, Imm, Mem, MIFlag, SlotKind, StackSlot, VReg
from ..function_state import x86_state
from .common import emit_ret
from .floating import FCMP_CC

if TYPE_CHECKING:
    from ..abi import ArgLoc
    from .select import FunctionISel

# x87 instructions that name their register-stack operands in the mnemonic
FADDP = "faddp\t%st, %st(1)"
FSUBRP = "fsubrp\t%st, %st(1)"  # AT&T: st(1) - st(0), pop
FMULP = "fmulp\t%st, %st(1)"
FDIVRP = "fdivrp\t%st, %st(1)"  # AT&T: st(1) / st(0), pop
FUCOMIP = "fucomip\t%st(1), %st"  # flags of st(0) compared with st(1), pop
FPOP = "fstp\t%st(0)"
_ARITH = {Op.FADD: FADDP, Op.FSUB: FSUBRP, Op.FMUL: FMULP, Op.FDIV: FDIVRP}
_FILD = {8: "fildq", 4: "fildl", 2: "filds"}
_FISTP = {8: "fistpq", 4: "fistpl", 2: "fistps"}
_ROUND_TOWARD_ZERO = 0xC00  # the control word's rounding-control field
U64_ADJUST = ".LCPIx87_u64"  # float[2] = {0, 2^64}, indexed by the sign bit
_U64_ADJUST_IMAGE = (0).to_bytes(4, "little") + (0x5F800000).to_bytes(4, "little")
TWO63 = X80.from_int(1 << 63)


def _ice(msg: str) -> InternalCompilerError:
    return InternalCompilerError(msg, where="isel")


def involves_x87(inst: Inst) -> bool:
    """Does selecting `inst` need this module (an f80 result or operand)?"""
    if isinstance(inst.ty, TupleType):
        return any(is_x87(t) for t in inst.ty.elems)
    if is_x87(inst.ty):
        return True
    for u in inst.operands:  # asked of every instruction: a loop, no generator
        ty = u.value.ty
        if isinstance(ty, FloatType):
            if ty.bits == 80:
                return True
        elif isinstance(ty, TupleType) and any(is_x87(t) for t in ty.elems):
            return True
    return False


class X87Lowering:
    """x87 parts of instruction selection of one function, over its `FunctionISel`."""

    __slots__ = ("sel", "homes", "pairs", "scratch_slot", "cw_slot")

    def __init__(self, sel: FunctionISel) -> None:
        self.sel = sel
        self.homes: dict[Value, StackSlot] = {}
        self.pairs: dict[Value, tuple[StackSlot, StackSlot]] = {}
        self.scratch_slot: StackSlot | None = None
        self.cw_slot: StackSlot | None = None

    # -- homes ----------------------------------------------------------------------
    def plan_homes(self, arg_locs: tuple[ArgLoc, ...]) -> None:
        """A home for every f80 value, in IR order (independent of -g)."""
        self.homes = {}
        self.pairs = {}
        self.scratch_slot = None
        self.cw_slot = None
        for arg, loc in zip(self.sel.fn.args, arg_locs, strict=True):
            if is_x87(arg.ty):  # the caller's copy is the home
                self.homes[arg] = self.sel.mf.new_slot(16, 16, SlotKind.INCOMING, arg.name,
                                                       fixed_offset=loc.stack_offset)
        for b in self.sel.fn.blocks:
            for p in b.params:
                if is_x87(p.ty):
                    self.homes[p] = self.sel.mf.new_slot(16, 16, SlotKind.SCRATCH, p.name)
            for inst in b.insts:
                if is_x87(inst.ty) and not isinstance(inst, Extract):
                    self.homes[inst] = self.sel.mf.new_slot(16, 16, SlotKind.SCRATCH, inst.name)
                elif isinstance(inst.ty, TupleType) and any(is_x87(t) for t in inst.ty.elems):
                    self.pairs[inst] = (self.sel.mf.new_slot(16, 16, SlotKind.SCRATCH, inst.name),
                                        self.sel.mf.new_slot(16, 16, SlotKind.SCRATCH, inst.name))
        for b in self.sel.fn.blocks:  # an extract names the call result's half
            for inst in b.insts:
                if isinstance(inst, Extract) and is_x87(inst.ty):
                    pair = self.pairs.get(inst.operand(0))
                    if pair is None:
                        raise _ice("extract of an f80 from a value that is no call result")
                    self.homes[inst] = pair[inst.index]

    def home(self, v: Value) -> Mem:
        s = self.homes.get(v)
        if s is None:
            raise _ice(f"f80 value {v!r} has no home slot")
        return Mem(base=s)

    def _scratch(self, disp: int = 0) -> Mem:
        if self.scratch_slot is None:
            self.scratch_slot = self.sel.mf.new_slot(16, 16, SlotKind.SCRATCH, "x87.scratch")
        return Mem(base=self.scratch_slot, disp=disp)

    def const(self, x: X80) -> Mem:
        label = f".LCPIx87_{x.bits:020x}"
        x86_state(self.sel.mf).float_consts.setdefault(label, x.to_bytes().ljust(16, b"\0"))
        return Mem(symbol=label)

    def fld(self, v: Value) -> None:
        """Push `v` onto the x87 stack."""
        if isinstance(v, Undef):
            self.sel.emit("fldz")
        elif isinstance(v, Const):
            x = v.value
            assert isinstance(x, X80)
            if x == ZERO:
                self.sel.emit("fldz")
            elif x == ONE:
                self.sel.emit("fld1")
            else:
                self.sel.emit("fldt", self.const(x))
        else:
            self.sel.emit("fldt", self.home(v))

    def fstp_home(self, v: Value) -> None:
        self.sel.emit("fstpt", self.home(v))

    # -- dispatch ------------------------------------------------------------------
    def lower(self, inst: Inst) -> bool:
        """Select `inst` if it involves f80; False leaves it to the caller."""
        if not involves_x87(inst) or isinstance(inst, (Call, Ret)):
            return False
        if isinstance(inst, Binary):
            self.fld(inst.lhs)
            self.fld(inst.rhs)
            self.sel.emit(_ARITH[inst.op])
            self.fstp_home(inst)
        elif isinstance(inst, Cmp):
            self.compare(inst)
        elif isinstance(inst, Cast):
            self.cast(inst)
        elif isinstance(inst, Load):
            mi = self.sel.emit("fldt", self.sel.addr(inst.ptr))
            if inst.volatile:
                mi.flags |= MIFlag.VOLATILE
            self.fstp_home(inst)
        elif isinstance(inst, Store):
            self.fld(inst.value)
            mi = self.sel.emit("fstpt", self.sel.addr(inst.ptr))
            if inst.volatile:
                mi.flags |= MIFlag.VOLATILE
        elif isinstance(inst, Select):
            self.select(inst)
        elif isinstance(inst, Extract):
            pass  # its home is the call result's half (see plan_homes)
        else:
            return False
        return True

    # -- compares, selects ------------------------------------------------------------
    def flags(self, x: Value, y: Value) -> None:
        """EFLAGS of x compared with y (as `ucomisd y, x` sets them)."""
        self.fld(y)
        self.fld(x)
        self.sel.emit(FUCOMIP)
        self.sel.emit(FPOP)

    def compare(self, inst: Cmp) -> None:
        swap, ccs, combine = FCMP_CC[inst.pred]
        a, b = (inst.rhs, inst.lhs) if swap else (inst.lhs, inst.rhs)
        self.flags(a, b)
        self.sel.sse.set_from_flags(inst, ccs, combine)

    def _address_of_value(self, v: Value) -> VReg:
        t = self.sel.mf.new_vreg(8)
        if isinstance(v, (Const, Undef)):
            x = v.value if isinstance(v, Const) else ZERO
            self.sel.emit("leaq", self.const(x), t)  # type: ignore[arg-type]
        else:
            self.sel.emit("leaq", self.home(v), t)
        return t

    def select(self, inst: Select) -> None:
        """Choose the address of the chosen operand's bytes with `cmov`, then copy."""
        a = self._address_of_value(inst.operand(1))
        b = self._address_of_value(inst.operand(2))
        c = self.sel.reg(inst.cond, 1)
        self.sel.emit("testb", c, c)
        self.sel.emit("cmovneq", a, b)
        self.sel.emit("fldt", Mem(base=b))
        self.fstp_home(inst)

    # -- conversions -----------------------------------------------------------------
    def cast(self, inst: Cast) -> None:
        op = inst.op
        src = inst.value
        if op is Op.FNEG:
            self.fld(src)
            self.sel.emit("fchs")
            self.fstp_home(inst)
        elif op is Op.FPEXT:
            size = src.ty.size
            self.sel.sse.fmov(self.sel.sse.freg(src), self._scratch(), size)
            self.sel.emit("flds" if size == 4 else "fldl", self._scratch())
            self.fstp_home(inst)
        elif op is Op.FPTRUNC:
            size = inst.ty.size
            self.fld(src)
            self.sel.emit("fstps" if size == 4 else "fstpl", self._scratch())
            self.sel.sse.fmov(self._scratch(), self.sel.vreg(inst), size)
        elif op in (Op.SITOFP, Op.UITOFP):
            self.int_to_x87(src, op is Op.SITOFP)
            self.fstp_home(inst)
        elif op in (Op.FPTOSI, Op.FPTOUI):
            assert isinstance(inst.ty, IntType)
            self.to_int(src, inst, op is Op.FPTOSI)
        else:
            raise _ice(f"{op.value} is not selectable for f80")

    def int_to_x87(self, src: Value, signed: bool) -> None:
        """Push the integer `src` converted (exactly: 64 significand bits)."""
        assert isinstance(src.ty, IntType)
        bits = src.ty.bits
        if bits == 64:
            self.sel.mov(self._int_operand(src, 8), self._scratch(), 8)
            self.sel.emit("fildq", self._scratch())
            if not signed:
                self._add_two64_if_negative(src)
            return
        if bits == 32 and not signed:  # zero-extended to 64 bits: never negative
            if isinstance(src, Const):
                self.sel.mov(Imm(src.int_value & 0xFFFFFFFF), self._scratch(), 8)
            else:
                r = self.sel.reg(src, 4)
                t = self.sel.mf.new_vreg(8)
                self.sel.emit("movl", r, VReg(t.id, 4))  # writing the 32-bit view clears the top
                self.sel.mov(t, self._scratch(), 8)
            self.sel.emit("fildq", self._scratch())
            return
        if bits == 32:
            self.sel.mov(self._int_operand(src, 4), self._scratch(), 4)
        else:  # i1, i8, i16: widened to 32 bits
            self.sel.mov(self.sel.extend(src, signed and bits > 1), self._scratch(), 4)
        self.sel.emit("fildl", self._scratch())

    def _int_operand(self, v: Value, size: int) -> VReg | Imm:
        if isinstance(v, Const):
            raw = v.int_value & ((1 << (8 * size)) - 1)
            return Imm(raw - (1 << (8 * size)) if raw >> (8 * size - 1) else raw)
        return self.sel.reg(v, size)

    def _add_two64_if_negative(self, src: Value) -> None:
        pool = x86_state(self.sel.mf).float_consts
        pool.setdefault(U64_ADJUST, _U64_ADJUST_IMAGE.ljust(16, b"\0"))
        top = self.sel.mf.new_vreg(8)
        self.sel.mov(self._int_operand(src, 8), top, 8)
        self.sel.emit("shrq", Imm(63), top)
        table = self.sel.mf.new_vreg(8)
        self.sel.emit("leaq", Mem(symbol=U64_ADJUST), table)
        self.sel.emit("fadds", Mem(base=table, index=top, scale=4))

    def _truncating_store(self, width: int) -> None:
        """`fistp` of st(0) into the scratch slot, rounding toward zero."""
        if self.cw_slot is None:
            self.cw_slot = self.sel.mf.new_slot(4, 4, SlotKind.SCRATCH, "x87.cw")
        saved, trunc = Mem(base=self.cw_slot), Mem(base=self.cw_slot, disp=2)
        self.sel.emit("fnstcw", saved)
        t = self.sel.mf.new_vreg(4)
        self.sel.emit("movzwl", saved, t)
        self.sel.emit("orl", Imm(_ROUND_TOWARD_ZERO), t)
        self.sel.emit("movw", VReg(t.id, 2), trunc)
        self.sel.emit("fldcw", trunc)
        self.sel.emit(_FISTP[width], self._scratch())
        self.sel.emit("fldcw", saved)

    def to_int(self, src: Value, inst: Cast, signed: bool) -> None:
        bits = inst.ty.bits  # type: ignore[union-attr]
        dst = self.sel.vreg(inst)
        if bits == 64 and not signed:
            self._x87_to_u64(src, dst)
            return
        if signed:
            width = {64: 8, 32: 4}.get(bits, 2)
        else:
            width = 8 if bits == 32 else 4
        self.fld(src)
        self._truncating_store(width)
        if bits == 64:
            self.sel.emit("movq", self._scratch(), dst)
        elif bits == 32:
            self.sel.emit("movl", self._scratch(), VReg(dst.id, 4))
        elif bits == 16:
            self.sel.emit("movzwl", self._scratch(), VReg(dst.id, 4))
        else:
            self.sel.emit("movzbl", self._scratch(), VReg(dst.id, 4))

    def _x87_to_u64(self, src: Value, dst: VReg) -> None:
        low = self.sel.mf.new_vreg(8)
        self.fld(src)
        self._truncating_store(8)
        self.sel.emit("movq", self._scratch(), low)
        high = self.sel.mf.new_vreg(8)
        self.fld(src)
        self.sel.emit("fldt", self.const(TWO63))
        self.sel.emit(FSUBRP)
        self._truncating_store(8)
        self.sel.emit("movq", self._scratch(), high)
        m = self.sel.mf.new_vreg(8)
        self.sel.emit("movabsq", Imm(-(1 << 63)), m)
        self.sel.emit("xorq", m, high)
        self.sel.emit("fldt", self.const(TWO63))
        self.fld(src)
        self.sel.emit(FUCOMIP)  # src compared with 2^63
        self.sel.emit(FPOP)
        self.sel.emit("cmovaeq", high, low)
        self.sel.emit("movq", low, dst)

    # -- calls, returns, edges, entry --------------------------------------------------
    def stack_arg(self, v: Value, slot: Mem) -> bool:
        """Copy an f80 argument to its outgoing stack slot."""
        if not is_x87(v.ty):
            return False
        self.fld(v)
        self.sel.emit("fstpt", slot)
        return True

    def call_result(self, inst: Call) -> bool:
        """Pop the call's result(s) off the x87 stack into their homes."""
        pair = self.pairs.get(inst)
        if pair is not None:
            self.sel.emit("fstpt", Mem(base=pair[0]))
            self.sel.emit("fstpt", Mem(base=pair[1]))
            return True
        if is_x87(inst.ty):
            self.fstp_home(inst)
            return True
        return False

    def lower_return(self, inst: Ret) -> bool:
        vals = [u.value for u in inst.operands]
        if not any(is_x87(v.ty) for v in vals):
            return False
        for v in reversed(vals):  # the first value ends on top: %st(0)
            self.fld(v)
        emit_ret(self.sel, inst)
        return True

    def edge_copies(self, succ: Succ) -> None:
        """The f80 block arguments of an edge, as one parallel copy: every
        source is read before any parameter is written. Up to seven go through
        the register stack (pushed in order, popped in reverse); more are
        staged in fresh slots first."""
        pairs = [(p, v) for p, v in zip(succ.block.params, succ.arg_values, strict=True)
                 if is_x87(p.ty) and v is not p]
        if len(pairs) <= 7:
            for _, v in pairs:
                self.fld(v)
            for p, _ in reversed(pairs):
                self.fstp_home(p)
            return
        staged = []
        for _, v in pairs:
            s = Mem(base=self.sel.mf.new_slot(16, 16, SlotKind.SCRATCH, "x87.edge"))
            self.fld(v)
            self.sel.emit("fstpt", s)
            staged.append(s)
        for (p, _), s in zip(pairs, staged, strict=True):
            self.sel.emit("fldt", s)
            self.fstp_home(p)

    def debug_value(self, rec: DbgRecord, meta: DbgMeta) -> bool:
        """Describe a record naming an f80 value: its home slot, or for a constant its
        80-bit pattern (the DWARF writer gives it as DW_OP_implicit_value)."""
        v = rec.value
        if v is None or not is_x87(v.ty):
            return False
        if isinstance(v, Const):
            ops = rec.expr.ops
            plain = not ops or (rec.expr.fragment is not None and len(ops) == 3)
            x = v.value
            if plain and isinstance(x, X80):
                self.sel.emit("DBG_VALUE", Imm(x.bits), meta=meta)
            else:
                self.sel.emit("DBG_VALUE", meta=meta)
            return True
        home = self.homes.get(v)
        if home is None:
            self.sel.emit("DBG_VALUE", meta=meta)
        else:
            self.sel.emit("DBG_VALUE", home, meta=meta)
        return True
