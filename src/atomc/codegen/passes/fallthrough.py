"""Fall-through branches: drop a `jmp` to the next block in layout, and turn
`jcc NEXT; jmp F` into `j!cc F`.

This is what LLVM's fast instruction selector does at -O0, and it matters for
debugging, not only for size: an unconditional jump carries the location of
the statement that produced it (`for (;;)`, the end of an `if` arm), and
keeping it would give that line a row of its own where gcc and clang have
none, so `step` would stop there.
"""

from __future__ import annotations

from typing import ClassVar

from ..mir import BlockRef, MFunction, MInst
from ..mir.passes import MDI, MachineContext, MachinePass
from ..target import current, desc


def fold_fallthrough_branches(mf: MFunction) -> None:
    blocks = mf.blocks
    for i, b in enumerate(blocks):
        nxt = blocks[i + 1] if i + 1 < len(blocks) else None
        if nxt is None:
            continue
        real = [k for k, mi in enumerate(b.insts) if not mi.is_meta]
        if not real:
            continue
        last = b.insts[real[-1]]
        if last.opcode != "jmp" or not _targets(last, nxt):
            # `jcc NEXT; jmp F` -> `j!cc F`
            if len(real) >= 2 and last.opcode == "jmp":
                prev = b.insts[real[-2]]
                if desc(prev.opcode).is_cond_branch and _targets(prev, nxt):
                    prev.opcode = current().inverted_branch(prev.opcode)
                    prev.operands = list(last.operands)
                    del b.insts[real[-1]]
            continue
        del b.insts[real[-1]]


def _targets(mi: MInst, block: object) -> bool:
    t = mi.operands[0] if mi.operands else None
    return isinstance(t, BlockRef) and t.block is block


class FallThrough(MachinePass):
    """Fold branches to the next block (`fold_fallthrough_branches`).

    Debug info: deletes `jmp`s, which have no number and whose line rows the
    next instruction's row replaces; inverted branches keep their own."""

    name: ClassVar[str] = "fallthrough"
    keeps_di: ClassVar[MDI] = MDI.ALL

    def run(self, mf: MFunction, ctx: MachineContext) -> None:
        fold_fallthrough_branches(mf)
