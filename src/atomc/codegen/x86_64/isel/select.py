"""Instruction selection: IR function -> MIR over virtual registers.

Conventions the register allocators rely on:
* every value gets one virtual register of its natural width (i1 = 1 byte,
  holding 0 or 1); narrower views of it may be read freely; a definition is
  written at the natural width, at a wider width, or as the 32-bit view of a
  64-bit register (which the hardware zero-extends) and never narrower;
* no instruction names more than two distinct virtual registers (memory
  operands have at most a base register), so an allocator that keeps every
  virtual register in memory needs only two scratch registers;
* physical registers appear only in short fixed sequences (argument and
  return registers, the divide's rdx:rax, the shift count in %cl, string
  instructions), never live across another such sequence.

Each IR value-defining instruction's last machine definition gets a debug
instruction number; debug records become DBG_VALUE (memory homes, constants)
or DBG_INSTR_REF (SSA values) meta instructions, block parameters and
arguments get DBG_PHI / numbered copies (variable-locations spec §7.3).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, Final

from ....ir.dbgrecords import DbgRecord
from ....ir.debuginfo import DILocation
from ....ir.function import Block, Function, Global, Module
from ....ir.insts import (
    ATOMIC_OPS,
    Alloca,
    Binary,
    Branch,
    Call,
    Cast,
    Cmp,
    DynAlloca,
    Extract,
    InlineAsm,
    Inst,
    Jump,
    Load,
    MemCopy,
    MemSet,
    Op,
    PtrAdd,
    Ret,
    Select,
    StackRestore,
    StackSave,
    Store,
    Succ,
    Switch,
    Unreachable,
    VaStart,
)
from ....ir.loops import Loop
from ....ir.types import FloatType, IntType, TupleType, VoidType, is_x87
from ....ir.values import Const, Undef, Value
from ....ir.wide import Wide
from ....options import CompileOptions
from ...mir import (
    META_OPCODES,
    BlockRef,
    Imm,
    MBlock,
    Mem,
    MFunction,
    MIFlag,
    MInst,
    Operand,
    PReg,
    SlotKind,
    StackSlot,
    VReg,
)
from ..abi import FP_OFFSET_NO_XMM, layout_args
from ..function_state import is_xmm, new_xmm_vreg
from ..opcodes import EXTEND, SIZED, find
from ..pic import Access, SymbolPolicy
from ..tls import TlsLowering, is_thread_local
from .arith import lower_binary, lower_cast, lower_cmp, lower_select
from .atomic import fused_cas_flags, lower_atomic
from .calls import (
    lower_call,
    lower_dynalloca,
    lower_entry,
    lower_extract,
    lower_ret,
    lower_va_start,
)
from .common import (
    MAX_FRAME_ALIGN,
    _def_index,
    _ice,
    _signed,
    fits_i32,
    value_size,
)
from .control import assigned_by_copies, lower_branch, lower_edge_copies, lower_jump
from .debug_values import lower_dbg_record, resolve_frame_addresses
from .floating import FloatLowering
from .floating import view as _view
from .global_hoist import plan_global_hoists
from .memory import (
    lower_alloca,
    lower_load,
    lower_memcopy,
    lower_memset,
    lower_ptradd,
    lower_stack_restore,
    lower_stack_save,
    lower_store,
)
from .switch import lower_switch
from .wide import WideLowering
from .x87 import X87Lowering


class FunctionISel:
    """The state of selecting one function (value registers, slots, blocks, debug
    numbering) and the helpers every lowering shares; SSE floats, x87 and `wide`
    instructions are lowered by the components `sse`, `x87` and `wide` it holds."""

    # `detach` deletes these; a mypyc-compiled class allows it only for names listed
    __deletable__ = ["sse", "x87", "wide", "tls"]

    def __init__(self, fn: Function, number: int, module: Module, debug: bool,
                 index_addressing: bool = False, opts: CompileOptions | None = None) -> None:
        opts = opts or CompileOptions()
        self.opts = opts
        self.policy = SymbolPolicy(opts.code_model, opts.visibility)
        self.optimising = opts.opt_level > 0
        self.tls = TlsLowering(self, opts.tls_model)
        self.fn = fn
        # base+index*scale operands: off at -O0, whose allocator handles at most
        # two virtual registers per instruction
        self.index_addressing = index_addressing
        self.module = module
        self.debug = debug
        self.mf = MFunction(fn.name, fn, number)
        self.vregs: dict[Value, VReg] = {}
        self.tuple_vregs: dict[Value, list[VReg]] = {}
        self.slots: dict[Value, StackSlot] = {}  # allocas and byval arguments
        self.blocks: dict[Block, MBlock] = {}
        self.cur: MBlock | None = None
        self.loc: DILocation | None = None
        self.fused: set[Inst] = set()
        self.scaled: dict[Inst, tuple[Value, int]] = {}  # fused `x << k` / `x * 2^k` offsets
        self.ir_block: Block | None = None
        self.hoist_at: dict[Block, list[Global]] = {}  # preheader -> globals to materialise
        self.hoist_scope: dict[Block, Loop] = {}
        self.hoisted: dict[tuple[Loop, Global], VReg] = {}
        self.value_num: dict[Value, tuple[int, int]] = {}
        self.record_tokens: dict[int, int] = {}  # id(DbgRecord) -> its token, from 1
        self.ref_fixups: list[tuple[MInst, Value]] = []
        self.frame_addr_fixups: list[tuple[MInst, Value, int]] = []
        self.pending_blocks: list[MBlock] = []
        # records of the jump being lowered that its edge copies assign (lower_jump)
        self.after_copies: list[DbgRecord] = []
        self.sret_vreg: VReg | None = None
        self.save_area: StackSlot | None = None
        self.overflow_area: StackSlot | None = None
        self.gp_offset = 0
        self.fp_offset = FP_OFFSET_NO_XMM
        self.slot_mems: dict[int, Mem] = {}  # `addr` of a frame object, by slot
        self.sse = FloatLowering(self)
        self.x87 = X87Lowering(self)
        self.wide = WideLowering(self)

    # -- emission helpers ---------------------------------------------------------
    def emit(self, opcode: str, *ops: Operand, flags: MIFlag = MIFlag.NONE,
             implicit_uses: tuple[str, ...] | None = None,
             implicit_defs: tuple[str, ...] | None = None, meta: object = None) -> MInst:
        assert self.cur is not None
        d = find(opcode)
        iu = implicit_uses if implicit_uses is not None else (d.implicit_uses if d else ())
        idf = implicit_defs if implicit_defs is not None else (d.implicit_defs if d else ())
        # (a comprehension over the tuple: a native loop, where `list(ops)` is a generic call)
        mi = MInst(opcode, [op for op in ops], self.loc, flags, iu, idf, meta)
        self.cur.append(mi)
        return mi

    def mov(self, src: Operand, dst: VReg | PReg | Mem, size: int) -> None:
        """Copy `size` bytes; sizes below 4 are widened to a 32-bit move when
        both sides are registers (avoids partial-register writes)."""
        if is_xmm(self.mf, src) or is_xmm(self.mf, dst):
            self.sse.fmov(src, dst, size)
            return
        if isinstance(src, Imm) and size == 8 and not fits_i32(src.value):
            if isinstance(dst, Mem):
                t = self.mf.new_vreg(8)
                self.emit("movabsq", src, t)
                self.emit("movq", t, dst)
            else:
                self.emit("movabsq", src, dst)
            return
        if isinstance(src, Imm) and size < 8:
            src = Imm(_signed(src.value, size * 8))
        if size < 4 and not isinstance(dst, Mem) and not isinstance(src, Mem):
            self.emit("movl", _view(src, 4), _view(dst, 4))
            return
        op = _MOVS[size] if 0 < size < 9 else ""
        self.emit(op or SIZED["mov", size], _view(src, size), _view(dst, size))

    def vreg(self, v: Value) -> VReg:
        r = self.vregs.get(v)
        if r is None:
            size = value_size(v.ty)
            r = new_xmm_vreg(self.mf, size) if isinstance(v.ty, FloatType) \
                else self.mf.new_vreg(size)
            self.vregs[v] = r
        return r

    def operand(self, v: Value, size: int | None = None) -> VReg | Imm:
        """`v` as an instruction source: an immediate when it fits, else a register."""
        nat = value_size(v.ty) if not isinstance(v.ty, VoidType) else 8
        size = size or nat
        if isinstance(v.ty, FloatType):
            return self.sse.freg(v)
        if isinstance(v, Const):
            bits = v.ty.bits if isinstance(v.ty, IntType) else 64
            sv = _signed(v.int_value, bits) if bits > 1 else v.int_value
            if size == 8 and not fits_i32(sv):
                t = self.mf.new_vreg(8)
                self.emit("movabsq", Imm(sv), t)
                return t
            return Imm(_signed(sv, min(size, 4) * 8) if size < 8 else sv)
        if isinstance(v, Undef):
            return Imm(0)
        if self.is_frame_object(v):
            t = self.mf.new_vreg(8)
            self.emit("leaq", Mem(base=self.slot_of(v)), t)
            return _view(t, size)  # type: ignore[return-value]
        if isinstance(v, (Function, Global)):
            return _view(self.symbol_address(v), size)  # type: ignore[return-value]
        if isinstance(v.ty, TupleType):
            raise _ice("a two-register value used directly (needs extract)")
        r = self.vreg(v)
        return r if r.size == size else VReg(r.id, size)

    def reg(self, v: Value, size: int | None = None) -> VReg:
        """`v` in a virtual register (materialising immediates)."""
        op = self.operand(v, size)
        if isinstance(op, VReg):
            return op
        size = size or value_size(v.ty)
        t = self.mf.new_vreg(size)
        self.mov(op, t, size)
        return t

    def is_frame_object(self, v: Value) -> bool:
        """A value that is the address of a fixed frame slot (no register needed)."""
        return v in self.slots or (isinstance(v, Alloca) and v.align <= MAX_FRAME_ALIGN)

    def slot_of(self, v: Value) -> StackSlot:
        s = self.slots.get(v)
        if s is None:
            assert isinstance(v, Alloca)
            s = self.mf.new_slot(v.size, max(v.align, 1), SlotKind.ALLOCA, v.name)
            self.mf.slots[s.index].arrays = int(v.arrays)  # stack-protector layout
            self.slots[v] = s
        return s

    def symbol_address(self, v: Function | Global) -> VReg:
        lp = self.hoist_scope.get(self.ir_block) if self.ir_block is not None else None
        if lp is not None and isinstance(v, Global):
            r = self.hoisted.get((lp, v))
            if r is not None:
                return r
        if is_thread_local(v):
            return self.tls.address(v)  # type: ignore[arg-type]
        t = self.mf.new_vreg(8)
        if self.policy.data_access(v) is Access.GOT:
            self.emit("movq", Mem(symbol=f"{v.name}@GOTPCREL"), t)
        else:
            self.emit("leaq", Mem(symbol=v.name), t)
        return t

    def folds_symbol(self, g: Global) -> bool:
        """Can a memory operand reach `g` without a register (`g(%rip)`, `%fs:g@tpoff`)?"""
        if is_thread_local(g):
            return self.tls.folds(g)
        return self.policy.data_access(g) is Access.DIRECT

    def addr(self, p: Value) -> Mem:
        """A memory operand for the address `p`, folding frame objects, global
        symbols and constant offsets."""
        if self.is_frame_object(p):
            s = self.slot_of(p)
            m = self.slot_mems.get(s.index)
            if m is None:  # one operand per slot, shared by its accesses
                m = self.slot_mems[s.index] = Mem(base=s)
            return m
        if isinstance(p, Global) and is_thread_local(p):
            return self.tls.operand(p)
        if isinstance(p, Global) and self.folds_symbol(p):
            return Mem(symbol=p.name)
        if isinstance(p, PtrAdd) and isinstance(p.offset, Const):
            inner = self.addr(p.ptr)
            off = _signed(p.offset.int_value, 64)
            if fits_i32(inner.disp + off):
                return Mem(inner.base, inner.index, inner.scale, inner.disp + off,
                           inner.symbol, inner.segment)
        elif isinstance(p, PtrAdd) and self.index_addressing and p.block is self.ir_block:
            # base + index*scale: the ptradd's operands are read here directly
            # (same block, so no longer live ranges); its own lea dies if unused
            inner = self.addr(p.ptr)
            if inner.index is not None or inner.base is None and inner.segment is None:
                # indexed already, or %rip-relative (which takes no index)
                inner = Mem(base=self.reg(p.ptr, 8))
            index, scale = self.scaled_index(p.offset)
            return replace(inner, index=index, scale=scale)
        return Mem(base=self.reg(p, 8))

    def lea(self, m: Mem, dst: VReg | PReg) -> None:
        """`dst = &m` (lea ignores segments: a thread-local operand is rebased first)."""
        self.emit("leaq", self.tls.linear(m) if m.segment else m, dst)

    def scaled_index(self, off: Value) -> tuple[VReg, int]:
        """`off` as an address's index register and scale."""
        folded = self.scaled.get(off)  # type: ignore[call-overload]
        if folded is not None:
            return self.reg(folded[0], 8), folded[1]
        return self.reg(off, 8), 1

    # -- driver -----------------------------------------------------------------------
    def run(self) -> MFunction:
        fn = self.fn
        for b in fn.blocks:
            self.blocks[b] = self.mf.new_block(b)
        self.x87.plan_homes(layout_args(fn.param_types, fn.byval_params).args)
        self._find_fusable_compares()
        self.fused |= fused_cas_flags(fn)
        if self.index_addressing:
            self._find_scaled_offsets()
            self.hoist_at, self.hoist_scope = plan_global_hoists(fn, self.folds_symbol)
        for b in fn.blocks:
            self.cur = self.blocks[b]
            self.ir_block = b
            self.mf.blocks.append(self.cur)
            self.loc = None
            if b is fn.entry:
                lower_entry(self)
            for p in b.params:
                if is_x87(p.ty):
                    continue  # described by its home slot
                # the parameters' registers are numbered here with or without -g:
                # numbered at their first use instead, they would get other numbers
                # than the DBG_PHIs give them, and the allocator's ties other outcomes
                r = self.vreg(p)
                if self.debug:
                    num = self.mf.new_instr_num()
                    self.emit("DBG_PHI", r, Imm(num))
                    self.value_num[p] = (num, 0)
            # (asked once per block, not per instruction: a dict lookup each)
            hoisted = b in self.hoist_at
            for inst in b.insts:
                self.loc = inst.loc
                if self.debug and inst.dbg_records:
                    self.after_copies = assigned_by_copies(inst)
                    for rec in inst.dbg_records:
                        if rec not in self.after_copies:
                            lower_dbg_record(self, rec)
                if hoisted and inst is b.terminator:
                    # after the records: variables are located from the first body instruction
                    self.materialise_hoisted(b)
                self.tls.begin(inst.operands)
                start = len(self.cur.insts)
                start_block = self.cur
                self.lower(inst)
                # (`type()`: a native test; `.__class__` is a generic attribute lookup)
                if (self.debug and type(inst.ty) is not VoidType and inst not in self.fused
                        and not self.is_frame_object(inst) and self.cur is start_block):
                    self._number_def(inst, start)
            self.mf.blocks.extend(self.pending_blocks)
            self.pending_blocks = []
        for mi, v in self.ref_fixups:
            ref = self.value_num.get(v)
            if ref is None:  # no defining instruction (e.g. folded away): variable is undef
                mi.opcode = "DBG_VALUE"
                mi.operands = []
            else:
                mi.operands = [Imm(ref[0]), Imm(ref[1])]
        resolve_frame_addresses(self)
        return self.mf

    def detach(self) -> None:
        """Drop the components, which point back at this state: without that cycle
        reference counting frees the selection's tables (keyed by every IR value
        and block) when the function is selected, instead of leaving them, and the
        machine blocks they name, to the cyclic collector."""
        del self.sse, self.x87, self.wide, self.tls

    def materialise_hoisted(self, preheader: Block) -> None:
        """Define the loop nest's global-address registers before the jump into it."""
        self.ir_block = None  # a fresh definition, not the loop's register
        lp = self.hoist_scope[preheader.successors[0]]
        for g in self.hoist_at[preheader]:
            self.hoisted[(lp, g)] = self.symbol_address(g)
        self.ir_block = preheader

    def _number_def(self, inst: Inst, start: int) -> None:
        r = self.vregs.get(inst)
        if r is None:
            return
        assert self.cur is not None
        insts = self.cur.insts
        for j in range(len(insts) - 1, start - 1, -1):
            mi = insts[j]
            if mi.opcode in META_OPCODES:
                continue
            k = _def_index(mi, r.id)
            if k is not None:
                mi.instr_num = self.mf.new_instr_num()
                self.value_num[inst] = (mi.instr_num, k)
                return

    def _find_fusable_compares(self) -> None:
        """An icmp whose only use is the branch ending its own block is emitted
        right before that branch (cmp + jcc instead of setcc + test); one whose only
        use is an integer select of its own block (when optimising), right before the
        select's cmov."""
        for b in self.fn.blocks:
            t = b.terminator
            if isinstance(t, Branch) and isinstance(t.cond, (Cmp, Wide)) and t.cond.block is b:
                c = t.cond
                # decided on real uses only, so -g cannot change the code
                real = [u for u in c.uses if not u.is_debug]
                if c.op in (Op.ICMP, Op.WIDE) and len(real) == 1 and real[0].user is t:
                    self.fused.add(c)
            if not self.optimising:
                continue  # -O0 keeps each value in its slot, the compare's too
            for inst in b.insts:  # an icmp choosing one select of its block: cmp + cmov
                if isinstance(inst, Select) and isinstance(inst.cond, Cmp) \
                        and inst.cond.op is Op.ICMP and inst.cond.block is b:
                    real = [u for u in inst.cond.uses if not u.is_debug]
                    if len(real) == 1 and not isinstance(inst.ty, FloatType) \
                            and not is_x87(inst.ty):
                        self.fused.add(inst.cond)

    def _find_scaled_offsets(self) -> None:
        """A 64-bit `x << k` or `x * 2^k` (k = 1..3) whose real uses are all
        non-constant ptradd offsets in its own block becomes the scaled index
        of those addresses and is not computed on its own (decided on real
        uses only, so -g cannot change the code; debug uses see it optimised out)."""
        for b in self.fn.blocks:
            for inst in b.insts:
                if not isinstance(inst, Binary) or value_size(inst.ty) != 8 \
                        or not isinstance(inst.rhs, Const) or isinstance(inst.lhs, Const) \
                        or not isinstance(inst.rhs.value, int):  # a double's fmul
                    continue
                c = inst.rhs.int_value
                scale = 1 << c if inst.op is Op.SHL and 1 <= c <= 3 else \
                    c if inst.op is Op.MUL and c in (2, 4, 8) else 0
                real = [u for u in inst.uses if not u.is_debug]
                if scale and real and all(
                        isinstance(u.user, PtrAdd) and u.user.block is b
                        and u.user.ptr is not inst and u.user.offset is inst for u in real):
                    self.scaled[inst] = (inst.lhs, scale)
                    self.fused.add(inst)

    # -- entry --------------------------------------------------------------------------

    # -- instructions -------------------------------------------------------------------
    def lower(self, inst: Inst) -> None:
        if self.x87.lower(inst):
            return
        lowering = _LOWERINGS.get(type(inst))
        if lowering is not None:
            lowering(self, inst)
        elif inst.op in ATOMIC_OPS:
            lower_atomic(self, inst)
        else:
            raise _ice(f"no instruction selection for {inst.op.value}")

    def extend(self, v: Value, signed: bool) -> VReg | Imm:
        """A narrow integer widened to 32 bits."""
        size = value_size(v.ty)
        if isinstance(v, Const):
            bits = size * 8
            return Imm(_signed(v.int_value, bits) if signed else v.int_value & ((1 << bits) - 1))
        src = self.reg(v)
        t = self.mf.new_vreg(4)
        self.emit(EXTEND[signed, size, 4], VReg(src.id, size), t)
        return t

    # -- memory blocks ------------------------------------------------------------------

    # -- calls and returns --------------------------------------------------------------

    # -- control flow -------------------------------------------------------------------

    def edge_target(self, succ: Succ) -> MBlock:
        """The block to jump to for `succ`: the target itself, or a new block
        holding the edge's parallel copies (so they run on that edge only)."""
        target = self.blocks[succ.block]
        if not succ.args:
            return target
        edge = self.mf.new_block(None)
        self.pending_blocks.append(edge)
        saved = self.cur
        self.cur = edge
        lower_edge_copies(self, succ)
        self.emit("jmp", BlockRef(target))
        self.cur = saved
        return edge

    def lower_switch(self, inst: Switch) -> None:
        size = value_size(inst.value.ty)
        lower_switch(self, inst, self.reg(inst.value, size), size)


