"""The stepper's :class:`World` over a live lldb thread, and gdb's view of each module.

Run-time addresses are turned into (module, file address) with lldb; the
debug-info questions go to :class:`ModuleModel` (gdb's reading of the
module's DWARF), built once per module from the file lldb loaded (or its
separate debug file).  Functions without DWARF (PLT stubs, libc without
debug info) are known from lldb's symbols, as gdb knows them from the
minimal symbols.
"""

from __future__ import annotations

import os
from typing import Any

import lldb  # lldb's embedded Python provides it
from atomc_lldb_blocks import FUNCTION, INLINED, ModuleModel
from atomc_lldb_gdbstep import Function, Inlined, Sal
from atomc_lldb_symtab import amd64_skip_prologue, find_pc_partial_function, stop_func_start

_MODELS: dict[str, ModuleModel | None] = {}


def model_for(module: Any) -> ModuleModel | None:
    """gdb's view of a module's debug info, built once per module."""
    if not module or not module.IsValid():
        return None
    key = str(module.GetUUIDString() or "") + ":" + str(module.GetFileSpec().fullpath)
    if key not in _MODELS:
        model: ModuleModel | None = None
        for spec in (module.GetSymbolFileSpec(), module.GetFileSpec()):
            path = spec.fullpath if spec.IsValid() else ""
            if path and os.path.exists(path):
                try:
                    candidate = ModuleModel(path)
                except Exception:  # noqa: BLE001  (an unreadable file: no model)
                    continue
                if candidate.dwarf is not None:
                    model = candidate
                    break
                candidate.close()
        _MODELS[key] = model
    return _MODELS[key]


