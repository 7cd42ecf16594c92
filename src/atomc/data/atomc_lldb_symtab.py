"""gdb 13's symbol-table lookups over a :class:`ModuleModel`: lines, prologues, linespecs.

- ``find_pc_line`` and ``find_pc_partial_function`` as gdb answers them;
- the end of a prologue the way gdb's amd64 code finds it (line notes for
  clang, else the ``push %rbp; mov %rsp,%rbp`` pattern), used when ``step``
  enters a function;
- ``break FILE:LINE``: the line's statement entries in every file of that
  name, one location per block (gdb keeps the first address of each
  innermost block), moved past the prologue when the line is a function's
  first, or the next line with a statement entry when the line has none.

All addresses are file addresses of the module.  ``read_code(addr, n)``
returns the module's bytes there.  Stdlib and the sibling modules only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from atomc_lldb_blocks import (
    FUNCTION,
    INLINED,
    Block,
    CuModel,
    ModuleModel,
    gcc_version,
    producer_is_llvm,
)
from atomc_lldb_gdbstep import Sal

ReadCode = Callable[[int, int], bytes]
_MOV_RSP_RBP = (bytes([0x48, 0x89, 0xE5]), bytes([0x48, 0x8B, 0xEC]))
_ENDBR64 = bytes([0xF3, 0x0F, 0x1E, 0xFA])


@dataclass(frozen=True, slots=True)
class FunctionRange:
    """find_pc_partial_function: the function's block and the range holding the pc."""

    block: Block
    start: int
    end: int

    @property
    def cu(self) -> CuModel:
        assert self.block.cu is not None
        return self.block.cu


def find_pc_line(model: ModuleModel, pc: int) -> Sal | None:
    cu = model.cu_for(pc)
    return cu.lines.find_pc_line(pc) if cu is not None else None


def find_pc_partial_function(model: ModuleModel, pc: int) -> FunctionRange | None:
    block = model.block_at(pc)
    if block is None:
        return None
    fn = block.linkage_function()
    if fn.contiguous:
        return FunctionRange(fn, fn.start, fn.end)
    found = fn.range_containing(pc)
    if found is None:
        return FunctionRange(fn, fn.start, fn.end)
    return FunctionRange(fn, found[0], found[1])


def stop_func_start(fr: FunctionRange) -> int:
    """fill_in_stop_func: the range start, or the entry when the range holds it."""
    entry = fr.block.entry_pc
    return entry if fr.start <= entry < fr.end else fr.start


def skip_prologue_using_sal(model: ModuleModel, func_addr: int) -> int:
    fr = find_pc_partial_function(model, func_addr)
    if fr is None:
        return 0
    start_pc, end_pc = fr.start, fr.end
    prologue = find_pc_line(model, start_pc)
    if prologue is None:
        return 0
    if not fr.cu.is_asm:
        table = fr.cu.lines.tables.get(prologue.file, [])
        idx = 0
        while idx < len(table) and (table[idx].pc != prologue.pc or table[idx].line == 0):
            idx += 1
        if idx + 1 < len(table) and table[idx + 1].line != 0 and table[idx + 1].pc == start_pc:
            return start_pc
    if prologue.end >= end_pc:
        return 0
    while prologue.end < end_pc:
        sal = find_pc_line(model, prologue.end)
        if sal is None or sal.line >= prologue.line or sal.file != prologue.file:
            break
        block = model.block_at(prologue.end)
        while block is not None and block.kind not in (INLINED, FUNCTION):
            block = block.parent
        if block is not None and block.kind == INLINED:
            break
        prologue = sal
    return prologue.end if prologue.end < end_pc else prologue.pc


def _skip_xmm_prologue(model: ModuleModel, pc: int, start_pc: int, read_code: ReadCode) -> int:
    """gcc's varargs prologue saves %xmm0-7 behind a test of %al (gdb's PR 48827 fix)."""
    if pc == start_pc:
        return pc
    start_sal = find_pc_line(model, start_pc)
    cu = model.cu_for(start_pc)
    version = gcc_version(cu.producer) if cu is not None else None
    if (
        start_sal is None
        or version is None
        or version < (4, 6)
        or start_sal.pc != start_pc
        or pc >= start_sal.end
    ):
        return pc
    next_sal = find_pc_line(model, start_sal.end)
    if next_sal is None or next_sal.line != start_sal.line:
        return pc
    buf = read_code(next_sal.pc - 4, 4 + 8 * 7)
    if len(buf) < 4 + 8 * 7 or buf[0] != 0x84 or buf[1] != 0xC0 or buf[2] != 0x74:
        return pc
    offset = 4
    for xmmreg in range(8):
        if (
            buf[offset] != 0x0F
            or buf[offset + 1] != 0x29
            or (buf[offset + 2] & 0x3F) != (xmmreg << 3 | 0x5)
        ):
            return pc
        if (buf[offset + 2] & 0xC0) == 0x40:
            offset += 4
        elif (buf[offset + 2] & 0xC0) == 0x80:
            offset += 7
        else:
            return pc
    if offset - 4 != buf[3]:
        return pc
    return next_sal.end


