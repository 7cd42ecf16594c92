"""gdb 13's stepping rules as a state machine, free of any debugger.

``next``, ``step`` and ``finish`` (out of an inlined call) in gdb are one
loop (infrun's ``process_event_stop_test``): after every instruction gdb
asks whether the pc is still in the line's address range, whether a call
was entered (``next`` runs to the return address; ``step`` runs to the
callee's first line after its prologue), whether an inlined call starts
here (it is hidden: the caller's call line shows first), and whether the pc
is at the start of a *statement* row of another line, the only place it
stops.  :class:`GdbStepper` replays that loop; the lldb plugin feeds it one
stop at a time through a :class:`World` and carries out the
:class:`Action` it returns.

Addresses are run-time addresses throughout.  Stdlib only.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Protocol


@dataclass(frozen=True, slots=True)
class Sal:
    """A pc's line as gdb finds it: the covering entry and its range."""

    file: str
    line: int
    pc: int
    end: int
    is_stmt: bool


@dataclass(frozen=True, slots=True)
class Inlined:
    """One inlined call holding a pc (innermost first in a chain)."""

    entry_pc: int
    end: int
    call_file: str
    call_line: int
    starts_here: bool  # gdb hides this call at this pc (skip_inline_frames)
    key: int = 0  # identifies the block (for breakpoint checks)
    name: str = ""

    @property
    def call_site(self) -> tuple[str, int]:
        """gdb's find_frame_sal of the caller: no file when the call line is unknown (0)."""
        return (self.call_file, self.call_line) if self.call_line else ("", 0)


@dataclass(frozen=True, slots=True)
class Function:
    """The function holding a pc: the address range holding it and its entry."""

    start: int
    end: int
    entry_pc: int
    name: str
    has_debug_info: bool


class World(Protocol):
    """What the stepper may ask the debugger and the debug info."""

    def pc(self) -> int: ...

    def sal(self, pc: int) -> Sal | None: ...

    def inlined_chain(self, pc: int) -> list[Inlined]: ...

    def function(self, pc: int) -> Function | None: ...

    def concrete_frames(self) -> tuple[tuple[int, int], tuple[int, int] | None]:
        """(CFA, pc) of the innermost real frame and of its caller."""
        ...

    def skip_prologue(self, func_start: int) -> int: ...

    def trampoline_target(self, pc: int) -> int: ...


class Kind(Enum):
    """What the debugger must do next."""

    STEP = "step one instruction"
    STEP_OUT = "run until the innermost real frame returns"
    RUN_TO = "run to an address"
    STOP = "stop here"


@dataclass(frozen=True, slots=True)
class Action:
    kind: Kind
    address: int = 0
    hidden: int = 0  # STOP: inlined calls gdb hides at this pc


FrameId = tuple[int, int, int]  # (CFA, code address, inline depth)


@dataclass(slots=True)
class _View:
    """gdb's frames at one stop: the inlined chain and how much of it is hidden."""

    pc: int
    chain: list[Inlined]
    hidden: int
    cfa: int
    func_entry: int

    @property
    def depth(self) -> int:
        return len(self.chain)

    def frame_id(self, level: int | None = None) -> FrameId:
        """Id of the frame ``level`` (0 = innermost inlined); default: the visible one."""
        level = self.hidden if level is None else level
        if level < len(self.chain):
            return (self.cfa, self.chain[level].entry_pc, len(self.chain) - level)
        return (self.cfa, self.func_entry, 0)

    @property
    def stack_id(self) -> FrameId:
        return (self.cfa, self.func_entry, 0)

    @property
    def visible_is_inline(self) -> bool:
        return self.hidden < len(self.chain)


