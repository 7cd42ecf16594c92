"""Block-level liveness of virtual registers, shared by the linear-scan
allocator (interval ends) and the copy coalescer (live segments).

Meta instructions (DBG_VALUE, DBG_PHI, labels) are not uses, so the answer is
the same with and without -g.
"""

from __future__ import annotations

from collections.abc import Callable

from ...ir import work
from ..mir import META_OPCODES, MFunction, MInst, VReg
from ..mir.cfg import predecessor_indices, solve_blocks, successor_indices
from ..mir.registers import operand_regs

__all__ = ["block_liveness"]


RegsOf = Callable[[MInst], tuple[list[VReg], list[VReg], set[str], set[str]]]


def block_liveness(mf: MFunction, regs_of: RegsOf = operand_regs
                   ) -> tuple[list[set[int]], list[set[int]]]:
    """(live-in, live-out) virtual register ids of each block, by index;
    `regs_of`: `operand_regs`, or a caller's memo of it."""
    succ = successor_indices(mf)
    gen: list[set[int]] = []
    kill: list[set[int]] = []
    for b in mf.blocks:
        g: set[int] = set()
        k: set[int] = set()
        for mi in b.insts:
            if mi.opcode in META_OPCODES:
                continue
            uses, defs, _, _ = regs_of(mi)
            for u in uses:
                if u.id not in k:
                    g.add(u.id)
            for d in defs:
                k.add(d.id)
        gen.append(g)
        kill.append(k)
    n = len(mf.blocks)
    live_in: list[set[int]] = [set() for _ in range(n)]
    live_out: list[set[int]] = [set() for _ in range(n)]
    preds = predecessor_indices(succ, n)

    def step(i: int) -> bool:
        out = set().union(*(live_in[s] for s in succ[i])) if succ[i] else set()
        inn = gen[i] | (out - kill[i])
        live_out[i] = out
        if inn == live_in[i]:
            return False
        live_in[i] = inn
        return True

    # last block first: the unique fixed point, as by repeated sweeps, with each
    # block redone only when a successor's live-in changed
    visits = solve_blocks(list(range(n)), step, preds)
    work.add("regalloc.liveness", visits)
    work.add("regalloc.liveness.solves", 1)  # once per function (facts.py), not per stage
    return live_in, live_out
