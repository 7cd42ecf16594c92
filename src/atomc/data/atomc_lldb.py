"""atomc's lldb plugin: step and break the way gdb does, by Key Instructions.

lldb steps by line-table rows and ignores ``is_stmt``, so on code with Key
Instructions (atomc's, clang-22's at -O1 and above) its ``next`` stops on
rows that are not statements and ``b FILE:LINE`` picks a line's first row.
Load this module and ``next``/``n``, ``step``/``s`` and ``finish`` follow gdb
13's rules instead: they stop only at the start of a statement row of
another line, step over calls, enter calls after the prologue, and show an
inlined call's call line before its body, as gdb does; ``b FILE:LINE``
places gdb's locations (statement rows only, one per copy of the line in
each inlined instance or block).  Where every row is a statement and
nothing is inlined (gcc -O0) lldb already behaves this way, and still does.

Load it with ``command script import PATH`` (``atomc -print-file-name=
atomc_lldb.py`` prints PATH; put the line in ``~/.lldbinit`` to have it
always).  The built-in ``thread step-over``/``step-in``/``step-out`` are
unchanged.  Tools use :func:`step` (or the plans ``atomc_lldb.StepOver``,
``StepIn`` and ``StepOut`` with ``SBThread.StepUsingScriptedThreadPlan``,
then :func:`select_gdb_frame`).
"""

from __future__ import annotations

import os
import sys
import traceback
from typing import Any

import lldb  # lldb's embedded Python provides it

if os.path.dirname(os.path.abspath(__file__)) not in sys.path:
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from atomc_pyelftools import find_pyelftools  # noqa: E402

find_pyelftools("atomc_lldb")

import atomc_lldb_complex  # noqa: E402
import atomc_lldb_why  # noqa: E402
from atomc_lldb_complex import complex_long_double_summary  # noqa: E402, F401
from atomc_lldb_gdbstep import Action, GdbStepper, Kind  # noqa: E402
from atomc_lldb_symtab import line_locations  # noqa: E402
from atomc_lldb_why import locals_command as atomc_locals_command  # noqa: E402, F401
from atomc_lldb_why import why_command as atomc_why_command  # noqa: E402, F401
from atomc_lldb_world import LldbWorld, ModuleModel, model_for  # noqa: E402

_USER_STOPS = (
    lldb.eStopReasonBreakpoint,
    lldb.eStopReasonWatchpoint,
    lldb.eStopReasonSignal,
    lldb.eStopReasonException,
    lldb.eStopReasonExec,
)
# per thread: (stop id, pc, inlined calls gdb hides) at our last decision
_GDB_VIEW: dict[tuple[int, int], tuple[int, int, int]] = {}
_HOOKED: set[str] = set()
_MAX_BREAK_ID = (1 << 31) - 1  # lldb::break_id_t is int32; user breakpoints count up from 1
_DEBUG = bool(os.environ.get("ATOMC_LLDB_DEBUG"))

# -- gdb's view of the current stop ------------------------------------------


def _thread_key(thread: Any) -> tuple[int, int]:
    return int(thread.GetProcess().GetUniqueID()), int(thread.GetThreadID())


def _remember(thread: Any, pc: int, hidden: int) -> None:
    _GDB_VIEW[_thread_key(thread)] = (int(thread.GetProcess().GetStopID()), pc, hidden)


def _breakpoint_functions(thread: Any, world: LldbWorld, pc: int) -> set[int | None]:
    """For each user breakpoint that stopped the thread, the function gdb ties it to:
    the named function for ``b NAME``, the innermost (maybe inlined) function at the
    location for a line breakpoint, None (any function) for an address breakpoint."""
    owners: set[int | None] = set()
    for i in range(0, thread.GetStopReasonDataCount() - 1, 2):
        ident = int(thread.GetStopReasonDataAtIndex(i))
        if ident > _MAX_BREAK_ID:  # an internal breakpoint's negative id, read unsigned
            continue
        bkpt = world.target.FindBreakpointByID(ident)
        if not bkpt.IsValid() or bkpt.IsInternal():
            continue
        stream = lldb.SBStream()
        bkpt.GetDescription(stream, False)
        text = stream.GetData() or ""
        if "name = '" in text or "regex = '" in text:
            owners.add(world.real_function_key(pc))
        elif "address = " in text:
            owners.add(None)
        else:
            owners.add(world.function_key(pc))
    return owners


