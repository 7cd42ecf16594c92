"""Copy coalescing before linear scan: a virtual register copied into another
whose live range it does not overlap becomes that register.

Instruction selection passes block arguments as copies on the edges (`mov
%next, %i` in a loop's latch) and x86's two-address forms start with a copy
(`mov %i, %t; add $1, %t`). The linear-scan allocator gives each virtual
register one interval without holes, so a loop counter `%i`, live around the
whole loop, overlaps `%t` and the latch keeps its copies, and the jump-only
block that would otherwise vanish stays on every iteration. Here live ranges
are exact: each register's segments (position ranges, holes left out), from
block liveness and a backward walk of each block. A copy `mov %s, %d` whose two
registers' segments are disjoint (touching at the copy, where `%s` is read and
`%d` written, is allowed) renames `%d` to `%s` everywhere: the copy becomes a
self-move the allocator drops, and the merged register's segments are the
union, checked against the next copy. Copies in deeper loops go first (loop
depth from the back edges of the block layout), so the latch copies win when
two candidates compete for one register. At one depth, the copies into a
register a back edge carries to its loop header (the latch's `mov %next, %i`)
go before the others: in `mov %c, %t; add %x, %t; ...; mov %t2, %c` the
body's two-address copy, found first, would merge `%t` into `%c` and leave the
latch copy of `%c` (and its jump-only block) on every iteration.

Only plain copies within one register class and natural width merge; a 32-bit
copy of a register read as 64 bits stays (it clears the upper half), except a
zero extension `movl %a, %b` of a 32-bit register into a 64-bit one (or one read
as 64 bits) when every definition of `%a` (and of every register merged into
it) is a 32-bit write, which clears the upper half itself (a loaded `unsigned`
limb widened for a 64-bit multiply, an `int` argument used as an index): a 64-bit
`%b` takes `%a` in, so the merged register keeps the natural width its 64-bit
reads and writes need (`_zero_extension`). A register
copied from a physical one (a call's result) and living between calls does
not join one living across calls: it would lose that register, and its copy
would stay while the scheduler may have moved it below the next statement's
code (`_loses_fixed_register`). The
test is conservative: a copy whose source stays live after it (same value in
both) is kept.

Debug info: nothing is added or removed here. DBG_VALUE and DBG_PHI operands
are renamed with the instructions, so they name the register that holds the
same value; the copy keeps its debug instruction number, and the allocator
turns the resulting self-move into a DBG_PHI. Meta instructions are not uses,
so the merges (and the code) are the same with and without -g.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass, replace
from typing import ClassVar

from ...ir import work
from ..mir import META_OPCODES, Mem, MFunction, MInst, Operand, PReg, VReg
from ..mir.cfg import successor_indices
from ..mir.passes import MDI, MachineContext, MachinePass
from ..target import current, desc, is_move32
from .facts import AllocFacts, compute_facts

__all__ = ["CoalesceCopies", "coalesce_copies", "loop_depths"]

Segment = tuple[int, int]  # (start, end) positions; a def starts, a use ends one


@dataclass(frozen=True, slots=True)
class _Candidate:
    """A register-to-register copy to try, with what orders the tries: deeper
    loops first, then copies feeding a back edge, then by position."""

    depth: int
    feeds_back_edge: bool
    pos: int
    mi: MInst

    # written out, not generated (one per copy): see codegen/mir/core.py
    def __init__(self, depth: int, feeds_back_edge: bool, pos: int, mi: MInst) -> None:
        object.__setattr__(self, "depth", depth)
        object.__setattr__(self, "feeds_back_edge", feeds_back_edge)
        object.__setattr__(self, "pos", pos)
        object.__setattr__(self, "mi", mi)

    @property
    def priority(self) -> tuple[int, int, int]:
        return (-self.depth, 0 if self.feeds_back_edge else 1, self.pos)


def coalesce_copies(mf: MFunction) -> int:
    """Merge the virtual registers of non-interfering copies; how many merged.
    Leaves the allocator its facts, renamed (`mf.alloc_facts`, facts.py)."""
    facts = compute_facts(mf)
    segs, copies, calls, fixed, dirty = _segments_and_copies(mf, facts)
    crosses = {v: _crosses(lst, calls) for v, lst in segs.items()}
    wide = facts.wide
    sizes = mf.vreg_sizes
    target = current()
    parent: dict[int, int] = {}

    def find(v: int) -> int:
        root = v
        while root in parent:
            root = parent[root]
        while v != root:  # path compression
            parent[v], v = root, parent[v]
        return root

    merged = 0
    for cand in sorted(copies, key=lambda c: c.priority):
        mi = cand.mi
        src, dst = mi.operands
        assert isinstance(src, VReg) and isinstance(dst, VReg)
        xs, xd = target.is_vector_vreg(mf, src.id), target.is_vector_vreg(mf, dst.id)
        zext = False
        if not _plain_copy(mi, sizes, wide, xs, xd):
            if xs or xd or not _zero_extension(mi, sizes):
                continue
            zext = True
        a, b = find(src.id), find(dst.id)
        if a == b or (sizes[a] != sizes[b] and not (zext and sizes[b] == 8)):
            continue  # (a group keeps its members' natural width)
        if zext and (a in dirty or sizes[a] != 4):
            continue  # some definition may leave the upper half set
        sa, sb = segs.get(a, []), segs.get(b, [])
        if (zext and sizes[b] == 8) or len(sa) < len(sb):
            a, b, sa, sb = b, a, sb, sa  # (a 32-bit one joins the 64-bit register)
        if _overlaps(sb, sa) or _loses_fixed_register(a, b, crosses, fixed):
            continue
        for s in sb:  # the smaller list into the larger
            bisect.insort(sa, s)
        segs[a] = sa
        segs.pop(b, None)
        parent[b] = a
        if b in dirty:
            dirty.add(a)
        crosses[a] = crosses.get(a, False) or crosses.pop(b, False)
        if b in fixed:
            fixed.add(a)
        merged += 1
    if merged:
        to = {v: find(v) for v in parent}
        facts.renamed(to, _rename(mf, to))
    mf.alloc_facts = facts
    return merged


def _plain_copy(mi: MInst, sizes: list[int], wide: set[int], xs: bool, xd: bool) -> bool:
    """A whole-register copy within one class and natural width."""
    src, dst = mi.operands
    assert isinstance(src, VReg) and isinstance(dst, VReg)
    nat = sizes[src.id]
    if sizes[dst.id] != nat or xs != xd:
        return False
    d = desc(mi.opcode)
    if xs:
        return d.copies_whole and src.size == dst.size
    if nat == 8:
        return d.copies_whole and not d.vector
    # 32-bit copies of narrower or 32-bit registers; a 32-bit register read
    # as 64 bits relies on the copy's zero extension
    return is_move32(mi.opcode) and (nat < 4 or (src.id not in wide and dst.id not in wide))


def _zero_extension(mi: MInst, sizes: list[int]) -> bool:
    """A 32-bit copy of a 32-bit register into a 64-bit one or one read as 64 bits
    (a zero extension)."""
    src, dst = mi.operands
    assert isinstance(src, VReg) and isinstance(dst, VReg)
    return (is_move32(mi.opcode) and sizes[src.id] == 4 and sizes[dst.id] in (4, 8)
            and src.size == 4 and dst.size == 4)


def _clears_upper_half(mi: MInst, d: VReg) -> bool:
    """Does `mi`'s write of `d` clear its register's bits 32-63: a 32-bit move,
    arithmetic or extension (every 32-bit write does on x86-64; these are the
    ones whose opcode facts say so, so the test stays target-neutral)?"""
    info = desc(mi.opcode)
    return (d.size == 4 and info.width == 32 and not info.vector
            and (info.is_move or info.arith is not None or info.extend is not None))


def _overlaps(small: list[Segment], large: list[Segment]) -> bool:
    """Do two registers' segments meet: does one start (a write) strictly inside
    the other, or do both start at one position (one instruction writes both)?
    Touching ends (read, then written by one instruction) do not. The segments of one list
    are sorted and disjoint apart from touching ends, so their ends are sorted
    too: of those of `large` starting before b, only the last can reach past a."""
    for a, b in small:
        k = bisect.bisect_left(large, (b, -1))  # large[:k] start before b
        if k and (large[k - 1][1] > a or large[k - 1][0] == a):
            return True
        if k < len(large) and large[k][0] == a:  # a point segment [a, a] (a == b)
            return True
    work.add("coalesce.checks", len(small))
    return False


def _loses_fixed_register(a: int, b: int, crosses: dict[int, bool], fixed: set[int]) -> bool:
    """Would merging give a register copied from a fixed one (a call's result, an
    argument), which lives only between calls, the callee-saved register of one
    that lives across them? It would lose the fixed register (its copy then
    stays) to save the other copy: no gain, and the copy after a call would move
    away from it."""
    ca, cb = crosses.get(a, False), crosses.get(b, False)
    return ca != cb and (b if ca else a) in fixed


def _crosses(segments: list[Segment], calls: list[int]) -> bool:
    """Is a call strictly inside one of the segments (the value lives across it)?"""
    for a, b in segments:
        k = bisect.bisect_right(calls, a)
        if k < len(calls) and calls[k] < b:
            return True
    return False


def _segments_and_copies(mf: MFunction, facts: AllocFacts
                         ) -> tuple[dict[int, list[Segment]], list[_Candidate],
                                    list[int], set[int], set[int]]:
    """Each virtual register's live segments (sorted), the register-to-register
    copies, the positions of calls (sorted), the registers some copy from a
    physical register defines and those some definition writes without clearing
    the upper half (`_clears_upper_half`)."""
    regs_of = facts.regs_of
    live_in, live_out = facts.live_in, facts.live_out
    succ = successor_indices(mf)
    depth = loop_depths(mf, succ)
    segs: dict[int, list[Segment]] = {}
    copies: list[_Candidate] = []
    calls: list[int] = []
    fixed: set[int] = set()
    dirty: set[int] = set()
    base = 0
    for bi, b in enumerate(mf.blocks):
        real = [mi for mi in b.insts if mi.opcode not in META_OPCODES]
        # what the back edges leaving this block carry into their loop headers
        carried: set[int] = set()
        for s in succ[bi]:
            if s <= bi:
                carried |= live_in[s]
        start, end = base, base + 2 * len(real) + 1
        base = end + 1
        open_end: dict[int, int] = {v: end for v in live_out[bi]}
        pos = end - 1
        for mi in reversed(real):
            uses, defs, _, _ = regs_of(mi)
            for d in defs:
                segs.setdefault(d.id, []).append((pos, open_end.pop(d.id, pos)))
                if not _clears_upper_half(mi, d):
                    dirty.add(d.id)
            for u in uses:
                open_end.setdefault(u.id, pos)
            ops = mi.operands
            info = desc(mi.opcode)
            if info.is_call:
                calls.append(pos)
            if len(ops) == 2 and isinstance(ops[1], VReg) and info.is_move:
                if isinstance(ops[0], VReg) and ops[0].id != ops[1].id:
                    copies.append(_Candidate(depth[bi], ops[1].id in carried, pos, mi))
                elif isinstance(ops[0], PReg):
                    fixed.add(ops[1].id)
            pos -= 2
        for v, e in open_end.items():
            assert v in live_in[bi], f"%v{v} read in block {bi} before any definition"
            segs.setdefault(v, []).append((start, e))
    for lst in segs.values():
        lst.sort()
    work.add("coalesce.positions", base)
    calls.sort()
    return segs, copies, calls, fixed, dirty


def loop_depths(mf: MFunction, succ: dict[int, list[int]] | None = None) -> list[int]:
    """How many back edges (a branch to the same or an earlier block) span each
    block in layout order: the loop nesting depth, for the usual layouts. `succ`:
    the blocks' `successor_indices`, when the caller has them."""
    if succ is None:
        succ = successor_indices(mf)
    delta = [0] * (len(mf.blocks) + 1)
    for i, ss in succ.items():
        for s in ss:
            if s <= i:
                delta[s] += 1
                delta[i + 1] -= 1
    out, d = [], 0
    for i in range(len(mf.blocks)):
        d += delta[i]
        out.append(d)
    return out


