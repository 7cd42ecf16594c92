"""Line-table rows for a machine function: which `.loc` to write before each
instruction.

The rules (LLVM 22's DwarfDebug: prologue_end choice, the block-entry force
set, the Key Instructions key set with is_stmt floating, the classic
"line changed" rule for functions without Key Instructions) live in
`dwarf/line_rows.py`, which sees machine code only through `LineInst`. This
module describes the final MIR that way and maps the rows back to it.
"""

from __future__ import annotations

from typing import Final

from ...dwarf.line_rows import LineBlock, LineInst, LineTable, Row
from ...dwarf.line_rows import compute_rows as _compute_rows
from ...options import KeyInstrMode
from ..mir import BlockRef, MFunction, MIFlag, MInst, Sym
from ..mir.cfg import successors
from ..mir.core import META_OPCODES, AsmMeta
from ..target import desc

__all__ = ["LineTable", "Row", "compute_rows"]


_SETUP: Final = int(MIFlag.FRAME_SETUP)
_DESTROY: Final = int(MIFlag.FRAME_DESTROY)


def _line_inst(mi: MInst, index: dict[int, int], name: str) -> LineInst:
    d = desc(mi.opcode)
    target = mi.operands[0] if d.is_branch and mi.operands else None
    to = index.get(id(target.block)) if isinstance(target, BlockRef) else None
    flags = int(mi.flags)
    return LineInst(
        mi.loc,
        is_call=d.is_call,
        calls_itself=d.is_call and bool(mi.operands) and mi.operands[0] == Sym(name),
        frame_setup=bool(flags & _SETUP),
        frame_destroy=bool(flags & _DESTROY),
        cond_branch_to=to if d.is_cond_branch else None,
        jump_to=to if d.is_branch and not d.is_cond_branch else None,
        is_copy=d.is_move,
        is_empty=isinstance(mi.meta, AsmMeta) and not mi.meta.template.strip(),
        is_return=d.is_return,
    )


# How an opcode's instructions look to the line table, decided once per opcode
# (`_kind`): meta; plain (only its location matters); a copy (also only its
# location and `is_copy`); or one that needs `_line_inst` (branch, call, return).
_META: Final = 0
_PLAIN: Final = 1
_COPY: Final = 2
_OTHER: Final = 3


def _kind(opcode: str) -> int:
    if opcode in META_OPCODES:
        return _META
    d = desc(opcode)
    if d.is_branch or d.is_call or d.is_return:
        return _OTHER
    return _COPY if d.is_move else _PLAIN


def _line_blocks(mf: MFunction) -> list[LineBlock]:
    """The function's blocks as `compute_rows` sees them. Most instructions are
    only their location (no call, branch, return or frame flag) and whether they
    are a copy: those share one `LineInst` per location and copy bit, as
    do meta instructions, instead of building one each (most of the line-rows
    stage at -O0, where every reload and spill is a copy)."""
    index = {id(b): i for i, b in enumerate(mf.blocks)}
    succs = successors(mf)
    kinds: dict[str, int] = {}
    # per kind (meta, plain, copy): one LineInst per location
    shared: tuple[dict[int, LineInst], ...] = ({}, {}, {})
    blocks: list[LineBlock] = []
    last: LineInst | None = None  # the last shared one (an -O0 statement's reloads share it)
    for b in mf.blocks:
        insts: list[LineInst] = []
        for mi in b.insts:
            k = kinds.get(mi.opcode)
            if k is None:
                k = kinds[mi.opcode] = _kind(mi.opcode)
            if k != _META and (k == _OTHER or mi.flags or mi.meta is not None):
                # frame set-up/destroy flags, an asm statement's template:
                # volatile accesses and other payloads take the slow path too
                insts.append(_line_inst(mi, index, mf.name))
                continue
            loc = mi.loc
            if last is not None and last.loc is loc and last.is_meta == (k == _META) \
                    and last.is_copy == (k == _COPY):
                insts.append(last)
                continue
            memo = shared[k]
            li = memo.get(id(loc))
            if li is None:
                li = memo[id(loc)] = LineInst(loc, is_meta=k == _META, is_copy=k == _COPY)
            insts.append(li)
            last = li
        blocks.append(LineBlock(insts, [index[id(s)] for s in succs[b]]))
    return blocks


def compute_rows(mf: MFunction, mode: KeyInstrMode = KeyInstrMode.DOCUMENTED) -> LineTable:
    sp = mf.ir.subprogram
    assert sp is not None
    blocks = _line_blocks(mf)
    module = mf.ir.module
    result = _compute_rows(blocks, sp, mode, body_line_at_entry=not mf.frame_pointer,
                           iterations=module.atoms.iterations if module is not None else None)
    rows: list[Row | None] = []
    first: list[int] = []  # each block's first index into `rows`
    for block_rows in result.rows:
        first.append(len(rows))
        rows.extend(block_rows)
    return LineTable(result.entry, rows, {first[b] + i: t for (b, i), t in result.trips.items()})


def rows_after_labels(mf: MFunction, table: LineTable, before: list[MInst]) -> LineTable:
    """`table`, made for the instructions `before`, for `mf`'s instructions now that
    meta instructions without a location (LiveDebugValues' labels) were inserted
    among them: those get no row, as `compute_rows` gives them none, and every other
    instruction keeps its own. The rows are made before LiveDebugValues, which reads
    them (line_start_values.py), instead of once more after it."""
    at = {id(mi): k for k, mi in enumerate(before)}
    rows: list[Row | None] = []
    trips: dict[int, tuple[int, int]] = {}
    for _, mi in mf.instructions():
        k = at.get(id(mi))
        if k is None:
            assert mi.is_meta and mi.loc is None, mi
            rows.append(None)
            continue
        if k in table.trips:
            trips[len(rows)] = table.trips[k]
        rows.append(table.rows[k])
    return LineTable(table.entry_row, rows, trips)
