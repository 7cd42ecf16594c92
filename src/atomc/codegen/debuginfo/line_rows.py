"""Line-table rows for a machine function: which `.loc` to write before each
instruction.

The rules (LLVM 22's DwarfDebug: prologue_end choice, the block-entry force
set, the Key Instructions key set with is_stmt floating, the classic
"line changed" rule for functions without Key Instructions) live in
`dwarf/line_rows.py`, which sees machine code only through `LineInst`. This
module describes the final MIR that way and maps the rows back to it.
"""

from __future__ import annotations

from ...dwarf.line_rows import LineBlock, LineInst, LineTable, Row
from ...dwarf.line_rows import compute_rows as _compute_rows
from ...options import KeyInstrMode
from ..mir import BlockRef, MFunction, MIFlag, MInst, Sym
from ..mir.cfg import successors
from ..mir.core import AsmMeta
from ..target import desc

__all__ = ["LineTable", "Row", "compute_rows"]


def _line_inst(mi: MInst, index: dict[int, int], name: str) -> LineInst:
    if mi.is_meta:
        return LineInst(mi.loc, is_meta=True)
    d = desc(mi.opcode)
    target = mi.operands[0] if d.is_branch and mi.operands else None
    to = index.get(id(target.block)) if isinstance(target, BlockRef) else None
    return LineInst(
        mi.loc,
        is_call=d.is_call,
        calls_itself=d.is_call and bool(mi.operands) and mi.operands[0] == Sym(name),
        frame_setup=bool(mi.flags & MIFlag.FRAME_SETUP),
        frame_destroy=bool(mi.flags & MIFlag.FRAME_DESTROY),
        cond_branch_to=to if d.is_cond_branch else None,
        jump_to=to if d.is_branch and not d.is_cond_branch else None,
        is_copy=d.is_move,
        is_empty=isinstance(mi.meta, AsmMeta) and not mi.meta.template.strip(),
        is_return=d.is_return,
    )


def compute_rows(mf: MFunction, mode: KeyInstrMode = KeyInstrMode.DOCUMENTED) -> LineTable:
    sp = mf.ir.subprogram
    assert sp is not None
    index = {id(b): i for i, b in enumerate(mf.blocks)}
    succs = successors(mf)
    blocks = [LineBlock([_line_inst(mi, index, mf.name) for mi in b.insts],
                        [index[id(s)] for s in succs[b]]) for b in mf.blocks]
    module = mf.ir.module
    result = _compute_rows(blocks, sp, mode, body_line_at_entry=not mf.frame_pointer,
                           iterations=module.atoms.iterations if module is not None else None)
    rows: list[Row | None] = [row for block_rows in result.rows for row in block_rows]
    return LineTable(result.entry, rows)
