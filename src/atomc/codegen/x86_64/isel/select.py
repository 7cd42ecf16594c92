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

from dataclasses import replace

from ....diag import InternalCompilerError
from ....ir.dbgrecords import DbgKind, DbgRecord
from ....ir.debuginfo import DIExpression, DILocation, DW_OP_deref
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
from ....ir.types import FloatType, IntType, PtrType, TupleType, Type, VoidType, is_x87
from ....ir.values import Arg, BlockParam, Const, Undef, Value
from ....ir.wide import Wide
from ....options import CompileOptions
from ...mir import (
    BlockRef,
    DbgMeta,
    Imm,
    MBlock,
    Mem,
    MFunction,
    MIFlag,
    MInst,
    Operand,
    PReg,
    StackSlot,
    Sym,
    VReg,
)
from ..abi import FP_OFFSET_NO_XMM, REG_SAVE_AREA_SIZE, layout_args
from ..frame import OUTGOING_ARGS
from ..opcodes import ICMP_CC, OPCODES, SWAPPED_PRED, desc
from ..pic import Access, SymbolPolicy
from ..registers import ARG_REGS, SUFFIX, XMM_ARG_REGS, XMM_RET_REGS
from ..stack_clash import PROBED_ALLOCA
from ..tls import TlsLowering, is_thread_local
from .atomic import fused_cas_flags, lower_atomic
from .floating import FloatLowering
from .floating import _bits_of as _float_bits
from .floating import view as _view
from .global_hoist import plan_global_hoists
from .inline_asm import lower_inline_asm
from .switch import lower_switch
from .wide import WideLowering
from .x87 import X87Lowering

MAX_FRAME_ALIGN = 16  # %rbp is 16-byte aligned; larger alignments are realised dynamically
INLINE_COPY_LIMIT = 128  # bytes; larger copies and fills use rep movsb / rep stosb


def _ice(msg: str) -> InternalCompilerError:
    return InternalCompilerError(msg, where="isel")


def value_size(ty: Type) -> int:
    if isinstance(ty, IntType):
        return ty.size
    if isinstance(ty, PtrType):
        return 8
    if isinstance(ty, FloatType):
        return ty.size
    raise _ice(f"no register for a value of type {ty}")


def fits_i32(v: int) -> bool:
    return -(1 << 31) <= v < (1 << 31)


def _signed(v: int, bits: int) -> int:
    v &= (1 << bits) - 1
    return v - (1 << bits) if v >> (bits - 1) & 1 else v


def _w(size: int) -> int:
    """Operation width for `size`-byte values: narrow arithmetic runs at 32 bits."""
    return max(size, 4)