def _rename(mf: MFunction, to: dict[int, int]) -> list[MInst]:
    """Rename the virtual registers `to` maps, in one walk that rebuilds the
    operand list of only the instructions naming one of them; those instructions."""
    def sub(op: Operand) -> Operand:
        if type(op) is VReg:  # the operand classes are final
            r = to.get(op.id)
            return op if r is None else VReg(r, op.size)
        if type(op) is Mem:
            base, index = op.base, op.index
            if type(base) is VReg and base.id in to:
                base = VReg(to[base.id], base.size)
            if type(index) is VReg and index.id in to:
                index = VReg(to[index.id], index.size)
            if base is not op.base or index is not op.index:
                return replace(op, base=base, index=index)
        return op

    def names(op: Operand) -> bool:
        if type(op) is VReg:
            return op.id in to
        if type(op) is Mem:
            return (type(op.base) is VReg and op.base.id in to) or \
                (type(op.index) is VReg and op.index.id in to)
        return False

    rebuilt: list[MInst] = []
    for b in mf.blocks:
        for mi in b.insts:
            ops = mi.operands
            for op in ops:
                if names(op):
                    mi.operands = [sub(o) for o in ops]
                    rebuilt.append(mi)
                    break
    work.add("coalesce.renamed", len(rebuilt))
    return rebuilt


class CoalesceCopies(MachinePass):
    """Merge copy-related virtual registers whose live ranges are disjoint
    (`coalesce_copies`), so the allocator's intervals lose the copies' gaps.

    Debug info: renames registers only (in DBG_VALUE and DBG_PHI too);
    instructions, numbers and locations are unchanged."""

    name: ClassVar[str] = "coalesce"
    preserves_cfg: ClassVar[bool] = True
    keeps_di: ClassVar[MDI] = MDI.ALL

    def run(self, mf: MFunction, ctx: MachineContext) -> None:
        coalesce_copies(mf)