def _lower_switch(sel: FunctionISel, inst: Switch) -> None:
    sel.lower_switch(inst)


def _lower_wide(sel: FunctionISel, inst: Wide) -> None:
    sel.wide.lower(inst)


def _lower_unreachable(sel: FunctionISel, inst: Unreachable) -> None:
    sel.emit("ud2")


def _lower_inline_asm(sel: FunctionISel, inst: InlineAsm) -> None:
    # imported here: few files have asm statements (with the template parser, three
    # modules a compile of the others does not import)
    from .inline_asm import lower_inline_asm

    lower_inline_asm(sel, inst)


# `mov` by operand size (a list index: `SIZED["mov", size]` makes a tuple per move)
_MOVS: Final[list[str]] = [SIZED.get(("mov", n), "") for n in range(9)]

# the lowering of each instruction class (atomics, by opcode, go to `lower_atomic`)
_LOWERINGS: Final[dict[type[Inst], Callable[[FunctionISel, Any], None]]] = {
    Binary: lower_binary, Cmp: lower_cmp, Cast: lower_cast, Select: lower_select,
    Alloca: lower_alloca, Load: lower_load, Store: lower_store, PtrAdd: lower_ptradd,
    MemCopy: lower_memcopy, MemSet: lower_memset, StackSave: lower_stack_save,
    StackRestore: lower_stack_restore, Call: lower_call, Extract: lower_extract,
    VaStart: lower_va_start, DynAlloca: lower_dynalloca, Ret: lower_ret,
    InlineAsm: _lower_inline_asm, Wide: _lower_wide, Jump: lower_jump, Branch: lower_branch,
    Switch: _lower_switch, Unreachable: _lower_unreachable,
}


def select_function(fn: Function, number: int, module: Module, debug: bool,
                    index_addressing: bool = False,
                    opts: CompileOptions | None = None) -> MFunction:
    sel = FunctionISel(fn, number, module, debug, index_addressing, opts)
    try:
        return sel.run()
    finally:
        sel.detach()
