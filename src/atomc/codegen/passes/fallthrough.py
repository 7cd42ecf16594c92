"""Fall-through branches: drop a `jmp` to the next block in layout, and turn
`jcc NEXT; jmp F` into `j!cc F`.

This is what LLVM's fast instruction selector does at -O0, and it matters for
debugging, not only for size: an unconditional jump carries the location of
the statement that produced it (`for (;;)`, the end of an `if` arm), and
keeping it would give that line a row of its own where gcc and clang have
none, so `step` would stop there.

At -O0 gcc keeps one kind of such a line: the branch into a loop body or an `if`
arm that starts with a label, and a `break;`, `continue;` or `goto` that falls
through (its goto_locus): gcc splits the edge and puts a `nop` with that line there
(cfgrtl.c, `fixup_reorder_chain`, only when not optimising), so gdb stops on the
label's line. atomc does the same at -O0 for a jump into a label: alone in its
block (the front end gives such a jump the label's line when only conditional
branches enter the block, or it is a `goto`), falling through into the label's
block (`MBlock.source_label`, which the front end sets on the IR block), and holding
a line that block does not start with, it becomes a `nop` with its location. A
falling-through `break;` or `continue;` keeps no line (gcc's build stops there).
Locations exist with and without -g, so the code does not depend on -g.
"""

from __future__ import annotations

from typing import ClassVar

from ..mir import META_OPCODES, BlockRef, MBlock, MFunction, MInst
from ..mir.passes import MDI, MachineContext, MachinePass
from ..target import current, desc, is_jump


def fold_fallthrough_branches(mf: MFunction, keep_lines: bool = False) -> None:
    """`keep_lines`: a dropped jump into a label, alone in its block, whose line the
    label's block does not start with, becomes a `nop` (-O0)."""
    blocks = mf.blocks
    for i, b in enumerate(blocks):
        nxt = blocks[i + 1] if i + 1 < len(blocks) else None
        if nxt is None:
            continue
        real = [k for k, mi in enumerate(b.insts) if mi.opcode not in META_OPCODES]
        if not real:
            continue
        last = b.insts[real[-1]]
        if not is_jump(last.opcode) or not _targets(last, nxt):
            # `jcc NEXT; jmp F` -> `j!cc F`
            if len(real) >= 2 and is_jump(last.opcode):
                prev = b.insts[real[-2]]
                if desc(prev.opcode).is_cond_branch and _targets(prev, nxt):
                    prev.opcode = current().inverted_branch(prev.opcode)
                    prev.operands = list(last.operands)
                    del b.insts[real[-1]]
            continue
        if keep_lines and len(real) == 1 and nxt.source_label and _line_of_its_own(last, nxt):
            b.insts[real[-1]] = MInst(current().nop_opcode(), [], loc=last.loc)
        else:
            del b.insts[real[-1]]


def _line_of_its_own(jump: MInst, nxt: MBlock) -> bool:
    """Does `jump` hold a line that the first located instruction of the block it
    falls into does not?"""
    line = jump.loc.line if jump.loc is not None else 0
    if line == 0:
        return False
    for mi in nxt.insts:
        if mi.opcode not in META_OPCODES and mi.loc is not None and mi.loc.line != 0:
            return mi.loc.line != line
    return True


def _targets(mi: MInst, block: object) -> bool:
    t = mi.operands[0] if mi.operands else None
    return isinstance(t, BlockRef) and t.block is block


class FallThrough(MachinePass):
    """Fold branches to the next block (`fold_fallthrough_branches`).

    Debug info: deletes `jmp`s, which have no number and whose line rows the
    next instruction's row replaces (at -O0 a `nop` keeps the line of a jump
    into a label, see above); inverted branches keep their own."""

    name: ClassVar[str] = "fallthrough"
    keeps_di: ClassVar[MDI] = MDI.ALL

    def run(self, mf: MFunction, ctx: MachineContext) -> None:
        fold_fallthrough_branches(mf, keep_lines=ctx.opts.opt_level == 0)
