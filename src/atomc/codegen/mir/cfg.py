"""Control flow of machine IR: each block's successors, read from the target's
opcode table (branches, jump tables, fall-through).

Reading them walks every instruction, and a function's machine passes and
debug-info stages ask about fifteen times. Between changes of the CFG they are
kept (`keep_cfg`, which the machine pass manager opens around the passes that
declare `preserves_cfg`): computed on the first ask, then handed out as copies.
In checking mode (ATOMC_CHECK_INCREMENTAL) every kept answer is compared with a
fresh one, and --verify-machineinstrs compares them after each such pass
(`stale_cfg`), so a pass that changes the CFG while claiming not to is caught.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager

from ...ir import work
from ...ir.cfgstate import checking
from ..target import desc
from .core import META_OPCODES, BlockRef, JumpTable, MBlock, MFunction, MInst

__all__ = ["block_parts", "drop_cfg", "keep_cfg", "keeping_cfg", "predecessor_indices",
           "solve_blocks", "stale_cfg", "start_keeping_cfg", "successor_indices", "successors"]


class _Kept:
    """The successors of a function whose CFG does not change, once computed."""

    __slots__ = ("blocks", "indices")

    def __init__(self) -> None:
        self.blocks: dict[MBlock, list[MBlock]] | None = None
        self.indices: dict[int, list[int]] | None = None


def keeping_cfg(mf: MFunction) -> bool:
    """Is `mf`'s CFG being kept (`keep_cfg`)?"""
    return mf.cfg_kept is not None


def start_keeping_cfg(mf: MFunction) -> bool:
    """Keep `mf`'s successors from now on; False if they already were (whoever
    started keeping them stops)."""
    if mf.cfg_kept is not None:
        return False
    mf.cfg_kept = _Kept()
    return True


def drop_cfg(mf: MFunction) -> None:
    """Stop keeping `mf`'s successors: its CFG may change now."""
    mf.cfg_kept = None


@contextmanager
def keep_cfg(mf: MFunction) -> Iterator[None]:
    """Within, `mf`'s CFG does not change: its successors are computed once."""
    started = start_keeping_cfg(mf)
    try:
        yield
    finally:
        if started:
            drop_cfg(mf)


def stale_cfg(mf: MFunction) -> list[str]:
    """How the kept successors differ from the function's (empty when they match or
    none are kept)."""
    kept = mf.cfg_kept
    if not isinstance(kept, _Kept) or kept.blocks is None:
        return []
    fresh = _successors(mf)
    if list(kept.blocks) != list(fresh):
        return ["the kept CFG has other blocks than the function"]
    return [f"the kept CFG gives {b.label} the successors "
            f"{[s.label for s in kept.blocks[b]]}, the function "
            f"{[s.label for s in fresh[b]]}"
            for b in fresh if kept.blocks[b] != fresh[b]]


def _kept_blocks(mf: MFunction) -> dict[MBlock, list[MBlock]] | None:
    """The kept successors (computed on the first ask), or None when not kept."""
    kept = mf.cfg_kept
    if not isinstance(kept, _Kept):
        return None
    if kept.blocks is None:
        kept.blocks = _successors(mf)
    elif checking():
        stale = stale_cfg(mf)
        if stale:
            raise AssertionError(f"stale CFG of {mf.name}: " + "; ".join(stale))
    return kept.blocks


def _real(b: MBlock) -> list[MInst]:
    return [mi for mi in b.insts if mi.opcode not in META_OPCODES]


def _targets(mi: MInst) -> list[MBlock]:
    """The blocks a branch or a jump-table jump may go to."""
    if desc(mi.opcode).is_branch:
        tgt = mi.operands[0]
        return [tgt.block] if isinstance(tgt, BlockRef) else []
    if isinstance(mi.meta, JumpTable):
        return list(dict.fromkeys(mi.meta.targets))
    return []


def successors(mf: MFunction) -> dict[MBlock, list[MBlock]]:
    """Branch targets (jump-table entries included) plus the fall-through
    block, in a stable order (a fresh copy: callers may change it)."""
    kept = _kept_blocks(mf)
    if kept is not None:
        return {b: list(s) for b, s in kept.items()}
    return _successors(mf)


def _successors(mf: MFunction) -> dict[MBlock, list[MBlock]]:
    """`successors`, read from the instructions."""
    work.add("cfg.reads", 1)
    work.add("cfg.successors", len(mf.blocks))
    out: dict[MBlock, list[MBlock]] = {}
    blocks = mf.blocks
    for i, b in enumerate(blocks):
        # a dict keeps the first-seen order and tests membership in O(1): a
        # jump table's block may have a thousand targets (sqlite3VdbeExec)
        succ: dict[MBlock, None] = {}
        last = None  # the last real instruction's description
        for mi in b.insts:  # `_targets` of each real instruction, inlined: one `desc` each
            if mi.opcode in META_OPCODES:
                continue
            last = desc(mi.opcode)
            if last.is_branch:
                tgt = mi.operands[0]
                if isinstance(tgt, BlockRef):
                    succ.setdefault(tgt.block)
            elif isinstance(mi.meta, JumpTable):
                succ.update(dict.fromkeys(mi.meta.targets))
        falls = last is None or not last.is_terminator or last.is_cond_branch
        if falls and i + 1 < len(blocks):
            succ.setdefault(blocks[i + 1])
        out[b] = list(succ)
    return out


def block_parts(mf: MFunction, whole: Mapping[int, list[int]] | None = None
                ) -> list[list[tuple[int, list[int]]]]:
    """Each block cut after every branch that is not its last real instruction:
    per block index, its parts as (index in `insts` one past the part's end, the
    indices of the blocks the part may go to; the next part is not listed). A
    dataflow over whole blocks would let an edge that leaves a block from its
    middle see what the rest of the block does. `whole`: the blocks'
    `successor_indices`, when the caller has them."""
    index = {id(b): i for i, b in enumerate(mf.blocks)}
    if whole is None:
        whole = successor_indices(mf)
    out: list[list[tuple[int, list[int]]]] = []
    for bi, b in enumerate(mf.blocks):
        real = [k for k, mi in enumerate(b.insts) if mi.opcode not in META_OPCODES]
        parts: list[tuple[int, list[int]]] = []
        for k in real[:-1]:
            targets = [index[id(t)] for t in _targets(b.insts[k])]
            if targets:
                parts.append((k + 1, targets))
        if parts:
            tail = [index[id(t)] for k in real if k >= parts[-1][0]
                    for t in _targets(b.insts[k])]
            last = b.insts[real[-1]]
            falls = not desc(last.opcode).is_terminator or desc(last.opcode).is_cond_branch
            if falls and bi + 1 < len(mf.blocks):
                tail.append(bi + 1)
            parts.append((len(b.insts), [t for t in whole[bi] if t in tail]))
        else:
            parts.append((len(b.insts), whole[bi]))
        out.append(parts)
    return out


def successor_indices(mf: MFunction) -> dict[int, list[int]]:
    """`successors` by block index (a fresh copy: callers may change it)."""
    blocks = _kept_blocks(mf)
    kept = mf.cfg_kept
    if isinstance(kept, _Kept) and kept.indices is not None:
        return {i: list(s) for i, s in kept.indices.items()}
    index = {id(b): i for i, b in enumerate(mf.blocks)}
    out = {i: [index[id(s)] for s in succ]
           for i, succ in enumerate((blocks or _successors(mf)).values())}
    if isinstance(kept, _Kept):
        kept.indices = {i: list(s) for i, s in out.items()}
    return out


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
