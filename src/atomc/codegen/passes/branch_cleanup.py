"""Branch cleanup after register allocation: blocks that are only a `jmp`.

Edge blocks exist to hold the copies of block parameters; when the allocator
coalesces those copies away, what remains is a block whose only machine
instruction is `jmp T`. Here every branch to such a block goes to `T`
directly (jump-table entries too), and the block disappears when nothing
reaches it any more: not branched to, and either not fallen into, or fallen
into from `jcc X` where `X` follows it (`jcc X; J: jmp T; X:` becomes
`j!cc T; X:`). The fall-through folding then drops jumps to the next block.

Debug info: decisions look only at machine instructions, so `.text` is the same
with and without -g. A removed block's DBG_PHIs go with it (the values they
named become unavailable, never wrong); a variable record in it stated a
value on that edge only, so the variable becomes undefined at the start of
`T` (until `T`'s own records), rather than keep a value the other
predecessors gave it. The removed `jmp` had no line row of its own worth
keeping (gcc and clang have no such jump).
"""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar

from ...ir.why import Why, WhyKind
from ..mir import META_OPCODES, BlockRef, DbgMeta, JumpTable, MBlock, Mem, MFunction, MInst, Sym
from ..mir.passes import MDI, MachineContext, MachinePass
from ..target import current, desc, is_jump
from .fallthrough import _targets, fold_fallthrough_branches


def clean_branches(mf: MFunction) -> None:
    forward = _jump_only_blocks(mf)
    if not forward:
        return
    final = {b: _final(b, forward) for b in forward}
    for b in mf.blocks:
        for mi in b.insts:
            _retarget(mi, final)
    referenced = _referenced(mf)
    kept: list[MBlock] = []
    blocks = mf.blocks
    for i, b in enumerate(blocks):
        t = final.get(b)
        if t is None or i == 0 or id(b) in referenced or t is b:
            kept.append(b)
            continue
        nxt = blocks[i + 1] if i + 1 < len(blocks) else None
        prev = kept[-1]
        last = _last_real(prev)
        falls = last is None or not desc(last.opcode).is_terminator \
            or desc(last.opcode).is_cond_branch
        if falls and nxt is not t:
            if last is None or not desc(last.opcode).is_cond_branch or nxt is None \
                    or not _targets(last, nxt):
                kept.append(b)
                continue
            last.opcode = current().inverted_branch(last.opcode)
            last.operands = [BlockRef(t)]
        _forget(b, t)
    mf.blocks = kept
    fold_fallthrough_branches(mf)


def _jump_only_blocks(mf: MFunction) -> dict[MBlock, MBlock]:
    out: dict[MBlock, MBlock] = {}
    for b in mf.blocks:
        real = [mi for mi in b.insts if mi.opcode not in META_OPCODES]
        if len(real) == 1 and is_jump(real[0].opcode) and isinstance(real[0].operands[0], BlockRef):
            out[b] = real[0].operands[0].block
    return out


def _final(b: MBlock, forward: dict[MBlock, MBlock]) -> MBlock:
    seen = {b}
    t = forward[b]
    while t in forward and t not in seen:  # a cycle of jumps stays as it is
        seen.add(t)
        t = forward[t]
    return t if t not in seen else b


def _retarget(mi: MInst, final: dict[MBlock, MBlock]) -> None:
    if mi.opcode in META_OPCODES:
        return
    if desc(mi.opcode).is_branch and mi.operands and isinstance(mi.operands[0], BlockRef):
        t = final.get(mi.operands[0].block)
        if t is not None:
            mi.operands = [BlockRef(t), *mi.operands[1:]]
    elif isinstance(mi.meta, JumpTable):
        mi.meta = replace(mi.meta, targets=tuple(final.get(t, t) for t in mi.meta.targets))


def _referenced(mf: MFunction) -> set[int]:
    """Blocks some branch, jump table or symbol still names."""
    out: set[int] = set()
    labels = {b.label: b for b in mf.blocks}
    for b in mf.blocks:
        for mi in b.insts:
            if isinstance(mi.meta, JumpTable):
                out.update(id(t) for t in mi.meta.targets)
            for op in mi.operands:
                if isinstance(op, BlockRef):
                    out.add(id(op.block))
                name = op.name if isinstance(op, Sym) else \
                    op.symbol if isinstance(op, Mem) else None
                if name in labels:
                    out.add(id(labels[name]))
    return out


def _last_real(b: MBlock) -> MInst | None:
    for mi in reversed(b.insts):
        if mi.opcode not in META_OPCODES:
            return mi
    return None


def _forget(b: MBlock, t: MBlock) -> None:
    """`b` is removed: its variable records become "undefined" at `t`'s start."""
    undefined = [MInst("DBG_VALUE", [], loc=None,
                       meta=DbgMeta(mi.meta.var, mi.meta.inlined_at, mi.meta.expr,
                                    why=Why(WhyKind.REMOVED, name="branch cleanup")))
                 for mi in b.insts
                 if mi.opcode in ("DBG_VALUE", "DBG_INSTR_REF") and isinstance(mi.meta, DbgMeta)]
    if not undefined:
        return
    k = 0
    while k < len(t.insts) and t.insts[k].opcode == "DBG_PHI":
        k += 1
    t.insts[k:k] = undefined


class BranchCleanup(MachinePass):
    """Remove the jump-only blocks register allocation leaves (`clean_branches`).

    Debug info: removed blocks hold only jumps and meta instructions; branches
    are retargeted in place."""

    name: ClassVar[str] = "branch-cleanup"
    keeps_di: ClassVar[MDI] = MDI.ALL

    def run(self, mf: MFunction, ctx: MachineContext) -> None:
        clean_branches(mf)
