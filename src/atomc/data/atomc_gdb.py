"""atomc's gdb extension: "why is it optimized out?".

``source $(atomc -print-file-name=atomc_gdb.py)`` (or let gdb auto-load it
through a binary's ``.debug_gdb_scripts``) adds:

* ``atomc why VAR``: why VAR shows ``<optimized out>`` at the selected frame's pc
  (dead after line N, not assigned yet, computation removed by PASS, ...), read
  from the records atomc writes for every range where a variable has no
  location (``DW_AT_atomc_why`` into ``.debug.atomc_why``,
  docs/why-optimized-out.md);
* ``atomc locals``: every argument and local of the selected frame as
  ``name = value``, ``name = value [not current: REASON]`` (its location holds
  a value of another point of the source: a store the scheduler moved,
  ``line 42 already assigned it``) or ``name = <optimized out: REASON>``.

gdb's Python has no access to vendor DWARF, so the records are read from the
objfile's file with pyelftools (atomc_why_reader.py, next to this file). A
binary from another compiler has no records: its variables say "no reason
recorded".
"""

from __future__ import annotations

import os
import sys
from typing import Any

import gdb  # gdb's embedded Python provides it

if os.path.dirname(os.path.abspath(__file__)) not in sys.path:
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from atomc_pyelftools import find_pyelftools  # noqa: E402

find_pyelftools("atomc_gdb")

from atomc_why_reader import ScopeVar, index_for  # noqa: E402


def _function_block(block: Any) -> Any:
    """The outermost block of the (out-of-line) function containing `block`."""
    while block.superblock is not None and not block.superblock.is_static \
            and not block.superblock.is_global:
        block = block.superblock
    return block


def _frame_position(frame: Any) -> tuple[int, int]:
    """The pc naming the frame's position (a caller's is inside its call, one byte
    before the return address) and how many inlined instances at that pc belong
    to newer frames (the frames inlined into this one, shown above it)."""
    pc = int(frame.pc())
    outer = 0
    newer = frame.newer()
    while newer is not None and newer.type() == gdb.INLINE_FRAME:
        outer += 1
        newer = newer.newer()
    if newer is not None:  # a real callee below: pc is a return address
        pc -= 1
    return pc, outer


class _Where:
    """The selected frame's objfile, file address and reason index."""

    def __init__(self, frame: Any) -> None:
        self.frame = frame
        pc, self.outer = _frame_position(frame)
        self.block = frame.block()
        symtab = frame.find_sal().symtab
        if symtab is None:
            raise gdb.GdbError("atomc: no debug information at this pc")
        objfile = symtab.objfile
        path = objfile.owner.filename if objfile.owner is not None else objfile.filename
        self.index = index_for(path)
        fn_block = _function_block(self.block)
        fn = fn_block.function
        file_start = self.index.symbol_address(fn.linkage_name) if fn is not None else None
        bias = int(fn_block.start) - file_start if file_start is not None else 0
        self.addr = pc - bias
        self.function = frame.name() or ""

    def scope_var(self, name: str, line: int = 0) -> ScopeVar | None:
        return self.index.lookup(self.addr, name, line, self.outer, self.function)

    def reason(self, name: str, line: int = 0) -> str:
        return self.index.explain(self.addr, name, line, self.outer, self.function)

    def not_current(self, name: str, line: int = 0) -> str:
        return self.index.not_current(self.addr, name, line, self.outer, self.function)


def frame_symbols(frame: Any) -> list[tuple[Any, Any]]:
    """(symbol, block) for the frame's arguments and locals, innermost block first,
    as `info locals` shows them (a shadowed name once)."""
    out: list[tuple[Any, Any]] = []
    seen: set[str] = set()
    block = frame.block()
    while block is not None:
        for sym in block:
            if (sym.is_variable or sym.is_argument) and sym.name not in seen \
                    and sym.addr_class != gdb.SYMBOL_LOC_STATIC:
                seen.add(sym.name)
                out.append((sym, block))
        if block.function is not None:
            break
        block = block.superblock
    return out


def show(frame: Any, where: _Where, sym: Any, block: Any) -> str:
    """`name = value`, `name = value [not current: REASON]` or
    `name = <optimized out: REASON>`."""
    try:
        value = frame.read_var(sym, block)
    except (gdb.error, RuntimeError) as e:
        return f"{sym.name} = <error: {e}>"
    if value.is_optimized_out:
        return f"{sym.name} = <optimized out: {where.reason(sym.name, sym.line)}>"
    try:
        text = f"{sym.name} = {value.format_string()}"
    except gdb.error as e:
        return f"{sym.name} = <error: {e}>"
    stale = where.not_current(sym.name, sym.line)
    return f"{text} [not current: {stale}]" if stale else text


class AtomcPrefix(gdb.Command):
    """atomc's commands: atomc why VAR, atomc locals."""

    def __init__(self) -> None:
        super().__init__("atomc", gdb.COMMAND_DATA, gdb.COMPLETE_NONE, True)


class AtomcWhy(gdb.Command):
    """atomc why VAR: why VAR is optimized out, or not current, at the selected frame's pc."""

    def __init__(self) -> None:
        super().__init__("atomc why", gdb.COMMAND_DATA, gdb.COMPLETE_SYMBOL)

    def invoke(self, arg: str, from_tty: bool) -> None:
        name = arg.strip()
        if not name:
            raise gdb.GdbError("usage: atomc why VAR")
        frame = gdb.selected_frame()
        where = _Where(frame)
        found = next(((s, b) for s, b in frame_symbols(frame) if s.name == name), None)
        if found is None:
            raise gdb.GdbError(f"atomc: no variable '{name}' in the selected frame")
        sym, block = found
        value = frame.read_var(sym, block)
        if not value.is_optimized_out:
            stale = where.not_current(name, sym.line)
            if stale:
                print(f"{name} = {value.format_string()} is not current here: {stale}")
            else:
                print(f"{name} is available here: {value.format_string()}")
            return
        print(f"{name} is optimized out here: {where.reason(name, sym.line)}")


class AtomcLocals(gdb.Command):
    """atomc locals: every argument and local, with the reason for each optimized-out one."""

    def __init__(self) -> None:
        super().__init__("atomc locals", gdb.COMMAND_DATA, gdb.COMPLETE_NONE)

    def invoke(self, arg: str, from_tty: bool) -> None:
        frame = gdb.selected_frame()
        where = _Where(frame)
        for sym, block in frame_symbols(frame):
            print(show(frame, where, sym, block))


AtomcPrefix()
AtomcWhy()
AtomcLocals()
