"""``atomc why VAR`` and ``atomc locals`` for lldb (the gdb extension's commands,
atomc_gdb.py): why a variable has no value at the selected frame's pc, read
from atomc's ``.debug.atomc_why`` records with atomc_why_reader.py. Registered
by atomc_lldb's ``__lldb_init_module``."""

from __future__ import annotations

from typing import Any

import lldb  # lldb's embedded Python provides it
from atomc_why_reader import WhyIndex, index_for

# the functions are named through atomc_lldb, the module lldb imported (and so
# the one its command interpreter can name)
COMMANDS = ("command container add -h \"atomc's commands\" atomc",
            "command script add -o -f atomc_lldb.atomc_why_command atomc why",
            "command script add -o -f atomc_lldb.atomc_locals_command atomc locals")


class _Where:
    def __init__(self, frame: Any) -> None:
        module = frame.GetModule()
        spec = module.GetSymbolFileSpec() if module.GetSymbolFileSpec().IsValid() \
            else module.GetFileSpec()
        self.index: WhyIndex = index_for(spec.fullpath)
        self.addr = frame.GetPCAddress().GetFileAddress()
        # the inlined frames shown above this one at the same pc, then whether a
        # real callee is below (the pc is then a return address: name the call)
        thread = frame.GetThread()
        self.outer = 0
        k = frame.GetFrameID() - 1
        while k >= 0 and thread.GetFrameAtIndex(k).IsInlined():
            self.outer += 1
            k -= 1
        if k >= 0:
            self.addr -= 1
        self.function = frame.GetFunctionName() or ""

    def reason(self, name: str, line: int) -> str:
        return self.index.explain(self.addr, name, line, self.outer, self.function)

    def not_current(self, name: str, line: int) -> str:
        return self.index.not_current(self.addr, name, line, self.outer, self.function)


def _variables(frame: Any) -> list[Any]:
    return list(frame.GetVariables(True, True, False, True))


def _unavailable(value: Any) -> bool:
    return not value.GetError().Success()


def _text(value: Any) -> str:
    v = value.GetValue()
    if v is None:
        v = value.GetSummary()
    if v is None:
        v = str(value).split("=", 1)[-1].strip()
    return v


def describe(frame: Any, where: _Where, value: Any) -> str:
    """`name = value`, `name = value [not current: REASON]` or
    `name = <optimized out: REASON>`."""
    name = value.GetName()
    line = value.GetDeclaration().GetLine()
    if _unavailable(value):
        return f"{name} = <optimized out: {where.reason(name, line)}>"
    stale = where.not_current(name, line)
    return f"{name} = {_text(value)} [not current: {stale}]" if stale \
        else f"{name} = {_text(value)}"


def _frame(exe_ctx: Any, result: Any) -> Any:
    frame = exe_ctx.GetFrame()
    if not frame.IsValid():
        result.SetError("atomc: no selected frame (start the program first)")
        return None
    return frame


def why_command(debugger: Any, command: str, exe_ctx: Any, result: Any,
                internal_dict: Any) -> None:
    """atomc why VAR: why VAR is optimized out, or not current, at the selected frame's pc."""
    name = command.strip()
    if not name:
        result.SetError("usage: atomc why VAR")
        return
    frame = _frame(exe_ctx, result)
    if frame is None:
        return
    value = next((v for v in _variables(frame) if v.GetName() == name), None)
    if value is None:
        result.SetError(f"atomc: no variable '{name}' in the selected frame")
        return
    where = _Where(frame)
    if _unavailable(value):
        line = value.GetDeclaration().GetLine()
        result.AppendMessage(f"{name} is optimized out here: {where.reason(name, line)}")
    else:
        stale = where.not_current(name, value.GetDeclaration().GetLine())
        result.AppendMessage(f"{name} = {_text(value)} is not current here: {stale}" if stale
                             else f"{name} is available here: {_text(value)}")


def locals_command(debugger: Any, command: str, exe_ctx: Any, result: Any,
                   internal_dict: Any) -> None:
    """atomc locals: every argument and local, with the reason for each optimized-out one."""
    frame = _frame(exe_ctx, result)
    if frame is None:
        return
    where = _Where(frame)
    for value in _variables(frame):
        result.AppendMessage(describe(frame, where, value))


def register(debugger: Any) -> None:
    interp = debugger.GetCommandInterpreter()
    for text in COMMANDS:
        interp.HandleCommand(text, lldb.SBCommandReturnObject())
