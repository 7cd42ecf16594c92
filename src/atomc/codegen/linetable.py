"""Line-table row decisions: which `.loc` to write before each instruction.

Reimplements LLVM 22's DwarfDebug rules (shared/specs/key-instructions.md):
§2.1 prologue_end choice and the function-entry scope-line row, §2.3 the
per-instruction row rules, §2.4 the block-entry "force is_stmt" set. The
Key Instructions key-set computation (§2.2) is a separate step: pass its
result as `key_set` and instructions in Key-Instructions scopes follow the KI
is_stmt rule; with `key_set=None` every scope uses the legacy rules.

Works on final MIR (after frame lowering) in layout order; the branch
analysis it needs comes from the target opcode table.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from ..ir.debuginfo import DIFile, DILocation
from .mir import BlockRef, MBlock, MFunction, MIFlag, MInst
from .x86_64.opcodes import desc


@dataclass(frozen=True, slots=True)
class Row:
    """One `.loc` row. `file` None means "the file of the previous row"."""

    file: DIFile | None
    line: int
    column: int
    is_stmt: bool
    prologue_end: bool = False
    epilogue_begin: bool = False


@dataclass(frozen=True, slots=True)
class LineTable:
    entry_row: Row | None  # the scope-line row at the function's first address
    rows: list[Row | None]  # one per instruction of `mf.instructions()`, in order


# ---------------------------------------------------------------------------
# CFG facts from the machine code


def _real(b: MBlock) -> list[MInst]:
    return [mi for mi in b.insts if not mi.is_meta]


def successors(mf: MFunction) -> dict[MBlock, list[MBlock]]:
    out: dict[MBlock, list[MBlock]] = {}
    for i, b in enumerate(mf.blocks):
        succ: list[MBlock] = []
        real = _real(b)
        for mi in real:
            if desc(mi.opcode).is_branch:
                tgt = mi.operands[0]
                if isinstance(tgt, BlockRef) and tgt.block not in succ:
                    succ.append(tgt.block)
        last = real[-1] if real else None
        falls = last is None or not desc(last.opcode).is_terminator or \
            desc(last.opcode).is_cond_branch
        if falls and i + 1 < len(mf.blocks) and mf.blocks[i + 1] not in succ:
            succ.append(mf.blocks[i + 1])
        out[b] = succ
    return out


def predecessors(mf: MFunction, succs: dict[MBlock, list[MBlock]]) -> dict[MBlock, list[MBlock]]:
    preds: dict[MBlock, list[MBlock]] = {b: [] for b in mf.blocks}
    for b in mf.blocks:
        for s in succs[b]:
            preds[s].append(b)
    return preds


def _analyze_branch(b: MBlock) -> tuple[MBlock | None, MBlock | None, bool]:
    """(true target, false target, is conditional) of a `jcc T; jmp F` tail."""
    real = _real(b)
    if len(real) >= 2 and desc(real[-1].opcode).is_branch and \
            not desc(real[-1].opcode).is_cond_branch and desc(real[-2].opcode).is_cond_branch:
        t, f = real[-2].operands[0], real[-1].operands[0]
        if isinstance(t, BlockRef) and isinstance(f, BlockRef):
            return t.block, f.block, True
    return None, None, False


def _line(mi: MInst) -> int:
    return mi.loc.line if mi.loc is not None else 0


# ---------------------------------------------------------------------------
# §2.1 prologue_end


def find_prologue_end(mf: MFunction, preds: dict[MBlock, list[MBlock]],
                      succs: dict[MBlock, list[MBlock]]) -> MInst | None:
    b = mf.blocks[0]
    seen = {b}
    while True:
        for mi in b.insts:
            if mi.is_meta or mi.flags & MIFlag.FRAME_SETUP:
                continue
            if _line(mi):
                return mi
        real = _real(b)
        nxt = succs[b]
        if real and real[-1].opcode == "jmp" and len(nxt) == 1 and len(preds[nxt[0]]) == 1 \
                and nxt[0] not in seen and not any(desc(m.opcode).is_cond_branch for m in real):
            b = nxt[0]
            seen.add(b)
            continue
        break
    for mi in mf.blocks[0].insts:
        if mi.is_meta or mi.flags & MIFlag.FRAME_SETUP or desc(mi.opcode).is_move:
            continue
        return mi
    return None


# ---------------------------------------------------------------------------
# §2.4 block-entry force-is_stmt set


def force_is_stmt(mf: MFunction, preds: dict[MBlock, list[MBlock]],
                  succs: dict[MBlock, list[MBlock]]) -> set[MInst]:
    potential: dict[MBlock, MInst] = {}
    for b in mf.blocks:
        if not b.insts or not preds[b]:
            continue
        for mi in b.insts:
            if not mi.is_meta and _line(mi):
                potential[b] = mi
                break
    forced: set[MInst] = set()

    def check(succ: MBlock, outgoing: int) -> None:
        mi = potential.get(succ)
        if mi is None or _line(mi) == outgoing:
            return
        del potential[succ]
        forced.add(mi)

    for b in mf.blocks:
        if not _real(b):
            for s in succs[b]:
                check(s, 0)
            continue
        if not any(s in potential for s in succs[b]):
            continue
        real = _real(b)
        t, f, cond = _analyze_branch(b)
        idx = len(real) - 1
        if cond and f is not None and _line(real[-1]):
            check(f, _line(real[-1]))
            idx -= 1
            targets = [t] if t is not None else []
        else:
            targets = list(succs[b])
        last_line = 0
        while idx >= 0:
            if _line(real[idx]):
                last_line = _line(real[idx])
                break
            idx -= 1
        for s in targets:
            check(s, last_line)
    return forced


# ---------------------------------------------------------------------------
# §2.3 rows


def compute_rows(mf: MFunction, key_set: Collection[MInst] | None = None) -> LineTable:
    succs = successors(mf)
    preds = predecessors(mf, succs)
    prologue_end = find_prologue_end(mf, preds, succs)
    forced = force_is_stmt(mf, preds, succs)
    sp = mf.ir.subprogram
    assert sp is not None
    first_real = next((mi for _, mi in mf.instructions() if not mi.is_meta), None)
    entry_row = None
    if prologue_end is not None and prologue_end is not first_real:
        entry_row = Row(sp.file, sp.scope_line, 0, True)

    rows: list[Row | None] = []
    prev_loc: DILocation | None = None
    last_line = 0
    prev_block: MBlock | None = None
    for b in mf.blocks:
        epilogue_seen = False
        for mi in b.insts:
            if mi.is_meta:
                rows.append(None)
                continue
            row, prev_loc, last_line, epilogue_seen = _decide(
                mi, b, prev_block, prev_loc, last_line, epilogue_seen, mi is prologue_end,
                mi in forced, key_set, sp)
            rows.append(row)
            prev_block = b
    return LineTable(entry_row, rows)


def _decide(mi: MInst, b: MBlock, prev_block: MBlock | None, prev_loc: DILocation | None,
            last_line: int, epilogue_seen: bool, is_pe: bool, is_forced: bool,
            key_set: Collection[MInst] | None,
            sp: object) -> tuple[Row | None, DILocation | None, int, bool]:
    line0 = Row(None, 0, 0, False)
    new_block = prev_block is not None and prev_block is not b
    if mi.flags & MIFlag.FRAME_SETUP:
        if last_line and new_block:
            return line0, prev_loc, 0, epilogue_seen
        return None, prev_loc, last_line, epilogue_seen
    loc = mi.loc
    epi = False
    if mi.flags & MIFlag.FRAME_DESTROY and loc is not None and not epilogue_seen:
        epi = True
        epilogue_seen = True
    ki_scope = key_set is not None and loc is not None and loc.scope.subprogram.key_instructions
    is_key = ki_scope and loc is not None and loc.line != 0 and mi in key_set  # type: ignore[operator]
    if is_pe and loc is None:
        row = Row(sp.file, sp.scope_line, 0, True, prologue_end=True)  # type: ignore[attr-defined]
        return row, prev_loc, sp.scope_line, epilogue_seen  # type: ignore[attr-defined]
    if loc is not None and not is_forced and loc.same_position(prev_loc) and not is_key \
            and not is_pe:
        if (last_line == 0 and loc.line != 0) or epi:
            return (Row(loc.scope.file, loc.line, loc.column, False, epilogue_begin=epi),
                    prev_loc, loc.line, epilogue_seen)
        return None, prev_loc, last_line, epilogue_seen
    if loc is None:
        if last_line == 0:
            return None, prev_loc, last_line, epilogue_seen
        if new_block:
            return line0, prev_loc, 0, epilogue_seen
        return None, prev_loc, last_line, epilogue_seen
    if loc.line == 0 and last_line == 0:
        return None, prev_loc, last_line, epilogue_seen
    if is_pe:
        is_stmt = True
    elif ki_scope:
        is_stmt = is_key
    else:
        is_stmt = loc.line != 0 and (prev_loc is None or loc.line != prev_loc.line or is_forced)
    row = Row(loc.scope.file if loc.line else None, loc.line, loc.column if loc.line else 0,
              is_stmt, prologue_end=is_pe, epilogue_begin=epi)
    if loc.line:
        prev_loc = loc
    return row, prev_loc, loc.line, epilogue_seen
