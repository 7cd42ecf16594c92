"""The -O0 register allocator: every virtual register lives in a stack slot for
its whole life; each instruction reloads its register operands into scratch
registers and spills its results right after.

A virtual register used in one block only, defined before its first use there
(an expression's temporary, most of them) and not holding an over-aligned
local's address, shares its slot with the block's
other such registers whose lives do not overlap, first fit in instruction order.
With one slot per register, a function's frame grew with its code (jq's `jv_get`
took 4.4 KB of stack at -O0 where gcc's takes 88 bytes), so deep recursion
overflowed the stack far sooner than gcc -O0's build does (the front end's
statement temporaries share allocas too: `FunctionState.temporary`; 176 bytes now). The choice
reads only real instructions, so the code is the same with and without -g; a
variable whose value a shared slot holds (no -O0 record names one today) gets no
location rather than a stale one.

Simple enough to be obviously correct, and it gives the debugger a stable home
for every value. Isel guarantees at most two virtual registers per
instruction and never uses the scratch registers (%r10, %r11) itself. Plain
moves between a virtual register and a physical register or immediate are
folded into a single memory access. Reloads and spills take the location of
the instruction they serve.

Debug meta instructions are rewritten, not reloaded: a DBG_PHI or
DBG_INSTR_REF naming a value becomes a DBG_VALUE of the slot that holds it
(a virtual register's slot holds its value from its definition onwards).
"""

from __future__ import annotations

from heapq import heappop, heappush
from typing import ClassVar

from ...diag import InternalCompilerError
from ..mir import META_OPCODES, Imm, Mem, MFunction, MInst, Operand, PReg, SlotKind, StackSlot, VReg
from ..mir.passes import MDI, MachineContext, MachinePass, MIRState
from ..mir.registers import opcode_roles
from ..target import Arith, OpcodeInfo, current, desc
from .spill import rewrite_blocks, spill_slot


def allocate(mf: MFunction) -> None:
    FastAllocator(mf).run()


