"""What copy coalescing and the linear-scan allocator both read, computed once.

Both walk every instruction for its register operands (`operand_regs`), solve
block liveness and look for registers read wider than their natural width
(`wide_reads`). The coalescer runs right before the allocator and only renames
registers, so the allocator's answers follow from the coalescer's: an
instruction's operands are read again only where the rename rebuilt them, and
the live sets and wide reads map through the rename (two registers merge only
when their live segments are disjoint, so the merged one is live exactly where
either was, and both have one natural width).

The hand-over: the coalescer leaves its `AllocFacts` in `mf.alloc_facts`; the
machine pass manager drops them after the next pass (whether it read them or
not), so they never outlive the one pass that may rely on them. A reader takes
them with `take_facts`, which computes fresh ones when none were left (a .mir
file run through one pass, a custom pipeline). In checking mode
(ATOMC_CHECK_INCREMENTAL) the handed facts are compared with a recomputation.

Meta instructions are not uses, so the facts are the same with and without -g.
"""

from __future__ import annotations

from ...ir.cfgstate import checking
from ..mir import META_OPCODES, Mem, MFunction, MInst, VReg
from ..mir.registers import opcode_roles, operand_regs
from .liveness import block_liveness

__all__ = ["AllocFacts", "Refs", "compute_facts", "take_facts", "wide_reads"]

Refs = tuple[list[VReg], list[VReg], set[str], set[str]]  # `operand_regs`' answer


class AllocFacts:
    """Register operands of each real instruction (by `id`), block live sets and
    wide reads of one function, for the registers as they are named now."""

    __slots__ = ("live_in", "live_out", "refs", "wide")

    def __init__(self, refs: dict[int, Refs], live_in: list[set[int]],
                 live_out: list[set[int]], wide: set[int]) -> None:
        self.refs = refs
        self.live_in = live_in
        self.live_out = live_out
        self.wide = wide

    def regs_of(self, mi: MInst) -> Refs:
        """`operand_regs` of a real instruction of the function."""
        return self.refs[id(mi)]

    def renamed(self, to: dict[int, int], rebuilt: list[MInst]) -> None:
        """Follow a rename of the registers `to` maps (disjoint live ranges, one
        natural width) that rebuilt the operands of `rebuilt`."""
        for mi in rebuilt:
            if mi.opcode not in META_OPCODES:
                self.refs[id(mi)] = operand_regs(mi)
        moved = set(to)
        self.live_in = [_renamed(s, to, moved) for s in self.live_in]
        self.live_out = [_renamed(s, to, moved) for s in self.live_out]
        self.wide = _renamed(self.wide, to, moved)

    def stale(self, mf: MFunction) -> list[str]:
        """How these facts differ from a recomputation over `mf` (empty: none)."""
        fresh = compute_facts(mf)
        out = [f"{what} differ" for what, a, b in (
            ("live-in sets", self.live_in, fresh.live_in),
            ("live-out sets", self.live_out, fresh.live_out),
            ("wide reads", self.wide, fresh.wide)) if a != b]
        if set(self.refs) != set(fresh.refs) or any(
                self.refs[k] != r for k, r in fresh.refs.items()):
            out.append("register operands differ")
        return out


def _renamed(regs: set[int], to: dict[int, int], moved: set[int]) -> set[int]:
    """`regs` with the renamed ones under their new names (the set itself when
    none is renamed: most blocks of a large function)."""
    if regs.isdisjoint(moved):
        return regs
    return {to.get(v, v) for v in regs}


def compute_facts(mf: MFunction) -> AllocFacts:
    """The facts of `mf`, read from its instructions."""
    refs: dict[int, Refs] = {}
    for b in mf.blocks:
        for mi in b.insts:
            if mi.opcode not in META_OPCODES:
                refs[id(mi)] = operand_regs(mi)
    live_in, live_out = block_liveness(mf, lambda mi: refs[id(mi)])
    return AllocFacts(refs, live_in, live_out, wide_reads(mf))


def take_facts(mf: MFunction) -> AllocFacts:
    """The facts the previous pass left for `mf` (checked against a recomputation
    in checking mode), or fresh ones; none are left behind."""
    facts = mf.alloc_facts
    mf.alloc_facts = None
    if not isinstance(facts, AllocFacts):
        return compute_facts(mf)
    if checking():
        stale = facts.stale(mf)
        if stale:
            raise AssertionError(f"stale allocation facts of {mf.name}: " + "; ".join(stale))
    return facts


def wide_reads(mf: MFunction) -> set[int]:
    """Virtual registers read wider than their natural width (as a register
    operand or in an address, which reads all 64 bits)."""
    sizes = mf.vreg_sizes
    out: set[int] = set()
    for b in mf.blocks:
        for mi in b.insts:
            if mi.opcode in META_OPCODES:
                continue
            reads = opcode_roles(mi.opcode)[0]
            n = len(reads)
            k = -1
            for op in mi.operands:
                k += 1
                if type(op) is VReg:  # the operand classes are final
                    if (k >= n or reads[k]) and op.size > sizes[op.id]:
                        out.add(op.id)
                elif type(op) is Mem:
                    for r in (op.base, op.index):
                        if type(r) is VReg and sizes[r.id] < 8:
                            out.add(r.id)
    return out
