"""Instruction selection for the atomic instructions, as gcc 12 emits them at -O2.

* loads and non-`seq_cst` stores are plain `mov`s (x86 orders them enough);
* a `seq_cst` store is `xchg` (gcc's choice over `mov` + `mfence`), as is `atomicrmw xchg`;
* `add`/`sub` are `lock xadd` (`sub` negates first) when the old value is used,
  `lock add`/`lock sub` otherwise; `and`/`or`/`xor` are `lock and/or/xor` when
  the old value is unused; everything else (and `nand` always) is a `lock
  cmpxchg` loop;
* `cmpxchg` is `lock cmpxchg` with the expected value in %rax, `sete` for the flag;
* a `seq_cst` thread fence is `lock orq $0,(%rsp)` (gcc 12's full barrier); other
  fences emit nothing but a `MEMBARRIER` pseudo instruction that keeps the
  scheduler from moving memory accesses across them, dropped right after it.

Register constraints are the opcode table's: `xadd`/`xchg` read and write their
register operand (a fresh virtual register, so no live value is clobbered),
`cmpxchg` reads and writes %rax implicitly, and %rax is only live between the
instructions of one short sequence inside one block (a copy moves it to a
virtual register), so both allocators handle it as they handle divisions.
Every memory operand names at most one virtual register, and every atomic
machine instruction is `VOLATILE`: never removed, and the scheduler keeps all
other memory accesses on their side of it.

Debug info: the instruction defining an atomic's value gets its debug number
as any other definition; the value of a `cmpxchg`-loop read-modify-write is
copied out of the loop and that copy is numbered.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....ir.atomics import AtomicLoad, AtomicRMW, AtomicStore, CmpXchg, Fence, Ordering, RMWOp
from ....ir.function import Function
from ....ir.insts import Branch, Extract, Inst, PtrAdd
from ....ir.types import IntType, Type
from ....ir.values import Const, Value
from ...mir import BlockRef, Imm, MBlock, Mem, MFunction, MIFlag, MInst, PReg, VReg
from ..opcodes import SIZED
from .common import constant_offset
from .floating import view

if TYPE_CHECKING:
    from .select import FunctionISel

VOL = MIFlag.VOLATILE
_LOAD = {1: "movzbl", 2: "movzwl", 4: "movl", 8: "movq"}
_LOCKED = {RMWOp.ADD: "add", RMWOp.SUB: "sub", RMWOp.AND: "and", RMWOp.OR: "or",
           RMWOp.XOR: "xor"}
# the locked read-modify-write of each (a stem of opcodes.SIZED)
_LOCKED_OP = {op: f"lock {alu}" for op, alu in _LOCKED.items()}


def _size(t: Type) -> int:
    return t.size if isinstance(t, IntType) else 8


def _signed(v: int, size: int) -> int:
    bits = 8 * size
    v &= (1 << bits) - 1
    return v - (1 << bits) if v >> (bits - 1) else v


def lower_atomic(sel: FunctionISel, inst: Inst) -> None:
    match inst:
        case AtomicLoad():
            size = _size(inst.ty)
            sel.emit(_LOAD[size], _mem(sel, inst.ptr), view(sel.vreg(inst), max(size, 4)),
                     flags=VOL)
        case AtomicStore():
            _store(sel, inst)
        case AtomicRMW():
            _rmw(sel, inst)
        case CmpXchg():
            _cmpxchg(sel, inst)
        case Fence():
            if inst.ordering is Ordering.SEQ_CST and not inst.signal:
                sel.emit("lock orq", Imm(0), Mem(base=PReg("rsp")), flags=VOL)
            else:
                sel.emit("MEMBARRIER", flags=VOL)


def fused_cas_flags(fn: Function) -> set[Inst]:
    """The success flags (`extract r, 1`) of cmpxchgs that only the branch ending
    their block reads, with nothing but extracts of that cmpxchg in between: the
    branch jumps on the ZF the `lock cmpxchg` left, as gcc's loops do (`jne`).
    Decided on real uses only, so -g cannot change the code."""
    out: set[Inst] = set()
    for b in fn.blocks:
        t = b.terminator
        x = t.cond if isinstance(t, Branch) else None
        if not isinstance(x, Extract) or x.index != 1 or x.block is not b:
            continue
        src = x.operand(0)
        real = [u for u in x.uses if not u.is_debug]
        if not isinstance(src, CmpXchg) or src.block is not b or len(real) != 1:
            continue
        between = b.insts[b.insts.index(src) + 1:-1]
        if all(isinstance(k, Extract) and k.operand(0) is src for k in between):
            out.add(x)
    return out


def drop_compiler_barriers(mf: MFunction) -> None:
    """Remove the MEMBARRIER pseudo instructions once scheduling is done."""
    for b in mf.blocks:
        if any(mi.opcode == "MEMBARRIER" for mi in b.insts):
            b.insts = [mi for mi in b.insts if mi.opcode != "MEMBARRIER"]


def _mem(sel: FunctionISel, ptr: Value) -> Mem:
    """The address as a memory operand naming at most one virtual register (a
    frame slot, a symbol, a register, each plus a constant offset)."""
    p, _ = constant_offset(ptr)
    if isinstance(p, PtrAdd):  # an index: computed by the ptradd itself
        return Mem(base=sel.reg(ptr, 8))
    return sel.addr(ptr)


def _fresh(sel: FunctionISel, v: Value, size: int, dst: VReg | None = None) -> VReg:
    """`v` copied into a register the next instruction may overwrite."""
    r = dst if dst is not None else sel.mf.new_vreg(size)
    sel.mov(sel.operand(v, size), VReg(r.id, size), size)
    return VReg(r.id, size)


def _store(sel: FunctionISel, inst: AtomicStore) -> None:
    size = _size(inst.value.ty)
    if inst.ordering is Ordering.SEQ_CST:
        t = _fresh(sel, inst.value, size)
        sel.emit(SIZED["xchg", size], _mem(sel, inst.ptr), t, flags=VOL)
        return
    src = sel.operand(inst.value, size)
    m = _mem(sel, inst.ptr)
    sel.mov(src, m, size)
    _last(sel).flags |= VOL


def _last(sel: FunctionISel) -> MInst:
    assert sel.cur is not None
    return sel.cur.insts[-1]


def _rmw(sel: FunctionISel, inst: AtomicRMW) -> None:
    size = _size(inst.ty)
    used = any(not u.is_debug for u in inst.uses)  # real uses only: -g changes no code
    op = inst.rmw
    if op is RMWOp.XCHG:
        r = _fresh(sel, inst.value, size, sel.vreg(inst))
        sel.emit(SIZED["xchg", size], _mem(sel, inst.ptr), r, flags=VOL)
    elif op in (RMWOp.ADD, RMWOp.SUB) and used:
        v = inst.value
        if op is RMWOp.SUB and isinstance(v, Const):
            r = VReg(sel.vreg(inst).id, size)
            sel.mov(Imm(_signed(-v.int_value, size)), r, size)
        else:
            r = _fresh(sel, v, size, sel.vreg(inst))
            if op is RMWOp.SUB:
                w = max(size, 4)
                sel.emit(SIZED["neg", w], VReg(r.id, w))
        sel.emit(SIZED["lock xadd", size], r, _mem(sel, inst.ptr), flags=VOL)
    elif op in _LOCKED and not used:
        v_op = sel.operand(inst.value, size)
        sel.emit(SIZED[_LOCKED_OP[op], size], v_op, _mem(sel, inst.ptr), flags=VOL)
    else:
        _cas_loop(sel, inst, size, used)


def _cas_loop(sel: FunctionISel, inst: AtomicRMW, size: int, used: bool) -> None:
    """old = *p; do new = old OP v; while (!cmpxchg(p, old -> new)) with old
    reloaded by the failed cmpxchg; the result is the last old."""
    w = max(size, 4)  # narrow values are worked on in 32-bit registers, as by gcc
    m = _mem(sel, inst.ptr)
    v = sel.operand(inst.value, w) if size >= 4 else sel.extend(inst.value, False)
    old = sel.mf.new_vreg(w)  # zero-extended: cmpxchgb/w leave the upper bits alone
    sel.emit(_LOAD[size], m, old, flags=VOL)
    loop, cont = _split(sel)
    sel.emit("jmp", BlockRef(loop))
    sel.cur = loop
    new = sel.mf.new_vreg(w)
    sel.mov(old, PReg("rax", w), w)
    sel.mov(old, new, w)
    alu = "and" if inst.rmw is RMWOp.NAND else _LOCKED[inst.rmw]
    sel.emit(SIZED[alu, w], v, new)
    if inst.rmw is RMWOp.NAND:
        sel.emit(SIZED["not", w], new)
    sel.emit(SIZED["lock cmpxchg", size], VReg(new.id, size), m, flags=VOL)
    sel.mov(PReg("rax", w), old, w)  # moves leave the flags alone
    sel.emit("jne", BlockRef(loop))
    sel.emit("jmp", BlockRef(cont))
    sel.cur = cont
    if used:
        sel.mov(VReg(old.id, size), VReg(sel.vreg(inst).id, size), size)
        if sel.debug:  # the value leaves the loop here (run() numbers no split block)
            mi = _last(sel)
            mi.instr_num = sel.mf.new_instr_num()
            sel.value_num[inst] = (mi.instr_num, 1)


def _split(sel: FunctionISel) -> tuple[MBlock, MBlock]:
    """Two new blocks placed right after the current one: a loop and its exit,
    into which the rest of the IR block goes."""
    mf = sel.mf
    loop, cont = mf.new_block(sel.ir_block), mf.new_block(sel.ir_block)
    at = mf.blocks.index(sel.cur) + 1  # type: ignore[arg-type]
    mf.blocks[at:at] = [loop, cont]
    return loop, cont


def _cmpxchg(sel: FunctionISel, inst: CmpXchg) -> None:
    size = _size(inst.expected.ty)
    m = _mem(sel, inst.ptr)
    d = VReg(sel.reg(inst.desired, size).id, size)
    e = sel.operand(inst.expected, size)
    sel.mov(e, PReg("rax", size), size)
    sel.emit(SIZED["lock cmpxchg", size], d, m, flags=VOL)
    ok = sel.mf.new_vreg(1)
    if any(not u.is_debug and u.user not in sel.fused for u in inst.uses
           if isinstance(u.user, Extract) and u.user.index == 1):
        sel.emit("sete", ok)
    old = sel.mf.new_vreg(size)
    sel.mov(PReg("rax", size), old, size)
    sel.tuple_vregs[inst] = [old, ok]