def amd64_skip_prologue(model: ModuleModel, start_pc: int, read_code: ReadCode) -> int:
    """gdb 13's amd64_skip_prologue."""
    fr = find_pc_partial_function(model, start_pc)
    if fr is not None:
        post = skip_prologue_using_sal(model, fr.start)
        if post and producer_is_llvm(fr.cu.producer):
            return max(start_pc, post)
    pc = start_pc
    if read_code(pc, 4) == _ENDBR64:
        pc += 4
    code = read_code(pc, 4)
    if len(code) < 4 or code[0] != 0x55:  # no push %rbp: frameless
        return start_pc
    if code[1:4] not in _MOV_RSP_RBP:
        return start_pc
    return _skip_xmm_prologue(model, pc + 4, start_pc, read_code)


def skip_prologue_using_linetable(model: ModuleModel, func_addr: int) -> int | None:
    """The first prologue_end entry of the function's range (gdb 13 honours it)."""
    fr = find_pc_partial_function(model, func_addr)
    if fr is None:
        return None
    prologue = find_pc_line(model, fr.start)
    if prologue is None or fr.cu.is_asm:
        return None
    for entry in fr.cu.lines.entries_from(prologue.file, fr.start, fr.end):
        if entry.prologue_end:
            return entry.pc
    return None


def _breakpoint_prologue_end(model: ModuleModel, fn: Block, read_code: ReadCode) -> int:
    """The address skip_prologue_sal settles on for function ``fn``."""
    assert fn.cu is not None
    saved = fn.entry_pc
    force_skip = not fn.cu.locations_valid
    skip = True
    pc = saved
    while True:
        pc = saved
        done = False
        if skip:
            found = skip_prologue_using_linetable(model, pc)
            if found is not None:
                pc = found
                force_skip = True
                done = True
        if not done:
            if skip:
                pc = amd64_skip_prologue(model, pc, read_code)
            start = find_pc_line(model, pc)
            if skip and start is not None and start.pc != pc and fn.entry_pc <= start.end < fn.end:
                pc = start.end
        if force_skip or not skip:
            return pc
        skip = False


def skip_prologue_sal(model: ModuleModel, pc: int, read_code: ReadCode) -> int:
    """A line breakpoint at a function's first line moves past its prologue."""
    block = model.block_at(pc)
    if block is None:
        return pc
    end = _breakpoint_prologue_end(model, block.linkage_function(), read_code)
    return pc if pc >= end else end


def line_locations(
    models: list[ModuleModel], wanted: str, line: int, read_code: Callable[[ModuleModel], ReadCode]
) -> list[tuple[ModuleModel, int]]:
    """gdb's ``break FILE:LINE``: one address per innermost block holding the line's
    statement entries; the next line with statement entries if this one has none."""
    found = _exact(models, wanted, line)
    if not found:
        best: int | None = None
        for model in models:
            for cu in model.cus_naming(wanted):
                for name in cu.lines.files_matching(wanted):
                    later = cu.lines.next_stmt_line(name, line)
                    if later is not None and (best is None or later < best):
                        best = later
        if best is not None:
            found = _exact(models, wanted, best)
    kept: list[tuple[ModuleModel, int]] = []
    seen: set[int] = set()
    for model, cu, pc in found:
        block = cu.block_at(pc)
        if block is not None:
            if id(block) in seen:
                continue
            seen.add(id(block))
        kept.append((model, skip_prologue_sal(model, pc, read_code(model))))
    return kept


def _exact(models: list[ModuleModel], wanted: str,
           line: int) -> list[tuple[ModuleModel, CuModel, int]]:
    out: list[tuple[ModuleModel, CuModel, int]] = []
    for model in models:
        for cu in model.cus_naming(wanted):
            for name in cu.lines.files_matching(wanted):
                out.extend((model, cu, pc) for pc in cu.lines.stmt_pcs(name, line))
    return out