def gdb_hidden(thread: Any) -> int:
    """How many inlined calls starting at the pc gdb hides (it shows their call line).

    Our own stops are remembered; at a breakpoint gdb hides the calls that start
    here unless the breakpoint belongs to one of them; elsewhere lldb's view
    stands."""
    world = LldbWorld(thread)
    pc = world.pc()
    chain = world.inlined_chain(pc)
    seen = _GDB_VIEW.get(_thread_key(thread))
    if seen is not None and seen[0] == thread.GetProcess().GetStopID() and seen[1] == pc:
        return min(seen[2], len(chain))
    if thread.GetStopReason() == lldb.eStopReasonBreakpoint:
        owners = _breakpoint_functions(thread, world, pc)
        hidden = 0
        for inl in chain:
            if not inl.starts_here or None in owners or inl.key in owners:
                break
            hidden += 1
        return hidden
    return min(world.lldb_hidden(), len(chain))


def select_gdb_frame(thread: Any) -> int:
    """Select the frame gdb would show (the caller of hidden inlined calls); its index.

    Only when lldb itself hides no inlined call here: then lldb's frame list is
    whole and gdb's frame is in it.  (Where lldb hides some, lldb 22 can leave
    the real frame out of its list, and stepping into the hidden calls
    "virtually" is not reliable from a script: lldb's view is kept.)"""
    world = LldbWorld(thread)
    pc = world.pc()
    if world.lldb_hidden() or not world.stmt_differences(pc):
        return int(thread.GetSelectedFrame().GetFrameID())
    # lldb may know fewer inlined calls here than gdb (its own reading of the blocks)
    index = max(0, gdb_hidden(thread) - (len(world.inlined_chain(pc)) - world.lldb_inlined()))
    thread.SetSelectedFrame(index)
    return index


def reveal_inlined(thread: Any) -> None:
    """Where lldb hides more inlined calls starting at the pc than gdb does, step
    into them the way lldb's own ``thread step-in`` does there: virtually, no
    instruction runs.  Then lldb's frame list (``bt``, ``frame variable``, the
    stop display) shows the frame gdb shows."""
    world = LldbWorld(thread)
    pc = world.pc()
    want = gdb_hidden(thread)
    only_ours = len(world.inlined_chain(pc)) - world.lldb_inlined()  # calls lldb does not see
    for _ in range(len(world.inlined_chain(pc))):
        if world.lldb_hidden() <= max(0, want - only_ours):
            break
        thread.StepInto()  # at a hidden inlined call lldb steps in without running
        if thread.GetProcess().GetState() != lldb.eStateStopped or world.pc() != pc:
            break  # lldb ran after all: its stop stands
        _remember(thread, pc, want)


def gdb_frames(thread: Any) -> list[tuple[str, str, int, bool]]:
    """The frames gdb shows at this stop for the innermost real frame, visible one first:
    (function, file, line, inlined).  Computed from gdb's view of the debug info, so
    it does not depend on how lldb lists inlined frames."""
    world = LldbWorld(thread)
    pc = world.pc()
    chain = world.inlined_chain(pc)
    hidden = gdb_hidden(thread)
    sal = world.sal(pc)
    fn = world.function(pc)
    frames: list[tuple[str, str, int, bool]] = []
    file, line = (sal.file, sal.line) if sal is not None else ("", 0)
    for level, inl in enumerate(chain):
        if level >= hidden:
            frames.append((inl.name, file, line, True))
        file, line = inl.call_file, inl.call_line
    frames.append((fn.name if fn is not None else "", file, line, False))
    return frames


def virtual_step(thread: Any) -> bool:
    """gdb's ``step`` at a hidden inlined call enters it without running: the
    call's first line shows at the same pc.  True if this was such a step."""
    hidden = gdb_hidden(thread)
    if hidden == 0:
        return False
    _remember(thread, LldbWorld(thread).pc(), hidden - 1)
    reveal_inlined(thread)
    select_gdb_frame(thread)
    return True