class GdbStepper:
    """One ``step``, ``next`` or inline ``finish``, decided the way gdb 13 decides."""

    def __init__(self, world: World, over: bool, hidden: int) -> None:
        self.world = world
        self.over = over  # next (STEP_OVER_ALL) or step (STEP_OVER_UNDEBUGGABLE)
        self.hidden = hidden  # inlined calls hidden at the starting pc
        self.range = (0, 0)
        self.step_frame: FrameId = (0, 0, 0)
        self.step_stack: FrameId = (0, 0, 0)
        self.line = 0
        self.file = ""

    # -- frames -------------------------------------------------------------

    def _view(self, hidden: int | None = None) -> _View:
        pc = self.world.pc()
        chain = self.world.inlined_chain(pc)
        if hidden is None:
            hidden = 0
            for inl in chain:
                if not inl.starts_here:
                    break
                hidden += 1
        hidden = min(hidden, len(chain))
        (cfa, _), _ = self.world.concrete_frames()
        fn = self.world.function(pc)
        return _View(pc, chain, hidden, cfa, fn.entry_pc if fn is not None else pc)

    def _caller_id(self) -> FrameId | None:
        _, caller = self.world.concrete_frames()
        if caller is None:
            return None
        cfa, pc = caller
        fn = self.world.function(pc - 1)
        return (cfa, fn.entry_pc if fn is not None else pc, 0)

    def _frame_sal(self, view: _View) -> tuple[str, int]:
        """gdb's find_frame_sal for the visible frame: a hidden call shows its call line."""
        if view.hidden > 0:
            return view.chain[view.hidden - 1].call_site
        sal = self.world.sal(view.pc)
        return (sal.file, sal.line) if sal is not None else ("", 0)

    def _set_step_info(self, view: _View, file: str, line: int) -> None:
        self.step_frame = view.frame_id()
        self.step_stack = view.stack_id
        self.file, self.line = file, line

    # -- commands -----------------------------------------------------------

    def start(self) -> Action:
        """prepare_one_step: the range to step through, or an immediate stop."""
        view = self._view(self.hidden)
        file, line = self._frame_sal(view)
        self._set_step_info(view, file, line)
        if not self.over and view.hidden > 0:
            return Action(Kind.STOP, hidden=view.hidden - 1)  # step into the inlined call
        sal = self.world.sal(view.pc)
        start, end = (sal.pc, sal.end) if sal is not None else (0, 0)
        if view.hidden > 0:
            end = min(end, view.chain[view.hidden - 1].end)
        if end == 0:
            fn = self.world.function(view.pc)
            if fn is None:
                return Action(Kind.STOP, hidden=view.hidden)
            start, end = fn.start, fn.end
        self.range = (start, end)
        return Action(Kind.STEP)

    def start_finish_inline(self) -> Action:
        """finish out of the visible inlined frame: step in its caller with an empty range."""
        view = self._view(self.hidden)
        outer = _View(view.pc, view.chain, view.hidden + 1, view.cfa, view.func_entry)
        self._set_step_info(outer, "", 0)
        self.over = True
        self.range = (view.pc, view.pc)
        return Action(Kind.STEP)

    def on_stop(self) -> Action:
        """process_event_stop_test after an instruction step or a finished run."""
        view = self._view()
        pc = view.pc
        lo, hi = self.range
        if lo <= pc < hi:
            return Action(Kind.STEP)
        caller = self._caller_id()
        if view.stack_id != self.step_stack and caller is not None and caller == self.step_stack:
            return self._entered_call(view)
        sal = self.world.sal(pc)
        fn = self.world.function(pc)
        if not self.over and (fn is None or not fn.name) and sal is None:
            return Action(Kind.STEP_OUT) if caller is not None else self._stop(view)
        if sal is None:
            return self._stop(view)
        current = view.frame_id()
        if current == self.step_frame and view.hidden > 0:
            same_line = view.chain[view.hidden - 1].call_site == (self.file, self.line)
            if not self.over:
                hidden = view.hidden - 1 if same_line else view.hidden
                return Action(Kind.STOP, hidden=hidden)
            return Action(Kind.STEP) if same_line else self._stop(view)
        if view.visible_is_inline and current != self.step_frame and self._stepped_in_from(view):
            return Action(Kind.STEP) if self.over else self._stop(view)
        refresh = True
        line = sal.line
        if pc == sal.pc and (self.line != sal.line or self.file != sal.file):
            if sal.is_stmt:
                return self._stop(view)
            if current == self.step_frame:
                refresh = False
            else:
                line = 0
        self.range = (sal.pc, sal.end)
        if refresh:
            self._set_step_info(view, sal.file, line)
        return Action(Kind.STEP)

    def _stop(self, view: _View) -> Action:
        return Action(Kind.STOP, hidden=view.hidden)

    def _stepped_in_from(self, view: _View) -> bool:
        for level in range(view.hidden + 1, view.depth + 1):
            if view.frame_id(level) == self.step_frame:
                return True
        return False

    def _entered_call(self, view: _View) -> Action:
        """A call was just entered from the stepping frame."""
        if self.over:
            return Action(Kind.STEP_OUT)
        pc = view.pc
        target = self.world.trampoline_target(pc)
        fn = self.world.function(pc)
        func_start = target or (fn.entry_pc if fn is not None else pc)
        if self.world.sal(func_start) is not None:
            return self._into_function(view, func_start, fn)
        return Action(Kind.STEP_OUT)

    def _into_function(self, view: _View, func_start: int, fn: Function | None) -> Action:
        """handle_step_into_function: run to the end of the callee's prologue."""
        if fn is not None and fn.has_debug_info:
            func_start = self.world.skip_prologue(func_start)
        sal = self.world.sal(func_start)
        func_end = fn.end if fn is not None else 0
        if sal is not None and sal.end and sal.pc != func_start and sal.end < func_end:
            func_start = sal.end
        if func_start == view.pc:
            return self._stop(view)
        self.range = (self.range[0], self.range[0])
        return Action(Kind.RUN_TO, address=func_start)