class LldbWorld:
    """The stepper's questions answered from lldb and the gdb-view models."""

    def __init__(self, thread: Any) -> None:
        self.thread = thread
        self.target = thread.GetProcess().GetTarget()

    def _where(self, pc: int) -> tuple[ModuleModel | None, int, int]:
        """(model, file address, slide) of a run-time address."""
        addr = self.target.ResolveLoadAddress(pc)
        if not addr.IsValid() or not addr.GetModule().IsValid():
            return None, pc, 0
        fa = addr.GetFileAddress()
        return model_for(addr.GetModule()), fa, pc - fa

    def stmt_differences(self, pc: int) -> bool:
        """False only when the unit holding ``pc`` has line rows and every one is a
        statement: there gdb's rules and lldb's agree on where lines start, and lldb
        steps as it always does.  Code without line information follows gdb."""
        model, fa, _ = self._where(pc)
        cu = model.cu_for(fa) if model is not None else None
        return cu is None or cu.stmt_differences or not cu.lines.tables

    def pc(self) -> int:
        return int(self.thread.GetFrameAtIndex(0).GetPC())

    def sal(self, pc: int) -> Sal | None:
        model, fa, slide = self._where(pc)
        if model is None:
            return None
        cu = model.cu_for(fa)
        found = cu.lines.find_pc_line(fa) if cu is not None else None
        if found is None:
            return None
        return Sal(found.file, found.line, found.pc + slide, found.end + slide, found.is_stmt)

    def inlined_chain(self, pc: int) -> list[Inlined]:
        model, fa, slide = self._where(pc)
        cu = model.cu_for(fa) if model is not None else None
        block = cu.block_at(fa) if cu is not None else None
        chain: list[Inlined] = []
        while block is not None and block.kind != FUNCTION:
            if block.kind == INLINED:
                chain.append(Inlined(block.entry_pc + slide, block.end + slide, block.call_file,
                                     block.call_line, self._starts_at(cu, block, fa), id(block),
                                     block.name))
            block = block.parent
        return chain

    @staticmethod
    def _starts_at(cu: Any, block: Any, fa: int) -> bool:
        """skip_inline_frames: the call is entered at this pc (its entry, or with gdb's
        address map the start of any of its ranges)."""
        if block.entry_pc == fa:
            return True
        if not cu.interesting:
            return False
        before = cu.block_at(fa - 1)
        if before is None:
            return True
        return not (before is block or before.contained_in(block))

    def function(self, pc: int) -> Function | None:
        model, fa, slide = self._where(pc)
        fr = find_pc_partial_function(model, fa) if model is not None else None
        if fr is not None:
            return Function(fr.start + slide, fr.end + slide, stop_func_start(fr) + slide,
                            fr.block.name, True)
        addr = self.target.ResolveLoadAddress(pc)
        symbol = addr.GetSymbol()
        if not symbol.IsValid():
            return None
        start = symbol.GetStartAddress().GetLoadAddress(self.target)
        end = symbol.GetEndAddress().GetLoadAddress(self.target)
        # lldb names functions it only knows from unwind info; gdb knows no name there
        name = "" if symbol.IsSynthetic() else (symbol.GetName() or "")
        return Function(start, end, start, name, False)

    def function_key(self, pc: int) -> int:
        """Identity of the innermost function block (inlined or real) holding ``pc``."""
        model, fa, _ = self._where(pc)
        block = model.block_at(fa) if model is not None else None
        while block is not None and not block.is_function:
            block = block.parent
        return id(block) if block is not None else 0

    def real_function_key(self, pc: int) -> int:
        model, fa, _ = self._where(pc)
        block = model.block_at(fa) if model is not None else None
        return id(block.linkage_function()) if block is not None else 0

    def concrete_frames(self) -> tuple[tuple[int, int], tuple[int, int] | None]:
        """(CFA, pc) of the innermost real frame and of its caller.

        The caller is found by its return address (saved at CFA-8 on x86-64), not
        by position: while lldb keeps an inlined depth from an earlier stop its
        frame list can leave out the real frame under an inlined one."""
        frame0 = self.thread.GetFrameAtIndex(0)
        cfa = int(frame0.GetCFA())
        pc = int(frame0.GetPC())
        error = lldb.SBError()
        ret = self.thread.GetProcess().ReadPointerFromMemory(cfa - 8, error)
        if not error.Success():
            return (cfa, pc), None
        idx = 0
        while True:
            idx += 1
            frame = self.thread.GetFrameAtIndex(idx)
            if not frame.IsValid() or idx > 64:
                return (cfa, pc), None
            if int(frame.GetPC()) == ret and int(frame.GetCFA()) > cfa:
                return (cfa, pc), (int(frame.GetCFA()), ret)

    def read_code(self, pc: int, size: int) -> bytes:
        error = lldb.SBError()
        data = self.target.ReadMemory(self.target.ResolveLoadAddress(pc), size, error)
        return bytes(data) if error.Success() and data else b""

    def skip_prologue(self, func_start: int) -> int:
        model, fa, slide = self._where(func_start)
        if model is None:
            return func_start
        return amd64_skip_prologue(model, fa, lambda a, n: self.read_code(a + slide, n)) + slide

    def trampoline_target(self, pc: int) -> int:
        """A PLT stub's target function (gdb's find_solib_trampoline_target), or 0."""
        symbol = self.target.ResolveLoadAddress(pc).GetSymbol()
        if not symbol.IsValid() or symbol.GetType() != lldb.eSymbolTypeTrampoline:
            return 0
        name = symbol.GetName()
        for ctx in self.target.FindSymbols(name, lldb.eSymbolTypeCode):
            sym = ctx.GetSymbol()
            if sym.IsValid() and sym.GetType() == lldb.eSymbolTypeCode:
                start = sym.GetStartAddress().GetLoadAddress(self.target)
                if start != lldb.LLDB_INVALID_ADDRESS:
                    return int(start)
        return 0

    # -- what lldb shows --------------------------------------------------

    def lldb_hidden(self) -> int:
        """How many inlined calls at the pc lldb itself hides (by lldb's own blocks)."""
        frame0 = self.thread.GetFrameAtIndex(0)
        at_pc = _inlined_depth(frame0.GetPCAddress().GetBlock())
        shown = _inlined_depth(frame0.GetFrameBlock()) if frame0.IsInlined() else 0
        return max(0, at_pc - shown)

    def lldb_inlined(self) -> int:
        """How many inlined calls lldb knows at the pc."""
        return _inlined_depth(self.thread.GetFrameAtIndex(0).GetPCAddress().GetBlock())


def _inlined_depth(block: Any) -> int:
    depth = 0
    block = block.GetContainingInlinedBlock() if block.IsValid() else block
    while block.IsValid():
        depth += 1
        block = block.GetParent()
        block = block.GetContainingInlinedBlock() if block.IsValid() else block
    return depth