class FastAllocator:
    def __init__(self, mf: MFunction) -> None:
        self.mf = mf
        self.vslots: dict[int, StackSlot] = {}
        self.num_slot: dict[int, StackSlot] = {}
        self.shared: set[int] = set()  # ids of slots that several registers take in turn
        self.refs: list[MInst] = []  # the DBG_INSTR_REFs, in layout order
        # Built at first use: per slot its memory operand; per width and class the
        # (reload, spill) opcodes; per virtual register whether it is a vector
        # register. Every reload and spill of one slot shares one operand
        # (operands are immutable), so frame lowering resolves each slot's once.
        self.slot_mems: dict[int, Mem] = {}
        self.moves: dict[tuple[int, bool], tuple[str, str]] = {}
        # per virtual register (by id; isel made them all): its slot's operand, its
        # (reload, spill) opcodes and its scratch pool, each asked of the tables once
        count = len(mf.vreg_sizes)
        self.mems: list[Mem | None] = [None] * count
        self.reg_moves: list[tuple[str, str] | None] = [None] * count
        self.pools: list[tuple[str, ...] | None] = [None] * count
        self.spills: list[tuple[str, str, Mem, int] | None] = [None] * count  # `_spill`
        self.pregs: dict[tuple[str, int], PReg] = {}  # one operand per register and width
        target = current()
        self.is_vector_vreg = target.is_vector_vreg
        registers = target.registers
        self.scratch = registers.scratch
        self.vector_scratch = registers.vector_scratch

    def slot(self, vid: int) -> StackSlot:
        return spill_slot(self.mf, self.vslots, vid)

    def slot_mem(self, vid: int) -> Mem:
        m = self.mems[vid]
        if m is None:
            s = self.slot(vid)
            m = self.slot_mems.get(s.index)
            if m is None:
                m = self.slot_mems[s.index] = Mem(base=s)
            self.mems[vid] = m
        return m

    def preg(self, name: str, size: int) -> PReg:
        r = self.pregs.get((name, size))
        if r is None:
            r = self.pregs[name, size] = PReg(name, size)
        return r

    def reload_spill(self, vid: int) -> tuple[str, str]:
        """`reload_op` and `spill_op` of `vid`, asked of the target once per
        width and class."""
        ops = self.reg_moves[vid]
        if ops is None:
            ops = self.reg_moves[vid] = self._moves(vid, self.is_vector(vid))
        return ops

    def _moves(self, vid: int, vector: bool) -> tuple[str, str]:
        size = self.mf.vreg_sizes[vid]
        ops = self.moves.get((size, vector))
        if ops is None:
            target = current()
            ops = self.moves[size, vector] = (target.reload_opcode(size, vector),
                                              target.spill_opcode(size, vector))
        return ops

    def _spill(self, vid: int) -> tuple[str, str, Mem, int]:
        """`vid`'s (reload opcode, spill opcode, slot operand, reload width), which
        every reload and spill of it takes: asked of the tables once per register
        (most registers are an expression's temporary, reloaded once)."""
        ops = self.reg_moves[vid]
        if ops is None:
            ops = self.reg_moves[vid] = self._moves(vid, self.is_vector(vid))
        sp = self.spills[vid] = (*ops, self.slot_mem(vid), max(self.mf.vreg_sizes[vid], 4))
        return sp

    def is_vector(self, vid: int) -> bool:
        """Is `vid` of the vector class (asked of the target once per register:
        it also fixes the register's scratch pool)?"""
        p = self.pools[vid]
        if p is None:
            p = self.pools[vid] = self.vector_scratch \
                if self.is_vector_vreg(self.mf, vid) else self.scratch
        return p is self.vector_scratch

    def pool(self, vid: int) -> tuple[str, ...]:
        """The scratch registers of `vid`'s class."""
        p = self.pools[vid]
        if p is None:
            self.is_vector(vid)
            p = self.pools[vid]
            assert p is not None
        return p

    def share_block_local_slots(self) -> None:
        """Give each block-local register a slot from a pool, reused once the
        register's last use has passed (see the module docstring)."""
        # per register (by id): its block, -1 once seen in two; its first and last
        # instruction there; whether it starts with a definition
        count = len(self.mf.vreg_sizes)
        block_of: list[int | None] = [None] * count
        first = [0] * count
        last = [0] * count
        starts_with_def = [False] * count
        frame_addresses: set[int] = set()
        ands: dict[str, bool] = {}  # per opcode: a bitwise and (`_rounds_frame_address`)
        for bi, b in enumerate(self.mf.blocks):
            prev: MInst | None = None
            for ii, mi in enumerate(b.insts):
                if mi.opcode in META_OPCODES:
                    continue
                uses, defs = _vreg_operands(mi)
                is_and = ands.get(mi.opcode)
                if is_and is None:
                    is_and = ands[mi.opcode] = desc(mi.opcode).arith is Arith.AND
                if is_and and prev is not None and _rounds_frame_address(prev, mi):
                    frame_addresses.update(defs)
                prev = mi
                for vid in uses:
                    seen = block_of[vid]
                    if seen is None:
                        block_of[vid] = bi
                        first[vid] = ii
                    elif seen != bi:
                        block_of[vid] = -1
                    last[vid] = ii
                for vid in defs:
                    seen = block_of[vid]
                    if seen is None:
                        block_of[vid] = bi
                        first[vid] = ii
                        # first named by a write (a read of it here, above, comes first)
                        starts_with_def[vid] = True
                    elif seen != bi:
                        block_of[vid] = -1
                    last[vid] = ii
        local_by_block: dict[int, list[int]] = {}
        for vid, home in enumerate(block_of):
            if home is not None and home >= 0 and starts_with_def[vid] \
                    and vid not in frame_addresses:
                local_by_block.setdefault(home, []).append(vid)
        pool: list[StackSlot] = []
        for bi in sorted(local_by_block):
            free = list(reversed(pool))
            vids = sorted(local_by_block[bi], key=lambda v: first[v] * count + v)
            n = len(vids)
            # slots in use, by the last use of their register, then the order taken:
            # `last use * n + order taken`, one int to compare (a tuple's compare is
            # a call per field), and each slot by the order taken
            ending: list[int] = []
            held: list[StackSlot] = []
            for seq, vid in enumerate(vids):
                while ending and ending[0] // n < first[vid]:
                    free.append(held[heappop(ending) % n])
                if free:
                    s = free.pop()
                else:
                    s = self.mf.new_slot(8, 8, SlotKind.SPILL, "shared")
                    pool.append(s)
                    self.shared.add(s.index)
                self.vslots[vid] = s
                held.append(s)
                heappush(ending, last[vid] * n + seq)

    def run(self) -> None:
        self.share_block_local_slots()
        rewrite_blocks(self.mf, self.rewrite_meta, self.rewrite)
        # the references, once every numbered definition has its slot (a reference
        # can come before its definition in the layout); the walk above listed them
        for mi in self.refs:
            num = mi.operands[0]
            assert isinstance(num, Imm)
            s = self.num_slot.get(num.value)
            if s is not None and s.index in self.shared:
                s = None  # its value is there only until the register's last use
            mi.opcode = "DBG_VALUE"
            mi.operands = [s] if s is not None else []
        self.mf.callee_saved = []

    def rewrite_meta(self, mi: MInst) -> None:
        if mi.opcode == "DBG_INSTR_REF":
            self.refs.append(mi)
        elif mi.opcode == "DBG_PHI":
            loc, num = mi.operands
            if isinstance(loc, VReg):
                s = self.slot(loc.id)
                assert isinstance(num, Imm)
                self.num_slot[num.value] = s
                mi.operands = [s, num]
        elif mi.opcode == "DBG_VALUE":
            mi.operands = [self.slot(o.id) if isinstance(o, VReg) else o for o in mi.operands]

    def rewrite(self, mi: MInst, out: list[MInst]) -> None:
        # Runs once per instruction of every -O0 function: one pass over the
        # operands says whether there is anything to do at all.
        has_mem = False
        has_vreg = False
        for op in mi.operands:
            if type(op) is Mem:  # the operand classes are final
                has_mem = True
            elif type(op) is VReg:
                has_vreg = True
        if not has_vreg and not has_mem:
            out.append(mi)  # nothing to reload, spill or substitute
            return
        sizes = self.mf.vreg_sizes
        ops = list(mi.operands)
        folded_def = None if has_mem else self._fold(desc(mi.opcode), ops)
        assign, uses, defs = self._assign(mi, ops)
        if not assign:  # only slot or physical memory operands left
            mi.operands = ops
            out.append(mi)
            if folded_def is not None:
                self._note_def(mi, folded_def)
            return
        loc = mi.loc
        flags = mi.flags
        pregs = self.pregs
        spills = self.spills
        for vid in uses:
            sp = spills[vid] or self._spill(vid)
            key = (assign[vid], sp[3])
            out.append(MInst(sp[0], [sp[2], pregs.get(key) or self.preg(*key)], loc, flags))
        for k, op in enumerate(ops):  # `ops` is this instruction's own copy
            if type(op) is VReg:
                key = (assign[op.id], op.size)
                ops[k] = pregs.get(key) or self.preg(*key)
            elif type(op) is Mem and (type(op.base) is VReg or type(op.index) is VReg):
                ops[k] = self._subst_mem(op, assign)
        mi.operands = ops
        out.append(mi)
        for vid in defs:
            sp = spills[vid] or self._spill(vid)
            key = (assign[vid], sizes[vid])
            out.append(MInst(sp[1], [pregs.get(key) or self.preg(*key), sp[2]], loc, flags))
        if mi.instr_num:  # (`_note_def`)
            if folded_def is not None:
                self.num_slot[mi.instr_num] = self.slot(folded_def)
            elif defs:
                self.num_slot[mi.instr_num] = self.slot(defs[0])

    def _fold(self, d: OpcodeInfo, ops: list[Operand]) -> int | None:
        """Put one register operand of a memory-free instruction in its slot (in
        `ops`): the register whose definition it is, or else one source; the
        defined register's id, if it was that."""
        roles = d.roles
        nroles = len(roles)
        sizes = self.mf.vreg_sizes
        # A result may go straight to its slot when the instruction can write
        # memory there and the width covers the register's natural width.
        # (`ops` holds no memory operand: only a register operand can name `op`'s register)
        for k, op in enumerate(ops):
            if type(op) is not VReg or k >= nroles or "d" not in roles[k] \
                    or op.size < sizes[op.id]:
                continue
            ok = d.fold_rmw if roles[k] == "ud" else d.fold_def
            vid = op.id
            first = ops[0] if k else ops[1] if len(ops) > 1 else None
            if ok and not any(type(o) is VReg and o.id == vid and j != k
                              for j, o in enumerate(ops)) and \
                    not (type(first) is Imm and op.size == 8 and not _fits32(first.value)):
                ops[k] = self.slot_mem(vid)
                return vid
            break
        # One source may be read straight from its slot.
        for k in d.fold_sources:
            role = roles[k] if k < nroles else "u"
            src = ops[k] if k < len(ops) else None
            if role == "u" and isinstance(src, VReg):
                ops[k] = self.slot_mem(src.id)
                break
        return None

    def _assign(self, mi: MInst, ops: list[Operand]
                ) -> tuple[dict[int, str], list[int], list[int]]:
        """A scratch register for each virtual register `ops` name, and the registers
        to reload before the instruction and spill after it, in operand order."""
        reads, writes, _, _ = opcode_roles(mi.opcode)
        nroles = len(reads)
        assign: dict[int, str] = {}
        uses: list[int] = []
        defs: list[int] = []
        pools = self.pools
        for k, op in enumerate(ops):
            if type(op) is VReg:
                vid = op.id
                if not assign:  # the instruction's first register (most are its only one)
                    assign[vid] = (pools[vid] or self.pool(vid))[0]
                elif vid not in assign:
                    self._take(mi, assign, vid)
                if (k >= nroles or reads[k]) and vid not in uses:
                    uses.append(vid)
                if k < nroles and writes[k] and vid not in defs:
                    defs.append(vid)
            elif type(op) is Mem:
                for r in (op.base, op.index):
                    if type(r) is VReg:
                        if r.id not in assign:
                            self._take(mi, assign, r.id)
                        if r.id not in uses:
                            uses.append(r.id)
        return assign, uses, defs

    def _take(self, mi: MInst, assign: dict[int, str], vid: int) -> None:
        """Give `vid` the first scratch register of its class `assign` has not taken."""
        pool = self.pools[vid] or self.pool(vid)
        if not assign:  # the instruction's first register (most are its only one)
            assign[vid] = pool[0]
            return
        taken = assign.values()
        for p in pool:
            if p not in taken:
                assign[vid] = p
                return
        raise InternalCompilerError(
            f"instruction {mi.opcode} names more than two virtual registers",
            where="regalloc-fast")

    def _subst_mem(self, op: Mem, assign: dict[int, str]) -> Mem:
        """`op` with its virtual base and index registers replaced by their scratch ones."""
        base = op.base
        index = op.index
        if type(base) is VReg:
            base = self.preg(assign[base.id], 8)
        if type(index) is VReg:
            index = self.preg(assign[index.id], 8)
        return Mem(base, index, op.scale, op.disp, op.symbol, op.segment)

    def _note_def(self, mi: MInst, vid: int) -> None:
        if mi.instr_num:
            self.num_slot[mi.instr_num] = self.slot(vid)


