"""The optimising register allocator: linear scan over live intervals
(Poletto & Sarkar), with fixed-register constraints, copy hints, callee-saved
registers for values live across calls (%rbp too when the function has no
frame pointer), spilling of the cheapest interval, and rematerialisation of
spilled constants.

Spill choice: each interval weighs its references (reads and writes), each
counted 8^d for a reference in a block at loop depth d (from the layout's
back edges, as the coalescer counts them; d capped at 4). When no register
is free, the lightest of the new interval and the active ones that could give
it their register is spilled, the one ending last among equals: a value the
outer loop keeps but the inner loop never touches goes to the stack before a
pointer the inner loop reads, so no reload lands in the inner loop.

Intervals: instructions are numbered in layout order; a virtual register's
interval runs from its first definition (or the start of the first block it is
live into) to its last use (or the end of the last block it is live out of).
It is one range without holes — simple and safe, at some cost in registers.

A physical register R is usable for an interval if no instruction inside the
interval touches R, except that the defining instruction may read R (so
`mov %rdi, %v` can give `%v` the register %rdi) and the last use may write R
(so `mov %v, %rdi` can be `%rdi` itself).

Spilled virtual registers live in a stack slot for their whole interval and
are reloaded into the scratch registers %r10/%r11 around each instruction,
exactly like the -O0 allocator. isel names at most two virtual registers per
instruction except a value stored to (or read with) a `base + index*scale`
address: when all three are spilled, the address is first computed into one
scratch register with `lea` (`fold_address`), freeing the other for the value.
A spilled register whose only definition is a constant move is rematerialised:
each use reloads the constant instead of memory.

Debug info: instructions keep their debug instruction numbers (the value they
define is the same, only its register changed); DBG_VALUE and DBG_PHI operands
are rewritten to the assigned register or slot. Inserted reloads and spill
stores take the location of the instruction they serve.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass, field, replace
from itertools import pairwise
from typing import ClassVar

from ...diag import InternalCompilerError
from ...ir import work
from ..mir import (
    META_OPCODES,
    Imm,
    MBlock,
    Mem,
    MFunction,
    MInst,
    Operand,
    PReg,
    StackSlot,
    VReg,
)
from ..mir.cfg import successor_indices as successors
from ..mir.passes import MDI, MachineContext, MachinePass, MIRState
from ..mir.registers import operand_regs
from ..target import Extension, current, desc, is_move32
from .coalesce import loop_depths
from .facts import AllocFacts, Refs, take_facts
from .spill import reload_op, rewrite_blocks, spill_op
from .spill_slots import SpillSlots
from .split import RangeSplitter

_DEPTH_WEIGHT = (1, 8, 64, 512, 4096)  # a reference's weight at loop depth 0, 1, 2, 3, 4+


class RangeIndex:
    """The ranges of each physical register, found by bisection. Per register they
    are disjoint and in position order (a register holds one value at a time, and
    ranges are closed in order), so both their starts and their ends are sorted:
    the ones meeting [start, end] are a contiguous run. A register whose ranges
    are not so ordered is scanned whole."""

    def __init__(self, ranges: dict[str, list[tuple[int, int, bool]]]) -> None:
        self.ranges = ranges
        self.starts: dict[str, list[int]] = {}
        self.ends: dict[str, list[int]] = {}
        for reg, lst in ranges.items():
            starts = [a for a, _, _ in lst]
            ends = [b for _, b, _ in lst]
            if all(x <= y for x, y in pairwise(starts)) and \
                    all(x <= y for x, y in pairwise(ends)):
                self.starts[reg] = starts
                self.ends[reg] = ends

    def overlapping(self, reg: str, start: int, end: int) -> list[tuple[int, int, bool]]:
        """A superset of the ranges of `reg` with b >= start and a <= end, in order."""
        lst = self.ranges.get(reg, [])
        starts = self.starts.get(reg)
        if starts is None:
            work.add("regalloc.ranges", len(lst))
            return lst
        lo = bisect.bisect_left(self.ends[reg], start)
        hi = bisect.bisect_right(starts, end)
        work.add("regalloc.ranges", hi - lo + 1)
        return lst[lo:hi]


@dataclass
class Interval:
    """A virtual register's live range in instruction positions, and what the
    allocator decided for it."""

    vreg: int
    start: int
    end: int
    hints: list[str] = field(default_factory=list)
    reg: str | None = None
    spilled: bool = False
    crosses_call: bool = False
    xmm: bool = False
    copy_of: int | None = None  # defined by `mov %v<copy_of>, %v<vreg>` (a coalescing hint)
    weight: int = 0  # references, each weighted by 8^(loop depth): the cost of spilling

    # written out, not generated (made per virtual register): see codegen/mir/core.py
    def __init__(self, vreg: int, start: int, end: int, hints: list[str] | None = None,
                 reg: str | None = None, spilled: bool = False, crosses_call: bool = False,
                 xmm: bool = False, copy_of: int | None = None, weight: int = 0) -> None:
        self.vreg = vreg
        self.start = start
        self.end = end
        self.hints = [] if hints is None else hints
        self.reg = reg
        self.spilled = spilled
        self.crosses_call = crosses_call
        self.xmm = xmm
        self.copy_of = copy_of
        self.weight = weight

    def spill_key(self) -> tuple[int, int]:
        """Spill the interval with the smallest key: lightest, then ending last."""
        return (self.weight, -self.end)


class LinearScan:
    # deleted after allocation; a mypyc-compiled class allows it only for names listed
    __deletable__ = ["split"]

    def __init__(self, mf: MFunction) -> None:
        self.mf = mf
        # register operands, liveness and wide reads: the coalescer's, renamed (facts.py)
        self.facts: AllocFacts = take_facts(mf)
        self.order: list[tuple[int, MInst]] = []  # (position, instruction), real only
        self.block_range: list[tuple[int, int]] = []
        # physical register -> live ranges (start, end, starts with a def)
        self.pranges: dict[str, list[tuple[int, int, bool]]] = {}
        self.calls: list[int] = []
        self.ref_weight: list[int] = []  # per entry of `order`: 8^(its block's loop depth)
        # per entry of `order`: its `operand_regs`, read once for every analysis up to
        # the rewrite (shared: nobody changes them)
        self.refs: list[Refs] = []
        self.refs_of: dict[int, Refs] = self.facts.refs  # the same by id() of the instruction
        self.intervals: dict[int, Interval] = {}
        self.spill_slots = SpillSlots(mf)
        self.remat: dict[int, int] = {}
        # without a frame pointer %rbp is one more callee-saved register (saved last)
        self.regs = regs = current().registers
        self.callee_candidates: tuple[str, ...] = \
            regs.callee_saved if mf.frame_pointer else (*regs.callee_saved, regs.frame_pointer)

    # -- analysis -----------------------------------------------------------------
    def number(self) -> None:
        pos = 0
        depths = loop_depths(self.mf)
        refs_of = self.refs_of
        for b, depth in zip(self.mf.blocks, depths, strict=True):
            start = pos
            for mi in b.insts:
                if mi.opcode in META_OPCODES:
                    continue
                pos += 2
                self.order.append((pos, mi))
                self.refs.append(refs_of[id(mi)])
                self.ref_weight.append(_DEPTH_WEIGHT[min(depth, len(_DEPTH_WEIGHT) - 1)])
            self.block_range.append((start, pos + 1))

    def liveness(self) -> list[set[int]]:
        self.live_in, self.live_out = self.facts.live_in, self.facts.live_out
        return self.live_in

    def regs_of(self, mi: MInst) -> Refs:
        """`operand_regs` of a real instruction, as numbered (before the rewrite)."""
        return self.refs_of[id(mi)]

    def build_intervals(self) -> None:
        self.liveness()
        intervals = self.intervals

        def extend(v: int, p: int) -> Interval:
            iv = intervals.get(v)
            if iv is None:
                iv = intervals[v] = Interval(v, p, p)
            else:
                if p < iv.start:
                    iv.start = p
                if p > iv.end:
                    iv.end = p
            return iv

        for i, (s, e) in enumerate(self.block_range):
            for v in self.live_in[i]:
                extend(v, s)
            for v in self.live_out[i]:
                extend(v, e)
        calls = self.calls
        for (pos, mi), w, (uses, defs, _, _) in zip(self.order, self.ref_weight, self.refs,
                                                     strict=True):
            for r in uses:
                extend(r.id, pos).weight += w
            for r in defs:
                extend(r.id, pos).weight += w
            d = desc(mi.opcode)
            if d.is_call:
                calls.append(pos)
            # copy hints: mov %preg -> %v, or mov %v -> %preg
            if d.is_move and len(mi.operands) == 2:
                src, dst = mi.operands
                if isinstance(src, PReg) and isinstance(dst, VReg):
                    intervals[dst.id].hints.append(src.name)
                elif isinstance(src, VReg) and isinstance(dst, PReg):
                    intervals[src.id].hints.append(dst.name)
                elif isinstance(src, VReg) and isinstance(dst, VReg) and src.id != dst.id \
                        and intervals[dst.id].start == pos:
                    intervals[dst.id].copy_of = src.id
        calls = self.calls  # in position order
        for iv in self.intervals.values():
            k = bisect.bisect_right(calls, iv.start)  # the first call after the start
            iv.crosses_call = k < len(calls) and calls[k] < iv.end
            iv.xmm = current().is_vector_vreg(self.mf, iv.vreg)
        self.physical_ranges()

    def physical_ranges(self) -> None:
        """Where each physical register holds a value someone reads (argument and
        return registers between their set-up and the call or return, fixed
        operands of divisions and shifts), plus every point that writes it."""
        i = 0
        open_: dict[str, tuple[int, bool, int]] = {}  # reg -> (start, from def, last use)

        def close(r: str) -> None:
            a, from_def, last = open_.pop(r)
            self.pranges.setdefault(r, []).append((a, max(a, last), from_def))

        for bstart, bend in self.block_range:
            while i < len(self.order) and self.order[i][0] <= bend:
                pos = self.order[i][0]
                _, _, puses, pdefs = self.refs[i]
                i += 1
                for r in puses:
                    if r not in open_:
                        open_[r] = (bstart, False, pos)
                    else:
                        a, fd, _ = open_[r]
                        open_[r] = (a, fd, pos)
                for r in pdefs:
                    if r in open_:
                        close(r)
                    open_[r] = (pos, True, pos)
            for r in list(open_):
                close(r)
        self.pindex = RangeIndex(self.pranges)

    def allowed(self, iv: Interval, reg: str) -> bool:
        for a, b, from_def in self.pindex.overlapping(reg, iv.start, iv.end):
            if b < iv.start or a > iv.end:
                continue
            if b == iv.start and not (a == b and from_def):
                continue  # R's last read is the instruction that defines the interval
            if a == iv.end and from_def:
                continue  # the interval's last use is the instruction that writes R
            return False
        return True

    # -- allocation ---------------------------------------------------------------
    def allocate(self) -> None:
        active: list[Interval] = []
        for iv in sorted(self.intervals.values(), key=lambda x: (x.start, x.vreg)):
            active = [a for a in active if a.end >= iv.start]
            busy = {a.reg for a in active if a.reg is not None}
            reg = self.coalesce(iv, active) or self.choose(iv, busy)
            if reg is not None:
                iv.reg = reg
                active.append(iv)
                continue
            # spill the cheapest: the current interval or an active one
            victim = min((a for a in active if a.reg is not None and self.allowed(iv, a.reg)
                          and a.xmm == iv.xmm and not (iv.xmm and iv.crosses_call)
                          and (not iv.crosses_call or a.reg in self.callee_candidates)),
                         key=Interval.spill_key, default=None)
            if victim is not None and victim.spill_key() < iv.spill_key():
                iv.reg, victim.reg = victim.reg, None
                victim.spilled = True
                active.remove(victim)
                active.append(iv)
            else:
                iv.spilled = True

    def coalesce(self, iv: Interval, active: list[Interval]) -> str | None:
        """The register of the value `iv` is copied from, when that value's
        interval ends at the copy: the copy then moves a register to itself."""
        src = self.intervals.get(iv.copy_of) if iv.copy_of is not None else None
        if src is None or src.reg is None or src.end != iv.start or src.xmm != iv.xmm:
            return None
        r = src.reg
        if iv.crosses_call and r not in self.callee_candidates:
            return None
        if any(a.reg == r and a is not src for a in active) or not self.allowed(iv, r):
            return None
        return r

    def choose(self, iv: Interval, busy: set[str]) -> str | None:
        if iv.xmm:
            # vector registers are all caller-saved: a float value live across a call is spilled
            candidates: tuple[str, ...] = () if iv.crosses_call else self.regs.vector_allocatable
        else:
            callee = self.callee_candidates
            candidates = callee if iv.crosses_call else self.regs.allocatable_caller + callee
        ok = [r for r in candidates if r not in busy and self.allowed(iv, r)]
        if not ok:
            return None
        for h in iv.hints:
            if h in ok:
                return h
        return ok[0]

    # -- rewriting ----------------------------------------------------------------
    def slot(self, v: int) -> StackSlot:
        return self.spill_slots.slot(v)

    def assign_slots(self) -> None:
        """Spilled registers (not rematerialised) share slots where their
        intervals are disjoint (spill_slots.py)."""
        self.spill_slots.assign([(iv.start, iv.end, v) for v, iv in self.intervals.items()
                                 if iv.spilled and iv.reg is None and v not in self.remat])

    def find_remat(self) -> None:
        defs: dict[int, list[MInst]] = {}
        for (_, mi), (_, ds, _, _) in zip(self.order, self.refs, strict=True):
            for d in ds:
                defs.setdefault(d.id, []).append(mi)
        for v, iv in self.intervals.items():
            only = defs.get(v, [])
            if iv.spilled and len(only) == 1 and desc(only[0].opcode).is_move:
                src = only[0].operands[0]
                if isinstance(src, Imm):
                    self.remat[v] = src.value

    def rewrite(self) -> None:
        sizes = self.mf.vreg_sizes
        self.pos_of = {id(mi): pos for pos, mi in self.order}
        self.last_pos = 0  # position of the last real instruction rewritten

        def real(mi: MInst, out: list[MInst]) -> None:
            self.rewrite_inst(mi, out, sizes)
            self.last_pos = self.pos_of[id(mi)]

        rewrite_blocks(self.mf, self.rewrite_meta, real)
        used = {iv.reg for iv in self.intervals.values() if iv.reg is not None}
        used |= self.split.registers()
        self.mf.callee_saved = [r for r in self.callee_candidates if r in used]

    def rewrite_meta(self, mi: MInst) -> None:
        if mi.opcode not in ("DBG_VALUE", "DBG_PHI"):
            return
        if any(isinstance(o, VReg) and o.id not in self.intervals for o in mi.operands):
            mi.operands = []  # the value is never computed: undefined
            return
        locs = [self.location_of(o) if isinstance(o, VReg) else o for o in mi.operands]
        mi.operands = [o for o in locs if o is not None] if None not in locs else []

    def location_of(self, v: VReg) -> Operand | None:
        """Where `v` is after the last real instruction rewritten; None when its
        slot holds another register's value there (a debug use past its interval)."""
        iv = self.intervals[v.id]
        if iv.reg is not None:
            return PReg(iv.reg, v.size)
        reg = self.split.register_between(v.id, self.last_pos)
        if reg is not None:  # inside a piece the slot may be behind (a dropped store)
            return PReg(reg, v.size)
        if not self.spill_slots.valid_at(v.id, self.last_pos):
            return None  # past its interval another register holds the slot
        return self.slot(v.id)

    def rewrite_inst(self, mi: MInst, out: list[MInst], sizes: list[int]) -> None:
        if self.is_vreg_self_copy(mi):
            # a coalesced copy: nothing to move even when the register is spilled
            v = mi.operands[1]
            loc = self.location_of(v) if mi.instr_num and isinstance(v, VReg) else None
            if loc is not None:
                out.append(MInst("DBG_PHI", [loc, Imm(mi.instr_num)], loc=None))
            return
        uses, defs, _, _ = self.refs_of[id(mi)]  # not yet rewritten
        # a constant move into a rematerialised register disappears
        if defs and len(defs) == 1 and defs[0].id in self.remat and desc(mi.opcode).is_move:
            return
        # where each spilled register lives here: a piece's register (live-range
        # splitting) or a scratch register; `loaded` ones are already there
        scratch: dict[int, str] = {}
        pos = self.pos_of[id(mi)]
        intervals = self.intervals
        if any(intervals[r.id].reg is None for r in uses) or \
                any(intervals[r.id].reg is None for r in defs):  # else: no spill code
            uses, defs = self.place_spilled(mi, pos, uses, defs, scratch, out, sizes)
        for u in uses:
            # A byte or word register read at a wider width: clear the bits above
            # it (the -O0 allocator's reloads zero-extend the same way).
            nat = sizes[u.id]
            in_piece = u.id in scratch and scratch[u.id] not in self.regs.scratch \
                and scratch[u.id] not in self.regs.vector_scratch
            if (u.id not in scratch or in_piece) and u.size > nat and nat < 4 \
                    and not self.intervals[u.id].xmm:
                reg = scratch[u.id] if in_piece else self.intervals[u.id].reg
                assert reg is not None
                widen = current().extend_opcode(Extension(False, 8 * nat, 32))
                out.append(MInst(widen, [PReg(reg, nat), PReg(reg, 4)], loc=mi.loc,
                                 flags=mi.flags))
        # a 32-bit self-move does nothing unless it clears the upper half of a
        # 32-bit register read as 64 bits (byte and word registers read wider
        # are zero-extended at the read, above)
        narrow_copy = (is_move32(mi.opcode) and len(defs) == 1
                       and (sizes[defs[0].id] < 4 or sizes[defs[0].id] == 4
                            and defs[0].id not in self.wide_reads))
        mi.operands = [self.subst(op, scratch) for op in mi.operands]
        if not (self.is_noop_copy(mi) or narrow_copy and self.is_self_copy(mi)):
            out.append(mi)
        elif mi.instr_num:
            # The copy disappears but its value stays where it was: a DBG_PHI
            # keeps the debug number resolvable, and -g cannot change the code.
            kept = mi.operands[1]
            out.append(MInst("DBG_PHI", [kept, Imm(mi.instr_num)], loc=None))
        for d in defs:
            if d.id in scratch and d.id not in self.remat \
                    and (d.id, pos) not in self.split.dead_stores:
                nat = sizes[d.id]
                out.append(MInst(spill_op(self.mf, d.id), [PReg(scratch[d.id], nat),
                                                       Mem(base=self.slot(d.id))],
                                 loc=mi.loc, flags=mi.flags))

    def place_spilled(self, mi: MInst, pos: int, uses: list[VReg], defs: list[VReg],
                      scratch: dict[int, str], out: list[MInst], sizes: list[int]
                      ) -> tuple[list[VReg], list[VReg]]:
        """Put each spilled register `mi` names in `scratch` (a piece's register or
        a scratch one) and reload the ones it reads; its (uses, defs), read again
        when an address was folded into a scratch register."""
        loaded: set[int] = set()
        busy = self.fold_address(mi, pos, out, sizes)   # a scratch register holding an address
        if busy:
            uses, defs, _, _ = operand_regs(mi)
        for r in [*uses, *defs]:
            piece = self.split.piece_at(r.id, pos) if self.intervals[r.id].reg is None else None
            if piece is not None and r.id not in scratch:
                scratch[r.id] = piece.reg
                if not (piece.start == pos and piece.reload):
                    loaded.add(r.id)
        for r in [*uses, *defs]:
            iv = self.intervals[r.id]
            if iv.reg is None and r.id not in scratch:
                pool = self.regs.vector_scratch if iv.xmm else self.regs.scratch
                free = [p for p in pool if p not in scratch.values() and p != busy]
                if not free:
                    raise InternalCompilerError(
                        f"{mi.opcode} names more spilled registers than there are scratch "
                        "registers", where="regalloc-linear")
                scratch[r.id] = free[0]
        for vid, sreg in scratch.items():
            if any(u.id == vid for u in uses) and vid not in loaded:
                self.reload(vid, sreg, mi, out, sizes)
        return uses, defs

    def needs_scratch(self, vid: int, pos: int) -> bool:
        """A spilled general register outside any piece of a split range."""
        iv = self.intervals[vid]
        return iv.reg is None and not iv.xmm and self.split.piece_at(vid, pos) is None

    def reload(self, vid: int, reg: str, mi: MInst, out: list[MInst], sizes: list[int]) -> None:
        """Bring spilled `vid` into `reg` before `mi` (its constant when rematerialised)."""
        nat = sizes[vid]
        if vid in self.remat:
            out.append(MInst(spill_op(self.mf, vid), [Imm(self.remat[vid]), PReg(reg, nat)],
                             loc=mi.loc, flags=mi.flags))
        else:
            out.append(MInst(reload_op(self.mf, vid), [Mem(base=self.slot(vid)),
                                                       PReg(reg, max(nat, 4))],
                             loc=mi.loc, flags=mi.flags))

    def fold_address(self, mi: MInst, pos: int, out: list[MInst], sizes: list[int]) -> str:
        """When `mi` needs more scratch registers than there are and one of its
        addresses is `base + index*scale` with both spilled, compute that address into
        the first scratch register (`lea`) and address through it alone; that register,
        or "" when nothing was folded."""
        uses, defs, _, _ = self.refs_of[id(mi)]  # not yet rewritten
        if len(uses) + len(defs) <= len(self.regs.scratch):
            return ""  # never more registers needing scratch than that
        needing = {r.id for r in [*uses, *defs] if self.needs_scratch(r.id, pos)}
        if len(needing) <= len(self.regs.scratch):
            return ""
        for k, op in enumerate(mi.operands):
            if not (isinstance(op, Mem) and isinstance(op.base, VReg)
                    and isinstance(op.index, VReg) and op.base.id != op.index.id
                    and self.needs_scratch(op.base.id, pos)
                    and self.needs_scratch(op.index.id, pos)
                    and sizes[op.base.id] >= 4 and sizes[op.index.id] >= 4):
                continue
            first, second = self.regs.scratch
            self.reload(op.base.id, first, mi, out, sizes)
            self.reload(op.index.id, second, mi, out, sizes)
            address = replace(op, base=PReg(first, 8), index=PReg(second, 8), segment=None)
            out.append(MInst(current().address_opcode(8), [address, PReg(first, 8)], loc=mi.loc,
                             flags=mi.flags))
            mi.operands = [*mi.operands[:k], Mem(base=PReg(first, 8), segment=op.segment),
                           *mi.operands[k + 1:]]
            return first
        return ""

    def subst(self, op: Operand, scratch: dict[int, str]) -> Operand:
        def reg_for(v: VReg) -> PReg:
            if v.id in scratch:
                return PReg(scratch[v.id], v.size)
            iv = self.intervals[v.id]
            assert iv.reg is not None
            return PReg(iv.reg, v.size)

        if isinstance(op, VReg):
            return reg_for(op)
        if isinstance(op, Mem):
            base, index = op.base, op.index
            if isinstance(base, VReg):
                base = reg_for(VReg(base.id, 8))
            if isinstance(index, VReg):
                index = reg_for(VReg(index.id, 8))
            return replace(op, base=base, index=index)
        return op

    @staticmethod
    def is_self_copy(mi: MInst) -> bool:
        a, b = mi.operands
        return isinstance(a, PReg) and isinstance(b, PReg) and a.name == b.name

    def find_wide_reads(self) -> None:
        """Only a 32-bit register read at 64 bits relies on a 32-bit write
        clearing the upper half, so a `movl %r, %r` defining any other does nothing."""
        self.wide_reads = self.facts.wide

    def is_vreg_self_copy(self, mi: MInst) -> bool:
        """A copy of a virtual register to itself (what coalescing leaves) that
        does nothing: not a 32-bit move clearing the upper half of a 32-bit
        register read as 64 bits."""
        ops = mi.operands
        if len(ops) != 2 or not isinstance(ops[0], VReg) or not isinstance(ops[1], VReg) \
                or ops[0].id != ops[1].id or ops[0].size != ops[1].size:
            return False
        if desc(mi.opcode).copies_whole:
            return True
        nat = self.mf.vreg_sizes[ops[0].id]
        return is_move32(mi.opcode) and (nat < 4 or nat == 4 and ops[0].id not in self.wide_reads)

    @staticmethod
    def is_noop_copy(mi: MInst) -> bool:
        """`movq %r, %r` (or an SSE register copied to itself) does nothing (a 32-bit
        move to itself still zero-extends)."""
        if not desc(mi.opcode).copies_whole or len(mi.operands) != 2:
            return False
        a, b = mi.operands
        return isinstance(a, PReg) and isinstance(b, PReg) and a.name == b.name

    def run(self) -> None:
        self.number()
        self.build_intervals()
        self.allocate()
        self.find_remat()
        self.assign_slots()
        self.find_wide_reads()
        self.split = RangeSplitter(self)
        self.split.run()
        self.rewrite()
        # the splitter points back at this allocator: without that cycle reference
        # counting frees both, their intervals and the function's code once printed
        del self.split


def allocate_linear(mf: MFunction) -> None:
    LinearScan(mf).run()


__all__ = ["LinearScan", "MBlock", "allocate_linear", "successors"]


class LinearRegalloc(MachinePass):
    """Linear-scan allocation with splitting and coalescing (`allocate_linear`).

    Debug info: instructions keep their numbers (the value is the same, only its
    register changed) and locations; inserted reloads and spills take the
    location of the instruction they serve."""

    name: ClassVar[str] = "regalloc-linear"
    preserves_cfg: ClassVar[bool] = True
    keeps_di: ClassVar[MDI] = MDI.ALL
    leaves: ClassVar[MIRState | None] = MIRState.ALLOCATED

    def run(self, mf: MFunction, ctx: MachineContext) -> None:
        allocate_linear(mf)