def step(thread: Any, over: bool, count: int = 1) -> Any:
    """gdb's ``next`` (``over``) or ``step``, ``count`` times, from Python; an SBError."""
    error = lldb.SBError()
    for _ in range(count):
        world = LldbWorld(thread)
        if not world.stmt_differences(world.pc()):
            (thread.StepOver if over else thread.StepInto)()  # lldb's own stepping
            if thread.GetProcess().GetState() != lldb.eStateStopped:
                break
            continue
        if not over and virtual_step(thread):
            continue
        error = thread.StepUsingScriptedThreadPlan(
            "atomc_lldb.StepOver" if over else "atomc_lldb.StepIn", True)
        if not error.Success() or thread.GetProcess().GetState() != lldb.eStateStopped:
            break
        reveal_inlined(thread)
        select_gdb_frame(thread)
    return error


class GdbFrameHook:
    """Stop hook: after each stop, select the frame gdb would show."""

    def __init__(self, target: Any, extra_args: Any, internal_dict: Any) -> None:
        self.target = target

    def handle_stop(self, exe_ctx: Any, stream: Any) -> bool:
        try:
            thread = exe_ctx.GetThread()
            if thread.IsValid() and thread.GetProcess().GetState() == lldb.eStateStopped:
                select_gdb_frame(thread)
        except Exception:  # noqa: BLE001  (a hook must never break the stop)
            sys.stderr.write("atomc_lldb: " + traceback.format_exc())
        return True


def _ensure_hook(debugger: Any, target: Any) -> None:
    if not target or not target.IsValid():
        return
    key = (f"{debugger.GetID()}:{debugger.GetIndexOfTarget(target)}:"
           f"{target.GetExecutable().fullpath}")
    if key in _HOOKED:
        return
    _HOOKED.add(key)
    result = lldb.SBCommandReturnObject()
    previous = debugger.GetSelectedTarget()
    debugger.SetSelectedTarget(target)
    debugger.GetCommandInterpreter().HandleCommand(
        "target stop-hook add -P atomc_lldb.GdbFrameHook", result)
    if previous.IsValid():
        debugger.SetSelectedTarget(previous)


# -- the plans ---------------------------------------------------------------


def _count_arg(args: Any) -> int:
    if args is None or not args.IsValid():
        return 1
    value = args.GetValueForKey("count")
    if not value.IsValid():
        return 1
    if value.GetType() == lldb.eStructuredDataTypeInteger:
        return max(1, int(value.GetIntegerValue()))
    text = value.GetStringValue(32)
    return max(1, int(text)) if text.strip().isdigit() else 1