def _vreg_operands(mi: MInst) -> tuple[list[int], list[int]]:
    """The virtual registers `mi` reads and writes, as `operand_regs` lists them
    (without its physical-register sets, which the slot sharing never reads)."""
    reads, writes, _, _ = opcode_roles(mi.opcode)
    n = len(reads)
    uses: list[int] = []
    defs: list[int] = []
    for k, op in enumerate(mi.operands):
        if type(op) is VReg:  # the operand classes are final
            if k >= n or reads[k]:
                uses.append(op.id)
            if k < n and writes[k]:
                defs.append(op.id)
        elif type(op) is Mem:
            if type(op.base) is VReg:
                uses.append(op.base.id)
            if type(op.index) is VReg:
                uses.append(op.index.id)
    return uses, defs


def _rounds_frame_address(prev: MInst, mi: MInst) -> bool:
    """Are `prev`, `mi` isel's rounding of an over-aligned local's address
    (`leaq [stack.N + A-1], %v; andq #-A, %v`)? That register keeps a slot of its
    own: the variable's record describes the object through it for the rest of
    the function."""
    dm = desc(mi.opcode)
    if dm.arith is not Arith.AND:
        return False
    dp = desc(prev.opcode)
    if not (dp.is_address and dp.width == 64 and dm.arith is Arith.AND and dm.width == 64
            and len(prev.operands) == 2 and len(mi.operands) == 2):
        return False
    (src, dst), (mask, reg) = prev.operands, mi.operands
    return isinstance(src, Mem) and isinstance(src.base, StackSlot) and isinstance(mask, Imm) \
        and mask.value < 0 and isinstance(dst, VReg) and isinstance(reg, VReg) \
        and dst.id == reg.id


def _fits32(v: int) -> bool:
    return -(1 << 31) <= v < (1 << 31)


class FastRegalloc(MachinePass):
    """The -O0 allocator: every virtual register in its slot (`allocate`).

    Debug info: instructions keep their numbers and locations; reloads and
    spills take the location of the instruction they serve."""

    name: ClassVar[str] = "regalloc-fast"
    keeps_di: ClassVar[MDI] = MDI.ALL
    leaves: ClassVar[MIRState | None] = MIRState.ALLOCATED

    def run(self, mf: MFunction, ctx: MachineContext) -> None:
        allocate(mf)
