"""Control flow of machine IR: each block's successors, read from the target's
opcode table (branches, jump tables, fall-through)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from ..target import desc
from .core import META_OPCODES, BlockRef, JumpTable, MBlock, MFunction

__all__ = ["predecessor_indices", "solve_blocks", "successor_indices", "successors"]


def successors(mf: MFunction) -> dict[MBlock, list[MBlock]]:
    """Branch targets (jump-table entries included) plus the fall-through
    block, in a stable order."""
    out: dict[MBlock, list[MBlock]] = {}
    blocks = mf.blocks
    for i, b in enumerate(blocks):
        succ: list[MBlock] = []
        last = None
        for mi in b.insts:
            if mi.opcode in META_OPCODES:
                continue
            last = desc(mi.opcode)
            if last.is_branch:
                tgt = mi.operands[0]
                if isinstance(tgt, BlockRef) and tgt.block not in succ:
                    succ.append(tgt.block)
            elif isinstance(mi.meta, JumpTable):
                succ.extend(t for t in dict.fromkeys(mi.meta.targets) if t not in succ)
        falls = last is None or not last.is_terminator or last.is_cond_branch
        if falls and i + 1 < len(blocks) and blocks[i + 1] not in succ:
            succ.append(blocks[i + 1])
        out[b] = succ
    return out


def successor_indices(mf: MFunction) -> dict[int, list[int]]:
    """`successors` by block index."""
    index = {id(b): i for i, b in enumerate(mf.blocks)}
    return {i: [index[id(s)] for s in succ]
            for i, succ in enumerate(successors(mf).values())}


def predecessor_indices(succ: Mapping[int, list[int]], n: int) -> list[list[int]]:
    """Each of the `n` blocks' predecessors by index, from `successor_indices`."""
    preds: list[list[int]] = [[] for _ in range(n)]
    for i in range(n):
        for s in succ[i]:
            preds[s].append(i)
    return preds


def solve_blocks(order: list[int], step: Callable[[int], bool],
                 dependents: Mapping[int, list[int]] | Sequence[list[int]]) -> int:
    """A dataflow fixed point over blocks by worklist: `order` is the first worklist
    (taken from its end), `step(i)` recomputes block i and says whether its result
    changed, and then its `dependents[i]` not already waiting are queued again. Each
    block is redone only when something it reads changed; returns the visits."""
    pending = list(order)
    queued = [False] * (max(order) + 1 if order else 0)
    for i in order:
        queued[i] = True
    visits = 0
    while pending:
        i = pending.pop()
        queued[i] = False
        visits += 1
        if step(i):
            for d in dependents[i]:
                if not queued[d]:
                    queued[d] = True
                    pending.append(d)
    return visits
