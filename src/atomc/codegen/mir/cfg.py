"""Control flow of machine IR: each block's successors, read from the target's
opcode table (branches, jump tables, fall-through)."""

from __future__ import annotations

from ..target import desc
from .core import BlockRef, JumpTable, MBlock, MFunction, MInst

__all__ = ["successor_indices", "successors"]


def _real(b: MBlock) -> list[MInst]:
    return [mi for mi in b.insts if not mi.is_meta]


def successors(mf: MFunction) -> dict[MBlock, list[MBlock]]:
    """Branch targets (jump-table entries included) plus the fall-through
    block, in a stable order."""
    out: dict[MBlock, list[MBlock]] = {}
    for i, b in enumerate(mf.blocks):
        succ: list[MBlock] = []
        real = _real(b)
        for mi in real:
            if desc(mi.opcode).is_branch:
                tgt = mi.operands[0]
                if isinstance(tgt, BlockRef) and tgt.block not in succ:
                    succ.append(tgt.block)
            elif isinstance(mi.meta, JumpTable):
                succ.extend(t for t in dict.fromkeys(mi.meta.targets) if t not in succ)
        last = real[-1] if real else None
        falls = last is None or not desc(last.opcode).is_terminator or \
            desc(last.opcode).is_cond_branch
        if falls and i + 1 < len(mf.blocks) and mf.blocks[i + 1] not in succ:
            succ.append(mf.blocks[i + 1])
        out[b] = succ
    return out


def successor_indices(mf: MFunction) -> dict[int, list[int]]:
    """`successors` by block index."""
    index = {id(b): i for i, b in enumerate(mf.blocks)}
    return {i: [index[id(s)] for s in succ]
            for i, succ in enumerate(successors(mf).values())}