class _GdbPlan:
    """A scripted thread plan carrying out a :class:`GdbStepper`'s actions."""

    over = True
    label = "next"

    def __init__(self, thread_plan: Any, args: Any = None, internal_dict: Any = None) -> None:
        self.plan = thread_plan
        self.count = _count_arg(args)
        self.finishing = False
        self.returning_to: tuple[int, int] | None = None
        self.world = LldbWorld(thread_plan.GetThread())
        self.native = not self.world.stmt_differences(self.world.pc())
        try:
            if self.native:
                self._queue_native()
            else:
                self._begin(gdb_hidden(thread_plan.GetThread()), moved=False)
        except Exception:  # noqa: BLE001  (lldb swallows errors from plans: report and stop)
            self._fail()

    # lldb's scripted-plan interface

    def explains_stop(self, event: Any) -> bool:
        if self.plan.GetThread().GetStopReason() in _USER_STOPS:
            self.plan.SetPlanComplete(False)  # as in gdb, a breakpoint or signal ends the step
            return False
        return True

    def should_stop(self, event: Any) -> bool:
        try:
            if self.plan.GetThread().GetProcess().GetState() != lldb.eStateStopped:
                self.plan.SetPlanComplete(False)
                return True
            if self.native:
                self.count -= 1
                if self.count > 0 and not self.world.stmt_differences(self.world.pc()):
                    self._queue_native()
                    return False
                if self.count > 0:
                    self.native = False
                    self._begin(gdb_hidden(self.plan.GetThread()), moved=True)
                    return self._complete() if self.finishing else False
                return self._complete()
            if self.returning_to is not None and not self._returned():
                return False
            if self.finishing:
                return self._complete()
            return self._do(self.stepper.on_stop())
        except Exception:  # noqa: BLE001
            self._fail()
            return True

    def should_step(self) -> int:
        return lldb.eStateStepping

    def is_stale(self) -> bool:
        return False

    def stop_description(self, stream: Any) -> None:
        stream.Print(f"{self.label} (gdb rules)")

    # driving

    def _begin(self, hidden: int, moved: bool) -> None:
        """Start one step; gdb's virtual steps into inlined calls cost a count but
        cannot end a plan that has not moved (a plan always runs once)."""
        while True:
            self.stepper = GdbStepper(self.world, self.over, hidden)
            action = self._first_action()
            if action.kind is not Kind.STOP:
                self._do(action)
                return
            hidden = action.hidden
            self._remember(hidden)
            if moved:
                self.count -= 1
                if self.count <= 0:
                    self.finishing = True
                    return
            elif self.count > 1:
                self.count -= 1

    def _first_action(self) -> Action:
        return self.stepper.start()

    def _queue_native(self) -> None:
        """lldb's own step for code whose every row is a statement (as ``thread
        step-over``/``step-in``/``step-out`` would queue it)."""
        thread = self.plan.GetThread()
        frame = thread.GetFrameAtIndex(0)
        error = lldb.SBError()
        if self.label == "finish":
            self.plan.QueueThreadPlanForStepOut(thread.GetSelectedFrame().GetFrameID(), False,
                                                error)
            return
        entry = frame.GetLineEntry()
        if not entry.IsValid():
            self.plan.QueueThreadPlanForStepSingleInstruction(self.over, error)
            return
        start = entry.GetStartAddress()
        end = entry.GetSameLineContiguousAddressRangeEnd(True)
        size = end.GetLoadAddress(self.world.target) - start.GetLoadAddress(self.world.target)
        if self.over:
            self.plan.QueueThreadPlanForStepOverRange(start, max(1, size), error)
        else:
            self.plan.QueueThreadPlanForStepInRange(start, max(1, size), error)

    def _do(self, action: Action) -> bool:
        """Queue what ``action`` asks; True when the plan is done."""
        if _DEBUG:
            stepper = self.stepper
            sys.stderr.write(f"atomc_lldb: pc {self.world.pc():#x} -> {action.kind.name} "
                             f"{action.address:#x} hidden {action.hidden} range "
                             f"{stepper.range[0]:#x}-{stepper.range[1]:#x} line {stepper.line} "
                             f"frame {stepper.step_frame}\n")
        error = lldb.SBError()
        if action.kind is Kind.STEP:
            self.plan.QueueThreadPlanForStepSingleInstruction(False, error)
        elif action.kind is Kind.STEP_OUT:
            _, caller = self.world.concrete_frames()
            if caller is None:
                raise RuntimeError("no caller to return to")
            self.returning_to = caller
            self._run_to(caller[1], error)
        elif action.kind is Kind.RUN_TO:
            self._run_to(action.address, error)
        else:
            self._remember(action.hidden)
            self.count -= 1
            if self.count > 0:
                self._begin(action.hidden, moved=True)
                return self._complete() if self.finishing else False
            return self._complete()
        if not error.Success():
            raise RuntimeError(f"{action.kind.value}: {error.GetCString()}")
        return False

    def _run_to(self, address: int, error: Any) -> None:
        self.plan.QueueThreadPlanForRunToAddress(self.world.target.ResolveLoadAddress(address),
                                                 error)

    def _returned(self) -> bool:
        """gdb's step-resume breakpoint at the caller: the return address reached in
        the caller's frame (not in a deeper recursive call)."""
        cfa, ret = self.returning_to  # type: ignore[misc]
        (now_cfa, pc), _ = self.world.concrete_frames()
        if pc == ret and now_cfa == cfa:
            self.returning_to = None
            return True
        error = lldb.SBError()
        self._run_to(ret, error)
        return False

    def _remember(self, hidden: int) -> None:
        _remember(self.plan.GetThread(), self.world.pc(), hidden)

    def _complete(self) -> bool:
        self.plan.SetPlanComplete(True)
        return True

    def _fail(self) -> None:
        sys.stderr.write("atomc_lldb: " + traceback.format_exc())
        self.plan.SetPlanComplete(False)


class StepOver(_GdbPlan):
    """gdb's ``next``: over calls, to the start of a statement of another line."""

    over = True
    label = "next"


class StepIn(_GdbPlan):
    """gdb's ``step``: like ``next`` but enters calls that have line information.
    (Started on a hidden inlined call, the plan also makes the step after gdb's
    virtual one: use :func:`step` for gdb's exact count.)"""

    over = False
    label = "step"


