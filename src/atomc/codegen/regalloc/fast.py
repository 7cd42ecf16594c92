"""The -O0 register allocator: block-local, in the manner of LLVM's RegAllocFast.

Within a block a virtual register stays in a physical register from its
definition to its last use there. Its value goes to a stack slot only when it
must leave the register while still needed: when no register of its class is
free (the one whose last use is farthest is evicted, a value already in its
slot first), or when an instruction writes its register (a call clobbers every
caller-saved register; isel's fixed registers: arguments, return values, a
division's %rax:%rdx, a shift count). A register is chosen free of such writes
until the value's last use where one is, and a value read by a move into a
fixed register is loaded or computed there (a source's register, for a copy),
so that the move copies a register to itself. The pool is
the caller-saved registers isel may not name (`RegisterFile.allocatable_caller`,
`vector_allocatable`), so the prologue saves nothing; the scratch registers
%r10/%r11 (%xmm14/%xmm15) serve only an instruction whose operands find no other
register, reloaded before it and stored after it, never held across
instructions (frame lowering and the hardening passes use them there).

A virtual register live across blocks (`fast_scan`: named in two blocks, or read
before its first definition) keeps a stack slot home that holds its value at
every block boundary: its last definition in a block is stored there at once
(a plain move into it becomes the store itself), an earlier one when it leaves
its register, and a register holds it only until its last use in the block. A
block-local register that has to leave its register
takes a slot from a pool that the block's other such registers take once its
last use has passed (with one slot per register an -O0 frame grew with the
code: jq's `jv_get` took 4.4 KB of stack where gcc's takes 88 bytes, and deep
recursion overflowed the stack far sooner than gcc -O0's build).

A copy that ends up moving a register to itself disappears (a 32-bit one only
when the upper half is clear already or no reader looks there), except the copy
of a call's result, whose line row begins at the return address (where gdb,
stepping out of the callee, stops only at the start of a row). A byte or word register
read wider is zero-extended in place first, as a reload from its slot does.
Reloads, stores and extensions take the location of the instruction they serve.

Debug info: variables live in their allocas at -O0, so the records name slots.
A DBG_PHI or DBG_INSTR_REF naming a value becomes a DBG_VALUE of its home slot
when the slot holds it from its definition on; a block-local value has no slot
that lasts, so its record gets no location rather than a stale one (no -O0
record names one today). A copy that disappears leaves a DBG_PHI on its
register, so its number stays defined. The choices
read only real instructions: the code is the same with and without -g.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Container
from typing import ClassVar, Final

from ...diag import InternalCompilerError
from ..mir import Imm, Mem, MFunction, MInst, Operand, PReg, SlotKind, StackSlot, VReg
from ..mir.passes import MDI, MachineContext, MachinePass, MIRState
from ..target import Extension, OpcodeInfo, current, is_move32
from .fast_scan import BlockScan, InstRefs, scan_function
from .spill import spill_slot

__all__ = ["FastAllocator", "FastRegalloc", "allocate"]


def allocate(mf: MFunction) -> None:
    FastAllocator(mf).run()


class FastAllocator:
    def __init__(self, mf: MFunction) -> None:
        self.mf = mf
        self.sizes = mf.vreg_sizes
        self.homes: dict[int, StackSlot] = {}  # per register live across blocks: its slot
        self.num_slot: dict[int, StackSlot] = {}
        self.refs: list[MInst] = []  # the DBG_INSTR_REFs, in layout order
        # one operand per slot, and per register and width: every reload and store of
        # a slot shares one (operands are immutable), so later passes resolve it once
        self.slot_mems: dict[int, Mem] = {}
        # per register name its operands by width (index: size in bytes): a lookup
        # by name and an index, no (name, size) tuple made and hashed per operand
        self.pregs: dict[str, list[PReg | None]] = {}
        # the reload and spill opcodes by width and class (index: 2 * size + vector)
        self.moves: list[tuple[str, str] | None] = [None] * (2 * _WIDEST)
        count = len(self.sizes)
        target = current()
        self.target = target
        # per register: of the vector class? (the target's set, read once)
        self.vector: list[bool] = [False] * count
        for vid in target.vector_vregs(mf):
            self.vector[vid] = True
        registers = target.registers
        self.scratch = registers.scratch
        self.vector_scratch = registers.vector_scratch
        self.scratch_set = frozenset((*registers.scratch, *registers.vector_scratch))
        self.gpr: tuple[str, ...] = registers.allocatable_caller
        self.vec: tuple[str, ...] = registers.vector_allocatable
        self.local: list[bool] = []
        self.wide: set[int] = set()
        # the block being allocated
        # per virtual register (lists by id, function-wide: no int boxed and hashed
        # per lookup), set for the registers the block names as it starts
        self.last: list[int] = [-1] * count      # its last reference in the block
        self.last_def: list[int] = [-1] * count  # its last write in the block
        self.where: list[str] = [""] * count     # the physical register holding it, or ""
        self.holder: dict[str, int] = {}  # the reverse, for the block
        self.clean: list[bool] = [False] * count  # held, and its slot holds its value too
        self.cleaned: list[int] = []  # the registers marked clean in the block
        # the register each virtual register the current instruction names gets
        # (valid for its reads and writes only: set before they are looked up)
        self.assign: list[str] = [""] * count
        # an instruction's scratch containers, emptied and reused by the next one
        # (`step`, `_read`, `_write`) rather than made and freed per instruction
        self.after: list[MInst] = []     # the stores after it
        self.dead: list[int] = []        # the registers it writes that nothing reads
        self.reloaded: list[int] = []    # the registers reloaded for it
        self.read_regs: set[str] = set()   # the registers its reads took
        self.write_avoid: set[str] = set()  # the registers its writes may not take
        self.lslot: dict[int, StackSlot] = {}  # block-local registers' slots, while taken
        self.free_slots: list[StackSlot] = []
        self.reserved: set[str] = set()
        self.fixed: dict[str, list[int]] = {}
        self.to_preg: dict[int, str] = {}
        self.ii = 0  # the index of the instruction being allocated
        self.after_call = False  # is the instruction before it a call?
        # registers whose physical register has its upper 32 bits clear (a 32-bit
        # move of one to itself does nothing)
        self.zx: list[bool] = [False] * count

    # -- slots and moves ----------------------------------------------------------
    def home(self, vid: int) -> StackSlot:
        return spill_slot(self.mf, self.homes, vid)

    def mem(self, s: StackSlot) -> Mem:
        m = self.slot_mems.get(s.index)
        if m is None:
            m = self.slot_mems[s.index] = Mem(base=s)
        return m

    def slot_of(self, vid: int) -> StackSlot:
        """The slot holding (or to hold) `vid`'s value: its home, or a pooled one."""
        if not self.local[vid]:
            return self.home(vid)
        s = self.lslot.get(vid)
        if s is None:
            s = self.free_slots.pop() if self.free_slots else \
                self.mf.new_slot(8, 8, SlotKind.SPILL, "shared")
            self.lslot[vid] = s
        return s

    def preg(self, name: str, size: int) -> PReg:
        row = self.pregs.get(name)
        if row is None:
            row = self.pregs[name] = [None] * _WIDEST
        if size >= _WIDEST:
            return PReg(name, size)
        r = row[size]
        if r is None:
            r = row[size] = PReg(name, size)
        return r

    def is_vector(self, vid: int) -> bool:
        return self.vector[vid]

    def reload_spill(self, vid: int) -> tuple[str, str]:
        size = self.sizes[vid]
        vector = self.vector[vid]
        k = 2 * size + (1 if vector else 0)
        ops = self.moves[k] if size < _WIDEST else None
        if ops is None:
            ops = (self.target.reload_opcode(size, vector), self.target.spill_opcode(size, vector))
            if size < _WIDEST:
                self.moves[k] = ops
        return ops

    def reload(self, vid: int, reg: str, mi: MInst, out: list[MInst]) -> None:
        op = self.reload_spill(vid)[0]
        out.append(MInst(op, [self.mem(self.slot_of(vid)),
                              self.preg(reg, max(self.sizes[vid], 4))], mi.loc, mi.flags))

    def store(self, vid: int, reg: str, mi: MInst, out: list[MInst]) -> None:
        op = self.reload_spill(vid)[1]
        out.append(MInst(op, [self.preg(reg, self.sizes[vid]), self.mem(self.slot_of(vid))],
                         mi.loc, mi.flags))

    # -- register state -----------------------------------------------------------
    def save(self, vid: int, reg: str, mi: MInst, out: list[MInst]) -> None:
        """Put `vid`'s value (in `reg`) in its slot before `mi`, unless it is there."""
        if not self.clean[vid]:
            self.store(vid, reg, mi, out)
            self.set_clean(vid)

    def set_clean(self, vid: int) -> None:
        self.clean[vid] = True
        self.cleaned.append(vid)

    def forget(self, vid: int) -> None:
        r = self.where[vid]
        if r:
            self.where[vid] = ""
            del self.holder[r]
            self.zx[vid] = False

    def kill(self, vid: int) -> None:
        """`vid`'s value is needed no more in this block."""
        self.forget(vid)
        self.clean[vid] = False
        if self.local[vid] and self.lslot:  # (most blocks spill no local register)
            s = self.lslot.pop(vid, None)
            if s is not None:
                self.free_slots.append(s)

    def pick(self, vid: int, avoid: tuple[str, ...], used: set[str], uses: list[int],
             defs: list[int], hint: str | None, mi: MInst, out: list[MInst]) -> str:
        """A register for `vid` at `mi`: free, else taken from a register that `mi`
        does not name (its value saved first), else a scratch one."""
        vector = self.is_vector(vid)
        pool = self.vec if vector else self.gpr
        holder = self.holder
        reserved = self.reserved
        # a free register no fixed-register write takes before the value's last use
        # (isel's set-up of a division, shift or call), the hint first; else the
        # hint or the first free one
        fixed = self.fixed
        until = self.last[vid]
        fallback: str | None = None
        if hint is not None and hint in pool and hint not in holder and hint not in reserved \
                and hint not in avoid and hint not in used:
            writes = fixed.get(hint) if fixed else None
            if writes is None or self.keeps(writes, until):
                return hint
            fallback = hint
        for p in pool:
            if p in holder or p in reserved or p in avoid or p in used:
                continue
            writes = fixed.get(p) if fixed else None
            if writes is None or self.keeps(writes, until):
                return p
            if fallback is None:
                fallback = p
        if fallback is not None:
            return fallback
        victim = -1
        best = 0
        last = self.last
        for p in pool:  # all taken: evict
            if p in reserved or p in avoid or p in used:
                continue
            v = holder[p]
            if v in uses or v in defs:  # `mi` names it
                continue
            # a value already in its slot first, then the one needed last
            key = last[v] + (1 << 40 if self.clean[v] else 0)
            if key > best:
                best = key
                victim = v
        if victim >= 0:
            r = self.where[victim]
            self.save(victim, r, mi, out)
            self.forget(victim)
            return r
        for s in (self.vector_scratch if vector else self.scratch):
            if s not in used:
                return s
        raise InternalCompilerError(
            f"instruction {mi.opcode} names more virtual registers than there are registers",
            where="regalloc-fast")

    def keeps(self, writes: list[int] | None, until: int) -> bool:
        """Does a register that isel's fixed-register code writes at `writes` keep a
        value from the current instruction to `until`?"""
        if not writes:
            return True
        k = bisect_right(writes, self.ii)
        return k == len(writes) or writes[k] >= until

    # -- the walk -----------------------------------------------------------------
    def run(self) -> None:
        registers = self.target.registers
        scan = scan_function(self.mf, frozenset((*registers.allocatable_caller,
                                                  *registers.vector_allocatable)))
        if scan.excluded:
            self.gpr = tuple(r for r in self.gpr if r not in scan.excluded)
            self.vec = tuple(r for r in self.vec if r not in scan.excluded)
        self.local = scan.local
        self.wide = scan.wide
        self.to_preg = scan.to_preg
        scans = scan.blocks
        assert len(scans) == len(self.mf.blocks)
        bi = 0
        for b in self.mf.blocks:
            b.insts = self.allocate_block(b.insts, scans[bi])
            bi += 1
        # the references, once every numbered definition has its slot (a reference
        # can come before its definition in the layout)
        for mi in self.refs:
            num = mi.operands[0]
            assert isinstance(num, Imm)
            s = self.num_slot.get(num.value)
            mi.opcode = "DBG_VALUE"
            mi.operands = [s] if s is not None else []
        self.mf.callee_saved = []

    def allocate_block(self, insts: list[MInst], bs: BlockScan) -> list[MInst]:
        refs = bs.refs
        # each register's last reference and last write in the block (the entries of
        # the registers the block names: the others are not read while it is allocated)
        last = self.last
        last_def = self.last_def
        ii = -1
        for ir in refs:
            ii += 1
            if ir is None:
                continue
            for vid in ir.uses:
                last[vid] = ii
            for vid in ir.defs:
                last[vid] = ii
                last_def[vid] = ii
        self.fixed = bs.fixed
        where = self.where
        for vid in self.holder.values():
            where[vid] = ""
        self.holder = {}
        clean = self.clean
        for vid in self.cleaned:
            clean[vid] = False
        self.cleaned = []
        for s in self.lslot.values():
            self.free_slots.append(s)
        self.lslot = {}
        self.reserved = set(bs.live_in)
        self.after_call = False
        out: list[MInst] = []
        ii = -1
        for mi in insts:
            ii += 1
            self.ii = ii
            ir = refs[ii]
            if ir is None:
                self.meta(mi, out)
                continue
            if ir.uses or ir.defs:
                self.step(mi, ii, ir, out)
            else:
                if ir.pdefs:
                    self.clobber(ir.pdefs, (), mi, out)
                if ir.release or ir.reserve:
                    self.update_reserved(ir)
                out.append(mi)
            self.after_call = ir.desc.is_call
        return out

    def update_reserved(self, ir: InstRefs) -> None:
        for p in ir.release:
            self.reserved.discard(p)
        for p in ir.reserve:
            self.reserved.add(p)

    def clobber(self, pdefs: tuple[str, ...], keep: Container[int], mi: MInst,
                out: list[MInst]) -> None:
        """Move the values out of the registers `mi` writes (those in `keep`, its own
        operands, are handled by the caller)."""
        holder = self.holder
        for p in pdefs:
            v = holder.get(p)
            if v is not None and v not in keep:
                self.save(v, p, mi, out)
                self.forget(v)

    def meta(self, mi: MInst, out: list[MInst]) -> None:
        opcode = mi.opcode
        if opcode == "DBG_INSTR_REF":
            self.refs.append(mi)
        elif opcode == "DBG_PHI":
            loc, num = mi.operands
            if type(loc) is VReg:
                if self.local[loc.id]:
                    return  # no lasting home: dropped
                s = self.home(loc.id)
                assert isinstance(num, Imm)
                self.num_slot[num.value] = s
                mi.operands = [s, num]
        elif opcode == "DBG_VALUE":
            ops = mi.operands
            if any(type(o) is VReg for o in ops):
                if any(type(o) is VReg and self.local[o.id] for o in ops):
                    mi.operands = []
                else:
                    mi.operands = [self.home(o.id) if type(o) is VReg else o for o in ops]
        out.append(mi)

    def step(self, mi: MInst, ii: int, ir: InstRefs, out: list[MInst]) -> None:
        uses = ir.uses
        defs = ir.defs
        pdefs = ir.pdefs
        where = self.where
        last = self.last
        local = self.local
        sizes = self.sizes
        zx = self.zx
        d = ir.desc
        ops = mi.operands
        src = ops[0] if d.is_move and len(ops) == 2 else None
        src_zx = type(src) is VReg and zx[src.id]
        # the copy of a call's result keeps its instruction: it holds the call's line
        # row at the return address, where a debugger stepping out of the callee
        # stops only at the start of a row
        keep = self.after_call and mi.loc is not None
        folded = -1  # the register a move into which became a store to its home
        if defs and src is not None and d.fold_def and type(ops[1]) is VReg \
                and not local[defs[0]]:
            home_ops = self._fold_home(mi, ops)
            if home_ops is not None:
                folded = defs[0]
                ops = home_ops
                defs = []
        assign = self.assign
        reloaded = self._read(mi, ir, defs, out) if uses else _NO_VREGS
        if pdefs:
            self.clobber(pdefs, uses, mi, out)
        for vid in uses:
            if last[vid] == ii and vid not in defs:
                self.kill(vid)
        if folded >= 0 and type(src) is VReg:
            self._keep_copy(src, folded, src_zx)
        if ir.release or ir.reserve:
            self.update_reserved(ir)
        after = self.after
        dead = _NO_VREGS
        if defs:
            # a definition may take the register of a value read here for the last time
            used = self.write_avoid
            used.clear()
            for v in uses:
                if v in defs or where[v] == assign[v]:
                    used.add(assign[v])
            dead = self._write(mi, ir, defs, None if keep else src, used, out, after)
        if mi.instr_num and defs and self.clean[defs[0]] and not local[defs[0]]:
            self.num_slot[mi.instr_num] = self.home(defs[0])  # stored there at once
        new = self._substitute(ops)
        wide = self.wide
        if wide:
            for vid in uses:
                if vid in wide and sizes[vid] < 4 and vid not in reloaded:
                    self._widen(vid, assign[vid], ops, mi, out)
        mi.operands = new
        if src is not None and not keep and self._self_copy(d, mi, ops, new, src_zx):
            # gone: its destination holds what the source held; a DBG_PHI keeps its
            # number defined (a meta instruction: -g changes no code)
            if mi.instr_num:
                out.append(MInst("DBG_PHI", [new[1], Imm(mi.instr_num)], None))
            dst = ops[1]
            if type(dst) is VReg:
                zx[dst.id] = src_zx
        else:
            out.append(mi)
        if after:
            out.extend(after)
            after.clear()
        for vid in dead:
            self.kill(vid)

    def _read(self, mi: MInst, ir: InstRefs, defs: list[int],
              out: list[MInst]) -> list[int]:
        """A register for each register `mi` reads (in `self.assign`), reloaded where it is
        not in one already; the ones reloaded."""
        ii = self.ii
        pdefs = ir.pdefs
        where = self.where
        last = self.last
        zx = self.zx
        used = self.read_regs
        used.clear()
        reloaded = self.reloaded
        reloaded.clear()
        uses = ir.uses
        for vid in uses:
            r = where[vid]
            if r and pdefs and r in pdefs:
                # `mi` writes the register holding it: save the value if needed later
                if last[vid] > ii or vid in defs:
                    self.save(vid, r, mi, out)
                    self.forget(vid)
                    if vid in defs:
                        r = ""  # read and written: reloaded into a register `mi` keeps
            if not r:
                lives = last[vid] > ii or vid in defs
                r = self.pick(vid, pdefs if lives else (), used, uses, defs,
                              self.to_preg.get(vid), mi, out)
                if self.local[vid] and not self.clean[vid]:
                    raise InternalCompilerError(f"%v{vid} is read before it is written",
                                                where="regalloc-fast")
                self.reload(vid, r, mi, out)
                self.set_clean(vid)
                reloaded.append(vid)
                if r not in self.scratch_set:
                    where[vid] = r
                    self.holder[r] = vid
                    if self.sizes[vid] <= 4 and not self.is_vector(vid):
                        zx[vid] = True  # the reload zero-extends
            self.assign[vid] = r
            used.add(r)
        return reloaded

    def _write(self, mi: MInst, ir: InstRefs, defs: list[int], src: Operand | None,
               used: set[str], out: list[MInst],
               after: list[MInst]) -> list[int]:
        """A register for each register `mi` writes (in `self.assign`), and the stores
        after it (in `after`) of the ones with a home slot; the ones never read."""
        ii = self.ii
        where = self.where
        last = self.last
        local = self.local
        zx = self.zx
        assign = self.assign
        dead = self.dead
        dead.clear()
        for vid in defs:
            # read too: its register is chosen
            r = assign[vid] if vid in ir.uses else ""
            if not r:
                if where[vid]:
                    self.forget(vid)  # a new value: the old one's register is free
                hint = self._hint(src, ir.uses) if src is not None else None
                r = self.pick(vid, ir.pdefs, used, ir.uses, defs, hint or self.to_preg.get(vid),
                              mi, out)
                assign[vid] = r
                used.add(r)
                if r not in self.scratch_set:
                    where[vid] = r
                    self.holder[r] = vid
            self.clean[vid] = False
            if r in self.scratch_set or not local[vid] and self.last_def[vid] == ii:
                # a home holds a value at the block's end; a scratch register, nothing
                self.store(vid, r, mi, after)
                self.set_clean(vid)
            if last[vid] == ii:
                dead.append(vid)
            # a 32-bit write clears the upper half
            zx[vid] = vid in ir.w32 and not self.is_vector(vid)
        return dead

    def _keep_copy(self, src: VReg, dst: int, src_zx: bool) -> None:
        """After a move of `src` became a store to `dst`'s home, the register of a
        source read for the last time keeps a copy of `dst`, when every read of it
        sees what a reload from the slot gives."""
        r = self.assign[src.id]
        if r in self.scratch_set or r in self.holder \
                or self.is_vector(dst) != self.is_vector(src.id):
            return
        nat = self.sizes[dst]
        if not (nat < 4 or nat == 8 and src.size == 8 or nat == 4 and src_zx):
            return
        self.where[dst] = r
        self.holder[r] = dst
        self.set_clean(dst)
        if src_zx:
            self.zx[dst] = True

    def _fold_home(self, mi: MInst, ops: list[Operand]) -> list[Operand] | None:
        """A plain move into a register with a home slot, as a store to that slot."""
        src, dst = ops
        if type(dst) is not VReg or self.local[dst.id] or type(src) is Mem \
                or dst.size < self.sizes[dst.id] \
                or type(src) is VReg and src.id == dst.id \
                or type(src) is Imm and dst.size == 8 and not _fits32(src.value):
            return None
        vid = dst.id
        self.forget(vid)  # a copy in a register is stale now
        if mi.instr_num:
            self.num_slot[mi.instr_num] = self.home(vid)
        return [src, self.mem(self.home(vid))]

    def _hint(self, src: Operand, uses: list[int]) -> str | None:
        """A move's source register: the destination there makes it a self-copy."""
        if type(src) is PReg:
            return src.name
        if type(src) is VReg:
            return self.assign[src.id] if src.id in uses else None
        return None

    def _substitute(self, ops: list[Operand]) -> list[Operand]:
        assign = self.assign
        new: list[Operand] = []
        for op in ops:
            if type(op) is VReg:
                new.append(self.preg(assign[op.id], op.size))
            elif type(op) is Mem and (type(op.base) is VReg or type(op.index) is VReg):
                base = op.base
                index = op.index
                if type(base) is VReg:
                    base = self.preg(assign[base.id], 8)
                if type(index) is VReg:
                    index = self.preg(assign[index.id], 8)
                new.append(Mem(base, index, op.scale, op.disp, op.symbol, op.segment))
            else:
                new.append(op)
        return new

    def _widen(self, vid: int, reg: str, ops: list[Operand], mi: MInst,
               out: list[MInst]) -> None:
        """Zero-extend a byte or word register that `mi` reads wider (its reload
        would have)."""
        nat = self.sizes[vid]
        if self.is_vector(vid) or not any(type(o) is VReg and o.id == vid and o.size > nat
                                          for o in ops):
            return
        widen = self.target.extend_opcode(Extension(False, 8 * nat, 32))
        out.append(MInst(widen, [self.preg(reg, nat), self.preg(reg, 4)], mi.loc, mi.flags))
        if reg not in self.scratch_set:
            self.zx[vid] = True

    def _self_copy(self, d: OpcodeInfo, mi: MInst, ops: list[Operand], new: list[Operand],
                   src_zx: bool) -> bool:
        """Does the move `mi` (now on `new`) copy a register to itself for nothing?
        A 32-bit one clears the upper half: nothing when it is clear already
        (`src_zx`) or when no reader of a virtual destination looks there."""
        a, b = new
        if type(a) is not PReg or type(b) is not PReg or a.name != b.name or a.size != b.size:
            return False
        if d.copies_whole:
            return True
        if not is_move32(mi.opcode):
            return False
        if src_zx:
            return True
        dst = ops[1]
        if type(dst) is not VReg:
            return False
        nat = self.sizes[dst.id]
        return nat < 4 or nat == 4 and dst.id not in self.wide


# one more than the widest register operand, in bytes (an xmm register's 16)
_WIDEST: Final = 17

# what an instruction that reads or writes nothing passes on (never written to)
_NO_VREGS: Final[list[int]] = []


def _fits32(v: int) -> bool:
    return -(1 << 31) <= v < (1 << 31)


class FastRegalloc(MachinePass):
    """The -O0 allocator: block-local values in registers (`allocate`).

    Debug info: instructions keep their numbers and locations; reloads and
    stores take the location of the instruction they serve."""

    name: ClassVar[str] = "regalloc-fast"
    keeps_di: ClassVar[MDI] = MDI.ALL
    leaves: ClassVar[MIRState | None] = MIRState.ALLOCATED

    def run(self, mf: MFunction, ctx: MachineContext) -> None:
        allocate(mf)