class FunctionISel(FloatLowering, X87Lowering, WideLowering):
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
        self.pending_blocks: list[MBlock] = []
        self.sret_vreg: VReg | None = None
        self.save_area: StackSlot | None = None
        self.overflow_area: StackSlot | None = None
        self.gp_offset = 0
        self.fp_offset = FP_OFFSET_NO_XMM

    # -- emission helpers ---------------------------------------------------------
    def emit(self, opcode: str, *ops: Operand, flags: MIFlag = MIFlag.NONE,
             implicit_uses: tuple[str, ...] | None = None,
             implicit_defs: tuple[str, ...] | None = None, meta: object = None) -> MInst:
        assert self.cur is not None
        d = OPCODES.get(opcode)
        iu = implicit_uses if implicit_uses is not None else (d.implicit_uses if d else ())
        idf = implicit_defs if implicit_defs is not None else (d.implicit_defs if d else ())
        mi = MInst(opcode, list(ops), loc=self.loc, flags=flags, implicit_uses=iu,
                   implicit_defs=idf, meta=meta)
        self.cur.append(mi)
        return mi

    def mov(self, src: Operand, dst: VReg | PReg | Mem, size: int) -> None:
        """Copy `size` bytes; sizes below 4 are widened to a 32-bit move when
        both sides are registers (avoids partial-register writes)."""
        if self.mf.is_xmm(src) or self.mf.is_xmm(dst):
            self.fmov(src, dst, size)
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
        self.emit("mov" + SUFFIX[size], _view(src, size), _view(dst, size))

    def vreg(self, v: Value) -> VReg:
        r = self.vregs.get(v)
        if r is None:
            r = self.mf.new_vreg(value_size(v.ty), isinstance(v.ty, FloatType))
            self.vregs[v] = r
        return r

    def operand(self, v: Value, size: int | None = None) -> VReg | Imm:
        """`v` as an instruction source: an immediate when it fits, else a register."""
        nat = value_size(v.ty) if not isinstance(v.ty, VoidType) else 8
        size = size or nat
        if isinstance(v.ty, FloatType):
            return self.freg(v)
        if isinstance(v, Const):
            bits = v.ty.bits if isinstance(v.ty, IntType) else 64
            sv = _signed(v.value, bits) if bits > 1 else v.value
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
        return VReg(self.vreg(v).id, size)

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
            s = self.mf.new_slot(v.size, max(v.align, 1), "alloca", v.name)
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
            return Mem(base=self.slot_of(p))
        if isinstance(p, Global) and is_thread_local(p):
            return self.tls.operand(p)
        if isinstance(p, Global) and self.folds_symbol(p):
            return Mem(symbol=p.name)
        if isinstance(p, PtrAdd) and isinstance(p.offset, Const):
            inner = self.addr(p.ptr)
            off = _signed(int(p.offset.value), 64)
            if fits_i32(inner.disp + off):
                return replace(inner, disp=inner.disp + off)
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
        self.plan_x87_homes(layout_args(fn.param_types, fn.byval_params).args)
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
                self.lower_entry()
            if self.debug:
                for p in b.params:
                    if is_x87(p.ty):
                        continue  # described by its home slot
                    num = self.mf.new_instr_num()
                    self.emit("DBG_PHI", self.vreg(p), Imm(num))
                    self.value_num[p] = (num, 0)
            for inst in b.insts:
                self.loc = inst.loc
                if self.debug and inst.dbg_records:
                    for rec in inst.dbg_records:
                        self.lower_dbg_record(rec)
                if inst is b.terminator and b in self.hoist_at:
                    # after the records: variables are located from the first body instruction
                    self.materialise_hoisted(b)
                self.tls.begin([u.value for u in inst.operands])
                start = len(self.cur.insts)
                start_block = self.cur
                self.lower(inst)
                if (self.debug and inst.ty.__class__ is not VoidType and inst not in self.fused
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
        return self.mf

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
        for mi in reversed(self.cur.insts[start:]):
            if mi.is_meta:
                continue
            k = _def_index(mi, r.id)
            if k is not None:
                mi.instr_num = self.mf.new_instr_num()
                self.value_num[inst] = (mi.instr_num, k)
                return

    def _find_fusable_compares(self) -> None:
        """An icmp whose only use is the branch ending its own block is emitted
        right before that branch (cmp + jcc instead of setcc + test)."""
        for b in self.fn.blocks:
            t = b.terminator
            if isinstance(t, Branch) and isinstance(t.cond, (Cmp, Wide)) and t.cond.block is b:
                c = t.cond
                # decided on real uses only, so -g cannot change the code
                real = [u for u in c.uses if not u.is_debug]
                if c.op in (Op.ICMP, Op.WIDE) and len(real) == 1 and real[0].user is t:
                    self.fused.add(c)

    def _find_scaled_offsets(self) -> None:
        """A 64-bit `x << k` or `x * 2^k` (k = 1..3) whose real uses are all
        non-constant ptradd offsets in its own block becomes the scaled index
        of those addresses and is not computed on its own (decided on real
        uses only, so -g cannot change the code; debug uses see it optimised out)."""
        for b in self.fn.blocks:
            for inst in b.insts:
                if not isinstance(inst, Binary) or value_size(inst.ty) != 8 \
                        or not isinstance(inst.rhs, Const) or isinstance(inst.lhs, Const):
                    continue
                c = int(inst.rhs.value)
                scale = 1 << c if inst.op is Op.SHL and 1 <= c <= 3 else \
                    c if inst.op is Op.MUL and c in (2, 4, 8) else 0
                real = [u for u in inst.uses if not u.is_debug]
                if scale and real and all(
                        isinstance(u.user, PtrAdd) and u.user.block is b
                        and u.user.ptr is not inst and u.user.offset is inst for u in real):
                    self.scaled[inst] = (inst.lhs, scale)
                    self.fused.add(inst)

    # -- entry --------------------------------------------------------------------------
    def lower_entry(self) -> None:
        fn = self.fn
        lay = layout_args(fn.param_types, fn.byval_params)
        if fn.variadic:
            self.save_area = self.mf.new_slot(REG_SAVE_AREA_SIZE, 16, "vararg_save")
            for i, r in enumerate(ARG_REGS):
                self.emit("movq", PReg(r), Mem(base=self.save_area, disp=8 * i),
                          flags=MIFlag.FRAME_SETUP)
            for i, r in enumerate(XMM_ARG_REGS):
                self.emit("movsd", PReg(r), Mem(base=self.save_area, disp=48 + 16 * i),
                          flags=MIFlag.FRAME_SETUP)
            used = lay.stack_bytes_used
            self.overflow_area = self.mf.new_slot(8, 8, "incoming", "va_overflow",
                                                  fixed_offset=used)
            self.gp_offset = 8 * lay.int_regs_used
            self.fp_offset = FP_OFFSET_NO_XMM + 16 * lay.xmm_regs_used
        for arg, loc in zip(fn.args, lay.args, strict=True):
            if is_x87(arg.ty):
                continue  # its home is the caller's copy (plan_x87_homes)
            if loc.byval is not None:
                size, align = loc.byval
                self.slots[arg] = self.mf.new_slot(size, align, "incoming", arg.name,
                                                   fixed_offset=loc.stack_offset)
                continue
            size = value_size(arg.ty)
            v = self.vreg(arg)
            if loc.reg is not None:
                self.mov(PReg(loc.reg, size), v, size)
            else:
                s = self.mf.new_slot(8, 8, "incoming", arg.name, fixed_offset=loc.stack_offset)
                if isinstance(arg.ty, FloatType):
                    self.fmov(Mem(base=s), v, size)
                else:
                    self.emit(_load_op(size), Mem(base=s), _view(v, _w(size)))
            mi = self.cur.insts[-1]  # type: ignore[union-attr]
            if self.debug:
                mi.instr_num = self.mf.new_instr_num()
                self.value_num[arg] = (mi.instr_num, 1)
        if fn.sret and fn.args:
            self.sret_vreg = self.vregs.get(fn.args[0])

    # -- debug records ------------------------------------------------------------------
    def record_token(self, rec: DbgRecord) -> int:
        """The record's token in `DbgMeta`: small numbers in first-use order, so
        the machine IR prints the same in every run (records live through isel)."""
        return self.record_tokens.setdefault(id(rec), len(self.record_tokens) + 1)

    def lower_dbg_record(self, rec: DbgRecord) -> None:
        v = rec.value
        inl = rec.loc.inlined_at if rec.loc is not None else None
        kind = rec.kind
        tok = (self.record_token(rec), self.record_token(rec.key) if rec.key is not None else 0)
        if rec.kind is DbgKind.DELETE:
            self.emit("DBG_VALUE", meta=DbgMeta(rec.var, inl, rec.expr, kind, *tok))
            return
        if v is None or isinstance(v, Undef):
            self.emit("DBG_VALUE", meta=DbgMeta(rec.var, inl, rec.expr, kind, *tok))
            return
        if self.x87_debug_value(rec, DbgMeta(rec.var, inl, rec.expr, kind, *tok)):
            return
        # a memory home, or (VLA at -O0) a slot holding the variable's address
        if self.is_frame_object(v) and (rec.expr.is_deref
                                        or rec.expr.ops == (DW_OP_deref, DW_OP_deref)):
            rest = DIExpression(rec.expr.ops[1:]) if rec.expr.ops[:1] == (DW_OP_deref,) \
                else rec.expr
            self.emit("DBG_VALUE", self.slot_of(v), meta=DbgMeta(rec.var, inl, rest, kind, *tok))
            return
        if isinstance(v, Const) and isinstance(v.value, int):
            bits = v.ty.bits if isinstance(v.ty, IntType) else 64
            self.emit("DBG_VALUE", Imm(_signed(v.value, bits) if bits > 1 else v.value),
                      meta=DbgMeta(rec.var, inl, rec.expr, kind, *tok))
            return
        if isinstance(v, Const) and isinstance(v.ty, FloatType) and not rec.expr.ops:
            # a float constant is described by its bit pattern (DW_OP_constu <bits>,
            # DW_OP_stack_value): debuggers read the variable's bytes from the value
            raw = _float_bits(v.ty.bits // 8, float(v.value))
            self.emit("DBG_VALUE", Imm(_signed(raw, 64)),
                      meta=DbgMeta(rec.var, inl, rec.expr, kind, *tok))
            return
        if isinstance(v, (Inst, Arg, BlockParam)) and not self.is_frame_object(v):
            mi = self.emit("DBG_INSTR_REF", Imm(0), Imm(0),
                           meta=DbgMeta(rec.var, inl, rec.expr, kind, *tok))
            self.ref_fixups.append((mi, v))
            return
        # addresses of globals/functions or non-deref frame addresses: not described
        self.emit("DBG_VALUE", meta=DbgMeta(rec.var, inl, rec.expr, kind, *tok))

    # -- instructions -------------------------------------------------------------------
    def lower(self, inst: Inst) -> None:
        op = inst.op
        if self.lower_x87(inst):
            return
        if isinstance(inst, Binary):
            if inst in self.scaled:
                return
            if op in (Op.SDIV, Op.UDIV, Op.SREM, Op.UREM):
                self.lower_div(inst)
            elif op in (Op.SHL, Op.LSHR, Op.ASHR):
                self.lower_shift(inst)
            elif op in _ALU:
                self.lower_alu(inst)
            elif isinstance(inst.ty, FloatType):
                self.lower_float_binary(inst)
            else:
                raise _ice(f"unsupported binary operation {op.value}")
        elif isinstance(inst, Cmp):
            if op is Op.FCMP:
                self.lower_fcmp(inst)
            elif inst not in self.fused:
                cc = self.emit_compare(inst)
                self.emit("set" + cc, VReg(self.vreg(inst).id, 1))
        elif isinstance(inst, Cast):
            self.lower_cast(inst)
        elif isinstance(inst, Alloca):
            if inst.align <= MAX_FRAME_ALIGN:
                self.slot_of(inst)
            else:
                # over-aligned: a 16-aligned slot with room to round the address up
                s = self.mf.new_slot(inst.size + inst.align, MAX_FRAME_ALIGN, "alloca", inst.name)
                v = self.vreg(inst)
                self.emit("leaq", Mem(base=s, disp=inst.align - 1), v)
                self.emit("andq", Imm(-inst.align), v)
        elif isinstance(inst, Load):
            size = value_size(inst.ty)
            if isinstance(inst.ty, FloatType):
                self.fmov(self.addr(inst.ptr), self.vreg(inst), size)
            else:
                self.emit(_load_op(size), self.addr(inst.ptr), _view(self.vreg(inst), _w(size)))
            if inst.volatile and self.cur is not None and self.cur.insts:
                self.cur.insts[-1].flags |= MIFlag.VOLATILE  # kept even if its value is unused
        elif isinstance(inst, Store):
            size = value_size(inst.value.ty)
            src = self.operand(inst.value, size)
            m = self.addr(inst.ptr)
            self.mov(src, m, size)
        elif isinstance(inst, PtrAdd):
            self.lower_ptradd(inst)
        elif isinstance(inst, MemCopy):
            self.copy_memory(self.addr(inst.dst), self.addr(inst.src), inst.size)
        elif isinstance(inst, MemSet):
            self.fill_memory(self.addr(inst.dst), inst.byte, inst.size)
        elif isinstance(inst, Select):
            if isinstance(inst.ty, FloatType):
                self.lower_float_select(inst)
            else:
                self.lower_select(inst)
        elif isinstance(inst, Call):
            self.lower_call(inst)
        elif isinstance(inst, Extract):
            if inst in self.fused:  # a cmpxchg's flag a branch reads from ZF
                return
            parts = self.tuple_vregs.get(inst.operand(0))
            if parts is None:
                raise _ice("extract from a value that is not a two-register call result")
            size = value_size(inst.ty)
            self.mov(VReg(parts[inst.index].id, size), self.vreg(inst), size)
        elif isinstance(inst, VaStart):
            self.lower_va_start(inst)
        elif isinstance(inst, DynAlloca):
            self.lower_dynalloca(inst)
        elif isinstance(inst, StackSave):
            self.mov(PReg("rsp"), self.vreg(inst), 8)
        elif isinstance(inst, StackRestore):
            self.mov(self.reg(inst.ptr, 8), PReg("rsp"), 8)
        elif isinstance(inst, InlineAsm):
            lower_inline_asm(self, inst)
        elif isinstance(inst, Wide):
            self.lower_wide(inst)
        elif isinstance(inst, Jump):
            self.lower_edge_copies(inst.succs[0])
            self.emit("jmp", BlockRef(self.blocks[inst.succs[0].block]))
        elif isinstance(inst, Branch):
            self.lower_branch(inst)
        elif isinstance(inst, Switch):
            self.lower_switch(inst)
        elif isinstance(inst, Ret):
            self.lower_ret(inst)
        elif isinstance(inst, Unreachable):
            self.emit("ud2")
        elif inst.op in ATOMIC_OPS:
            lower_atomic(self, inst)
        else:
            raise _ice(f"no instruction selection for {op.value}")

    def lower_alu(self, inst: Binary) -> None:
        size = value_size(inst.ty)
        w = _w(size)
        dst = VReg(self.vreg(inst).id, w)
        lhs, rhs = inst.lhs, inst.rhs
        if isinstance(lhs, Const) and not isinstance(rhs, Const) and inst.info.commutative:
            lhs, rhs = rhs, lhs
        self.mov(self.operand(lhs, w), dst, w)
        b = self.operand(rhs, w)
        self.emit(_ALU[inst.op] + SUFFIX[w], b, dst)

    def lower_shift(self, inst: Binary) -> None:
        size = value_size(inst.ty)
        w = _w(size)
        dst = self.vreg(inst)
        self.mov(self.operand(inst.lhs, w), VReg(dst.id, w), w)
        opc = {Op.SHL: "shl", Op.LSHR: "shr", Op.ASHR: "sar"}[inst.op] + SUFFIX[size]
        if isinstance(inst.rhs, Const):
            self.emit(opc, Imm(int(inst.rhs.value) & (63 if size == 8 else 31)),
                      VReg(dst.id, size))
        else:
            self.mov(self.operand(inst.rhs, 4), PReg("rcx", 4), 4)
            self.emit(opc, PReg("rcx", 1), VReg(dst.id, size), implicit_uses=("rcx",))

    def lower_div(self, inst: Binary) -> None:
        size = value_size(inst.ty)
        signed = inst.op in (Op.SDIV, Op.SREM)
        if size < 4:
            a: VReg | Imm = self.extend(inst.lhs, signed)
            b = self.extend(inst.rhs, signed)
            if isinstance(b, Imm):
                t = self.mf.new_vreg(4)
                self.mov(b, t, 4)
                b = t
            w = 4
        else:
            w = size
            a = self.operand(inst.lhs, w)
            b = self.reg(inst.rhs, w)
        s = SUFFIX[w]
        self.mov(a, PReg("rax", w), w)
        if signed:
            self.emit("cltd" if w == 4 else "cqto")
        else:
            self.emit("xorl", PReg("rdx", 4), PReg("rdx", 4))
        self.emit(("idiv" if signed else "div") + s, b)
        res = "rax" if inst.op in (Op.SDIV, Op.UDIV) else "rdx"
        self.mov(PReg(res, w), VReg(self.vreg(inst).id, w), w)

    def extend(self, v: Value, signed: bool) -> VReg | Imm:
        """A narrow integer widened to 32 bits."""
        size = value_size(v.ty)
        if isinstance(v, Const):
            bits = size * 8
            return Imm(_signed(int(v.value), bits) if signed else int(v.value) & ((1 << bits) - 1))
        src = self.reg(v)
        t = self.mf.new_vreg(4)
        opc = ("movs" if signed else "movz") + ("b" if size == 1 else "w") + "l"
        self.emit(opc, VReg(src.id, size), t)
        return t

    def emit_compare(self, c: Cmp) -> str:
        """Emit the flag-setting compare of `c`; return the x86 condition code."""
        pred = c.pred
        lhs, rhs = c.lhs, c.rhs
        size = value_size(lhs.ty)
        if isinstance(lhs, (Const, Undef)) and not isinstance(rhs, (Const, Undef)):
            lhs, rhs = rhs, lhs
            pred = SWAPPED_PRED[pred]
        a = self.reg(lhs, size)
        b = self.operand(rhs, size)
        self.emit("cmp" + SUFFIX[size], b, a)
        return ICMP_CC[pred]

    def lower_cast(self, inst: Cast) -> None:
        op = inst.op
        if op in (Op.SITOFP, Op.UITOFP, Op.FPTOSI, Op.FPTOUI, Op.FPEXT, Op.FPTRUNC, Op.FNEG,
                  Op.BITCAST):
            self.lower_float_cast(inst)
            return
        if op in (Op.CLZ, Op.CTZ):
            self.lower_bit_scan(inst)
            return
        src = inst.value
        s = value_size(src.ty)
        d = value_size(inst.ty)
        dst = self.vreg(inst)
        src_i1 = isinstance(src.ty, IntType) and src.ty.bits == 1
        if op is Op.SEXT:
            if isinstance(src, Const):
                bits = src.ty.bits  # type: ignore[union-attr]
                self.mov(Imm(_signed(int(src.value), bits)), dst, d)
                return
            r = self.reg(src)
            if src_i1:
                self.emit("movzbl", VReg(r.id, 1), VReg(dst.id, 4))
                self.emit("neg" + SUFFIX[_w(d)], VReg(dst.id, _w(d)))
            elif s == 4:
                self.emit("movslq", VReg(r.id, 4), dst)
            else:
                to = "q" if d == 8 else "l"
                self.emit("movs" + SUFFIX[s] + to, VReg(r.id, s), VReg(dst.id, 8 if d == 8 else 4))
            return
        if op in (Op.ZEXT, Op.INTTOPTR) or (op is Op.PTRTOINT and d >= s):
            if isinstance(src, Const):
                self.mov(Imm(int(src.value)), dst, d)
                return
            if s >= d:
                self.mov(self.operand(src, d), dst, d)
                return
            r = self.reg(src)
            if s == 4:
                self.emit("movl", VReg(r.id, 4), VReg(dst.id, 4))
            else:
                self.emit("movz" + SUFFIX[s] + "l", VReg(r.id, s), VReg(dst.id, 4))
            return
        # truncation (TRUNC, narrowing PTRTOINT)
        if op not in (Op.TRUNC, Op.PTRTOINT):
            raise _ice(f"unsupported cast {op.value}")
        self.mov(self.operand(src, _w(d)), VReg(dst.id, _w(d)), _w(d))
        if isinstance(inst.ty, IntType) and inst.ty.bits == 1:
            self.emit("andl", Imm(1), VReg(dst.id, 4))

    def lower_bit_scan(self, inst: Cast) -> None:
        """clz as `bsr; xor $(N-1)` and ctz as `bsf`, as gcc does without -mlzcnt/-mbmi."""
        size = value_size(inst.ty)
        dst = VReg(self.vreg(inst).id, size)
        src = self.reg(inst.value, size)
        if inst.op is Op.CLZ:
            self.emit("bsr" + SUFFIX[size], src, dst)
            self.emit("xor" + SUFFIX[size], Imm(size * 8 - 1), dst)
        else:
            self.emit("bsf" + SUFFIX[size], src, dst)

    def lower_ptradd(self, inst: PtrAdd) -> None:
        dst = self.vreg(inst)
        off = inst.offset
        if isinstance(off, Const):
            c = _signed(int(off.value), 64)
            base = self.addr(inst.ptr)
            if fits_i32(base.disp + c):
                self.lea(_mem_add(base, c), dst)
                return
        elif self.index_addressing:
            self.lea(self.addr(inst), dst)
            return
        self.mov(self.reg(inst.ptr, 8), dst, 8)
        self.emit("addq", self.operand(off, 8), dst)

    def lower_select(self, inst: Select) -> None:
        size = value_size(inst.ty)
        w = _w(size)
        dst = VReg(self.vreg(inst).id, w)
        a, b = inst.operand(1), inst.operand(2)
        cond = inst.cond
        if isinstance(cond, Const):
            self.mov(self.operand(a if cond.value else b, w), dst, w)
            return
        c = self.reg(cond, 1)
        self.mov(self.operand(b, w), dst, w)
        self.emit("testb", c, c)
        self.emit("cmovne" + SUFFIX[w], self.reg(a, w), dst)

    # -- memory blocks ------------------------------------------------------------------
    def copy_memory(self, dst: Mem, src: Mem, size: int) -> None:
        if size <= INLINE_COPY_LIMIT:
            t = self.mf.new_vreg(8)
            off = 0
            while off < size:
                chunk = _chunk(size - off)
                self.emit("mov" + SUFFIX[chunk], _mem_add(src, off), VReg(t.id, chunk))
                self.emit("mov" + SUFFIX[chunk], VReg(t.id, chunk), _mem_add(dst, off))
                off += chunk
            return
        self.lea(src, PReg("rsi"))
        self.lea(dst, PReg("rdi"))
        self.emit("movl", Imm(size), PReg("rcx", 4)) if size < (1 << 31) else \
            self.emit("movabsq", Imm(size), PReg("rcx"))
        self.emit("rep movsb")

    def fill_memory(self, dst: Mem, byte: Value, size: int) -> None:
        if isinstance(byte, Const) and size <= INLINE_COPY_LIMIT:
            b = int(byte.value) & 0xFF
            pat: Operand = Imm(0)
            if b:
                t = self.mf.new_vreg(8)
                self.emit("movabsq", Imm(_signed(b * 0x0101010101010101, 64)), t)
                pat = t
            off = 0
            while off < size:
                chunk = _chunk(size - off)
                self.emit("mov" + SUFFIX[chunk], _view(pat, chunk), _mem_add(dst, off))
                off += chunk
            return
        self.lea(dst, PReg("rdi"))
        self.mov(self.operand(byte, 4), PReg("rax", 4), 4)
        self.emit("movl", Imm(size), PReg("rcx", 4))
        self.emit("rep stosb")

    # -- calls and returns --------------------------------------------------------------
    def lower_call(self, inst: Call) -> None:
        args = inst.args
        lay = layout_args([a.ty for a in args], inst.byval)
        self.mf.max_call_frame = max(self.mf.max_call_frame, lay.stack_bytes)
        # stack arguments first: copying a byval object may use rdi/rsi/rcx
        for a, loc in zip(args, lay.args, strict=True):
            if loc.reg is not None:
                continue
            slot = Mem(base=PReg("rsp"), disp=loc.stack_offset)
            if self.x87_stack_arg(a, slot):
                continue
            if loc.byval is not None:
                self.copy_memory(slot, self.addr(a), loc.byval[0])
            else:
                size = value_size(a.ty)
                self.mov(self.operand(a, size), slot, size)
        used: list[str] = []
        for a, loc in zip(args, lay.args, strict=True):
            if loc.reg is None:
                continue
            size = value_size(a.ty)
            w = _w(size)
            self.mov(self.operand(a, w), PReg(loc.reg, w), w)
            used.append(loc.reg)
        if inst.fixed_args is not None:  # %al: how many vector registers carry arguments
            self.emit("movb", Imm(lay.xmm_regs_used), PReg("rax", 1))
            used.append("rax")
        callee = inst.callee
        if isinstance(callee, Function):
            target: Operand = Sym(self.policy.call_target(callee))
        else:
            target = self.reg(callee, 8)
        self.emit("call", target, implicit_uses=tuple(used))
        rt = inst.ty
        if self.x87_call_result(inst):
            return
        if isinstance(rt, TupleType):
            parts = []
            for et, r in zip(rt.elems, _return_regs(rt.elems)):
                sz = value_size(et)
                v = self.mf.new_vreg(sz, isinstance(et, FloatType))
                self.mov(PReg(r, sz), v, sz)
                parts.append(v)
            self.tuple_vregs[inst] = parts
        elif not isinstance(rt, VoidType):
            size = value_size(rt)
            self.mov(PReg(_return_regs([rt])[0], size), self.vreg(inst), size)

    def lower_ret(self, inst: Ret) -> None:
        if self.x87_return(inst):
            return
        vals = [u.value for u in inst.operands]
        if len(vals) > 2:
            raise _ice("return of more than two registers")
        used: list[str] = []
        for v, r in zip(vals, _return_regs([v.ty for v in vals])):
            size = value_size(v.ty)
            w = _w(size)
            self.mov(self.operand(v, w), PReg(r, w), w)
            used.append(r)
        if not vals and self.sret_vreg is not None:
            self.mov(self.sret_vreg, PReg("rax"), 8)
            used.append("rax")
        self.emit("ret", implicit_uses=tuple(used))

    def lower_dynalloca(self, inst: DynAlloca) -> None:
        """`subq` the size rounded up to 16 (plus slack for larger alignments) from
        %rsp; the object starts above the outgoing-argument area (frame lowering
        fills in its size), so later calls cannot overwrite it."""
        extra = inst.align if inst.align > 16 else 0
        size = self.mf.new_vreg(8)
        self.mov(self.operand(inst.size, 8), size, 8)
        self.emit("addq", Imm(15 + extra), size)
        self.emit("andq", Imm(-16), size)
        if self.opts.stack_clash_protection:
            self.emit(PROBED_ALLOCA, size)  # a page at a time (stack_clash)
        else:
            self.emit("subq", size, PReg("rsp"))
        dst = self.vreg(inst)
        self.emit("leaq", Mem(base=PReg("rsp"), symbol=OUTGOING_ARGS), dst)
        if extra:
            self.emit("addq", Imm(inst.align - 1), dst)
            self.emit("andq", Imm(-inst.align), dst)

    def lower_va_start(self, inst: VaStart) -> None:
        if self.save_area is None or self.overflow_area is None:
            raise _ice("va_start in a function that is not variadic")
        m = self.addr(inst.operand(0))
        self.emit("movl", Imm(self.gp_offset), m)
        self.emit("movl", Imm(self.fp_offset), _mem_add(m, 4))
        t = self.mf.new_vreg(8)
        self.emit("leaq", Mem(base=self.overflow_area), t)
        self.emit("movq", t, _mem_add(m, 8))
        t2 = self.mf.new_vreg(8)
        self.emit("leaq", Mem(base=self.save_area), t2)
        self.emit("movq", t2, _mem_add(m, 16))

    # -- control flow -------------------------------------------------------------------
    def lower_branch(self, inst: Branch) -> None:
        cond = inst.cond
        if isinstance(cond, Extract) and cond in self.fused:
            cc = "e"  # a cmpxchg's success: the ZF it left (isel_atomic)
        elif cond in self.fused:
            saved = self.loc
            self.loc = cond.loc  # type: ignore[union-attr]
            cc = self.wide_flags(cond) if isinstance(cond, Wide) else \
                self.emit_compare(cond)  # type: ignore[arg-type]
            self.loc = saved
        elif isinstance(cond, Const):
            taken = inst.succs[0] if cond.value else inst.succs[1]
            self.lower_edge_copies(taken)
            self.emit("jmp", BlockRef(self.blocks[taken.block]))
            return
        else:
            c = self.reg(cond, 1)
            self.emit("testb", c, c)
            cc = "ne"
        t = self.edge_target(inst.succs[0])
        f = self.edge_target(inst.succs[1])
        self.emit("j" + cc, BlockRef(t))
        self.emit("jmp", BlockRef(f))

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
        self.lower_edge_copies(succ)
        self.emit("jmp", BlockRef(target))
        self.cur = saved
        return edge

    def lower_edge_copies(self, succ: Succ) -> None:
        """Block-argument passing as one parallel copy, sequenced so that no
        source is overwritten before it is read; cycles go through a temporary."""
        params = succ.block.params
        vals = succ.arg_values
        if len(params) != len(vals):
            raise _ice("branch argument count does not match the block's parameters")
        self.x87_edge_copies(succ)
        pending: list[tuple[VReg, VReg | Imm, int]] = []
        for p, v in zip(params, vals):
            if is_x87(p.ty):
                continue
            size = value_size(p.ty)
            d = self.vreg(p)
            s = self.operand(v, size)
            if isinstance(s, VReg) and s.id == d.id:
                continue
            pending.append((d, s, size))
        while pending:
            for i, (d, s, size) in enumerate(pending):
                blocked = any(isinstance(s2, VReg) and s2.id == d.id
                              for j, (_, s2, _) in enumerate(pending) if j != i)
                if not blocked:
                    self.mov(s, VReg(d.id, size), size)
                    pending.pop(i)
                    break
            else:
                d, _, size = pending[0]
                nat = self.mf.vreg_sizes[d.id]
                t = self.mf.new_vreg(nat, d.id in self.mf.xmm_vregs)
                self.mov(VReg(d.id, nat), t, nat)
                pending = [(d2, VReg(t.id, s2.size) if isinstance(s2, VReg) and s2.id == d.id
                            else s2, sz2) for d2, s2, sz2 in pending]

    def lower_switch(self, inst: Switch) -> None:
        size = value_size(inst.value.ty)
        lower_switch(self, inst, self.reg(inst.value, size), size)


_ALU = {Op.ADD: "add", Op.SUB: "sub", Op.MUL: "imul", Op.AND: "and", Op.OR: "or",
        Op.XOR: "xor"}

def _return_regs(types: list[Type] | tuple[Type, ...]) -> list[str]:
    """Return registers by class, in order: integers in rax, rdx; floats in xmm0, xmm1."""
    gp, sse = iter(("rax", "rdx")), iter(XMM_RET_REGS)
    return [next(sse) if isinstance(t, FloatType) else next(gp) for t in types]


def _load_op(size: int) -> str:
    return {1: "movzbl", 2: "movzwl", 4: "movl", 8: "movq"}[size]


def _chunk(n: int) -> int:
    return 8 if n >= 8 else 4 if n >= 4 else 2 if n >= 2 else 1


def _mem_add(m: Mem, off: int) -> Mem:
    return replace(m, disp=m.disp + off) if off else m


def _def_index(mi: MInst, vreg_id: int) -> int | None:
    d = desc(mi.opcode)
    for k, (role, op) in enumerate(zip(d.roles, mi.operands)):
        if "d" in role and isinstance(op, VReg) and op.id == vreg_id:
            return k
    return None


def select_function(fn: Function, number: int, module: Module, debug: bool,
                    index_addressing: bool = False,
                    opts: CompileOptions | None = None) -> MFunction:
    return FunctionISel(fn, number, module, debug, index_addressing, opts).run()