class StepOut(_GdbPlan):
    """gdb's ``finish``: out of a real frame to its return address; out of an
    inlined call to the caller's next statement."""

    label = "finish"

    def _first_action(self) -> Action:
        chain = self.world.inlined_chain(self.world.pc())
        if self.stepper.hidden < len(chain):
            return self.stepper.start_finish_inline()
        self.finishing = True  # a real frame: stop at the return address in the caller
        return Action(Kind.STEP_OUT)


# -- breakpoints ---------------------------------------------------------------


class LineBreakpoint:
    """Scripted resolver for ``b FILE:LINE``: gdb's locations, statement rows only."""

    def __init__(self, bkpt: Any, extra_args: Any, internal_dict: Any = None) -> None:
        self.bkpt = bkpt
        self.file = extra_args.GetValueForKey("file").GetStringValue(4096)
        line = extra_args.GetValueForKey("line")
        if line.GetType() == lldb.eStructuredDataTypeInteger:
            self.line = int(line.GetIntegerValue())
        else:
            self.line = int(line.GetStringValue(32) or 0)

    def __callback__(self, sym_ctx: Any) -> None:
        try:
            module = sym_ctx.GetModule()
            model = model_for(module)
            if model is None:
                return
            target = self.bkpt.GetTarget()

            def reader(_: ModuleModel) -> Any:
                def read(fa: int, size: int) -> bytes:
                    error = lldb.SBError()
                    data = target.ReadMemory(module.ResolveFileAddress(fa), size, error)
                    return bytes(data) if error.Success() and data else b""

                return read

            for _, fa in line_locations([model], self.file, self.line, reader):
                self.bkpt.AddLocation(module.ResolveFileAddress(fa))
        except Exception:  # noqa: BLE001  (lldb swallows resolver errors)
            sys.stderr.write("atomc_lldb: " + traceback.format_exc())

    def __get_depth__(self) -> int:
        return lldb.eSearchDepthModule

    def get_short_help(self) -> str:
        return f"{self.file}:{self.line} (statement rows, gdb's locations)"


def break_at_line(target: Any, file: str, line: int) -> Any:
    """A breakpoint at gdb's locations for ``file:line``; the SBBreakpoint."""
    args = lldb.SBStructuredData()
    args.SetFromJSON(f'{{"file": {_json_string(file)}, "line": {line}}}')
    return target.BreakpointCreateFromScript("atomc_lldb.LineBreakpoint", args,
                                             lldb.SBFileSpecList(), lldb.SBFileSpecList(), False)


def _json_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _file_line(text: str) -> tuple[str, int] | None:
    file_part, sep, line_part = text.strip().rpartition(":")
    if sep and file_part and line_part.isdigit() and " " not in file_part:
        return file_part, int(line_part)
    return None


def _native_file(target: Any, file: str) -> bool:
    """The file is known only in units whose every row is a statement: lldb's own
    line breakpoints are gdb's there."""
    found = False
    for i in range(target.GetNumModules()):
        model = model_for(target.GetModuleAtIndex(i))
        if model is None:
            continue
        for cu in model.cus_naming(file):
            if cu.lines.files_matching(file):
                if cu.stmt_differences:
                    return False
                found = True
    return found


def _current_file(debugger: Any) -> str:
    frame = debugger.GetSelectedTarget().GetProcess().GetSelectedThread().GetSelectedFrame()
    entry = frame.GetLineEntry() if frame.IsValid() else None
    if entry is not None and entry.IsValid() and entry.GetFileSpec().IsValid():
        return entry.GetFileSpec().fullpath or ""
    return ""


# -- commands ------------------------------------------------------------------


def break_command(debugger: Any, command: str, exe_ctx: Any, result: Any,
                  internal_dict: Any) -> None:
    """``b FILE:LINE`` (or ``b LINE`` in the current file): gdb's statement locations;
    anything else goes to lldb's own ``_regexp-break``."""
    target = debugger.GetSelectedTarget()
    _ensure_hook(debugger, target)
    spec = _file_line(command)
    if spec is None and command.strip().isdigit() and _current_file(debugger):
        spec = (_current_file(debugger), int(command.strip()))
    if spec is None:
        debugger.GetCommandInterpreter().HandleCommand(f"_regexp-break {command}", exe_ctx, result)
        return
    if not target.IsValid():
        result.SetError("no target: create one first (file PROGRAM)")
        return
    if _native_file(target, spec[0]):
        interp = debugger.GetCommandInterpreter()
        interp.HandleCommand(f"_regexp-break {command}", exe_ctx, result)
        return
    bkpt = break_at_line(target, *spec)
    if not bkpt.IsValid():
        result.SetError(f"could not set a breakpoint at {spec[0]}:{spec[1]}")
        return
    count = bkpt.GetNumLocations()
    where = ", ".join(hex(bkpt.GetLocationAtIndex(i).GetAddress().GetFileAddress())
                      for i in range(count))
    plural = "" if count == 1 else "s"
    result.AppendMessage(f"Breakpoint {bkpt.GetID()}: {spec[0]}:{spec[1]}, {count} location{plural}"
                         + (f" (file addresses {where})" if count else " (pending)"))


_BUILTIN = {"StepOver": "thread step-over", "StepIn": "thread step-in",
            "StepOut": "thread step-out"}


def _step_command(debugger: Any, command: str, exe_ctx: Any, result: Any, cls: str) -> None:
    text = command.strip()
    if text and not text.isdigit():
        result.SetError(f"expected a count, not {text!r}")
        return
    count = int(text) if text else 1
    target = debugger.GetSelectedTarget()
    _ensure_hook(debugger, target)
    thread = target.GetProcess().GetSelectedThread()
    interp = debugger.GetCommandInterpreter()
    if not thread.IsValid():
        result.SetError("no running process: start one first (run)")
        return
    world = LldbWorld(thread)
    if count == 1 and not world.stmt_differences(world.pc()):
        interp.HandleCommand(_BUILTIN[cls], exe_ctx, result)  # lldb's own, unchanged
        return
    if cls == "StepIn":
        while count > 0 and virtual_step(thread):
            count -= 1
        if count == 0:
            interp.HandleCommand(f"frame select {thread.GetSelectedFrame().GetFrameID()}",
                                 exe_ctx, result)
            return
    extra = f" -k count -v {count}" if count > 1 else ""
    stepped = lldb.SBCommandReturnObject()
    interp.HandleCommand(f"thread step-scripted -C atomc_lldb.{cls}{extra}", exe_ctx, stepped)
    if (stepped.Succeeded() and thread.GetProcess().GetState() == lldb.eStateStopped
            and world.lldb_hidden()):
        reveal_inlined(thread)  # lldb's stop display showed the caller: show it again
        interp.HandleCommand("process status", exe_ctx, result)
        return
    if stepped.GetOutput():
        result.AppendMessage(stepped.GetOutput().rstrip("\n"))
    if not stepped.Succeeded():
        result.SetError(stepped.GetError() or "step failed")


def next_command(debugger: Any, command: str, exe_ctx: Any, result: Any,
                 internal_dict: Any) -> None:
    """gdb's ``next [N]``: step over calls, stop at statements of another line."""
    _step_command(debugger, command, exe_ctx, result, "StepOver")


def step_command(debugger: Any, command: str, exe_ctx: Any, result: Any,
                 internal_dict: Any) -> None:
    """gdb's ``step [N]``: like next, but enter calls with line information."""
    _step_command(debugger, command, exe_ctx, result, "StepIn")


def finish_command(debugger: Any, command: str, exe_ctx: Any, result: Any,
                   internal_dict: Any) -> None:
    """gdb's ``finish``: run until the current frame returns (an inlined one: to the
    caller's next statement)."""
    _step_command(debugger, "", exe_ctx, result, "StepOut")


def __lldb_init_module(debugger: Any, internal_dict: Any) -> None:
    commands = []
    for name, func in (("next", "next_command"), ("n", "next_command"),
                       ("step", "step_command"), ("s", "step_command"),
                       ("finish", "finish_command"), ("b", "break_command")):
        commands.append(f"command unalias {name}")
        commands.append(f"command script add -o -f atomc_lldb.{func} {name}")
    interp = debugger.GetCommandInterpreter()
    for text in commands:
        interp.HandleCommand(text, lldb.SBCommandReturnObject())
    for i in range(debugger.GetNumTargets()):
        _ensure_hook(debugger, debugger.GetTargetAtIndex(i))
    atomc_lldb_why.register(debugger)
    atomc_lldb_complex.register(debugger)
    print("atomc_lldb: next/n, step/s, finish and b FILE:LINE follow gdb's rules "
          "(statement rows; inlined calls show their call line first); "
          "atomc why VAR and atomc locals say why a variable is optimized out; "
          "_Complex long double values read both parts where they are")
